"""Master's rollout policy is a fast cousin of the expert: on the decisions of fixed deals between
experts it makes the expert's choice at least 95% of the time (docs/bots.md says 96-98%)."""

from __future__ import annotations

import pytest

from millebornes import Action, Deal, Decision
from millebornes.bots import make_bot
from millebornes.bots.master.policy import Rollout, deck_counts
from scenarios import ROLLING, position


@pytest.mark.parametrize(("rules", "players"), [("dujardin", 2), ("winning-moves", 4)])
def test_the_rollout_policy_makes_the_experts_choice(rules: str, players: int) -> None:
    expert = make_bot("expert")
    same = decisions = 0
    for seed in range(40):
        deal = Deal.new(rules, players, seed)
        deck = deck_counts(deal.view(0))
        while not deal.is_over:
            seat = deal.to_act
            assert seat is not None
            choice = expert.choose(deal.view(seat))
            if deal.decision == Decision.TURN:
                decisions += 1
                same += Rollout(deal, deck).action() == choice
            deal.apply(choice)
    assert decisions > 1000
    assert same / decisions >= 0.95, f"{same} of {decisions}"


def test_the_rollout_policy_counts_both_partners_stopped_as_the_expert_does() -> None:
    # Seat 0 is not rolling and holds no Roll; the other side of two partners is rolling. As the
    # expert now does, the policy limits it rather than throwing a spare 25 away.
    hand = ["25", "25", "50", "75", "200", "speed-limit", "gasoline"]
    deal = position(hand, [{}, ROLLING], rules="winning-moves", players=4)
    attack = Action.parse("attack speed-limit 1")
    assert make_bot("expert").choose(deal.view(0)) == attack
    assert Rollout(deal, deck_counts(deal.view(0))).action() == attack
