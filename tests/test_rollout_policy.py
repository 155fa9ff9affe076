"""Master's rollout policy is a fast cousin of the expert: on the decisions of fixed deals between
experts it makes the expert's choice at least 95% of the time (docs/bots.md says 96-97%)."""

from __future__ import annotations

import pytest

from millebornes import Deal, Decision
from millebornes.bots import make_bot
from millebornes.bots.master.policy import Rollout, deck_counts


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
