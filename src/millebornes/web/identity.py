"""Players, not just rooms: a first visit makes a player, known by a secret in an HttpOnly,
SameSite=Lax cookie (never in a URL; the store keeps its hash), who may take a name unique on
the server (``playernames.py``), carry themselves to another device with a one-time code,
protect themselves with a password (argon2) or a passkey (``passkeys.py``) and find their
games on every device (``history.py``). The seats a player takes are theirs (``link_seat``);
the rooms' own seat tokens still work as they did.

``GET /api/me`` the player (made at the first visit); ``POST /api/me/name`` names them;
``POST /api/me/code`` makes a one-time code, ``POST /api/me/claim`` uses it on another device;
``POST /api/me/password`` sets a password, ``POST /api/me/signin`` signs in with it;
``GET /api/me/games`` their games. Their devices, and signing them out: ``devices.py``."""

from __future__ import annotations

import asyncio
import secrets
import uuid
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, ConfigDict, Field
from starlette.requests import HTTPConnection

from ..core.phrase import Phrase
from ..store.players import NameTaken, PlayerRecord
from ..words import word
from .history import told_history
from .playernames import NAME_TAKEN, player_name, skeleton
from .protocol import TOO_FAST, ProtocolError
from .rooms import Rooms
from .seats import token_hash
from .site import Site, SiteDep

COOKIE = "millebornes_player"
MAX_SECRET_CHARS = 64  # a secret is 43 characters (32 random bytes): longer is not one
COOKIE_SECONDS = 400 * 86400  # the longest a browser keeps a cookie (Chromium's cap)
CODE_SECONDS = 600.0  # a one-time code lasts ten minutes: time to type it on another device
# A one-time code's letters: no 0/O, 1/I/L, to read it off a screen. 8 of 31 letters are about
# 40 bits: guessing one of the codes alive takes far more tries than an address is allowed.
CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 8
NO_PLAYER = "no-player"
BAD_CODE = "bad-code"
BAD_PASSWORD = "bad-password"
NO_DEVICE = "no-device"
HTTP_STATUS = {NO_PLAYER: 401, BAD_CODE: 403, BAD_PASSWORD: 403, NO_DEVICE: 404, NAME_TAKEN: 409}
TOO_MANY_TRIES = "too many tries from your address: wait a minute"

router = APIRouter()
hasher = PasswordHasher()  # argon2id with argon2-cffi's defaults (RFC 9106's second choice)


class Named(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(max_length=64)


class Code(BaseModel):
    model_config = ConfigDict(extra="forbid")

    code: str = Field(min_length=1, max_length=32)


class Password(BaseModel):
    model_config = ConfigDict(extra="forbid")

    password: str = Field(min_length=8, max_length=200)


class SignIn(Password):
    name: str = Field(max_length=64)


def refused(key: str, code: str) -> ProtocolError:
    return ProtocolError(word(Phrase(f"refusal.{key}"), "en"), code)


async def in_store(site: Site, call: Any, *args: Any) -> Any:
    return await site.rooms.executors.store(call, *args)


async def current_player(rooms: Rooms, connection: HTTPConnection) -> PlayerRecord | None:
    """The player whose secret the connection's cookie holds, None without a known one."""
    secret = connection.cookies.get(COOKIE)
    if not secret or len(secret) > MAX_SECRET_CHARS:
        return None
    found: PlayerRecord | None = await rooms.executors.store(
        rooms.store.player_of, token_hash(secret)
    )
    return found


async def connected_player(
    rooms: Rooms, connection: HTTPConnection, code: str
) -> tuple[str | None, tuple[int, ...]]:
    """The connection's player (None without a known one) and the seats of room ``code`` they
    took (on any device)."""
    player = await current_player(rooms, connection)
    if player is None:
        return None, ()
    seats: tuple[int, ...] = await rooms.executors.store(rooms.store.linked_seats, code, player.id)
    return player.id, seats


async def required_player(site: Site, request: Request) -> PlayerRecord:
    player = await current_player(site.rooms, request)
    if player is None:
        raise refused("no_player", NO_PLAYER)
    return player


async def link_seat(site: Site, request: Request, code: str, seat: int) -> None:
    """The seat just taken is the player's, if the request comes from one."""
    player = await current_player(site.rooms, request)
    if player is not None:
        await in_store(site, site.store.link_seat, code, seat, player.id)


def within_allowance(site: Site, request: Request) -> None:
    """A request that makes something or checks a secret, within the address's allowance."""
    if not site.connects.allow(site.address_of(request)):
        raise ProtocolError(TOO_MANY_TRIES, TOO_FAST)


async def new_session(
    site: Site, request: Request, response: Response, player_id: str | None
) -> str:
    """A new device's secret in the response's cookie, for ``player_id`` (None: a new player,
    as at a first visit); the player's id. The store keeps what the device says it is."""
    secret = secrets.token_urlsafe(32)
    agent = request.headers.get("user-agent")
    if player_id is None:
        player_id = uuid.uuid4().hex
        await in_store(site, site.store.add_player, player_id, token_hash(secret), agent)
    else:
        await in_store(site, site.store.add_session, player_id, token_hash(secret), agent)
    https = site.public_url is not None and site.public_url.startswith("https://")
    response.set_cookie(
        COOKIE, secret, max_age=COOKIE_SECONDS, httponly=True, samesite="lax", secure=https
    )
    return player_id


def told(player: PlayerRecord) -> dict[str, Any]:
    """What a player's own page knows of them (never a secret nor a hash)."""
    return {"id": player.id, "name": player.name, "password": player.password is not None}


@router.get("/api/me")
async def me(request: Request, response: Response, site: SiteDep) -> dict[str, Any]:
    """The player of this device, made now at its first visit."""
    player = await current_player(site.rooms, request)
    if player is not None:
        return told(player)
    within_allowance(site, request)
    player_id = await new_session(site, request, response, None)
    return told(PlayerRecord(player_id, None, None))


@router.post("/api/me/name")
async def name(body: Named, request: Request, site: SiteDep) -> dict[str, Any]:
    player = await required_player(site, request)
    chosen = player_name(body.name)
    try:
        await in_store(site, site.store.name_player, player.id, chosen, skeleton(chosen))
    except NameTaken:
        raise refused("name_taken", NAME_TAKEN) from None
    return told(PlayerRecord(player.id, chosen, player.password))


@router.post("/api/me/code")
async def make_code(request: Request, site: SiteDep) -> dict[str, Any]:
    """A one-time code that carries the player to another device (the last one made is the
    only one that works)."""
    player = await required_player(site, request)
    within_allowance(site, request)
    code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
    await in_store(site, site.store.add_code, player.id, token_hash(code), CODE_SECONDS)
    return {"code": code, "seconds": CODE_SECONDS}


@router.post("/api/me/claim")
async def claim(body: Code, request: Request, response: Response, site: SiteDep) -> dict[str, Any]:
    """This device becomes the player's whose one-time code it was given."""
    within_allowance(site, request)
    typed = "".join(body.code.split()).replace("-", "").upper()
    player_id = await in_store(site, site.store.use_code, token_hash(typed))
    if player_id is None:
        raise refused("bad_code", BAD_CODE)
    return await signed_in(site, request, response, player_id)


async def signed_in(
    site: Site, request: Request, response: Response, player_id: str
) -> dict[str, Any]:
    """This device's cookie now holds a new secret of ``player_id``'s."""
    await new_session(site, request, response, player_id)
    found: PlayerRecord = await in_store(site, site.store.player, player_id)
    return told(found)


@router.post("/api/me/password")
async def set_password(body: Password, request: Request, site: SiteDep) -> dict[str, Any]:
    player = await required_player(site, request)
    within_allowance(site, request)
    hashed = await asyncio.to_thread(hasher.hash, body.password)
    await in_store(site, site.store.set_password, player.id, hashed)
    return told(PlayerRecord(player.id, player.name, hashed))


@router.post("/api/me/signin")
async def sign_in(
    body: SignIn, request: Request, response: Response, site: SiteDep
) -> dict[str, Any]:
    """This device becomes the player's of that name and password."""
    within_allowance(site, request)
    found: PlayerRecord | None = await in_store(site, site.store.named, skeleton(body.name))
    if found is None or found.password is None:
        raise refused("bad_password", BAD_PASSWORD)
    try:
        await asyncio.to_thread(hasher.verify, found.password, body.password)
    except (VerificationError, InvalidHashError):
        raise refused("bad_password", BAD_PASSWORD) from None
    return await signed_in(site, request, response, found.id)


@router.get("/api/me/games")
async def games(request: Request, site: SiteDep) -> dict[str, Any]:
    """The player's games, the latest played first (``history.py``)."""
    player = await required_player(site, request)
    return {"games": await in_store(site, told_history, site.store, player.id)}
