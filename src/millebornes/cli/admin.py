"""``millebornes admin``: an operator's work on the server's database, found as ``millebornes
serve`` finds it (``--config``, ``MILLEBORNES_DB``, ``--db``): bring its schema up to date, back
it up and restore it, delete the old finished games, list the rooms; and a live server's, through
its admin endpoints (``live.py``): close a room, drain it, announce a message (docs/deploy.md).

Each subcommand is an :class:`Action` of :data:`ACTIONS`: its options and what it does. Another
is added there, its words in the catalogs (``cli.help.admin.<name>``)."""

from __future__ import annotations

import argparse
import ipaddress
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from ..core.phrase import Phrase, one_line
from ..store import (
    SchemaMismatch,
    ServerStore,
    StoreUnavailable,
    is_postgres,
    open_store,
    schema,
)
from ..web.options import BAN_SECONDS
from ..web.settings import KNOBS, masked
from ..words import say
from . import live
from .serve import settings_of
from .usage import UsageError, helped, named, schema_mismatch

Parser = argparse.ArgumentParser


@dataclass(frozen=True)
class Action:
    """A subcommand of ``millebornes admin``: ``options`` adds its own to its parser (the
    database's are every one's), ``run`` does it with the database's target: its exit status."""

    name: str
    options: Callable[[Parser, str], None]
    run: Callable[[argparse.Namespace, str], int]


def register(subparsers: argparse._SubParsersAction[Parser], language: str) -> None:
    def help_(key: str) -> str:
        return helped(language, f"admin.{key}")

    admin = subparsers.add_parser("admin", help=help_("admin"), description=help_("description"))
    actions = admin.add_subparsers(dest="action", metavar=named(language, "command"), required=True)
    for action in ACTIONS:
        parser = actions.add_parser(
            action.name, help=help_(action.name), description=help_(f"{action.name}_description")
        )
        parser.add_argument(
            "--config", default=None, metavar=named(language, "file"), help=help_("config")
        )
        parser.add_argument("--db", default=None, metavar=named(language, "path"), help=help_("db"))
        action.options(parser, language)
        parser.set_defaults(run=_running(action))


def _running(action: Action) -> Callable[[argparse.Namespace], int]:
    def run(args: argparse.Namespace) -> int:
        _, db = settings_of(args)
        try:
            return action.run(args, db)
        except ImportError as error:  # yoyo-migrations and psycopg come with the web extra
            raise UsageError(Phrase("cli.serve.web_extra", {"module": str(error.name)})) from None

    return run


def _no_options(parser: Parser, language: str) -> None:
    """A subcommand of the database's options alone."""


def _cannot_open(where: str, error: Exception) -> UsageError:
    if isinstance(error, SchemaMismatch):
        return schema_mismatch(error)
    detail = error.detail if isinstance(error, StoreUnavailable) else str(error)
    problem = {"path": masked(where), "error": (detail.strip().splitlines() or [""])[0]}
    return UsageError(Phrase("cli.serve.cannot_open", problem))


def _database_errors() -> tuple[type[Exception], ...]:
    """What opening or migrating the database raises when it cannot (not a bug)."""
    import psycopg
    from yoyo.exceptions import LockTimeout

    return (sqlite3.Error, OSError, psycopg.Error, LockTimeout, StoreUnavailable)


@contextmanager
def _opened(db: str) -> Iterator[ServerStore]:
    """The store at ``db``, closed after; what the database cannot do said in one line."""
    try:
        store = open_store(db)
    except _database_errors() as error:
        raise _cannot_open(db, error) from None
    try:
        yield store
    except store.database_errors as error:
        raise _cannot_open(db, error) from None
    finally:
        store.close()


# ----------------------------------------------------------------- migrate


def migrate(args: argparse.Namespace, db: str) -> int:
    try:
        applied = schema.migrate(db)
        open_store(db).close()  # it opens: the schema is this version's
    except _database_errors() as error:
        raise _cannot_open(db, error) from None
    said = {"path": masked(db), "version": schema.current_version(), "count": len(applied)}
    print(say(args.language, "cli.admin.migrated", **said, migrations=", ".join(applied)))
    return 0


# ----------------------------------------------------------------- backup and restore


def _backup_options(parser: Parser, language: str) -> None:
    file = helped(language, "admin.file")
    parser.add_argument("file", metavar=named(language, "path"), help=file)


def _restore_options(parser: Parser, language: str) -> None:
    _backup_options(parser, language)
    parser.add_argument("--replace", action="store_true", help=helped(language, "admin.replace"))


def _sqlite_only(db: str, key: str) -> None:
    """PostgreSQL is backed up and restored by its own tools (docs/deploy.md)."""
    if is_postgres(db):
        raise UsageError(Phrase(key, {"path": masked(db)}))


def _read_only(path: Path) -> sqlite3.Connection:
    """The SQLite database at ``path``, which must be a millebornes one (a games table)."""
    if not path.is_file():
        raise UsageError(Phrase("cli.admin.no_database", {"path": str(path)}))
    try:
        connection = sqlite3.connect(f"file:{quote(str(path.resolve()))}?mode=ro", uri=True)
        connection.execute("SELECT count(*) FROM games").fetchone()
    except sqlite3.Error:
        raise UsageError(Phrase("cli.admin.not_games", {"path": str(path)})) from None
    return connection


def _copy(source: sqlite3.Connection, target: Path) -> int:
    """``source`` copied whole to the new file ``target`` by SQLite's online backup (a server
    may be writing it meanwhile: the copy is of one moment), through a file beside it renamed
    at the end, so that no half copy is ever left under its name; its number of games."""
    partial = target.with_name(f".{target.name}.partial")
    partial.unlink(missing_ok=True)
    copy = sqlite3.connect(partial)
    try:
        source.backup(copy)
        (games,) = copy.execute("SELECT count(*) FROM games").fetchone()
    finally:
        copy.close()
    partial.replace(target)
    return int(games)


def backup(args: argparse.Namespace, db: str) -> int:
    _sqlite_only(db, "cli.admin.backup_postgres")
    target = Path(args.file)
    if target.exists():
        raise UsageError(Phrase("cli.admin.exists", {"path": str(target)}))
    source = _read_only(Path(db))
    try:
        games = _copy(source, target)
    except (sqlite3.Error, OSError) as error:
        raise _cannot_write(target, error) from None
    finally:
        source.close()
    said = {"path": db, "file": str(target), "count": games}
    print(say(args.language, "cli.admin.backed_up", **said))
    return 0


def _cannot_write(target: Path, error: Exception) -> UsageError:
    problem = {"path": str(target), "error": str(getattr(error, "strerror", None) or error)}
    return UsageError(Phrase("cli.cannot_write", problem))


def restore(args: argparse.Namespace, db: str) -> int:
    """The server must be stopped (docs/deploy.md): the database is replaced under it."""
    _sqlite_only(db, "cli.admin.restore_postgres")
    source = _read_only(Path(args.file))
    target = Path(db)
    kept: Path | None = None
    try:
        if target.exists():
            if not args.replace:
                raise UsageError(Phrase("cli.admin.restore_exists", {"path": db}))
            kept = target.with_name(f"{target.name}.{time.strftime('%Y%m%d-%H%M%S')}")
            with sqlite3.connect(target) as current:
                _copy(current, kept)
            _remove(target)
        games = _copy(source, target)
    except (sqlite3.Error, OSError) as error:
        raise _cannot_write(target, error) from None
    finally:
        source.close()
    try:
        open_store(target).close()  # a backup of an earlier version: migrated
    except _database_errors() as error:
        raise _cannot_open(db, error) from None
    said = {"file": args.file, "path": db, "count": games}
    print(say(args.language, "cli.admin.restored", **said))
    if kept is not None:
        print(say(args.language, "cli.admin.kept", path=str(kept)))
    return 0


def _remove(target: Path) -> None:
    """A SQLite file and its write-ahead log, which would be read as part of the new one."""
    for path in (target, Path(f"{target}-wal"), Path(f"{target}-shm")):
        path.unlink(missing_ok=True)


# ----------------------------------------------------------------- retention


def _purge_options(parser: Parser, language: str) -> None:
    """serve's own option: the same knob, read by ``settings_of`` over the file's value."""
    knob = KNOBS["keep_finished_days"]
    said = helped(language, f"serve.{knob.key}").replace("%(default)s", f"{knob.default:g}")
    parser.add_argument(
        str(knob.flag), dest=knob.key, default=None, metavar=named(language, "days"), help=said
    )


def purge(args: argparse.Namespace, db: str) -> int:
    settings, _ = settings_of(args)
    days = settings.rooms.keep_finished_days
    if days == 0:
        print(say(args.language, "cli.admin.keep_all"))
        return 0
    with _opened(db) as store:
        purged = store.purge(time.time() - settings.rooms.keep_finished_seconds)
    print(say(args.language, "cli.admin.purged", count=purged, days=days, path=masked(db)))
    return 0


# ----------------------------------------------------------------- rooms


def _rooms_options(parser: Parser, language: str) -> None:
    parser.add_argument("--all", action="store_true", help=helped(language, "admin.all"))
    parser.add_argument("--json", action="store_true", help=helped(language, "admin.json"))


def rooms(args: argparse.Namespace, db: str) -> int:
    from .roomlist import as_json, as_table, room_states

    with _opened(db) as store:
        states = room_states(store, every=args.all)
    print(as_json(states) if args.json else as_table(states, args.language))
    return 0


# ----------------------------------------------------------------- bans


def _ban_options(parser: Parser, language: str) -> None:
    parser.add_argument(
        "address", metavar=named(language, "address"), help=helped(language, "admin.address")
    )


def _network(written: str) -> str:
    """An address or network as the store keeps it (``ipaddress``'s own writing)."""
    try:
        return str(ipaddress.ip_network(written.strip(), strict=False))
    except ValueError:
        raise UsageError(Phrase("cli.admin.not_address", {"address": one_line(written)})) from None


def ban(args: argparse.Namespace, db: str) -> int:
    network = _network(args.address)
    with _opened(db) as store:
        new = store.ban(network)
    said = "cli.admin.banned" if new else "cli.admin.banned_already"
    print(say(args.language, said, address=network, seconds=f"{BAN_SECONDS:g}"))
    return 0


def unban(args: argparse.Namespace, db: str) -> int:
    network = _network(args.address)
    with _opened(db) as store:
        lifted = store.unban(network)
    said = "cli.admin.unbanned" if lifted else "cli.admin.not_banned"
    print(say(args.language, said, address=network, seconds=f"{BAN_SECONDS:g}"))
    return 0


def bans(args: argparse.Namespace, db: str) -> int:
    with _opened(db) as store:
        banned = store.bans()
    print("\n".join(banned) if banned else say(args.language, "cli.admin.no_bans"))
    return 0


ACTIONS = (
    Action("rooms", _rooms_options, rooms),
    Action("migrate", _no_options, migrate),
    Action("backup", _backup_options, backup),
    Action("restore", _restore_options, restore),
    Action("purge", _purge_options, purge),
    Action("close", live.close_options, live.close),
    Action("drain", live.server_options, live.drain),
    Action("announce", live.announce_options, live.announce),
    Action("ban", _ban_options, ban),
    Action("unban", _ban_options, unban),
    Action("bans", _no_options, bans),
)
