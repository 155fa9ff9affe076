"""How many players are online on this server, for the home page (``GET /api/online``,
``api.py``).

Online means a page of theirs is connected to this server: a room's WebSocket (a seat or a
spectator's), or a home page that asked this within ``SEEN_SECONDS`` (it asks every
``POLL_SECONDS``; the home page has no socket of its own). Each is counted as a player, not
as a connection: by their player's id, or by their address for a connection without one (a
page from before players, or one whose cookie is refused). Each worker counts the pages
connected to it alone (docs/scaling.md)."""

from __future__ import annotations

from .rooms import Rooms

# How often a home page asks: the count changes by the minute, not the second, and a home page
# open on a thousand screens then costs the server about thirty small requests a second.
POLL_SECONDS = 30.0
# How long a home page counts after it asked: three polls, since a browser slows the timers of
# a tab in the background to one a minute.
SEEN_SECONDS = 3 * POLL_SECONDS
# How long the rooms' connections counted last are used again: counting them reads every
# connection of the server, so not at every request.
COUNTED_SECONDS = 5.0


class Online:
    """Who is online on this server: the players (or addresses) of the rooms' connections,
    counted at most once in ``COUNTED_SECONDS``, and of the home pages that asked lately
    (those that stopped asking are forgotten as the connections are counted)."""

    def __init__(self, rooms: Rooms) -> None:
        self.rooms = rooms
        self.asked: dict[str, float] = {}  # a home page's player -> when it last asked
        self.connected: set[str] = set()  # the rooms' connections' players, as last counted
        self.counted_at: float | None = None

    def players(self, who: str) -> int:
        """How many are online, ``who`` among them: they ask from the home page now."""
        now = self.rooms.clock.monotonic()
        self.asked[who] = now
        if self.counted_at is None or now - self.counted_at >= COUNTED_SECONDS:
            self.asked = {key: at for key, at in self.asked.items() if now - at < SEEN_SECONDS}
            self.connected = {
                client.player or f"address:{client.address}"
                for room in self.rooms.rooms.values()
                for client in room.clients()
            }
            self.counted_at = now
        return len(self.connected.union(self.asked))
