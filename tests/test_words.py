"""The catalogs of the game's words: every phrase in every language, with the same
placeholders, so that no screen ever shows a key or half a sentence in another language."""

from __future__ import annotations

import pytest

from millebornes.words import LANGUAGES, catalog, placeholders, say

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
