"""What the public list of tables shows of a room: its settings, its free seats, who waits and
how many watch (names only if its creator chose to show them, never a message), since when
nobody is connected (so an abandoned table leaves the list, ``matchmaking.py``) and when bots
take a quick game's free seats."""

from __future__ import annotations

from typing import Any, Protocol

from ..table import Table
from .chat import Social
from .seats import Seats


class Room(Protocol):
    """What the list reads of a room (``room.Room``)."""

    table: Table
    seats: Seats
    social: Social
    created: float  # wall clock

    def described(self) -> dict[str, Any]:
        """The settings the room's info and its line begin with."""
        ...


def listing(room: Room) -> dict[str, Any] | None:
    """The room's line of the public list (None: not listed)."""
    if not room.social.listed:
        return None
    table, seats, social = room.table, room.seats, room.social
    names = table.names()
    here = [seat for seat in table.people if seats.presence[seat].clients]
    left = [seats.presence[seat].left_at or room.created for seat in table.people]
    return {
        **room.described(),
        "single_deal": table.match.target is None,
        "language": social.language,
        "bots": sum(player.level is not None for player in table.players),
        "free": len(seats.free()),
        "started": seats.started,
        "created": round(room.created, 1),
        "names": [names[seat] for seat in table.people if not seats.is_free(seat)]
        if social.show_names
        else None,
        "here": len(here),  # people connected
        "waiting": [names[seat] for seat in here] if social.show_names else None,
        "watching": seats.watching()["count"],
        # Since when no person is connected (wall clock; None while someone is).
        "empty_since": None if here else round(max(room.created, *left), 1),
        "bots_at": bots_due(room),
        "bot_level": social.bot_level if social.bots_after is not None else None,
    }


def bots_due(room: Room) -> float | None:
    """When (wall clock) bots take the free seats of a quick game not started yet."""
    after = room.social.bots_after
    if after is None or room.seats.started:
        return None
    return round(room.created + after, 1)
