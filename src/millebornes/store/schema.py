"""The database's schema version: the migrations in ``store/migrations`` (plain SQL, one in
Python), applied by yoyo-migrations, which records each it applied in its own table of the
database. A store checks that record when it opens: a SQLite file is migrated there and then
(the terminal game's file and a lone server's: nothing for a player to run), a PostgreSQL
database only by ``millebornes admin migrate`` (an operator's step, done once for every server
sharing it, by a role that may create tables; the servers' role need not).

A database made before migrations (its tables created at every start) is taken as it is: the
first migrations create only what it lacks."""

from __future__ import annotations

import contextlib
import functools
import sqlite3
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

MIGRATIONS = Path(__file__).with_name("migrations")
# Where yoyo-migrations records what it applied (its default name, said so that the stores'
# check and the tool read the same table).
MIGRATION_TABLE = "_yoyo_migration"
POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def known() -> tuple[str, ...]:
    """The ids of this version's migrations, in order (yoyo's id: the file's name without its
    suffix, which starts with the migration's number)."""
    return tuple(
        sorted(path.stem for path in MIGRATIONS.iterdir() if path.suffix in (".sql", ".py"))
    )


def number(migration_id: str) -> int:
    return int(migration_id.split("-", 1)[0])


@dataclass(frozen=True)
class SchemaState:
    """The migrations a database records as applied, against those this version knows."""

    applied: frozenset[str]

    @property
    def version(self) -> int:
        """The number of the last migration applied (0: none, a database made before)."""
        return max((number(found) for found in self.applied), default=0)

    @property
    def pending(self) -> tuple[str, ...]:
        return tuple(found for found in known() if found not in self.applied)

    @property
    def newer(self) -> bool:
        """Migrated by a later version of millebornes, which this one cannot know."""
        return bool(self.applied - set(known()))


def current_version() -> int:
    return number(known()[-1])


def is_postgres(target: str | Path) -> bool:
    return str(target).startswith(POSTGRES_SCHEMES)


def _yoyo_uri(target: str | Path) -> str:
    """yoyo's name of the database: psycopg 3's driver for a PostgreSQL URL; for a SQLite file
    its absolute path, quoted (yoyo opens it as a ``file:`` URI, which unquotes it)."""
    if is_postgres(target):
        return "postgresql+psycopg://" + str(target).split("://", 1)[1]
    return "sqlite:///" + quote(str(Path(target).resolve()))


@functools.cache
def _migrations() -> Any:
    """This version's migrations, read once (parsing their SQL takes about 25 ms)."""
    from yoyo import read_migrations

    return read_migrations(str(MIGRATIONS))


@functools.cache
def _backend_class(scheme: str) -> Any:
    """yoyo's backend of a URL's scheme, looked up once: ``yoyo.get_backend`` scans every
    installed package's entry points at each call (about 45 ms)."""
    from yoyo.backends import get_backend_class

    return get_backend_class(scheme)


def migrate(target: str | Path) -> tuple[str, ...]:
    """Apply this version's migrations that ``target`` (a SQLite file's path, or a PostgreSQL
    URL) lacks, under yoyo's lock, so that two at once apply each once: their ids."""
    from yoyo.connections import parse_uri

    uri = parse_uri(_yoyo_uri(target))
    with _backend_class(uri.scheme)(uri, MIGRATION_TABLE) as backend:  # as yoyo.get_backend
        backend.init_database()
        with backend.lock():
            pending = backend.to_apply(_migrations())
            backend.apply_migrations(pending)
            return tuple(migration.id for migration in pending)


_blank_lock = threading.Lock()


@functools.cache
def _blank() -> sqlite3.Connection:
    """A database of this version holding no game, in memory, made once."""
    blank = sqlite3.connect(":memory:", check_same_thread=False)
    with tempfile.TemporaryDirectory(prefix="millebornes-") as folder:
        made = Path(folder) / "blank.sqlite"
        migrate(made)
        with contextlib.closing(sqlite3.connect(made)) as source:
            source.backup(blank)
    return blank


def copy_blank(into: sqlite3.Connection) -> None:
    """Make ``into``, a new in-memory SQLite database, one of this version: yoyo opens a
    database by its name, and an in-memory one has none, so a blank one is copied in."""
    with _blank_lock:
        _blank().backup(into)
