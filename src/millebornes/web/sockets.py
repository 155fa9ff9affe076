"""The game's WebSocket, ``/ws/CODE``, answered in raw ASGI in front of the application: each
connection's reader (the messages of :mod:`millebornes.web.protocol`), its writer (its queue of
messages, drained into the socket) and the watch over writers that stall.

It bypasses the framework's WebSocket route and objects, which wrapped every message sent or
received in a few more calls (a few percent of the server's time an action); everything else
(the page, the API) goes through the application as usual.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Receive, Scope, Send

from .bans import Bans
from .blocks import block
from .client import REMOVED_CLOSE, TRY_LATER_CLOSE, Client
from .clock import Clock
from .encoding import encode
from .identity import connect_player
from .logs import access
from .protocol import (
    MOVED,
    RESTARTING,
    SERVER_ERROR,
    TOO_FAST,
    Act,
    AddressLimits,
    Block,
    Chat,
    Hello,
    Message,
    Mute,
    NextDeal,
    Ping,
    Pong,
    ProtocolError,
    RateLimit,
    React,
    Remove,
    Settings,
    error_message,
    parse_message,
    unechoed,
)
from .room import Room
from .rooms import Rooms

PATH = re.compile(r"/ws/([^/]*)")
UNKNOWN_ROOM_CLOSE = 4404
TOO_MANY_CONNECTS = "too many connections from your address: wait a minute"
log = logging.getLogger(__name__)


class GameSockets:
    """ASGI middleware: ``/ws/CODE`` connects to the room ``CODE`` (within the per-address
    limits of ``connects``), anything else goes on to ``app``."""

    def __init__(
        self,
        app: ASGIApp,
        rooms: Rooms,
        connects: AddressLimits,
        address: Callable[[Scope], str],
        bans: Bans,
    ) -> None:
        self.app = app
        self.rooms = rooms
        self.connects = connects
        self.address = address
        self.bans = bans

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        found = PATH.fullmatch(scope["path"]) if scope["type"] == "websocket" else None
        if found is None:
            await self.app(scope, receive, send)
            return
        if (await receive())["type"] != "websocket.connect":
            return
        code = found.group(1)
        started = time.monotonic()
        ending = "left"  # why the connection ended, for the log
        refusable = "websocket.http.response" in scope.get("extensions", {})
        try:
            if self.rooms.draining and refusable:
                await _refuse_to_open(send, 503, "the server is restarting", RESTARTING)
                ending = "refused: server stopping"
            elif refusable and await self.rooms.played_elsewhere(code):
                await _refuse_to_open(send, 404, "another server plays this room", MOVED)
                ending = "refused: played elsewhere"
            else:
                await send({"type": "websocket.accept"})
                ending = await self._serve(scope, receive, send, code)
        finally:
            fields = {
                "path": f"/ws/{code[:64]}",
                "client": self.address(scope),
                "seconds": round(time.monotonic() - started, 1),
                "ended": ending,
            }
            access.info("websocket", extra={"fields": fields})

    async def _serve(self, scope: Scope, receive: Receive, send: Send, code: str) -> str:
        """Play through the connection until it ends; why it ended."""
        if not self.connects.allow(self.address(scope)):
            await _refuse(send, error_message(TOO_MANY_CONNECTS, TOO_FAST), TRY_LATER_CLOSE)
            return "too many connections"
        try:
            await self.bans.check(self.address(scope))
        except ProtocolError as error:
            await _refuse(send, error_message(str(error), error.code), REMOVED_CLOSE)
            return error.code
        try:
            room = await self.rooms.get(code)
        except ProtocolError as error:
            refusal = error_message(unechoed(str(error), code), error.code)
            passing = error.code in (MOVED, RESTARTING)  # the page reconnects in a moment
            await _refuse(send, refusal, TRY_LATER_CLOSE if passing else UNKNOWN_ROOM_CLOSE)
            return error.code
        client = Client()
        client.address = self.address(scope)
        await connect_player(self.rooms, HTTPConnection(scope), client, room.code)
        client.heard = client.pinged = self.rooms.clock.monotonic()
        reader = asyncio.create_task(_receive_all(receive, room, client))
        writer = asyncio.create_task(_send_all(send, client, self.rooms.clock))
        try:
            await asyncio.wait((reader, writer), return_when=asyncio.FIRST_COMPLETED)
            # Why, as it was when the connection ended (not after leaving, which may await the
            # store while the server starts to stop).
            if self.rooms.draining:
                ending = "server stopping"
            else:
                ending = "left" if reader.done() else client.close_reason
        finally:
            reader.cancel()
            # Gone or too far behind: its seats count as left at once, whatever its socket does.
            await room.leave(client)
            await self.rooms.forget_if_idle(room)
            if writer.done():  # cut at once if it reads nothing at all (AbortingWebSockets)
                with contextlib.suppress(Exception):
                    close = {"code": client.close_code, "reason": client.close_reason}
                    await send({"type": "websocket.close", **close})
            else:
                writer.cancel()
        return ending


async def _refuse_to_open(send: Send, status: int, why: str, code: str) -> None:
    """Refuse the connection before it opens, with an HTTP ``status`` the proxy in front of
    several servers (deploy/nginx) reads as "try the next one": 503 while this server stops or
    is drained, as its health check says (the next takes the room over); 404 while another
    live server plays the room (the room stays there, this server kept in use)."""
    body = encode(error_message(f"{why}: try again in a moment", code))
    headers = [(b"content-type", b"application/json"), (b"retry-after", b"1")]
    await send({"type": "websocket.http.response.start", "status": status, "headers": headers})
    await send({"type": "websocket.http.response.body", "body": body.encode()})


async def _refuse(send: Send, refusal: dict[str, str], code: int) -> None:
    await send({"type": "websocket.send", "text": encode(refusal)})
    await send({"type": "websocket.close", "code": code})


async def _receive_all(receive: Receive, room: Room, client: Client) -> None:
    """Handle the client's messages until it disconnects."""
    options = room.options
    limit = RateLimit(options.messages_per_second, options.message_burst, room.clock.monotonic)
    while True:
        message = await receive()
        if message["type"] != "websocket.receive":
            return
        client.heard = room.clock.monotonic()
        text = message.get("text")
        try:
            await _handle(room, client, limit, text)
        except ProtocolError as error:
            client.push(error_message(unechoed(str(error), text or ""), error.code))
        except Exception:  # a bug: the client is told, and its connection stays
            log.exception("room %s: a message failed", room.code)
            client.push(error_message("the server failed; please try again", SERVER_ERROR))


M = TypeVar("M", bound=Message)
Handler = Callable[[Room, Client, Any], Awaitable[None]]


def _on(
    kind: type[M], handler: Callable[[Room, Client, M], Awaitable[None]]
) -> tuple[type[object], Handler]:
    """A line of ``HANDLERS``: messages of class ``kind`` go to ``handler``."""
    return kind, handler


async def _pong(room: Room, client: Client, ping: Ping) -> None:
    client.push({"type": "pong"})


async def _heard(room: Room, client: Client, pong: Pong) -> None:
    """The page answered the heartbeat: hearing it was all (``_receive_all`` noted when)."""


# What each message does, called with its room and the client that sent it: the room's handler
# as the room has it when the message comes.
HANDLERS: dict[type[object], Handler] = dict(
    [
        _on(Hello, lambda room, client, hello: room.hello(client, hello)),
        _on(Act, lambda room, client, act: room.act(client, act)),
        _on(NextDeal, lambda room, client, _: room.next_deal(client)),
        _on(Ping, _pong),
        _on(Pong, _heard),
        _on(Chat, lambda room, client, chat: room.chat(client, chat)),
        _on(React, lambda room, client, react: room.chat(client, react)),
        _on(Mute, lambda room, client, mute: room.mute(client, mute)),
        _on(Block, block),
        _on(Settings, lambda room, client, settings: room.settings(client, settings)),
        _on(Remove, lambda room, client, remove: room.remove(client, remove)),
    ]
)


async def _handle(room: Room, client: Client, limit: RateLimit, text: str | None) -> None:
    if not limit.allow():
        raise ProtocolError("too many messages: slow down", TOO_FAST)
    if text is None:
        raise ProtocolError("messages are JSON text, not binary data")
    message = parse_message(text)
    await HANDLERS[type(message)](room, client, message)


async def _send_all(send: Send, client: Client, clock: Clock) -> None:
    """Drain the client's queue into its socket until it falls too far behind: a None in the
    queue (too many messages waiting), or the watch over sends (``Rooms._watch_connections``, which
    reads the same ``clock``) cancels a send that stalled."""
    client.writer = asyncio.current_task()
    with contextlib.suppress(OSError):  # uvicorn's ClientDisconnected: it left
        while (text := await client.outbox.get()) is not None:
            client.sending_since = clock.monotonic()
            await send({"type": "websocket.send", "text": text})
            client.sending_since = None
    client.closed = True
