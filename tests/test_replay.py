"""The replay of a deal (review/replay.py): a seat's steps hold that seat's hand and no other,
every hand opens only once the deal is over, and the steps replay to the deal's final score."""

from __future__ import annotations

import pytest

from millebornes import Deal
from millebornes.core.errors import RequestError
from millebornes.review.decisions import deal_start
from millebornes.review.replay import steps
from scenarios import played

NAMES = ["Ann", "Bob", "Cy", "Di"]


def finished(players: int, seed: int) -> Deal:
    return played(Deal.new("dujardin", players, seed), "expert")


@pytest.mark.parametrize(("players", "seed"), [(2, 8), (4, 3)])
def test_a_seats_steps_show_its_own_hand_after_each_action_and_no_other(
    players: int, seed: int
) -> None:
    deal = finished(players, seed)
    for seat in range(players):
        shown, end = steps(deal, seat, NAMES[:players])
        replay, actions = deal_start(deal)
        applied = 0
        for step in shown:
            while applied <= step.index:  # through the declines the seat did not see
                replay.apply(actions[applied])
                applied += 1
            assert step.after == replay.view(seat)
            assert step.hands is None
            assert "hands" not in step.after.to_dict()
        assert end == shown[-1].after
        assert end.is_over


def test_every_hand_opens_only_once_the_deal_is_over_and_replays_to_its_score() -> None:
    deal = finished(4, 3)
    shown, end = steps(deal, None, NAMES)
    replay, actions = deal_start(deal)
    assert [step.index for step in shown] == list(range(len(actions)))  # declines included
    for step in shown:
        replay.apply(step.action)
        assert step.hands == tuple(replay.view(seat).hand for seat in range(4))
        assert step.after == replay.public_view()
        assert step.text.startswith(NAMES[step.seat])  # nobody is "you"
    assert replay.score() == deal.score()
    assert end.is_over
    assert end == deal.public_view()
    going_on = played(Deal.new("dujardin", 2, 8), "expert", until=lambda d: len(d.history) > 20)
    with pytest.raises(RequestError, match="once the deal is over"):
        steps(going_on, None, NAMES[:2])
    assert len(steps(going_on, 0, NAMES[:2])[0]) > 0  # a seat's own view of it is fine
