"""Every screen of the terminal game read as a player reads it, at 80x24 and 100x30, in English
and French: no word cut or broken across lines, every key of the footer whole, and what must
stay in sight (each side's distance, whose turn, the whole hint) in sight.

A screen's text is taken from Textual's own screenshot (``App.export_screenshot``). A word is
"cut" when a run of letters on the screen is not a word of the game's catalogs, card names,
seat names or rules: a name broken in two ("Réparatio" / "ns"), a button or footer cut short
("Quitte"), a header cropped.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest
from fluent.syntax import ast
from fluent.syntax.visitor import Visitor
from textual.pilot import Pilot
from textual.screen import ModalScreen
from textual.widgets import Select, Static

from budgets import quick_review
from millebornes.core.actions import Verb
from millebornes.core.match import Match
from millebornes.core.rules import PRESETS
from millebornes.core.view import View
from millebornes.store import GameStore
from millebornes.table import Player
from millebornes.tui.app import MilleBornesApp
from millebornes.tui.i18n import LANGUAGES, SEAT_NAMES
from millebornes.tui.review import ReviewScreen
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
from millebornes.tui.setup import Setup
from millebornes.tui.table import TableScreen
from millebornes.words import messages, rules_help, say, variables
from test_tui import (
    actions_until_coup_fourre,
    actions_until_extension,
    plain_player,
    settle,
    table,
    waiting_for_person,
)

SIZES = ((80, 24), (100, 30))
pytestmark = pytest.mark.anyio

LETTERS = re.compile(r"[^\W\d_]+")  # a run of letters: words split at spaces, hyphens, quotes
SVG_TEXT = re.compile(
    r'<text [^>]*?x="([\d.]+)"[^>]*?clip-path="url\(#[\w-]+-line-(\d+)\)">(.*?)</text>'
)
CELL_WIDTH = 12.2  # Rich's SVG export: 20 px a line, characters 0.61 of it wide


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def store(tmp_path: Path) -> GameStore:
    return GameStore(tmp_path / "games.sqlite")


def screen_lines(app: MilleBornesApp) -> list[str]:
    """What the terminal shows, line by line, read from the app's screenshot."""
    width, height = app.size
    rows = [[" "] * width for _ in range(height)]
    for x, line, content in SVG_TEXT.findall(app.export_screenshot()):
        column = round(float(x) / CELL_WIDTH)
        for offset, character in enumerate(html.unescape(content).replace("\xa0", " ")):
            rows[int(line)][column + offset] = character
    return ["".join(row).rstrip() for row in rows]


class _Texts(Visitor):
    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []

    def visit_TextElement(self, node: ast.TextElement) -> None:
        self.texts.append(node.value)


def every_variant(message: ast.Message) -> list[str]:
    """The text of every variant of ``message`` (formatting it says only one: "you" or not)."""
    found = _Texts()
    found.visit(message)
    return found.texts


@cache
def vocabulary(language: str) -> frozenset[str]:
    """Every word the game may show in ``language``, lower case."""
    texts = [
        say(language, name, **dict.fromkeys(variables(message), ""))
        for name, message in messages(language).items()
    ]
    texts += [text for message in messages(language).values() for text in every_variant(message)]
    texts += [rules_help(rules, language) for rules in PRESETS]
    texts += [name for names in SEAT_NAMES.values() for seats in names.values() for name in seats]
    texts += LANGUAGES.values()
    keys = "abcdefghijklmnopqrstuvwxyz"  # the footers' keys (F1, p)
    return frozenset([*keys, *(word.lower() for text in texts for word in LETTERS.findall(text))])


class Scanner:
    """Reads screens at both sizes and keeps what is wrong with them."""

    def __init__(self, app: MilleBornesApp, pilot: Pilot[str], language: str) -> None:
        self.app = app
        self.pilot = pilot
        self.language = language
        self.problems: list[str] = []

    async def scan(self, where: str, *must_show: str, words: bool = True) -> None:
        """Read the screen at each size; ``must_show`` are texts that must be there whole;
        ``words``: check that every word is one of the game's."""
        for width, height in SIZES:
            await self.pilot.resize_terminal(width, height)
            for _ in range(3):  # the table lays itself out again after a resize
                await self.pilot.pause()
            lines = screen_lines(self.app)
            if isinstance(self.app.screen, ModalScreen):
                # The table shows round a dialog, cut by it: read the dialog and the footer.
                region = self.app.screen.query_one(".dialog").region
                dialog = lines[region.y : region.bottom]
                lines = [line[region.x : region.right] for line in dialog] + lines[-1:]
            shown = "\n".join(lines)
            at = f"{where} at {width}x{height}"
            known = vocabulary(self.language) if words else None
            cut = {word for word in LETTERS.findall(shown) if known and word.lower() not in known}
            self.problems += [f"{at}: {word!r} is not a word" for word in sorted(cut)]
            flat = " ".join(" ".join(lines).split())
            self.problems += [
                f"{at}: {text!r} is not shown whole"
                for text in must_show
                if " ".join(text.split()) not in flat
            ]
            self.problems += [f"{at}: {problem}" for problem in self.footer(lines[-1])]

    def footer(self, line: str) -> list[str]:
        """Each key the footer should show, with its description, whole."""
        problems = []
        seen = set()
        for active in self.app.screen.active_bindings.values():
            binding = active.binding
            if not binding.show or binding.action in seen:
                continue
            seen.add(binding.action)
            key = binding.key_display or binding.key
            if f"{key} {binding.description}" not in line:
                problems.append(f"the footer lacks {key} {binding.description!r}: {line!r}")
        return problems


def seat_names(language: str, players: int) -> list[Player]:
    names = SEAT_NAMES[language][players]
    return [Player(names[0])] + [Player(name, "easy") for name in names[1:]]


def stored_game(
    store: GameStore,
    rules: str,
    players: int,
    language: str,
    actions: list[str],
    seed: int,
    *,
    seats: list[Player] | None = None,
) -> MilleBornesApp:
    session = Session.start(
        store,
        rules=rules,
        players=seats or seat_names(language, players),
        seed=seed,
        language=language,
        single_deal=False,
    )
    for action in actions:
        store.append(session.table.game_id, action)
    return MilleBornesApp(store, game_id=session.table.game_id, pace=0)


def plain_moves(rules: str, players: int, seed: int, stop: Callable[[Match], bool]) -> list[str]:
    """The actions of plain players (test_tui.plain_player) until ``stop``."""
    match = Match(rules, players, seed)
    actions: list[str] = []
    while not stop(match):
        seat = match.to_act
        assert seat is not None
        action = plain_player(match.view(seat))
        match.apply(action)
        actions.append(str(action))
    return actions


def attack_whom(match: Match) -> bool:
    """Late in a deal, seat 0 to play, holding a hazard it may play on two sides or more."""
    if match.to_act != 0 or match.deal.decision != "turn" or match.view(0).stock_size > 40:
        return False
    legal = match.view(0).legal
    attacks = [action.card for action in legal if action.verb == Verb.ATTACK]
    return any(attacks.count(card) > 1 for card in attacks)


def hand_number(app: MilleBornesApp, card: object) -> str:
    """The key of ``card`` in the hand as the screen shows it."""
    screen = table(app)
    view = screen.table.told(0)
    assert screen.viewer == 0
    places = screen.hand_places(view)  # type: ignore[arg-type]
    return str(places.index(card) + 1)  # type: ignore[arg-type]


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "fr"])
async def test_the_new_game_screen_and_the_rules_fit(store: GameStore, language: str) -> None:
    levels = ("person", "medium", "medium", "medium")
    app = MilleBornesApp(store, pace=0, language=language, setup=Setup(players=4, levels=levels))
    async with app.run_test(size=SIZES[0]) as pilot:
        scanner = Scanner(app, pilot, language)
        await scanner.scan("the new game, 4 players", say(language, "tui.rules"), "4.")
        assert isinstance(app.screen, NewGameScreen)
        assert app.screen.query_one("#new-game").scroll_y == 0  # it opens at the top
        app.screen.query_one("#players", Select).value = 8
        await settle(pilot, lambda: len(app.screen.query(".seat")) == 8)
        await scanner.scan("the new game, 8 players", "8.", say(language, "tui.start"))
        await pilot.press("f1")
        await settle(pilot, lambda: isinstance(app.screen, HelpScreen))
        await scanner.scan("the rules")
    assert scanner.problems == []


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "fr"])
async def test_four_players_late_in_a_deal_fit(store: GameStore, language: str) -> None:
    actions = plain_moves("dujardin", 4, 2, attack_whom)
    app = stored_game(store, "dujardin", 4, language, actions, seed=2)
    async with app.run_test(size=SIZES[0]) as pilot:
        await settle(pilot, lambda: waiting_for_person(app))
        scanner = Scanner(app, pilot, language)
        view = table(app).table.told(0)
        assert isinstance(view, View)
        distances = [f"{side.km}/{view.race}" for side in view.sides]
        turn = say(language, "tui.your_turn_short")
        await scanner.scan("the table", *distances, turn)
        hazard = next(a.card for a in view.legal if a.verb == Verb.ATTACK)
        await pilot.press(hand_number(app, hazard))
        await scanner.scan("the table, a hazard picked", *distances, turn)
        await pilot.press("p")
        assert table(app).choosing_target
        await scanner.scan("the target's choice", *distances, say(language, "tui.choose_target"))
        await pilot.press("escape", "h")
        hint = say(language, "tui.hint_line", action="", reason="").split(":")[0]
        message = table(app).query_one("#message", Static)
        await settle(pilot, lambda: hint in str(message.content))
        await scanner.scan("the hint", *distances, str(message.content))
    assert scanner.problems == []


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "fr"])
async def test_eight_players_fit_their_long_team_names(store: GameStore, language: str) -> None:
    def late_turn(match: Match) -> bool:
        turn = match.to_act == 0 and match.deal.decision == "turn"
        return turn and match.view(0).stock_size <= 60

    actions = plain_moves("dujardin", 8, 2, late_turn)
    app = stored_game(store, "dujardin", 8, language, actions, seed=2)
    async with app.run_test(size=SIZES[0]) as pilot:
        await settle(pilot, lambda: waiting_for_person(app))
        scanner = Scanner(app, pilot, language)
        names = SEAT_NAMES[language][8]
        await scanner.scan("eight players", *names)
    assert scanner.problems == []


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "fr"])
async def test_the_coup_fourre_its_moment_and_hot_seat_fit(store: GameStore, language: str) -> None:
    seed, actions = actions_until_coup_fourre()
    app = stored_game(store, "dujardin", 2, language, actions, seed)
    async with app.run_test(size=SIZES[0]) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, CoupFourreScreen))
        scanner = Scanner(app, pilot, language)
        await scanner.scan("the coup-fourré's question")
        await pilot.press("c")
        await settle(pilot, lambda: table(app).query_one("#moment").has_class("shown"))
        moment = str(table(app).query_one("#moment", Static).content)
        await scanner.scan("the coup-fourré's moment", moment)
    names = SEAT_NAMES[language][2]
    hot_seat = stored_game(
        store, "dujardin", 2, language, [], 1, seats=[Player(names[0]), Player(names[1])]
    )
    async with hot_seat.run_test(size=SIZES[0]) as pilot:
        await settle(pilot, lambda: isinstance(hot_seat.screen, PassScreen))
        scanner.app = hot_seat
        scanner.pilot = pilot
        await scanner.scan("passing the keyboard", say(language, "tui.pass_title", name=names[0]))
    assert scanner.problems == []


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "fr"])
async def test_parker_extension_score_sheet_and_review_fit(store: GameStore, language: str) -> None:
    seed, actions = actions_until_extension()
    app = stored_game(store, "parker", 2, language, actions, seed)
    async with app.run_test(size=SIZES[0]) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ExtensionScreen))
        scanner = Scanner(app, pilot, language)
        await scanner.scan("the extension's question")
    # The end of a parker deal, the tallest score sheet: North (a bot) plays the last move.
    finished = plain_moves("parker", 2, 3, lambda match: bool(match.finished))
    match = Match("parker", 2, 3)
    for action in finished[:-1]:
        match.apply(action)
    assert match.to_act == 1
    ended = stored_game(store, "parker", 2, language, finished[:-1], seed=3)
    async with ended.run_test(size=SIZES[0]) as pilot:
        await settle(pilot, lambda: isinstance(ended.screen, ScoreScreen))
        scanner = Scanner(ended, pilot, language)
        total = say(language, "tui.match_total")
        await scanner.scan("the score sheet", total, say(language, "tui.quit"))
        await pilot.press("t")
        await settle(pilot, lambda: isinstance(ended.screen, TableScreen))
        await scanner.scan("the final table", say(language, "tui.final_table"))
        await pilot.press("s")
        await settle(pilot, lambda: isinstance(ended.screen, ScoreScreen))
        table(ended).reviews.budget = quick_review(50)
        await pilot.press("r")
        await settle(pilot, lambda: isinstance(ended.screen, ReviewScreen))
        review = ended.screen
        assert isinstance(review, ReviewScreen)
        await settle(pilot, lambda: review.job.finished, steps=40_000)
        # Its footer and layout only: its verdicts and lessons are not in the catalogs yet.
        await scanner.scan("the review", words=False)
    assert scanner.problems == []


@pytest.mark.parametrize("language", ["en", "fr"])
async def test_the_resume_list_fits(store: GameStore, language: str) -> None:
    for seed in range(3):
        first = str(Match("dujardin", 4, seed).view(0).legal[0])
        stored_game(store, "dujardin", 4, language, [first] if seed else [], seed)
    app = MilleBornesApp(store, resume=True, pace=0, language=language)
    async with app.run_test(size=SIZES[0]) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ResumeScreen))
        scanner = Scanner(app, pilot, language)
        await scanner.scan("the resume list", say(language, "tui.resume_rules.dujardin"))
    assert scanner.problems == []


def test_the_scanner_sees_a_cut_word_and_a_cut_footer() -> None:
    """The check itself: a word broken in two, and a word cut short, are not words."""
    words = vocabulary("fr")
    assert "réparations" in words
    assert "puncture" in vocabulary("en")
    assert "proof" in vocabulary("en")
    for fragment in ("réparatio", "quitte", "enregistre"):
        assert fragment not in words
