"""How long a review takes and how noisy its figures are: a 2-player deal between experts
reviewed for seat 0 at the default budget, in one pool of processes kept from run to run (as the
games keep theirs), each run with another seed.

    python -m benchmarks.review                  # 5 runs of deal 0 with two processes
    python -m benchmarks.review --runs 3 --deals 2 --jobs 1
    python -m benchmarks.review --particles 2000 --luck-deals 50   # other fixed costs

Prints each run's wall-clock time, when its first verdict came, the parts of the deal's margin
(docs/review.md), then the median time (the target: at most 5 s with two processes), the median
and 90th percentile of the standard errors of the losses measured (the label thresholds of
``review/decisions.py`` are set against them), and the spread of the figures from run to run:
the median standard deviation of a draw's luck and of the draws' total.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from millebornes import Deal
from millebornes.bots import make_bot, play_out
from millebornes.review.decisions import Budget, Judgement, deal_start, decisions_of, review


def _started() -> None:
    """Nothing: a task that makes a process of the pool start (and import the review)."""


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--deals", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--iterations", type=int, default=Budget().iterations)
    parser.add_argument("--particles", type=int, default=Budget().particles)
    parser.add_argument("--luck-deals", type=int, default=Budget().luck_deals)
    args = parser.parse_args(argv)
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(args.jobs, mp_context=context) as pool:
        for started in [pool.submit(_started) for _ in range(args.jobs)]:
            started.result()
        print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores", flush=True)
        for number in range(args.deals):
            measure(args.seed + number, args, pool)


def measure(seed: int, args: argparse.Namespace, pool: ProcessPoolExecutor) -> None:
    deal = Deal.new("dujardin", 2, seed)
    play_out(deal, [make_bot("expert") for _ in range(2)])
    start, actions = deal_start(deal)
    times, errors = [], []
    lucks: dict[int, list[float]] = {}
    draws = []
    for run in range(args.runs):
        began = time.perf_counter()
        first: list[float] = []

        def judged(_: Judgement, first: list[float] = first, began: float = began) -> None:
            if not first:
                first.append(time.perf_counter() - began)

        result = review(
            start,
            actions,
            0,
            budget=Budget(args.iterations, particles=args.particles, luck_deals=args.luck_deals),
            seed=run,
            pool=pool,
            judged=judged,
        )
        times.append(time.perf_counter() - began)
        errors += [j.error for j in result.judged if j.error is not None]
        for j in result.decisions:
            if j.luck is not None:
                lucks.setdefault(j.index, []).append(j.luck)
        parts = result.summary()["luck"]
        draws.append(parts["draws"])
        print(
            f"deal {seed}, run {run + 1}: {len(result.judged)} decisions judged,"
            f" {len(result.decisions) - len(result.judged)} forced, in {times[-1]:.1f} s"
            f" (first verdict after {first[0]:.1f} s); {parts}",
            flush=True,
        )
    errors.sort()
    spread = [statistics.stdev(values) for values in lucks.values() if len(values) > 1]
    print(
        f"deal {seed}: {decisions_of(start, actions, 0)} decisions, median"
        f" {statistics.median(times):.1f} s with {args.jobs} processes at {args.iterations}"
        f" rollouts a decision, {args.particles} hands followed, {args.luck_deals} deals a"
        f" draw; standard error of a loss: median"
        f" {statistics.median(errors):.1f}, 90th percentile"
        f" {errors[int(0.9 * len(errors))]:.1f} points"
    )
    if spread:
        print(
            f"deal {seed}: from run to run, a draw's luck varies by {statistics.median(spread):.1f}"
            f" points (median standard deviation), the draws' total by"
            f" {statistics.stdev(draws):.1f}"
        )


if __name__ == "__main__":
    main()
