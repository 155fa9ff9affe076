"""The Textual application: opens the new game or resume screen, then the table."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.app import App
from textual.screen import Screen

from ..store import GameStore
from .screens import NewGameScreen, OpenNewGame, OpenTable, OpenTutorial, ResumeScreen
from .session import Session
from .setup import Setup
from .table import TableScreen
from .tutorial import TutorialScreen, tutorial_session

DEFAULT_PACE = 0.8


class MilleBornesApp(App[str]):
    """Mille Bornes in the terminal; every game is stored in ``store`` as it is played.

    ``resume`` opens the list of unfinished games, ``game_id`` one stored game at once; the
    new game screen comes first otherwise, showing ``setup``; ``tutorial`` opens the guided first
    deal at once. The app exits with a message for
    the terminal (where to resume), or None.
    """

    CSS_PATH = "app.tcss"
    TITLE = "Mille Bornes"
    ENABLE_COMMAND_PALETTE = False

    def __init__(
        self,
        store: GameStore,
        *,
        resume: bool = False,
        game_id: str | None = None,
        pace: float = DEFAULT_PACE,
        language: str = "en",
        seed: int | None = None,
        setup: Setup | None = None,
        tutorial: bool = False,
    ) -> None:
        super().__init__()
        self.setup = setup
        self.store = store
        self.resume = resume
        self.game_id = game_id
        self.pace = pace
        self.language = language
        self.seed = seed
        self.tutorial = tutorial

    def on_mount(self) -> None:
        if self.game_id is not None:
            session = Session.resume(self.store, self.game_id)
            self.language = session.language
            self.push_screen(TableScreen.create(session, pace=self.pace))
        elif self.tutorial:
            self._open_tutorial(self.push_screen)
        elif self.resume:
            self.push_screen(ResumeScreen.create(self.store, self.language))
        else:
            self.push_screen(NewGameScreen.create(self.store, self.language, self.seed, self.setup))

    def on_open_table(self, message: OpenTable) -> None:
        self.language = message.session.language
        self.switch_screen(TableScreen.create(message.session, pace=self.pace))

    def on_open_tutorial(self, message: OpenTutorial) -> None:
        self.language = message.language
        self._open_tutorial(self.switch_screen)

    def _open_tutorial(self, show: Callable[[Screen[Any]], object]) -> None:
        session = tutorial_session(self.store, self.language)
        show(TutorialScreen.create(session, pace=self.pace))

    def on_open_new_game(self, _message: OpenNewGame) -> None:
        self.switch_screen(NewGameScreen.create(self.store, self.language))
