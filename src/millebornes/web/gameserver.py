"""uvicorn's part of the server: its settings, a WebSocket protocol that cuts the connections
it gives up on, and a graceful stop (docs/deploy.md)."""

from __future__ import annotations

import asyncio
import socket
from typing import TYPE_CHECKING, Any

import uvicorn
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.protocol import State

from .options import RoomOptions

if TYPE_CHECKING:
    from fastapi import FastAPI

    from .rooms import Rooms
    from .site import Site

MAX_WEBSOCKET_FRAME = 64 * 1024  # bigger frames are refused by the protocol layer itself
# Once the server closes a WebSocket, how long the client has to take the close before the
# connection is cut: a client that reads nothing would otherwise hold it, and the bytes queued
# for it, forever (a graceful close waits for them to be sent).
ABORT_SECONDS = 2.0
# How long a stopping server waits for its connections to close before cancelling them.
GRACEFUL_STOP_SECONDS = 5


class AbortingWebSockets(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol, except that a connection being closed is cut
    (``transport.abort()``) if it is still open ``ABORT_SECONDS`` later, whoever closed it and
    why (a send that timed out, an unanswered ping, the server stopping), and at once when the
    server closes it while the client is not reading (its close frame could never be sent)."""

    abort_timer: asyncio.TimerHandle | None = None

    def _abort_later(self) -> None:
        if self.abort_timer is None and not self.disconnected:
            self.abort_timer = self.loop.call_later(ABORT_SECONDS, self._abort)

    def _abort(self) -> None:
        if not self.disconnected:
            self.transport.abort()

    def _closing(self) -> bool:
        return self.close_sent or self.transport.is_closing()

    def connection_lost(self, exc: Exception | None) -> None:
        if self.abort_timer is not None:
            self.abort_timer.cancel()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self._closing():
            self._abort_later()

    def keepalive_timeout(self) -> None:
        super().keepalive_timeout()
        self._abort_later()

    def shutdown(self) -> None:
        if self.conn.state in (State.CLOSING, State.CLOSED) and not self.close_sent:
            # Its closing began without the server (the client's close, answered already, or a
            # frame it could not parse): uvicorn would send a close frame again and raise,
            # leaving the connections after this one open as the server stops.
            self.stop_keepalive()
            self.transport.close()
        else:
            super().shutdown()
        self._abort_later()

    async def run_asgi(self) -> None:
        await super().run_asgi()
        self._abort_later()

    async def send(self, message: Any) -> None:
        if message["type"] == "websocket.close" and not self.writable.is_set():
            self.transport.abort()  # its buffer is full: a close frame would never leave
            return
        await super().send(message)
        if self._closing():
            self._abort_later()


def server_config(app: FastAPI, options: RoomOptions) -> uvicorn.Config:
    """uvicorn's settings. Messages are not compressed: a state is a few kilobytes, and
    compressing four of them per action cost more server time than anything else we control.
    A ping every ``ping_seconds``, unanswered for as long, closes the connection (code 1011).
    The application logs requests itself (``web/logs.py``), and reads the address a proxy
    forwarded itself (``--behind-proxy``): uvicorn would trust the first, which a client
    writes."""
    return uvicorn.Config(
        app,
        ws=AbortingWebSockets,
        ws_max_size=MAX_WEBSOCKET_FRAME,
        ws_per_message_deflate=False,
        ws_ping_interval=options.ping_seconds,
        ws_ping_timeout=options.ping_seconds,
        proxy_headers=False,
        server_header=False,
        access_log=False,
        log_config=None,
        timeout_graceful_shutdown=GRACEFUL_STOP_SECONDS,
    )


class GameServer(uvicorn.Server):
    """uvicorn's server, stopping (on SIGTERM or Ctrl+C) as docs/deploy.md says: no action is
    taken any more, every change under way is stored and sent, the rooms are handed back (their
    leases released, so that another server takes them at once), and then uvicorn closes every
    connection with code 1012, which tells the page to reconnect."""

    def __init__(self, config: uvicorn.Config, rooms: Rooms) -> None:
        super().__init__(config)
        self.rooms = rooms

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        await self.rooms.drain()
        await super().shutdown(sockets)


def game_server(app: FastAPI, options: RoomOptions) -> GameServer:
    site: Site = app.state.site
    return GameServer(server_config(app, options), site.rooms)
