"""The terminal's replay of a deal (Textual pilot, 80x24): ``millebornes replay RECORD --table``
steps through a recorded deal with the keys, from a seat's view or with every hand open, and
refuses a bad file, seat or deal in one line."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from rich.console import Console
from textual.widgets import Static

from millebornes import Deal, Match
from millebornes.cli.main import main
from millebornes.core.records import deal_record, match_record
from millebornes.review.decisions import deal_start
from millebornes.store import GameStore
from millebornes.tui.app import MilleBornesApp
from millebornes.tui.replay import ReplayApp, ReplayScreen
from millebornes.tui.screens import ScoreScreen
from millebornes.tui.widgets import SidePanel
from scenarios import played
from test_tui import settle
from test_tui_review import game_one_action_from_the_end

SIZE = (80, 24)
NAMES = ["South", "North"]
pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def said(screen: ReplayScreen, widget: str) -> str:
    console = Console(width=200, file=io.StringIO(), record=True)
    console.print(screen.query_one(widget, Static).content)
    return console.export_text().strip()


@pytest.mark.parametrize(("seat", "language"), [(None, "en"), (1, "fr")])
async def test_the_keys_step_through_the_deal_and_everything_fits_80x24(
    seat: int | None, language: str
) -> None:
    deal = played(Deal.new("dujardin", 2, 8), "expert")
    screen = ReplayScreen.create(deal, seat, NAMES, 1, language)
    app = ReplayApp(screen)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        dealt = "The cards are dealt" if language == "en" else "Les cartes sont distribuées"
        assert said(screen, "#replay-step").startswith(dealt)
        hands = said(screen, "#replay-hands").splitlines()
        assert len(hands) == (2 if seat is None else 1)
        await pilot.press("right", "right")
        replay, actions = deal_start(deal)
        replay.apply(actions[0])
        replay.apply(actions[1])
        step = "Action 2 of" if language == "en" else "Coup 2 sur"
        assert said(screen, "#replay-step").startswith(step)
        if seat is not None:  # its own hand, no other
            assert said(screen, "#replay-hands").startswith("Main de North :")
            assert screen.steps[1].after == replay.view(seat)
        await pilot.press("end")
        end = "The deal is over." if language == "en" else "La manche est finie."
        assert said(screen, "#replay-step").endswith(end)
        panels = screen.query(SidePanel)
        assert [panel.tableau for panel in panels] == list(deal.public_view().sides)
        for widget in (*panels, screen.query_one("#replay-hands"), screen.query_one("Footer")):
            assert widget.region.bottom <= SIZE[1], widget  # nothing falls off the screen
            assert widget.region.right <= SIZE[0], widget
        await pilot.press("home")
        assert said(screen, "#replay-step").startswith(dealt)
        await pilot.press("escape")
    assert app.return_code == 0


def test_a_bad_file_seat_or_deal_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LC_ALL", "C")
    going_on = played(
        Match("dujardin", 2, 3, target=None), "expert", until=lambda m: len(m.deal.history) > 10
    )
    record = tmp_path / "match.json"
    record.write_text(json.dumps(match_record(going_on)), "utf-8")
    finished = tmp_path / "deal.json"
    finished.write_text(json.dumps(deal_record(played(Deal.new("dujardin", 2, 8), "expert"))))
    latin = tmp_path / "latin.json"
    latin.write_bytes(b'{"kind": "deal", "name": "\xe9"}')
    refusals = {
        (str(tmp_path / "nothing.json"), "--table"): "cannot read",
        (str(latin), "--table"): "UTF-8",
        (str(record), "--table"): "every hand is shown once the deal is over",
        (str(record), "--table", "--seat", "2"): "--seat must be from 0 to 1, not 2",
        (str(finished), "--table", "--deal", "2"): "--deal may only be 1, not 2",
    }
    for arguments, message in refusals.items():
        assert main(["replay", *arguments]) == 2
        out, err = capsys.readouterr()
        assert out == ""
        assert len(err.strip().splitlines()) == 1, err
        assert message in err, err


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "fr"])
async def test_the_score_sheet_opens_the_replay_of_the_deal_just_ended(
    tmp_path: Path, language: str
) -> None:
    """ "v" on the score sheet (or its Replay button) steps through the deal just played with
    every hand open, at 80x24, and Esc comes back to the sheet."""
    store = GameStore(tmp_path / "games.sqlite")
    app = MilleBornesApp(store, game_id=game_one_action_from_the_end(store, language), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ScoreScreen))
        await pilot.pause()
        assert app.screen.active_bindings["v"].binding.description == (
            "Replay" if language == "en" else "Revoir"
        )
        await pilot.press("v")
        await settle(pilot, lambda: isinstance(app.screen, ReplayScreen))
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        title = "Replay of deal 1" if language == "en" else "Revoir la manche 1"
        assert screen.title == title
        assert [line.split()[0] for line in said(screen, "#replay-hands").splitlines()] == (
            ["South's", "North's"] if language == "en" else ["Main", "Main"]
        )
        await pilot.press("end")
        over = "The deal is over" if language == "en" else "La manche est finie"
        assert over in said(screen, "#replay-step")
        assert screen.position == len(screen.steps)
        await pilot.press("escape")
        await settle(pilot, lambda: isinstance(app.screen, ScoreScreen))
