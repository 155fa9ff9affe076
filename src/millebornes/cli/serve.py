"""``millebornes serve``: the browser game for friends, bots in the empty seats; on a network, or
on the internet behind a proxy that adds HTTPS (docs/deploy.md)."""

from __future__ import annotations

import argparse
import gc
import ipaddress
import os
import socket
from typing import Any

from .. import compiled
from ..core.phrase import Phrase
from ..store import SchemaMismatch, StoreUnavailable, default_path
from ..web.accepts import BOOLEAN
from ..web.server import listen
from ..web.settings import (
    ADMIN_TOKEN_VARIABLE,
    KNOBS,
    ServerSettings,
    SettingError,
    masked,
    read_settings,
    secret,
)
from ..words import say
from .usage import UsageError, helped, named, schema_mismatch

GC_YOUNG_OBJECTS = 20_000
# The name of each option's value in the help (cli.metavar.<name>), by the setting's key; the
# other times (keys ending so) are seconds and the other numbers counts.
SECONDS = ("_seconds", "_delay", "_pause")
LOG_FORMATS = ("text", "json")
VALUE_NAMES = {
    "host": "host",
    "port": "port",
    "db": "path",
    "public_url": "public_url",
    "worker_name": "name",
    "trusted_proxies": "address",
    "metrics_address": "address",
    "idle_hours": "hours",
    "keep_finished_days": "days",
    "seed": "seed",
}


def register(
    subparsers: argparse._SubParsersAction[argparse.ArgumentParser], language: str
) -> None:
    """Every knob with a flag (web/settings.py) as an option defaulting to None, so that a flag
    not given leaves the file's or the environment's value; its help shows the knob's default."""

    def help_(key: str) -> str:
        return helped(language, f"serve.{key}")

    serve = subparsers.add_parser("serve", help=help_("serve"), description=help_("description"))
    serve.add_argument(
        "--config", default=None, metavar=named(language, "file"), help=help_("config")
    )
    for knob in KNOBS.values():
        if knob.flag is None:
            continue
        name = knob.flag.removeprefix("--").replace("-", "_")
        shown = default_path("server.sqlite") if knob.key == "db" else knob.default
        described = help_(name).replace("%(path)s", str(shown)).replace("%(default)s", str(shown))
        kind = "store_true" if knob.accepts is BOOLEAN else "store"
        kind = "append" if knob.key == "trusted_proxies" else kind  # several, or a list
        value = VALUE_NAMES.get(knob.key, "seconds" if knob.key.endswith(SECONDS) else "count")
        shape: dict[str, Any] = {"metavar": named(language, value)}
        if kind == "store_true":
            shape = {}
        elif knob.key == "log_format":
            shape = {"choices": LOG_FORMATS}
        serve.add_argument(
            knob.flag, dest=knob.key, action=kind, default=None, help=described, **shape
        )
    serve.set_defaults(run=run)


def settings_of(args: argparse.Namespace) -> tuple[ServerSettings, str]:
    """The settings ``args`` give with the file and the environment, and the database's
    target (its password, if any, from the environment or its file). ``args`` may have some
    of the knobs' flags only (``millebornes admin``'s)."""
    flags = {key: getattr(args, key, None) for key, knob in KNOBS.items() if knob.flag}
    try:
        settings = read_settings(args.config, os.environ, flags)
        db = settings.database(os.environ)
    except SettingError as error:
        raise UsageError(error.phrase) from None
    return settings, db or str(default_path("server.sqlite"))


def _metrics_listener(value: str | None) -> socket.socket | None:
    """The listening socket of ``--metrics-address HOST:PORT`` (``[::1]:9100`` for IPv6)."""
    if value is None:
        return None
    host, _, port = value.rpartition(":")  # as the settings checked it
    return listen(host.strip("[]"), int(port))


def _is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def run(args: argparse.Namespace) -> int:
    settings, db = settings_of(args)
    options = settings.rooms
    try:
        from ..web.app import create_app
        from ..web.gameserver import game_server
        from ..web.logs import configure
    except ImportError as error:
        raise UsageError(Phrase("cli.serve.web_extra", {"module": str(error.name)})) from None
    try:
        admin_token = secret(os.environ, ADMIN_TOKEN_VARIABLE, settings.admin_token_file)
    except SettingError as error:
        raise UsageError(error.phrase) from None
    admin = _metrics_listener(settings.metrics_address)
    sock = listen(settings.host, settings.port)
    sockets = [sock] if admin is None else [sock, admin]
    metrics = settings.metrics if admin is None else admin.getsockname()[:2]
    loopback_only = _is_loopback(settings.host)
    try:
        app = create_app(
            db,
            options,
            public_url=settings.public_url,
            loopback_only=loopback_only,
            metrics=metrics,
            worker_name=settings.worker_name,
            admin_token=admin_token,
        )
    except StoreUnavailable as error:
        for listening in sockets:
            listening.close()
        if isinstance(error, SchemaMismatch):
            raise schema_mismatch(error) from None
        problem = {"path": masked(error.where), "error": error.detail}
        raise UsageError(Phrase("cli.serve.cannot_open", problem)) from None
    # Each action allocates thousands of short-lived objects (views as JSON data); Python's
    # default of a young collection every 700 allocations made garbage collection the server's
    # largest cost under load, and its pauses the largest part of the tail latency.
    gc.set_threshold(GC_YOUNG_OBJECTS, 20, 20)
    gc.freeze()  # what start-up loaded lives as long as the process: never scan it again
    port = sock.getsockname()[1]
    shown = "127.0.0.1" if settings.host in ("0.0.0.0", "::") else settings.host
    address = f"http://{shown}:{port}/"
    print(say(args.language, "cli.serve.served", address=address, path=masked(db)), flush=True)
    if settings.public_url is not None:
        print(
            say(args.language, "cli.serve.friends", address=f"{settings.public_url}/"), flush=True
        )
    elif loopback_only:
        print(say(args.language, "cli.serve.loopback_only"), flush=True)
    if compiled.describe() == compiled.PLAIN:  # an install without a C compiler (setup.py)
        print(say(args.language, "cli.serve.plain_python"), flush=True)
    configure(settings.log_format)
    game_server(app, options).run(sockets=sockets)
    return 0
