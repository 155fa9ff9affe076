"""Why a bot chose what it did, as data: a :class:`~millebornes.core.phrase.Phrase` of the
catalogs' ``reason`` group, worded by each interface in the game's language with its own side
names (``millebornes.words``, as every phrase is).

A reason's parameters are cards (worded by their names), actions (worded as what to do:
"discarding 50 km"), other reasons (a part of the sentence), the attacked side under the name
``side`` (its number from 0, worded by the side names the table shows, "side 2" counted from 1
without them) and figures (percentages as whole numbers, counts, kilometres).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core.phrase import Param, Phrase, Side
from ..words import word

__all__ = ["Param", "Reason"]


@dataclass(frozen=True)
class Reason(Phrase):
    """The phrase ``reason.<key>`` of the catalogs, filled with ``params``."""

    def __post_init__(self) -> None:
        side = self.params.get("side")
        if type(side) is int:  # bots give the attacked side by its number
            object.__setattr__(self, "params", {**self.params, "side": Side(side)})

    @property
    def message(self) -> str:
        return f"reason.{self.key}"

    def word(self, language: str = "en", sides: Sequence[str] | None = None) -> str:
        """This reason in ``language``; ``sides`` are the sides' names as the table shows them."""
        return word(self, language, sides)
