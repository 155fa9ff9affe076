"""What the new game screen shows first: the rules, the players and who sits where, as chosen on
the command line (``millebornes play --rules ... --seats ...``), by default, or as they were
before the screen's language changed."""

from __future__ import annotations

from dataclasses import dataclass

# Who may sit at a seat of a new game: a person, or a bot of one of three levels.
LEVEL_CHOICES = ("person", "easy", "medium", "hard")


@dataclass(frozen=True)
class Setup:
    """The new game screen's first choices."""

    rules: str = "dujardin"
    players: int = 2
    race: int | None = None  # None: the table's first race
    levels: tuple[str, ...] = ("person", "medium")  # LEVEL_CHOICES, one a seat
    single_deal: bool = False
    names: tuple[str, ...] = ()  # the seats' names; none given: the language's default names
