"""Running the browser game's server: the listening socket, and the server in a background
thread for tests and benchmarks. ``millebornes serve`` (``cli/serve.py``) starts it; uvicorn's
part is in ``gameserver.py``, imported only when a server starts."""

from __future__ import annotations

import errno
import socket
import threading
import time
from pathlib import Path
from typing import Any

from ..core.errors import SettingsError
from ..core.phrase import Phrase
from .options import RoomOptions

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
# The kernel's send buffer of each connection (its sockets inherit the listening one's): a
# client that stops reading pins at most this much memory, and its sends stall, so that it is
# dropped, after some tens of messages rather than megabytes of them (Linux lets a buffer grow
# to 4 MiB otherwise). States are a few kilobytes: plenty for one client.
SEND_BUFFER_BYTES = 64 * 1024
LISTEN_BACKLOG = 2048  # uvicorn's own


def listen(host: str, port: int) -> socket.socket:
    """A listening socket, so that a busy port is reported in one line rather than a traceback
    and connections wait in its backlog until the server starts; their send buffers are
    bounded."""
    if not 0 <= port <= 65535:
        raise SettingsError(Phrase("cli.serve.port", {"port": port}))
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as error:
        where = {"where": repr(host), "error": str(error.strerror)}
        raise SettingsError(Phrase("settings.listen", where)) from None
    family, kind, protocol, _, address = infos[0]
    sock = socket.socket(family, kind, protocol)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER_BYTES)
    try:
        sock.bind(address)
    except OSError as error:
        sock.close()
        where = {"where": f"{host}:{port}", "error": str(error.strerror)}
        busy = error.errno == errno.EADDRINUSE
        raise SettingsError(
            Phrase("settings.port_busy" if busy else "settings.listen", where)
        ) from None
    sock.listen(LISTEN_BACKLOG)
    return sock


class BackgroundServer:
    """The server in a thread on a free loopback port, for tests and benchmarks::

    with BackgroundServer(db_path, options) as server:
        ...  # server.url, server.ws_url(code)
    """

    def __init__(
        self, db: str | Path, options: RoomOptions, host: str = "127.0.0.1", **settings: Any
    ) -> None:
        from .app import create_app
        from .gameserver import game_server

        self.sock = listen(host, 0)
        self.port = self.sock.getsockname()[1]
        self.url = f"http://{host}:{self.port}"
        self.server = game_server(create_app(db, options, **settings), options)
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
