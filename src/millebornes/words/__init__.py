"""The game's words in each language: the catalogs (:mod:`.catalog`), the rules' help texts, and
actions told in plain words (:mod:`.narrate`)."""

from .catalog import (
    LANGUAGES,
    catalog,
    language_from_environment,
    placeholders,
    rules_help,
    say,
    section,
)

__all__ = [
    "LANGUAGES",
    "catalog",
    "language_from_environment",
    "placeholders",
    "rules_help",
    "say",
    "section",
]
