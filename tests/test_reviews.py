"""Reviews of stored games for both games: computed once in the background and kept, and the
steps of a deal as the reviewed seat saw them (its own hand only, no other seat's question)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from budgets import quick_review
from millebornes import Deal, RequestError
from millebornes.bots import make_bot
from millebornes.core.actions import DECLINE_COUP_FOURRE, Verb
from millebornes.core.phrase import Phrase
from millebornes.review.jobs import ReviewJobs, finished_deal
from millebornes.review.replay import steps
from millebornes.store import GameStore
from millebornes.words import word

TINY = quick_review(10)


def stored_game(store: GameStore, seed: int, *, decline: bool = False) -> str:
    """A stored 2-player match whose first deal experts played (letting every coup-fourré pass
    if ``decline``)."""
    game_id = store.create({"rules": "dujardin", "players": 2, "seed": seed})
    match = store.load(game_id).replay()
    experts = [make_bot("expert") for _ in range(2)]
    while not match.finished:
        seat = match.to_act
        assert seat is not None
        view = match.view(seat)
        action = DECLINE_COUP_FOURRE if decline and view.attack else experts[seat].choose(view)
        match.apply(action)
        store.append(game_id, str(action), finished=match.is_over)
    return game_id


@pytest.mark.slow
def test_a_review_is_computed_in_the_background_once_and_kept(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "games.sqlite")
    game_id = stored_game(store, 8)
    job = ReviewJobs(store, TINY).get(game_id, 0, 1)
    job.join(120)
    assert job.result is not None
    assert job.error is None
    assert job.done == job.total > 0
    assert store.load_review(game_id, 0, 1) == job.result
    again = ReviewJobs(store, TINY).get(game_id, 0, 1)  # another screen, a restart
    assert again.finished
    assert again.result == job.result
    assert again.total == 0


def test_only_a_finished_deal_is_reviewed(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "games.sqlite")
    game_id = stored_game(store, 8)
    job = ReviewJobs(store, TINY).get(game_id, 1, 0)
    job.join(60)
    assert job.result is None
    assert job.error is not None
    assert "not over" in str(job.error)
    assert word(job.error, "fr") == (
        "la manche 2 de cette partie n'est pas finie : seule une manche finie s'analyse"
    )
    with pytest.raises(RequestError, match="not over"):
        finished_deal(store, game_id, 1)


def test_a_review_whose_pool_was_shut_down_says_it_was_interrupted(tmp_path: Path) -> None:
    """The server stopping shuts its search pool while a review still asks it for work."""
    store = GameStore(tmp_path / "games.sqlite")
    game_id = stored_game(store, 8)
    pool = ThreadPoolExecutor(1)
    pool.shutdown()
    job = ReviewJobs(store, TINY, pool=lambda: pool).get(game_id, 0, 1)
    job.join(60)
    assert job.result is None
    assert job.error == Phrase("review.interrupted")
    assert word(job.error, "en") != "review.interrupted"  # in the catalogs


def test_the_steps_are_the_actions_the_seat_saw_with_its_views(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "games.sqlite")
    game_id = stored_game(store, 8, decline=True)  # seat 1 lets a coup-fourré pass
    deal = finished_deal(store, game_id, 0)
    declined = [i for i, action in enumerate(deal.history) if action.verb == Verb.DECLINE]
    assert declined
    assert all(deal.played_by[i] == 1 for i in declined)
    everything = set(range(len(deal.history)))
    for seat, unseen in ((0, set(declined)), (1, set())):
        shown, end = steps(deal, seat, ["Ann", "Bob"])
        assert {step.index for step in shown} == everything - unseen
        assert all(step.view.seat == seat for step in shown)
        assert end.is_over
        assert shown[0].view.hand == Deal.new("dujardin", 2, 8).view(seat).hand
        assert shown[0].text.startswith("You" if seat == 0 else "Ann")
