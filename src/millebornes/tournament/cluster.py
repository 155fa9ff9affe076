"""Playing a tournament's games on a Ray cluster: ``millebornes tournament --backend ray``.

Each game is one Ray task running :func:`~.game.play_game` on its spec, so a game depends on
its seeds alone and the results are those of the local pool. Without an address a local Ray is
started for the run (``jobs`` CPUs, no dashboard, a small object store: games return kilobytes)
and stopped after it; with one (``ray://host:10001`` or ``auto``) the run joins that cluster,
whose nodes need millebornes installed (docs/research.md).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

import ray

from .game import GameResult, play_game
from .schedule import GameSpec

LOCAL_OBJECT_STORE_BYTES = 100 * 1024**2  # Ray's minimum is 75 MiB; a result is a few KB


def _play_one(play: Callable[[GameSpec], GameResult], spec: GameSpec) -> GameResult:
    """A Ray task: ``play`` may be a ``functools.partial``, which ``ray.remote`` does not take."""
    return play(spec)


def play_games_on_ray(
    specs: Sequence[GameSpec],
    jobs: int,
    address: str | None = None,
    play: Callable[[GameSpec], GameResult] = play_game,
) -> Iterator[GameResult]:
    """The results in the order they finish, from Ray tasks."""
    started = not ray.is_initialized()
    if started:
        if address is None:
            ray.init(
                num_cpus=jobs,
                include_dashboard=False,
                object_store_memory=LOCAL_OBJECT_STORE_BYTES,
                log_to_driver=False,
            )
        else:
            ray.init(address=address, log_to_driver=False)
    try:
        task = ray.remote(_play_one)
        pending = [task.remote(play, spec) for spec in specs]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            result: GameResult = ray.get(done[0])
            yield result
    finally:
        if started:
            ray.shutdown()
