"""``millebornes serve``: the browser game for friends, bots in the empty seats; on a network, or
on the internet behind a proxy that adds HTTPS (docs/deploy.md)."""

from __future__ import annotations

import argparse
import gc
import ipaddress
import os
from urllib.parse import urlsplit

from ..core.phrase import Phrase
from ..store import StoreUnavailable, default_path
from ..web.options import RoomOptions
from ..web.server import DEFAULT_HOST, DEFAULT_PORT, listen
from ..words import say
from .usage import UsageError, helped, named

GC_YOUNG_OBJECTS = 20_000
# The times (in seconds) and the limits on clients (docs/security.md) given as options, each a
# RoomOptions field; each option's help is cli.help.serve.<field>.
SECONDS = ("away_seconds", "coup_fourre_seconds", "bot_delay", "deal_pause", "settle_seconds")
LIMITS = (
    "idle_hours",
    "rooms_per_minute",
    "connects_per_minute",
    "rooms_per_address",
    "tables_per_minute",
)
# The name of each limit's value in the help; the times are SECONDS.
VALUE_NAMES = {"idle_hours": "hours", **dict.fromkeys(LIMITS[1:], "count")}


def register(
    subparsers: argparse._SubParsersAction[argparse.ArgumentParser], language: str
) -> None:
    def help_(key: str) -> str:
        return helped(language, f"serve.{key}")

    serve = subparsers.add_parser("serve", help=help_("serve"), description=help_("description"))
    serve.add_argument("--host", default=DEFAULT_HOST, help=help_("host"))
    serve.add_argument("--port", type=int, default=DEFAULT_PORT, help=help_("port"))
    serve.add_argument(
        "--db",
        default=None,
        metavar=named(language, "path"),
        help=help_("db").replace("%(path)s", str(default_path("server.sqlite"))),
    )
    defaults = RoomOptions()
    for field in (*SECONDS, *LIMITS):
        default = getattr(defaults, field)
        serve.add_argument(
            "--" + field.replace("_", "-"),
            type=type(default),
            default=default,
            metavar=named(language, VALUE_NAMES.get(field, "seconds")),
            help=help_(field),
        )
    serve.add_argument("--behind-proxy", action="store_true", help=help_("behind_proxy"))
    serve.add_argument(
        "--public-url",
        default=os.environ.get("MILLEBORNES_PUBLIC_URL") or None,
        help=help_("public_url"),
    )
    serve.add_argument(
        "--lease-seconds",
        type=float,
        default=defaults.lease_seconds,
        metavar=named(language, "seconds"),
        help=help_("lease_seconds"),
    )
    serve.add_argument(
        "--search-processes",
        type=int,
        default=None,
        metavar=named(language, "count"),
        help=help_("search_processes"),
    )
    serve.add_argument(
        "--log-format", choices=("text", "json"), default="text", help=help_("log_format")
    )
    serve.add_argument("--seed", type=int, default=None, help=help_("seed"))
    serve.set_defaults(run=run)


def _options(args: argparse.Namespace) -> RoomOptions:
    for flag in SECONDS:
        value = getattr(args, flag)
        if not 0 <= value <= 86400:
            option = "--" + flag.replace("_", "-")
            refused = {"option": option, "most": 86400, "value": value}
            raise UsageError(Phrase("cli.serve.seconds", refused))
    if args.search_processes is not None and not 1 <= args.search_processes <= 256:
        raise UsageError(Phrase("cli.serve.search_processes", {"value": args.search_processes}))
    if not 0.5 <= args.lease_seconds <= 3600:
        raise UsageError(Phrase("cli.serve.lease_seconds", {"value": args.lease_seconds}))
    for flag in LIMITS:
        value = getattr(args, flag)
        if not 0 < value <= 1_000_000:
            option = "--" + flag.replace("_", "-")
            raise UsageError(Phrase("cli.serve.positive", {"option": option, "value": value}))
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
        raise UsageError(Phrase("cli.serve.public_url", {"value": value}))
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
        raise UsageError(Phrase("cli.serve.port", {"port": args.port}))
    try:
        from ..web.app import create_app
        from ..web.gameserver import game_server
        from ..web.logs import configure
    except ImportError as error:
        raise UsageError(Phrase("cli.serve.web_extra", {"module": str(error.name)})) from None
    db = args.db or default_path("server.sqlite")
    sock = listen(args.host, args.port)
    loopback_only = _is_loopback(args.host)
    try:
        app = create_app(db, options, public_url=public_url, loopback_only=loopback_only)
    except StoreUnavailable as error:
        sock.close()
        problem = {"path": error.where, "error": error.detail}
        raise UsageError(Phrase("cli.serve.cannot_open", problem)) from None
    # Each action allocates thousands of short-lived objects (views as JSON data); Python's
    # default of a young collection every 700 allocations made garbage collection the server's
    # largest cost under load, and its pauses the largest part of the tail latency.
    gc.set_threshold(GC_YOUNG_OBJECTS, 20, 20)
    gc.freeze()  # what start-up loaded lives as long as the process: never scan it again
    port = sock.getsockname()[1]
    shown = "127.0.0.1" if args.host in ("0.0.0.0", "::") else args.host
    address = f"http://{shown}:{port}/"
    print(say(args.language, "cli.serve.served", address=address, path=str(db)), flush=True)
    if public_url is not None:
        print(say(args.language, "cli.serve.friends", address=f"{public_url}/"), flush=True)
    elif loopback_only:
        print(say(args.language, "cli.serve.loopback_only"), flush=True)
    configure(args.log_format)
    game_server(app, options).run(sockets=[sock])
    return 0
