"""The server's store on PostgreSQL (psycopg 3): the same game records, leases, chat, listings and
review links as the SQLite file, for servers on several processes or machines sharing one
database (docs/scaling.md)."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

import psycopg

from .records import SchemaMismatch, StoreUnavailable
from .server import ServerStore


@functools.cache
def _placeholders(query: str) -> str:
    """``query`` with psycopg's ``%s`` for SQLite's ``?`` (no query holds a ``?`` or ``%``
    otherwise)."""
    return query.replace("?", "%s")


class PostgresStore(ServerStore):
    """:class:`ServerStore` on PostgreSQL at the connection URL ``path``. Time is the database's
    clock, so that leases mean the same on every machine. A lost connection is opened again at
    the next call (the call that found it lost fails)."""

    begin = "BEGIN"
    now = "extract(epoch FROM clock_timestamp())::double precision"
    lock_lease = " FOR SHARE"  # a server taking the lease waits for this write to commit
    lock_players = " FOR UPDATE"  # a second rating of a player waits for the first to commit
    has_table = "SELECT 1 WHERE to_regclass(?) IS NOT NULL"
    database_errors = (psycopg.Error, StoreUnavailable)
    # Down or unreachable (a lost connection is opened again at the next try), or the role's
    # right to write taken: not what one action holds, which would fail at every try.
    retried_errors = (
        psycopg.OperationalError,
        psycopg.errors.InsufficientPrivilege,
        StoreUnavailable,
    )

    def _open(self) -> None:
        """Connect, and refuse a database not migrated to this version: its tables are made
        and changed by ``millebornes admin migrate`` alone, so the servers' role need not."""
        where = str(self.path).split("@")[-1]  # no password in a message
        try:
            self._db = psycopg.connect(str(self.path), autocommit=True)
        except psycopg.Error as error:
            raise StoreUnavailable(where, str(error)) from None
        try:
            self._check_schema()
        except SchemaMismatch as error:
            self._db.close()
            raise SchemaMismatch(where, error.state) from None

    def _execute(self, query: str, parameters: Sequence[Any] = ()) -> Any:
        if self._db.closed:
            self._open()
        return self._db.execute(_placeholders(query), parameters)

    def _executemany(self, query: str, rows: Sequence[Sequence[Any]]) -> None:
        if self._db.closed:
            self._open()
        self._db.cursor().executemany(_placeholders(query), rows)
