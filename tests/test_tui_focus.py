"""The new game screen's focus is plain to see: the focused field is drawn light on the dark
ground, whichever field it is."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.color import Color
from textual.widget import Widget
from textual.widgets import Button, Input, Select

from millebornes.store import GameStore
from millebornes.tui.app import MilleBornesApp

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def drawn_background(widget: Widget) -> Color:
    """The background the focused field is drawn with (a Select's: its current value's)."""
    if isinstance(widget, Select):
        widget = widget.query_one("SelectCurrent")
    return widget.styles.background


def contrast(one: Color, other: Color) -> float:
    lighter, darker = sorted((one.brightness, other.brightness), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


@pytest.mark.slow
async def test_each_field_of_the_new_game_screen_shows_its_focus(tmp_path: Path) -> None:
    app = MilleBornesApp(GameStore(tmp_path / "games.sqlite"), pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        ground = app.screen.styles.background
        seen: set[type] = set()
        for _ in range(12):
            focused = app.focused
            assert focused is not None
            background = drawn_background(focused)
            assert contrast(background, ground) > 4, focused  # 235 on 234 was about 1.1
            seen.add(type(focused).__mro__[1] if isinstance(focused, Select) else type(focused))
            await pilot.press("tab")
            await pilot.pause()
        assert {Select, Input, Button} <= seen
