"""The words of both games and their narration, in each language: one Project Fluent catalog a
language, ``locale/<language>.ftl``, read by ``fluent.runtime`` (plurals, grammatical gender and
the locale's numbers are the catalog's business, not the code's).

Code names a message by a dotted key, its group and its name (``reason.expert.drive``); in the
catalog its id has dashes for the dots (``reason-expert-drive``), since Fluent ids have no dots.
A message's ``{ $variables }`` are filled by :func:`say` from keyword arguments; a number given as
an ``int`` or ``float`` is written the locale's way (``1,500`` in English, ``1 500`` in French).

To add a word: give it the same id, with the same variables, in every catalog;
``tests/test_words.py`` fails until each language has it.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from functools import cache
from importlib import resources

from fluent.runtime import FluentBundle, FluentResource
from fluent.syntax import ast
from fluent.syntax.visitor import Visitor

LANGUAGES = {"en": "English", "fr": "Français"}
# The locale each language's numbers and plural rules follow.
LOCALES = {"en": "en-GB", "fr": "fr-FR"}


class UnknownWordError(KeyError):
    """A message no catalog has: a bug of the code that asked for it, never of the player."""


def source(language: str) -> str:
    """The catalog of ``language``, as Fluent source text (the browser reads it too)."""
    if language not in LANGUAGES:
        raise UnknownWordError(f"no words in {language!r}; languages are: {', '.join(LANGUAGES)}")
    folder = resources.files("millebornes.words").joinpath("locale")
    return folder.joinpath(f"{language}.ftl").read_text("utf-8")


@cache
def bundle(language: str) -> FluentBundle:
    """The messages of ``language``, ready to format."""
    words = FluentBundle([LOCALES[language]] if language in LOCALES else [], use_isolating=False)
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
    text, errors = words.format_pattern(pattern, values)
    if errors:
        raise errors[0]
    return str(text)


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


def section(language: str, group: str) -> dict[str, str]:
    """The messages of one group of ``language``'s catalog (and of the groups inside it) as
    templates with ``{name}`` for each variable, by their ids without the group's:
    ``section("en", "web")["items-total"]``. For a client that fills ``{name}`` itself."""
    return dict(_section(language, group))


@cache
def _section(language: str, group: str) -> dict[str, str]:
    """``section``, made once (the narration of every move reads one: the server's largest cost
    an action when it was made each time)."""
    prefix = message_id(group) + "-"
    return {
        name.removeprefix(prefix): say_with_holes(language, name)
        for name in messages(language)
        if name.startswith(prefix)
    }


def say_with_holes(language: str, name: str) -> str:
    """The message ``name`` with each variable written ``{variable}``."""
    message = messages(language)[name]
    return say(language, name, **{var: f"{{{var}}}" for var in variables(message)})


def keys(language: str) -> Iterator[str]:
    """The ids of every message of ``language``'s catalog."""
    return iter(messages(language))


def rules_help(rules: str, language: str) -> str:
    """The rules of the preset ``rules`` in Markdown, as both games show them
    (``helptext/<rules>.<language>.md``)."""
    folder = resources.files("millebornes.words").joinpath("helptext")
    return folder.joinpath(f"{rules}.{language}.md").read_text(encoding="utf-8")


def language_from_environment() -> str:
    """French when the locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``, the first one set) is
    French, English otherwise: how the terminal game and the command line choose."""
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable)
        if value:
            return "fr" if value.lower().startswith("fr") else "en"
    return "en"
