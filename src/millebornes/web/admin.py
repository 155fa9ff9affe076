"""The operator's endpoints of a live server (docs/deploy.md, Administration): close a room,
drain this server, announce a message to every table it plays. Each answers only a request
bearing the operator's token (``Authorization: Bearer``, the token of ``admin_token_file`` or
MILLEBORNES_ADMIN_TOKEN); with no token set they are not there (404), so that a server
nobody administers shows nothing of them. ``millebornes admin close|drain|announce`` call
them."""

from __future__ import annotations

import logging
import secrets
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from pydantic import BaseModel, Field

from ..words import say
from .protocol import CLOSED, NOT_FOUND, UNAUTHORIZED, ProtocolError, error_message
from .site import Site, SiteDep
from .sockets import UNKNOWN_ROOM_CLOSE

router = APIRouter(prefix="/admin", include_in_schema=False)
log = logging.getLogger(__name__)
# The most characters of an announcement: a few sentences, as a toast on a phone shows them.
MOST_ANNOUNCED = 300


def _operator(request: Request, site: SiteDep) -> Site:
    """The site, for a request bearing the operator's token; refused without a word of why."""
    token = site.admin_token
    if token is None:
        raise ProtocolError("there is nothing at this address", NOT_FOUND)
    scheme, _, given = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not secrets.compare_digest(
        given.strip().encode(), token.encode()
    ):
        raise ProtocolError("this needs the operator's token", UNAUTHORIZED)
    return site


OperatorDep = Annotated[Site, Depends(_operator)]


class Announcement(BaseModel):
    text: str = Field(min_length=1, max_length=MOST_ANNOUNCED)


@router.post("/rooms/{code}/close")
async def close(code: str, site: OperatorDep) -> dict[str, Any]:
    """Tell the room's players, each in its language, that the operator closed it, and archive
    it: it is never resumed, here or on another server."""
    room = await site.rooms.get(code, take_over=True)  # from the server that holds it
    await room.stop()
    for client in room.clients():
        client.push(error_message(say(client.language, "web.errors.closed"), CLOSED))
        client.close(UNKNOWN_ROOM_CLOSE, "closed", drop=False)  # the page does not reconnect
    await site.rooms.close_room(room, watched=True)
    log.info("room %s closed by the operator", code)
    return {"closed": code}


@router.post("/drain")
async def drain(site: OperatorDep) -> dict[str, Any]:
    """Take no room any more and let go of those played here: their players reconnect through
    the proxy, which sends them to another server (``/healthz`` says 503 from now on)."""
    rooms = site.rooms
    site.drained = rooms.draining = True
    playing = list(rooms.rooms.values())
    for room in playing:
        await rooms.let_go(room, release=True, reason="drained")
    log.info("drained by the operator", extra={"fields": {"rooms": len(playing)}})
    return {"drained": len(playing)}


@router.post("/announce")
async def announce(announcement: Announcement, site: OperatorDep) -> dict[str, Any]:
    """Show the operator's text to every client of the rooms this server plays, introduced in
    its own language: how many were told."""
    told = 0
    for room in site.rooms.rooms.values():
        for client in room.clients():
            said = say(client.language, "web.announcement", text=announcement.text)
            client.push({"type": "announcement", "text": said})
            told += 1
    log.info("announced to %d clients", told)
    return {"told": told}
