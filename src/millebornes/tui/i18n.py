"""The terminal game's words, read from the game's catalog (``millebornes.words``: its
``[tui]`` table, and ``[seat]`` for the seats' default names).

Card names come from :data:`millebornes.core.cards.NAMES` and log lines from
:func:`millebornes.words.narrate.describe`; the catalog's ``[tui]`` table holds what the screens say
around them.
"""

from __future__ import annotations

from ..words import LANGUAGES, say

__all__ = ["LANGUAGES", "SEAT_NAMES", "score_item", "text"]

# Where the seats sit, clockwise from the person at the bottom of the screen (seat 0).
_SEATS: dict[int, tuple[str, ...]] = {
    2: ("south", "north"),
    3: ("south", "west", "east"),
    4: ("south", "west", "north", "east"),
    6: ("south", "west", "northwest", "north", "northeast", "east"),
    8: ("south", "southwest", "west", "northwest", "north", "northeast", "east", "southeast"),
}

# Default seat names by language and number of players.
SEAT_NAMES: dict[str, dict[int, tuple[str, ...]]] = {
    language: {
        players: tuple(say(language, f"seat.{where}") for where in seats)
        for players, seats in _SEATS.items()
    }
    for language in LANGUAGES
}


def text(language: str, key: str, **values: object) -> str:
    """The phrase ``key`` in ``language``, filled with ``values``."""
    return say(language, f"tui.{key}", **values)


def score_item(language: str, item: str) -> str:
    """The score sheet's name of ``item``, an item of ``Deal.score()``."""
    return say(language, f"tui.score_item.{item}")
