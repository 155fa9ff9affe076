"""``millebornes serve``: the browser game for friends, bots in the empty seats; on a network, or
on the internet behind a proxy that adds HTTPS (docs/deploy.md)."""

from __future__ import annotations

import argparse
import gc
import ipaddress
import os
import socket
from urllib.parse import urlsplit

from .. import compiled
from ..core.phrase import Phrase
from ..store import StoreUnavailable, default_path
from ..web.options import RoomOptions, networks
from ..web.server import DEFAULT_HOST, DEFAULT_PORT, listen
from ..words import say
from .usage import UsageError, helped

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
        help=help_("db").replace("%(path)s", str(default_path("server.sqlite"))),
    )
    defaults = RoomOptions()
    for field in (*SECONDS, *LIMITS):
        default = getattr(defaults, field)
        serve.add_argument(
            "--" + field.replace("_", "-"), type=type(default), default=default, help=help_(field)
        )
    serve.add_argument("--behind-proxy", action="store_true", help=help_("behind_proxy"))
    serve.add_argument(
        "--trusted-proxy",
        action="append",
        default=[os.environ.get("MILLEBORNES_TRUSTED_PROXIES", "")],
        help=help_("trusted_proxy"),
    )
    serve.add_argument(
        "--public-url",
        default=os.environ.get("MILLEBORNES_PUBLIC_URL") or None,
        help=help_("public_url"),
    )
    serve.add_argument(
        "--lease-seconds", type=float, default=defaults.lease_seconds, help=help_("lease_seconds")
    )
    serve.add_argument("--search-processes", type=int, default=None, help=help_("search_processes"))
    serve.add_argument(
        "--log-format", choices=("text", "json"), default="text", help=help_("log_format")
    )
    serve.add_argument("--seed", type=int, default=None, help=help_("seed"))
    serve.add_argument("--metrics", action="store_true", help=help_("metrics"))
    serve.add_argument("--metrics-address", default=None, help=help_("metrics_address"))
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
    try:
        trusted_proxies = networks(args.trusted_proxy)
    except ValueError as error:
        raise UsageError(Phrase("cli.serve.trusted_proxy", {"value": str(error)})) from None
    return RoomOptions(
        coup_fourre_seconds=args.coup_fourre_seconds,
        away_seconds=args.away_seconds,
        bot_delay=args.bot_delay,
        deal_pause=args.deal_pause,
        settle_seconds=args.settle_seconds,
        seed=args.seed,
        behind_proxy=args.behind_proxy,
        trusted_proxies=trusted_proxies,
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


def _metrics_listener(value: str | None) -> socket.socket | None:
    """The listening socket of ``--metrics-address HOST:PORT`` (``[::1]:9100`` for IPv6)."""
    if value is None:
        return None
    host, _, port = value.rpartition(":")
    if not host or not port.isdigit():
        raise UsageError(Phrase("cli.serve.metrics_address", {"value": value}))
    return listen(host.strip("[]"), int(port))


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
    admin = _metrics_listener(args.metrics_address)
    sock = listen(args.host, args.port)
    sockets = [sock] if admin is None else [sock, admin]
    metrics = args.metrics if admin is None else admin.getsockname()[:2]
    loopback_only = _is_loopback(args.host)
    try:
        app = create_app(
            db, options, public_url=public_url, loopback_only=loopback_only, metrics=metrics
        )
    except StoreUnavailable as error:
        for listening in sockets:
            listening.close()
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
    if compiled.describe() == compiled.PLAIN:  # an install without a C compiler (setup.py)
        print(say(args.language, "cli.serve.plain_python"), flush=True)
    configure(args.log_format)
    game_server(app, options).run(sockets=sockets)
    return 0
