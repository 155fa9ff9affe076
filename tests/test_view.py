import json
import random
from typing import Any

import pytest

from millebornes import Deal
from millebornes.core.actions import DECLINE_COUP_FOURRE
from millebornes.core.cards import Card
from millebornes.core.position import from_position, position_data, to_position

POSITION: dict[str, Any] = {
    "rules": "dujardin",
    "players": 2,
    "to_act": 0,
    "hands": [["25", "75", "roll", "stop", "200", "gasoline", "flat-tire"], ["50", "repairs"]],
    "sides": [
        {"battle": ["roll"], "safeties": ["extra-tank"], "coups_fourres": ["extra-tank"]},
        {"battle": ["roll"], "speed": ["speed-limit"], "distance": ["100", "75"]},
    ],
    "discard": ["stop"],
    "stock": ["25", "roll"],
}


def test_a_view_as_json_holds_its_own_hand_and_the_public_table_only() -> None:
    data = json.loads(json.dumps(from_position(POSITION).view(0).to_dict()))
    assert data["hand"] == ["25", "75", "200", "stop", "flat-tire", "roll", "gasoline"]
    assert data["hand_sizes"] == [7, 2]
    assert data["stock_size"] == 2
    assert data["sides"][1] == {
        "seats": [1],
        "battle": ["roll"],
        "speed": ["speed-limit"],
        "safeties": [],
        "coups_fourres": [],
        "distance": ["100", "75"],
        "km": 175,
    }
    assert data["sides"][0]["coups_fourres"] == ["extra-tank"]
    assert "attack flat-tire 1" in data["legal"]
    assert "play 75" in data["legal"]
    assert data["decision"] == "turn"
    assert data["attack"] is None
    other = from_position(POSITION).view(1).to_dict()
    assert other["hand"] == ["50", "repairs"]
    assert other["legal"] == []
    assert set(other) == set(data)


def test_a_view_lists_the_moves_the_table_saw_but_not_a_coup_fourre_declined() -> None:
    """Everyone sees who played what; only the seat that let an attack pass knows it could
    have answered it."""
    deal = from_position({**POSITION, "hands": [POSITION["hands"][0], ["50", "puncture-proof"]]})
    deal.apply("attack flat-tire 1")
    assert deal.decision == "coup-fourre"
    deal.apply("decline")
    deal.apply("discard 50")
    seen = [(move.seat, str(move.action)) for move in deal.view(0).moves]
    assert seen == [(0, "attack flat-tire 1"), (1, "discard 50")]
    own = [(move.seat, str(move.action)) for move in deal.view(1).moves]
    assert own == [(0, "attack flat-tire 1"), (1, "decline"), (1, "discard 50")]
    assert deal.view(0).to_dict()["moves"][1] == {"seat": 1, "action": "discard 50"}
    assert from_position(to_position(deal)).view(0) == deal.view(0)


def test_a_sampled_deal_is_dealt_again_as_a_search_believes_it() -> None:
    deal = Deal.new("dujardin", 2, seed=5)
    view = deal.view(0)
    sampled = Deal.from_view(view, random.Random(1))
    assert (sampled.hands[1], sampled.stock) != (deal.hands[1], deal.stock)
    # Seat 1's true hand and the true stock, dealt into the sample: the sample is the deal.
    sampled.redeal({1: deal.hands[1]}, deal.stock)
    assert position_data(sampled) == {**position_data(deal), "seed": 0}  # a sample has no seed
    with pytest.raises(ValueError, match="seat 1 holds 6 cards: give it that many"):
        sampled.redeal({1: [1] * len(deal.hands[1])})
    with pytest.raises(ValueError, match="the stock holds the 93 cards left, not 92"):
        sampled.redeal({}, deal.stock[1:])


@pytest.mark.slow
@pytest.mark.parametrize(("rules", "players"), [("dujardin", 2), ("parker", 3), ("dujardin", 6)])
def test_views_kept_from_action_to_action_are_the_views_built_afresh(
    rules: str, players: int
) -> None:
    """A deal keeps the tableaux, discard pile and moves of its last views (views are built at
    every step); a deal read back from its position has kept nothing, and sees the same."""
    declines = 0
    for number in range(8):
        deal = Deal.new(rules, players, number)
        rng = random.Random(number)
        while not deal.is_over:
            fresh = from_position(to_position(deal))
            for seat in range(players):
                assert deal.view(seat) == fresh.view(seat)
            assert deal.public_view() == fresh.public_view()
            copy = deal.copy()
            legal = deal.legal_actions()
            declined = DECLINE_COUP_FOURRE in legal  # every offer declined: the rarer case
            declines += declined
            action = DECLINE_COUP_FOURRE if declined else rng.choice(legal)
            deal.apply(action)
            assert copy.view(0) == fresh.view(0)  # a copy keeps its own views, not the deal's
    assert declines  # declined coups-fourrés, seen by their own seats alone, were among the moves


def test_what_a_tableau_needs_is_what_the_deal_lets_it_play_to_roll() -> None:
    """A view's ``needs`` reads the deal's own rule from the tableau: None exactly while the
    side rolls, else a card the deal lets it play. Random deals, safeties laid as they come, so
    that Right of Way and the other safeties are met."""
    needs_seen = set()
    for number in range(20):
        deal = Deal.new("dujardin", 2 + number % 2, number)
        rng = random.Random(number)
        while not deal.is_over:
            for side, tableau in enumerate(deal.public_view().sides):
                needs = tableau.needs
                needs_seen.add(needs)
                assert (needs is None) == deal.is_rolling(side)
                if needs is not None:
                    assert deal.may_play(side, int(needs))
            legal = deal.legal_actions()
            safeties = [a for a in legal if a.card is not None and a.card.is_safety]
            deal.apply(rng.choice(safeties or legal))
    assert needs_seen == {None, Card.ROLL, Card.GASOLINE, Card.SPARE_TIRE, Card.REPAIRS}
