"""The one sequential halving (``search.Halving``) on hand-made candidates whose rewards are
known: the rounds keep the best, never drop the default, spend the budget as documented, and
measure the best against the default in deals it was not chosen on; master's plan and the
review's differ only where Halving says they do."""

from __future__ import annotations

import random

import pytest

from millebornes import Deal
from millebornes.bots.master import Beliefs
from millebornes.bots.master import search as search_module
from millebornes.bots.master.search import (
    Candidate,
    Halved,
    Halving,
    Reward,
    advantage,
    paired,
    worth_searching,
)
from millebornes.core.actions import Action

MASTER = Halving(0.5, discards=99)
REVIEW = Halving(0.5, discards=99, settle=True, fresh_at_least=2, first_counts=False)
VIEW = Deal.new("dujardin", 2, 4).view(0)
ACTIONS = worth_searching(VIEW.legal)[:8]


def scripted(monkeypatch: pytest.MonkeyPatch, means: dict[Action, float]) -> list[list[Action]]:
    """Make every candidate's reward in a sampled deal its mean plus a little noise of its own,
    whatever the deal; the candidates played in each deal, in order, are listed."""
    played: list[list[Action]] = []

    def evaluate(world: Deal, candidates: list[Candidate], deck: list[int], reward: Reward) -> None:
        played.append([candidate.action for candidate in candidates])
        for candidate in candidates:
            noise = random.Random(f"{len(played)}:{candidate.action}").gauss(0, 0.05)
            candidate.rewards.append(means[candidate.action] + noise)

    monkeypatch.setattr(search_module, "evaluate", evaluate)
    return played


def run(halving: Halving, iterations: int | None = 200, deadline: float | None = None) -> Halved:
    reward = Reward(VIEW.side, None, 2000)
    rng = random.Random(1)
    return halving.run(VIEW, list(ACTIONS), Beliefs(), rng, reward, iterations, deadline)


def ranked(best: int) -> dict[Action, float]:
    """The default (the first action) worst, the ``best``-th best by far, the others between."""
    means = {action: -0.1 * index for index, action in enumerate(ACTIONS)}
    means[ACTIONS[0]] = -1.0
    means[ACTIONS[best]] = 1.0
    return means


def test_there_are_eight_candidates() -> None:
    assert len(ACTIONS) == 8


@pytest.mark.parametrize("halving", [MASTER, REVIEW], ids=["master", "review"])
@pytest.mark.parametrize("best", [1, 4, 7])
def test_the_rounds_keep_the_best_and_never_drop_the_default(
    monkeypatch: pytest.MonkeyPatch, halving: Halving, best: int
) -> None:
    played = scripted(monkeypatch, ranked(best))
    halved = run(halving)
    assert halved.best.action == ACTIONS[best]
    assert halved.default.action == ACTIONS[0]
    assert all(ACTIONS[0] in deal for deal in played)  # the worst, yet in every sampled deal
    assert all(ACTIONS[best] in deal for deal in played)
    assert halved.default.rollouts == len(played)
    assert advantage(halved.best, halved.default, halved.fresh) > 3


def test_masters_rounds_halve_to_the_final_round_of_survivors(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Eight candidates, 200 rollouts: a quarter of them each to all eight (the first deal
    among them), then to the best four and the default, then the best three and the default
    share the final half."""
    played = scripted(monkeypatch, ranked(1))
    halved = run(MASTER)
    sizes = [len(deal) for deal in played]
    assert sizes == [8] * 6 + [5] * 10 + [4] * 25
    assert halved.fresh == 16
    assert 190 <= sum(sizes) <= 200


def test_the_reviews_rounds_settle_on_one_best_then_measure_it_apart(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Eight candidates, 200 rollouts: on top of the first deal, a sixth of them each to all
    eight, to the best four and the default, to the best three and the default; then half to
    master's best alone against the default in fresh deals, so that its loss is not measured on
    the deals that made it the best."""
    played = scripted(monkeypatch, ranked(4))
    halved = run(REVIEW)
    sizes = [len(deal) for deal in played]
    assert sizes == [8] + [8] * 4 + [5] * 6 + [4] * 8 + [2] * 50
    assert all(deal == [ACTIONS[4], ACTIONS[0]] for deal in played[-50:])
    assert halved.fresh == 19
    mean, error = paired(halved.best, halved.default, halved.fresh)
    assert mean == pytest.approx(2.0, abs=0.05)
    assert 0 < error < 0.02


def test_the_review_skips_the_measure_when_the_default_is_best(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    means = ranked(3)
    means[ACTIONS[0]] = 2.0
    played = scripted(monkeypatch, means)
    halved = run(REVIEW)
    assert halved.best is halved.default
    assert [len(deal) for deal in played] == [8] * 5 + [4] * 8 + [2] * 16
    assert halved.fresh == halved.default.rollouts  # no deal played after the rounds


def test_master_tests_the_default_against_its_best_when_the_default_is_best(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    means = ranked(3)
    means[ACTIONS[0]] = 2.0
    played = scripted(monkeypatch, means)
    halved = run(MASTER)
    assert halved.best is halved.default
    assert [len(deal) for deal in played] == [8] * 6 + [4] * 12 + [2] * 50
    assert played[-1] == [ACTIONS[0], ACTIONS[3]]
    assert halved.default.rollouts - halved.fresh == 50


@pytest.mark.parametrize(("halving", "fresh"), [(MASTER, 0), (REVIEW, 2)], ids=["master", "review"])
def test_a_deadline_already_past_leaves_only_what_the_final_test_needs(
    monkeypatch: pytest.MonkeyPatch, halving: Halving, fresh: int
) -> None:
    """Out of time before the rounds: master plays no more deals (its test then fails, so the
    default stands); the review still measures its best in two, for a standard error."""
    played = scripted(monkeypatch, ranked(2))
    halved = run(halving, iterations=None, deadline=0.0)
    assert halved.default.rollouts - halved.fresh == fresh
    assert len(played) == 1 + fresh


def test_a_halving_without_a_budget_is_refused() -> None:
    with pytest.raises(ValueError, match="iterations, a deadline or both"):
        run(MASTER, iterations=None, deadline=None)


def test_one_candidate_is_not_searched(monkeypatch: pytest.MonkeyPatch) -> None:
    played = scripted(monkeypatch, ranked(1))
    reward = Reward(VIEW.side, None, 2000)
    halved = MASTER.run(VIEW, ACTIONS[:1], Beliefs(), random.Random(0), reward, 100, None)
    assert halved.best is halved.default
    assert played == []


def test_the_reward_is_the_margin_unless_the_deal_ends_the_match() -> None:
    deal = Deal.new("dujardin", 2, 4)
    while not deal.is_over:
        deal.apply(deal.legal_actions()[0])
    totals = [sheet["total"] for sheet in deal.score()]
    margin = totals[0] - totals[1]
    assert Reward(0, None, 2000).of(deal) == (margin / 2000, margin)
    assert Reward(0, 10**9, 2000).of(deal) == (margin / 2000, margin)
    ends = Reward(0, min(totals) or 1, 2000).of(deal)
    assert ends == ((margin > 0) - (margin < 0) + 0.1 * margin / 2000, margin)
