"""The catalogs of the game's words: every phrase in every language, with the same
placeholders, so that no screen ever shows a key or half a sentence in another language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from millebornes.words import LANGUAGES, catalog, placeholders, say, section

ENGLISH = catalog("en")


@pytest.mark.parametrize("language", [language for language in LANGUAGES if language != "en"])
def test_every_phrase_has_the_same_keys_and_placeholders_in_every_language(
    language: str,
) -> None:
    phrases = catalog(language)
    assert sorted(set(ENGLISH) - set(phrases)) == [], f"missing in {language}"
    assert sorted(set(phrases) - set(ENGLISH)) == [], f"only in {language}"
    differ = {
        key: (placeholders(ENGLISH[key]), placeholders(phrase))
        for key, phrase in phrases.items()
        if placeholders(phrase) != placeholders(ENGLISH[key])
    }
    assert differ == {}


def test_no_phrase_is_empty() -> None:
    for language in LANGUAGES:
        assert [key for key, phrase in catalog(language).items() if not phrase.strip()] == []


def test_a_phrase_is_filled_with_its_values() -> None:
    assert say("en", "side", number=2) == "side 2"
    assert say("fr", "side", number=2) == "l'équipe 2"
    assert placeholders("{card} on {side}: {risk}% risk") == {"card", "side", "risk"}


def test_an_unknown_language_is_refused_with_the_languages_there_are() -> None:
    with pytest.raises(KeyError, match="languages are: en, fr"):
        catalog("de")


PACKAGE = Path(__file__).resolve().parent.parent / "src" / "millebornes"


def keys_used(pattern: str, *files: Path) -> set[str]:
    return {key for path in files for key in re.findall(pattern, path.read_text())}


def test_every_word_the_page_looks_up_is_in_the_catalog() -> None:
    static = PACKAGE / "web" / "static"
    used = keys_used(r'\bt\("([\w.-]+)"', *static.glob("js/*.js"))
    used |= keys_used(r'data-i18n(?:-label)?="([\w.-]+)"', *static.glob("*.html"))
    assert len(used) > 150  # the patterns still find the pages' lookups
    assert sorted(used - set(section("en", "web"))) == []


def test_every_word_the_terminal_looks_up_is_in_the_catalog() -> None:
    used = keys_used(r'\b(?:t|text)\((?:[\w.]+, )?"(\w+)"', *(PACKAGE / "tui").glob("*.py"))
    assert len(used) > 40
    assert sorted(used - set(section("en", "tui"))) == []


def test_every_word_the_review_screen_looks_up_is_in_the_catalog() -> None:
    review = PACKAGE / "tui" / "review.py"
    used = keys_used(r'\breview_text\(\s*"(\w+)"', review)
    used |= keys_used(r'say\(\w+(?:\.\w+)?, "review\.(\w+)"', *(PACKAGE / "tui").glob("*.py"))
    assert len(used) > 8
    assert sorted(used - set(section("en", "review"))) == []
