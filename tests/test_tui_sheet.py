"""The terminal's end of a deal: the sides show the match's points after it, as the score sheet
does, and each preset's sheet has the rows its rules score, in French naming no team between two
players (docs/play.md)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from textual.widgets import Static

from millebornes.core.match import Match
from millebornes.store import GameStore
from millebornes.table import Player
from millebornes.tui.app import MilleBornesApp
from millebornes.tui.i18n import score_item
from millebornes.tui.screens import ScoreScreen
from millebornes.tui.session import Session
from millebornes.tui.widgets import SidePanel
from test_tui import ME, bot_ends_the_first_deal, plain, settle, table

SIZE = (120, 40)
pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def store(tmp_path: Path) -> GameStore:
    return GameStore(tmp_path / "games.sqlite")


def nearly_played(store: GameStore, rules: str, players: int, language: str = "en") -> str:
    """A stored one-deal game of ``rules`` played at random to its last move, which a bot
    makes: the game the app resumes ends at once."""
    for seed in range(100):
        match = Match(rules, players, seed, target=None)
        rng = random.Random(seed)
        actions: list[tuple[int, str]] = []
        while not match.is_over:
            seat = match.to_act
            assert seat is not None
            chosen = rng.choice(match.view(seat).legal)
            match.apply(chosen)
            actions.append((seat, str(chosen)))
        if actions[-1][0] != 0:
            break
    seats = [ME, *(Player(f"Bot {seat}", "easy") for seat in range(1, players))]
    session = Session.start(
        store, rules=rules, players=seats, seed=seed, single_deal=True, language=language
    )
    for _, played in actions[:-1]:
        store.append(session.table.game_id, played)
    return session.table.game_id


async def test_the_final_table_shows_the_points_dujardins_sheet_adds_up(
    store: GameStore,
) -> None:
    app = bot_ends_the_first_deal(store)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ScoreScreen))
        shown = plain(app.screen.query_one("#score-table", Static))
        assert "Capot" in shown  # dujardin's items, not the bonus rules'
        for item in ("Extension", "Trip completed", "Shut-out", "Delayed action"):
            assert item not in shown
        totals = table(app).session.table.results[0].totals
        assert any(totals)
        await pilot.press("t")  # the sheet aside: the final table
        await settle(pilot, lambda: not isinstance(app.screen, ScoreScreen))
        for side, points in enumerate(totals):
            panel = app.screen.query_one(f"#side-{side}", SidePanel)
            assert str(panel.border_subtitle).endswith(f"{points:,} pts")


@pytest.mark.parametrize(
    ("rules", "players", "extension"),
    [("winning-moves", 4, False), ("parker", 2, True), ("parker", 4, False)],
)
async def test_each_presets_sheet_has_the_rows_its_rules_score(
    store: GameStore, rules: str, players: int, extension: bool
) -> None:
    app = MilleBornesApp(store, game_id=nearly_played(store, rules, players), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ScoreScreen))
        shown = plain(app.screen.query_one("#score-table", Static))
        assert ("Extension" in shown) is extension
        for item in ("Distance", "Safeties", "Trip completed", "Shut-out"):
            assert item in shown
        assert "Capot" not in shown


@pytest.mark.slow
async def test_a_sheet_between_two_players_in_french_names_no_team(store: GameStore) -> None:
    game_id = nearly_played(store, "dujardin", 2, language="fr")
    app = MilleBornesApp(store, game_id=game_id, pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ScoreScreen))
        shown = plain(app.screen.query_one("#score-table", Static))
        for item in ("distance", "safeties", "coups_fourres", "winner", "no_200", "capot"):
            assert score_item("fr", item) in shown
        assert "équipe" not in shown
