"""The catalogs of the game's words: every message in every language, with the same variables, so
that no screen ever shows an id or half a sentence in another language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fluent.syntax import ast, parse

from millebornes.words import (
    LANGUAGES,
    UnknownWordError,
    group_source,
    messages,
    say,
    source,
    variables,
)

ENGLISH = messages("en")


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_every_catalog_parses_without_errors(language: str) -> None:
    junk = [entry for entry in parse(source(language)).body if isinstance(entry, ast.Junk)]
    assert [entry.content for entry in junk] == []


@pytest.mark.parametrize("language", [language for language in LANGUAGES if language != "en"])
def test_every_message_has_the_same_ids_and_variables_in_every_language(language: str) -> None:
    found = messages(language)
    assert sorted(set(ENGLISH) - set(found)) == [], f"missing in {language}"
    assert sorted(set(found) - set(ENGLISH)) == [], f"only in {language}"
    differ = {
        name: (variables(ENGLISH[name]), variables(message))
        for name, message in found.items()
        if variables(message) != variables(ENGLISH[name])
    }
    assert differ == {}


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_no_message_is_empty(language: str) -> None:
    empty = [
        name
        for name, message in messages(language).items()
        if not say(language, name, **dict.fromkeys(variables(message), "x")).strip()
    ]
    assert empty == []


def test_a_message_is_filled_with_its_values_and_numbers_in_the_locales_form() -> None:
    assert say("en", "side", number=2) == "side 2"
    assert say("fr", "side", number=2) == "l'équipe 2"
    assert say("en", "reason.master.odds", why="x", win=57, rollouts=1500) == (
        "x; it wins 57% of 1,500 simulated endings"
    )
    odds = say("fr", "reason.master.odds", why="x", win=57, rollouts=1500)
    assert "1\u202f500" in odds


def test_a_number_too_long_to_format_is_said_as_its_digits() -> None:
    """A client may send any number (an attack on side 10**50): its refusal still words it."""
    for huge in (10**50, 10**25, -(10**25)):  # (26 digits: too long once three decimals kept)
        for language in LANGUAGES:
            said = say(language, "refusal.no_such_side", side=huge, last=1)
            assert str(huge) in said
    assert "1,000,000,000,000,000,000,000,000" in say(
        "en", "refusal.no_such_side", side=10**24, last=1
    )
    assert say("en", "refusal.no_such_side", side=float("inf"), last=1).startswith("there is no")


def test_a_missing_variable_or_message_is_a_bug_said_plainly() -> None:
    with pytest.raises(UnknownWordError, match=r"no message 'no\.such\.word'"):
        say("en", "no.such.word")
    with pytest.raises(Exception, match="number"):
        say("en", "side")


def test_an_unknown_language_is_refused_with_the_languages_there_are() -> None:
    with pytest.raises(UnknownWordError, match="languages are: en, fr"):
        source("de")


def group(name: str, language: str = "en") -> set[str]:
    """The ids of a group's messages (and of the groups inside it), without the group's."""
    prefix = name.replace(".", "-") + "-"
    return {id.removeprefix(prefix) for id in messages(language) if id.startswith(prefix)}


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_a_group_is_given_as_fluent_source_for_a_client_that_formats_it(language: str) -> None:
    """What the page gets: exactly the messages of its groups, which parse as they are."""
    text = group_source(language, "web", "preset")
    resource = parse(text)
    assert [entry for entry in resource.body if isinstance(entry, ast.Junk)] == []
    ids = {entry.id.name for entry in resource.body if isinstance(entry, ast.Message)}
    assert ids == {f"web-{name}" for name in group("web", language)} | {
        f"preset-{name}" for name in group("preset", language)
    }
    assert "web-items-total" in ids
    assert "reason-random" not in ids


PACKAGE = Path(__file__).resolve().parent.parent / "src" / "millebornes"


def keys_used(pattern: str, *files: Path) -> set[str]:
    return {key for path in files for key in re.findall(pattern, path.read_text())}


def test_every_word_the_page_looks_up_is_in_the_catalog() -> None:
    static = PACKAGE / "web" / "static"
    used = keys_used(r'\bt\("([\w.-]+)"', *static.glob("js/*.js"))
    used |= keys_used(r'data-i18n(?:-label)?="([\w.-]+)"', *static.glob("*.html"))
    assert len(used) > 150  # the patterns still find the pages' lookups
    used = {key.replace(".", "-") for key in used}  # the page names a message as the code does
    assert sorted(used - group("web")) == []


def test_every_word_the_terminal_looks_up_is_in_the_catalog() -> None:
    used = keys_used(r'\b(?:t|text)\((?:[\w.]+, )?"(\w+)"', *(PACKAGE / "tui").glob("*.py"))
    assert len(used) > 40
    assert sorted(used - group("tui")) == []


def test_every_word_the_review_screen_looks_up_is_in_the_catalog() -> None:
    review = PACKAGE / "tui" / "review.py"
    used = keys_used(r'\breview_text\(\s*"(\w+)"', review)
    used |= keys_used(r'say\(\w+(?:\.\w+)?, "review\.(\w+)"', *(PACKAGE / "tui").glob("*.py"))
    assert len(used) > 6  # the verdicts, lessons and summary are review.told's phrases
    assert sorted(used - group("review")) == []


def test_every_phrase_the_code_names_is_in_the_catalog() -> None:
    """Every key written out in a Phrase, a Reason or say(): a typo would only show when that
    phrase is said."""
    files = [path for path in PACKAGE.rglob("*.py") if "env" not in path.parts]
    used = keys_used(r'\bPhrase\(\s*"([\w.-]+)"', *files)
    used |= {f"reason.{key}" for key in keys_used(r'\bReason\(\s*"([\w.-]+)"', *files)}
    used |= keys_used(r'\bsay\(\s*[\w.]+,\s*"([\w.-]+)"', *files)
    assert len(used) > 150  # the patterns still find the code's phrases
    ids = set(messages("en"))
    assert sorted(key for key in used if key.replace(".", "-") not in ids) == []
