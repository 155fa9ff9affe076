"""The terminal game's review of a finished deal (Textual pilot): "r" on the score sheet opens
it, the analysis runs in the background with a progress bar, the arrows step through the deal
as the person saw it, "c" jumps to the costliest decisions, and it is kept in the store."""

from __future__ import annotations

import io
from collections import Counter
from pathlib import Path

import pytest
from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import ProgressBar, Static

from budgets import quick_review
from millebornes import Match
from millebornes.store import GameStore
from millebornes.table import Player
from millebornes.tui.app import MilleBornesApp
from millebornes.tui.review import ReviewScreen
from millebornes.tui.screens import ScoreScreen
from millebornes.tui.session import Session
from millebornes.tui.table import TableScreen
from millebornes.tui.widgets import HandCard
from scenarios import played
from test_tui import settle
from test_tui_layout import SIZES, Scanner

SIZE = (120, 40)
SEED = 1  # a deal between experts that the bot (seat 1) ends
pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def shown(screen: ReviewScreen, widget: str) -> str:
    console = Console(width=200, file=io.StringIO(), record=True)
    console.print(screen.query_one(widget, Static).content)
    return console.export_text().strip()


def game_one_action_from_the_end(
    store: GameStore, language: str = "en", upto: int | None = None
) -> str:
    """A stored single deal between South (a person, seat 0) and a bot, all but its last action
    (the bot's) played by experts (or its first ``upto`` actions)."""
    session = Session.start(
        store,
        rules="dujardin",
        players=[Player("South"), Player("North", "medium")],
        seed=SEED,
        single_deal=True,
        language=language,
    )
    deal = played(Match("dujardin", 2, SEED, target=None), "expert").finished[0]
    assert deal.played_by[-1] == 1
    for action in deal.history[:-1][:upto]:
        store.append(session.table.game_id, str(action))
    return session.table.game_id


async def open_review(pilot: Pilot[str], app: MilleBornesApp) -> ReviewScreen:
    """The review of the deal that just ended, "r" on its score sheet, analysed in full."""
    await settle(pilot, lambda: isinstance(app.screen, ScoreScreen))
    table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
    table.reviews.budget = quick_review(50)
    await pilot.press("r")
    await settle(pilot, lambda: isinstance(app.screen, ReviewScreen))
    screen = app.screen
    assert isinstance(screen, ReviewScreen)
    await settle(pilot, lambda: screen.job.finished, steps=40_000)
    await pilot.pause(0.3)
    return screen


@pytest.fixture
def store(tmp_path: Path) -> GameStore:
    return GameStore(tmp_path / "games.sqlite")


@pytest.mark.slow
async def test_the_score_sheet_opens_the_review_of_the_deal(store: GameStore) -> None:
    game_id = game_one_action_from_the_end(store)
    app = MilleBornesApp(store, game_id=game_id, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ScoreScreen))
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        table.reviews.budget = quick_review(100)
        await pilot.press("r")
        await settle(pilot, lambda: isinstance(app.screen, ReviewScreen))
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        assert screen.seat == 0
        assert shown(screen, "#review-step").startswith("Action 1 of")
        assert "You" in shown(screen, "#review-step")
        await settle(pilot, lambda: screen.job.finished, steps=40_000)
        await pilot.pause(0.3)
        assert not screen.query_one("#review-progress", ProgressBar).display
        assert "Accuracy" in shown(screen, "#review-summary")
        assert "Your choices cost you" in shown(screen, "#review-summary")
        assert "by your draws" in shown(screen, "#review-summary")
        stored = store.load_review(game_id, 0, 0)
        assert stored is not None
        assert stored == screen.job.result
        verdict = shown(screen, "#review-verdict")
        assert "master" in verdict or "Forced" in verdict
        await pilot.press("right")
        assert shown(screen, "#review-step").startswith("Action 2 of")
        assert shown(screen, "#review-verdict") == "Not your decision."
        await pilot.press("c")
        costliest = max(stored["decisions"], key=lambda d: d["loss"] or 0)
        assert costliest["loss"] > 0
        assert shown(screen, "#review-step").startswith(f"Action {costliest['index'] + 1} of")
        assert f"{round(costliest['loss'])} points" in shown(screen, "#review-verdict")
        places = sorted(screen.query(HandCard), key=lambda place: place.index)
        hand = [place.card for place in places if place.card is not None]
        # The cards the seat held then (numbered as the game did: the test below).
        assert Counter(hand) == Counter(screen.steps[screen.position].view.hand)
        await pilot.press("end")
        assert shown(screen, "#review-step") == "The deal is over."
        await pilot.press("escape")
        await settle(pilot, lambda: isinstance(app.screen, ScoreScreen))


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "fr"])
async def test_the_review_fits_80x24_and_numbers_the_hand_as_the_game(
    tmp_path: Path, language: str
) -> None:
    store = GameStore(tmp_path / "games.sqlite")
    app = MilleBornesApp(store, game_id=game_one_action_from_the_end(store, language), pace=0)
    async with app.run_test(size=SIZES[0]) as pilot:
        screen = await open_review(pilot, app)
        scanner = Scanner(app, pilot, language)
        await scanner.scan("the review", words=False)
        assert scanner.problems == []
        for width, height in SIZES:
            await pilot.resize_terminal(width, height)
            await pilot.pause()
            await pilot.pause()
            # The hand whole above the footer; what the deal came to scrolls above it.
            assert screen.query_one("#hand").region.bottom <= height - 1
        await pilot.resize_terminal(*SIZES[0])
        await pilot.pause()
        summary = screen.query_one("#review-summary-box")
        assert summary.max_scroll_y > 0
        summary.focus()
        await pilot.press("end")
        await pilot.pause()
        assert summary.scroll_y == summary.max_scroll_y
        own = [number for number, step in enumerate(screen.steps) if step.seat == 0]
        compared = own[:: max(1, len(own) // 6)]
        # Sorted anew, as the review numbered it before, the hand would differ.
        assert any(screen.hands[n].places != screen.steps[n].view.hand for n in compared)
        for number in compared:
            step = screen.steps[number]
            at = GameStore(tmp_path / f"{number}.sqlite")
            resumed = Session.resume(
                at, game_one_action_from_the_end(at, language, upto=step.index)
            )
            assert screen.hands[number] == resumed.table.hand(0), f"step {number}"
            screen.position = number
            screen.refresh_review()
            places = sorted(screen.query(HandCard), key=lambda place: place.index)
            shown = tuple(place.card for place in places[: len(screen.hands[number].places)])
            assert shown == resumed.table.hand(0).places
