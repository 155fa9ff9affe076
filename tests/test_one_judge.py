"""The hint and the review from one judge and one budget rule (issue #48): on fixed deals, the
move the hint gives at each of a seat's decisions is the move the review of the deal calls
best there, whatever the seat played; and the table's hint is that judge at the review's own
budget."""

from __future__ import annotations

import pytest

from millebornes import Action, Deal
from millebornes.bots import make_bot, play_out
from millebornes.review.decisions import FORCED, Budget, best_now, deal_start, hint, review
from millebornes.review.following import Follower, followed_to
from millebornes.store import GameStore
from millebornes.table import Player
from millebornes.tui.session import Session

SMALL = Budget(iterations=60)  # enough to tell the candidates apart, quick to run


def experts_deal(players: int, seed: int) -> tuple[Deal, list[Action]]:
    deal = Deal.new("dujardin", players, seed)
    start = deal.copy()
    play_out(deal, [make_bot("expert") for _ in range(players)])
    return start, list(deal.history)


@pytest.mark.slow
@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2)])
def test_the_hint_gives_the_move_the_review_calls_best(players: int, seed: int) -> None:
    start, actions = experts_deal(players, seed)
    judged = review(start, actions, 0, budget=SMALL, seed=seed).decisions
    compared = 0
    for judgement in judged:
        if judgement.label == FORCED:
            continue
        _, _, hint = best_now(start, actions[: judgement.index], 0, seed=seed, budget=SMALL)
        assert str(hint.action) == judgement.best, judgement.index
        compared += 1
    # Master departs from the expert's choice somewhere: not a review of the hint's own moves.
    assert any(j.best != j.played for j in judged if j.label != FORCED)
    assert compared >= 10


@pytest.mark.slow
def test_the_tables_hint_is_the_reviews_best_at_the_reviews_budget(tmp_path: str) -> None:
    store = GameStore(f"{tmp_path}/games.sqlite")
    session = Session.start(
        store, rules="dujardin", players=[Player("Ann"), Player("Bot", "easy")], seed=5
    )
    table = session.table
    view = table.match.view(0)
    while table.waiting_on() != 0 or len(view.legal) < 4:  # a decision with choices
        seat = table.waiting_on()
        assert seat is not None
        table.act(seat, table.match.view(seat).legal[0]).wait()
        view = table.match.view(0)
    hinted, reason = hint(table.match.deal, view)
    start, actions = deal_start(table.match.deal)
    reviewed = review(start, [*actions, view.legal[-1]], 0, budget=Budget())
    assert reviewed.decisions[-1].best == str(hinted)
    assert reason.key == "master.odds"


@pytest.mark.slow
def test_a_kept_follower_believes_what_a_fresh_one_does() -> None:
    """The hint follows a deal on from where it last stopped (review.following): at a seat's
    decisions asked in order, again, and on another branch, it sees what following the deal
    afresh sees."""
    start, actions = experts_deal(2, 4)
    there, decisions = start.copy(), list[int]()
    for index, action in enumerate(actions):
        if there.to_act == 1 and len(decisions) < 4:
            decisions.append(index)
            other = next(a for a in there.legal_actions() if a != action)  # at the last of them
        there.apply(action)
    asked = [actions[:index] for index in [*decisions, decisions[1], decisions[1]]]
    branch = decisions[-1]
    particles = Budget().particles  # the hint's and the review's
    for played in [*asked, [*actions[:branch], other]]:
        kept = followed_to(start, played, 1, 9, particles)
        fresh = [*Follower(start, 1, 9, particles).follow(played)][-1]
        assert kept is not None
        assert (kept.index, kept.view, kept.drawn) == (fresh.index, fresh.view, fresh.drawn)
        assert kept.beliefs == fresh.beliefs
