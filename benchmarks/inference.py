"""How honest master's guesses of the hidden hands are: proper scores of its beliefs.

    python -m benchmarks.inference                          # 60 deals, 2 players
    python -m benchmarks.inference --rules winning-moves --players 4 --deals 40
    python -m benchmarks.inference --deals 200 --seed 1000 --samples 200

Deals between experts (2-player dujardin unless told). At each turn of seat 0, master's beliefs
observe the view; then ``--samples`` deals are sampled three ways: from the beliefs (what the
search plays out), from their prior (the hidden cards dealt at the odds players keep them, before
the other seats' moves are followed) and uniformly (every hidden card anywhere at random, the
plain ``Deal.from_view``). For every other seat's hand and every card kind, the samples give a
distribution of how many copies it holds, scored against the truth:

- log loss: minus the log of the chance given to the true count (add-half smoothing over the
  counts the hand could hold), in nats a kind, lower is better; a proper score, so it rewards
  honest spread and punishes confident misses, where a squared error rewards narrow samples;
- mean error: the squared error of the distribution's mean count, per hand (all kinds);
- variance ratio: the squared error of the mean over the variance the distribution predicts,
  summed over every kind and hand (1 is honest; above 1, overconfident);
- reliability: the predicted chance that a hand holds at least one of a kind, by tenths, against
  how often it did (the safeties apart, where overconfidence costs most);
- survival: how often the true hand is among the beliefs' followed hands.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from millebornes import Deal, Decision
from millebornes.bots import make_bot
from millebornes.bots.master import Beliefs
from millebornes.core.cards import CARDS, SAFETIES
from millebornes.core.errors import SettingsError
from millebornes.core.rules import get_rules
from millebornes.core.view import View

WAYS = ("beliefs", "prior", "uniform")
DECILES = 10
SMOOTHING = 0.5  # added to every count's tally: a count no sample showed is not impossible
_SAFETY_KINDS = frozenset(int(card) for card in SAFETIES)


@dataclass
class Score:
    """Scores of one way of guessing, summed over every hand and card kind it guessed."""

    log_loss: float = 0.0
    kinds: int = 0  # hand-kinds scored
    mean_error: float = 0.0
    predicted_variance: float = 0.0
    hands: int = 0
    # per tenth of predicted chance of holding at least one: [predicted sum, held, count]
    reliability: list[list[float]] = field(
        default_factory=lambda: [[0.0, 0.0, 0.0] for _ in range(DECILES)]
    )
    safety_reliability: list[list[float]] = field(
        default_factory=lambda: [[0.0, 0.0, 0.0] for _ in range(DECILES)]
    )

    def add(
        self, samples: Sequence[Sequence[int]], truth: Sequence[int], limits: Sequence[int]
    ) -> None:
        """Score ``samples`` (each a hand's per-kind counts) against the ``truth``; a kind's
        count lies between 0 and its ``limits``."""
        self.hands += 1
        for kind, true in enumerate(truth):
            counts = [sample[kind] for sample in samples]
            top = limits[kind]
            tally = [SMOOTHING] * (top + 1)
            for count in counts:
                tally[min(count, top)] += 1
            self.log_loss -= math.log(tally[min(true, top)] / sum(tally))
            self.kinds += 1
            mean = sum(counts) / len(counts)
            self.mean_error += (mean - true) ** 2
            self.predicted_variance += sum((c - mean) ** 2 for c in counts) / len(counts)
            chance = sum(count > 0 for count in counts) / len(counts)
            tenth = min(DECILES - 1, int(chance * DECILES))
            for table in (
                (self.reliability, self.safety_reliability)
                if kind in _SAFETY_KINDS
                else (self.reliability,)
            ):
                table[tenth][0] += chance
                table[tenth][1] += true > 0
                table[tenth][2] += 1

    @property
    def sampled_error(self) -> float:
        """The squared error of a sampled hand's counts, per hand: the mean's error plus the
        spread (the old score, which rewards narrow samples)."""
        return (self.mean_error + self.predicted_variance) / self.hands

    @property
    def variance_ratio(self) -> float:
        return self.mean_error / self.predicted_variance if self.predicted_variance else math.inf


@dataclass
class Report:
    """Every way's score, and how often the true hand was among the followed ones."""

    scores: dict[str, Score] = field(default_factory=lambda: {way: Score() for way in WAYS})
    followed: int = 0  # hands whose followed particles were looked at
    survived: int = 0  # of those, hands whose truth was among them
    decisions: int = 0


Sampler = Callable[[View, random.Random], Deal]


def limits_of(view: View, seat: int) -> list[int]:
    """The most copies of each kind ``seat``'s hand could hold: its size, or the deck's copies."""
    deck = get_rules(view.rules).deck(view.players)
    return [min(view.hand_sizes[seat], deck[card]) for card in CARDS]


def score_decision(
    report: Report,
    deal: Deal,
    view: View,
    beliefs: Beliefs,
    samples: int,
    rng: random.Random,
) -> None:
    """Score the three ways of guessing the hidden hands of ``view`` (seat 0's, in ``deal``)."""
    samplers: dict[str, Sampler] = {
        "beliefs": beliefs.sample,
        "prior": beliefs.prior,
        "uniform": Deal.from_view,
    }
    report.decisions += 1
    for way, sampler in samplers.items():
        worlds = [sampler(view, rng) for _ in range(samples)]
        for other in range(view.players):
            if other == view.seat or not view.hand_sizes[other]:
                continue
            report.scores[way].add(
                [world.hands[other] for world in worlds], deal.hands[other], limits_of(view, other)
            )
    for other, hands in beliefs.their_hands.items():
        if view.hand_sizes[other]:
            report.followed += 1
            report.survived += deal.hands[other] in hands


def run(deals: int, seed: int, rules: str, players: int, samples: int) -> Report:
    """The scores over ``deals`` expert deals from ``seed``."""
    report = Report()
    for number in range(deals):
        deal = Deal.new(rules, players, seed + number)
        experts = [make_bot("expert") for _ in range(players)]
        beliefs = Beliefs()
        rng = random.Random(seed + number)
        while not deal.is_over:
            seat = deal.to_act
            view = deal.view(seat) if seat is not None else None
            if view is None:
                break
            if seat == 0 and view.decision == Decision.TURN:
                beliefs.observe(view, rng)
                score_decision(report, deal, view, beliefs, samples, rng)
            deal.apply(experts[view.seat].choose(view))
    return report


def reliability_rows(scores: dict[str, Score], safeties: bool) -> list[str]:
    """A row a tenth of predicted chance: each way's mean prediction, how often the hand held
    the kind, and how many hand-kinds fell there."""
    rows = []
    for tenth in range(DECILES):
        cells = []
        for score in scores.values():
            table = score.safety_reliability if safeties else score.reliability
            predicted, held, count = table[tenth]
            cells.append(
                f"{predicted / count:.3f} {held / count:.3f} {int(count):>6}" if count else " " * 18
            )
        rows.append(f"  {tenth / DECILES:.1f}-{(tenth + 1) / DECILES:.1f}  " + "   ".join(cells))
    return rows


def print_report(report: Report, args: argparse.Namespace) -> None:
    print(
        f"beliefs about the other hands: {args.deals} expert deals from seed {args.seed}, "
        f"{args.rules}, {args.players} players, {report.decisions} decisions of seat 0, "
        f"{args.samples} sampled deals a decision and way"
    )
    print(f"{'way':>8} {'log loss':>9} {'mean error':>11} {'variance ratio':>15}")
    for way, score in report.scores.items():
        print(
            f"{way:>8} {score.log_loss / score.kinds:>9.4f} "
            f"{score.mean_error / score.hands:>11.3f} {score.variance_ratio:>15.3f}"
        )
    heading = "   ".join(f"{way + ': said held count':<18}" for way in report.scores)
    for safeties, what in ((False, "every kind"), (True, "safeties only")):
        print(f"reliability, {what} (chance of holding at least one, by tenths):")
        print(f"  tenth    {heading}")
        print("\n".join(reliability_rows(report.scores, safeties)))
    if report.followed:
        print(
            f"the true hand among the followed hands: {report.survived / report.followed:.1%} "
            f"of {report.followed} hands"
        )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.inference", description=__doc__)
    parser.add_argument("--deals", type=int, default=60, help="expert deals (default 60)")
    parser.add_argument("--seed", type=int, default=1000, help="seed of the first deal")
    parser.add_argument("--rules", default="dujardin", help="the preset (default dujardin)")
    parser.add_argument("--players", type=int, default=2, help="seats (default 2)")
    parser.add_argument(
        "--samples", type=int, default=100, help="sampled deals a decision and way (default 100)"
    )
    args = parser.parse_args(argv)
    if args.deals < 1 or args.samples < 2:
        parser.error("--deals must be positive and --samples at least 2")
    try:
        get_rules(args.rules).seating(args.players)
    except SettingsError as error:
        parser.error(str(error))
    print_report(run(args.deals, args.seed, args.rules, args.players, args.samples), args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
