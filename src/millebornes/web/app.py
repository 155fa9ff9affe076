"""The web application, put together: the page, a small JSON API to create and join rooms,
and the WebSocket each browser plays through, over one store and one set of rooms.

HTTP (``pages.py``): ``GET /`` and ``GET /room/CODE`` serve the page; ``GET /healthz`` says
whether the server takes moves (for a proxy or a container); ``GET /metrics`` its metrics,
where they are on. The API (``api.py``):
``GET /api/config`` the presets, bot levels and card names; ``GET /api/rules/RULES/LANGUAGE``
the rules of a preset; ``POST /api/rooms`` creates a room; ``GET /api/rooms/CODE`` describes
one; ``POST /api/rooms/CODE/join`` takes a seat and returns its secret token;
``POST /api/rooms/CODE/rematch`` opens (or finds) the rematch of a finished room for a seat's
token; ``GET /api/tables`` lists the rooms their creators listed, ``POST /api/tables/quick``
finds the best of them to join or opens one; ``GET /api/online`` says how many players are
online (``online.py``). A deal's review: ``review.py``; its replay:
``replay.py``. The operator's endpoints (``POST /admin/...``, behind its token): ``admin.py``.
Players, their names and games (``/api/me...``): ``identity.py``; their devices and signing
them out: ``devices.py``; their passkeys: ``passkeys.py``.
WebSocket: ``/ws/CODE`` (``sockets.py``) speaks the messages of :mod:`millebornes.web.protocol`.

Every HTTP response carries the security headers of docs/security.md (``middleware.py``);
every refusal has the one shape of errors (``errors.py``); every request is logged
(``web/logs.py``).
"""

from __future__ import annotations

import logging
import mimetypes
import os
import secrets
import socket
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from starlette.middleware.gzip import GZipMiddleware

from ..review.jobs import ReviewJobs
from ..store import open_store
from . import admin, api, devices, identity, leaderboard, pages, passkeys, replay, review, tutorial
from .addresses import ClientAddresses
from .bans import Bans
from .clock import Clock
from .errors import HANDLERS, not_saving
from .logs import AccessLog
from .matchmaking import Matchmaker
from .middleware import BoundedBody, SecurityHeaders
from .online import Online
from .options import RoomOptions
from .protocol import AddressLimits
from .rooms import Rooms
from .site import STATIC, PublicTables, Site
from .sockets import GameSockets

log = logging.getLogger(__name__)


def server_name(worker_name: str | None) -> str:
    """The name of this server process among those sharing a store: its leases'. A name given
    (``--worker-name``) is kept across restarts, so the process takes its rooms back at once
    (``ServerStore.reclaim``); otherwise one made up for this start alone."""
    return worker_name or f"{socket.gethostname()}/{os.getpid()}/{secrets.token_hex(4)}"


# The HTTP API's routers, each a module of one job (their docstrings say which).
ROUTERS = (pages, api, identity, devices, passkeys, leaderboard, admin, review, replay, tutorial)


def create_app(
    db_path: str | Path,
    options: RoomOptions | None = None,
    *,
    public_url: str | None = None,
    loopback_only: bool = False,
    metrics: bool | tuple[str, int] = False,
    worker_name: str | None = None,
    admin_token: str | None = None,
    clock: Clock = time,
) -> FastAPI:
    """The application, keeping its rooms in ``db_path`` (a SQLite file, or a PostgreSQL URL
    shared with other servers); a room there is played again when someone asks for it.
    ``public_url`` is the address friends use (invitation links say it); ``loopback_only`` says
    that the server listens on this machine's loopback alone, so that without a public address
    the page tells the host friends elsewhere cannot join. ``clock`` is the time its rooms,
    its limits per address and its list of tables read (the real one, but in tests).
    ``metrics`` says where ``/metrics`` answers (``Site.metrics``); ``worker_name`` is this
    process's lasting name among those sharing the store (``server_name``); ``admin_token``
    opens ``admin.py``'s endpoints (None: they answer 404)."""
    options = options or RoomOptions()
    owner = server_name(worker_name)
    store = open_store(db_path, owner=owner, lease_seconds=options.lease_seconds)
    rooms = Rooms(store, options, clock)

    def limits(per_minute: float, burst: int) -> AddressLimits:
        return AddressLimits(per_minute / 60, burst, clock.monotonic)

    site = Site(
        store=store,
        rooms=rooms,
        options=options,
        public_url=public_url.rstrip("/") if public_url else None,
        loopback_only=loopback_only,
        creations=limits(options.rooms_per_minute, options.rooms_burst),
        listings=limits(options.tables_per_minute, options.tables_burst),
        connects=limits(options.connects_per_minute, options.connects_burst),
        tables=PublicTables(store, rooms, options.listing_seconds, clock),
        matchmaker=Matchmaker(store, rooms, clock),
        reviews=ReviewJobs(store, pool=rooms.executors.search_pool),
        addresses=ClientAddresses(options.trusted_proxies, options.behind_proxy),
        metrics=metrics,
        bans=Bans(store, rooms.executors, clock),
        online=Online(rooms),
        admin_token=admin_token,
    )

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await rooms.resume()
        try:
            yield
        finally:
            await rooms.close()
            store.close()
            log.info("stopped")

    app = FastAPI(
        title="Mille Bornes",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
        exception_handlers={**HANDLERS, **dict.fromkeys(store.retried_errors, not_saving)},
    )
    app.state.site = site
    app.add_middleware(BoundedBody)
    https = site.public_url is not None and site.public_url.startswith("https://")
    app.add_middleware(SecurityHeaders, https=https)
    app.add_middleware(AccessLog, address=site.addresses)
    app.add_middleware(
        GameSockets, rooms=rooms, connects=site.connects, address=site.addresses, bans=site.bans
    )
    mimetypes.add_type("application/manifest+json", ".webmanifest")
    # The page's files compressed (its JavaScript, styles and cards are text: about a third on
    # the wire); only these, which hold no secret that reflected input could help guess.
    static = GZipMiddleware(StaticFiles(directory=STATIC), minimum_size=1024)
    app.mount("/static", static, name="static")
    for routes in ROUTERS:
        app.include_router(routes.router)
    return app
