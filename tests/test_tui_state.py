"""Each tableau's state in words on the terminal's table: "rolling", or "stopped: needs Roll",
and the speed limit, as the deal's own rules tell it, in English and French, at 80x24 (four
sides, each cut to a quarter of the screen) and 100x30."""

from __future__ import annotations

from pathlib import Path

import pytest

from millebornes.core.match import Match
from millebornes.store import GameStore
from millebornes.tui.widgets import SidePanel
from millebornes.words import say
from millebornes.words.names import card_noun
from test_tui import settle, table, waiting_for_person
from test_tui_layout import SIZES, stored_game
from test_tui_log import late

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def expected_state(match: Match, side: int, language: str) -> str:
    """The words for ``side``'s state, from the deal itself (not from what the screen got)."""
    deal = match.deal
    if deal.is_rolling(side):
        state = say(language, "tui.state.rolling")
    else:
        needs = match.view(0).sides[side].needs
        assert needs is not None
        state = say(language, "tui.state.stopped", card=card_noun(needs, language))
    if deal.is_limited(side):
        state += " " + say(language, "tui.state.limited")
    return state


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "fr"])
async def test_each_tableau_says_its_state_in_words(tmp_path: Path, language: str) -> None:
    actions = late(4)
    match = Match("dujardin", 4, 2)
    for action in actions:
        match.apply(action)
    states = [expected_state(match, side, language) for side in range(4)]
    stopped = say(language, "tui.state.stopped", card="").split()[0]
    assert any(state.startswith(stopped) for state in states)  # both states are met
    assert say(language, "tui.state.rolling") in states
    assert any(match.deal.is_limited(side) for side in range(4))
    app = stored_game(GameStore(tmp_path / "games.sqlite"), "dujardin", 4, language, actions, 2)
    async with app.run_test(size=SIZES[0]) as pilot:
        await settle(pilot, lambda: waiting_for_person(app))
        for width, height in SIZES:
            await pilot.resize_terminal(width, height)
            for _ in range(3):
                await pilot.pause()
            for side, state in enumerate(states):
                panel = table(app).query_one(f"#side-{side}", SidePanel)
                shown = " ".join(panel.tableau_text().plain.split())
                assert shown.startswith(state), (width, side)
