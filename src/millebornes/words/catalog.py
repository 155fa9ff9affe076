"""The words of both games and their narration, in each language: one Project Fluent catalog a
language, ``locale/<language>.ftl``, read by ``fluent.runtime`` (plurals, grammatical gender and
the locale's numbers are the catalog's business, not the code's).

Code names a message by a dotted key, its group and its name (``reason.expert.drive``); in the
catalog its id has dashes for the dots (``reason-expert-drive``), since Fluent ids have no dots.
A message's ``{ $variables }`` are filled by :func:`say` from keyword arguments; a number given as
an ``int`` or ``float`` is written the locale's way (``1,500`` in English, ``1 500`` in French). A
card is given as a :class:`Noun`: its name, and the forms with an article its message's
attributes hold (``.indefinite``, ``.definite``), which a message asks for with
``{ INDEFINITE($card) }`` and ``{ DEFINITE($card) }`` ("une Crevaison", "la Crevaison"); a
language whose catalog has no such form gets the bare name.

To add a word: give it the same id, with the same variables, in every catalog;
``tests/test_words.py`` fails until each language has it.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from functools import cache
from importlib import resources
from typing import Any, Literal

from fluent.runtime import FluentBundle, FluentResource
from fluent.runtime.types import FluentType
from fluent.syntax import FluentSerializer, ast
from fluent.syntax.visitor import Visitor

# A language's code, where a model of the server's API must spell the choice out (pydantic);
# the type checker holds LANGUAGES and LOCALES to it.
Language = Literal["en", "fr"]
LANGUAGES: dict[Language, str] = {"en": "English", "fr": "Français"}
# The locale each language's numbers and plural rules follow.
LOCALES: dict[Language, str] = {"en": "en-GB", "fr": "fr-FR"}


class UnknownWordError(KeyError):
    """A message no catalog has: a bug of the code that asked for it, never of the player."""


def source(language: str) -> str:
    """The catalog of ``language``, as Fluent source text (the browser reads it too)."""
    if language not in LANGUAGES:
        raise UnknownWordError(f"no words in {language!r}; languages are: {', '.join(LANGUAGES)}")
    folder = resources.files("millebornes.words").joinpath("locale")
    return folder.joinpath(f"{language}.ftl").read_text("utf-8")


class Noun(FluentType):
    """A word with the forms a sentence may need: written as its ``name``, or with an article
    through the catalog's functions ``INDEFINITE`` and ``DEFINITE``."""

    def __init__(self, name: str, forms: dict[str, str]) -> None:
        self.name = name
        self.forms = forms

    def format(self, locale: object) -> str:
        return self.name

    def form(self, which: str) -> str:
        return self.forms.get(which, self.name)

    def __repr__(self) -> str:
        return f"Noun({self.name!r})"


def _form(which: str) -> Callable[[object], object]:
    def form(noun: object) -> object:
        return noun.form(which) if isinstance(noun, Noun) else noun

    return form


FUNCTIONS = {"INDEFINITE": _form("indefinite"), "DEFINITE": _form("definite")}


@cache
def bundle(language: str) -> FluentBundle:
    """The messages of ``language``, ready to format."""
    locales = [LOCALES[language]] if language in LOCALES else []
    # fluent.runtime types a function as returning a FluentType; text is as good a value.
    words = FluentBundle(locales, functions=FUNCTIONS, use_isolating=False)  # type: ignore[arg-type]
    words.add_resource(FluentResource(source(language)))
    return words


def message_id(key: str) -> str:
    """The catalog's id of the message the code calls ``key``."""
    return key.replace(".", "-")


def say(language: str, key: str, **values: object) -> str:
    """The message ``key`` in ``language``, its variables filled with ``values``."""
    words = bundle(language)
    name = message_id(key)
    if not words.has_message(name):
        raise UnknownWordError(f"no message {key!r} ({name}) in the {language} catalog")
    pattern = words.get_message(name).value
    if pattern is None:
        raise UnknownWordError(f"the message {key!r} of the {language} catalog has no value")
    return _formatted(words, pattern, values)


def noun(language: str, key: str) -> Noun:
    """The message ``key`` of ``language`` as a :class:`Noun`, its attributes its forms."""
    words = bundle(language)
    message = words.get_message(message_id(key))
    if message.value is None:
        raise UnknownWordError(f"the message {key!r} of the {language} catalog has no value")
    forms = {name: _formatted(words, form, {}) for name, form in message.attributes.items()}
    return Noun(_formatted(words, message.value, {}), forms)


def _formatted(words: FluentBundle, pattern: Any, values: dict[str, object]) -> str:
    values = {name: _formattable(value) for name, value in values.items()}
    text, errors = words.format_pattern(pattern, values)
    if errors:
        raise errors[0]
    return str(text)


# Numbers are formatted by Babel through ``decimal`` at 28 digits of precision, three of them
# kept for Fluent's decimals, which raises on longer ones (26 digits failed, 25 passed): a number
# that long is one a client made up (a side numbered 10**50), shown as its digits.
MAX_FORMATTED_DIGITS = 25


def _formattable(value: object) -> object:
    if isinstance(value, int | float) and not abs(value) < 10**MAX_FORMATTED_DIGITS:
        return str(value)
    return value


@cache
def messages(language: str) -> dict[str, ast.Message]:
    """Every message of ``language``'s catalog, by its id."""
    resource = FluentResource(source(language))
    return {entry.id.name: entry for entry in resource.body if isinstance(entry, ast.Message)}


class _Variables(Visitor):
    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()

    def visit_VariableReference(self, node: ast.VariableReference) -> None:
        self.names.add(node.id.name)


def variables(message: ast.Message) -> set[str]:
    """The names of the variables ``message`` takes, in any of its variants."""
    found = _Variables()
    found.visit(message)
    return found.names


def group_source(language: str, *groups: str) -> str:
    """The messages of ``groups`` (and of the groups inside them) of ``language``'s catalog, as
    Fluent source text: what a client that formats Fluent itself needs (the page's words)."""
    prefixes = tuple(message_id(group) + "-" for group in groups)
    chosen: list[ast.EntryType] = [
        message for name, message in messages(language).items() if name.startswith(prefixes)
    ]
    return FluentSerializer().serialize(ast.Resource(chosen))


def keys(language: str) -> Iterator[str]:
    """The ids of every message of ``language``'s catalog."""
    return iter(messages(language))


def rules_help(rules: str, language: str) -> str:
    """The rules of the preset ``rules`` in Markdown, as both games show them
    (``helptext/<rules>.<language>.md``), titled with the preset's name as the games name it."""
    folder = resources.files("millebornes.words").joinpath("helptext")
    text = folder.joinpath(f"{rules}.{language}.md").read_text(encoding="utf-8")
    title = say(language, "rules_title", preset=say(language, f"preset.{rules}"))
    return f"# {title}\n\n{text}"


def language_from_environment() -> str:
    """French when the locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``, the first one set) is
    French, English otherwise: how the terminal game and the command line choose."""
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable)
        if value:
            return "fr" if value.lower().startswith("fr") else "en"
    return "en"
