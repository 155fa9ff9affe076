"""Playing a tournament's games, in this process or in worker processes.

Each game depends only on its :class:`GameSpec` (seeds included), so the records are the same
whatever ``jobs`` is; only the measured times differ.
"""

from __future__ import annotations

import importlib.util
import multiprocessing
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.context import BaseContext

from ..core.errors import SettingsError
from ..core.phrase import Phrase
from .game import GameResult, build_bot, play_game
from .schedule import GameSpec, TournamentSettings

BACKENDS = ("local", "ray")  # worker processes on this machine, or Ray tasks (cluster.py)


class WorkerError(RuntimeError):
    """A worker process died (killed, out of memory, or unable to start)."""


def _worker_context() -> BaseContext:
    """Fresh worker processes (forkserver where available, else spawn): no state is forked."""
    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    return multiprocessing.get_context(method)


MAX_JOBS = 256  # worker processes: more would only share the same cores


def check(settings: TournamentSettings, jobs: int, backend: str = "local") -> None:
    """Fail before any game is played: a bad job count, backend, bot name or bot option."""
    if not 1 <= jobs <= MAX_JOBS:
        raise SettingsError(Phrase("settings.jobs", {"jobs": jobs, "most": MAX_JOBS}))
    if backend not in BACKENDS:
        known = ", ".join(BACKENDS)
        raise SettingsError(Phrase("settings.backend", {"backend": repr(backend), "known": known}))
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
