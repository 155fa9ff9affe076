"""The terminal's log at 80x24, late in a deal at 4 and 8 players: its newest line in sight,
and Page Up / Page Down scroll it back and forth."""

from __future__ import annotations

from pathlib import Path

import pytest

from millebornes.core.match import Match
from millebornes.store import GameStore
from millebornes.tui.widgets import GameLog
from test_tui import settle, table, waiting_for_person
from test_tui_layout import stored_game

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def late(players: int) -> list[str]:
    """Plain moves until seat 0's turn late in a deal: the tableaux at their fullest."""
    match = Match("dujardin", players, 2)
    actions: list[str] = []
    while not (
        match.to_act == 0 and match.view(0).stock_size <= 20 and match.deal.decision == "turn"
    ):
        seat = match.to_act
        assert seat is not None
        view = match.view(seat)
        safeties = [a for a in view.legal if a.card is not None and a.card.is_safety]
        action = (safeties or list(view.legal))[0]
        match.apply(action)
        actions.append(str(action))
    return actions


@pytest.mark.parametrize(("players", "language"), [(4, "fr"), (8, "en")])
async def test_the_log_scrolls_back_and_forth(tmp_path: Path, players: int, language: str) -> None:
    store = GameStore(tmp_path / "games.sqlite")
    app = stored_game(store, "dujardin", players, language, late(players), seed=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: waiting_for_person(app))
        await pilot.pause()
        log = table(app).query_one("#log", GameLog)
        assert log.max_scroll_y > 0
        assert log.scroll_y == log.max_scroll_y  # the newest in sight
        await pilot.press("pageup")
        await pilot.pause()
        assert log.scroll_y < log.max_scroll_y
        await pilot.press("pagedown", "pagedown")
        await pilot.pause()
        assert log.scroll_y == log.max_scroll_y
