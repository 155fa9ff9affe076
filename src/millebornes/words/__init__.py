"""The game's words in each language: the Fluent catalogs (:mod:`.catalog`), the rules' help
texts, and actions told in plain words (:mod:`.narrate`)."""

from .catalog import (
    LANGUAGES,
    UnknownWordError,
    keys,
    language_from_environment,
    messages,
    rules_help,
    say,
    section,
    source,
    variables,
)

__all__ = [
    "LANGUAGES",
    "UnknownWordError",
    "keys",
    "language_from_environment",
    "messages",
    "rules_help",
    "say",
    "section",
    "source",
    "variables",
]
