"""The terminal game, driven headless through Textual's pilot: keyboard, mouse, prompts, the end
of a deal, hot-seat, resume, hints and help; and the ``play`` command around it."""

from __future__ import annotations

import io
import random
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import Button, MarkdownViewer, OptionList, Select, Static
from textual.widgets.select import InvalidSelectValueError

from millebornes.cli.main import DEFAULT_COMMAND, build_parser, main
from millebornes.core.actions import Action
from millebornes.core.cards import KM, Card
from millebornes.core.match import Match
from millebornes.core.position import to_position
from millebornes.core.view import View
from millebornes.store import GameStore
from millebornes.table import Player
from millebornes.tui.app import MilleBornesApp
from millebornes.tui.screens import (
    CoupFourreScreen,
    ExtensionScreen,
    HelpScreen,
    NewGameScreen,
    PassScreen,
    ResumeScreen,
    ScoreScreen,
)
from millebornes.tui.session import Session
from millebornes.tui.table import TableScreen
from millebornes.tui.widgets import GameLog, HandCard, SidePanel
from millebornes.words import rules_help, say

SIZE = (120, 40)
pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


async def settle(pilot: Pilot[str], done: Callable[[], bool], steps: int = 2000) -> None:
    """Let the app run (bots think in workers) until ``done()``."""
    for _ in range(steps):
        if done():
            await pilot.pause()  # let the screen that got there finish mounting
            return
        await pilot.pause(0.005)
    raise AssertionError("the app did not get there")


def waiting_for_person(app: MilleBornesApp) -> bool:
    """The table waits for the person at the screen (no bot thinking, no prompt open)."""
    screen = app.screen
    return (
        isinstance(screen, TableScreen)
        and not screen.busy
        and screen.viewer is not None
        and screen.table.told(screen.viewer).decision == "turn"
    )


def table(app: MilleBornesApp) -> TableScreen:
    for screen in app.screen_stack:
        if isinstance(screen, TableScreen):
            return screen
    raise AssertionError("no table on the screen stack")


def plain(widget: Static) -> str:
    """What a Static shows, as plain text."""
    console = Console(width=200, file=io.StringIO(), record=True)
    console.print(widget.content)
    return console.export_text().strip()


def shown_keys(app: MilleBornesApp) -> set[str]:
    """The actions of the keys the footer shows."""
    return {
        active.binding.action
        for active in app.screen.active_bindings.values()
        if active.binding.show
    }


def message(app: MilleBornesApp) -> str:
    return plain(table(app).query_one("#message", Static))


def first_seed(condition: Callable[[Match], bool]) -> int:
    """The first seed whose opening position (seat 0 to play) meets ``condition``."""
    return next(seed for seed in range(1000) if condition(Match("dujardin", 2, seed)))


def store_game(
    store: GameStore, actions: list[str], seats: list[Player], seed: int, single_deal: bool = True
) -> str:
    """A stored 2-player dujardin game with ``actions`` already played."""
    session = Session.start(
        store, rules="dujardin", players=seats, seed=seed, single_deal=single_deal
    )
    for action in actions:
        store.append(session.table.game_id, action)
    return session.table.game_id


def actions_until_coup_fourre() -> tuple[int, list[str]]:
    """A seed and random actions after which seat 0 is asked whether to call coup-fourré."""
    for seed in range(1000):
        match = Match("dujardin", 2, seed, target=None)
        rng = random.Random(seed)
        actions: list[str] = []
        while not match.is_over:
            if match.view(0).decision == "coup-fourre":
                return seed, actions
            seat = match.to_act
            assert seat is not None
            action = rng.choice(match.view(seat).legal)
            match.apply(action)
            actions.append(str(action))
    raise AssertionError("no seed leads to a coup-fourré for seat 0")


def actions_until_extension() -> tuple[int, list[str]]:
    """A seed and actions (mostly plays) after which seat 0 must decide whether to extend."""
    for seed in range(1000):
        match = Match("parker", 2, seed, target=None)
        rng = random.Random(seed)
        actions: list[str] = []
        while not match.is_over:
            if match.view(0).decision == "extension":
                return seed, actions
            seat = match.to_act
            assert seat is not None
            legal = match.view(seat).legal
            plays = [action for action in legal if action.verb == "play"]
            action = rng.choice(plays if plays and rng.random() < 0.8 else legal)
            match.apply(action)
            actions.append(str(action))
    raise AssertionError("no seed leads to an extension for seat 0")


RANK = {"coup-fourre": 0, "finish": 0, "play": 1, "attack": 2, "discard": 3}


def plain_player(view: View) -> Action:
    """A fixed, simple player for building positions, so that they do not change with the bots:
    the longest drive or another play, else an attack, else the first discard."""
    return min(view.legal, key=lambda a: (RANK.get(a.verb, 4), -KM.get(a.card, 0)))  # type: ignore[arg-type]


def plain_deal(seed: int) -> list[tuple[int, str]]:
    """Every (seat, action) of a 2-player deal played by :func:`plain_player`."""
    match = Match("dujardin", 2, seed, target=None)
    played: list[tuple[int, str]] = []
    while not match.is_over:
        seat = match.to_act
        assert seat is not None
        action = plain_player(match.view(seat))
        match.apply(action)
        played.append((seat, str(action)))
    return played


def actions_near_the_end(seed: int, left: int) -> list[str]:
    """The actions of a plain 2-player deal, all but the last ``left``."""
    return [action for _seat, action in plain_deal(seed)[:-left]]


@pytest.fixture
def store(tmp_path: Path) -> GameStore:
    return GameStore(tmp_path / "games.sqlite")


ME = Player("South")
BOT = Player("North", "easy")


@pytest.mark.slow
async def test_enter_starts_a_stored_game_against_one_medium_bot(store: GameStore) -> None:
    app = MilleBornesApp(store, pace=0, seed=5)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("enter")
        await settle(pilot, lambda: waiting_for_person(app))
        session = table(app).session
        assert session.table.players == [Player("South"), Player("North", "medium")]
        assert session.table.settings == {
            "rules": "dujardin",
            "players": 2,
            "race": None,
            "target": 5000,
            "seed": 5,
        }
        assert store.game_ids() == []  # stored with its first move, not before
        hand = session.table.match.view(0).hand
        await pilot.press("1", "d")
        await settle(pilot, lambda: session.table.version > 1)  # North has answered
        assert store.game_ids(finished=False) == [session.table.game_id]
        assert store.load(session.table.game_id).actions[0] == f"discard {hand[0].notation}"


async def choose(pilot: Pilot[str], steps: int) -> None:
    """Open the focused choice, move ``steps`` down (up if negative) and take it."""
    await pilot.press("enter", *(["down"] * steps if steps > 0 else ["up"] * -steps), "enter")
    await pilot.pause()


@pytest.mark.slow
async def test_a_whole_set_up_with_keys_only_four_players_hot_seat_in_french(
    store: GameStore,
) -> None:
    app = MilleBornesApp(store, pace=0, seed=3)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        assert app.focused is not None
        assert app.focused.id == "start"
        await pilot.press("tab")  # from Start to Learn to play, then round to the first field
        assert app.focused.id == "tutorial"
        await pilot.press("tab")
        assert app.focused.id == "rules"
        await pilot.press("down")  # the arrows move between fields too
        assert app.focused.id == "players"
        await choose(pilot, 2)  # 2, 3, 4
        assert screen.players == 4
        assert app.focused.id == "players"
        await pilot.press("tab", "tab", "shift+tab", "tab", "tab")  # race, match, language
        assert app.focused.id == "language"
        await choose(pilot, 1)
        screen = app.screen  # the screen again, every word in French
        assert isinstance(screen, NewGameScreen)
        assert screen.language == "fr"
        assert app.focused is not None
        assert app.focused.id == "language"
        await pilot.press("tab", "tab", "tab")  # name 1, level 1, name 2
        assert app.focused.id == "name-1"
        await pilot.press("end", "space", "2")  # a name takes a space: "Ouest 2"
        await pilot.press("tab")
        assert app.focused.id == "level-1"
        await choose(pilot, -2)  # medium bot to person
        await pilot.press("tab", "tab")
        await choose(pilot, 1)  # medium to hard
        assert screen.names[1] == "Ouest 2"
        assert screen.levels == ["person", "person", "hard", "medium"]
        assert store.game_ids() == []
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("f5")
        await settle(pilot, lambda: isinstance(app.screen, PassScreen))
        game = table(app).table
        assert game.language == "fr"
        assert game.settings["players"] == 4
        assert [p.level for p in game.players] == [None, None, "hard", "medium"]
        assert game.players[1].name == "Ouest 2"
        assert "Passez à Sud" in plain(app.screen.query_one(".dialog-title", Static))


@pytest.mark.slow
async def test_tab_never_starts_a_game_and_enter_on_start_does(store: GameStore) -> None:
    app = MilleBornesApp(store, pace=0, seed=3)
    async with app.run_test(size=SIZE) as pilot:
        focused = []
        for _ in range(12):  # round the whole screen, past Start, and on
            await pilot.press("tab")
            assert app.focused is not None
            focused.append(app.focused.id)
        assert isinstance(app.screen, NewGameScreen)
        assert store.game_ids() == []
        assert {"rules", "players", "language", "name-0", "level-1", "start"} <= set(focused)
        while app.focused is None or app.focused.id != "start":
            await pilot.press("tab")
        await pilot.press("enter")
        await settle(pilot, lambda: waiting_for_person(app))
        assert store.game_ids() == []  # nothing stored before the first move
        await pilot.press("q")
    assert app.return_value is None  # nothing to resume, so nothing said


async def test_play_options_fill_the_new_game_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    started: list[MilleBornesApp] = []

    def run_app(app: MilleBornesApp) -> None:
        started.append(app)

    monkeypatch.setattr(MilleBornesApp, "run", run_app)
    argv = ["play", "--db", str(tmp_path / "g.sqlite"), "--rules", "dujardin", "--players", "4"]
    assert main([*argv, "--race", "700", "--seats", "person,hard,person,easy", "--lang", "fr"]) == 0
    (app,) = started
    app.store = GameStore(tmp_path / "g.sqlite")
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        assert (screen.rules, screen.players, screen.race) == ("dujardin", 4, 700)
        assert screen.levels == ["person", "hard", "person", "easy"]
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, PassScreen))
        game = table(app).table
        assert (game.settings["race"], game.language) == (700, "fr")
        assert [p.level for p in game.players] == [None, "hard", None, "easy"]


@pytest.mark.parametrize(
    ("options", "says"),
    [
        (["--players", "5"], "dujardin is played by 2, 3, 4, 6, 8 players, not 5"),
        (["--players", "0"], "dujardin is played by 2, 3, 4, 6, 8 players, not 0"),
        (["--seats", "person,robot"], "'robot' is not one of person, easy, medium, hard"),
        (["--players", "3", "--seats", "person,hard"], "--seats names 2 seats for 3 players"),
        (["--race", "700"], "dujardin with 2 players races to 1000 km, not 700"),
    ],
)
def test_play_refuses_a_set_up_the_screen_does_not_offer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], options: list[str], says: str
) -> None:
    assert main(["play", "--db", str(tmp_path / "g.sqlite"), *options]) == 2
    assert says in capsys.readouterr().err


@pytest.mark.slow
async def test_new_game_screen_offers_only_the_allowed_player_counts(store: GameStore) -> None:
    app = MilleBornesApp(store, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        screen.query_one("#rules", Select).value = "winning-moves"
        await settle(pilot, lambda: len(screen.query(".seat")) == 4)
        players = screen.query_one("#players", Select)
        assert players.value == 4
        for count in (2, 3, 6, 8):  # not offered: a choice refuses a value it does not offer
            with pytest.raises(InvalidSelectValueError):
                players.value = count
        assert screen.names == ["South", "West", "North", "East"]
        await pilot.press("f5")  # starts even while a choice has the focus
        await settle(pilot, lambda: waiting_for_person(app))
        session = table(app).session
        assert (session.table.settings["rules"], session.table.names()[2]) == (
            "winning-moves",
            "North",
        )


async def test_new_game_offers_the_700_race_where_the_rules_allow_it(store: GameStore) -> None:
    app = MilleBornesApp(store, pace=0, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        assert app.screen.query_one("#race", Select).disabled
        app.screen.query_one("#players", Select).value = 4
        await settle(pilot, lambda: len(app.screen.query(".seat")) == 4)  # drawn again
        race = app.screen.query_one("#race", Select)
        assert not race.disabled
        race.value = 700
        await settle(pilot, lambda: race.value == 700)
        await pilot.press("f5")
        await settle(pilot, lambda: waiting_for_person(app))
        session = table(app).session
        assert (session.table.settings["players"], session.table.settings["race"]) == (4, 700)
        assert session.table.match.view(0).race == 700


@pytest.mark.slow
async def test_keyboard_plays_a_card_and_an_illegal_choice_says_why(store: GameStore) -> None:
    seed = first_seed(
        lambda m: Card.ROLL in m.view(0).hand and any(c.is_distance for c in m.view(0).hand)
    )
    app = MilleBornesApp(store, pace=0, seed=seed)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await settle(pilot, lambda: waiting_for_person(app))
        hand = table(app).session.table.match.view(0).hand
        distance = next(i for i, card in enumerate(hand) if card.is_distance)
        await pilot.press(str(distance + 1), "p")
        assert "you are not rolling" in message(app)
        assert store.game_ids() == []  # nothing stored before the first move
        await pilot.press(str(hand.index(Card.ROLL) + 1), "p")
        await settle(pilot, lambda: waiting_for_person(app))
        session = table(app).session
        assert store.load(session.table.game_id).actions[0] == "play roll"
        assert session.table.match.view(0).sides[0].battle[0] is Card.ROLL
        assert any(line.text == "You play Roll" for line in session.log)


@pytest.mark.parametrize(
    ("language", "short", "line"),
    [
        ("en", "▶ You must discard", "You must discard: no card can be played."),
        ("fr", "▶ À vous de défausser", "Vous devez défausser : aucune carte ne peut être jouée."),
    ],
)
async def test_a_hand_with_nothing_to_play_is_told_to_discard(
    store: GameStore, language: str, short: str, line: str
) -> None:
    seed = first_seed(lambda m: m.view(0).must_discard)
    session = Session.start(
        store, rules="dujardin", players=[ME, BOT], seed=seed, language=language
    )
    app = MilleBornesApp(store, game_id=session.table.game_id, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: waiting_for_person(app))
        assert short in str(table(app).query_one("#hand").border_title)
        assert line in message(app)
        # Picking a card that cannot be played says why, in the rules' words.
        screen = table(app)
        card = screen.hand_places(screen.table.match.view(0))[0]
        assert card is not None
        reason = screen.table.why_not_words(0, language)[card]
        await pilot.press("1")
        assert message(app).startswith("✗ ")
        assert reason in message(app)


@pytest.mark.slow
async def test_a_refusal_is_said_in_the_games_language_naming_sides_as_the_table_does(
    store: GameStore,
) -> None:
    """The engine's refusals in French in a French game (as the command line and the browser say
    them), the side attacked named by its player's name, never by the notation's number."""
    seats = [Player("Zoé"), Player("Bob", "easy")]
    session = Session.start(store, rules="dujardin", players=seats, seed=0, language="fr")
    app = MilleBornesApp(store, game_id=session.table.game_id, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: waiting_for_person(app))
        hand = table(app).session.table.match.view(0).hand
        await pilot.press(str(hand.index(Card.D25) + 1), "p")
        assert message(app) == "✗ vous ne roulez pas : il vous faut d'abord un Feu vert"
        await pilot.press(str(hand.index(Card.ACCIDENT) + 1), "p")
        assert message(app) == "✗ impossible d'attaquer Bob à l'arrêt"
        assert store.load(session.table.game_id).actions == []


@pytest.mark.slow
async def test_mouse_picks_a_card_and_discards_it(store: GameStore) -> None:
    app = MilleBornesApp(store, pace=0, seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await settle(pilot, lambda: waiting_for_person(app))
        hand = table(app).session.table.match.view(0).hand
        assert await pilot.click("#card-2")
        assert table(app).query_one("#card-2", HandCard).has_class("selected")
        assert await pilot.click("#discard")
        await settle(pilot, lambda: waiting_for_person(app))
        session = table(app).session
        assert store.load(session.table.game_id).actions[0] == f"discard {hand[2].notation}"
        assert session.table.match.view(0).discard[0] is hand[2]


@pytest.mark.slow
async def test_a_hazard_attacks_the_side_clicked(store: GameStore) -> None:
    # Three players, seat 0 holds a Speed Limit: legal on both opponents, so it asks whom.
    seed = next(s for s in range(1000) if Card.SPEED_LIMIT in Match("dujardin", 3, s).view(0).hand)
    seats = [ME, Player("West", "easy"), Player("East", "easy")]
    session = Session.start(store, rules="dujardin", players=seats, seed=seed)
    app = MilleBornesApp(store, game_id=session.table.game_id, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: waiting_for_person(app))
        hand = table(app).session.table.match.view(0).hand
        await pilot.press(str(hand.index(Card.SPEED_LIMIT) + 1), "p")
        assert "Attack whom?" in message(app)
        assert table(app).query_one("#side-2").has_class("target")
        assert await pilot.click("#side-2")
        await settle(pilot, lambda: len(store.load(session.table.game_id).actions) > 0)
        assert store.load(session.table.game_id).actions[0] == "attack speed-limit 2"


@pytest.mark.slow
async def test_coup_fourre_is_asked_at_once_and_logged_with_emphasis(
    store: GameStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    seed, actions = actions_until_coup_fourre()
    game_id = store_game(store, actions, [ME, BOT], seed)
    # The moment lasts long enough to be seen on a loaded machine too.
    monkeypatch.setattr("millebornes.tui.table.MOMENT_SECONDS", 60.0)
    app = MilleBornesApp(store, game_id=game_id, pace=0)
    rings = []
    app.bell = lambda: rings.append(1)  # type: ignore[method-assign]
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, CoupFourreScreen))
        assert shown_keys(app) == {"answer('coup-fourre')", "answer('decline')"}
        table(app).ring = True
        await pilot.press("c")
        await settle(pilot, lambda: not isinstance(app.screen, CoupFourreScreen))
        session = table(app).session
        assert store.load(game_id).actions[len(actions)] == "coup-fourre"
        assert session.table.match.view(0).sides[0].coups_fourres
        line = next(line for line in session.log if line.kind == "coup-fourre")
        assert line.text.startswith("COUP-FOURRÉ! You answer with")
        # Its moment: the line above the log, the tableau lit, the bell.
        moment = table(app).query_one("#moment", Static)
        assert moment.has_class("shown")
        assert line.text in plain(moment)
        assert table(app).query_one("#side-0").has_class("coup-fourre")
        assert rings
        safety = session.table.match.view(0).sides[0].coups_fourres[-1]
        assert table(app).query_one("#side-0", SidePanel).last is safety  # marked ←


async def test_letting_a_coup_fourre_pass_is_not_told_to_the_table(store: GameStore) -> None:
    seed, actions = actions_until_coup_fourre()
    game_id = store_game(store, actions, [ME, BOT], seed)
    app = MilleBornesApp(store, game_id=game_id, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, CoupFourreScreen))
        await pilot.press("n")
        await settle(pilot, lambda: not isinstance(app.screen, CoupFourreScreen))
        assert store.load(game_id).actions[len(actions)] == "decline"
        assert not table(app).session.table.match.view(0).sides[0].coups_fourres


@pytest.mark.slow
async def test_reaching_700_in_parker_asks_whether_to_extend(store: GameStore) -> None:
    seed, actions = actions_until_extension()
    session = Session.start(store, rules="parker", players=[ME, BOT], seed=seed, single_deal=True)
    for action in actions:
        store.append(session.table.game_id, action)
    app = MilleBornesApp(store, game_id=session.table.game_id, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ExtensionScreen))
        await pilot.press("e")
        await settle(pilot, lambda: not isinstance(app.screen, ExtensionScreen))
        assert store.load(session.table.game_id).actions[len(actions)] == "extend"
        assert table(app).session.table.match.view(0).race == 1000
        assert "You extend the race to 1000" in [line.text for line in table(app).session.log]


@pytest.mark.slow
async def test_bots_finish_the_deal_and_the_score_sheet_names_every_item(
    store: GameStore,
) -> None:
    actions = actions_near_the_end(seed=8, left=6)
    game_id = store_game(store, actions, [Player("South", "easy"), BOT], seed=8)
    app = MilleBornesApp(store, game_id=game_id, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ScoreScreen))
        session = table(app).session
        sheets = session.table.results[-1].sheets
        shown = plain(app.screen.query_one("#score-table", Static))
        for item in ("Distance", "Safeties", "Coups-fourrés", "Winner", "Capot", "Match total"):
            assert item in shown
        assert f"{sheets[1]['total']:,}" in shown  # written the English way
        verdict = plain(app.screen.query_one("#verdict", Static))
        assert "Winner of the match" in verdict or "tie" in verdict
        assert store.load(game_id).finished
        await pilot.press("n")
        await settle(pilot, lambda: isinstance(app.screen, NewGameScreen))
    assert store.game_ids(finished=False) == []  # nothing left to resume


def bot_ends_the_first_deal(store: GameStore) -> MilleBornesApp:
    """A match whose first deal North (a bot) ends: the person then waits in deal 2."""
    seed = next(s for s in range(100) if plain_deal(s)[-1][0] == 1)
    actions = actions_near_the_end(seed, left=1)
    game_id = store_game(store, actions, [ME, BOT], seed, single_deal=False)
    return MilleBornesApp(store, game_id=game_id, pace=0)


@pytest.mark.slow
async def test_enter_after_a_deal_starts_the_next_one(store: GameStore) -> None:
    app = bot_ends_the_first_deal(store)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ScoreScreen))
        assert "Next deal" in str(app.screen.query_one("#next", Button).label)
        await pilot.press("enter")
        await settle(pilot, lambda: waiting_for_person(app))
        session = table(app).session
        assert (len(session.table.results), session.table.deal_index + 1) == (1, 2)
        assert any(line.text.startswith("Deal 2:") for line in session.log)
        await pilot.press("q")
    assert app.return_value is not None
    assert "--resume" in app.return_value


@pytest.mark.slow
async def test_the_score_sheet_lies_over_the_final_table_until_the_next_deal_is_asked(
    store: GameStore,
) -> None:
    app = bot_ends_the_first_deal(store)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ScoreScreen))
        screen = table(app)
        final = screen.table.match.finished[0]
        assert screen.shown_view().sides == final.view(0).sides  # not the next deal's table
        assert "Deal 1" in str(screen.sub_title)
        await pilot.press("t")  # the sheet aside: the final table, nothing played meanwhile
        await settle(pilot, lambda: app.screen is screen)
        version = screen.table.version
        for _ in range(20):
            await pilot.pause(0.01)
        assert screen.table.version == version
        assert screen.shown_view().sides == final.view(0).sides
        assert "Enter for the next deal" in message(app)
        await pilot.press("s")
        await settle(pilot, lambda: isinstance(app.screen, ScoreScreen))
        await pilot.press("escape", "enter")
        await settle(pilot, lambda: waiting_for_person(app))
        assert "Deal 2" in str(screen.sub_title)
        assert screen.final is None


async def test_the_resume_footer_names_every_key(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "games.sqlite")
    store_game(store, [str(Match("dujardin", 2, 1).view(0).legal[0])], [ME, BOT], seed=1)
    app = MilleBornesApp(store, resume=True, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        bindings = app.screen.active_bindings.items()
        shown = {key: b.binding.description for key, b in bindings if b.binding.show}
        assert {"down", "enter", "n", "escape"} <= set(shown)  # "down" shown as ↑↓
        assert shown["enter"] == "Continue it"


@pytest.mark.slow
async def test_bot_moves_wait_for_the_pace_and_the_screen_stays_live(store: GameStore) -> None:
    app = MilleBornesApp(store, pace=30, seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await settle(pilot, lambda: waiting_for_person(app))
        game_id = table(app).session.table.game_id
        await pilot.press("1", "d")
        await pilot.pause(0.2)
        assert len(store.load(game_id).actions) == 1  # North's move waits for the pace
        assert "North is thinking" in str(table(app).query_one("#hand").border_title)
        assert shown_keys(app) == {"bell", "rules", "quit"}  # nothing to play
        await pilot.press("f1")
        await settle(pilot, lambda: isinstance(app.screen, HelpScreen))


@pytest.mark.slow
async def test_hot_seat_hides_the_hand_until_the_next_person_is_ready(store: GameStore) -> None:
    session = Session.start(store, rules="dujardin", players=[ME, Player("North")], seed=2)
    app = MilleBornesApp(store, game_id=session.table.game_id, pace=0)

    def hand_shown() -> bool:
        cards = table(app).query_one("#hand-cards")
        return cards.display and any(card.card for card in cards.query(HandCard))

    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, PassScreen))
        assert "Pass to South" in plain(app.screen.query_one(".dialog-title", Static))
        assert not hand_shown()
        await pilot.press("enter")
        await settle(pilot, lambda: waiting_for_person(app))
        assert table(app).viewer == 0
        assert hand_shown()
        await pilot.press("1", "d")
        await settle(pilot, lambda: isinstance(app.screen, PassScreen))
        assert "Pass to North" in plain(app.screen.query_one(".dialog-title", Static))
        assert table(app).viewer is None
        assert not hand_shown()
        await pilot.press("enter")
        await settle(pilot, lambda: waiting_for_person(app))
        assert table(app).viewer == 1
        assert hand_shown()


@pytest.mark.slow
async def test_resume_continues_exactly_where_the_game_stopped(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite"
    first = MilleBornesApp(GameStore(path), pace=0, seed=11)
    async with first.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await settle(pilot, lambda: waiting_for_person(first))
        await pilot.press("1", "d")
        await settle(pilot, lambda: waiting_for_person(first))
        position = to_position(table(first).table.match.deal)
        log = [line.text for line in table(first).session.log]
        await pilot.press("q")
    assert first.return_value is not None
    assert "--resume" in first.return_value

    # A game stored by another interface in the same file is not offered.
    GameStore(path).create({"rules": "dujardin", "players": 2, "seed": 1}, {"room": "ABCD"})
    again = MilleBornesApp(GameStore(path), resume=True, pace=0)
    async with again.run_test(size=SIZE) as pilot:
        assert isinstance(again.screen, ResumeScreen)
        assert again.screen.query_one("#games", OptionList).option_count == 1
        await pilot.press("enter")
        await settle(pilot, lambda: waiting_for_person(again))
        assert to_position(table(again).table.match.deal) == position
        assert [line.text for line in table(again).session.log] == log


@pytest.mark.slow
async def test_hint_names_a_legal_action_and_its_reason(store: GameStore) -> None:
    app = MilleBornesApp(store, pace=0, seed=4)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await settle(pilot, lambda: waiting_for_person(app))
        await pilot.press("h")
        await settle(pilot, lambda: message(app).startswith("Hint: "))
        assert len(message(app)) > len("Hint: ")


async def test_a_french_games_hint_is_all_in_french(store: GameStore) -> None:
    session = Session.start(store, rules="dujardin", players=[ME, BOT], seed=4, language="fr")
    app = MilleBornesApp(store, game_id=session.table.game_id, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: waiting_for_person(app))
        await pilot.press("h")
        await settle(pilot, lambda: message(app).startswith("Conseil : "))
        hint = " ".join(message(app).split())
        # What you would do, why, master's own figure first, then the other option's.
        assert re.fullmatch(
            r"Conseil : Vous .+\. .+ ; ce choix gagne \d+ % de \d+ fins simulées"
            r"(, contre \d+ % pour .+)?",
            hint,
        ), hint
        assert not {"side", "wins", "against", "simulated"} & set(hint.split()), hint


@pytest.mark.slow
async def test_rules_open_in_the_language_of_the_game(store: GameStore) -> None:
    seats = [ME, BOT]
    session = Session.start(store, rules="parker", players=seats, seed=1, language="fr")
    app = MilleBornesApp(store, game_id=session.table.game_id, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: waiting_for_person(app))
        await pilot.press("f1")
        await settle(pilot, lambda: isinstance(app.screen, HelpScreen))
        viewer = app.screen.query_one(MarkdownViewer)
        assert "prolongation" in viewer.document.source
        await pilot.press("escape")
        assert isinstance(app.screen, TableScreen)


@pytest.mark.parametrize("rules", ["dujardin", "winning-moves", "parker"])
@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_preset_has_its_rules_in_both_languages(rules: str, language: str) -> None:
    text = rules_help(rules, language)
    title = text.splitlines()[0]  # the preset as the games name it
    assert title.startswith("# ")
    assert "Mille Bornes" in title
    assert say(language, f"preset.{rules}") in title
    assert ("coup-fourré" if language == "en" else "coup fourré") in text.lower()


def test_session_hides_a_bot_letting_a_coup_fourre_pass(store: GameStore) -> None:
    seed, actions = actions_until_coup_fourre()
    # The same actions with the seats swapped: seat 0, now a bot, declines.
    session = Session.resume(store, store_game(store, actions, [BOT, ME], seed))
    turn = session.table.bot_turn()
    assert turn is not None
    assert turn.view.decision == "coup-fourre"
    lines = session.hear(session.table.play_bot(turn, Action.parse("decline")).wait())
    assert session.table.log[-1].action.verb == "decline"
    assert not any("pass" in line.text for line in lines + session.log)


def test_play_is_the_default_command_and_imports_textual_only_to_run() -> None:
    assert DEFAULT_COMMAND == "play"
    args = build_parser().parse_args(["play", "--pace", "0", "--lang", "fr", "--resume"])
    assert (args.pace, args.lang, args.resume) == (0.0, "fr", "")
    code = (
        "import sys; from millebornes.cli.main import build_parser; build_parser(); "
        "print('textual' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_options_alone_go_to_the_default_play_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--pace", "-1", "--db", str(tmp_path / "g.sqlite")]) == 2
    assert "--pace" in capsys.readouterr().err


def test_play_refuses_bad_options_with_a_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", "--pace", "-1", "--db", str(tmp_path / "g.sqlite")]) == 2
    assert "--pace" in capsys.readouterr().err
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    assert main(["play", "--db", str(blocker / "games.sqlite")]) == 2
    assert "cannot open the games file" in capsys.readouterr().err
    assert main(["play", "--db", str(tmp_path / "g.sqlite"), "--resume", "nope"]) == 2
    assert "no unfinished game 'nope'" in capsys.readouterr().err


@pytest.mark.slow
async def test_a_drawn_card_keeps_the_others_numbers_and_is_marked_new(store: GameStore) -> None:
    app = MilleBornesApp(store, pace=0, seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await settle(pilot, lambda: waiting_for_person(app))
        screen = table(app)
        view = screen.table.told(0)
        assert isinstance(view, View)
        before = screen.hand_places(view)
        await pilot.press("3", "d")
        await settle(pilot, lambda: waiting_for_person(app))
        view = screen.table.told(0)
        assert isinstance(view, View)
        after = screen.hand_places(view)
        unchanged = [place for place in range(len(before)) if place != 2]
        assert [after[place] for place in unchanged] == [before[place] for place in unchanged]
        places = {card.index: card for card in screen.query(HandCard)}
        assert places[2].new
        assert places[2].card == after[2]
        assert not any(places[place].new for place in unchanged)
        assert "new" in places[2].render().plain  # type: ignore[union-attr]
        # North's move is marked where it landed: on a tableau, or on the discard pile.
        north = screen.table.log[-1]
        assert north.seat == 1
        marked = [panel.last for panel in screen.query(SidePanel) if panel.last is not None]
        if north.action.verb == "discard":
            assert marked == []
            assert "←" in str(screen.query_one("#hand").border_subtitle)
        else:
            assert marked == [north.action.card]


def shown_hand(app: MilleBornesApp) -> list[Card | None]:
    return [card.card for card in sorted(table(app).query(HandCard), key=lambda c: c.index)]


@pytest.mark.slow
async def test_a_resumed_game_numbers_the_hand_as_it_was(store: GameStore) -> None:
    """docs/play.md: a card keeps its number for the whole deal, after ``play --resume`` too
    (the table lays the hand out from the stored actions alone)."""
    session = Session.start(store, rules="dujardin", players=[ME, BOT], seed=3)
    game = session.table.game_id
    first = MilleBornesApp(store, game_id=game, pace=0)
    async with first.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: waiting_for_person(first))
        await pilot.press("1", "d")
        await settle(pilot, lambda: waiting_for_person(first))
        before = shown_hand(first)
        view = table(first).table.told(0)
        assert isinstance(view, View)
        assert [c for c in before if c is not None] != list(view.hand)  # not sorted again
        await pilot.press("q")
    again = MilleBornesApp(store, game_id=game, pace=0)
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: waiting_for_person(again))
        assert shown_hand(again) == before


@pytest.mark.slow
async def test_the_footer_shows_only_the_keys_that_work(store: GameStore) -> None:
    # Three players, seat 0 holds a Speed Limit: legal on both opponents, so it asks whom.
    seed = next(s for s in range(1000) if Card.SPEED_LIMIT in Match("dujardin", 3, s).view(0).hand)
    seats = [ME, Player("West", "easy"), Player("East", "easy")]
    session = Session.start(store, rules="dujardin", players=seats, seed=seed)
    app = MilleBornesApp(store, game_id=session.table.game_id, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: waiting_for_person(app))
        always = {"rules", "quit"}
        assert shown_keys(app) == {"pick(1)", "hint", "bell", *always}
        places = table(app).hand_places(table(app).table.told(0))  # type: ignore[arg-type]
        await pilot.press(str(places.index(Card.SPEED_LIMIT) + 1))
        picked = {"pick(1)", "discard", "cancel", "hint", *always}
        assert shown_keys(app) == {"attack", *picked}  # p attacks with a hazard
        await pilot.press("p")
        assert shown_keys(app) == {"target(1)", "cancel", *always}
        await pilot.press("escape")
        other = next(place for place, card in enumerate(places) if card and not card.is_hazard)
        await pilot.press(str(other + 1))
        assert shown_keys(app) == {"play", *picked}


@pytest.mark.slow
async def test_the_log_keeps_its_newest_line_in_sight_and_wraps_at_any_width(
    store: GameStore,
) -> None:
    app = bot_ends_the_first_deal(store)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ScoreScreen))
        await pilot.press("t")
        log = table(app).query_one("#log", GameLog)
        for size in ((80, 24), (120, 40), (40, 24)):
            await pilot.resize_terminal(*size)
            for _ in range(3):
                await pilot.pause()
            assert log.scroll_y == log.max_scroll_y  # the newest line in sight
            assert log.virtual_size.width <= log.scrollable_content_region.width  # none clipped
        longest = max(len(line) for line in log.written)
        assert longest > log.scrollable_content_region.width
        assert len(log.lines) > len(log.written)  # so at 40 columns the long lines wrap


@pytest.mark.slow
async def test_the_bell_rings_when_the_turn_comes_back(store: GameStore) -> None:
    app = MilleBornesApp(store, pace=0, seed=3)
    rings = []
    app.bell = lambda: rings.append(1)  # type: ignore[method-assign]
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await settle(pilot, lambda: waiting_for_person(app))
        assert not rings  # no bell unless asked for
        await pilot.press("b")
        assert "bell" in message(app).lower()
        rung = len(rings)
        await pilot.press("1", "d")
        await settle(pilot, lambda: len(table(app).table.log) > 1 and waiting_for_person(app))
        assert len(rings) > rung  # North played: your turn again
        await pilot.press("b")
        assert "no bell" in message(app).lower()
