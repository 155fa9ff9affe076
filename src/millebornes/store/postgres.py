"""The server's store on PostgreSQL (psycopg 3): the same game records, leases, chat, listings and
review links as the SQLite file, for servers on several processes or machines sharing one
database (docs/scaling.md)."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

import psycopg

from .records import StoreUnavailable
from .server import ServerStore

# Taken while creating the tables, so that servers starting together do not race to do it.
SCHEMA_LOCK = 0x6D696C6C65  # "mille"


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
    database_errors = (psycopg.Error, StoreUnavailable)
    # Down or unreachable (a lost connection is opened again at the next try), or the role's
    # right to write taken: not what one action holds, which would fail at every try.
    retried_errors = (
        psycopg.OperationalError,
        psycopg.errors.InsufficientPrivilege,
        StoreUnavailable,
    )

    def _open(self) -> None:
        try:
            self._db = psycopg.connect(str(self.path), autocommit=True)
        except psycopg.Error as error:
            where = str(self.path).split("@")[-1]  # no password in a message
            raise StoreUnavailable(where, str(error)) from None
        with self._transaction():
            self._db.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
            self._db.execute(self.schema)

    def _execute(self, query: str, parameters: Sequence[Any] = ()) -> Any:
        if self._db.closed:
            self._open()
        return self._db.execute(_placeholders(query), parameters)

    def _executemany(self, query: str, rows: Sequence[Sequence[Any]]) -> None:
        if self._db.closed:
            self._open()
        self._db.cursor().executemany(_placeholders(query), rows)
