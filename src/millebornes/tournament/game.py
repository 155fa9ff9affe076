"""One game of a tournament: its bots built from the schedule's settings, timed, and played out to
a result with its record. Worker processes and Ray tasks each run :func:`play_game` on a spec."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from ..bots import Bot, Reason, make_bot, play_out
from ..core.actions import Action
from ..core.deal import Deal
from ..core.errors import IllegalActionError
from ..core.match import Match
from ..core.records import deal_record, match_record
from ..core.view import View
from .schedule import GameSpec, TournamentSettings


class BotError(RuntimeError):
    """A bot chose an action that is not legal: a bug in the bot, reported with the game."""


@dataclass(frozen=True)
class GameResult:
    """What one game produced: who sat where, the points, the decision times, the record."""

    number: int
    deck: int
    rotation: int
    seat_bots: tuple[str, ...]  # the bot label of each seat
    totals: tuple[int, ...]  # points per side (match totals when playing matches)
    decision_times: tuple[tuple[float, ...], ...]  # seconds spent in choose(), per seat
    seconds: float
    record: dict[str, Any]

    @property
    def side_bots(self) -> tuple[str, ...]:
        """The bot label of each side (seat s < sides sits on side s)."""
        return self.seat_bots[: len(self.totals)]


class TimedBot:
    """Wraps a bot to measure the time spent in each ``choose``."""

    searches: ClassVar[bool] = False  # its bot searches or not, in this process alike

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.reason: Reason | None = None
        self.times: list[float] = []

    def choose(self, view: View) -> Action:
        start = time.perf_counter()
        action = self.bot.choose(view)
        self.times.append(time.perf_counter() - start)
        self.reason = self.bot.reason
        return action


def make_bots(spec: GameSpec) -> list[Bot]:
    settings = spec.settings
    bots = []
    for seat, index in enumerate(spec.seat_bots):
        name = settings.bots[index]
        bots.append(build_bot(name, spec.bot_seed(seat), settings))
    return bots


def build_bot(name: str, seed: int, settings: TournamentSettings) -> Bot:
    """The bot ``name`` with its options; a SettingsError names a bot or option it cannot
    take."""
    return make_bot(name, seed=seed, **settings.options.get(name, {}))


Prepare = Callable[[list[Bot], "Deal | Match"], None]


def play_game(spec: GameSpec, prepare: Prepare | None = None) -> GameResult:
    """Play one game of the schedule (in a worker process when ``jobs`` > 1).

    ``prepare`` sees the bots and the game before the first move: a benchmark's way to give a
    bot what no bot in play may have (``benchmarks.ceiling`` shows master the hidden hands)."""
    settings = spec.settings
    game: Deal | Match
    if settings.match:
        game = Match(settings.rules, settings.players, spec.deck_seed, race=settings.race)
    else:
        game = Deal.new(settings.rules, settings.players, spec.deck_seed, race=settings.race)
    made = make_bots(spec)
    if prepare is not None:
        prepare(made, game)
    bots = [TimedBot(bot) for bot in made]
    start = time.perf_counter()
    try:
        play_out(game, bots)
    except IllegalActionError as error:
        seat = game.to_act
        assert seat is not None
        label = settings.labels[spec.seat_bots[seat]]
        raise BotError(
            f"game {spec.number} (deck {spec.deck}): bot {label!r} "
            f"at seat {seat} chose an illegal action: {error}"
        ) from None
    seconds = time.perf_counter() - start
    if isinstance(game, Match):
        totals = tuple(game.scores)
        record = match_record(game)
    else:
        totals = tuple(sheet["total"] for sheet in game.score())
        record = deal_record(game)
    labels = settings.labels
    return GameResult(
        number=spec.number,
        deck=spec.deck,
        rotation=spec.rotation,
        seat_bots=tuple(labels[index] for index in spec.seat_bots),
        totals=totals,
        decision_times=tuple(tuple(bot.times) for bot in bots),
        seconds=seconds,
        record=record,
    )
