"""What the HTTP routes share, kept in the application's state: the store, the rooms, the
server's settings, its limits per client address (and that address, read past the proxies),
the address friends use, the public list of tables as last read, the quick games' matchmaker,
who is online and the reviews under way. A route takes it as a dependency (``SiteDep``)."""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, cast

from fastapi import Depends, Request
from starlette.requests import HTTPConnection

from ..review.jobs import ReviewJobs
from ..store import ServerStore
from .addresses import ClientAddresses
from .bans import Bans
from .clock import Clock
from .matchmaking import Matchmaker, abandoned
from .online import Online
from .options import RoomOptions
from .protocol import TOO_FAST, AddressLimits, ProtocolError
from .rooms import Rooms

STATIC = Path(__file__).parent / "static"  # the page's files, served as they are
TOO_MANY_LISTINGS = "too many looks at the list of tables from your address: wait a minute"


class PublicTables:
    """The rooms their creators listed, as the store holds them, read at most once in
    ``seconds`` of ``clock`` however many home pages ask (every server's rooms: they share the
    store)."""

    def __init__(
        self, store: ServerStore, rooms: Rooms, seconds: float, clock: Clock = time
    ) -> None:
        self.store, self.rooms, self.seconds, self.clock = store, rooms, seconds, clock
        self.read_at: float | None = None
        self.tables: list[dict[str, Any]] = []

    async def read(self) -> list[dict[str, Any]]:
        """The listed tables someone is at (or left lately), each with how long it has
        waited."""
        now = self.clock.time()
        if self.read_at is None or now - self.read_at >= self.seconds:
            read = await self.rooms.executors.store(self.store.listed)
            self.read_at, self.tables = now, [summary for _, summary in read]
        return [
            {**summary, "waited": max(0, round(now - summary["created"]))}
            for summary in self.tables
            if not abandoned(summary, now)
        ]


@dataclass
class Site:
    """The server's parts the routes use. ``public_url`` is the address friends use
    (invitation links say it); ``loopback_only`` says that the server listens on this
    machine's loopback alone."""

    store: ServerStore
    rooms: Rooms
    options: RoomOptions
    public_url: str | None
    loopback_only: bool
    creations: AddressLimits  # rooms created, per address
    listings: AddressLimits  # looks at the public list, per address
    connects: AddressLimits  # joins and WebSockets, per address
    tables: PublicTables
    matchmaker: Matchmaker  # seats quick games
    reviews: ReviewJobs
    addresses: ClientAddresses  # reads a connection's client address
    bans: Bans  # the addresses the operator banned
    online: Online  # who is online on this server
    # Where /metrics answers: nowhere (False), on every listener (True), or only on the
    # listener at this (host, port), an address of its own that no proxy forwards to.
    metrics: bool | tuple[str, int] = False
    admin_token: str | None = None  # opens the admin endpoints (web/admin.py); None: none
    drained: bool = False  # the operator drained this server: its rooms went to the others

    def serves_metrics(self, connection: HTTPConnection) -> bool:
        if isinstance(self.metrics, bool):
            return self.metrics
        server = connection.scope.get("server")
        return server is not None and tuple(server[:2]) == self.metrics

    def address_of(self, connection: HTTPConnection) -> str:
        return self.addresses(connection.scope)

    def invitation(self, request: Request, code: str) -> str:
        """The link friends open to join room ``code``."""
        if self.public_url is not None:
            return f"{self.public_url}/room/{code}"
        return str(request.url_for("page", code=code))

    async def public_tables(self, request: Request) -> list[dict[str, Any]]:
        """The listed tables, within the address's allowance."""
        if not self.listings.allow(self.address_of(request)):
            raise ProtocolError(TOO_MANY_LISTINGS, TOO_FAST)
        return await self.tables.read()


def site(connection: HTTPConnection) -> Site:
    """The application's :class:`Site` (``create_app`` keeps it in its state)."""
    return cast(Site, connection.app.state.site)


SiteDep = Annotated[Site, Depends(site)]


async def admitted(connection: HTTPConnection) -> None:
    """A route's dependency that refuses a banned address (``bans.py``)."""
    here = site(connection)
    await here.bans.check(here.address_of(connection))
