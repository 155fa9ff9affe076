"""Why a bot chose what it did, as data: a phrase's key in the catalog (``millebornes.words``)
and what fills it, worded by each interface in the game's language with its own side names.

A reason's parameters are cards (worded by their names), actions (worded as what to do:
"discarding 50 km"), other reasons (a part of the sentence), the attacked side under the name
``side`` (worded by the side names the table shows, "side 2" counted from 1 by default) and
figures (percentages as whole numbers, counts, kilometres), worded as they are.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TypeAlias

from ..core.actions import Action, Verb
from ..core.cards import NAMES, Card
from ..words import say

Param: TypeAlias = "Card | Action | int | str | Reason"


@dataclass(frozen=True)
class Reason:
    """The phrase ``reason.<key>`` of the catalog, filled with ``params``."""

    key: str
    params: Mapping[str, Param] = field(default_factory=dict)

    def word(self, language: str = "en", sides: Sequence[str] | None = None) -> str:
        """This reason in ``language``; ``sides`` are the sides' names as the table shows them."""
        values = {
            name: side_name(value, language, sides)
            if name == "side" and isinstance(value, int)
            else _word(value, language, sides)
            for name, value in self.params.items()
        }
        return say(language, f"reason.{self.key}", **values)

    def __str__(self) -> str:
        """In English, for logs and tournaments."""
        return self.word()


def _word(value: Param, language: str, sides: Sequence[str] | None) -> object:
    if isinstance(value, Reason):
        return value.word(language, sides)
    if isinstance(value, Card):
        return NAMES[language][value]
    if isinstance(value, Action):
        return as_option(value, language, sides)
    return value


def side_name(side: int, language: str, sides: Sequence[str] | None = None) -> str:
    """Side ``side`` (counted from 0) by the name the table shows, or "side 2" counted from 1."""
    if sides is not None:
        return sides[side]
    return say(language, "side", number=side + 1)


def as_option(action: Action, language: str, sides: Sequence[str] | None = None) -> str:
    """``action`` as an option weighed against another: "discarding 50 km" ("against 57% for
    discarding 50 km")."""
    card = NAMES[language][action.card] if action.card is not None else ""
    if action.verb == Verb.ATTACK:
        assert action.target is not None
        side = side_name(action.target, language, sides)
        return say(language, "option.attack", card=card, side=side)
    return say(language, f"option.{action.verb}", card=card)
