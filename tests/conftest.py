"""Fixtures for the browser game's server tests: a database and servers on free loopback ports,
and a PostgreSQL cluster of their own for the tests that need one."""

from __future__ import annotations

import contextlib
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx
import pytest

from clock import ManualClock
from millebornes.store import schema
from millebornes.web.clock import Clock
from millebornes.web.server import BackgroundServer
from services import PostgresServer, postgres_cluster, postgres_database, postgres_server
from webclient import FAST


@pytest.fixture(scope="session")
def postgres() -> Iterator[str]:
    """A PostgreSQL cluster for this session of tests (one for each xdist worker)."""
    with postgres_cluster() as url:
        yield url


@pytest.fixture
def postgres_to_stop() -> Iterator[PostgresServer]:
    """A PostgreSQL cluster for one test, which it may stop and start again; its database
    migrated as a server needs it."""
    with postgres_server() as server:
        schema.migrate(server.url)
        yield server


@pytest.fixture
def empty_postgres_url(postgres: str) -> Iterator[str]:
    """A fresh, empty PostgreSQL database for one test."""
    with postgres_database(postgres, f"test_{uuid.uuid4().hex[:12]}") as url:
        yield url


@pytest.fixture
def postgres_url(empty_postgres_url: str) -> str:
    """A fresh PostgreSQL database for one test, migrated (``millebornes admin migrate``) as
    a server needs it."""
    schema.migrate(empty_postgres_url)
    return empty_postgres_url


@pytest.fixture(params=["sqlite", "postgresql"])
def store_at(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a store is kept, once for each database: a SQLite file, a PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "games.sqlite")
    return str(request.getfixturevalue("postgres_url"))


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "server.sqlite"


@pytest.fixture
def server(db: Path) -> Iterator[BackgroundServer]:
    with BackgroundServer(db, FAST) as running:
        yield running


@pytest.fixture
def devices(server: BackgroundServer) -> Iterator[list[httpx.Client]]:
    """Three browsers (each its own cookies, so each its own player) at ``server``."""
    clients = [httpx.Client(base_url=server.url) for _ in range(3)]
    yield clients
    for client in clients:
        client.close()


@pytest.fixture
def clock() -> ManualClock:
    """A clock the test moves on (``clock.advance``) where it would sleep (``tests/clock.py``)."""
    return ManualClock()


@pytest.fixture
def serve(db: Path) -> Iterator[Callable[..., BackgroundServer]]:
    """Start the server dealing every room from ``seed``, with other options, on ``clock``
    (the real one unless given); stopped after the test."""
    with contextlib.ExitStack() as stack:

        def start(seed: int | None = None, clock: Clock = time, **options: Any) -> BackgroundServer:
            settings = replace(FAST, seed=seed, **options)
            return stack.enter_context(BackgroundServer(db, settings, clock=clock))

        yield start
