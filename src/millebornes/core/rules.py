"""The three rule sets (presets) as data: seats, sides, race lengths, deck, scoring family.

RULES.md section 3 is the table this module encodes; every other player count or race length
is refused with a message that lists what the preset allows.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import FULL_DECK, SHORT_DECK, Card
from .errors import SettingsError


@dataclass(frozen=True)
class Table:
    """What one preset allows for one player count."""

    sides: int
    races: tuple[int, ...]  # the first is the default
    extension: bool = False  # parker: a 700 race that may be extended to 1000
    short_deck: bool = False  # parker with 2 or 3 players: 101 cards


@dataclass(frozen=True)
class Rules:
    """A preset: its name, the tables it allows, and how it scores (``dujardin`` or ``bonus``)."""

    name: str
    tables: dict[int, Table]
    scoring: str

    def table(self, players: int) -> Table:
        try:
            return self.tables[players]
        except KeyError:
            allowed = ", ".join(str(n) for n in self.tables)
            raise SettingsError(
                f"{self.name} is played by {allowed} players, not {players}"
            ) from None

    def race(self, players: int, race: int | None) -> int:
        """The starting race length, checked against what the table allows."""
        table = self.table(players)
        if race is None:
            return table.races[0]
        if race not in table.races:
            allowed = " or ".join(str(r) for r in table.races)
            raise SettingsError(
                f"{self.name} with {players} players races to {allowed} km, not {race}"
            )
        return race

    def deck(self, players: int) -> dict[Card, int]:
        return SHORT_DECK if self.table(players).short_deck else FULL_DECK


PRESETS: dict[str, Rules] = {
    "dujardin": Rules(
        "dujardin",
        {
            2: Table(2, (1000,)),
            3: Table(3, (1000,)),
            4: Table(4, (1000, 700)),
            6: Table(3, (1000,)),
            8: Table(4, (1000, 700)),
        },
        scoring="dujardin",
    ),
    "winning-moves": Rules("winning-moves", {4: Table(2, (1000,))}, scoring="bonus"),
    "parker": Rules(
        "parker",
        {
            2: Table(2, (700,), extension=True, short_deck=True),
            3: Table(3, (700,), extension=True, short_deck=True),
            4: Table(2, (1000,)),
            6: Table(3, (700,), extension=True),
        },
        scoring="bonus",
    ),
}
DEFAULT_RULES = "dujardin"


def get_rules(name: str) -> Rules:
    """The preset called ``name``; a SettingsError lists the known presets otherwise."""
    try:
        return PRESETS[name]
    except KeyError:
        raise SettingsError(
            f"unknown rules {name!r}; the presets are: {', '.join(PRESETS)}"
        ) from None
