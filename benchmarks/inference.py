"""How well master guesses the other hand: the error of its sampled hands against the truth.

    python -m benchmarks.inference                # 60 deals
    python -m benchmarks.inference --deals 200 --seed 1000

2-player dujardin deals between experts. At each turn of seat 0, master's beliefs observe the
view; four deals are then sampled from them, and four from the prior (the hidden cards dealt at
the odds players keep them, before following the other seat's turns), and every time the
squared difference between the sampled and the true counts of each card kind in seat 1's hand
is added up. Prints the mean per sampled hand, in all and by family of cards; lower is better,
0 would be knowing the hand.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence

from millebornes import Deal
from millebornes.bots import make_bot
from millebornes.bots.master import Beliefs
from millebornes.cards import Card

SAMPLES = 4
FAMILIES = {
    "distance": range(Card.D25, Card.D200 + 1),
    "hazards": range(Card.STOP, Card.ACCIDENT + 1),
    "remedies": range(Card.ROLL, Card.REPAIRS + 1),
    "safeties": range(Card.RIGHT_OF_WAY, Card.DRIVING_ACE + 1),
}


def errors(deals: int, seed: int) -> dict[str, dict[str, float]]:
    """Mean squared error a sampled hand, per way of sampling and family of cards."""
    total = {way: dict.fromkeys(FAMILIES, 0.0) for way in ("followed", "prior")}
    hands = 0
    for number in range(deals):
        deal = Deal.new("dujardin", 2, seed + number)
        experts = [make_bot("expert"), make_bot("expert")]
        beliefs = Beliefs()
        rng = random.Random(seed + number)
        while not deal.is_over:
            seat = deal.to_act
            assert seat is not None
            view = deal.view(seat)
            if seat == 0 and view.decision == "turn":
                beliefs.observe(view, rng)
                truth = deal.hands[1]
                for _ in range(SAMPLES):
                    for way, sampled in (
                        ("followed", beliefs.sample(view, rng)),
                        ("prior", beliefs.prior(view, rng)),
                    ):
                        for family, kinds in FAMILIES.items():
                            total[way][family] += sum(
                                (sampled.hands[1][kind] - truth[kind]) ** 2 for kind in kinds
                            )
                    hands += 1
            deal.apply(experts[seat].choose(view))
    return {way: {f: e / hands for f, e in by.items()} for way, by in total.items()}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.inference", description=__doc__)
    parser.add_argument("--deals", type=int, default=60, help="expert deals")
    parser.add_argument("--seed", type=int, default=1000, help="seed of the first deal")
    args = parser.parse_args(argv)
    if args.deals < 1:
        parser.error("--deals must be positive")
    print(f"squared error of the other hand's sampled counts, {args.deals} expert deals")
    print(f"{'sampling':>9} {'all':>6} " + " ".join(f"{family:>9}" for family in FAMILIES))
    for way, by in errors(args.deals, args.seed).items():
        row = " ".join(f"{by[family]:>9.2f}" for family in FAMILIES)
        print(f"{way:>9} {sum(by.values()):>6.2f} {row}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
