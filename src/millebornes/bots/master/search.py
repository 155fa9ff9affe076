"""Master's search: candidate actions played out in the same sampled deals (common random
numbers) by sequential halving, and the test that decides whether to leave the expert's choice.

:class:`Halving` is the program's one sequential halving: master's :func:`search` runs it on
each decision, and the review (``review/decisions.py``) on each decision a seat made, with the
action played as the protected default. The pieces it is made of: :meth:`Beliefs.sample` deals
worlds from a view, :class:`Rollout` plays them out, :class:`Reward` scores a finished deal,
:func:`evaluate` plays candidates through one shared sampled deal and :func:`paired` compares
two of them on the deals they shared."""

from __future__ import annotations

import json
import math
import random
import time
from dataclasses import dataclass, field

from ...core.actions import (
    Action,
    Verb,
)
from ...core.deal import Deal
from ...core.phrase import Phrase
from ...core.seeds import derive
from ...core.view import View
from ..base import BotOptionError
from .beliefs import Beliefs
from .config import MasterConfig
from .policy import Rollout, deck_counts, km_in_hand

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


def view_seed(seed: int, view: View, purpose: str) -> int:
    """A seed from ``seed``, the view and what it is for alone: the same view gets the same
    answer (master's) or judgement (the review's), whatever the cards it does not show."""
    return derive(seed, purpose, json.dumps(view.to_dict(), sort_keys=True), size=8)


def paired(challenger: Candidate, default: Candidate, since: int) -> tuple[float, float]:
    """The mean of ``challenger``'s rewards less ``default``'s in the sampled deals both were
    played in from the ``since``-th on (at least two), and its standard error."""
    diffs = [
        a - b for a, b in zip(challenger.rewards[since:], default.rewards[since:], strict=True)
    ]
    mean = sum(diffs) / len(diffs)
    return mean, math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1) / len(diffs))


def advantage(challenger: Candidate, default: Candidate, since: int) -> float:
    """By how many standard errors of the paired differences ``challenger`` beats ``default``
    (both were played in the same sampled deals)."""
    if default.rollouts - since < 2:
        return -math.inf
    mean, error = paired(challenger, default, since)
    if error == 0:
        return math.copysign(math.inf, mean) if mean else 0.0
    return mean / error


@dataclass(frozen=True)
class Reward:
    """What a finished sampled deal is worth to ``side``: its score margin (own points less
    the best other side's) over ``scale``, unless the deal brings the match to ``target``
    (None: the deal is judged alone): then winning or losing the match is what counts, the
    margin only breaking ties."""

    side: int
    target: int | None
    scale: float

    def of(self, deal: Deal) -> tuple[float, int]:
        """The reward of a finished deal, and its score margin in points."""
        side = self.side
        totals = [sheet["total"] for sheet in deal.score()]
        margin = totals[side] - max(t for s, t in enumerate(totals) if s != side)
        scaled = margin / self.scale
        if self.target is None:
            return scaled, margin
        match = [before + points for before, points in zip(deal.scores, totals, strict=True)]
        if max(match) < self.target:
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


def without_costly_discards(
    actions: list[Action], deal: Deal, deck: list[int], searched: int
) -> list[Action]:
    """``actions`` (the default first) with only the ``searched`` discards that cost least to
    keep out of hand: which of the cheap cards goes rarely matters, and every candidate dropped
    leaves more sampled deals for those that do."""
    seat = deal.to_act
    discards = [
        (a, int(a.card)) for a in actions[1:] if a.verb == Verb.DISCARD and a.card is not None
    ]
    if seat is None or len(discards) <= searched:
        return actions
    own = seat % deal.sides_count
    left = deal.race - deal.km[own]
    judge = Rollout(deal, deck)
    hand = deal.hands[seat]
    hand_km = km_in_hand(hand)
    discards.sort(key=lambda discard: judge.keep_value(discard[1], own, hand, left, hand_km))
    dropped = {action for action, _ in discards[searched:]}
    return [a for a in actions if a not in dropped]


def evaluate(world: Deal, candidates: list[Candidate], deck: list[int], reward: Reward) -> None:
    """Play each candidate's action in the same sampled deal ``world`` and finish it with the
    rollout policy, adding its reward (and whether it won) to the candidate."""
    for candidate in candidates:
        deal = world.copy()
        deal.apply_legal(candidate.action)
        Rollout(deal, deck).finish()
        value, margin = reward.of(deal)
        candidate.rewards.append(value)
        candidate.wins += 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0


@dataclass(frozen=True)
class Halved:
    """What a sequential halving found: the candidate ranked first, the default, and the
    default's rollouts before the final round (the paired deals of the final test start
    there)."""

    best: Candidate
    default: Candidate
    fresh: int


@dataclass(frozen=True)
class Halving:
    """Sequential halving over candidate actions, every one alive played in the same sampled
    deals; the first action is the default, never eliminated.

    The budget, ``iterations`` rollouts, a ``deadline`` or both (whichever comes first), is
    spent in rounds: selection rounds share ``1 - final_share`` of it, each ending with the
    worse half eliminated (the default always stays), and the final round gets
    ``final_share``, in which the default meets the best in fresh sampled deals, so that the
    luckiest candidate's luck does not count in the test against it. With a deadline each round
    ends at its share of the time left, so the final test keeps its share however slow the
    rollouts turn out to be. Only ``discards`` discards besides the default are searched, those
    that cost least to lose.

    Master's search and the review differ in the rest:

    - ``settle``: master's final round plays every survivor of the selection rounds and picks
      the best on all their deals, the final ones included; the review settles on one best by
      halving once more, then measures it alone against the default in the final round, which
      is skipped when the default is that best.
    - ``fresh_at_least``: the fewest sampled deals the final round plays, whatever the budget
      or the clock: the review needs two for a standard error; master's test fails below two.
    - ``first_counts``: whether the first sampled deal (dealt before the rounds, to choose the
      discards searched) counts toward the first round's rollouts (master) or comes on top of
      them (the review).
    """

    final_share: float
    discards: int
    settle: bool = False
    fresh_at_least: int = 0
    first_counts: bool = True

    def run(
        self,
        view: View,
        actions: list[Action],
        beliefs: Beliefs,
        rng: random.Random,
        reward: Reward,
        iterations: int | None,
        deadline: float | None,
    ) -> Halved:
        """Halve ``actions`` (the default first) in deals sampled from ``beliefs`` for
        ``view``."""
        if iterations is None and deadline is None:
            raise BotOptionError(Phrase("settings.search_budget"))
        deck = deck_counts(view)
        first = beliefs.sample(view, rng)
        alive = [Candidate(a) for a in without_costly_discards(actions, first, deck, self.discards)]
        default = alive[0]
        if len(alive) == 1:
            return Halved(default, default, default.rollouts)
        started = time.perf_counter()
        evaluate(first, alive, deck, reward)
        rounds = max(1, math.ceil(math.log2(len(alive))))
        selection = rounds if self.settle else rounds - 1
        quota = 0 if self.first_counts else default.rollouts  # the default's rollouts to reach
        used = 0.0  # the share of the budget given to the rounds so far

        def play(candidates: list[Candidate], share: float, at_least: int = 0) -> None:
            """A round: sampled deals until its share of the rollouts or of the time is spent,
            and at least ``at_least`` of them."""
            nonlocal quota, used
            used += share
            end = math.inf if deadline is None else started + (deadline - started) * used
            if iterations is not None:
                quota += max(1, at_least, int(iterations * share) // len(candidates))
            before = default.rollouts
            while default.rollouts - before < at_least or (
                (iterations is None or default.rollouts < quota) and time.perf_counter() < end
            ):
                evaluate(beliefs.sample(view, rng), candidates, deck, reward)

        for _ in range(selection):
            play(alive, (1 - self.final_share) / selection)
            alive.sort(key=lambda c: c.value, reverse=True)
            alive = alive[: math.ceil(len(alive) / 2)]
            if default not in alive:
                alive.append(default)
        if self.settle:
            if alive[0] is default:
                return Halved(default, default, default.rollouts)
            alive = [alive[0], default]
        fresh = default.rollouts
        play(alive, self.final_share if selection else 1.0, self.fresh_at_least)
        if not self.settle:
            alive.sort(key=lambda c: c.value, reverse=True)
        return Halved(alive[0], default, fresh)


def search(
    view: View,
    actions: list[Action],
    beliefs: Beliefs,
    rng: random.Random,
    config: MasterConfig,
    deadline: float | None,
) -> tuple[Candidate, Candidate, float]:
    """Master's halving over ``actions`` (the expert's choice first, as the default) within
    ``config.iterations`` and the ``deadline``; returns the best survivor, the default, and
    the best's advantage over the default in the final round (in standard errors, see
    :func:`advantage`), so that a small budget cannot leave the default by chasing noise."""
    halving = Halving(config.final_share, config.discards_searched)
    reward = Reward(view.side, config.target, config.margin_scale)
    halved = halving.run(view, actions, beliefs, rng, reward, config.iterations, deadline)
    best, default = halved.best, halved.default
    return best, default, 0.0 if best is default else advantage(best, default, halved.fresh)


@dataclass(frozen=True)
class Challenge:
    """The search's best alternative to the expert's choice (``default``) in the last decision,
    by how many standard errors it beat that choice in fresh sampled deals, and how many it had
    to beat it by (``needed``: see :meth:`of`). ``benchmarks.departures`` judges these on the
    true deal."""

    action: Action
    advantage: float
    default: Action
    needed: float

    @classmethod
    def of(
        cls, action: Action, advantage: float, default: Action, config: MasterConfig
    ) -> Challenge:
        """The challenge, needing ``config.confidence``, or ``config.safety_confidence`` to lay
        a safety the expert keeps."""
        lays_another_safety = lays_safety(action) and not lays_safety(default)
        needed = config.safety_confidence if lays_another_safety else config.confidence
        return cls(action, advantage, default, needed)

    @property
    def taken(self) -> bool:
        """Whether master departs from the expert's choice."""
        return self.advantage > self.needed
