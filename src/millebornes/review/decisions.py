"""A review of one seat's decisions in a deal: master judges the action played and its own best
action from the view the seat had then, in expected points of the deal's score margin.

Each decision is judged as master decides (``bots/master``): the seat's earlier views of the
deal are shown to :class:`Beliefs` in order, sampled deals are drawn from the view alone, and
the candidate actions are played out in the same sampled deals with the rollout policy. Master's
best is picked by sequential halving whatever was played (:func:`best`), the one judgement the
table's hint gives too, so that the hint and the review never disagree on a move; the loss of
the action played is then measured afresh, in sampled deals the choice was not made on, so that
picking the luckiest candidate does not inflate it. The loss is in points of the deal's margin
(own score less the best other side's). Match-winning chances are not judged: a deal that ends a
match is judged on its margin like any other (docs/review.md).

Labels come from the loss with the thresholds below, measured against the noise of the
evaluation (``benchmarks.review``).
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass
from typing import Any

from ..bots import Reason
from ..bots.master import Beliefs
from ..bots.master.explain import why, with_odds
from ..bots.master.policy import Rollout, deck_counts
from ..bots.master.search import (
    Candidate,
    Halving,
    Reward,
    evaluate,
    paired,
    view_seed,
    worth_searching,
)
from ..core.actions import Action
from ..core.cards import Card
from ..core.deal import Deal
from ..core.errors import RequestError
from ..core.phrase import Phrase
from ..core.records import deal_record, replay_deal
from ..core.view import View
from .following import MASTER_DEFAULTS, Follower, followed_to

# Rollouts per decision judged, shared by the candidates: a loss's standard error about 13 points
# (benchmarks.review), a deal's review within a minute; not master's budget: a review is read
# after the deal, not awaited. docs/lab/2026-12-01-the-reviews-budget-and-noise.md
REVIEW_ITERATIONS = 1000
# The share of the budget spent measuring the loss afresh (master's best against the action
# played), the rest choosing master's best by sequential halving: as much for the measure as
# for the choice it measures.
MEASURE_SHARE = 0.5
# Points to one unit of reward in the review's sampled deals. Any scale ranks the candidates
# alike; 2000, master's margin scale when the thresholds below were measured, keeps the
# judgements as they were.
POINTS_PER_REWARD = 2000
# The share of the budget spent choosing master's best, the same for the review and the hint.
CHOICE_SHARE = 1 - MEASURE_SHARE
# Master's halving settling on one best (see Halving); the loss is measured apart (_measure).
CHOICE = Halving(0.0, MASTER_DEFAULTS.discards_searched, settle=True, first_counts=False)
# Label thresholds, in points of margin lost, set against the noise of a loss at the default
# budget so that noise alone does not make a mistake (benchmarks.review);
# docs/lab/2026-12-01-the-reviews-budget-and-noise.md
GOOD_LOSS = 30
MISTAKE_LOSS = 100
BLUNDER_LOSS = 250
LABELS = ("best", "good", "inaccuracy", "mistake", "blunder")
FORCED = "forced"
COSTLIEST = 3
# Sampled deals a decision's draw is judged in, each played out twice (with the cards drawn and
# with cards that could have been drawn instead): the standard error of a draw's luck about
# 20 points, under a tenth of the review's time (benchmarks.review_speed).
LUCK_DEALS = 100


def points(value: float) -> int:
    """``value`` to the nearest point, halves up: the one rounding every figure of a review is
    shown with, so that the list, the detail and the sums agree."""
    return math.floor(value + 0.5)


def costliest(decisions: Iterable[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The decisions (as a review stores them) that lost the most, costliest first; none that
    lost less than a point."""
    costly = [judged for judged in decisions if points(judged["loss"] or 0)]
    return sorted(costly, key=lambda judged: -judged["loss"])[:COSTLIEST]


def label(loss: float) -> str:
    """The label of a decision that lost ``loss`` points against master's best."""
    if points(loss) == 0:
        return "best"
    if loss < GOOD_LOSS:
        return "good"
    if loss < MISTAKE_LOSS:
        return "inaccuracy"
    if loss < BLUNDER_LOSS:
        return "mistake"
    return "blunder"


def trivial(legal: Iterable[Action], played: Action) -> bool:
    """Whether a decision is not worth judging: the action played is the only candidate, that
    is the only legal action but discarding safeties (never better than laying them). Actions
    are by card kind, so three Rolls in hand are one action."""
    return {*worth_searching(tuple(legal)), played} == {played}


@dataclass(frozen=True)
class Budget:
    """Rollouts per decision (reproducible), or seconds per decision (not: it depends on the
    machine's load); given both, whichever comes first. And the fixed costs of every review:
    the hands the other seats may hold, followed through the deal (``particles``), and the
    sampled deals each draw's luck is judged in (``luck_deals``); less of either is noisier,
    and quicker (a test's review of what the page or the terminal shows)."""

    iterations: int | None = REVIEW_ITERATIONS
    seconds: float | None = None
    particles: int = MASTER_DEFAULTS.particles
    luck_deals: int = LUCK_DEALS


@dataclass(frozen=True)
class Judgement:
    """One decision: the action played, master's best, the points lost by playing the first
    (0 when it is master's best, or did no worse in the measure) and the standard error of that
    measure (None when the played action was master's best, so no loss was measured). A forced
    decision (:func:`trivial`) has only its action.

    And the draw before it: the cards the seat drew since its last decision (``drawn``), the
    deal's expected margin before it drew them (``expected``) and ``luck``, what they were worth
    against cards that could have been drawn instead (None when nothing was drawn)."""

    index: int
    seat: int
    decision: str
    played: str
    best: str | None
    loss: float | None
    error: float | None
    label: str
    drawn: tuple[str, ...] = ()
    expected: float = 0.0
    luck: float | None = None

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "drawn": list(self.drawn)}


@dataclass(frozen=True)
class _Task:
    """A decision to judge, with all it is judged from: the view, the beliefs after the seat's
    earlier views, the random seed derived from the view, and the cards drawn since the seat's
    last decision (kinds)."""

    index: int
    view: View
    played: Action
    beliefs: Beliefs
    seed: int
    budget: Budget
    drawn: tuple[int, ...]


def _tasks(
    start: Deal, actions: list[Action], seat: int, seed: int, budget: Budget
) -> Iterator[_Task]:
    """The task of judging each decision ``seat`` made in ``actions`` played from ``start``."""
    for seen in Follower(start, seat, seed, budget.particles).follow(actions):
        if seen.index < len(actions):
            view, played = seen.view, actions[seen.index]
            seed_of_view = view_seed(seed, view, "review")
            yield _Task(seen.index, view, played, seen.beliefs, seed_of_view, budget, seen.drawn)


def decisions_of(start: Deal, actions: list[Action], seat: int) -> int:
    """How many decisions ``seat`` made in ``actions`` played from ``start``."""
    deal = start.copy()
    count = 0
    for action in actions:
        count += deal.to_act == seat
        deal.apply(action)
    return count


def _redraw(
    world: Deal, seat: int, drawn: tuple[int, ...], rng: random.Random, share: float
) -> None:
    """Trade each card ``seat`` drew for one that could have been drawn instead, a card of the
    stock or the card itself: the first at ``share`` of them in order of kind (the sampled deals
    of a draw spread over the kinds as the stock holds them, rather than at random), any other
    at random."""
    hand, stock = world.hands[seat][:], world.stock[:]
    for number, card in enumerate(drawn):
        if number == 0:
            kinds = [*stock, card]
            slots = sorted(range(len(kinds)), key=kinds.__getitem__)
            slot = slots[int(share * len(slots))]
        else:
            slot = rng.randrange(len(stock) + 1)
        if slot < len(stock):
            hand[card] -= 1
            hand[stock[slot]] += 1
            stock[slot] = card
    world.redeal({seat: hand}, stock)


def _luck(task: _Task, reward: Reward) -> tuple[float, float | None]:
    """The deal's expected margin before the seat drew the task's cards, and their luck: what
    the margin came to with the cards drawn less with cards that could have been drawn, in the
    same sampled deals, each played out by the rollout policy (in reward units)."""
    view, drawn = task.view, task.drawn
    rng = random.Random(view_seed(task.seed, view, "luck"))
    deck = deck_counts(view)
    with_drawn, instead = [], []
    offset = rng.random()
    deals = task.budget.luck_deals
    for number in range(deals):
        world = task.beliefs.sample(view, rng)
        if drawn:
            other = world.copy()
            _redraw(other, view.seat, drawn, rng, (number + offset) / deals)
            Rollout(other, deck).finish()
            instead.append(reward.of(other)[0])
        Rollout(world, deck).finish()
        with_drawn.append(reward.of(world)[0])
    if not drawn:
        return statistics.fmean(with_drawn), None
    expected = statistics.fmean(instead)
    return expected, statistics.fmean(with_drawn) - expected


def best(view: View, beliefs: Beliefs, rng: random.Random, budget: Budget) -> Candidate:
    """Master's best action for ``view``, the one judgement the review and the hint both give:
    sequential halving over every candidate (the first legal one as the default, never the
    action played), in ``CHOICE_SHARE`` of ``budget``, so that what was played cannot change
    what is best."""
    reward = Reward(view.side, None, POINTS_PER_REWARD)
    iterations = None if budget.iterations is None else round(budget.iterations * CHOICE_SHARE)
    seconds = None if budget.seconds is None else budget.seconds * CHOICE_SHARE
    deadline = None if seconds is None else time.perf_counter() + seconds
    actions = list(worth_searching(view.legal))
    return CHOICE.run(view, actions, beliefs, rng, reward, iterations, deadline).best


def best_now(
    start: Deal, actions: list[Action], seat: int, *, seed: int = 0, budget: Budget | None = None
) -> tuple[View, Beliefs, Candidate]:
    """The decision ``seat`` faces after ``actions`` played from ``start``, judged as the
    review will judge it (:func:`best`, the same beliefs, seed and budget): a hint."""
    budget = budget or Budget()
    seen = followed_to(start, actions, seat, seed, budget.particles)
    if seen is None or seen.index != len(actions):
        raise RequestError(Phrase("refusal.not_your_turn"))
    rng = random.Random(view_seed(seed, seen.view, "review"))
    return seen.view, seen.beliefs, best(seen.view, seen.beliefs, rng, budget)


def hint(deal: Deal, view: View) -> tuple[Action, Reason]:
    """What the review will call best for ``view``, a seat's decision in ``deal`` as played so
    far (:func:`best_now`: the one judge, at the review's budget), and why, with its share of
    simulated wins (each interface words it)."""
    start, actions = deal_start(deal)
    _, beliefs, chosen = best_now(start, actions, view.seat)
    reason = with_odds(why(view, chosen.action, beliefs), chosen, chosen, departs=False)
    return chosen.action, reason


def judge(task: _Task) -> Judgement:
    """Master's best action for the task's view (:func:`best`), what playing the action played
    lost against it in sampled deals of its own, and the luck of the cards drawn before it."""
    view, played, budget = task.view, task.played, task.budget
    reward = Reward(view.side, None, POINTS_PER_REWARD)
    expected, luck = _luck(task, reward)
    drawn: dict[str, Any] = {
        "drawn": tuple(Card(card).notation for card in task.drawn),
        "expected": round(expected * POINTS_PER_REWARD, 1),
        "luck": None if luck is None else round(luck * POINTS_PER_REWARD, 1),
    }
    if trivial(view.legal, played):
        return Judgement(
            task.index, view.seat, view.decision, str(played), None, None, None, FORCED, **drawn
        )
    rng = random.Random(task.seed)
    chosen = best(view, task.beliefs, rng, budget).action
    if chosen == played:
        return _judged(task, played, 0.0, None, drawn)
    mean, error = _measure(view, chosen, played, task.beliefs, rng, reward, budget)
    if mean <= 0:  # master's pick did no better in the fresh deals: nothing was lost
        return _judged(task, chosen, 0.0, error * POINTS_PER_REWARD, drawn)
    return _judged(task, chosen, mean * POINTS_PER_REWARD, error * POINTS_PER_REWARD, drawn)


def _measure(
    view: View,
    chosen: Action,
    played: Action,
    beliefs: Beliefs,
    rng: random.Random,
    reward: Reward,
    budget: Budget,
) -> tuple[float, float]:
    """What ``chosen`` gained over ``played`` (mean and standard error, in reward units) in
    sampled deals the choice was not made on, both played in each: the rest of ``budget``, and
    at least two deals."""
    deck = deck_counts(view)
    pair = [Candidate(chosen), Candidate(played)]
    limit = math.inf if budget.iterations is None else round(budget.iterations * MEASURE_SHARE) // 2
    end = (
        math.inf if budget.seconds is None else time.perf_counter() + budget.seconds * MEASURE_SHARE
    )
    while pair[1].rollouts < 2 or (pair[1].rollouts < limit and time.perf_counter() < end):
        evaluate(beliefs.sample(view, rng), pair, deck, reward)
    return paired(pair[0], pair[1], 0)


def _judged(
    task: _Task, best: Action, loss: float, error: float | None, drawn: dict[str, Any]
) -> Judgement:
    return Judgement(
        task.index,
        task.view.seat,
        task.view.decision,
        str(task.played),
        str(best),
        round(loss, 1),
        None if error is None else round(error, 1),
        label(loss),
        **drawn,
    )


@dataclass(frozen=True)
class Review:
    """Every decision of one seat in a deal, judged or forced, in the order they were made, and
    the deal's final margin for that seat (None while the deal goes on)."""

    seat: int
    decisions: list[Judgement]
    budget: Budget
    margin: int | None = None

    @property
    def judged(self) -> list[Judgement]:
        return [j for j in self.decisions if j.label != FORCED]

    def summary(self) -> dict[str, Any]:
        judged = self.judged
        counts = {name: sum(j.label == name for j in judged) for name in LABELS}
        sound = counts["best"] + counts["good"]
        return {
            "seat": self.seat,
            "decisions": len(self.decisions),
            "judged": len(judged),
            "forced": len(self.decisions) - len(judged),
            "accuracy": round(100 * sound / len(judged), 1) if judged else None,
            "points_lost": sum(points(j.loss or 0) for j in judged),
            "labels": counts,
            "costliest": [j["index"] for j in costliest(j.to_dict() for j in judged)],
            "luck": parts(self.decisions, self.margin),
            "iterations": self.budget.iterations,
            "seconds": self.budget.seconds,
        }

    def to_dict(self) -> dict[str, Any]:
        return {
            "decisions": [j.to_dict() for j in self.decisions],
            "summary": self.summary(),
        }


def parts(decisions: list[Judgement], margin: int | None) -> dict[str, int | None] | None:
    """The deal's margin for the seat in parts, in whole points (as GNU Backgammon's
    luck-adjusted analysis splits a game): ``start``, what the deal was expected to come to
    before the seat's first draw; ``choices``, the points its decisions lost; ``draws``, the
    luck of its draws; ``others``, what the other seats' turns changed as the seat saw them
    (their choices and draws together, and the judge's noise), the rest of ``margin``. None
    without a decision; ``others`` and ``margin`` are None while the deal goes on."""
    if not decisions:
        return None
    start = points(decisions[0].expected)
    choices = -sum(points(j.loss or 0) for j in decisions)
    draws = points(sum(j.luck or 0 for j in decisions))
    others = None if margin is None else margin - start - choices - draws
    return {"start": start, "choices": choices, "draws": draws, "others": others, "margin": margin}


def deal_start(deal: Deal) -> tuple[Deal, list[Action]]:
    """The deal as its record starts it, and the record's actions: a review's ``index`` counts
    these from 0."""
    start = replay_deal({**deal_record(deal), "actions": []})
    return start, deal.history[len(start.history) :]


def _final_margin(start: Deal, actions: list[Action], seat: int) -> int | None:
    deal = start.copy()
    for action in actions:
        deal.apply(action)
    return Reward(deal.side_of(seat), None, 1).of(deal)[1] if deal.is_over else None


def _judge_all(
    tasks: Iterator[_Task], jobs: int, pool: Executor | None, done: Callable[[Judgement], None]
) -> None:
    """Judge ``tasks`` in ``pool`` (or in ``jobs`` processes of a pool of their own, or here),
    each sent as soon as the beliefs reach it, and give each judgement to ``done`` as it comes."""
    if pool is None and jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as own:
            _judge_all(tasks, jobs, own, done)
        return
    if pool is None:
        for task in tasks:
            done(judge(task))
        return
    pending: set[Future[Judgement]] = set()
    for task in tasks:
        pending.add(pool.submit(judge, task))
        ready = {future for future in pending if future.done()}
        for future in ready:
            done(future.result())
        pending -= ready
    for future in as_completed(pending):
        done(future.result())


def review(
    start: Deal,
    actions: list[Action],
    seat: int,
    *,
    budget: Budget | None = None,
    seed: int = 0,
    jobs: int = 1,
    pool: Executor | None = None,
    progress: Callable[[int, int], None] | None = None,
    judged: Callable[[Judgement], None] | None = None,
) -> Review:
    """Judge every decision ``seat`` made in ``actions`` played from ``start``.

    The decisions are judged in ``pool`` if given, else in ``jobs`` processes; the result does
    not depend on either. ``progress(done, total)`` is called and ``judged(judgement)`` given
    each judgement as decisions are judged, in the order they finish."""
    if not 0 <= seat < start.players:
        raise RequestError(Phrase("request.seat", {"last": start.players - 1, "seat": seat}))
    budget = budget or Budget()
    total = decisions_of(start, actions, seat)
    found: dict[int, Judgement] = {}
    if progress is not None:
        progress(0, total)

    def done(judgement: Judgement) -> None:
        found[judgement.index] = judgement
        if judged is not None:
            judged(judgement)
        if progress is not None:
            progress(len(found), total)

    _judge_all(_tasks(start, actions, seat, seed, budget), jobs, pool, done)
    decisions = [found[index] for index in sorted(found)]
    return Review(seat, decisions, budget, _final_margin(start, actions, seat))
