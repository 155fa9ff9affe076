"""The screens around the table: new game, resume, the prompts, the score sheet and the rules."""

from __future__ import annotations

import time
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingsMap, BindingType
from textual.containers import Center, Grid, Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widgets import (
    Button,
    Footer,
    Header,
    Input,
    Label,
    MarkdownViewer,
    OptionList,
    Select,
    Static,
)
from textual.widgets.option_list import Option

from ..core.actions import CALL_COUP_FOURRE, DECLINE_COUP_FOURRE, EXTEND_RACE, FINISH_RACE
from ..core.rules import PRESETS
from ..store import GameStore, StoredGame
from ..table import Player
from ..words import rules_help, say
from .i18n import LANGUAGES, SEAT_NAMES, text
from .session import Session
from .setup import LEVEL_CHOICES, Setup
from .widgets import score_table

MAX_SEATS = max(max(rules.tables) for rules in PRESETS.values())
DEFAULT_NAMES = {
    name for by_count in SEAT_NAMES.values() for names in by_count.values() for name in names
}


class OpenTable(Message):
    """Asks the app to show the table of ``session``."""

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session


class OpenNewGame(Message):
    """Asks the app to show the new game screen."""


def localize_keys(screen: Screen[Any], bindings: list[Binding]) -> None:
    """Give ``screen`` keys described in the game's language, for its footer (Textual reads a
    class's BINDINGS once, in one language), besides every screen's own (Tab moves the focus)."""
    screen._bindings = BindingsMap([*Screen.BINDINGS, *bindings])  # noqa: SLF001 (see tui issue)


class FieldSelect(Select[Any], inherit_bindings=False):
    """A choice of the new game screen: Enter or Space opens it, and the arrows move on to the
    next field (a plain Select opens on the arrows too, so they would never leave it)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,space", "show_overlay", show=False)]


class NewGameScreen(Screen[None]):
    """Choose the preset, the players and who they are, with the keyboard alone (Tab or the
    arrows between fields, Enter or Space opens one); Enter on Start or F5 starts. Nothing is
    stored before the game's first move."""

    AUTO_FOCUS = "#start"

    def __init__(
        self,
        store: GameStore,
        language: str,
        seed: int | None = None,
        setup: Setup | None = None,
    ) -> None:
        super().__init__()
        setup = setup or Setup()
        self.store = store
        self.language = language
        self.seed = seed
        self.rules = setup.rules
        self.players = setup.players
        self.race = setup.race or PRESETS[self.rules].table(self.players).races[0]
        self.single_deal = False
        self.names = list(SEAT_NAMES[language][self.players])
        self.levels = list(setup.levels)
        self._localize_keys()

    def _localize_keys(self) -> None:
        localize_keys(
            self,
            [
                Binding("f5", "start", self.t("key_start"), priority=True),
                Binding("tab", "app.focus_next", self.t("key_field"), key_display="Tab/↑↓"),
                Binding("down", "app.focus_next", show=False),
                Binding("up", "app.focus_previous", show=False),
                Binding("space", "open", self.t("key_open"), key_display="Enter/Space"),
                Binding("f1", "rules", self.t("key_rules")),
                Binding("escape", "app.quit", self.t("key_quit_app")),
            ],
        )

    def t(self, key: str, **values: object) -> str:
        return text(self.language, key, **values)

    def compose(self) -> ComposeResult:
        rules = PRESETS[self.rules]
        table = rules.table(self.players)
        yield Header(show_clock=False)
        with VerticalScroll(id="new-game", can_focus=False):
            yield Static(self.t("start_hint"), id="start-hint")
            with Grid(id="choices"):
                yield Label(self.t("rules"))
                yield FieldSelect(
                    [(name, name) for name in PRESETS],
                    value=self.rules,
                    allow_blank=False,
                    compact=True,
                    id="rules",
                )
                yield Label(self.t("players"))
                yield FieldSelect(
                    [(str(count), count) for count in rules.tables],
                    value=self.players,
                    allow_blank=False,
                    compact=True,
                    id="players",
                )
                yield Label(self.t("race"))
                yield FieldSelect(
                    [(self.t("race_km", race=race), race) for race in table.races],
                    value=self.race,
                    allow_blank=False,
                    compact=True,
                    disabled=len(table.races) == 1,
                    id="race",
                )
                yield Label(self.t("match"))
                yield FieldSelect(
                    [(self.t("match_target"), False), (self.t("single_deal"), True)],
                    value=self.single_deal,
                    allow_blank=False,
                    compact=True,
                    id="single-deal",
                )
                yield Label(self.t("language"))
                yield FieldSelect(
                    [(label, code) for code, label in LANGUAGES.items()],
                    value=self.language,
                    allow_blank=False,
                    compact=True,
                    id="language",
                )
            yield Label(self.t("seats"), id="seats-label")
            with Vertical(id="seats"):
                for seat in range(self.players):
                    with Horizontal(classes="seat"):
                        yield Label(f"{seat + 1}.", classes="seat-number")
                        yield Input(
                            self.names[seat], id=f"name-{seat}", classes="seat-name", compact=True
                        )
                        yield FieldSelect(
                            [(self.t(level), level) for level in LEVEL_CHOICES],
                            value=self.levels[seat],
                            allow_blank=False,
                            compact=True,
                            id=f"level-{seat}",
                            classes="seat-level",
                        )
            with Center():
                yield Button(self.t("start"), variant="primary", id="start")
        yield Footer()

    def on_mount(self) -> None:
        self.title = self.t("title")
        self.sub_title = self.t("new_game")

    def _resize_seats(self) -> None:
        """Fit the seat rows to the player count, keeping chosen names and levels."""
        defaults = SEAT_NAMES[self.language][self.players]
        names = [
            name if name not in DEFAULT_NAMES else defaults[seat]
            for seat, name in enumerate(self.names[: self.players])
        ]
        names += defaults[len(names) :]
        self.names = names
        self.levels = (self.levels + ["medium"] * MAX_SEATS)[: self.players]

    async def on_select_changed(self, event: Select.Changed) -> None:
        select_id = event.select.id or ""
        value = event.value
        if select_id.startswith("level-"):
            self.levels[int(select_id.removeprefix("level-"))] = str(value)
            return
        if select_id == "single-deal":
            self.single_deal = bool(value)
            return
        if select_id == "race":
            self.race = int(str(value))
            return
        if select_id == "rules" and value != self.rules:
            self.rules = str(value)
            tables = PRESETS[self.rules].tables
            self.players = self.players if self.players in tables else next(iter(tables))
        elif select_id == "players" and value != self.players:
            self.players = int(str(value))
        elif select_id == "language" and value != self.language:
            self.language = str(value)
            self._localize_keys()
        else:
            return
        races = PRESETS[self.rules].table(self.players).races
        self.race = self.race if self.race in races else races[0]
        self._resize_seats()
        await self.recompose()
        self.query_one(f"#{select_id}").focus()

    def on_input_changed(self, event: Input.Changed) -> None:
        self.names[int((event.input.id or "name-0").removeprefix("name-"))] = event.value

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.start()

    def on_input_submitted(self, _event: Input.Submitted) -> None:
        self.focus_next()  # Enter in a name field moves on, as Tab does

    def action_start(self) -> None:
        self.start()

    def action_open(self) -> None:
        """Space on a choice opens it (the footer's reminder; the choice itself binds it)."""
        if isinstance(self.focused, FieldSelect):
            self.focused.action_show_overlay()

    def start(self) -> None:
        seats = [
            Player(
                name.strip() or SEAT_NAMES[self.language][self.players][seat],
                None if level == "person" else level,
            )
            for seat, (name, level) in enumerate(zip(self.names, self.levels, strict=True))
        ]
        table = PRESETS[self.rules].table(self.players)
        session = Session.start(
            self.store,
            store_now=False,
            rules=self.rules,
            players=seats,
            race=self.race if len(table.races) > 1 else None,
            single_deal=self.single_deal,
            seed=self.seed,
            language=self.language,
        )
        self.app.post_message(OpenTable(session))

    def action_rules(self) -> None:
        self.app.push_screen(HelpScreen(self.rules, self.language))


class ResumeScreen(Screen[None]):
    """The unfinished games, the most recent first; Enter continues the highlighted one."""

    def __init__(self, store: GameStore, language: str) -> None:
        super().__init__()
        self.store = store
        self.language = language
        localize_keys(
            self,
            [
                # Priority: the list would take these keys and hide them from the footer.
                Binding("up", "choose('up')", show=False, priority=True),
                Binding(
                    "down",
                    "choose('down')",
                    text(language, "key_choose"),
                    key_display="↑↓",
                    priority=True,
                ),
                Binding("enter", "continue", text(language, "key_continue"), priority=True),
                Binding("n", "new_game", text(language, "key_new_game")),
                Binding("escape", "app.quit", text(language, "key_quit_app")),
            ],
        )
        self.games = Session.unfinished(store)

    def compose(self) -> ComposeResult:
        yield Header(show_clock=False)
        with Vertical(id="resume"):
            if self.games:
                yield OptionList(*(self._option(game) for game in self.games), id="games")
            else:
                yield Static(text(self.language, "resume_none"), id="no-games")
        yield Footer()

    def on_mount(self) -> None:
        self.title = text(self.language, "title")
        self.sub_title = text(self.language, "resume_title")

    def _option(self, game: StoredGame) -> Option:
        match = game.replay()
        names = ", ".join(seat["name"] for seat in game.meta["seats"])
        line = text(
            self.language,
            "resume_item",
            when=time.strftime("%Y-%m-%d %H:%M", time.localtime(game.updated)),
            rules=game.settings.get("rules", "dujardin"),
            names=names,
            scores=" · ".join(str(points) for points in match.scores),
            actions=len(game.actions),
        )
        return Option(line, id=game.id)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        assert event.option.id is not None
        self.app.post_message(OpenTable(Session.resume(self.store, event.option.id)))

    def action_choose(self, direction: str) -> None:
        for games in self.query("#games").results(OptionList):
            games.action_cursor_up() if direction == "up" else games.action_cursor_down()

    def action_continue(self) -> None:
        """Enter continues the highlighted game."""
        for games in self.query("#games").results(OptionList):
            games.action_select()

    def action_new_game(self) -> None:
        self.app.post_message(OpenNewGame())


class ChoiceScreen(ModalScreen[str]):
    """A question asked out of turn: answers as buttons, each with its own key (BINDINGS)."""

    ANSWERS: tuple[tuple[str, str], ...] = ()  # (answer, label key in i18n)

    def __init__(self, language: str, title: str, body: str) -> None:
        super().__init__()
        self.language = language
        self.question = title
        self.body = body

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(self.question, style="bold"), classes="dialog-title")
            yield Static(self.body, classes="dialog-body")
            with Horizontal(classes="dialog-buttons"):
                for number, (answer, label) in enumerate(self.ANSWERS):
                    yield Button(
                        text(self.language, label),
                        variant="warning" if number == 0 else "default",
                        id=answer,
                    )

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id)

    def action_answer(self, answer: str) -> None:
        self.dismiss(answer)


class CoupFourreScreen(ChoiceScreen):
    """Asked at once when the person holds the safety against the hazard just played."""

    ANSWERS = ((str(CALL_COUP_FOURRE), "coup_call"), (str(DECLINE_COUP_FOURRE), "coup_pass"))
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "answer('coup-fourre')", "Coup-fourré!"),
        Binding("n", "answer('decline')", "Let it pass"),
    ]


class ExtensionScreen(ChoiceScreen):
    """Asked when the person's side reaches 700 in a race that may be extended (parker)."""

    ANSWERS = ((str(EXTEND_RACE), "extend"), (str(FINISH_RACE), "finish"))
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("e", "answer('extend')", "Extend to 1000"),
        Binding("s", "answer('finish')", "Stop at 700"),
    ]


class PassScreen(ModalScreen[None]):
    """Hides the table while the keyboard passes to the next person (hot-seat)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "ready", "Ready")]

    def __init__(self, name: str, language: str) -> None:
        super().__init__()
        self.person = name
        self.language = language

    def compose(self) -> ComposeResult:
        with Vertical(id="pass", classes="dialog"):
            yield Static(
                Text(text(self.language, "pass_title", name=self.person), style="bold"),
                classes="dialog-title",
            )
            yield Static(text(self.language, "pass_text", name=self.person), classes="dialog-body")
            with Center():
                yield Button(
                    text(self.language, "ready", name=self.person), variant="primary", id="ready"
                )

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)

    def action_ready(self) -> None:
        self.dismiss(None)


class ScoreScreen(ModalScreen[str]):
    """The itemised score of the deal just played, the match totals, and what comes next."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "answer('next')", "Next deal"),
        Binding("n", "answer('new')", "New game"),
        Binding("q", "answer('quit')", "Quit"),
        Binding("escape,t", "answer('table')", "See the table"),
        Binding("r", "answer('review')", "Review"),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        table = self.session.table
        language = self.session.language
        result = table.results[-1]
        deals = len(table.results)
        with Vertical(id="score", classes="dialog"):
            yield Static(
                Text(text(language, "deal_over", number=deals), style="bold"),
                classes="dialog-title",
            )
            yield Static(
                score_table(result.sheets, table.side_names(), result.totals, language),
                id="score-table",
            )
            if table.is_over:
                winner = table.match.winner
                verdict = (
                    text(language, "match_tie")
                    if winner is None
                    else text(language, "match_over", winner=table.side_names()[winner])
                )
                summary = text(language, "deal_summary", deals=deals)
                yield Static(Text(f"{verdict} {summary}", style="bold #ffd75f"), id="verdict")
            with Horizontal(classes="dialog-buttons"):
                if table.is_over:
                    yield Button(text(language, "new_game_button"), variant="primary", id="new")
                else:
                    yield Button(text(language, "next_deal"), variant="primary", id="next")
                yield Button(text(language, "see_table"), id="table")
                yield Button(say(language, "review.button"), id="review")
                yield Button(text(language, "quit"), id="quit")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Enter goes on to the next deal while the match lasts; n starts anew once it is over."""
        if action == "answer" and parameters:
            if parameters[0] == "next":
                return not self.session.table.is_over
            if parameters[0] == "new":
                return self.session.table.is_over
        return True

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id)

    def action_answer(self, answer: str) -> None:
        self.dismiss(answer)


class HelpScreen(Screen[None]):
    """The rules of the preset in play, in the game's language."""

    def __init__(self, rules: str, language: str) -> None:
        super().__init__()
        self.rules = rules
        self.language = language
        localize_keys(self, [Binding("escape,q,f1", "app.pop_screen", text(language, "key_back"))])

    def compose(self) -> ComposeResult:
        yield Header(show_clock=False)
        yield MarkdownViewer(rules_help(self.rules, self.language), show_table_of_contents=False)
        yield Footer()

    def on_mount(self) -> None:
        self.title = text(self.language, "title")
        self.sub_title = f"{text(self.language, 'help')}: {self.rules}"
