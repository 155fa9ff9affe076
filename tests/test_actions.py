import pytest

from millebornes import Action, Card


@pytest.mark.parametrize(
    ("verb", "card", "target"),
    [
        ("attack", Card.D25, 1),  # only hazards attack
        ("attack", Card.STOP, None),
        ("attack", Card.STOP, 4),
        ("play", None, None),
        ("play", Card.D75, 1),
        ("discard", None, None),
        ("coup-fourre", Card.RIGHT_OF_WAY, None),
        ("fly", None, None),
    ],
)
def test_actions_built_by_hand_are_checked_like_parsed_ones(
    verb: str, card: Card | None, target: int | None
) -> None:
    with pytest.raises(ValueError, match="malformed action"):
        Action(verb, card, target)


def test_a_hand_built_action_equals_the_parsed_one() -> None:
    assert Action("attack", Card.FLAT_TIRE, 1) == Action.parse("attack flat-tire 1")
    assert Action("decline") == Action.parse("  DECLINE ")
