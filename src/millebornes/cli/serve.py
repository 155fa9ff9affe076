"""``millebornes serve``: the browser game for friends, bots in the empty seats; on a network, or
on the internet behind a proxy that adds HTTPS (docs/deploy.md)."""

from __future__ import annotations

import argparse
import gc
import ipaddress
import os
from urllib.parse import urlsplit

from ..store import StoreError, default_path
from ..web.rooms import RoomOptions
from ..web.server import DEFAULT_HOST, DEFAULT_PORT, listen
from .usage import UsageError

GC_YOUNG_OBJECTS = 20_000
# The limits on clients given as options (docs/security.md), each a RoomOptions field.
LIMITS = {
    "idle_hours": "close and archive a room nobody has been connected to this long (%(default)s)",
    "rooms_per_minute": "rooms one address may create a minute, on average (%(default)s)",
    "connects_per_minute": "joins and connections one address may open a minute (%(default)s)",
    "rooms_per_address": "open rooms one address may hold at once (%(default)s)",
}


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
        default=None,
        help="where every room is kept: a SQLite file, or a PostgreSQL URL "
        "(postgresql://USER@HOST/DATABASE) that several servers share "
        f"(default: {default_path('server.sqlite')})",
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
        "--public-url",
        default=os.environ.get("MILLEBORNES_PUBLIC_URL") or None,
        help="the address friends open, e.g. https://cards.example.org (invitation links say "
        "it; default: $MILLEBORNES_PUBLIC_URL, or the address the page was opened at)",
    )
    serve.add_argument(
        "--lease-seconds",
        type=float,
        default=defaults.lease_seconds,
        help="with several servers on one database: when a server dies, another takes its rooms "
        "this long after it last renewed their leases (%(default)s)",
    )
    serve.add_argument(
        "--search-processes",
        type=int,
        default=None,
        help="processes in which hard bots search, at a lower priority than the server "
        "(default: one a core)",
    )
    serve.add_argument(
        "--log-format",
        choices=("text", "json"),
        default="text",
        help="logs on standard error: a line of text, or a JSON object, an event (%(default)s)",
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
    if args.search_processes is not None and not 1 <= args.search_processes <= 256:
        raise UsageError(f"--search-processes is from 1 to 256, not {args.search_processes}")
    if not 0.5 <= args.lease_seconds <= 3600:
        raise UsageError(f"--lease-seconds is from 0.5 to 3600, not {args.lease_seconds}")
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
        lease_seconds=args.lease_seconds,
        search_processes=args.search_processes,
        **{field: getattr(args, field) for field in LIMITS},
    )


def _public_url(value: str | None) -> str | None:
    if value is None:
        return None
    parts = urlsplit(value)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise UsageError(
            f"--public-url is an address such as https://cards.example.org, not {value!r}"
        )
    return value.rstrip("/")


def _is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def run(args: argparse.Namespace) -> int:
    options = _options(args)
    public_url = _public_url(args.public_url)
    if not 0 <= args.port <= 65535:
        raise UsageError(f"--port is from 0 to 65535, not {args.port}")
    try:
        from ..web.app import create_app
        from ..web.gameserver import game_server
        from ..web.logs import configure
    except ImportError as error:
        raise UsageError(
            f"the browser game needs the web extra ({error.name} is missing): "
            "pip install -e '.[web]'"
        ) from None
    db = args.db or default_path("server.sqlite")
    sock = listen(args.host, args.port)
    loopback_only = _is_loopback(args.host)
    try:
        app = create_app(db, options, public_url=public_url, loopback_only=loopback_only)
    except StoreError as error:
        sock.close()
        raise UsageError(str(error)) from None
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
    if public_url is not None:
        print(f"Friends join at {public_url}/", flush=True)
    elif loopback_only:
        print(
            "Only this machine can open it: --host 0.0.0.0 lets your network in, and "
            "docs/deploy.md puts it on the internet",
            flush=True,
        )
    configure(args.log_format)
    game_server(app, options).run(sockets=[sock])
    return 0
