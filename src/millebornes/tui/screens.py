"""The screens around the table: new game, resume, the prompts, the score sheet and the rules."""

from __future__ import annotations

import time
from functools import cache
from typing import Any, ClassVar, TypeVar, cast

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
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
from .session import Session, who_plays
from .setup import LEVEL_CHOICES, Setup
from .widgets import Painted, score_table

MAX_SEATS = max(max(rules.seatings) for rules in PRESETS.values())
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


class OpenTutorial(Message):
    """Asks the app to start the guided first deal, in ``language``."""

    def __init__(self, language: str) -> None:
        super().__init__()
        self.language = language


ScreenT = TypeVar("ScreenT", bound=Screen[Any])


def with_keys(screen: type[ScreenT], bindings: tuple[Binding, ...]) -> type[ScreenT]:
    """``screen`` whose footer shows ``bindings``, described in the game's language: Textual
    reads a screen's ``BINDINGS`` once, when its class is made, so the keys of each language
    make a class of their own (the same name, CSS and behaviour)."""
    return cast("type[ScreenT]", _keyed(screen, bindings))


@cache
def _keyed(screen: type[Screen[Any]], bindings: tuple[Binding, ...]) -> type[Screen[Any]]:
    return type(screen.__name__, (screen,), {"BINDINGS": list(bindings), "__doc__": screen.__doc__})


def key_name(language: str, key: str) -> str:
    """A key's name on the keyboards of ``language`` ("Enter", "Entrée")."""
    return text(language, f"keyname.{key}")


def named_binding(
    language: str, keys: str, action: str, description: str, key: str, *, priority: bool = False
) -> Binding:
    """A binding whose footer shows ``key`` by its name on the keyboards of ``language``."""
    return Binding(
        keys, action, description, key_display=key_name(language, key), priority=priority
    )


def preset_name(rules: str, language: str) -> str:
    """The name players know a preset by ("Dujardin (the French classic)")."""
    return say(language, f"preset.{rules}")


class FieldSelect(Select[Any], inherit_bindings=False):
    """A choice of the new game screen: Enter or Space opens it, and the arrows move on to the
    next field (a plain Select opens on the arrows too, so they would never leave it)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,space", "show_overlay", show=False)]


class NewGameScreen(Screen[None]):
    """Choose the preset, the players and who they are, with the keyboard alone (Tab or the
    arrows between fields, Enter or Space opens one); Enter on Start or F5 starts. Nothing is
    stored before the game's first move. Every choice fits at 80x24, up to eight seats."""

    AUTO_FOCUS = "#start"

    @staticmethod
    def key_bindings(language: str) -> tuple[Binding, ...]:
        return (
            Binding("f5", "start", text(language, "key_start"), key_display="F5", priority=True),
            Binding(
                "tab",
                "app.focus_next",
                text(language, "key_field"),
                key_display=f"{key_name(language, 'tab')}/↑↓",
            ),
            Binding("shift+tab", "app.focus_previous", show=False),
            Binding("down", "app.focus_next", show=False),
            Binding("up", "app.focus_previous", show=False),
            Binding(
                "space",
                "open",
                text(language, "key_open"),
                key_display=f"{key_name(language, 'enter')}/{key_name(language, 'space')}",
            ),
            Binding("f2", "tutorial", show=False),  # its button says so: the footer is full
            Binding("f1", "rules", text(language, "key_rules"), key_display="F1"),
            named_binding(language, "escape", "app.quit", text(language, "key_quit"), "esc"),
        )

    @classmethod
    def create(
        cls,
        store: GameStore,
        language: str,
        seed: int | None = None,
        setup: Setup | None = None,
        *,
        focus: str | None = None,
    ) -> NewGameScreen:
        """The screen with its keys in ``language``; ``focus`` the field to start on."""
        keyed = with_keys(cls, cls.key_bindings(language))
        return keyed(store, language, seed, setup, focus=focus)

    def __init__(
        self,
        store: GameStore,
        language: str,
        seed: int | None = None,
        setup: Setup | None = None,
        *,
        focus: str | None = None,
    ) -> None:
        super().__init__()
        setup = setup or Setup()
        self.store = store
        self.language = language
        self.seed = seed
        self.focus_first = focus
        self.rules = setup.rules
        self.players = setup.players
        self.race = setup.race or PRESETS[self.rules].seating(self.players).races[0]
        self.single_deal = setup.single_deal
        self.names = list(setup.names)
        self.levels = list(setup.levels)
        self._resize_seats()

    def t(self, key: str, **values: object) -> str:
        return text(self.language, key, **values)

    def setup(self) -> Setup:
        """The choices as they stand."""
        return Setup(
            self.rules,
            self.players,
            self.race,
            tuple(self.levels),
            self.single_deal,
            tuple(self.names),
        )

    def compose(self) -> ComposeResult:
        rules = PRESETS[self.rules]
        seating = rules.seating(self.players)
        yield Header(show_clock=False)
        with VerticalScroll(id="new-game", can_focus=False):
            yield Static(self.t("start_hint"), id="start-hint")
            with Grid(id="choices"):
                yield Label(self.t("rules"))
                yield FieldSelect(
                    [(preset_name(name, self.language), name) for name in PRESETS],
                    value=self.rules,
                    allow_blank=False,
                    compact=True,
                    id="rules",
                )
                yield Label(self.t("players"))
                yield FieldSelect(
                    [(str(count), count) for count in rules.seatings],
                    value=self.players,
                    allow_blank=False,
                    compact=True,
                    id="players",
                )
                yield Label(self.t("race"))
                yield FieldSelect(
                    [(self.t("race_km", race=race), race) for race in seating.races],
                    value=self.race,
                    allow_blank=False,
                    compact=True,
                    disabled=len(seating.races) == 1,
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
            with Center(), Horizontal(id="start-buttons"):
                yield Button(self.t("start"), variant="primary", id="start", compact=True)
                learn = f"{say(self.language, 'tutorial.title')} (F2)"
                yield Button(learn, id="tutorial", compact=True)
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.title = self.t("title")
        self.sub_title = self.t("new_game")
        if self.focus_first is not None:
            self.query_one(f"#{self.focus_first}").focus()

    def _resize_seats(self) -> None:
        """Fit the seat rows to the player count and language, keeping chosen names and
        levels (a default name follows the language)."""
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
        if select_id == "language" and value != self.language:
            # Every word changes, the footer's too: the screen again, in that language.
            screen = self.create(self.store, str(value), self.seed, self.setup(), focus=select_id)
            self.app.switch_screen(screen)
            return
        if select_id == "rules" and value != self.rules:
            self.rules = str(value)
            seatings = PRESETS[self.rules].seatings
            self.players = self.players if self.players in seatings else next(iter(seatings))
        elif select_id == "players" and value != self.players:
            self.players = int(str(value))
        else:
            return
        races = PRESETS[self.rules].seating(self.players).races
        self.race = self.race if self.race in races else races[0]
        self._resize_seats()
        await self.recompose()
        self.query_one(f"#{select_id}").focus()

    def on_input_changed(self, event: Input.Changed) -> None:
        self.names[int((event.input.id or "name-0").removeprefix("name-"))] = event.value

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.start()
        elif event.button.id == "tutorial":
            self.action_tutorial()

    def on_input_submitted(self, _event: Input.Submitted) -> None:
        self.focus_next()  # Enter in a name field moves on, as Tab does

    def action_start(self) -> None:
        self.start()

    def action_tutorial(self) -> None:
        self.app.post_message(OpenTutorial(self.language))

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
        seating = PRESETS[self.rules].seating(self.players)
        session = Session.start(
            self.store,
            store_now=False,
            rules=self.rules,
            players=seats,
            race=self.race if len(seating.races) > 1 else None,
            single_deal=self.single_deal,
            seed=self.seed,
            language=self.language,
        )
        self.app.post_message(OpenTable(session))

    def action_rules(self) -> None:
        self.app.push_screen(HelpScreen.create(self.rules, self.language))


class ResumeScreen(Screen[None]):
    """The unfinished games, the most recent first; Enter continues the highlighted one."""

    @staticmethod
    def key_bindings(language: str) -> tuple[Binding, ...]:
        return (
            # Priority: the list would take these keys and hide them from the footer.
            Binding("up", "choose('up')", show=False, priority=True),
            Binding(
                "down",
                "choose('down')",
                text(language, "key_choose"),
                key_display="↑↓",
                priority=True,
            ),
            named_binding(
                language,
                "enter",
                "continue",
                text(language, "key_continue"),
                "enter",
                priority=True,
            ),
            Binding("n", "new_game", text(language, "key_new_game")),
            named_binding(language, "escape", "app.quit", text(language, "key_quit"), "esc"),
        )

    @classmethod
    def create(cls, store: GameStore, language: str) -> ResumeScreen:
        return with_keys(cls, cls.key_bindings(language))(store, language)

    def __init__(self, store: GameStore, language: str) -> None:
        super().__init__()
        self.store = store
        self.language = language
        self.games = Session.unfinished(store)

    def compose(self) -> ComposeResult:
        yield Header(show_clock=False)
        with Vertical(id="resume"):
            if self.games:
                yield OptionList(*(self._option(game) for game in self.games), id="games")
            else:
                yield Static(text(self.language, "resume_none"), id="no-games")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.title = text(self.language, "title")
        self.sub_title = text(self.language, "resume_title")

    def _option(self, game: StoredGame) -> Option:
        """When, the rules, who plays (one person against bots, or a hot-seat game), the scores:
        one line whatever the width (the list cuts it short rather than wrap it)."""
        match = game.replay()
        rules = game.settings.get("rules", "dujardin")
        line = text(
            self.language,
            "resume_item",
            when=time.strftime("%m-%d %H:%M", time.localtime(game.updated)),
            rules=text(self.language, f"resume_rules.{rules}"),
            who=who_plays(game.meta["seats"], self.language),
            scores="-".join(text(self.language, "number", value=points) for points in match.scores),
            actions=len(game.actions),
        )
        return Option(line, id=game.id)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        assert event.option.id is not None
        self.app.post_message(OpenTable(Session.resume(self.store, event.option.id)))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Choosing and continuing need a game to resume."""
        if action in ("choose", "continue"):
            return bool(self.games)
        return True

    def action_choose(self, direction: str) -> None:
        games = self.query_one("#games", OptionList)
        games.action_cursor_up() if direction == "up" else games.action_cursor_down()

    def action_continue(self) -> None:
        """Enter continues the highlighted game."""
        self.query_one("#games", OptionList).action_select()

    def action_new_game(self) -> None:
        self.app.post_message(OpenNewGame())


def keys_only(screen: Screen[Any]) -> None:
    """A dialog's buttons are for the mouse: keys go to the dialog's bindings (the footer's),
    never to a focused button."""
    for button in screen.query(Button):
        button.can_focus = False


class ChoiceScreen(ModalScreen[str]):
    """A question asked out of turn: answers as buttons, each with its own key (in the footer
    too, in the game's language)."""

    ANSWERS: ClassVar[tuple[tuple[str, str, str, str], ...]] = ()  # answer, button, key, footer

    @classmethod
    def create(cls, language: str, title: str, body: str) -> ChoiceScreen:
        bindings = tuple(
            Binding(key, f"answer('{answer}')", text(language, footer))
            for answer, _button, key, footer in cls.ANSWERS
        )
        return with_keys(cls, bindings)(language, title, body)

    def __init__(self, language: str, title: str, body: str) -> None:
        super().__init__()
        self.language = language
        self.question = title
        self.body = body

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.question, classes="dialog-title")
            yield Static(self.body, classes="dialog-body")
            with Horizontal(classes="dialog-buttons"):
                for number, (answer, label, _key, _footer) in enumerate(self.ANSWERS):
                    yield Button(
                        text(self.language, label),
                        variant="warning" if number == 0 else "default",
                        id=answer,
                        compact=True,
                    )
        yield Footer(compact=True)

    def on_mount(self) -> None:
        keys_only(self)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id)

    def action_answer(self, answer: str) -> None:
        self.dismiss(answer)


class CoupFourreScreen(ChoiceScreen):
    """Asked at once when the person holds the safety against the hazard just played."""

    ANSWERS = (
        (str(CALL_COUP_FOURRE), "coup_call", "c", "key_coup_call"),
        (str(DECLINE_COUP_FOURRE), "coup_pass", "n", "key_coup_pass"),
    )


class ExtensionScreen(ChoiceScreen):
    """Asked when the person's side reaches 700 in a race that may be extended (parker)."""

    ANSWERS = (
        (str(EXTEND_RACE), "extend", "e", "key_extend"),
        (str(FINISH_RACE), "finish", "s", "key_finish"),
    )


class PassScreen(ModalScreen[None]):
    """Hides the table while the keyboard passes to the next person (hot-seat)."""

    @classmethod
    def create(cls, name: str, language: str) -> PassScreen:
        bindings = (
            named_binding(language, "enter", "ready", text(language, "key_ready"), "enter"),
        )
        return with_keys(cls, bindings)(name, language)

    def __init__(self, name: str, language: str) -> None:
        super().__init__()
        self.person = name
        self.language = language

    def compose(self) -> ComposeResult:
        with Vertical(id="pass", classes="dialog"):
            yield Static(
                text(self.language, "pass_title", name=self.person), classes="dialog-title"
            )
            yield Static(text(self.language, "pass_text", name=self.person), classes="dialog-body")
            with Center(classes="dialog-buttons"):
                yield Button(
                    text(self.language, "ready", name=self.person),
                    variant="primary",
                    id="ready",
                    compact=True,
                )
        yield Footer(compact=True)

    def on_mount(self) -> None:
        keys_only(self)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)

    def action_ready(self) -> None:
        self.dismiss(None)


class ScoreScreen(ModalScreen[str]):
    """The itemised score of the deal just played, the match totals, and what comes next."""

    @classmethod
    def create(cls, session: Session) -> ScoreScreen:
        language = session.language
        bindings = (
            named_binding(
                language, "enter", "answer('next')", text(language, "key_next_deal"), "enter"
            ),
            Binding("n", "answer('new')", text(language, "key_new_game")),
            Binding("t,escape", "answer('table')", text(language, "key_table"), key_display="t"),
            Binding("r", "answer('review')", text(language, "key_review")),
            Binding("v", "answer('replay')", text(language, "key_replay")),
            Binding("q", "answer('quit')", text(language, "key_quit")),
        )
        return with_keys(cls, bindings)(session)

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        table = self.session.table
        language = self.session.language
        deals = len(table.results)
        with Vertical(id="score", classes="dialog"):
            yield Static(text(language, "deal_over", number=deals), classes="dialog-title")
            yield Painted(id="score-table")
            if table.is_over:
                winner = table.match.winner
                verdict = (
                    text(language, "match_tie")
                    if winner is None
                    else text(language, "match_over", winner=table.side_names()[winner])
                )
                summary = text(language, "deal_summary", deals=deals)
                yield Static(f"{verdict} {summary}", id="verdict")
            with Horizontal(classes="dialog-buttons"):
                if table.is_over:
                    yield Button(
                        text(language, "new_game_button"), variant="primary", id="new", compact=True
                    )
                else:
                    yield Button(
                        text(language, "next_deal"), variant="primary", id="next", compact=True
                    )
                yield Button(text(language, "see_table"), id="table", compact=True)
                yield Button(say(language, "review.button"), id="review", compact=True)
                yield Button(text(language, "quit"), id="quit", compact=True)
        yield Footer(compact=True)

    def on_mount(self) -> None:
        keys_only(self)
        table = self.session.table
        result = table.results[-1]
        sheet = self.query_one("#score-table", Painted)
        match = table.match
        sheet.update(
            score_table(
                sheet,
                result.sheets,
                table.side_names(),
                result.totals,
                self.session.language,
                extension=match.rules.seating(match.players).extension,
            )
        )

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

    @classmethod
    def create(cls, rules: str, language: str) -> HelpScreen:
        bindings = (
            named_binding(
                language, "escape,q,f1", "app.pop_screen", text(language, "key_back"), "esc"
            ),
        )
        return with_keys(cls, bindings)(rules, language)

    def __init__(self, rules: str, language: str) -> None:
        super().__init__()
        self.rules = rules
        self.language = language

    def compose(self) -> ComposeResult:
        yield Header(show_clock=False)
        yield MarkdownViewer(rules_help(self.rules, self.language), show_table_of_contents=False)
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.title = text(self.language, "help")
        self.sub_title = preset_name(self.rules, self.language)
