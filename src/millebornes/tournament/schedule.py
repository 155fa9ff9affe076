"""What a tournament plays: its settings and the duplicate schedule of games.

Duplicate scheme: every deck (a seed) is played once per rotation of the bots over the sides.
With m bots, rotation r gives side s to bot ``(s + r) % m`` and every seat plays for its side
(seat s belongs to side ``s % sides``). Over the m games of one deck every bot therefore plays
every side's cards exactly once, so the luck of the deal cancels:

- 2 players, 2 bots: each deck twice, seats swapped;
- teams (e.g. 4-player winning-moves): both partners of a side are the same bot, and each deck
  is played once per assignment of bots to sides;
- more sides than bots: the bots repeat round-robin (3 players, 2 bots: A B A, then B A B);
- more bots than sides: each deck is played m times, but not every pair of bots meets on it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..core.errors import SettingsError
from ..core.phrase import Phrase
from ..core.rules import get_rules
from ..core.seeds import derive

OptionValue = int | float | bool | str | None


def derive_seed(seed: int, *parts: int) -> int:
    """A seed for one deck or one bot, derived from the run's seed alone (so results do not
    depend on how the games are spread over worker processes)."""
    return derive(seed, *parts, size=4)


def bot_labels(bots: tuple[str, ...]) -> tuple[str, ...]:
    """Names that tell bot entries apart: ``expert,expert`` becomes ``expert, expert#2``."""
    labels = []
    for index, name in enumerate(bots):
        count = bots[: index + 1].count(name)
        labels.append(name if count == 1 else f"{name}#{count}")
    return tuple(labels)


# The schedule lists every game before the first is played: a run of a million decks would
# take days and gigabytes before any result.
MAX_DECKS = 100_000


@dataclass(frozen=True)
class TournamentSettings:
    """Everything that decides the games of a run; the same settings play the same games."""

    bots: tuple[str, ...]
    rules: str = "dujardin"
    players: int = 2
    race: int | None = None
    decks: int = 100
    match: bool = False  # play each game as a match to 5000 rather than a single deal
    seed: int = 0
    options: Mapping[str, Mapping[str, OptionValue]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if len(self.bots) < 2:
            raise SettingsError(Phrase("settings.two_bots"))
        if not 1 <= self.decks <= MAX_DECKS:
            refused = {"decks": self.decks, "most": MAX_DECKS}
            raise SettingsError(Phrase("settings.decks", refused))
        get_rules(self.rules).race(self.players, self.race)
        for name in self.options:
            if name not in self.bots:
                raise SettingsError(Phrase("settings.options_unused", {"bot": repr(name)}))

    @property
    def labels(self) -> tuple[str, ...]:
        return bot_labels(self.bots)

    @property
    def sides(self) -> int:
        return get_rules(self.rules).seating(self.players).sides

    def lineups(self) -> list[tuple[int, ...]]:
        """For each rotation, the index of the bot that plays each side."""
        count = len(self.bots)
        return [tuple((side + r) % count for side in range(self.sides)) for r in range(count)]

    def games(self) -> list[GameSpec]:
        """Every game of the run, deck by deck, each deck once per rotation."""
        rotations = len(self.bots)
        return [
            GameSpec(self, deck * rotations + rotation, deck, rotation)
            for deck in range(self.decks)
            for rotation in range(rotations)
        ]

    def describe(self) -> str:
        kind = "matches to 5000" if self.match else "deals"
        race = "" if self.race is None else f", race {self.race}"
        decks = "1 deck" if self.decks == 1 else f"{self.decks} decks"
        return (
            f"{self.rules}, {self.players} players{race}: {decks} x {len(self.bots)} rotations"
            f" = {self.decks * len(self.bots)} {kind}, seed {self.seed}"
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "bots": list(self.bots),
            "rules": self.rules,
            "players": self.players,
            "race": self.race,
            "decks": self.decks,
            "match": self.match,
            "seed": self.seed,
            "options": {name: dict(values) for name, values in self.options.items()},
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TournamentSettings:
        return cls(
            bots=tuple(data["bots"]),
            rules=data["rules"],
            players=data["players"],
            race=data["race"],
            decks=data["decks"],
            match=data["match"],
            seed=data["seed"],
            options=data["options"],
        )


@dataclass(frozen=True)
class GameSpec:
    """One game of the schedule: a deck played with one rotation of the bots."""

    settings: TournamentSettings
    number: int
    deck: int
    rotation: int

    @property
    def deck_seed(self) -> int:
        return derive_seed(self.settings.seed, self.deck)

    @property
    def seat_bots(self) -> tuple[int, ...]:
        """The index (in ``settings.bots``) of the bot playing each seat."""
        lineup = self.settings.lineups()[self.rotation]
        return tuple(lineup[seat % len(lineup)] for seat in range(self.settings.players))

    def bot_seed(self, seat: int) -> int:
        return derive_seed(self.settings.seed, self.deck, self.rotation, seat)
