"""The three rule sets (presets) as data: seats, sides, race lengths, deck, scoring family.

RULES.md section 3 is the table this module encodes; every other player count or race length
is refused with a message that lists what the preset allows.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import FULL_DECK, SHORT_DECK, Card
from .errors import SettingsError
from .phrase import Listed, Phrase


@dataclass(frozen=True)
class Seating:
    """What one preset allows for one player count: its sides (seats of partners share one),
    races and deck."""

    sides: int
    races: tuple[int, ...]  # the first is the default
    extension: bool = False  # parker: a 700 race that may be extended to 1000
    short_deck: bool = False  # parker with 2 or 3 players: 101 cards


@dataclass(frozen=True)
class Rules:
    """A preset: its name, the seatings it allows by player count, and how it scores
    (``dujardin`` or ``bonus``)."""

    name: str
    seatings: dict[int, Seating]
    scoring: str

    def seating(self, players: int) -> Seating:
        try:
            return self.seatings[players]
        except KeyError:
            counts = ", ".join(str(n) for n in self.seatings)
            refused = {"rules": self.name, "counts": counts, "players": players}
            raise SettingsError(Phrase("settings.players", refused)) from None

    def race(self, players: int, race: int | None) -> int:
        """The starting race length, checked against what the seating allows."""
        seating = self.seating(players)
        if race is None:
            return seating.races[0]
        if race not in seating.races:
            raise SettingsError(self.race_refused(players, race))
        return race

    def race_refused(self, players: int, race: int) -> Phrase:
        """Why ``race`` is no race of this preset's table of ``players``."""
        races = Listed(tuple(str(r) for r in self.seating(players).races), either=True)
        refused = {"rules": self.name, "players": players, "races": races, "race": str(race)}
        return Phrase("settings.race", refused)

    def deck(self, players: int) -> dict[Card, int]:
        return SHORT_DECK if self.seating(players).short_deck else FULL_DECK


PRESETS: dict[str, Rules] = {
    "dujardin": Rules(
        "dujardin",
        {
            2: Seating(2, (1000,)),
            3: Seating(3, (1000,)),
            4: Seating(4, (1000, 700)),
            6: Seating(3, (1000,)),
            8: Seating(4, (1000, 700)),
        },
        scoring="dujardin",
    ),
    "winning-moves": Rules("winning-moves", {4: Seating(2, (1000,))}, scoring="bonus"),
    "parker": Rules(
        "parker",
        {
            2: Seating(2, (700,), extension=True, short_deck=True),
            3: Seating(3, (700,), extension=True, short_deck=True),
            4: Seating(2, (1000,)),
            6: Seating(3, (700,), extension=True),
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
        known = ", ".join(PRESETS)
        raise SettingsError(
            Phrase("settings.unknown_rules", {"name": repr(name), "presets": known})
        ) from None
