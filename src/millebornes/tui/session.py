"""A game at one screen: the match, who sits where, the stored record and the running log.

This is the only place the terminal game touches the ``Match``; screens get a seat's ``View``
from it and hand actions back. Every action is committed to the ``GameStore`` before its
effect is shown, so closing the terminal at any moment loses nothing. No Textual here: the
session is plain Python, tested without a screen.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass
from typing import Any

from ..actions import COUP_FOURRE, DECLINE, Action
from ..bots import LEVELS, Bot, Recap, bot_names, make_bot
from ..cards import SAFETY_FOR, Card
from ..match import DEFAULT_TARGET
from ..narrate import describe
from ..store import GameStore, StoredGame, new_match
from ..view import View
from .i18n import text

INTERFACE = "tui"  # marks the games this interface stored (a games file may hold others)
HINT_LEVELS = ("hard", "medium", "easy")  # the strongest registered one gives hints
# A small search budget keeps hints quick; bots without a budget option ignore it.
HINT_OPTIONS: dict[str, object] = {"iterations": 200}


@dataclass(frozen=True)
class Seat:
    """Who plays a seat: its name, and a bot level (easy, medium, hard) or None for a person."""

    name: str
    level: str | None = None

    @property
    def is_person(self) -> bool:
        return self.level is None


@dataclass(frozen=True)
class LogLine:
    """One line of the game log; ``kind`` picks its colour (``coup-fourre`` gets emphasis)."""

    text: str
    kind: str = "action"


def bot_name_for(level: str) -> str:
    """The registered bot that plays ``level``, or ``random`` until that bot exists."""
    name = LEVELS.get(level, level)
    return name if name in bot_names() else "random"


def make_level_bot(level: str, seed: int, **options: object) -> Bot:
    """The bot for ``level``; options it does not take (e.g. a search budget) are dropped."""
    name = bot_name_for(level)
    try:
        return make_bot(name, seed=seed, **options)
    except TypeError:
        return make_bot(name, seed=seed)


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of ``seat``'s bot: derived from the game's, never drawn, so that a resumed game
    re-creates the same bots."""
    digest = hashlib.sha256(f"{game_seed}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def hint_level() -> str:
    """The strongest level whose bot is registered."""
    return next((level for level in HINT_LEVELS if LEVELS[level] in bot_names()), "easy")


def new_seed() -> int:
    """A fresh game seed, stored with the game so that it replays."""
    return random.SystemRandom().randrange(2**31)


class Session:
    """One stored game being played: create it with :meth:`start` or :meth:`resume`."""

    def __init__(self, store: GameStore, game: StoredGame) -> None:
        self.store = store
        self.game_id = game.id
        self.settings = game.settings
        self.seats = [Seat(seat["name"], seat.get("level")) for seat in game.meta["seats"]]
        self.language: str = game.meta.get("language", "en")
        self.match = new_match(game.settings)
        seed = game.settings["seed"]
        # One bot per seat for the whole match: some learn from the views they are shown.
        self.bots: dict[int, Bot] = {
            number: make_level_bot(seat.level, bot_seed(seed, number))
            for number, seat in enumerate(self.seats)
            if seat.level is not None
        }
        self._hint_bot: Bot | None = None
        self.log: list[LogLine] = []
        self._log_deal_start()
        recap = Recap(self.bots)
        for action in game.actions:
            recap.before(self.match)
            self._apply(Action.parse(action))
        recap.remind()

    @classmethod
    def start(
        cls,
        store: GameStore,
        *,
        rules: str,
        seats: list[Seat],
        race: int | None = None,
        single_deal: bool = False,
        seed: int | None = None,
        language: str = "en",
    ) -> Session:
        """A new game, stored at once with its settings and who sits where."""
        settings: dict[str, Any] = {
            "rules": rules,
            "players": len(seats),
            "race": race,
            "target": None if single_deal else DEFAULT_TARGET,
            "seed": new_seed() if seed is None else seed,
        }
        meta = {
            "interface": INTERFACE,
            "seats": [{"name": seat.name, "level": seat.level} for seat in seats],
            "language": language,
        }
        game_id = store.create(settings, meta)
        return cls(store, store.load(game_id))

    @classmethod
    def resume(cls, store: GameStore, game_id: str) -> Session:
        return cls(store, store.load(game_id))

    @staticmethod
    def unfinished(store: GameStore) -> list[StoredGame]:
        """The games of this interface still in play, the most recently played first."""
        games = (store.load(game_id) for game_id in store.game_ids(finished=False))
        return [game for game in games if game.meta.get("interface") == INTERFACE]

    # ----------------------------------------------------------------- who plays

    @property
    def people(self) -> list[int]:
        return [number for number, seat in enumerate(self.seats) if seat.is_person]

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    @property
    def scores(self) -> list[int]:
        """The match totals, the deal in progress not counted."""
        return list(self.match.scores)

    @property
    def deals_finished(self) -> int:
        return len(self.match.finished)

    @property
    def is_over(self) -> bool:
        return self.match.is_over

    @property
    def to_act(self) -> int | None:
        return self.match.to_act

    @property
    def deal_number(self) -> int:
        return len(self.match.finished) + (0 if self.match.is_over else 1)

    def is_person(self, seat: int) -> bool:
        return self.seats[seat].is_person

    def view(self, seat: int) -> View:
        return self.match.view(seat)

    def side_names(self) -> list[str]:
        deal = self.view(0)
        return [" & ".join(self.names[seat] for seat in side.seats) for side in deal.sides]

    # ----------------------------------------------------------------- actions

    def apply(self, action: Action) -> list[LogLine]:
        """Take ``action`` for the seat to act, commit it, and return the new log lines.

        An illegal action raises ``IllegalActionError`` (its message says why) and is not stored.
        """
        start = len(self.log)
        self._apply(action)
        self.store.append(self.game_id, str(action), finished=self.match.is_over)
        return self.log[start:]

    def _apply(self, action: Action) -> None:
        seat = self.match.to_act
        assert seat is not None
        before = self.match.view(seat)
        deals_before = len(self.match.finished)
        self.match.apply(action)
        self._narrate(action, seat, before)
        if len(self.match.finished) > deals_before:
            self._log_deal_end()
            if not self.match.is_over:
                self._log_deal_start()

    def bot_choice(self, seat: int, view: View) -> tuple[Action, str]:
        """What the bot of ``seat`` plays on ``view`` (safe to call off the UI thread)."""
        bot = self.bots[seat]
        return bot.choose(view), bot.reason

    def hint(self, view: View) -> tuple[Action, str]:
        """What the strongest available bot would do on ``view``, and why, in one line."""
        if self._hint_bot is None:
            seed = bot_seed(self.settings["seed"], len(self.seats))
            self._hint_bot = make_level_bot(hint_level(), seed, **HINT_OPTIONS)
        return self._hint_bot.choose(view), self._hint_bot.reason

    # ----------------------------------------------------------------- results

    def last_sheets(self) -> list[dict[str, int]]:
        """The itemised score of the deal that ended last (public once it is over)."""
        return self.match.finished[-1].score()

    def winner_name(self) -> str | None:
        if self.match.winner is None:
            return None
        return self.side_names()[self.match.winner]

    # ----------------------------------------------------------------- narration

    def narrator(self) -> int | None:
        """The seat the log speaks to as "you": the one person at the screen, if only one."""
        people = self.people
        return people[0] if len(people) == 1 else None

    def describe(self, action: Action, seat: int, *, safety: Card | None = None) -> str:
        """``action`` by ``seat`` in plain words, "you" being the one person at the screen."""
        viewer = self.narrator()
        return describe(
            action,
            seat,
            self.names,
            viewer=viewer,
            viewer_side=None if viewer is None else self.match.deal.side_of(viewer),
            teams=self.match.deal.sides_count < self.match.players,
            sides=self.side_names(),
            safety=safety,
            language=self.language,
        )

    def _narrate(self, action: Action, seat: int, before: View) -> None:
        if action.verb == DECLINE and seat != self.narrator():
            return  # nobody else may learn that a coup-fourré was possible
        safety = None
        kind = action.verb
        if action.verb == COUP_FOURRE:
            assert before.attack is not None
            safety = SAFETY_FOR[before.attack.hazard]
        self.log.append(LogLine(self.describe(action, seat, safety=safety), kind))

    def _log_deal_start(self) -> None:
        dealer = self.names[self.view(0).dealer]
        line = text(self.language, "deal_start_log", number=self.deal_number, dealer=dealer)
        self.log.append(LogLine(line, "deal"))

    def _log_deal_end(self) -> None:
        sheets = self.last_sheets()
        scores = ", ".join(
            f"{name} {sheet['total']}"
            for name, sheet in zip(self.side_names(), sheets, strict=True)
        )
        line = text(self.language, "deal_over_log", number=self.deals_finished, scores=scores)
        self.log.append(LogLine(line, "deal"))
