"""What master's departures from the expert are worth, judged on the true deal.

    python -m benchmarks.departures                  # 60 deals, 2-player dujardin
    python -m benchmarks.departures --deals 40 --rules winning-moves --players 4

Whole tournaments are too noisy to tell master's variants apart (a deck's result swings by
thousands of points). This measures master's choices alone. Along deals between experts, a
master observes seat 0 and is asked each of its decisions (``--rollouts`` a decision).
Wherever its best challenger differs from the expert's choice, both actions are judged on the
true deal: the stock is shuffled ``--shuffles`` times, the same shuffles for both, and experts
play on to the end. A departure's value is the mean difference of seat 0's side's margin.

Prints, for thresholds of the challenger's advantage (in standard errors), the departures
taken and what they gain a deal, with a 95% interval; then the same for the departures master
takes (above CONFIDENCE, or SAFETY_CONFIDENCE to lay a safety the expert keeps), in all and by
kind of action; then the discards master takes instead of the expert's, by the two cards and by
what holds for each card (a spare copy, a remedy whose safety the hand holds, a distance under
a limit...), which is where the expert's rules for discarding can learn. ``--dump PATH`` pickles
every departure with the view it was decided on, for analyses of one's own.
"""

from __future__ import annotations

import argparse
import math
import pickle
import random
import sys
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from multiprocessing import get_context

from millebornes import Action, Card, Deal, Verb
from millebornes.bots import make_bot
from millebornes.bots.master import MasterBot
from millebornes.core.cards import KM, REMEDY_FOR, SAFETY_FOR
from millebornes.core.rules import get_rules
from millebornes.core.view import View

THRESHOLDS = (0.0, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0)


@dataclass(frozen=True)
class Departure:
    expert: str  # the expert's action, in notation
    challenger: str  # the search's best alternative
    advantage: float  # in standard errors of the search's own test
    value: float  # the challenger's gain over the expert's action on the true deal, in points
    taken: bool  # whether master departs
    view: View  # what seat 0 saw when it decided


@dataclass(frozen=True)
class Task:
    rules: str
    players: int
    seed: int
    rollouts: int
    shuffles: int


def _margin(deal: Deal) -> int:
    totals = [sheet["total"] for sheet in deal.score()]
    return totals[0] - max(totals[1:])


def _played_on(deal: Deal, action: Action, shuffle: int) -> int:
    """Seat 0's side's margin once ``action`` is taken in ``deal`` with its stock shuffled by
    ``shuffle``, and experts play on."""
    world = deal.copy()
    random.Random(shuffle).shuffle(world.stock)
    world.apply(action)
    experts = [make_bot("expert") for _ in range(world.players)]
    while not world.is_over:
        seat = world.to_act
        assert seat is not None
        world.apply(experts[seat].choose(world.view(seat)))
    return _margin(world)


def departures(task: Task) -> list[Departure]:
    """The challenges of one deal's master, each judged on the true deal."""
    deal = Deal.new(task.rules, task.players, task.seed)
    experts = [make_bot("expert") for _ in range(task.players)]
    master = make_bot("master", task.seed, iterations=task.rollouts)
    assert isinstance(master, MasterBot)
    found = []
    while not deal.is_over:
        seat = deal.to_act
        assert seat is not None
        view = deal.view(seat)
        action = experts[seat].choose(view)
        if seat == 0:
            master.choose(view)
            challenge = master.challenge
            if challenge is not None and challenge.action != action:
                shuffles = [task.seed * 1000 + k for k in range(task.shuffles)]
                gains = [
                    _played_on(deal, challenge.action, k) - _played_on(deal, action, k)
                    for k in shuffles
                ]
                found.append(
                    Departure(
                        str(action),
                        str(challenge.action),
                        challenge.advantage,
                        sum(gains) / len(gains),
                        challenge.taken,
                        view,
                    )
                )
        deal.apply(action)
    return found


def report(found: list[Departure], deals: int) -> list[str]:
    """The table of thresholds and master's own rule, then the departures it takes by kind."""
    lines = [f"{'advantage':>10} {'departures':>10} {'gain a deal':>12} {'95% interval':>14}"]
    rows = [(f"> {t}", [d.value for d in found if d.advantage > t]) for t in THRESHOLDS]
    rows.append(("master", [d.value for d in found if d.taken]))
    for label, values in rows:
        total = sum(values)
        spread = 0.0
        if len(values) > 1:
            mean = total / len(values)
            variance = sum((v - mean) ** 2 for v in values) / (len(values) - 1)
            spread = 1.96 * math.sqrt(variance * len(values)) / deals
        lines.append(
            f"{label:>10} {len(values):>10} {total / deals:>+12.1f} "
            f"{'±' + format(spread, '.1f'):>14}"
        )
    kinds: dict[tuple[str, str], list[float]] = defaultdict(list)
    for d in found:
        if d.taken:
            kinds[(_kind(d.expert), _kind(d.challenger))].append(d.value)
    lines.append("")
    lines.append("departures master takes, by kind:")
    lines.append(f"{'expert':>10} {'master':>10} {'count':>6} {'gain each':>10} {'a deal':>8}")
    for (expert, challenger), values in sorted(kinds.items(), key=lambda kv: -abs(sum(kv[1]))):
        lines.append(
            f"{expert:>10} {challenger:>10} {len(values):>6} "
            f"{sum(values) / len(values):>+10.1f} {sum(values) / deals:>+8.1f}"
        )
    lines.extend(_discards(found, deals))
    return lines


def _discards(found: list[Departure], deals: int) -> list[str]:
    """The discard-for-discard departures master takes, by the two cards, then by what
    distinguishes the card master discards and the one the expert discards."""
    taken = [d for d in found if d.taken and _kind(d.expert) == _kind(d.challenger) == "discard"]
    pairs: dict[tuple[str, str], list[float]] = defaultdict(list)
    features: dict[tuple[str, str], list[float]] = defaultdict(list)
    for d in taken:
        expert, master = _discarded(d.expert), _discarded(d.challenger)
        pairs[(expert.notation, master.notation)].append(d.value)
        for feature in _features(d.view, master):
            features[("master", feature)].append(d.value)
        for feature in _features(d.view, expert):
            features[("expert", feature)].append(d.value)
    lines = ["", "discards master takes instead of the expert's, by cards:"]
    lines.append(_row("expert's", "master's", "count", "gain each", "a deal"))
    lines.extend(_rows(pairs, deals))
    lines.append("")
    lines.append("the same, by what holds for the card discarded (a departure counts once a side):")
    lines.append(_row("whose", "the card", "count", "gain each", "a deal"))
    lines.extend(_rows(features, deals))
    return lines


def _rows(groups: dict[tuple[str, str], list[float]], deals: int) -> list[str]:
    """One line a group, the groups worth most in all first."""
    ordered = sorted(groups.items(), key=lambda kv: -abs(sum(kv[1])))
    return [
        _row(*key, str(len(v)), f"{sum(v) / len(v):+.1f}", f"{sum(v) / deals:+.1f}")
        for key, v in ordered
    ]


def _row(first: str, second: str, count: str, each: str, deal: str) -> str:
    return f"{first:>14} {second:>26} {count:>6} {each:>10} {deal:>8}"


def _discarded(notation: str) -> Card:
    card = Action.parse(notation).card
    assert card is not None
    return card


def _features(view: View, card: Card) -> list[str]:
    """What might make ``card`` worth discarding in ``view``: its kind, a spare copy, a remedy
    or hazard whose safety the hand holds, a distance near the finish or beyond the hand's
    need, the stage of the deal."""
    own = view.sides[view.side]
    hand = view.hand
    left = view.race - own.km
    labels = [
        "a remedy" if card.is_remedy else "a hazard" if card.is_hazard else "a distance",
        "a spare copy" if hand.count(card) > 1 else "the only copy",
        "stock < 20" if view.stock_size < 20 else "stock >= 20",
    ]
    if card.is_remedy:
        hazard = next(h for h, r in REMEDY_FOR.items() if r is card)
        if SAFETY_FOR[hazard] in hand:
            labels.append("remedy, its safety in hand")
        if own.battle_top is hazard:
            labels.append("remedy, needed now")
    if card.is_hazard and SAFETY_FOR[card] in hand:
        labels.append("hazard, its safety in hand")
    if card.is_distance:
        others = sum(KM[c] for c in hand if c.is_distance) - KM[card]
        labels.append("distance, others cover the trip" if others >= left else "distance, short")
        if left <= 300:
            labels.append("distance, <= 300 km left")
        if own.speed_top is Card.SPEED_LIMIT:
            labels.append("distance, under a limit")
    return labels


def _kind(notation: str) -> str:
    """An action's kind: drive, remedy, safety, attack, discard, or its verb."""
    action = Action.parse(notation)
    card = action.card
    if action.verb != Verb.PLAY or card is None:
        return action.verb
    return "drive" if card.is_distance else "safety" if card.is_safety else "remedy"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.departures",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--deals", type=int, default=60, help="expert deals (default 60)")
    parser.add_argument("--seed", type=int, default=5000, help="seed of the first deal")
    parser.add_argument("--rules", default="dujardin", help="the preset (default dujardin)")
    parser.add_argument("--players", type=int, default=2, help="seats (default 2)")
    parser.add_argument("--rollouts", type=int, default=600, help="master's budget (600)")
    parser.add_argument("--shuffles", type=int, default=16, help="stock shuffles a judgment")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument(
        "--dump", metavar="PATH", help="pickle every departure (with its view) to PATH"
    )
    args = parser.parse_args(argv)
    for name in ("deals", "rollouts", "shuffles", "jobs"):
        if getattr(args, name) < 1:
            parser.error(f"--{name} must be positive")
    try:
        get_rules(args.rules).seating(args.players)
    except ValueError as error:
        parser.error(str(error))
    tasks = [
        Task(args.rules, args.players, args.seed + n, args.rollouts, args.shuffles)
        for n in range(args.deals)
    ]
    with get_context("forkserver").Pool(args.jobs) as pool:
        found = [d for deal in pool.map(departures, tasks) for d in deal]
    print(
        f"master's departures from the expert, {args.deals} deals of {args.rules}, "
        f"{args.players} players, {args.rollouts} rollouts, {args.shuffles} shuffles each"
    )
    print("\n".join(report(found, args.deals)))
    if args.dump:
        with open(args.dump, "wb") as file:
            pickle.dump(found, file)
    return 0


if __name__ == "__main__":
    sys.exit(main())
