"""The server's view text (web/encoding.py) is the view's JSON, character for character."""

import random

import orjson
import pytest

from millebornes import Deal
from millebornes.core.actions import Decision
from millebornes.web.encoding import ViewText, encode


@pytest.mark.parametrize(
    ("rules", "players"), [("dujardin", 2), ("winning-moves", 4), ("parker", 3), ("dujardin", 6)]
)
def test_a_view_s_text_is_its_json_at_every_step_of_whole_deals(rules: str, players: int) -> None:
    """Every seat's view and the spectators', after every action of several deals, through one
    encoder that keeps the text of what did not change (a room keeps one across its deals)."""
    text = ViewText()
    for number in range(4):
        deal = Deal.new(rules, players, number)
        rng = random.Random(number)
        while True:
            views = [deal.view(seat) for seat in range(players)] + [deal.public_view()]
            for view in views:
                assert text.text(view) == encode(view.to_dict(moves=False))
            if deal.is_over:
                break
            deal.apply(rng.choice(deal.legal_actions()))
        assert views[0].decision == Decision.OVER


def test_the_text_of_a_view_asked_about_a_coup_fourre_names_the_attack() -> None:
    deal = Deal.new("dujardin", 2, 0)
    rng = random.Random(0)
    while deal.decision != Decision.COUP_FOURRE:
        deal.apply(rng.choice(deal.legal_actions()))
    seat = deal.to_act
    assert seat is not None
    asked = deal.view(seat)
    assert asked.attack is not None
    assert ViewText().text(asked) == encode(asked.to_dict(moves=False))
    assert orjson.loads(ViewText().text(asked))["attack"]["hazard"] == asked.attack.hazard.notation


def test_a_view_s_text_reads_back_as_the_view_s_data() -> None:
    deal = Deal.new("dujardin", 2, 5)
    view = deal.view(0)
    data = orjson.loads(ViewText().text(view))
    assert data["hand"] == [card.notation for card in view.hand]
    assert data["legal"] == [str(action) for action in view.legal]
    assert "moves" not in data
