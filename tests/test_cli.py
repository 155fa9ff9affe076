"""The engine commands of ``millebornes`` (legal, apply, score, replay, simulate): their output,
and one-line errors with exit status 2 for bad input."""

from __future__ import annotations

from pathlib import Path

import pytest

from millebornes import Deal
from millebornes.cli import main


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def assert_usage_error(status: int, out: str, err: str, *words: str) -> None:
    """Exit status 2, nothing on stdout, and one line on stderr that names the problem."""
    assert status == 2
    assert out == ""
    assert err.startswith("millebornes: error: ")
    assert err.count("\n") == 1
    assert "Traceback" not in err
    for word in words:
        assert word in err


@pytest.fixture
def opening(tmp_path: Path) -> str:
    """Seed 11, seat 0 to play, holding 50 50 stop speed-limit flat-tire gasoline spare-tire."""
    return write(tmp_path, "opening.json", Deal.new("dujardin", 2, 11).to_position())


@pytest.mark.parametrize("hazard", ["stop", "speed-limit", "flat-tire"])
def test_apply_refuses_a_hazard_played_on_ones_own_side(
    opening: str, hazard: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(["apply", opening, f"play {hazard}"], capsys)
    assert_usage_error(status, out, err, f"play {hazard}", f"attack {hazard} SIDE")
