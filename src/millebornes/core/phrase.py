"""What the project says, without a word of it: a phrase of the catalogs, named by its key, and
the values that fill it. The core builds phrases (why an action is refused, what is wrong with a
position); :mod:`millebornes.words` words them in a language, with the table's names for its
sides.

The core depends on nothing outside the standard library and the words sit above it, so the core
cannot word its own phrases. Yet ``str()`` of a phrase, and of an error that carries one, must be
readable English for developers and logs: :mod:`millebornes.words` registers its English wording
here with :func:`speak_english_with` when it is imported, which the package's ``__init__`` does.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TypeAlias

# What fills a phrase, worded by ``millebornes.words``: a card (by its name), an action (as an
# option: "discarding 50 km"), a :class:`Side`, a :class:`Listed` list, another :class:`Phrase`,
# a number (in the locale's form) or text (as it is: a file name, a value quoted from the
# input). Typed ``object``: the cards and actions raise the errors that carry phrases, so this
# module cannot import them.
Param: TypeAlias = object


@dataclass(frozen=True, slots=True)
class Listed:
    """Values worded as a list: "a, b and c", or with ``either`` "a, b or c"."""

    items: tuple[Param, ...]
    either: bool = False


@dataclass(frozen=True, slots=True)
class Side:
    """A side of the table, worded by the name the table gives it. Without the table's names: by
    its seats' default names at a table of ``players`` ("South", "West & East"), or when the
    table is unknown (``players`` 0) by its number counted from 1 ("side 2")."""

    number: int  # from 0, as in the notation
    seats: tuple[int, ...] = ()
    players: int = 0


@dataclass(frozen=True)
class Phrase:
    """The message ``key`` of the catalogs (``refusal.not_rolling``), filled with ``params``."""

    key: str
    params: Mapping[str, Param] = field(default_factory=dict)

    @property
    def message(self) -> str:
        """The key the catalogs know this phrase by."""
        return self.key

    def __str__(self) -> str:
        """In English, for developers and logs."""
        return _english(self)


def _unworded(phrase: Phrase) -> str:
    """A phrase as data, until the words are imported (they always are with the package)."""
    values = ", ".join(f"{name}={value!r}" for name, value in phrase.params.items())
    return f"{phrase.message}({values})"


_english: Callable[[Phrase], str] = _unworded


def speak_english_with(wording: Callable[[Phrase], str]) -> None:
    """Let ``str()`` of every phrase be ``wording(phrase)`` (``millebornes.words`` calls this)."""
    global _english
    _english = wording


def one_line(text: str) -> str:
    """``text`` fit for a one-line error: as given, or quoted with its line breaks and control
    characters written out."""
    return text if text.isprintable() else json.dumps(text, ensure_ascii=False)
