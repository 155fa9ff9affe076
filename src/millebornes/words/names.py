"""The names the game gives without being told any: the cards', and the seats' and sides' when a
table has not named its players (the terminal game's default names, the command line's)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from ..core.cards import Card
from .catalog import Noun, noun, say

# Where the seats sit, clockwise from the person at the bottom of the screen (seat 0).
SEATS: dict[int, tuple[str, ...]] = {
    2: ("south", "north"),
    3: ("south", "west", "east"),
    4: ("south", "west", "north", "east"),
    6: ("south", "west", "northwest", "north", "northeast", "east"),
    8: ("south", "southwest", "west", "northwest", "north", "northeast", "east", "southeast"),
}
# Between the names of a side's seats: "West & East".
TEAM = " & "


def card_name(card: Card, language: str = "en") -> str:
    """The card's printed name in ``language`` ("Flat Tire", "Crevaison")."""
    return card_noun(card, language).name


@cache
def card_noun(card: Card, language: str) -> Noun:
    """The card's name with the forms a sentence may need ("une Crevaison", "la Crevaison")."""
    return noun(language, f"card.{card.notation}")


@cache
def seat_names(language: str, players: int) -> tuple[str, ...]:
    """The seats' default names at a table of ``players``, by where they sit (South, North)."""
    return tuple(say(language, f"seat.{where}") for where in SEATS[players])


def side_names(language: str, players: int, sides: int) -> list[str]:
    """The sides' default names: their seats' default names ("South", "West & East")."""
    return teams(seat_names(language, players), sides)


def teams(seats: Sequence[str], sides: int) -> list[str]:
    """The names of ``sides`` sides from their seats' names (seat ``n`` plays for side
    ``n % sides``): "Ann & Cy"."""
    return [TEAM.join(seats[side::sides]) for side in range(sides)]
