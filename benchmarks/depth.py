"""What a second ply of master's own decisions would have to go on: how many of a decision's
rollouts reach each of the information sets its seat may be in at its next decision (issue 18).

    python -m benchmarks.depth                    # 12 deals, 2-player dujardin
    python -m benchmarks.depth --rules winning-moves --players 4 --deals 8
    python -m benchmarks.depth --iterations 1000  # the budget of the root search

A search deeper than master's one move (information-set MCTS over its own decisions, say) must
value each choice of its next decision apart for every information set it may be in then: its
hand after the draw and the moves the table made in between, all of which the seat sees. Along
deals between experts, at each turn of seat 0 with a choice, master's beliefs observe the view
and its search is run at ``--iterations`` rollouts (a count, so the figures do not depend on the
machine); then ``--worlds`` deals are sampled, the expert's choice is played in each and the
rollout policy plays on until seat 0 decides again, and that decision is keyed by what seat 0
would know there. Printed, per decision (median and quartiles): the distinct information sets
met, the share of rollouts that reach the one the game itself goes on to (the chance that two
sampled deals meet the same one, at a decision rather than the deal's end), and what that leaves
of the rollouts the expert's choice got in the search (it gets the most), in all and for each
sensible choice there; and the same with the decision keyed by the seat's hand alone, the
coarsest key that still tells the seat's choices apart.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from millebornes import Deal, Decision
from millebornes.bots import make_bot
from millebornes.bots.master import Beliefs, MasterBot
from millebornes.bots.master.config import DEFAULT_ITERATIONS
from millebornes.bots.master.policy import Rollout, deck_counts
from millebornes.bots.master.search import search, worth_searching
from millebornes.core.actions import Action
from millebornes.core.rules import get_rules
from millebornes.core.view import View


@dataclass(frozen=True)
class NextDecision:
    """Where the rollouts of one of seat 0's decisions meet it again."""

    information_sets: int  # distinct ones among the sampled deals (a deal's end is none)
    share: float  # the chance that two sampled deals meet the same one, not the deal's end
    hand_share: float  # the same, keyed by the seat's hand alone (the coarsest fair key)
    root_rollouts: int  # the expert's choice's rollouts in the search
    choices: float  # sensible actions at the next decision, on average where one is reached

    @property
    def rollouts(self) -> float:
        """The rollouts that reach the information set the game goes on to."""
        return self.root_rollouts * self.share

    @property
    def rollouts_a_choice(self) -> float:
        return self.rollouts / self.choices

    @property
    def hand_rollouts_a_choice(self) -> float:
        return self.root_rollouts * self.hand_share / self.choices


def next_key(
    world: Deal, deck: list[int], seat: int
) -> tuple[tuple[int, ...], tuple[tuple[str, ...], Decision], int] | None:
    """Play ``world`` on with the rollout policy until ``seat`` decides again; what the seat
    knows there (its hand, and the moves since) and its sensible choices; None if the deal ends
    first."""
    rollout = Rollout(world, deck)
    moves = []
    while world.decision is not Decision.OVER and world.to_act != seat:
        action = rollout.action()
        moves.append(str(action))
        world.apply_legal(action)
    if world.decision is Decision.OVER:
        return None
    choices = len(worth_searching(tuple(world.legal_actions())))
    return tuple(world.hands[seat]), (tuple(moves), world.decision), choices


def next_decision(
    view: View,
    beliefs: Beliefs,
    action: Action,
    root_rollouts: int,
    worlds: int,
    rng: random.Random,
) -> NextDecision:
    """Sample ``worlds`` deals from ``beliefs``, play ``action`` in each and key the seat's next
    decision."""
    deck = deck_counts(view)
    met: Counter[Hashable] = Counter()
    hands: Counter[Hashable] = Counter()
    choices = 0
    for _ in range(worlds):
        world = beliefs.sample(view, rng)
        world.apply_legal(action)
        key = next_key(world, deck, view.seat)
        if key is None:  # the deal ended first: no decision to search
            continue
        hand, moves, count = key
        met[hand, moves] += 1
        hands[hand] += 1
        choices += count

    def share(counts: Counter[Hashable]) -> float:
        return sum(n * (n - 1) for n in counts.values()) / (worlds * (worlds - 1))

    reached = sum(hands.values())
    return NextDecision(
        len(met), share(met), share(hands), root_rollouts, choices / reached if reached else 1.0
    )


def measure(
    rules: str, players: int, deals: int, seed: int, iterations: int, worlds: int
) -> list[NextDecision]:
    """One :class:`NextDecision` for each turn of seat 0 with more than one sensible action."""
    found = []
    for number in range(deals):
        deal = Deal.new(rules, players, seed + number)
        experts = [make_bot("expert") for _ in range(players)]
        master = MasterBot(seed=seed + number, iterations=iterations)
        rng = random.Random(seed + number)
        while not deal.is_over:
            seat = deal.to_act
            assert seat is not None
            view = deal.view(seat)
            action = experts[seat].choose(view)
            candidates = worth_searching(view.legal)
            if seat == 0 and view.decision == Decision.TURN and len(candidates) > 1:
                master.observe(view)
                actions = [action, *(a for a in candidates if a != action)]
                _, default, _ = search(view, actions, master.beliefs, rng, master.config, None)
                found.append(
                    next_decision(view, master.beliefs, action, default.rollouts, worlds, rng)
                )
            deal.apply(action)
    return found


def summary(values: Sequence[float]) -> str:
    low, middle, high = statistics.quantiles(values, n=4) if len(values) > 1 else [values[0]] * 3
    return f"{middle:>8.3g} ({low:.3g} to {high:.3g})"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.depth", description=__doc__)
    parser.add_argument("--deals", type=int, default=12, help="expert deals")
    parser.add_argument("--seed", type=int, default=1000, help="seed of the first deal")
    parser.add_argument("--rules", default="dujardin", help="the preset (default dujardin)")
    parser.add_argument("--players", type=int, default=2, help="seats (default 2)")
    parser.add_argument(
        "--iterations", type=int, default=DEFAULT_ITERATIONS, help="the root search's rollouts"
    )
    parser.add_argument("--worlds", type=int, default=400, help="sampled deals a decision")
    args = parser.parse_args(argv)
    for name in ("deals", "iterations"):
        if getattr(args, name) < 1:
            parser.error(f"--{name} must be positive")
    if args.worlds < 2:
        parser.error("--worlds must be at least 2")
    try:
        get_rules(args.rules).seating(args.players)
    except ValueError as error:
        parser.error(str(error))
    found = measure(args.rules, args.players, args.deals, args.seed, args.iterations, args.worlds)
    if not found:
        print("seat 0 had no decision with a choice in these deals")
        return 0
    print(
        f"{args.rules}, {args.players} players, {args.deals} expert deals, {len(found)} decisions "
        f"of seat 0, {args.iterations} rollouts a search, {args.worlds} sampled deals a decision"
    )
    print("at seat 0's next decision, median (quartiles):")
    rows = {
        "information sets met": [float(f.information_sets) for f in found],
        "share of rollouts reaching the game's": [f.share for f in found],
        "the expert's choice's rollouts": [float(f.root_rollouts) for f in found],
        "of them reaching the game's": [f.rollouts for f in found],
        "sensible choices there": [f.choices for f in found],
        "rollouts for each of those choices": [f.rollouts_a_choice for f in found],
        "the same, keyed by the hand alone": [f.hand_rollouts_a_choice for f in found],
    }
    for label, values in rows.items():
        print(f"  {label:<38} {summary(values)}")
    few = sum(f.rollouts_a_choice < 10 for f in found) / len(found)
    print(f"decisions whose next one gives each choice fewer than 10 rollouts: {few:.0%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
