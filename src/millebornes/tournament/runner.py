"""Playing a tournament's games, in this process or in worker processes.

Each game depends only on its :class:`GameSpec` (seeds included), so the records are the same
whatever ``jobs`` is; only the measured times differ.
"""

from __future__ import annotations

import importlib.util
import multiprocessing
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from multiprocessing.context import BaseContext
from typing import Any

from ..actions import Action
from ..bots import Bot, Reason, make_bot, play_out
from ..deal import Deal
from ..errors import IllegalActionError, SettingsError
from ..match import Match
from ..records import match_record
from ..view import View
from .schedule import GameSpec, TournamentSettings

BACKENDS = ("local", "ray")  # worker processes on this machine, or Ray tasks (cluster.py)


class BotError(RuntimeError):
    """A bot chose an action that is not legal: a bug in the bot, reported with the game."""


class WorkerError(RuntimeError):
    """A worker process died (killed, out of memory, or unable to start)."""


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
        record = game.record()
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


def _worker_context() -> BaseContext:
    """Fresh worker processes (forkserver where available, else spawn): no state is forked."""
    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    return multiprocessing.get_context(method)


def check(settings: TournamentSettings, jobs: int, backend: str = "local") -> None:
    """Fail before any game is played: a bad job count, backend, bot name or bot option."""
    if jobs < 1:
        raise SettingsError(f"the number of jobs must be at least 1, not {jobs}")
    if backend not in BACKENDS:
        raise SettingsError(f"unknown backend {backend!r}; backends are: {', '.join(BACKENDS)}")
    if backend == "ray" and importlib.util.find_spec("ray") is None:
        raise ModuleNotFoundError("No module named 'ray'", name="ray")
    for name in dict.fromkeys(settings.bots):
        build_bot(name, 0, settings)


def play_games(
    specs: Sequence[GameSpec],
    jobs: int = 1,
    backend: str = "local",
    address: str | None = None,
    play: Callable[[GameSpec], GameResult] = play_game,
) -> Iterator[GameResult]:
    """The results in the order they finish, from ``jobs`` processes, or from Ray tasks on the
    cluster at ``address`` (a local one of ``jobs`` CPUs when None). ``play`` plays one game; it
    must be picklable (a module's function, or a ``functools.partial`` of one)."""
    if backend == "ray":
        from .cluster import play_games_on_ray

        yield from play_games_on_ray(specs, jobs, address, play)
        return
    if jobs == 1 or len(specs) == 1:
        yield from map(play, specs)
        return
    workers = min(jobs, len(specs))
    with ProcessPoolExecutor(workers, mp_context=_worker_context()) as pool:
        try:
            futures = [pool.submit(play, spec) for spec in specs]
            for future in as_completed(futures):
                yield future.result()
        except BrokenProcessPool as error:
            raise WorkerError(f"a worker process stopped unexpectedly ({error})") from None
        finally:
            pool.shutdown(cancel_futures=True)


def run_tournament(
    settings: TournamentSettings,
    jobs: int = 1,
    on_result: Callable[[GameResult], None] | None = None,
    backend: str = "local",
    address: str | None = None,
    play: Callable[[GameSpec], GameResult] = play_game,
) -> list[GameResult]:
    """Play every game of ``settings`` with ``play``; ``on_result`` sees each result as it
    finishes. Returns the results in schedule order, the same from every backend."""
    check(settings, jobs, backend)
    results = []
    for result in play_games(settings.games(), jobs, backend, address, play):
        results.append(result)
        if on_result is not None:
            on_result(result)
    results.sort(key=lambda result: result.number)
    return results
