import json

import pytest

from millebornes import (
    Action,
    Card,
    Deal,
    Decision,
    IllegalActionError,
    InvalidActionError,
    Verb,
)
from millebornes.core.cards import DISTANCES, HAZARDS, REMEDIES, SAFETIES
from millebornes.core.position import to_position


@pytest.mark.parametrize(
    ("verb", "card", "target", "message"),
    [
        ("attack", Card.D25, 1, "malformed action"),  # only hazards attack
        ("attack", Card.STOP, None, "malformed action"),
        ("attack", Card.STOP, -1, "malformed action"),
        ("play", None, None, "malformed action"),
        ("play", Card.D75, 1, "malformed action"),
        ("discard", None, None, "malformed action"),
        ("coup-fourre", Card.RIGHT_OF_WAY, None, "malformed action"),
        ("fly", None, None, "unknown verb 'fly'; actions start with one of: play, attack"),
    ],
)
def test_actions_built_by_hand_are_checked_like_parsed_ones(
    verb: str, card: Card | None, target: int | None, message: str
) -> None:
    with pytest.raises(InvalidActionError, match=message):
        Action(verb, card, target)  # type: ignore[arg-type]  # text, as an untyped caller may


def test_a_hand_built_action_equals_the_parsed_one() -> None:
    assert Action(Verb.ATTACK, Card.FLAT_TIRE, 1) == Action.parse("attack flat-tire 1")
    by_text = Action("decline")  # type: ignore[arg-type]  # text, as an untyped caller may
    assert by_text == Action.parse("  DECLINE ")
    assert by_text.verb is Verb.DECLINE


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("fly", "unknown action 'fly'"),
        ("", "empty action"),
        ("play", "write 'play CARD'"),
        ("play wings", "unknown card 'wings'"),
        ("attack 75 1", "75 is not a hazard"),
        ("attack stop one", "a side is a number"),
        ("attack stop ²", "a side is a number"),
        ("extend now", "'extend' takes no card"),
    ],
)
def test_unreadable_notation_is_an_invalid_action_not_an_illegal_one(
    text: str, message: str
) -> None:
    with pytest.raises(InvalidActionError, match=message) as caught:
        Deal.new(seed=1).apply(text)
    assert not isinstance(caught.value, IllegalActionError)


def test_a_readable_action_the_position_refuses_is_illegal() -> None:
    deal = Deal.new(seed=1)
    with pytest.raises(IllegalActionError, match="coup-fourré") as caught:
        deal.apply("coup-fourre")
    assert not isinstance(caught.value, InvalidActionError)


def test_verbs_and_decisions_are_their_json_text() -> None:
    deal = Deal.new(seed=1)
    assert deal.decision is Decision.TURN
    assert deal.view(1).decision is Decision.WAIT
    assert {action.verb for action in deal.legal_actions()} <= set(Verb)
    data = json.loads(to_position(deal))
    assert data["decision"] == "turn"
    assert json.loads(json.dumps(deal.view(1).to_dict()))["decision"] == "wait"
    assert {Decision.COUP_FOURRE, Verb.COUP_FOURRE} == {"coup-fourre"}


def test_a_side_the_table_lacks_is_illegal_and_named_with_the_tables_sides() -> None:
    for side in (2, 9):
        with pytest.raises(IllegalActionError, match=f"there is no side {side}: sides are 0 to 1"):
            Deal.new("dujardin", 2, seed=1).apply(f"attack stop {side}")


def test_each_card_kind_names_the_family_rules_md_puts_it_in() -> None:
    families = {"distance": DISTANCES, "hazard": HAZARDS, "remedy": REMEDIES, "safety": SAFETIES}
    for card in Card:
        assert [kind for kind, cards in families.items() if card in cards] == [card.kind]
