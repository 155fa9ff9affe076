"""The terminal's log at 80x24, late in a deal: at least 4 lines at every table size a preset
allows (one person against bots), its newest line in sight, and Page Up / Page Down or the
mouse's wheel scroll it back and forth."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual import events
from textual.pilot import Pilot

from millebornes.core.match import Match
from millebornes.core.rules import PRESETS
from millebornes.store import GameStore
from millebornes.tui.app import MilleBornesApp
from millebornes.tui.widgets import GameLog
from test_tui import settle, table, waiting_for_person
from test_tui_layout import stored_game

pytestmark = pytest.mark.anyio
TABLES = [(rules, players) for rules, preset in PRESETS.items() for players in preset.seatings]
LOG_LINES = 4  # the fewest lines of the log at 80x24 (issue #48)


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def late(players: int, rules: str = "dujardin") -> list[str]:
    """Plain moves until seat 0's turn late in a deal, safeties laid at once: the tableaux at
    their fullest."""
    match = Match(rules, players, 2)
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


async def late_table(pilot: Pilot[str], app: MilleBornesApp) -> GameLog:
    await settle(pilot, lambda: waiting_for_person(app))
    await pilot.pause()
    return table(app).query_one("#log", GameLog)


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "fr"])
async def test_the_log_keeps_four_lines_at_every_table_size(tmp_path: Path, language: str) -> None:
    store = GameStore(tmp_path / "games.sqlite")
    heights = {}
    for rules, players in TABLES:
        app = stored_game(store, rules, players, language, late(players, rules), seed=2)
        async with app.run_test(size=(80, 24)) as pilot:
            log = await late_table(pilot, app)
            heights[rules, players] = log.scrollable_content_region.height
            assert log.scroll_y == log.max_scroll_y  # the newest in sight
    assert {table: lines for table, lines in heights.items() if lines < LOG_LINES} == {}


@pytest.mark.slow
@pytest.mark.parametrize(("players", "language"), [(4, "fr"), (8, "en")])
async def test_the_log_scrolls_back_and_forth(tmp_path: Path, players: int, language: str) -> None:
    store = GameStore(tmp_path / "games.sqlite")
    app = stored_game(store, "dujardin", players, language, late(players), seed=2)
    async with app.run_test(size=(80, 24)) as pilot:
        log = await late_table(pilot, app)
        assert log.max_scroll_y > 0
        assert log.scroll_y == log.max_scroll_y  # the newest in sight
        await pilot.press("pageup")
        await pilot.pause()
        assert log.scroll_y < log.max_scroll_y
        await pilot.press("pagedown", "pagedown")
        await pilot.pause()
        assert log.scroll_y == log.max_scroll_y


async def test_the_mouse_wheel_scrolls_the_log(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "games.sqlite")
    app = stored_game(store, "dujardin", 4, "en", late(4), seed=2)
    async with app.run_test(size=(80, 24)) as pilot:
        log = await late_table(pilot, app)
        x, y = log.region.center

        async def wheel(event: type[events.MouseScrollUp | events.MouseScrollDown]) -> None:
            for _ in range(3):
                app.post_message(event(None, x, y, 0, 0, 0, False, False, False, x, y))
            await pilot.pause()
            await pilot.pause()

        await wheel(events.MouseScrollUp)
        assert log.scroll_y < log.max_scroll_y
        await wheel(events.MouseScrollDown)
        assert log.scroll_y == log.max_scroll_y
