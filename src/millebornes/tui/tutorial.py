"""The guided first deal in the terminal: the table screen itself, over a table dealt from the
script's position (core/tutorial.py), with the lesson's line above the hand; a move other than
the lesson's is refused with a word of guidance. ``q`` leaves the lesson for the start menu."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from ..core.actions import Action, Decision
from ..core.tutorial import (
    LESSONS,
    OPPONENT,
    PLAYERS,
    RULES,
    SCRIPT,
    YOU,
    lesson_number,
    next_line,
    refusal,
)
from ..core.tutorial import start_position as tutorial_position
from ..store import GameStore
from ..table import Player, Table
from ..words import say, word
from .i18n import SEAT_NAMES
from .screens import OpenNewGame, ScoreScreen
from .session import Session
from .table import TableScreen
from .widgets import Painted

INTERFACE = "tutorial"  # not a game to resume: the terminal's resume list shows its own only


def tutorial_session(store: GameStore, language: str) -> Session:
    """A new guided deal: the person at South against the scripted North, stored with its
    first move like any game."""
    names = SEAT_NAMES[language][PLAYERS]
    seats = [Player(names[YOU]), Player(names[OPPONENT], "tutor")]
    table = Table.create(
        store,
        rules=RULES,
        players=seats,
        single_deal=True,
        language=language,
        meta={"interface": INTERFACE},
        store_now=False,
        start=tutorial_position(),
    )
    return Session(table)


class TutorialScreen(TableScreen):
    """The table of the guided deal; see the module."""

    @staticmethod
    def key_bindings(language: str, sides: int) -> tuple[Binding, ...]:
        keys = TableScreen.key_bindings(language, sides)
        leave = Binding("q", "quit", say(language, "tutorial.leave"))
        return tuple(leave if binding.key == "q" else binding for binding in keys)

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if widget.id == "message":
                yield Painted(id="lesson")  # above what just happened and the hand
            yield widget

    def on_mount(self) -> None:
        # Textual calls TableScreen's on_mount itself, after this one: it names the rules.
        self.call_after_refresh(setattr, self, "title", say(self.language, "tutorial.title"))

    def refresh_table(self) -> None:
        super().refresh_table()
        moves = len(self.table.log)
        step = say(self.language, "tutorial.step", number=lesson_number(moves), count=LESSONS)
        line = word(next_line(moves), self.language)
        self.query_one("#lesson", Painted).update(f"{step} · {line}")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No hint: the lesson's line says the move, and a bot's hint could name another."""
        if action == "hint":
            return False
        return super().check_action(action, parameters)

    def take(self, action: Action) -> bool:
        refused = refusal(len(self.table.log), action)
        if refused is None:
            return super().take(action)
        self.say(f"✗ {word(refused, self.language)}", style="say--refusal")
        view = self._seat_view()
        if view is not None and view.decision == Decision.COUP_FOURRE:
            self.call_later(self.advance)  # the question is asked again
        return False

    def action_score(self) -> None:
        if self.final is not None and self.app.screen is self:
            self.app.push_screen(LessonScoreScreen.create(self.session), self._after_score)

    def action_quit(self) -> None:
        self.app.post_message(OpenNewGame())


class LessonScoreScreen(ScoreScreen):
    """The score sheet of the guided deal, its verdict replaced by the lesson's last line (who
    won, and what the sheet counted), so that the sheet still fits 80x24."""

    def on_mount(self) -> None:  # Textual calls ScoreScreen's too
        line = word(next_line(len(SCRIPT)), self.session.language)
        self.query_one("#verdict").remove()
        self.query_one("#score").mount(Static(line, id="lesson-score"), after="#score-table")
