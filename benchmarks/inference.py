"""How well master guesses the other hand: the error of its sampled hands against the truth.

    python -m benchmarks.inference                # 60 deals, 2 players
    python -m benchmarks.inference --deals 200 --seed 1000
    python -m benchmarks.inference --rules winning-moves --players 4

Deals between experts (2-player dujardin unless told). At each turn of seat 0, master's beliefs
observe the view; four deals are then sampled from them, and four from the prior (the hidden
cards dealt at the odds players keep them, before following the other seats' moves), and every
time the squared difference between the sampled and the true counts of each card kind in each
other seat's hand is added up. Prints the mean per sampled hand, in all and by family of cards;
lower is better, 0 would be knowing the hand.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence

from millebornes import Deal, Decision
from millebornes.bots import make_bot
from millebornes.bots.master import Beliefs
from millebornes.core.cards import Card
from millebornes.core.rules import get_rules

SAMPLES = 4
FAMILIES = {
    "distance": range(Card.D25, Card.D200 + 1),
    "hazards": range(Card.STOP, Card.ACCIDENT + 1),
    "remedies": range(Card.ROLL, Card.REPAIRS + 1),
    "safeties": range(Card.RIGHT_OF_WAY, Card.DRIVING_ACE + 1),
}


def errors(
    deals: int, seed: int, rules: str = "dujardin", players: int = 2
) -> dict[str, dict[str, float]]:
    """Mean squared error a sampled hand, per way of sampling and family of cards."""
    total = {way: dict.fromkeys(FAMILIES, 0.0) for way in ("followed", "prior")}
    hands = 0
    for number in range(deals):
        deal = Deal.new(rules, players, seed + number)
        experts = [make_bot("expert") for _ in range(players)]
        beliefs = Beliefs()
        rng = random.Random(seed + number)
        while not deal.is_over:
            seat = deal.to_act
            assert seat is not None
            view = deal.view(seat)
            if seat == 0 and view.decision == Decision.TURN:
                beliefs.observe(view, rng)
                for _ in range(SAMPLES):
                    for way, sampled in (
                        ("followed", beliefs.sample(view, rng)),
                        ("prior", beliefs.prior(view, rng)),
                    ):
                        for other in range(1, players):
                            for family, kinds in FAMILIES.items():
                                total[way][family] += sum(
                                    (sampled.hands[other][kind] - deal.hands[other][kind]) ** 2
                                    for kind in kinds
                                )
                    hands += players - 1
            deal.apply(experts[seat].choose(view))
    return {way: {f: e / hands for f, e in by.items()} for way, by in total.items()}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.inference", description=__doc__)
    parser.add_argument("--deals", type=int, default=60, help="expert deals")
    parser.add_argument("--seed", type=int, default=1000, help="seed of the first deal")
    parser.add_argument("--rules", default="dujardin", help="the preset (default dujardin)")
    parser.add_argument("--players", type=int, default=2, help="seats (default 2)")
    args = parser.parse_args(argv)
    if args.deals < 1:
        parser.error("--deals must be positive")
    try:
        get_rules(args.rules).seating(args.players)
    except ValueError as error:
        parser.error(str(error))
    print(
        f"squared error of the other hands' sampled counts, {args.deals} expert deals, "
        f"{args.rules}, {args.players} players"
    )
    print(f"{'sampling':>9} {'all':>6} " + " ".join(f"{family:>9}" for family in FAMILIES))
    for way, by in errors(args.deals, args.seed, args.rules, args.players).items():
        row = " ".join(f"{by[family]:>9.2f}" for family in FAMILIES)
        print(f"{way:>9} {sum(by.values()):>6.2f} {row}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
