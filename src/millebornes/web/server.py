"""Running the browser game's server: the listening socket, uvicorn's settings, and the server in
a background thread for tests and benchmarks. ``millebornes serve`` (``cli/serve.py``) starts it."""

from __future__ import annotations

import errno
import socket
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING

from ..core.errors import SettingsError
from .rooms import RoomOptions

if TYPE_CHECKING:  # the web extra is imported only when the server starts
    import uvicorn
    from fastapi import FastAPI

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
MAX_WEBSOCKET_FRAME = 64 * 1024  # bigger frames are refused by the protocol layer itself
# The kernel's send buffer of each connection (its sockets inherit the listening one's): a
# client that stops reading pins at most this much memory, and its sends stall, so that it is
# dropped, after some tens of messages rather than megabytes of them (Linux lets a buffer grow
# to 4 MiB otherwise). States are a few kilobytes: plenty for one client.
SEND_BUFFER_BYTES = 64 * 1024


def listen(host: str, port: int) -> socket.socket:
    """A bound socket, so that a busy port is reported in one line rather than a traceback; its
    connections' send buffers are bounded."""
    if not 0 <= port <= 65535:
        raise SettingsError(f"a port is from 0 to 65535, not {port}")
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as error:
        raise SettingsError(f"cannot listen on {host!r}: {error.strerror}") from None
    family, kind, protocol, _, address = infos[0]
    sock = socket.socket(family, kind, protocol)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER_BYTES)
    try:
        sock.bind(address)
    except OSError as error:
        sock.close()
        hint = " (is another server running there?)" if error.errno == errno.EADDRINUSE else ""
        raise SettingsError(f"cannot listen on {host}:{port}: {error.strerror}{hint}") from None
    return sock


def server_config(app: FastAPI, options: RoomOptions) -> uvicorn.Config:
    """uvicorn's settings. Messages are not compressed: a state is a few kilobytes, and
    compressing four of them per action cost more server time than anything else we control.
    A ping every ``ping_seconds``, unanswered for as long, closes the connection (code 1011)."""
    import uvicorn

    return uvicorn.Config(
        app,
        ws_max_size=MAX_WEBSOCKET_FRAME,
        ws_per_message_deflate=False,
        ws_ping_interval=options.ping_seconds,
        ws_ping_timeout=options.ping_seconds,
        log_level="warning",
    )


class BackgroundServer:
    """The server in a thread on a free loopback port, for tests and benchmarks::

    with BackgroundServer(db_path, options) as server:
        ...  # server.url, server.ws_url(code)
    """

    def __init__(self, db: str | Path, options: RoomOptions, host: str = "127.0.0.1") -> None:
        import uvicorn

        from .app import create_app

        self.sock = listen(host, 0)
        self.port = self.sock.getsockname()[1]
        self.url = f"http://{host}:{self.port}"
        self.server = uvicorn.Server(server_config(create_app(db, options), options))
        self.thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True
        )

    def ws_url(self, code: str) -> str:
        return f"ws{self.url[4:]}/ws/{code}"

    def __enter__(self) -> BackgroundServer:
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the server did not start")
            time.sleep(0.01)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)
        self.sock.close()
