"""The terminal game's words, read from the game's catalog (``millebornes.words``: its ``tui``
group, and the seats' default names).

Card names come from :func:`millebornes.words.card_name` and log lines from
:func:`millebornes.words.narrate.describe`; the catalog's ``tui`` group holds what the screens say
around them.
"""

from __future__ import annotations

from ..words import LANGUAGES, say, seat_names
from ..words.names import SEATS

__all__ = ["LANGUAGES", "SEAT_NAMES", "score_item", "text"]

# Default seat names by language and number of players (the command line names seats so too).
SEAT_NAMES: dict[str, dict[int, tuple[str, ...]]] = {
    language: {players: seat_names(language, players) for players in SEATS}
    for language in LANGUAGES
}


def text(language: str, key: str, **values: object) -> str:
    """The phrase ``key`` in ``language``, filled with ``values``."""
    return say(language, f"tui.{key}", **values)


def score_item(language: str, item: str) -> str:
    """The score sheet's name of ``item``, an item of ``Deal.score()``."""
    return say(language, f"tui.score_item.{item}")
