"""Fixtures for the browser game's server tests: a database and servers on free loopback ports."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from millebornes.web.server import BackgroundServer
from webclient import FAST


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "server.sqlite"


@pytest.fixture
def server(db: Path) -> Iterator[BackgroundServer]:
    with BackgroundServer(db, FAST) as running:
        yield running


@pytest.fixture
def serve(db: Path) -> Iterator[Callable[..., BackgroundServer]]:
    """Start the server dealing every room from ``seed``, with other options; stopped after the
    test."""
    with contextlib.ExitStack() as stack:

        def start(seed: int | None = None, **options: Any) -> BackgroundServer:
            return stack.enter_context(BackgroundServer(db, replace(FAST, seed=seed, **options)))

        yield start
