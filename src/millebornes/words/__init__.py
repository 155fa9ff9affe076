"""The game's words in each language: the Fluent catalogs (:mod:`.catalog`), the names the game
gives (:mod:`.names`), phrases in words (:mod:`.phrases`: refusals, errors, bots' reasons), the
rules' help texts, and actions told in plain words (:mod:`.narrate`).

Importing it makes ``str()`` of the core's phrases and errors English (:mod:`.phrases`)."""

from .catalog import (
    LANGUAGES,
    LOCALES,
    Language,
    UnknownWordError,
    group_source,
    keys,
    language_from_environment,
    messages,
    rules_help,
    say,
    source,
    variables,
)
from .names import card_name, seat_names, side_names
from .phrases import side_name, word

__all__ = [
    "LANGUAGES",
    "LOCALES",
    "Language",
    "UnknownWordError",
    "card_name",
    "group_source",
    "keys",
    "language_from_environment",
    "messages",
    "rules_help",
    "say",
    "seat_names",
    "side_name",
    "side_names",
    "source",
    "variables",
    "word",
]
