"""How long master thinks at its default budget, without playing whole tournaments.

    python -m benchmarks.thinking                              # 2-player dujardin, 8 deals
    python -m benchmarks.thinking --rules winning-moves --players 4
    python -m benchmarks.thinking --iterations 2500    # another budget, to compare

Experts play every seat; at about a quarter of seat 0's decisions (those with a choice), a
master at its default budget (1500 rollouts within 0.9 s of wall time) or at ``--iterations``
(rollouts alone, uncapped) is asked too and its CPU time counted (``time.process_time``, so
another process on the machine slows it little). Master follows the
deal through every view it is shown, as in play. Prints the decisions timed, the median, the
95th percentile and the longest, against issue 18's targets (1 s and 2 s on one core).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Sequence

from millebornes import Deal
from millebornes.bots import BotOptionError, make_bot
from millebornes.bots.master.config import DEFAULT_ITERATIONS, DEFAULT_SECONDS
from millebornes.compiled import describe
from millebornes.core.errors import SettingsError
from millebornes.core.rules import PRESETS


def think_times(
    rules: str, players: int, deals: int, seed: int, iterations: int | None = None
) -> list[float]:
    """CPU seconds of the master decisions timed, at ``iterations`` rollouts a decision (None:
    master's default budget)."""
    rng = random.Random(seed)
    budget = {} if iterations is None else {"iterations": iterations}
    times = []
    for number in range(deals):
        deal = Deal.new(rules, players, seed=seed + number)
        expert = make_bot("expert")
        master = make_bot("master", seed=seed + number, **budget)
        while not deal.is_over:
            seat = deal.to_act
            assert seat is not None
            view = deal.view(seat)
            if view.seat == 0 and len(view.legal) > 1 and rng.random() < 0.25:
                start = time.process_time()
                master.choose(view)
                times.append(time.process_time() - start)
            deal.apply(expert.choose(view))
    return times


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rules", choices=sorted(PRESETS), default="dujardin")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--deals", type=int, default=8)
    parser.add_argument("--seed", type=int, default=100)
    parser.add_argument(
        "--iterations",
        type=int,
        default=None,
        help=f"master's rollouts a decision, uncapped (default: its own budget, "
        f"{DEFAULT_ITERATIONS} rollouts within {DEFAULT_SECONDS:g} s)",
    )
    args = parser.parse_args(argv)
    try:
        times = sorted(
            think_times(args.rules, args.players, args.deals, args.seed, args.iterations)
        )
    except (SettingsError, BotOptionError) as error:
        parser.error(str(error))
    if not times:
        parser.exit(1, "no decision was timed: play more deals\n")
    p95 = times[max(0, round(0.95 * len(times)) - 1)]
    budget = (
        f"the default budget ({DEFAULT_ITERATIONS} rollouts within {DEFAULT_SECONDS:g} s)"
        if args.iterations is None
        else f"{args.iterations} rollouts a decision"
    )
    print(
        f"{args.rules}, {args.players} players, {args.deals} deals, "
        f"{budget}: "
        f"{len(times)} decisions timed"
    )
    median = statistics.median(times)
    print(f"median {median:.2f} s (target 1 s), 95th percentile {p95:.2f} s (target 2 s)")
    print(f"longest {times[-1]:.2f} s")
    print(f"build: {describe()}")


if __name__ == "__main__":
    main()
