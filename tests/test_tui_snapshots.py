"""Screenshots of the main screens at 80x24 and 100x30, in English and French, late in a deal,
compared with the saved SVGs in __snapshots__ (tests/test_tui_layout.py reads every screen at
both sizes in both languages; these pin how they look).

Every game is dealt from a fixed seed and bots play at once (pace 0), so the screens are the
same on every run. After a deliberate change of the look, refresh them with
``pytest tests/test_tui_snapshots.py --snapshot-update`` and look at the new SVGs.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from millebornes.core.cards import Card
from millebornes.core.match import Match
from millebornes.store import GameStore
from millebornes.table import Player
from millebornes.tui.app import MilleBornesApp
from millebornes.tui.i18n import SEAT_NAMES
from millebornes.tui.screens import CoupFourreScreen, ScoreScreen
from millebornes.tui.session import Session
from millebornes.tui.setup import Setup
from test_tui import (
    BOT,
    ME,
    actions_until_coup_fourre,
    plain_deal,
    plain_player,
    settle,
    store_game,
    table,
    waiting_for_person,
)

SIZE = (100, 30)
SMALL = (80, 24)
Compare = Callable[..., bool]


@pytest.fixture
def store(tmp_path: Path) -> GameStore:
    return GameStore(tmp_path / "games.sqlite")


def game_in_progress(store: GameStore) -> MilleBornesApp:
    """A 2-player game some thirty moves in, the person to play (no bot moves before the
    screenshot, so that it does not change with the bots)."""
    played = plain_deal(8)
    moves = max(n for n in range(32) if played[n][0] == 0)
    actions = [action for _seat, action in played[:moves]]
    game_id = store_game(store, actions, [ME, BOT], seed=8, single_deal=False)
    return MilleBornesApp(store, game_id=game_id, pace=0)


def until(condition: Callable[[MilleBornesApp], bool], app: MilleBornesApp) -> Any:
    async def run_before(pilot: Pilot[str]) -> None:
        await settle(pilot, lambda: condition(app))

    return run_before


def test_new_game_screen_four_players_in_french_at_80x24(
    snap_compare: Compare, store: GameStore
) -> None:
    setup = Setup(players=4, levels=("person", "medium", "hard", "medium"))
    app = MilleBornesApp(store, pace=0, language="fr", setup=setup)
    assert snap_compare(app, terminal_size=SMALL)


@pytest.mark.slow
def test_table_with_a_card_picked(snap_compare: Compare, store: GameStore) -> None:
    app = game_in_progress(store)

    async def run_before(pilot: Pilot[str]) -> None:
        await settle(pilot, lambda: waiting_for_person(app))
        await pilot.press("2")

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


@pytest.mark.slow
def test_coup_fourre_prompt_in_french_at_80x24(snap_compare: Compare, store: GameStore) -> None:
    seed, actions = actions_until_coup_fourre()
    seats = [Player("Sud"), Player("Nord", "easy")]
    session = Session.start(store, rules="dujardin", players=seats, seed=seed, language="fr")
    for action in actions:
        store.append(session.table.game_id, action)
    app = MilleBornesApp(store, game_id=session.table.game_id, pace=0)
    run_before = until(lambda app: isinstance(app.screen, CoupFourreScreen), app)
    assert snap_compare(app, terminal_size=SMALL, run_before=run_before)


@pytest.mark.slow
def test_score_sheet_at_80x24(snap_compare: Compare, store: GameStore) -> None:
    # Seed 9's plain deal ends with South's 100 km: the person plays it.
    played = plain_deal(9)
    assert played[-1] == (0, "play 100")
    game_id = store_game(store, [action for _seat, action in played[:-1]], [ME, BOT], seed=9)
    app = MilleBornesApp(store, game_id=game_id, pace=0)

    async def run_before(pilot: Pilot[str]) -> None:
        await settle(pilot, lambda: waiting_for_person(app))
        screen = table(app)
        hand = screen.hand_places(screen.table.match.view(0))  # numbered as laid out
        await pilot.press(str(hand.index(Card.D100) + 1), "p")
        await settle(pilot, lambda: isinstance(app.screen, ScoreScreen))

    assert snap_compare(app, terminal_size=SMALL, run_before=run_before)


@pytest.mark.slow
def test_four_players_in_two_teams_in_french(snap_compare: Compare, store: GameStore) -> None:
    seats = [Player("Sud"), Player("Ouest", "easy"), Player("Nord", "easy"), Player("Est", "easy")]
    session = Session.start(store, rules="winning-moves", players=seats, seed=6, language="fr")
    app = MilleBornesApp(store, game_id=session.table.game_id, pace=0)
    run_before = until(waiting_for_person, app)
    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def crowded_game(store: GameStore, players: int, moves: int, language: str) -> MilleBornesApp:
    """A dujardin game ``moves`` plain moves in (the last one before the person's turn), the
    person at seat 0 and easy bots around, the tableaux filling up."""
    match = Match("dujardin", players, 2)
    actions: list[str] = []
    while len(actions) < moves or match.to_act != 0 or match.deal.decision != "turn":
        seat = match.to_act
        assert seat is not None
        action = plain_player(match.view(seat))
        match.apply(action)
        actions.append(str(action))
    names = SEAT_NAMES[language][players]
    seats = [Player(names[0])] + [Player(name, "easy") for name in names[1:]]
    session = Session.start(
        store, rules="dujardin", players=seats, seed=2, language=language, single_deal=False
    )
    for played in actions:
        store.append(session.table.game_id, played)
    return MilleBornesApp(store, game_id=session.table.game_id, pace=0)


def test_four_sides_at_80x24_show_every_distance(snap_compare: Compare, store: GameStore) -> None:
    app = crowded_game(store, players=4, moves=40, language="en")
    run_before = until(waiting_for_person, app)
    assert snap_compare(app, terminal_size=SMALL, run_before=run_before)


@pytest.mark.slow
def test_six_players_at_80x24_in_french(snap_compare: Compare, store: GameStore) -> None:
    app = crowded_game(store, players=6, moves=60, language="fr")
    run_before = until(waiting_for_person, app)
    assert snap_compare(app, terminal_size=SMALL, run_before=run_before)
