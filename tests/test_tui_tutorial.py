"""The guided first deal in the terminal, played through with the keyboard alone: its entry in
the start menu, each lesson's line, a move refused with guidance, the coup-fourré asked again
when let pass, the score sheet with its last line, and q leaving the lesson."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from millebornes.cli.main import main
from millebornes.core.actions import PLAYS, Verb
from millebornes.core.cards import Card
from millebornes.core.tutorial import LESSONS, SCRIPT, YOU, refusal
from millebornes.core.view import View
from millebornes.store import GameStore
from millebornes.table import Table
from millebornes.tui.app import MilleBornesApp
from millebornes.tui.screens import CoupFourreScreen, NewGameScreen
from millebornes.tui.session import Session
from millebornes.tui.tutorial import LessonScoreScreen, TutorialScreen, tutorial_session
from millebornes.words import say, word
from test_tui import plain, settle, shown_keys

SIZE = (100, 30)
pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def store(tmp_path: Path) -> GameStore:
    return GameStore(tmp_path / "games.sqlite")


def lesson(app: MilleBornesApp) -> TutorialScreen:
    screen = next(s for s in app.screen_stack if isinstance(s, TutorialScreen))
    return screen


def asked(app: MilleBornesApp) -> bool:
    """The lesson waits for the person: their turn with the hand shown, or the coup-fourré."""
    if isinstance(app.screen, CoupFourreScreen):
        return True
    screen = app.screen
    return (
        isinstance(screen, TutorialScreen)
        and not screen.busy
        and screen.table.waiting_on() == YOU
        and screen.table.told(YOU).decision == "turn"
    )


def hand_view(screen: TutorialScreen) -> View:
    view = screen.table.told(YOU)
    assert isinstance(view, View)
    return view


async def play_step(pilot: Pilot[str], app: MilleBornesApp) -> None:
    """The lesson's move with the keys: its card's number and p, or c to call a coup-fourré;
    back once the table has taken it."""
    screen = lesson(app)
    moves = len(screen.table.log)
    step = SCRIPT[moves]
    if step.action.verb == Verb.COUP_FOURRE:
        await pilot.press("c")
    else:
        places = screen.hand_places(hand_view(screen))
        await pilot.press(str(places.index(step.action.card) + 1), "p")
    await settle(pilot, lambda: len(screen.table.log) > moves)


@pytest.mark.slow  # about 25 s a language on a shared 2-core machine
@pytest.mark.parametrize("language", ["en", "fr"])
async def test_the_guided_deal_is_played_through_with_the_keyboard(
    store: GameStore, language: str
) -> None:
    app = MilleBornesApp(store, pace=0, language=language)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("f2")  # the start menu's "Learn to play"
        await settle(pilot, lambda: asked(app))
        screen = lesson(app)
        first = plain(screen.query_one("#lesson", Static))
        assert say(language, "tutorial.step", number=1, count=LESSONS) in first
        assert say(language, "tutorial.roll") in first
        # A legal move other than the lesson's is refused with guidance, and nothing is played.
        places = screen.hand_places(hand_view(screen))
        await pilot.press(str(places.index(Card.DRIVING_ACE) + 1), "p")
        refused = word(refusal(0, PLAYS[Card.DRIVING_ACE]), language)  # type: ignore[arg-type]
        assert plain(screen.query_one("#message", Static)) == f"✗ {refused}"
        assert screen.table.log == []
        declined = False
        while not isinstance(app.screen, LessonScoreScreen):
            await settle(pilot, lambda: asked(app) or isinstance(app.screen, LessonScoreScreen))
            if isinstance(app.screen, LessonScoreScreen):
                break
            if isinstance(app.screen, CoupFourreScreen) and not declined:
                declined = True  # let pass: refused, and asked again
                await pilot.press("n")
                await settle(pilot, lambda: isinstance(app.screen, CoupFourreScreen))
                refused = say(language, "tutorial.refused_coup_fourre")
                assert refused in plain(screen.query_one("#message", Static))
            await play_step(pilot, app)
        assert declined
        played = [(p.seat, p.action) for p in screen.table.log]
        assert played == [(step.seat, step.action) for step in SCRIPT]
        sheet = plain(app.screen.query_one("#lesson-score", Static))
        assert " ".join(sheet.split()) == say(language, "tutorial.score")
        await pilot.press("n")  # the lesson is over: back to the start menu
        await settle(pilot, lambda: isinstance(app.screen, NewGameScreen))
    # Not a game to resume.
    assert Session.unfinished(store) == []


@pytest.mark.slow
async def test_q_leaves_the_lesson_for_the_start_menu_at_any_step(store: GameStore) -> None:
    app = MilleBornesApp(store, pace=0, tutorial=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: asked(app))
        assert "hint" not in shown_keys(app)  # the line says the move; a bot's hint might not
        said = plain(lesson(app).query_one("#message", Static))
        await pilot.press("h")
        assert plain(lesson(app).query_one("#message", Static)) == said
        await play_step(pilot, app)
        await settle(pilot, lambda: asked(app))
        assert "2" in plain(lesson(app).query_one("#lesson", Static))
        await pilot.press("q")
        await settle(pilot, lambda: isinstance(app.screen, NewGameScreen))
        # And it starts again from its first lesson.
        await pilot.press("f2")
        await settle(pilot, lambda: asked(app))
        assert lesson(app).table.log == []


def test_the_lesson_is_stored_with_its_first_move_and_replays_as_played(store: GameStore) -> None:
    table = tutorial_session(store, "en").table
    assert store.game_ids() == []  # left before a move, it leaves nothing
    table.act(YOU, SCRIPT[0].action).wait()
    table.run_bots()
    again = Table(store, store.load(table.game_id))
    assert again.match.deal == table.match.deal
    assert [str(p.action) for p in again.log] == ["play roll", "play roll"]


def test_play_tutorial_opens_the_lesson_in_the_language_asked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[MilleBornesApp] = []
    monkeypatch.setattr(MilleBornesApp, "run", lambda app: opened.append(app))
    assert main(["play", "--tutorial", "--lang", "fr", "--db", str(tmp_path / "g.sqlite")]) == 0
    assert [(app.tutorial, app.language) for app in opened] == [(True, "fr")]
