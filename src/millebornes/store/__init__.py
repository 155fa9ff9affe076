"""The games kept by both games and the server: in a SQLite file (:class:`GameStore`, the
default) or in PostgreSQL (:class:`~millebornes.store.postgres.PostgresStore`, for several
servers), behind one interface that both pass the same tests with."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from .games import (
    LEASE_SECONDS,
    SCHEMA,
    GameStore,
    LeaseLost,
    StoredGame,
    StoreError,
    StoreUnavailable,
    default_path,
    new_match,
)

POSTGRES_SCHEMES = ("postgresql://", "postgres://")

__all__ = [
    "LEASE_SECONDS",
    "SCHEMA",
    "GameStore",
    "LeaseLost",
    "StoreError",
    "StoreUnavailable",
    "StoredGame",
    "default_path",
    "is_postgres",
    "new_match",
    "open_store",
]


def is_postgres(target: str | Path) -> bool:
    return str(target).startswith(POSTGRES_SCHEMES)


def open_store(
    target: str | Path, *, owner: str | None = None, lease_seconds: float = LEASE_SECONDS
) -> GameStore:
    """The store at ``target``: a PostgreSQL connection URL (``postgresql://...``), or the path
    of a SQLite file. A StoreUnavailable says why it cannot be opened."""
    if is_postgres(target):
        from .postgres import PostgresStore

        return PostgresStore(str(target), owner=owner, lease_seconds=lease_seconds)
    try:
        return GameStore(target, owner=owner, lease_seconds=lease_seconds)
    except (sqlite3.Error, OSError) as error:
        raise StoreUnavailable(str(target), str(error)) from None
