"""A review of one seat's decisions in a deal: master judges the action played and its own best
action from the view the seat had then, in expected points of the deal's score margin.

Each decision is judged as master decides (``bots/master``): the seat's earlier views of the
deal are shown to :class:`Beliefs` in order, sampled deals are drawn from the view alone, and
the candidate actions are played out in the same sampled deals with the rollout policy. The
played action is never eliminated by the sequential halving that picks master's best; the loss
is then measured afresh, in sampled deals the choice was not made on, so that picking the
luckiest candidate does not inflate it. The loss is in points of the deal's margin (own score
less the best other side's). Match-winning chances are not judged: a deal that ends a match is
judged on its margin like any other (docs/review.md).

Labels come from the loss with the thresholds below, measured against the noise of the
evaluation (``benchmarks.review``).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, replace
from typing import Any

from ..bots.master import Beliefs, MasterConfig
from ..bots.master.search import Halving, Reward, paired, view_seed, worth_searching
from ..core.actions import Action
from ..core.deal import Deal
from ..core.errors import RequestError
from ..core.phrase import Phrase
from ..core.records import deal_record, replay_deal
from ..core.view import View

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
# The review judges as master decides at its default knobs (its beliefs, the discards searched).
MASTER_DEFAULTS = MasterConfig()
# Master's halving, measuring its best apart: see Halving.
HALVING = Halving(
    MEASURE_SHARE,
    MASTER_DEFAULTS.discards_searched,
    settle=True,
    fresh_at_least=2,
    first_counts=False,
)
# Label thresholds, in points of margin lost, set against the noise of a loss at the default
# budget so that noise alone does not make a mistake (benchmarks.review);
# docs/lab/2026-12-01-the-reviews-budget-and-noise.md
GOOD_LOSS = 30
MISTAKE_LOSS = 100
BLUNDER_LOSS = 250
LABELS = ("best", "good", "inaccuracy", "mistake", "blunder")
FORCED = "forced"
COSTLIEST = 3


def costliest(decisions: Iterable[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The decisions (as a review stores them) that lost the most, costliest first."""
    costly = [judged for judged in decisions if judged["loss"]]
    return sorted(costly, key=lambda judged: -judged["loss"])[:COSTLIEST]


def label(loss: float) -> str:
    """The label of a decision that lost ``loss`` points against master's best."""
    if loss < 0.5:
        return "best"
    if loss < GOOD_LOSS:
        return "good"
    if loss < MISTAKE_LOSS:
        return "inaccuracy"
    if loss < BLUNDER_LOSS:
        return "mistake"
    return "blunder"


@dataclass(frozen=True)
class Budget:
    """Rollouts per decision (reproducible), or seconds per decision (not: it depends on the
    machine's load); given both, whichever comes first."""

    iterations: int | None = REVIEW_ITERATIONS
    seconds: float | None = None


@dataclass(frozen=True)
class Judgement:
    """One decision: the action played, master's best, the points lost by playing the first
    (0 when it is master's best) and the standard error of that measure (None when the played
    action was master's best, so no loss was measured). A forced decision has only its action."""

    index: int
    seat: int
    decision: str
    played: str
    best: str | None
    loss: float | None
    error: float | None
    label: str

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class _Task:
    """A decision to judge, with all it is judged from: the view, the beliefs after the seat's
    earlier views, and the random seed derived from the view."""

    index: int
    view: View
    played: Action
    beliefs: Beliefs
    seed: int
    budget: Budget


def _tasks(
    start: Deal, actions: list[Action], seat: int, seed: int, budget: Budget
) -> Iterator[_Task | Judgement]:
    """Replay ``actions`` from ``start``; at each decision of ``seat``, show its view to the
    beliefs (as master is shown it) and yield the task of judging it, or a forced judgement."""
    deal = start.copy()
    beliefs = Beliefs(config=MASTER_DEFAULTS)
    for index, action in enumerate(actions):
        if deal.to_act == seat:
            view = deal.view(seat)
            beliefs.observe(view, random.Random(view_seed(seed, view, "beliefs")))
            if len(view.legal) == 1:
                yield Judgement(index, seat, view.decision, str(action), None, None, None, FORCED)
            else:
                snapshot = replace(
                    beliefs,
                    barred=dict(beliefs.barred),
                    their_hands={s: [h[:] for h in hs] for s, hs in beliefs.their_hands.items()},
                )
                yield _Task(index, view, action, snapshot, view_seed(seed, view, "review"), budget)
        deal.apply(action)


def judge(task: _Task) -> Judgement:
    """Master's best action for the task's view, and what playing the action played lost."""
    view, played, budget = task.view, task.played, task.budget
    deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
    actions = [played, *(a for a in worth_searching(view.legal) if a != played)]
    reward = Reward(view.side, None, POINTS_PER_REWARD)
    rng = random.Random(task.seed)
    halved = HALVING.run(view, actions, task.beliefs, rng, reward, budget.iterations, deadline)
    best, own = halved.best, halved.default
    if best is own:
        return _judged(task, played, 0.0, None)
    mean, error = paired(best, own, halved.fresh)
    if mean <= 0:  # master's pick did no better in the fresh deals: the played action stands
        return _judged(task, played, 0.0, error * POINTS_PER_REWARD)
    return _judged(task, best.action, mean * POINTS_PER_REWARD, error * POINTS_PER_REWARD)


def _judged(task: _Task, best: Action, loss: float, error: float | None) -> Judgement:
    return Judgement(
        task.index,
        task.view.seat,
        task.view.decision,
        str(task.played),
        str(best),
        round(loss, 1),
        None if error is None else round(error, 1),
        label(loss),
    )


@dataclass(frozen=True)
class Review:
    """Every decision of one seat in a deal, judged or forced, in the order they were made."""

    seat: int
    decisions: list[Judgement]
    budget: Budget

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
            "points_lost": round(sum(j.loss or 0 for j in judged)),
            "labels": counts,
            "costliest": [j["index"] for j in costliest(j.to_dict() for j in judged)],
            "iterations": self.budget.iterations,
            "seconds": self.budget.seconds,
        }

    def to_dict(self) -> dict[str, Any]:
        return {
            "decisions": [j.to_dict() for j in self.decisions],
            "summary": self.summary(),
        }


def deal_start(deal: Deal) -> tuple[Deal, list[Action]]:
    """The deal as its record starts it, and the record's actions: a review's ``index`` counts
    these from 0."""
    start = replay_deal({**deal_record(deal), "actions": []})
    return start, deal.history[len(start.history) :]


def review(
    start: Deal,
    actions: list[Action],
    seat: int,
    *,
    budget: Budget | None = None,
    seed: int = 0,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> Review:
    """Judge every decision ``seat`` made in ``actions`` played from ``start``.

    ``jobs`` processes judge decisions side by side; the result does not depend on it.
    ``progress(done, total)`` is called as decisions are judged."""
    if not 0 <= seat < start.players:
        raise RequestError(Phrase("request.seat", {"last": start.players - 1, "seat": seat}))
    budget = budget or Budget()
    items = list(_tasks(start, actions, seat, seed, budget))
    tasks = [item for item in items if isinstance(item, _Task)]
    judged: dict[int, Judgement] = {}
    total = len(tasks)
    if progress is not None:
        progress(0, total)
    if jobs > 1 and total > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for judgement in pool.map(judge, tasks):
                judged[judgement.index] = judgement
                if progress is not None:
                    progress(len(judged), total)
    else:
        for task in tasks:
            judgement = judge(task)
            judged[judgement.index] = judgement
            if progress is not None:
                progress(len(judged), total)
    decisions = [item if isinstance(item, Judgement) else judged[item.index] for item in items]
    return Review(seat, decisions, budget)
