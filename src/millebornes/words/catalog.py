"""The words of both games and their narration, in each language: one catalog a language,
``locale/<language>.toml``, whose tables group the phrases (``[reason.expert]`` holds the
phrase ``reason.expert.drive``). A phrase's ``{placeholders}`` are filled by :func:`say`.

To add a word: give it the same key, with the same placeholders, in every catalog;
``tests/test_words.py`` fails until each language has it.
"""

from __future__ import annotations

import os
import string
import tomllib
from functools import cache
from importlib import resources
from typing import Any

LANGUAGES = {"en": "English", "fr": "Français"}


@cache
def catalog(language: str) -> dict[str, str]:
    """Every phrase of ``language`` by its dotted key."""
    if language not in LANGUAGES:
        raise KeyError(f"no words in {language!r}; languages are: {', '.join(LANGUAGES)}")
    text = (
        resources.files("millebornes.words").joinpath(f"locale/{language}.toml").read_text("utf-8")
    )
    return _flat(tomllib.loads(text))


def rules_help(rules: str, language: str) -> str:
    """The rules of the preset ``rules`` in Markdown, as both games show them
    (``helptext/<rules>.<language>.md``)."""
    folder = resources.files("millebornes.words").joinpath("helptext")
    return folder.joinpath(f"{rules}.{language}.md").read_text(encoding="utf-8")


@cache
def section(language: str, table: str) -> dict[str, str]:
    """The phrases of one table of ``language``'s catalog (and of the tables inside it), by
    their keys inside it: ``section("en", "web")["items.total"]``."""
    prefix = f"{table}."
    return {
        key.removeprefix(prefix): phrase
        for key, phrase in catalog(language).items()
        if key.startswith(prefix)
    }


def _flat(table: dict[str, Any], prefix: str = "") -> dict[str, str]:
    phrases: dict[str, str] = {}
    for key, value in table.items():
        if isinstance(value, dict):
            phrases |= _flat(value, f"{prefix}{key}.")
        else:
            phrases[f"{prefix}{key}"] = str(value)
    return phrases


def say(language: str, key: str, **values: object) -> str:
    """The phrase ``key`` in ``language``, its placeholders filled with ``values``."""
    return catalog(language)[key].format(**values)


def placeholders(phrase: str) -> set[str]:
    """The names a phrase's placeholders take (``{card}`` gives ``card``)."""
    return {name for _, name, _, _ in string.Formatter().parse(phrase) if name}


def language_from_environment() -> str:
    """French when the locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``, the first one set) is
    French, English otherwise: how the terminal game and the command line choose."""
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable)
        if value:
            return "fr" if value.lower().startswith("fr") else "en"
    return "en"
