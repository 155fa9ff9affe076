"""Master's rollout speed: how many sampled deals its policy plays to the end a second.

    python -m benchmarks.rollouts                 # 5 runs over the same positions
    python -m benchmarks.rollouts --deals 20 --runs 3

The positions are those an ``expert`` seat sees every few actions of 2-player dujardin deals
between experts, each completed into a whole deal the way master samples them. A run plays
every position out once with master's rollout policy, in this process (one core); times are
CPU time. Prints the median of the runs: rollouts are what master's budget buys (at
``seconds=0.2`` a move, its budget is about 0.2 s divided by the time of one rollout).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence

from millebornes import Deal, Decision
from millebornes.bots import make_bot
from millebornes.bots.master import Beliefs
from millebornes.bots.master.policy import Rollout
from millebornes.compiled import describe
from millebornes.core.cards import CARDS
from millebornes.core.rules import get_rules

RULES = "dujardin"
PLAYERS = 2
EVERY = 6  # actions between two positions taken from a deal


def positions(deals: int, seed: int) -> list[Deal]:
    """Sampled deals completing the views seen along ``deals`` expert games."""
    sampled = []
    for number in range(deals):
        deal = Deal.new(RULES, PLAYERS, seed + number)
        experts = [make_bot("expert") for _ in range(PLAYERS)]
        rng = random.Random(seed + number)
        while (seat := deal.to_act) is not None:
            view = deal.view(seat)
            if len(deal.history) % EVERY == 0 and view.decision == Decision.TURN:
                sampled.append(Beliefs().sample(view, rng))
            deal.apply(experts[seat].choose(view))
    return sampled


def rollout_seconds(worlds: list[Deal], deck: list[int]) -> float:
    """CPU seconds a rollout, over one pass through ``worlds``."""
    start = time.process_time()
    for world in worlds:
        Rollout(world.copy(), deck).finish()
    return (time.process_time() - start) / len(worlds)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.rollouts", description=__doc__)
    parser.add_argument("--deals", type=int, default=40, help="expert deals to take positions from")
    parser.add_argument("--runs", type=int, default=5, help="passes (the median is shown)")
    parser.add_argument("--seed", type=int, default=700, help="seed of the first deal")
    args = parser.parse_args(argv)
    if args.deals < 1 or args.runs < 1:
        parser.error("--deals and --runs must be positive")

    worlds = positions(args.deals, args.seed)
    counts = get_rules(RULES).deck(PLAYERS)
    deck = [counts[card] for card in CARDS]
    seconds = statistics.median(rollout_seconds(worlds, deck) for _ in range(args.runs))
    print(
        f"{len(worlds)} sampled {PLAYERS}-player {RULES} positions, median of {args.runs} runs: "
        f"{seconds * 1e6:,.0f} µs a rollout, {1 / seconds:,.0f} rollouts/s"
    )
    print(f"build: {describe()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
