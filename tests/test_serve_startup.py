"""What ``millebornes serve`` says when it starts, run in-process up to the point where it would
serve (the server itself is replaced by one that returns at once)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from millebornes import compiled
from millebornes.cli.main import main
from millebornes.web import gameserver
from millebornes.words import say


class Started:
    """Stands for the game server: records that it was asked to serve, and returns."""

    def __init__(self) -> None:
        self.options: Any = None

    def __call__(self, app: Any, options: Any) -> Started:
        self.options = options
        return self

    def run(self, sockets: Any) -> None:
        for listening in sockets:
            listening.close()


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> Started:
    server = Started()
    monkeypatch.setattr(gameserver, "game_server", server)
    monkeypatch.setattr("millebornes.web.logs.configure", lambda log_format: None)
    return server


def test_serve_says_at_start_that_the_engine_runs_uncompiled(
    started: Started,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    plain = say("en", "cli.serve.plain_python")
    assert "build-essential python3-dev" in plain
    assert "2.4 times slower" in plain
    monkeypatch.setattr(compiled, "describe", lambda: compiled.PLAIN)
    assert main(["serve", "--port", "0", "--db", str(tmp_path / "s.sqlite")]) == 0
    out = capsys.readouterr().out
    assert out.count(plain) == 1
    monkeypatch.setattr(compiled, "describe", lambda: "compiled with mypyc: core.deal")
    assert main(["serve", "--port", "0", "--db", str(tmp_path / "s.sqlite")]) == 0
    out = capsys.readouterr().out
    assert "Mille Bornes is served at" in out
    assert plain not in out
