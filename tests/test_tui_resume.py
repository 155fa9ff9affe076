"""The resume list at 80x24: one line an entry, telling a game against bots from a hot-seat
game."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.geometry import Region
from textual.widgets import OptionList

from millebornes.store import GameStore
from millebornes.table import Player
from millebornes.tui.app import MilleBornesApp
from millebornes.tui.session import Session

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def stored(store: GameStore, rules: str, seats: list[Player]) -> None:
    session = Session.start(store, rules=rules, players=seats, seed=3, single_deal=False)
    store.append(session.table.game_id, str(session.table.match.view(0).legal[0]))


@pytest.mark.parametrize(
    ("language", "against", "hot_seat"),
    [
        ("en", "Alexandrine against 3 bots", "hot seat: 6 people, 2 bots"),
        ("fr", "Alexandrine contre 3 robots", "chacun son tour : 6 personnes, 2 robots"),
    ],
)
async def test_each_game_is_one_line_saying_who_plays(
    tmp_path: Path, language: str, against: str, hot_seat: str
) -> None:
    store = GameStore(tmp_path / "games.sqlite")
    stored(
        store,
        "winning-moves",
        [Player("Alexandrine"), *[Player(f"B{n}", "hard") for n in range(3)]],
    )
    people = [Player(f"Maximilienne {n}") for n in range(6)]
    stored(store, "dujardin", [*people, Player("X", "easy"), Player("Y", "medium")])
    app = MilleBornesApp(store, resume=True, pace=0, language=language)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        games = app.screen.query_one("#games", OptionList)
        lines = [
            strip.text.rstrip()
            for strip in games.render_lines(Region(0, 0, games.size.width, games.size.height))
        ]
        entries = [line.lstrip("▊ ") for line in lines if re.search(r"\w", line)]
        assert len(entries) == 2  # one line each, nothing wrapped
        assert entries[0].split("  ", 1)[1].startswith(f"Dujardin · {hot_seat} · 1 ")
        assert entries[1].split("  ", 1)[1].startswith(f"Winning Moves · {against} · 1 ")
        for entry in entries:
            assert re.match(r"\d\d-\d\d \d\d:\d\d  ", entry)  # each starts with its time
