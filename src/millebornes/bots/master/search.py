"""Master's search: candidate actions played out in the same sampled deals (common random
numbers) by sequential halving, and the test that decides whether to leave the expert's choice.

The pieces a review of a seat's decisions reuses: :meth:`Beliefs.sample` deals worlds from a
view, :class:`Rollout` plays them out, :func:`outcome` scores a finished deal as a margin, and
:func:`evaluate` plays given actions over shared sampled deals."""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field

from ...core.actions import (
    Action,
    Verb,
)
from ...core.deal import Deal
from ...core.view import View
from .beliefs import Beliefs
from .policy import Rollout, deck_counts, km_in_hand

# Rollouts per decision, chosen to meet issue 18's 1 s median with room for this machine's
# drift. `python -m benchmarks.thinking` (8 deals; --iterations for another budget) on 2026-12-03,
# CPU time, the other core idle / busy: at 2-player dujardin 0.64 / 0.78 s median and 1.28 / 1.16 s
# at the 95th percentile; at 4-player winning-moves 0.59 / 0.79 s and 0.87 / 1.13 s. The 2500 used
# before took 0.97 / 1.07 s and 1.65 / 1.80 s, 0.96 / 1.08 s and 1.43 / 1.58 s. Fewer rollouts
# lost nothing measurable: on the same 80 deals of benchmarks.departures (seed 10000) master's
# departures gained +128 a deal at 1500 and +93 at 2500 (paired difference +36 ±50). The strength
# target's budget, 0.2 s, buys 400 to 600. Compiled (docs/architecture.md), on a machine running
# plain Python 2.5 times slower (2026-12-04, the other core busy): 0.66 s and 0.68 s median, 1.09 s
# and 0.96 s at the 95th percentile, where plain Python took 1.58 s and 1.58 s, 2.68 s and 2.34 s.
DEFAULT_ITERATIONS = 1500
# The most a decision takes at the default budget, counted from the question (wall time): machines
# here have run rollouts anywhere from 339 to 766 µs compiled, and at 766 (2026-12-04, the other
# core busy) 1500 rollouts took 1.39 s median and 2.29 s at the 95th percentile; capped, 0.90 s
# and 0.90 s, a median of 915 rollouts. Below 1 s to leave room for what follows the last rollout.
# Where 1500 rollouts take less, the cap never stops the search and choices stay reproducible.
DEFAULT_SECONDS = 0.9
# How many standard errors the search's best must gain over the default (the expert's choice).
# Judged by replaying the search's departures with the expert playing on: at 500 rollouts, 0.5
# gained the most over whole deals (0 lets noise through, 1 forgoes good departures).
CONFIDENCE = 0.5
# Laying a safety the expert keeps must pass more: such a choice pays off through rare, large
# swings (a coup-fourré given up or not), which a few hundred sampled deals measure poorly.
# Judged on the true deal (benchmarks.departures, 240 deals, 600 rollouts), these departures
# lost 47 points a deal below 1.5 standard errors and gained 13 above it, while the other kinds
# gained in every band above 0.5.
SAFETY_CONFIDENCE = 1.5
# The share of the budget spent on the last round of halving, where the best challenger meets the
# default in fresh sampled deals: the test that decides whether to leave the expert's choice.
FINAL_SHARE = 0.5
# Discards searched besides the default: those whose cards cost least to lose.
DISCARDS_SEARCHED = 3
# Score margins are divided by this to bring a deal's result into roughly [-1, 1], the range of
# a match result.
MARGIN_SCALE = 2000

# --------------------------------------------------------------------------- the search


@dataclass
class Candidate:
    """One root action and the rewards it reached, one per sampled deal."""

    action: Action
    rewards: list[float] = field(default_factory=list)
    wins: float = 0.0

    @property
    def rollouts(self) -> int:
        return len(self.rewards)

    @property
    def value(self) -> float:
        return sum(self.rewards) / len(self.rewards) if self.rewards else -math.inf

    @property
    def win_rate(self) -> float:
        return self.wins / len(self.rewards) if self.rewards else 0.0


def advantage(challenger: Candidate, default: Candidate, since: int) -> float:
    """By how many standard errors of the paired differences ``challenger`` beats ``default``
    (both were played in the same sampled deals)."""
    diffs = [
        a - b for a, b in zip(challenger.rewards[since:], default.rewards[since:], strict=True)
    ]
    if len(diffs) < 2:
        return -math.inf
    mean = sum(diffs) / len(diffs)
    error = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1) / len(diffs))
    if error == 0:
        return math.copysign(math.inf, mean) if mean else 0.0
    return mean / error


def outcome(deal: Deal, side: int, target: int) -> tuple[float, int]:
    """The reward of a finished deal for ``side``, and its score margin in points.

    The margin (own points minus the best other side's) is the reward, unless the deal ends the
    match: then winning or losing the match is what counts, the margin only breaking ties."""
    totals = [sheet["total"] for sheet in deal.score()]
    margin = totals[side] - max(t for s, t in enumerate(totals) if s != side)
    scaled = margin / MARGIN_SCALE
    match = [before + points for before, points in zip(deal.scores, totals, strict=True)]
    if max(match) < target:
        return scaled, margin
    ahead = match[side] - max(t for s, t in enumerate(match) if s != side)
    return (ahead > 0) - (ahead < 0) + 0.1 * scaled, margin


def worth_searching(legal: tuple[Action, ...]) -> list[Action]:
    """The legal actions worth searching: discarding a safety is never better than playing it
    (always legal: 100 points, protection and another turn)."""
    kept = [
        a for a in legal if not (a.verb == Verb.DISCARD and a.card is not None and a.card.is_safety)
    ]
    return kept or list(legal)


def lays_safety(action: Action) -> bool:
    return action.verb == Verb.PLAY and action.card is not None and action.card.is_safety


def without_costly_discards(actions: list[Action], deal: Deal, deck: list[int]) -> list[Action]:
    """``actions`` (the default first) with only the DISCARDS_SEARCHED discards that cost least
    to keep out of hand: which of the cheap cards goes rarely matters, and every candidate
    dropped leaves more sampled deals for those that do."""
    seat = deal.to_act
    discards = [
        (a, int(a.card)) for a in actions[1:] if a.verb == Verb.DISCARD and a.card is not None
    ]
    if seat is None or len(discards) <= DISCARDS_SEARCHED:
        return actions
    own = seat % deal.sides_count
    left = deal.race - deal.km[own]
    judge = Rollout(deal, deck)
    hand = deal.hands[seat]
    hand_km = km_in_hand(hand)
    discards.sort(key=lambda discard: judge.keep_value(discard[1], own, hand, left, hand_km))
    dropped = {action for action, _ in discards[DISCARDS_SEARCHED:]}
    return [a for a in actions if a not in dropped]


def evaluate(
    world: Deal, candidates: list[Candidate], deck: list[int], side: int, target: int
) -> None:
    """Play each candidate's action in the same sampled deal ``world`` and finish it with the
    rollout policy, adding the reward for ``side`` (and whether it won) to the candidate."""
    for candidate in candidates:
        deal = world.copy()
        deal.apply_legal(candidate.action)
        Rollout(deal, deck).finish()
        reward, margin = outcome(deal, side, target)
        candidate.rewards.append(reward)
        candidate.wins += 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0


def search(
    view: View,
    actions: list[Action],
    beliefs: Beliefs,
    rng: random.Random,
    iterations: int | None,
    deadline: float | None,
    target: int,
) -> tuple[Candidate, Candidate, float]:
    """Sequential halving over ``actions``, every survivor played in the same sampled deals;
    returns the best survivor, the default, and the best's advantage over the default in the
    last round (in standard errors, see :func:`advantage`).

    The first action is the default: it is never eliminated, and the advantage of the best
    survivor is measured in the last round's sampled deals, not those it was selected on, so
    that a small budget cannot leave the default by chasing noise. With a ``deadline``, each
    round also ends at its share of the time left until then, whichever comes first: the last
    round's test gets its full share however slow the rollouts turn out to be. ``iterations``,
    ``deadline`` or both must be given."""
    if iterations is None and deadline is None:
        raise ValueError("search needs iterations, a deadline or both")
    deck = deck_counts(view)
    first = beliefs.sample(view, rng)
    alive = [Candidate(action) for action in without_costly_discards(actions, first, deck)]
    default = alive[0]
    rounds = max(1, math.ceil(math.log2(len(alive))))

    def play(world: Deal) -> None:
        evaluate(world, alive, deck, view.side, target)

    started = time.perf_counter()
    play(first)
    quota = 0
    used = 0.0  # the share of the budget given to the rounds so far
    for round_number in range(rounds):
        fresh = default.rollouts
        if rounds == 1:
            share = 1.0
        elif round_number == rounds - 1:
            share = FINAL_SHARE
        else:
            share = (1 - FINAL_SHARE) / (rounds - 1)
        used += share
        round_end = math.inf if deadline is None else started + (deadline - started) * used
        if iterations is not None:
            quota += max(1, int(iterations * share) // len(alive))
        while (iterations is None or default.rollouts < quota) and time.perf_counter() < round_end:
            play(beliefs.sample(view, rng))
        alive.sort(key=lambda c: c.value, reverse=True)
        if round_number < rounds - 1:
            alive = alive[: math.ceil(len(alive) / 2)]
            if default not in alive:
                alive.append(default)
    best = alive[0]
    return best, default, 0.0 if best is default else advantage(best, default, since=fresh)


@dataclass(frozen=True)
class Challenge:
    """The search's best alternative to the expert's choice (``default``) in the last decision,
    and by how many standard errors it beat that choice in fresh sampled deals.
    ``benchmarks.departures`` judges these on the true deal."""

    action: Action
    advantage: float
    default: Action

    @property
    def taken(self) -> bool:
        """Whether master departs: above CONFIDENCE, or SAFETY_CONFIDENCE to lay a safety the
        expert keeps."""
        lays_another_safety = lays_safety(self.action) and not lays_safety(self.default)
        return self.advantage > (SAFETY_CONFIDENCE if lays_another_safety else CONFIDENCE)
