"""Engine speed: random legal deals played through the public API, and ``Deal.copy()``.

    python -m benchmarks.engine                   # 5 runs of 2 s for each table
    python -m benchmarks.engine --runs 3 --seconds 1
    python -m benchmarks.engine --deals 2000      # a fixed number of deals a run instead

Every deal is dealt with ``Deal.new`` and played with ``legal_actions()``, a seeded
``random.Random`` choice and ``apply()``, for 2, 4 and 6 players (dujardin), in this process
(one core). Times are this process's CPU time, so that other work on a shared machine does not
count. Prints the median of the runs. The target: at least 1,000 random 2-player dujardin deals
a second.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

from millebornes import Deal
from millebornes.compiled import describe

RULES = "dujardin"
TABLES = (2, 4, 6)
TARGET_DEALS_PER_SECOND = 1000
COPIES_PER_RUN = 20_000


@dataclass(frozen=True)
class Run:
    deals: int
    actions: int
    seconds: float

    @property
    def deals_per_second(self) -> float:
        return self.deals / self.seconds

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds


def play_random_deal(players: int, seed: int) -> int:
    """Play one deal to its end with random legal actions; the number of actions taken."""
    deal = Deal.new(RULES, players, seed)
    rng = random.Random(seed)
    actions = 0
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
        actions += 1
    return actions


def timed_run(players: int, first_seed: int, seconds: float, deals: int | None) -> Run:
    """Deals from ``first_seed`` on: ``deals`` of them, or as many as ``seconds`` allows."""
    played = actions = 0
    start = time.process_time()
    elapsed = 0.0
    while (played < deals) if deals is not None else (elapsed < seconds):
        actions += play_random_deal(players, first_seed + played)
        played += 1
        elapsed = time.process_time() - start
    return Run(played, actions, elapsed)


def mid_deal(players: int, seed: int) -> Deal:
    """A deal halfway through its random play: piles, discard and a shorter stock to copy."""
    deal = Deal.new(RULES, players, seed)
    rng = random.Random(seed)
    while not deal.is_over and len(deal.history) < 50:
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


def copies_per_second(deal: Deal, copies: int) -> float:
    start = time.process_time()
    for _ in range(copies):
        deal.copy()
    return copies / (time.process_time() - start)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.engine", description=__doc__)
    parser.add_argument("--runs", type=int, default=5, help="runs a table (the median is shown)")
    parser.add_argument("--seconds", type=float, default=2.0, help="length of a run")
    parser.add_argument("--deals", type=int, default=None, help="deals a run instead of seconds")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first deal")
    args = parser.parse_args(argv)
    if args.runs < 1 or args.seconds <= 0 or (args.deals is not None and args.deals < 1):
        parser.error("--runs, --seconds and --deals must be positive")

    length = f"{args.deals} deals" if args.deals is not None else f"{args.seconds:g} s"
    print(f"random legal {RULES} deals, median of {args.runs} runs of {length} of CPU time")
    print(f"build: {describe()}")
    print(f"{'players':>7} {'deals/s':>10} {'actions/s':>11} {'actions/deal':>13}")
    two_player_rate = 0.0
    for players in TABLES:
        runs = []
        for number in range(args.runs):
            first_seed = args.seed + number * 1_000_000
            runs.append(timed_run(players, first_seed, args.seconds, args.deals))
        deals_rate = statistics.median(run.deals_per_second for run in runs)
        actions_rate = statistics.median(run.actions_per_second for run in runs)
        per_deal = sum(run.actions for run in runs) / sum(run.deals for run in runs)
        print(f"{players:>7} {deals_rate:>10,.0f} {actions_rate:>11,.0f} {per_deal:>13.1f}")
        if players == 2:
            two_player_rate = deals_rate

    for players in TABLES:
        deal = mid_deal(players, args.seed)
        rate = statistics.median(copies_per_second(deal, COPIES_PER_RUN) for _ in range(args.runs))
        print(f"Deal.copy() with {players} players, mid-deal: {rate:,.0f} copies/s")

    verdict = "met" if two_player_rate >= TARGET_DEALS_PER_SECOND else "MISSED"
    print(
        f"target {TARGET_DEALS_PER_SECOND:,} 2-player deals/s: {verdict} "
        f"({two_player_rate:,.0f} deals/s)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
