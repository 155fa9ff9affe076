"""``millebornes serve``: the browser game for friends on one network, bots in the empty seats."""

from __future__ import annotations

import argparse
import errno
import gc
import socket
import sqlite3
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING

from ..cli import UsageError
from ..store import default_path
from .rooms import RoomOptions

if TYPE_CHECKING:  # the web extra is imported only when the server starts
    import uvicorn
    from fastapi import FastAPI

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
MAX_WEBSOCKET_FRAME = 64 * 1024  # bigger frames are refused by the protocol layer itself
GC_YOUNG_OBJECTS = 20_000
# The limits on clients given as options (docs/security.md), each a RoomOptions field.
LIMITS = {
    "idle_hours": "close and archive a room nobody has been connected to this long (%(default)s)",
    "rooms_per_minute": "rooms one address may create a minute, on average (%(default)s)",
    "connects_per_minute": "joins and connections one address may open a minute (%(default)s)",
    "rooms_per_address": "open rooms one address may hold at once (%(default)s)",
}
# The kernel's send buffer of each connection (its sockets inherit the listening one's): a
# client that stops reading pins at most this much memory, and its sends stall, so that it is
# dropped, after some tens of messages rather than megabytes of them (Linux lets a buffer grow
# to 4 MiB otherwise). States are a few kilobytes: plenty for one client.
SEND_BUFFER_BYTES = 64 * 1024


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    serve = subparsers.add_parser(
        "serve",
        help="start the browser game (rooms for friends, bots in empty seats)",
        description="Serve the browser game. Open the printed address, create a room and send "
        "its invitation link to your friends (use --host 0.0.0.0 to let other machines in).",
    )
    serve.add_argument(
        "--host", default=DEFAULT_HOST, help=f"address to listen on ({DEFAULT_HOST})"
    )
    serve.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port ({DEFAULT_PORT})")
    serve.add_argument(
        "--db",
        type=Path,
        default=None,
        help=f"SQLite file keeping every room (default: {default_path('server.sqlite')})",
    )
    defaults = RoomOptions()
    serve.add_argument(
        "--away-seconds",
        type=float,
        default=defaults.away_seconds,
        help="a bot plays for a person disconnected this long, until they return (%(default)s)",
    )
    serve.add_argument(
        "--coup-fourre-seconds",
        type=float,
        default=defaults.coup_fourre_seconds,
        help="time to answer a coup-fourré before it is declined (%(default)s)",
    )
    serve.add_argument(
        "--bot-delay",
        type=float,
        default=defaults.bot_delay,
        help="seconds a bot waits before each move, so people can follow (%(default)s)",
    )
    serve.add_argument(
        "--deal-pause",
        type=float,
        default=defaults.deal_pause,
        help="seconds bots wait at most after a deal for the people to close its score sheet "
        "(%(default)s)",
    )
    serve.add_argument(
        "--settle-seconds",
        type=float,
        default=defaults.settle_seconds,
        help="after an attack someone might answer with a coup-fourré, how long the next seat "
        "waits to see it, so that a pause does not tell who could answer (%(default)s)",
    )
    for field, text in LIMITS.items():
        default = getattr(defaults, field)
        serve.add_argument(
            "--" + field.replace("_", "-"), type=type(default), default=default, help=text
        )
    serve.add_argument(
        "--behind-proxy",
        action="store_true",
        help="the server is reached only through a reverse proxy: a client's address is the "
        "last one of the X-Forwarded-For header the proxy sets",
    )
    serve.add_argument(
        "--seed",
        type=int,
        default=None,
        help="deal every room from this seed, for tests and demos only: whoever knows it "
        "knows every hand (default: a secret 128-bit seed per room)",
    )
    serve.set_defaults(run=run)


def _options(args: argparse.Namespace) -> RoomOptions:
    for flag in (
        "away_seconds",
        "coup_fourre_seconds",
        "bot_delay",
        "deal_pause",
        "settle_seconds",
    ):
        value = getattr(args, flag)
        if not 0 <= value <= 86400:
            option = "--" + flag.replace("_", "-")
            raise UsageError(f"{option} is a number of seconds from 0 to 86400, not {value}")
    for flag in LIMITS:
        value = getattr(args, flag)
        if not 0 < value <= 1_000_000:
            option = "--" + flag.replace("_", "-")
            raise UsageError(f"{option} is a positive number, not {value}")
    return RoomOptions(
        coup_fourre_seconds=args.coup_fourre_seconds,
        away_seconds=args.away_seconds,
        bot_delay=args.bot_delay,
        deal_pause=args.deal_pause,
        settle_seconds=args.settle_seconds,
        seed=args.seed,
        behind_proxy=args.behind_proxy,
        **{field: getattr(args, field) for field in LIMITS},
    )


def listen(host: str, port: int) -> socket.socket:
    """A bound socket, so that a busy port is reported in one line rather than a traceback; its
    connections' send buffers are bounded."""
    if not 0 <= port <= 65535:
        raise UsageError(f"--port is from 0 to 65535, not {port}")
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as error:
        raise UsageError(f"cannot listen on {host!r}: {error.strerror}") from None
    family, kind, protocol, _, address = infos[0]
    sock = socket.socket(family, kind, protocol)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER_BYTES)
    try:
        sock.bind(address)
    except OSError as error:
        sock.close()
        hint = " (is another server running there?)" if error.errno == errno.EADDRINUSE else ""
        raise UsageError(f"cannot listen on {host}:{port}: {error.strerror}{hint}") from None
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


def run(args: argparse.Namespace) -> int:
    options = _options(args)
    try:
        import uvicorn

        from .app import create_app
    except ImportError as error:
        raise UsageError(
            f"the browser game needs the web extra ({error.name} is missing): "
            "pip install -e '.[web]'"
        ) from None
    db = args.db or default_path("server.sqlite")
    sock = listen(args.host, args.port)
    try:
        app = create_app(db, options)
    except (sqlite3.Error, OSError) as error:
        sock.close()
        raise UsageError(f"cannot open the game database {db}: {error}") from None
    # Each action allocates thousands of short-lived objects (views as JSON data); Python's
    # default of a young collection every 700 allocations made garbage collection the server's
    # largest cost under load, and its pauses the largest part of the tail latency.
    gc.set_threshold(GC_YOUNG_OBJECTS, 20, 20)
    gc.freeze()  # what start-up loaded lives as long as the process: never scan it again
    port = sock.getsockname()[1]
    shown = "127.0.0.1" if args.host in ("0.0.0.0", "::") else args.host
    print(
        f"Mille Bornes is served at http://{shown}:{port}/ (rooms kept in {db}); Ctrl+C stops",
        flush=True,
    )
    uvicorn.Server(server_config(app, options)).run(sockets=[sock])
    return 0


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
