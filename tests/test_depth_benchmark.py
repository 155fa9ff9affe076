"""The depth benchmark keys a seat's next decision by what it would know there, and counts how
many sampled deals meet the same one."""

from __future__ import annotations

import random

import pytest
from benchmarks.depth import main, next_decision, next_key

from millebornes import Deal, Decision
from millebornes.bots.master import Beliefs
from millebornes.bots.master.policy import deck_counts
from millebornes.bots.master.search import worth_searching
from millebornes.core.actions import DISCARDS
from millebornes.core.view import View
from scenarios import played


def _seat_0_to_play(moves: int, rules: str = "dujardin", players: int = 2) -> Deal:
    """A deal played between experts to seat 0's turn after ``moves`` moves."""
    return played(
        Deal.new(rules, players, seed=5),
        "expert",
        until=lambda deal: deal.to_act == 0 and len(deal.history) >= moves,
    )


class OneWorld(Beliefs):
    """Beliefs sure of one deal, the stock's order included: every sample is that deal."""

    def __init__(self, deal: Deal) -> None:
        super().__init__()
        self.deal = deal

    def sample(self, view: View, rng: random.Random) -> Deal:
        return self.deal.copy()


@pytest.mark.parametrize(("rules", "players"), [("dujardin", 2), ("winning-moves", 4)])
def test_the_next_decision_is_keyed_by_the_seats_hand_and_the_moves_since(
    rules: str, players: int
) -> None:
    deal = _seat_0_to_play(10, rules, players)
    view = deal.view(0)
    world = deal.copy()
    world.apply_legal(view.legal[0])
    before = len(world.history)
    key = next_key(world, deck_counts(view), 0)
    assert key is not None
    hand, since, choices = key
    moves = tuple(str(action) for action in world.history[before:])
    assert world.to_act == 0
    assert len(moves) >= players - 1
    assert hand == tuple(world.hands[0])
    assert since == (moves, world.decision)
    assert choices == len(worth_searching(tuple(world.legal_actions()))) > 1


def test_one_world_meets_one_information_set_and_many_worlds_many() -> None:
    deal = _seat_0_to_play(10)
    view = deal.view(0)
    action = view.legal[0]
    sure = next_decision(view, OneWorld(deal), action, 300, 20, random.Random(1))
    assert (sure.information_sets, sure.share, sure.hand_share) == (1, 1.0, 1.0)
    assert sure.rollouts == 300
    beliefs = Beliefs()
    beliefs.observe(view, random.Random(2))
    spread = next_decision(view, beliefs, action, 300, 60, random.Random(3))
    assert spread.information_sets > 5
    assert 0 < spread.share <= spread.hand_share < 1  # the hand alone merges some sets
    assert spread.rollouts_a_choice < spread.hand_rollouts_a_choice < 300


def test_a_deal_that_ends_first_gives_no_decision_to_search() -> None:
    deal = _seat_0_to_play(10)
    world = deal.copy()
    world.stock.clear()
    for seat in (0, 1):
        world.hands[seat] = [0] * len(world.hands[seat])
    world.hands[0][0] = 1  # a lone 25 km: seat 0 discards it, and nobody can go on
    world.hand_sizes = [1, 0]
    view = world.view(1)
    ending = world.copy()
    ending.apply(DISCARDS[0])
    assert next_key(ending, deck_counts(view), 1) is None
    assert ending.decision is Decision.OVER
    met = next_decision(view, OneWorld(world), DISCARDS[0], 300, 10, random.Random(1))
    assert (met.information_sets, met.share, met.hand_share, met.rollouts) == (0, 0.0, 0.0, 0.0)


@pytest.mark.slow
def test_the_summary_names_each_figure(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--deals", "1", "--iterations", "20", "--worlds", "10"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("dujardin, 2 players, 1 expert deals, ")
    for label in ("information sets met", "rollouts for each of those choices", "hand alone"):
        assert label in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--worlds", "1"], "--worlds must be at least 2"),
        (["--deals", "0"], "--deals must be positive"),
        (["--players", "5"], "5"),
    ],
)
def test_bad_arguments_are_refused_with_a_message(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as refused:
        main(argv)
    assert refused.value.code == 2
    assert message in capsys.readouterr().err
