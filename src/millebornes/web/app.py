"""The web application: the page, a small JSON API to create and join rooms, and the WebSocket
each browser plays through.

HTTP: ``GET /`` and ``GET /room/CODE`` serve the page; ``GET /api/config`` the presets, bot
levels and card names; ``GET /api/rules/RULES/LANGUAGE`` the rules of a preset;
``POST /api/rooms`` creates a room; ``GET /api/rooms/CODE`` describes one;
``POST /api/rooms/CODE/join`` takes a seat and returns its secret token;
``POST /api/rooms/CODE/rematch`` opens (or finds) the rematch of a finished room for a seat's
token; ``GET /api/tables`` lists the rooms their creators listed, ``POST /api/tables/quick``
finds the best of them to join or opens one; ``GET /healthz`` says whether the server takes
games (for a proxy or a container).
WebSocket: ``/ws/CODE`` speaks the messages of :mod:`millebornes.web.protocol`.

Every HTTP response carries the security headers of docs/security.md; every request is logged
(``web/logs.py``).
"""

from __future__ import annotations

import contextvars
import logging
import mimetypes
import os
import secrets
import socket
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, model_validator
from pydantic_core import PydanticCustomError
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..bots import LEVELS, bot_names
from ..core.cards import CARDS, KM, REMEDY_FOR, SAFETY_FOR
from ..core.rules import PRESETS
from ..store import open_store
from ..words import LANGUAGES, LOCALES, Language, card_name, group_source, rules_help
from .chat import Social
from .logs import AccessLog
from .protocol import (
    BAD_MESSAGE,
    BAD_TOKEN,
    NOT_FOUND,
    NOT_OVER,
    NOT_YOUR_SEAT,
    RESTARTING,
    SERVER_ERROR,
    SERVER_FULL,
    TOO_BIG,
    TOO_FAST,
    TOO_MANY_ROOMS,
    UNKNOWN_ROOM,
    AddressLimits,
    ProtocolError,
    check_nesting,
    error_message,
    quoted,
    unechoed,
)
from .review import UNKNOWN_LINK, review_router
from .rooms import RoomOptions, Rooms, token_hash
from .sockets import TOO_MANY_CONNECTS, GameSockets

STATIC = Path(__file__).parent / "static"
MAX_BODY_BYTES = 4096
MAX_PROBLEMS = 3  # of a request's body, told at once
HTTP_STATUS = {
    UNKNOWN_ROOM: 404,
    NOT_FOUND: 404,
    NOT_YOUR_SEAT: 409,
    NOT_OVER: 409,
    BAD_TOKEN: 403,
    BAD_MESSAGE: 400,
    TOO_FAST: 429,
    TOO_MANY_ROOMS: 429,
    SERVER_FULL: 503,
    RESTARTING: 503,
    SERVER_ERROR: 500,
    UNKNOWN_LINK: 404,
}
UNKNOWN_ROOM_CLOSE = 4404
TOO_MANY_CREATIONS = "too many rooms created from your address: wait a minute"
TOO_MANY_LISTINGS = "too many looks at the list of tables from your address: wait a minute"
LISTING_SECONDS = 1.0  # the public list is read from the store at most once in this time
# The page may run only its own scripts and styles, may not be framed, and talks only to its
# own server (``'self'`` covers its WebSocket). Style attributes and images written inline
# (the page's icon) are allowed: neither runs code.
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "style-src-attr 'unsafe-inline'",
        "img-src 'self' data:",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
SECURITY_HEADERS = {
    "content-security-policy": CONTENT_SECURITY_POLICY,
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    # A room's link is its code: never tell another site which room a page came from.
    "referrer-policy": "no-referrer",
    "cross-origin-opener-policy": "same-origin",
}
HSTS_SECONDS = 365 * 24 * 3600
log = logging.getLogger(__name__)


class CreateRoom(BaseModel):
    model_config = ConfigDict(extra="forbid")

    rules: str = "dujardin"
    seats: list[str] = Field(min_length=2, max_length=8, description="person or a bot level")
    race: int | None = None
    single_deal: bool = False
    listed: bool = False  # shown in the home page's list of tables
    show_names: bool = False  # with the people's names
    language: Language = "en"  # the creator's, shown in the list

    @model_validator(mode="before")
    @classmethod
    def no_seed(cls, data: Any) -> Any:
        if isinstance(data, dict) and "seed" in data:
            raise PydanticCustomError(
                "seed", "a room's deals are shuffled from a secret seed no client may choose"
            )
        return data


class QuickGame(BaseModel):
    model_config = ConfigDict(extra="forbid")

    rules: str = "dujardin"
    players: int = Field(default=2, ge=2, le=8)
    language: Language = "en"


class SeatToken(BaseModel):
    model_config = ConfigDict(extra="forbid")

    token: str = Field(min_length=1, max_length=200)


class JoinRoom(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(max_length=64)
    seat: int | None = None


def game_config(options: RoomOptions) -> dict[str, Any]:
    """What the page needs to draw cards and offer settings, from the project's own tables."""
    return {
        "presets": {
            name: {
                str(players): {
                    "sides": seating.sides,
                    "races": list(seating.races),
                    "extension": seating.extension,
                }
                for players, seating in rules.seatings.items()
            }
            for name, rules in PRESETS.items()
        },
        "levels": list(LEVELS),
        "bots_written": {level: name in bot_names() for level, name in LEVELS.items()},
        "cards": {
            card.notation: {
                "kind": card.kind,
                "km": KM.get(card),
                "names": {language: card_name(card, language) for language in LANGUAGES},
            }
            for card in CARDS
        },
        "remedy_for": {hazard.notation: remedy.notation for hazard, remedy in REMEDY_FOR.items()},
        "safety_for": {hazard.notation: safety.notation for hazard, safety in SAFETY_FOR.items()},
        "coup_fourre_seconds": options.coup_fourre_seconds,
        # The page's words as Fluent source, which it formats itself (@fluent/bundle, vendored):
        # its own group and the presets' names (shared with the terminal), with the locale its
        # numbers and plurals follow.
        "words": {language: group_source(language, "web", "preset") for language in LANGUAGES},
        "locales": {language: LOCALES[language] for language in LANGUAGES},
    }


# What the client sent in the request being answered (its path, query and body), set as the
# request comes in, so that no error repeats more than an excerpt of it (``unechoed``).
_sent: contextvars.ContextVar[str] = contextvars.ContextVar("sent", default="")


def _error(error: ProtocolError, status: int | None = None) -> JSONResponse:
    """The response for a refused request, in the one shape of every error."""
    message = error_message(unechoed(str(error), _sent.get()), error.code)
    return JSONResponse(message, status_code=status or HTTP_STATUS.get(error.code, 400))


class BoundedBody:
    """Reads a request's body before the application sees it, refusing it past
    ``MAX_BODY_BYTES`` however it is sent (with a length, in chunks, or with no length at all)
    and JSON nested past the protocol's depth, before any parser recurses into it."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        too_big = JSONResponse(
            error_message(f"a request body is at most {MAX_BODY_BYTES} bytes", TOO_BIG), 413
        )
        length = Headers(scope=scope).get("content-length", "0")
        if not length.isdigit() or int(length) > MAX_BODY_BYTES:
            await too_big(scope, receive, send)
            return
        body = bytearray()
        more = True
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            body += message.get("body", b"")
            if len(body) > MAX_BODY_BYTES:
                await too_big(scope, receive, send)
                return
            more = message.get("more_body", False)
        text = body.decode(errors="replace")
        query = scope["query_string"].decode(errors="replace")
        _sent.set(f"{scope['path']}?{query}\n{text}")
        try:
            check_nesting(text)
        except ProtocolError as error:
            await _error(error)(scope, receive, send)
            return
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if replayed:
                return await receive()
            replayed = True
            return {"type": "http.request", "body": bytes(body), "more_body": False}

        await self.app(scope, replay, send)


class SecurityHeaders:
    """Adds the security headers to every HTTP response, and ``Cache-Control: no-store`` to the
    API's (a join's answer holds a seat's secret token)."""

    def __init__(self, app: ASGIApp, https: bool) -> None:
        self.app = app
        headers = dict(SECURITY_HEADERS)
        if https:  # served over HTTPS by a proxy: browsers keep to HTTPS from now on
            headers["strict-transport-security"] = f"max-age={HSTS_SECONDS}"
        self.headers = [(name.encode(), value.encode()) for name, value in headers.items()]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        extra = self.headers
        if scope["path"].startswith("/api/"):
            extra = [*extra, (b"cache-control", b"no-store")]

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", ()), *extra]
            await send(message)

        await self.app(scope, receive, with_headers)


def client_address(scope: Scope, behind_proxy: bool) -> str:
    """The client's address: the connection's, or the one the proxy in front of the server saw
    (the last of X-Forwarded-For), when the server runs behind one."""
    if behind_proxy:
        forwarded = Headers(scope=scope).get("x-forwarded-for")
        if forwarded:
            return forwarded.rsplit(",", 1)[-1].strip()
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


def server_name() -> str:
    """A name for this server process, unique among those sharing a store: its leases'."""
    return f"{socket.gethostname()}/{os.getpid()}/{secrets.token_hex(4)}"


def create_app(
    db_path: str | Path,
    options: RoomOptions | None = None,
    *,
    public_url: str | None = None,
    loopback_only: bool = False,
) -> FastAPI:
    """The application, keeping its rooms in ``db_path`` (a SQLite file, or a PostgreSQL URL
    shared with other servers); a room there is played again when someone asks for it.
    ``public_url`` is the address friends use (invitation links say it); ``loopback_only`` says
    that the server listens on this machine's loopback alone, so that without a public address
    the page tells the host friends elsewhere cannot join."""
    options = options or RoomOptions()
    store = open_store(db_path, owner=server_name(), lease_seconds=options.lease_seconds)
    rooms = Rooms(store, options)
    public_url = public_url.rstrip("/") if public_url else None

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await rooms.resume()
        try:
            yield
        finally:
            await rooms.close()
            store.close()
            log.info("stopped")

    app = FastAPI(title="Mille Bornes", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.add_middleware(BoundedBody)
    https = public_url is not None and public_url.startswith("https://")
    app.add_middleware(SecurityHeaders, https=https)
    app.add_middleware(AccessLog, address=lambda scope: client_address(scope, options.behind_proxy))
    connects = AddressLimits(options.connects_per_minute / 60, options.connects_burst)
    app.add_middleware(
        GameSockets,
        rooms=rooms,
        connects=connects,
        address=lambda scope: client_address(scope, options.behind_proxy),
    )
    app.state.rooms = rooms
    app.include_router(review_router(store, rooms))
    creations = AddressLimits(options.rooms_per_minute / 60, options.rooms_burst)
    listings = AddressLimits(options.tables_per_minute / 60, options.tables_burst)
    listed: list[tuple[float, list[dict[str, Any]]]] = []  # the list as last read, and when

    def address_of(connection: HTTPConnection) -> str:
        return client_address(connection.scope, options.behind_proxy)

    def invitation(request: Request, code: str) -> str:
        """The link friends open to join room ``code``."""
        if public_url is not None:
            return f"{public_url}/room/{code}"
        return str(request.url_for("page", code=code))

    mimetypes.add_type("application/manifest+json", ".webmanifest")
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    # Every refusal raises a ProtocolError, turned into a response here and nowhere else.
    @app.exception_handler(ProtocolError)
    async def refused(request: Request, error: ProtocolError) -> JSONResponse:
        return _error(error)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, error: RequestValidationError) -> JSONResponse:
        problems = "; ".join(
            f"{'.'.join(_field(part) for part in problem['loc'][1:]) or 'body'}: {problem['msg']}"
            for problem in error.errors()[:MAX_PROBLEMS]
        )
        return _error(ProtocolError(problems, BAD_MESSAGE))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException) -> JSONResponse:
        if error.status_code == 404:
            return _error(ProtocolError("there is nothing at this address", NOT_FOUND))
        message = f"this address does not answer {quoted(request.method)} requests"
        return _error(ProtocolError(message, BAD_MESSAGE), error.status_code)

    @app.exception_handler(Exception)
    async def server_error(request: Request, error: Exception) -> JSONResponse:
        log.error("%s %s failed", request.method, request.url.path, exc_info=error)
        return _error(ProtocolError("the server failed; please try again", SERVER_ERROR))

    @app.get("/healthz", include_in_schema=False, response_model=None)
    async def health() -> dict[str, Any] | JSONResponse:
        """200 while the server takes games and its store answers; 503 once it is stopping
        (a proxy then sends new players elsewhere) or when the store does not answer."""
        if rooms.draining:
            return _error(ProtocolError("the server is stopping", RESTARTING))
        try:
            await rooms.executors.store(store.ping)
        except Exception:
            log.exception("the health check could not reach the store")
            return _error(ProtocolError("the game store does not answer", SERVER_ERROR))
        return {"status": "ok", "rooms": len(rooms.rooms)}

    @app.get("/", include_in_schema=False)
    @app.get("/room/{code}", include_in_schema=False)
    async def page() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/api/config")
    async def config() -> dict[str, Any]:
        return {
            **game_config(options),
            "public_url": public_url,
            "others_can_join": public_url is not None or not loopback_only,
        }

    @app.get("/api/rules/{rules}/{language}")
    async def rules_text(rules: str, language: str) -> dict[str, str]:
        """The rules of a preset in Markdown, the text the terminal shows on F1."""
        if rules not in PRESETS or language not in LANGUAGES:
            message = (
                f"there are rules for {', '.join(PRESETS)} in {', '.join(LANGUAGES)}, "
                f"not for {quoted(rules)} in {quoted(language)}"
            )
            raise ProtocolError(message, NOT_FOUND)
        return {"rules": rules, "language": language, "text": rules_help(rules, language)}

    def open_room(request: Request, body: CreateRoom) -> dict[str, Any]:
        """A new room of ``body``'s settings, with the creator's secret token (``host``)."""
        address = address_of(request)
        if not creations.allow(address):
            raise ProtocolError(TOO_MANY_CREATIONS, TOO_FAST)
        host = secrets.token_urlsafe(24)
        social = Social(
            host=token_hash(host),
            language=body.language,
            listed=body.listed,
            show_names=body.show_names,
        )
        try:
            room = rooms.create(
                body.rules,
                body.seats,
                race=body.race,
                single_deal=body.single_deal,
                creator=address,
                social=social,
            )
        except ProtocolError:
            raise
        except ValueError as error:  # the settings, refused by the rules
            raise ProtocolError(str(error), BAD_MESSAGE) from None
        link = invitation(request, room.code)
        return {"code": room.code, "link": link, "room": room.info(), "host": host}

    @app.post("/api/rooms", status_code=201)
    async def create_room(body: CreateRoom, request: Request) -> dict[str, Any]:
        return open_room(request, body)

    async def public_tables(request: Request) -> list[dict[str, Any]]:
        """The listed tables as the store holds them (read at most once a LISTING_SECONDS),
        each with how long it has waited; within the address's allowance."""
        if not listings.allow(address_of(request)):
            raise ProtocolError(TOO_MANY_LISTINGS, TOO_FAST)
        now = time.time()
        if not listed or now - listed[0][0] >= LISTING_SECONDS:
            read = await rooms.executors.store(store.listed)
            listed[:] = [(now, [summary for _, summary in read])]
        return [
            {**summary, "waited": max(0, round(now - summary["created"]))}
            for summary in listed[0][1]
        ]

    @app.get("/api/tables")
    async def tables(request: Request) -> dict[str, Any]:
        """The tables their creators listed: those with a free seat to take, and those in
        play to watch."""
        return {"tables": await public_tables(request)}

    @app.post("/api/tables/quick")
    async def quick_game(body: QuickGame, request: Request) -> dict[str, Any]:
        """The listed table with a free seat that best matches ``body`` (the same rules, then
        players, then language, the longest waiting first), or a new listed table of those
        settings, every seat a person's."""
        free = [table for table in await public_tables(request) if table["free"] > 0]

        def match(table: dict[str, Any]) -> tuple[bool, bool, bool, int]:
            same = (table["rules"] == body.rules, table["players"] == body.players)
            return (*same, table["language"] == body.language, table["waited"])

        if free:
            best = max(free, key=match)
            return {"code": best["code"], "link": invitation(request, best["code"])}
        settings = CreateRoom(
            rules=body.rules,
            seats=["person"] * body.players,
            listed=True,
            language=body.language,
        )
        return open_room(request, settings)

    @app.get("/api/rooms/{code}")
    async def describe_room(code: str) -> dict[str, Any]:
        return (await rooms.get(code)).info()

    @app.post("/api/rooms/{code}/join")
    async def join_room(code: str, body: JoinRoom, request: Request) -> dict[str, Any]:
        if not connects.allow(address_of(request)):
            raise ProtocolError(TOO_MANY_CONNECTS, TOO_FAST)
        seat, token = await (await rooms.get(code)).join(body.name, body.seat)
        return {"seat": seat, "token": token}

    @app.post("/api/rooms/{code}/rematch")
    async def rematch(code: str, body: SeatToken, request: Request) -> dict[str, Any]:
        """The room of the rematch for a seat of this finished room: the first call opens it
        (a room created from the caller's address), later ones find it."""
        address = address_of(request)
        room = await rooms.get(code)
        room.seat_of(body.token)
        if room.rematch is None and not creations.allow(address):
            raise ProtocolError(TOO_MANY_CREATIONS, TOO_FAST)
        new = await rooms.rematch(room, creator=address)
        return {"code": new.code, "link": invitation(request, new.code), "room": new.info()}

    return app


def _field(part: str | int) -> str:
    """A field's name in an error, cut short if a client made it up."""
    return quoted(part).strip("'") if isinstance(part, str) else str(part)
