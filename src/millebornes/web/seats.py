"""Who is at a room's table: the person holding each seat (its secret token's hash), their
connections and since when they are away, and everyone watching. A room asks it whether a seat
is free, whether the game has started, who holds a token, and when a bot stands in."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from ..table import Table
from .client import Client
from .clock import Clock
from .protocol import BAD_TOKEN, ProtocolError


@dataclass
class Presence:
    """Who holds a person's seat: its secret token's hash, its connections, since when away."""

    token_hash: str | None = None
    clients: set[Client] = field(default_factory=set)
    away_since: float | None = None  # monotonic time its last connection left
    left_at: float | None = None  # the same moment on the wall clock, told to the pages

    def left(self, now: float, clock: Clock) -> None:
        """Its last connection left at ``now`` (``clock``'s monotonic time)."""
        self.away_since = now
        self.left_at = clock.time() - (clock.monotonic() - now)

    def back(self) -> None:
        self.away_since = self.left_at = None


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Seats:
    """The seats of ``table`` and who holds them (``tokens``: the hashes of the seats' secret
    tokens; None for a bot's or a free seat), and the spectators. A person is away once
    their last connection has been gone for ``away_seconds`` (on ``clock``)."""

    def __init__(
        self, table: Table, tokens: list[str | None], away_seconds: float, clock: Clock
    ) -> None:
        self.table = table
        self.away_seconds = away_seconds
        self.clock = clock
        now = clock.monotonic()
        self.presence = [Presence(token) for token in tokens]
        for presence in self.presence:
            if presence.token_hash is not None:
                presence.left(now, clock)
        self.spectators: set[Client] = set()
        self._started = False  # see started

    def is_free(self, seat: int) -> bool:
        return self.table.is_person(seat) and self.presence[seat].token_hash is None

    def free(self) -> list[int]:
        return [seat for seat in range(len(self.presence)) if self.is_free(seat)]

    @property
    def started(self) -> bool:
        """Whether every seat is taken (a taken seat is never freed again)."""
        if not self._started:
            self._started = not any(self.is_free(seat) for seat in range(len(self.presence)))
        return self._started

    def tokens(self) -> list[str | None]:
        return [presence.token_hash for presence in self.presence]

    def seat_of(self, token: str) -> int:
        """The seat ``token`` holds; a ProtocolError if it holds none of this room's."""
        hashed = token_hash(token)
        for seat, presence in enumerate(self.presence):
            if presence.token_hash == hashed:
                return seat
        raise ProtocolError("this token holds no seat of the room", BAD_TOKEN)

    def held_by(self, tokens: tuple[str, ...]) -> tuple[int, ...]:
        """The seats ``tokens`` hold."""
        hashes = {token_hash(token) for token in tokens}
        return tuple(n for n, p in enumerate(self.presence) if p.token_hash in hashes)

    def is_away(self, seat: int, now: float) -> bool:
        away_since = self.presence[seat].away_since
        return away_since is not None and now - away_since >= self.away_seconds

    def stand_in_at(self, seat: int, now: float) -> float | None:
        """When (wall clock, seconds) a bot will stand in for a person whose connection was
        lost, told as a fixed time so that the room's info changes only when they come and go."""
        left_at = self.presence[seat].left_at
        if left_at is None or self.is_away(seat, now):
            return None
        return round(left_at + self.away_seconds, 1)

    def told(self, abandoned: set[int]) -> list[dict[str, object]]:
        """Each seat as the room's info tells it: its name, a bot's level, whether it is free,
        online, away (or handed to its stand-in for running out of time: ``abandoned``)."""
        now = self.clock.monotonic()
        names = self.table.names()
        return [
            {
                "seat": n,
                "name": names[n],
                "bot": player.level,
                "free": self.is_free(n),
                "online": bool(self.presence[n].clients) or player.level is not None,
                "away": self.is_away(n, now) or n in abandoned,
                "away_at": self.stand_in_at(n, now),
            }
            for n, player in enumerate(self.table.players)
        ]

    def watching(self) -> dict[str, object]:
        """Who watches, as the room's info tells it: how many (a watcher counted once, however
        many pages it opened) and the names they gave the chat, in order."""
        named = {client.name for client in self.spectators if client.name}
        watchers = {client.watcher or id(client) for client in self.spectators}
        return {"count": len(watchers), "names": sorted(named, key=str.casefold)}

    def next_away(self) -> float | None:
        """When the person the table waits on counts as away, if anyone else is here."""
        seat = self.table.waiting_on()
        if seat is None or not self.someone_here():
            return None
        away_since = self.presence[seat].away_since
        return None if away_since is None else away_since + self.away_seconds

    def someone_here(self) -> bool:
        return any(presence.clients for presence in self.presence)

    def clients(self) -> set[Client]:
        clients = set(self.spectators)
        for presence in self.presence:
            clients |= presence.clients
        return clients

    def bind(self, client: Client, seats: tuple[int, ...]) -> None:
        """``client`` holds ``seats`` now (none: it watches)."""
        client.seats = seats
        if seats:
            for seat in seats:
                self.presence[seat].clients.add(client)
                self.presence[seat].back()
        else:
            self.spectators.add(client)

    def unbind(self, client: Client) -> None:
        self.spectators.discard(client)
        now = self.clock.monotonic()
        for seat in client.seats:
            holders = self.presence[seat].clients
            holders.discard(client)
            if not holders:
                self.presence[seat].left(now, self.clock)
        client.seats = ()
