"""benchmarks.rooms: the server's rooms played in one process, their CPU an action counted."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from benchmarks.rooms import main, play


def test_the_rooms_play_the_actions_asked_and_tell_each_to_the_four_seats(tmp_path: Path) -> None:
    measure = asyncio.run(play(rooms_count=3, actions=300, warm=50, folder=tmp_path))
    assert 300 <= measure.actions < 300 + 3  # the last round of rooms may overshoot
    assert measure.cpu_seconds > 0
    # Each action tells the four people (a declined coup-fourré only the one who declined);
    # the room's info changes send a few more.
    assert 3.5 < measure.messages / measure.actions < 5


def test_bad_sizes_are_refused_with_what_is_accepted(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as raised:
        main(["--rooms", "0"])
    assert raised.value.code == 2
    assert "--rooms is 1 to 1000" in capsys.readouterr().err
