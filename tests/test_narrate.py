import pytest

from millebornes import Action, Card
from millebornes.words.narrate import describe

NAMES = ["North", "East", "South", "West"]
SIDES = ["North & South", "East & West"]


@pytest.mark.parametrize(
    ("action", "viewer", "language", "expected"),
    [
        ("attack flat-tire 0", None, "en", "East attacks North & South with Flat Tire"),
        ("attack flat-tire 0", 1, "en", "You attack North & South with Flat Tire"),
        ("play 75", None, "en", "East drives 75 km"),
        ("play roll", 1, "en", "You play Roll"),
        ("play right-of-way", None, "en", "East plays Right of Way and plays again"),
        ("discard 200", None, "en", "East discards 200 km"),
        ("decline", 1, "en", "You let the attack pass"),
        ("extend", None, "en", "East extends the race to 1000"),
        ("finish", None, "fr", "East s'arrête à 700"),
        ("finish", 1, "fr", "Vous vous arrêtez à 700"),
        ("attack stop 0", None, "fr", "East attaque North & South avec un Feu rouge"),
        ("play repairs", 1, "fr", "Vous posez des Réparations"),
    ],
)
def test_actions_read_as_plain_words(
    action: str, viewer: int | None, language: str, expected: str
) -> None:
    line = describe(Action.parse(action), 1, NAMES, sides=SIDES, viewer=viewer, language=language)
    assert line == expected


def test_coup_fourre_names_the_safety_and_stands_out() -> None:
    line = describe(Action.parse("coup-fourre"), 2, NAMES, sides=SIDES, safety=Card.DRIVING_ACE)
    assert line == "COUP-FOURRÉ! South answers with Driving Ace"


def test_sides_can_be_named() -> None:
    line = describe(Action.parse("attack accident 1"), 0, NAMES, sides=["Ann & Bob", "Cy & Di"])
    assert line == "North attacks Cy & Di with Accident"


@pytest.mark.parametrize(
    ("language", "teams", "expected"),
    [
        ("en", False, "North attacks you with Accident"),
        ("en", True, "North attacks your team with Accident"),
        ("fr", False, "North vous attaque avec un Accident"),
        ("fr", True, "North attaque votre équipe avec un Accident"),
    ],
)
def test_an_attack_on_the_reader_says_you(language: str, teams: bool, expected: str) -> None:
    action = Action.parse("attack accident 1")
    line = describe(
        action, 0, NAMES, sides=SIDES, viewer=1, viewer_side=1, teams=teams, language=language
    )
    assert line == expected
