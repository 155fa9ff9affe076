"""Players blocking players (issue 46): from a room's chat a player blocks the person of a seat
or a spectator who wrote, and that person's chat lines and reactions are never sent to them
again, in any room, now and later (``Talk.reads`` leaves them out on the server); the blocked
player is not told. Bots and people with no player cannot be blocked. The player's page lists
whom they block, and unblocks them.

``{"type": "block", "author": "seat:1"}`` on a room's socket blocks (answered with
``{"type": "blocked", "authors": [...], "now": true}``, the authors that player writes as in
each room the player has open here; ``"now": false`` when a player blocked takes a seat);
``GET /api/me/blocks`` lists, ``POST /api/me/unblock`` unblocks."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field

from .chat import is_author
from .client import Client
from .identity import NO_PLAYER, current_player, required_player
from .protocol import Block, ProtocolError, quoted
from .room import Room
from .site import Site, SiteDep

CANNOT_BLOCK = "cannot-block"
HANDLE_CHARS = 16  # hex digits of a blocked player's handle on the blocker's page

router = APIRouter()


class Unblock(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str = Field(min_length=1, max_length=64)


def handle(player: str, blocked: str) -> str:
    """How ``player``'s page names a player they block: not the blocked player's id."""
    return hashlib.sha256(f"{player}\n{blocked}".encode()).hexdigest()[:HANDLE_CHARS]


def _blocked_by(room: Room, client: Client, author: str) -> tuple[str, str]:
    """The player ``author`` writes for in ``room``, and the name they have there (empty for
    a spectator who gave none); refused for a bot, oneself or a person with no player."""
    if not is_author(author, len(room.seats.presence)):
        raise ProtocolError(
            f"there is no author {quoted(author)}: authors are seat:N or watcher:ID"
        )
    kind, _, rest = author.partition(":")
    if kind == "seat":
        seat = int(rest)
        if not room.table.is_person(seat):
            raise ProtocolError("bots cannot be blocked", CANNOT_BLOCK)
        player, name = room.talk.holders.get(seat), room.table.names()[seat] or ""
    else:
        player = room.talk.watchers.get(rest)
        written = [m["name"] for m in room.talk.log if m["author"] == author and m["name"]]
        name = written[-1] if written else ""
    if player is None:
        raise ProtocolError("this person has no player to block: mute them", CANNOT_BLOCK)
    if player == client.player:
        raise ProtocolError("you cannot block yourself", CANNOT_BLOCK)
    return player, name


async def block(room: Room, client: Client, block: Block) -> None:
    """``client``'s player blocks the player of ``block.author``: stored, then the player's
    connections to every room of this server stop getting their messages (another server's
    learn it when they connect again)."""
    if client.player is None:
        raise ProtocolError("only a player blocks: reload the page to be one", NO_PLAYER)
    blocked, name = _blocked_by(room, client, block.author)
    await room.keep(client.language, room.rooms.store.block, client.player, blocked, name)
    for other, reader in _connections(room.rooms.rooms, client.player):
        reader.blocked.add(blocked)
        authors = sorted(other.talk.authors_of(blocked))
        reader.push({"type": "blocked", "authors": authors, "now": True})


def _connections(rooms: dict[str, Room], player: str) -> Iterator[tuple[Room, Client]]:
    """The connections of ``player`` to ``rooms``, each with its room."""
    for room in list(rooms.values()):
        for reader in room.clients():
            if reader.player == player:
                yield room, reader


async def _told_blocks(site: Site, player: str) -> list[dict[str, Any]]:
    """The players ``player`` blocks as their page lists them (a handle, never an id)."""
    found: list[tuple[str, str]] = await site.rooms.executors.store(site.store.blocks, player)
    return [{"id": handle(player, blocked), "name": name or None} for blocked, name in found]


@router.get("/api/me/blocks")
async def blocks(request: Request, site: SiteDep) -> dict[str, Any]:
    """The players this device's player blocks (none for a device with no player yet)."""
    player = await current_player(site.rooms, request)
    return {"blocks": [] if player is None else await _told_blocks(site, player.id)}


@router.post("/api/me/unblock")
async def unblock(body: Unblock, request: Request, site: SiteDep) -> dict[str, Any]:
    """The player no longer blocks the player of that handle (an unknown one changes nothing):
    their messages reach the player's connections again from now on."""
    player = await required_player(site, request)
    store, executors = site.store, site.rooms.executors
    for blocked, _ in await executors.store(store.blocks, player.id):
        if handle(player.id, blocked) == body.id:
            await executors.store(store.unblock, player.id, blocked)
            for _, reader in _connections(site.rooms.rooms, player.id):
                reader.blocked.discard(blocked)
    return {"blocks": await _told_blocks(site, player.id)}
