"""The command line's parser in the player's language, argparse's own words too ("usage:",
"options:", "the following arguments are required").

argparse writes its words through ``gettext``, by the names ``_`` and ``ngettext`` of its module,
and offers no other hook; gettext would want compiled ``.mo`` files beside the project's Fluent
catalogs. So :class:`LocalizedParser` lends argparse's module a translator for the time of each
of its own calls that words something (building, parsing, formatting the help, reporting an
error), and puts gettext back after. The translator finds argparse's English message in the
English catalog's ``cli.argparse`` group and answers with the same message in the parser's
language: each message keeps argparse's ``%`` placeholders, which argparse fills after.

An option's value named after its destination (``--players PLAYERS``) is named from the catalog
too (``cli.metavar.<dest>``), and numbers are read by :func:`whole_number` and
:func:`finite_number`, which say in words what they refuse."""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import cache
from typing import Any, NoReturn, TypeVar, cast

from ..words import keys, say

GROUP = "cli.argparse"
_Result = TypeVar("_Result")


@cache
def _english_keys() -> dict[str, str]:
    """The key of each of argparse's messages, by its English text (its singular for a count)."""
    prefix = GROUP.replace(".", "-") + "-"
    found = {}
    for name in keys("en"):
        if name.startswith(prefix):
            key = f"{GROUP}.{name.removeprefix(prefix)}"
            found[say("en", key, count=1)] = key
    return found


def argparse_key(message: str) -> str | None:
    """The catalog's key of argparse's English ``message``, if the catalogs have it."""
    return _english_keys().get(message.strip())


def argparse_word(language: str, message: str, count: int = 1) -> str:
    """argparse's ``message`` in ``language``, with argparse's spaces around it (the catalog's
    lines keep none); a message the catalog lacks stays as argparse wrote it."""
    key = argparse_key(message) if isinstance(message, str) else None
    if key is None:
        return message
    text = message.strip()
    start = message.index(text)
    return message[:start] + say(language, key, count=count) + message[start + len(text) :]


@contextmanager
def _speaking(language: str) -> Iterator[None]:
    saved = argparse.__dict__["_"], argparse.__dict__["ngettext"]

    def singular(message: str) -> str:
        return argparse_word(language, message)

    def counted(one: str, other: str, count: int) -> str:
        if argparse_key(one) is not None:
            return argparse_word(language, one, count)
        return one if count == 1 else other

    setattr(argparse, "_", singular)  # noqa: B010 (argparse's stub names no such function)
    setattr(argparse, "ngettext", counted)  # noqa: B010
    try:
        yield
    finally:
        setattr(argparse, "_", saved[0])  # noqa: B010
        setattr(argparse, "ngettext", saved[1])  # noqa: B010


def whole_number(language: str) -> Callable[[str], int]:
    def read(text: str) -> int:
        try:
            return int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                say(language, "cli.not_whole_number", text=repr(text))
            ) from None

    read.__name__ = "int"
    return read


def finite_number(language: str) -> Callable[[str], float]:
    def read(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = math.nan
        if not math.isfinite(value):
            raise argparse.ArgumentTypeError(say(language, "cli.not_a_number", text=repr(text)))
        return value

    read.__name__ = "float"
    return read


class LocalizedHelpFormatter(argparse.HelpFormatter):
    """The help, its value names from the catalog (``--players PLAYERS`` in English,
    ``--players JOUEURS`` in French)."""

    language = "en"

    def _named(self, action: argparse.Action) -> str:
        # argparse asks even when the action names its value itself (metavar) or lists its
        # choices, and then shows that instead.
        if action.metavar is not None or action.choices is not None:
            return action.dest.upper()
        return say(self.language, f"cli.metavar.{action.dest}")

    def _get_default_metavar_for_optional(self, action: argparse.Action) -> str:
        return self._named(action)

    def _get_default_metavar_for_positional(self, action: argparse.Action) -> str:
        return self._named(action)


class LocalizedParser(argparse.ArgumentParser):
    """An ArgumentParser that words everything in ``language`` (a class attribute, so that its
    subcommands' parsers, made of the same class, speak it too: see :func:`parser_class`).
    An error is one line on standard error, exit status 2."""

    language = "en"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        formatter = type("Formatter", (LocalizedHelpFormatter,), {"language": self.language})
        kwargs.setdefault("formatter_class", formatter)
        with _speaking(self.language):
            super().__init__(*args, **kwargs)
        self.register("type", int, whole_number(self.language))
        self.register("type", float, finite_number(self.language))

    def _in_language(self, call: Callable[[], _Result]) -> _Result:
        with _speaking(self.language):
            return call()

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        return self._in_language(
            lambda: super(LocalizedParser, self).parse_known_args(args, namespace)
        )

    def parse_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> argparse.Namespace:
        return self._in_language(lambda: super(LocalizedParser, self).parse_args(args, namespace))

    def _get_values(self, action: argparse.Action, arg_strings: list[str]) -> Any:
        """An option's own value ``--`` (``--seat=--``) is read as that text: Python 3.11's
        argparse strips it as the end of options and hands the command an empty list."""
        if action.option_strings and action.nargs is None and arg_strings == ["--"]:
            return self._get_value(action, "--")
        return super()._get_values(action, arg_strings)

    def format_usage(self) -> str:
        return self._in_language(super().format_usage)

    def format_help(self) -> str:
        return self._in_language(super().format_help)

    def error(self, message: str) -> NoReturn:
        """One line, not the usage before it: the fault is named, ``--help`` tells the rest."""
        line = argparse_word(self.language, "%(prog)s: error: %(message)s\n")
        self.exit(2, line % {"prog": self.prog, "message": message})


@cache
def parser_class(language: str) -> type[LocalizedParser]:
    """The parser class that speaks ``language``."""
    return cast(type[LocalizedParser], type("Parser", (LocalizedParser,), {"language": language}))
