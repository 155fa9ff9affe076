"""The games kept by both games and the server. :class:`GameStore` keeps game records (the
terminal game, the review, tools) in a SQLite file; :class:`ServerStore` keeps the server's
state with them (leases, chat, listings, review links), in a SQLite file (the default) or in
PostgreSQL (:class:`~millebornes.store.postgres.PostgresStore`, for several servers), both
passing the same tests."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from .records import (
    GameStore,
    SchemaMismatch,
    StoredGame,
    StoreError,
    StoreUnavailable,
    backoff,
    default_path,
    new_match,
)
from .schema import is_postgres
from .server import LEASE_SECONDS, LeaseLost, ServerStore

__all__ = [
    "LEASE_SECONDS",
    "GameStore",
    "LeaseLost",
    "SchemaMismatch",
    "ServerStore",
    "StoreError",
    "StoreUnavailable",
    "StoredGame",
    "backoff",
    "default_path",
    "is_postgres",
    "new_match",
    "open_store",
]


def open_store(
    target: str | Path, *, owner: str | None = None, lease_seconds: float = LEASE_SECONDS
) -> ServerStore:
    """The server's store at ``target``: a PostgreSQL connection URL (``postgresql://...``), or
    the path of a SQLite file. A StoreUnavailable says why it cannot be opened."""
    if is_postgres(target):
        from .postgres import PostgresStore

        return PostgresStore(str(target), owner=owner, lease_seconds=lease_seconds)
    try:
        return ServerStore(target, owner=owner, lease_seconds=lease_seconds)
    except (sqlite3.Error, OSError) as error:
        raise StoreUnavailable(str(target), str(error)) from None
