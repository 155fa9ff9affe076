"""RULES.md section 5, line by line: what a seat may play on its side, attack with, or discard.

Each row is a position (seat 0 to act, holding the card the action names; side 0 is its own
tableau, side 1 an opponent's), an action, and ``None`` if it is legal or a fragment of the
message that refuses it. The table runs under every preset at 1000 km, solo and in teams: the
legality rules are the same in all of them.
"""

from __future__ import annotations

from typing import Any

import pytest

from millebornes import Action, Card, Deal, card_name
from millebornes.words import word
from scenarios import ROLLING, assert_illegal, assert_legal, check, deal_at, tableau

TABLES = [("dujardin", 2), ("winning-moves", 4), ("parker", 4)]
EMPTY = tableau()
ROW = "right-of-way"
D925 = "200 200 100 100 100 100 75 50"


def at(
    action: str,
    own: dict[str, list[str]],
    other: dict[str, list[str]],
    rules: str = "dujardin",
    players: int = 2,
    hand: str | None = None,
) -> Deal:
    card = Action.parse(action).card
    assert card is not None
    return deal_at(
        rules,
        players,
        hands={0: card.notation if hand is None else hand},
        sides={0: own, 1: other},
        stock="25 25 25",
    )


def own(action: str, reason: str | None, tableau_: dict[str, list[str]], name: str) -> object:
    return pytest.param(action, reason, tableau_, EMPTY, id=name)


def vs(action: str, reason: str | None, tableau_: dict[str, list[str]], name: str) -> object:
    return pytest.param(action, reason, ROLLING, tableau_, id=name)


DISTANCE = [
    *(own(f"play {d}", None, ROLLING, f"{d} on Roll") for d in (25, 50, 75, 100, 200)),
    own("play 25", "you need a Roll first", EMPTY, "25 before starting"),
    own("play 100", "stopped by Stop", tableau("roll stop"), "100 on Stop"),
    own("play 50", "stopped by Out of Gas", tableau("roll out-of-gas"), "50 on Out of Gas"),
    own("play 75", "stopped by Flat Tire", tableau("roll flat-tire"), "75 on Flat Tire"),
    own("play 25", "stopped by Accident", tableau("roll accident"), "25 on Accident"),
    own(
        "play 100",
        "you need a Roll first",
        tableau("roll out-of-gas gasoline"),
        "100 on Gasoline needs a Roll",
    ),
    own("play 100", None, tableau(safeties=ROW), "100 with Right of Way, empty battle pile"),
    own(
        "play 200",
        None,
        tableau("roll flat-tire spare-tire", safeties=ROW),
        "200 with Right of Way on a remedy",
    ),
    own(
        "play 25",
        "stopped by Accident",
        tableau("accident", safeties=ROW),
        "25 with Right of Way on Accident",
    ),
    own("play 25", None, tableau("roll", "speed-limit"), "25 when limited"),
    own("play 50", None, tableau("roll", "speed-limit"), "50 when limited"),
    own("play 75", "under a Speed Limit", tableau("roll", "speed-limit"), "75 when limited"),
    own("play 100", "under a Speed Limit", tableau("roll", "speed-limit"), "100 when limited"),
    own("play 200", "under a Speed Limit", tableau("roll", "speed-limit"), "200 when limited"),
    own("play 100", None, tableau("roll", "speed-limit end-of-limit"), "100 after End of Limit"),
    own(
        "play 25",
        "stopped by Stop",
        tableau("roll stop", "speed-limit"),
        "25 when limited and stopped",
    ),
    own("play 75", None, tableau("roll", distance=D925), "75 at 925 completes (seed 002)"),
    own(
        "play 100",
        "past 1,000 km",
        tableau("roll", distance=D925),
        "100 at 925 is past the race (seed 002)",
    ),
    own(
        "play 75",
        "past 1,000 km",
        tableau("roll", distance="200 200 100 100 100 100 100 50"),
        "75 at 950 is past the race",
    ),
    own("play 200", None, tableau("roll", distance="200"), "second 200"),
    own("play 200", "no more than two 200s", tableau("roll", distance="200 200"), "third 200"),
]

ROLL = [
    own("play roll", None, EMPTY, "Roll to start"),
    own("play roll", None, tableau("roll stop"), "Roll on Stop"),
    own("play roll", None, tableau("roll out-of-gas gasoline"), "Roll on Gasoline"),
    own("play roll", None, tableau("roll flat-tire spare-tire"), "Roll on Spare Tire"),
    own("play roll", None, tableau("roll accident repairs"), "Roll on Repairs"),
    own("play roll", None, tableau(speed="speed-limit"), "Roll while limited"),
    own("play roll", "already rolling", ROLLING, "Roll on Roll"),
    own(
        "play roll",
        "Out of Gas needs its remedy first",
        tableau("roll out-of-gas"),
        "Roll on Out of Gas",
    ),
    own(
        "play roll",
        "Flat Tire needs its remedy first",
        tableau("roll flat-tire"),
        "Roll on Flat Tire",
    ),
    own(
        "play roll",
        "Accident needs its remedy first",
        tableau("roll accident"),
        "Roll on Accident",
    ),
    own("play roll", "need no Roll", tableau(safeties=ROW), "Roll with Right of Way"),
    own(
        "play roll",
        "need no Roll",
        tableau("out-of-gas gasoline", safeties=ROW),
        "Roll with Right of Way on a remedy",
    ),
]

REMEDIES = [
    own("play gasoline", None, tableau("roll out-of-gas"), "Gasoline on Out of Gas"),
    own("play spare-tire", None, tableau("roll flat-tire"), "Spare Tire on Flat Tire"),
    own("play repairs", None, tableau("roll accident"), "Repairs on Accident"),
    own(
        "play gasoline",
        None,
        tableau("out-of-gas", safeties=ROW),
        "Gasoline on Out of Gas with Right of Way",
    ),
    own(
        "play gasoline",
        "Gasoline only repairs Out of Gas",
        tableau("roll flat-tire"),
        "Gasoline on Flat Tire",
    ),
    own(
        "play spare-tire",
        "Spare Tire only repairs Flat Tire",
        tableau("roll accident"),
        "Spare Tire on Accident",
    ),
    own(
        "play repairs",
        "Repairs only repairs Accident",
        tableau("roll out-of-gas"),
        "Repairs on Out of Gas",
    ),
    own("play gasoline", "only repairs", ROLLING, "Gasoline on Roll"),
    own("play spare-tire", "only repairs", EMPTY, "Spare Tire on an empty pile"),
    own("play repairs", "only repairs", tableau("roll stop"), "Repairs on Stop"),
    own(
        "play gasoline",
        "only repairs",
        tableau("roll out-of-gas gasoline"),
        "Gasoline on Gasoline",
    ),
    own("play end-of-limit", None, tableau("roll", "speed-limit"), "End of Limit on Speed Limit"),
    own(
        "play end-of-limit",
        None,
        tableau("roll stop", "speed-limit"),
        "End of Limit on Speed Limit while stopped",
    ),
    own("play end-of-limit", None, tableau(speed="speed-limit"), "End of Limit before starting"),
    own("play end-of-limit", "not under a Speed Limit", ROLLING, "End of Limit unlimited"),
    own(
        "play end-of-limit",
        "not under a Speed Limit",
        tableau("roll", "speed-limit end-of-limit"),
        "End of Limit on End of Limit",
    ),
]

SAFETIES = [
    own("play right-of-way", None, EMPTY, "Right of Way before starting"),
    own("play extra-tank", None, ROLLING, "Extra Tank while rolling"),
    own("play puncture-proof", None, tableau("roll stop", "speed-limit"), "Puncture-Proof stopped"),
    own("play driving-ace", None, tableau("roll accident"), "Driving Ace on its hazard"),
    own(
        "play stop",
        "a hazard is played on another side",
        EMPTY,
        "a hazard is never played on one's own side",
    ),
]

STOP = [
    vs("attack stop 1", None, ROLLING, "Stop on Roll"),
    vs("attack stop 1", None, tableau("roll", "speed-limit"), "Stop on Roll when limited"),
    vs("attack stop 1", "cannot be attacked while stopped", EMPTY, "Stop before starting"),
    vs("attack stop 1", "cannot be attacked while stopped", tableau("roll stop"), "Stop on Stop"),
    vs(
        "attack stop 1",
        "cannot be attacked while stopped",
        tableau("roll flat-tire"),
        "Stop on Flat Tire",
    ),
    vs(
        "attack stop 1",
        "cannot be attacked while stopped",
        tableau("roll flat-tire spare-tire"),
        "Stop on Spare Tire",
    ),
    vs("attack stop 1", "Right of Way protects", tableau(safeties=ROW), "Stop on Right of Way"),
    vs(
        "attack stop 1",
        "Right of Way protects",
        tableau("roll", safeties=ROW),
        "Stop on Roll with Right of Way",
    ),
]

SPEED_LIMIT = [
    vs("attack speed-limit 1", None, EMPTY, "Speed Limit before starting"),
    vs("attack speed-limit 1", None, ROLLING, "Speed Limit on Roll"),
    vs("attack speed-limit 1", None, tableau("roll stop"), "Speed Limit stacks on Stop"),
    vs("attack speed-limit 1", None, tableau("roll accident"), "Speed Limit stacks on Accident"),
    vs(
        "attack speed-limit 1",
        None,
        tableau("roll", "speed-limit end-of-limit"),
        "Speed Limit on End of Limit",
    ),
    vs(
        "attack speed-limit 1",
        "a Speed Limit is already on",
        tableau("roll", "speed-limit"),
        "Speed Limit on Speed Limit",
    ),
    vs(
        "attack speed-limit 1",
        "Right of Way protects",
        tableau(safeties=ROW),
        "Speed Limit on Right of Way",
    ),
]


def _hazard_rows(hazard: str, safety: str, safety_name: str, other_safety: str) -> list[object]:
    attack = f"attack {hazard} 1"
    return [
        vs(attack, None, ROLLING, f"{hazard} on Roll"),
        vs(attack, None, tableau("roll", "speed-limit"), f"{hazard} on Roll when limited"),
        vs(attack, None, tableau("roll", safeties=other_safety), f"{hazard} past {other_safety}"),
        vs(attack, None, tableau(safeties=ROW), f"{hazard} on Right of Way, empty pile"),
        vs(
            attack,
            None,
            tableau("roll accident repairs", safeties=ROW),
            f"{hazard} on Right of Way and a remedy",
        ),
        vs(attack, "cannot be attacked while stopped", EMPTY, f"{hazard} before starting"),
        vs(attack, "cannot be attacked while stopped", tableau("roll stop"), f"{hazard} on Stop"),
        vs(
            attack,
            "cannot be attacked while stopped",
            tableau("roll out-of-gas gasoline"),
            f"{hazard} on a remedy",
        ),
        vs(
            attack,
            "cannot be attacked while stopped",
            tableau("stop" if hazard == "accident" else "accident", safeties=ROW),
            f"{hazard} on a hazard with Right of Way",
        ),
        vs(
            attack,
            f"{safety_name} protects",
            tableau("roll", safeties=safety),
            f"{hazard} on {safety}",
        ),
    ]


HAZARDS = [
    *_hazard_rows("out-of-gas", "extra-tank", "Extra Tank", "driving-ace"),
    *_hazard_rows("flat-tire", "puncture-proof", "Puncture-Proof", "extra-tank"),
    *_hazard_rows("accident", "driving-ace", "Driving Ace", "puncture-proof"),
]

TARGETS = [
    vs("attack stop 0", "you cannot attack your own side", ROLLING, "attack own side"),
    vs("attack speed-limit 0", "you cannot attack your own side", EMPTY, "limit own side"),
    vs("attack accident 3", "there is no side 3", ROLLING, "attack a side that does not exist"),
]

DISCARDS = [
    own("discard roll", None, EMPTY, "discard a playable Roll"),
    own("discard 100", None, ROLLING, "discard a playable 100"),
    own("discard right-of-way", None, EMPTY, "discard a safety"),
    own("discard stop", None, tableau("roll accident"), "discard while stopped"),
    own("discard 200", None, tableau("roll", distance="200 200"), "discard a dead 200"),
]


@pytest.mark.parametrize(("rules", "players"), TABLES, ids=[f"{r}-{n}" for r, n in TABLES])
@pytest.mark.parametrize(
    ("action", "reason", "own_tableau", "other_tableau"),
    [
        *DISTANCE,
        *ROLL,
        *REMEDIES,
        *SAFETIES,
        *STOP,
        *SPEED_LIMIT,
        *HAZARDS,
        *TARGETS,
        *DISCARDS,
    ],
)
def test_section_5_legality(
    rules: str,
    players: int,
    action: str,
    reason: str | None,
    own_tableau: dict[str, list[str]],
    other_tableau: dict[str, list[str]],
) -> None:
    check(at(action, own_tableau, other_tableau, rules, players), action, reason)


@pytest.mark.parametrize(
    ("action", "hand"),
    [("play 100", "roll 75"), ("discard 200", "roll 100"), ("attack stop 1", "speed-limit")],
    ids=["play", "discard", "attack"],
)
def test_a_card_not_in_hand_is_refused(action: str, hand: str) -> None:
    card = Action.parse(action).card
    assert card is not None
    deal = at(action, ROLLING, ROLLING, hand=hand)
    assert_illegal(deal, action, f"you have no {card_name(card)} in hand")


def test_two_200s_are_per_side_so_a_partners_count() -> None:
    deal = deal_at(
        "winning-moves",
        4,
        to_act=2,
        hands={2: "200 100"},
        sides={0: tableau("roll", distance="200 200")},
        stock="25",
    )
    assert_illegal(deal, "play 200", "no more than two 200s per side")
    assert_legal(deal, "play 100")


def test_a_partners_side_is_ones_own_side() -> None:
    deal = deal_at("parker", 6, to_act=1, hands={1: "stop"}, sides={1: ROLLING})
    assert_illegal(deal, "attack stop 1", "you cannot attack your own side")


@pytest.mark.parametrize(
    ("rules", "players", "attackable"),
    [
        ("dujardin", 4, [1, 2, 3]),
        ("winning-moves", 4, [1]),
        ("parker", 4, [1]),
        ("dujardin", 6, [1, 2]),
        ("parker", 6, [1, 2]),
        ("dujardin", 8, [1, 2, 3]),
    ],
    ids=["dujardin-4", "winning-moves-4", "parker-4", "dujardin-6", "parker-6", "dujardin-8"],
)
def test_every_other_side_may_be_attacked(rules: str, players: int, attackable: list[int]) -> None:
    sides_count = Deal.new(rules, players).sides_count
    deal = deal_at(
        rules,
        players,
        hands={0: "stop"},
        sides=dict.fromkeys(range(sides_count), ROLLING),
        stock="25",
    )
    attacks = [a.target for a in deal.legal_actions() if a.verb == "attack"]
    assert attacks == attackable


@pytest.mark.parametrize(
    ("rules", "players", "fields", "action", "reason"),
    [
        ("parker", 2, {}, "play 100", "past 700 km"),
        ("parker", 2, {}, "play 50", None),
        ("parker", 2, {"race": 1000, "extended_by": 1}, "play 100", None),
        ("parker", 6, {}, "play 75", "past 700 km"),
        ("dujardin", 4, {"race": 700}, "play 75", "past 700 km"),
        ("dujardin", 8, {"race": 700}, "play 200", "past 700 km"),
        ("dujardin", 4, {}, "play 200", None),
    ],
    ids=[
        "parker-2 650+100 past 700",
        "parker-2 650+50 completes 700",
        "parker-2 extended: 650+100",
        "parker-6 650+75 past 700",
        "dujardin-4 at 700: 650+75",
        "dujardin-8 at 700: 650+200",
        "dujardin-4 at 1000: 650+200",
    ],
)
def test_the_race_length_bounds_distance(
    rules: str, players: int, fields: dict[str, Any], action: str, reason: str | None
) -> None:
    deal = deal_at(
        rules,
        players,
        hands={0: "25 50 75 100 200"},
        sides={0: tableau("roll", distance="200 100 100 100 100 50")},
        stock="25",
        **fields,
    )
    check(deal, action, reason)


@pytest.mark.parametrize(
    ("action", "own_tableau", "pile", "side"),
    [
        ("play 75", ROLLING, "distance", 0),
        ("play roll", tableau("roll stop"), "battle", 0),
        ("play repairs", tableau("roll accident"), "battle", 0),
        ("play end-of-limit", tableau("roll", "speed-limit"), "speed", 0),
        ("play puncture-proof", ROLLING, "safeties", 0),
        ("attack stop 1", ROLLING, "battle", 1),
        ("attack flat-tire 1", ROLLING, "battle", 1),
        ("attack speed-limit 1", ROLLING, "speed", 1),
    ],
)
def test_each_card_lands_on_its_pile(
    action: str, own_tableau: dict[str, list[str]], pile: str, side: int
) -> None:
    deal = at(action, own_tableau, ROLLING)
    deal.apply(action)
    assert getattr(deal.view(0).sides[side], pile)[-1] == Action.parse(action).card


def test_discarding_puts_the_card_face_up_on_the_discard_pile() -> None:
    deal = deal_at(hands={0: "right-of-way 100"}, stock="25")
    deal.apply("discard right-of-way")
    assert deal.view(1).discard[-1] == Card.RIGHT_OF_WAY
    assert deal.view(0).sides[0].safeties == ()
    assert deal.hand(0) == [Card.D100]


@pytest.mark.parametrize(
    ("rules", "players", "english", "french"),
    [("dujardin", 2, "North", "Nord"), ("winning-moves", 4, "West & East", "Ouest & Est")],
)
def test_a_refusal_names_the_side_as_the_table_does(
    rules: str, players: int, english: str, french: str
) -> None:
    """By the table's names when it has them, else by its seats' default names (as the terminal
    game names them), never by the notation's number."""
    problem = at("attack stop 1", ROLLING, EMPTY, rules, players).why_illegal("attack stop 1")
    assert problem is not None
    assert str(problem) == f"{english} cannot be attacked while stopped"
    assert word(problem, "fr") == f"impossible d'attaquer {french} à l'arrêt"
    assert word(problem, "en", ["Ann", "Bob & Cy"]) == "Bob & Cy cannot be attacked while stopped"
