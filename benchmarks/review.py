"""How long a review takes: a 2-player deal between experts reviewed for one seat at the
default budget, with two jobs, and how noisy the losses it measures are.

    python -m benchmarks.review                  # 3 runs of deal 0
    python -m benchmarks.review --runs 5 --deals 2 --jobs 1

Prints each run's wall-clock time, their median (the target: under a minute with two jobs),
and the median and 90th percentile of the standard errors of the losses measured, which the
label thresholds of ``bots/review.py`` are set against.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import time
from collections.abc import Sequence

from millebornes import Deal
from millebornes.bots import make_bot, play_out
from millebornes.review.decisions import Budget, deal_start, review


def _cpu() -> float:
    """Processor seconds used by this process and its finished children (the jobs)."""
    own, jobs = (
        resource.getrusage(resource.RUSAGE_SELF),
        resource.getrusage(resource.RUSAGE_CHILDREN),
    )
    return own.ru_utime + own.ru_stime + jobs.ru_utime + jobs.ru_stime


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--deals", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--iterations", type=int, default=Budget().iterations)
    args = parser.parse_args(argv)
    for number in range(args.deals):
        deal = Deal.new("dujardin", 2, args.seed + number)
        play_out(deal, [make_bot("expert") for _ in range(2)])
        start, actions = deal_start(deal)
        times = []
        errors: list[float] = []
        for run in range(args.runs):
            began = time.perf_counter()
            cpu = _cpu()
            result = review(
                start, actions, 0, budget=Budget(args.iterations), seed=run, jobs=args.jobs
            )
            times.append(time.perf_counter() - began)
            used = _cpu() - cpu
            errors += [j.error for j in result.judged if j.error is not None]
            print(
                f"deal {args.seed + number}, run {run + 1}: {len(result.judged)} decisions"
                f" judged in {times[-1]:.1f} s ({used:.1f} s of processor time)",
                flush=True,
            )
        errors.sort()
        print(
            f"deal {args.seed + number}: median {statistics.median(times):.1f} s with"
            f" {args.jobs} jobs at {args.iterations} rollouts a decision; standard error of a"
            f" loss: median {statistics.median(errors):.1f}, 90th percentile"
            f" {errors[int(0.9 * len(errors))]:.1f} points"
        )


if __name__ == "__main__":
    main()
