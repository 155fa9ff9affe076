"""Every knob of ``millebornes serve`` in one place: :class:`ServerSettings` (the rooms' own in
:class:`~millebornes.web.options.RoomOptions`, where each default lives), read from a TOML file
(``--config`` or ``$MILLEBORNES_CONFIG``), then the environment (``MILLEBORNES_<KEY>``), then
the command's flags: the later wins. :data:`KNOBS` says what each accepts and why it is there;
docs/deploy.md's table is written from it (``python -m millebornes.web.settings``).

A value that does not fit is refused as a :class:`SettingError` whose phrase names the key as it
was given (``max_rooms in FILE``, ``MILLEBORNES_MAX_ROOMS`` or ``--max-rooms``), the value and
what is accepted."""

from __future__ import annotations

import dataclasses
import difflib
import json
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit, urlunsplit

from ..core.phrase import Phrase, one_line
from .accepts import (
    BOOLEAN,
    HOST_PORT,
    NETWORKS,
    PUBLIC_URL,
    TEXT,
    Accepts,
    choice,
    days,
    positive,
    seconds,
    whole,
)
from .options import RoomOptions
from .server import DEFAULT_HOST, DEFAULT_PORT

CONFIG_VARIABLE = "MILLEBORNES_CONFIG"
# The database's password and the admin endpoints' token (web/admin.py), never in a file of
# settings nor on a command line (``ps`` shows those): from these variables (the password from
# libpq's own PGPASSWORD too), or from ``db_password_file`` and ``admin_token_file``.
PASSWORD_VARIABLE = "MILLEBORNES_DB_PASSWORD"
ADMIN_TOKEN_VARIABLE = "MILLEBORNES_ADMIN_TOKEN"


class SettingError(Exception):
    """A setting that cannot be taken, said by ``phrase``."""

    def __init__(self, phrase: Phrase) -> None:
        super().__init__(phrase)
        self.phrase = phrase


@dataclass(frozen=True)
class ServerSettings:
    """What ``millebornes serve`` runs with: where it listens and keeps its rooms, how it is
    reached and watched, and its rooms' timings and bounds (``rooms``)."""

    host: str = DEFAULT_HOST
    port: int = DEFAULT_PORT
    db: str | None = None  # None: server.sqlite in the user's data folder
    db_password_file: str | None = None
    admin_token_file: str | None = None
    public_url: str | None = None
    worker_name: str | None = None  # None: a name of its own at each start
    metrics: bool = False
    metrics_address: str | None = None
    log_format: str = "text"
    rooms: RoomOptions = field(default_factory=RoomOptions)

    def database(self, environ: Mapping[str, str]) -> str | None:
        """The database URL with its password from ``MILLEBORNES_DB_PASSWORD`` or
        ``db_password_file`` when the URL has none (libpq reads PGPASSWORD itself)."""
        if self.db is None or not self.db.startswith(("postgresql://", "postgres://")):
            return self.db
        parts = urlsplit(self.db)
        password = secret(environ, PASSWORD_VARIABLE, self.db_password_file)
        if password is None or parts.password is not None:
            return self.db
        user, _, host = parts.netloc.rpartition("@")
        netloc = f"{user}:{quote(password, safe='')}@{host}"
        return urlunsplit(parts._replace(netloc=netloc))


def secret(environ: Mapping[str, str], variable: str, path: str | None) -> str | None:
    """A secret from the environment's ``variable``, else from the file at ``path``: the
    database's password, the admin endpoints' token (None: they answer 404)."""
    secret = environ.get(variable, "").strip() or None
    if secret is None and path is not None:
        try:
            secret = Path(path).read_text(encoding="utf-8").strip() or None
        except OSError as error:
            problem = {"path": path, "error": str(error.strerror)}
            raise SettingError(Phrase("cli.settings.unreadable", problem)) from None
    return secret


def masked(target: str) -> str:
    """``target`` (a path or a database URL) fit to print: a URL's password as ``***``."""
    parts = urlsplit(target)
    if parts.scheme not in ("postgresql", "postgres") or parts.password is None:
        return target
    user, _, host = parts.netloc.rpartition("@")
    return urlunsplit(parts._replace(netloc=f"{user.partition(':')[0]}:***@{host}"))


# ----------------------------------------------------------------- the knobs


@dataclass(frozen=True)
class Knob:
    """A setting: its ``key`` (in the file; ``MILLEBORNES_<KEY>`` in the environment), what it
    accepts, its one line of why, and the option of ``millebornes serve`` setting it, if any."""

    key: str
    accepts: Accepts
    meaning: str
    flag: str | None = None

    @property
    def variable(self) -> str:
        return "MILLEBORNES_" + self.key.upper()

    @property
    def default(self) -> Any:
        if self.key in _ROOM_FIELDS:
            return getattr(RoomOptions(), self.key)
        return getattr(ServerSettings(), self.key)


KNOBS = {
    knob.key: knob
    for knob in (
        Knob("host", TEXT, "the address to listen on; 0.0.0.0 or :: lets others in", "--host"),
        Knob("port", whole(0, 65535), "the port to listen on (0: any free one)", "--port"),
        Knob(
            "db",
            TEXT,
            "a SQLite file (default: server.sqlite in the data folder) or a postgresql:// URL",
            "--db",
        ),
        Knob("db_password_file", TEXT, "a file holding the database's password (not in the URL)"),
        Knob("admin_token_file", TEXT, "a file holding the admin endpoints' token (not here)"),
        Knob(
            "public_url", PUBLIC_URL, "the address friends open; invitations say it", "--public-url"
        ),
        Knob(
            "worker_name",
            TEXT,
            "this process's name among those on one database, the same after a restart",
            "--worker-name",
        ),
        Knob(
            "behind_proxy",
            BOOLEAN,
            "the peer is always a proxy: read X-Forwarded-For",
            "--behind-proxy",
        ),
        Knob(
            "trusted_proxies",
            NETWORKS,
            "proxies whose X-Forwarded-For entries are skipped",
            "--trusted-proxy",
        ),
        Knob("metrics", BOOLEAN, "serve /metrics on the game's own port", "--metrics"),
        Knob(
            "metrics_address",
            HOST_PORT,
            "serve /metrics only on this HOST:PORT of its own",
            "--metrics-address",
        ),
        Knob(
            "log_format",
            choice(("text", "json")),
            "a line of text, or a JSON object an event",
            "--log-format",
        ),
        Knob(
            "max_rooms",
            positive(whole=True),
            "rooms open at once; the next creation is refused",
            "--max-rooms",
        ),
        Knob(
            "max_spectators", whole(0, 10_000), "spectators one room lets watch", "--max-spectators"
        ),
        Knob(
            "rooms_per_address",
            positive(whole=True),
            "open rooms one address may hold",
            "--rooms-per-address",
        ),
        Knob(
            "rooms_per_minute",
            positive(),
            "rooms one address may create a minute, on average",
            "--rooms-per-minute",
        ),
        Knob("rooms_burst", positive(whole=True), "rooms one address may create at once"),
        Knob(
            "connects_per_minute",
            positive(),
            "joins and WebSockets one address may open a minute",
            "--connects-per-minute",
        ),
        Knob(
            "connects_burst",
            positive(whole=True),
            "joins and WebSockets one address may open at once",
        ),
        Knob(
            "tables_per_minute",
            positive(),
            "looks at the public list one address may take a minute",
            "--tables-per-minute",
        ),
        Knob(
            "tables_burst",
            positive(whole=True),
            "looks at the public list one address may take at once",
        ),
        Knob(
            "listing_seconds",
            seconds(60),
            "seconds between two readings of the public list from the store",
        ),
        Knob("messages_per_second", positive(), "messages one connection may send a second"),
        Knob("message_burst", positive(whole=True), "messages one connection may send at once"),
        Knob("chat_per_second", positive(), "chat lines one writer may send a second"),
        Knob("chat_burst", positive(whole=True), "chat lines one writer may send at once"),
        Knob("reactions_per_second", positive(), "reactions one player may send a second"),
        Knob("reaction_burst", positive(whole=True), "reactions one player may send at once"),
        Knob(
            "coup_fourre_seconds",
            seconds(),
            "time to answer a coup-fourré before it is declined",
            "--coup-fourre-seconds",
        ),
        Knob(
            "extension_seconds",
            seconds(),
            "a person's time to decide on the extension before it is declined",
        ),
        Knob(
            "settle_seconds",
            seconds(),
            "after an attack one might answer, the next seat waits this long",
            "--settle-seconds",
        ),
        Knob(
            "away_seconds",
            seconds(),
            "a bot plays for a person disconnected this long",
            "--away-seconds",
        ),
        Knob(
            "bot_delay",
            seconds(),
            "seconds a bot waits before each move, so people follow",
            "--bot-delay",
        ),
        Knob(
            "deal_pause",
            seconds(),
            "bots wait at most this long after a deal for its score sheet",
            "--deal-pause",
        ),
        Knob(
            "review_hold",
            seconds(),
            "a person reading the review of the deal just ended holds the next this long",
        ),
        Knob(
            "idle_hours",
            positive(),
            "a room nobody was connected to this long is closed",
            "--idle-hours",
        ),
        Knob(
            "keep_finished_days",
            days(),
            "a game over that nobody played or reviewed this long is deleted (0: never)",
            "--keep-finished-days",
        ),
        Knob(
            "send_seconds",
            seconds(60, 0.1),
            "a connection is dropped when a message takes longer than this to send",
        ),
        Knob(
            "ping_seconds", seconds(60, 0.1), "a connection answering no ping this long is dropped"
        ),
        Knob(
            "heartbeat_seconds",
            seconds(60, 0.1),
            "the server pings each page this often, and the page answers",
        ),
        Knob(
            "silent_seconds",
            seconds(600, 1),
            "a page heard nothing from this long (a stalled network) counts as gone",
        ),
        Knob(
            "lease_seconds",
            seconds(3600, 0.5),
            "another server takes a dead one's rooms this long after",
            "--lease-seconds",
        ),
        Knob(
            "search_processes",
            whole(1, 256),
            "processes for hard bots' searches (default: a core each)",
            "--search-processes",
        ),
        Knob(
            "seed",
            whole(0, 2**128),
            "deal every room from this seed: tests and demos only",
            "--seed",
        ),
    )
}
_ROOM_FIELDS = frozenset(f.name for f in dataclasses.fields(RoomOptions))
_SERVER_FIELDS = frozenset(f.name for f in dataclasses.fields(ServerSettings)) - {"rooms"}
assert set(KNOBS) == (_ROOM_FIELDS | _SERVER_FIELDS), "every field is a knob, once"


def _taken(knob: Knob, value: Any, given_as: Phrase | str, *, typed: bool = False) -> Any:
    """``value`` read as ``knob`` accepts it; ``typed``: as TOML gave it, of one of its kinds
    (a number written as text in a file is a mistake the environment cannot make)."""
    try:
        if typed and (
            not isinstance(value, knob.accepts.kinds)
            or (isinstance(value, bool) and bool not in knob.accepts.kinds)
        ):
            raise ValueError(json.dumps(value, default=str))  # as TOML would write it
        return knob.accepts.read(value)
    except ValueError as error:  # its argument: the value, or the part of it refused
        refused = error.args[0] if error.args else value
        shown = one_line(refused) if isinstance(refused, str) else repr(refused).replace("'", '"')
        said = {"name": given_as, "accepted": knob.accepts.phrase, "value": shown}
        raise SettingError(Phrase("cli.settings.refused", said)) from None


def read_file(path: str) -> dict[str, Any]:
    """The settings of the TOML file at ``path``, each checked."""
    try:
        with open(path, "rb") as file:
            written = tomllib.load(file)
    except OSError as error:
        problem = {"path": path, "error": str(error.strerror)}
        raise SettingError(Phrase("cli.settings.unreadable", problem)) from None
    except tomllib.TOMLDecodeError as error:
        raise SettingError(
            Phrase("cli.settings.not_toml", {"path": path, "error": str(error)})
        ) from None
    taken = {}
    for key, value in written.items():
        if key not in KNOBS:
            nearest = difflib.get_close_matches(key, list(KNOBS), n=1, cutoff=0.5)
            unknown = {"setting": key, "path": path, "nearest": nearest[0] if nearest else "none"}
            raise SettingError(Phrase("cli.settings.unknown", unknown))
        in_file = Phrase("cli.settings.in_file", {"setting": key, "path": path})
        taken[key] = _taken(KNOBS[key], value, in_file, typed=True)
    return taken


def read_settings(
    path: str | None, environ: Mapping[str, str], flags: Mapping[str, Any]
) -> ServerSettings:
    """The settings from the file at ``path`` (or ``$MILLEBORNES_CONFIG``; none: the defaults),
    overridden by the environment's ``MILLEBORNES_<KEY>``, overridden by ``flags`` (a knob's key
    to the value its flag was given, None where it was not)."""
    path = path or environ.get(CONFIG_VARIABLE) or None
    taken = read_file(path) if path is not None else {}
    for knob in KNOBS.values():
        if environ.get(knob.variable, "").strip():
            taken[knob.key] = _taken(knob, environ[knob.variable], knob.variable)
    for key, value in flags.items():
        if value is not None:
            taken[key] = _taken(KNOBS[key], value, KNOBS[key].flag or key)
    rooms = RoomOptions(**{k: v for k, v in taken.items() if k in _ROOM_FIELDS})
    return ServerSettings(rooms=rooms, **{k: v for k, v in taken.items() if k in _SERVER_FIELDS})


def table() -> str:
    """docs/deploy.md's table of every setting."""
    lines = ["| key | variable | flag | default | meaning |", "|---|---|---|---|---|"]
    for knob in KNOBS.values():
        default = knob.default
        if isinstance(default, bool):
            default = "true" if default else "false"
        elif isinstance(default, float):
            default = f"{default:.4g}"
        default = "—" if default in (None, ()) else f"`{default}`"
        flag = f"`{knob.flag}`" if knob.flag else ""
        lines.append(f"| `{knob.key}` | `{knob.variable}` | {flag} | {default} | {knob.meaning} |")
    return "\n".join(lines)


if __name__ == "__main__":
    print(table())
