"""Reading positions: malformed ones are refused with a message that names the problem; the
stock is filled from the seed when left out, and taken as given (the rest discarded) otherwise."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from millebornes import Card, Deal, Match, PositionError, load_record
from millebornes.core.position import from_position, position_data
from millebornes.core.rules import get_rules

DOCS = Path(__file__).resolve().parents[1] / "docs"

OPENING_HANDS = [
    ["25", "50", "75", "100", "roll", "stop", "gasoline"],
    ["25", "50", "200", "roll", "repairs", "flat-tire", "driving-ace"],
]


def position(**changes: Any) -> dict[str, Any]:
    """A two-player dujardin opening (seat 0 to play) with ``changes`` on top."""
    data: dict[str, Any] = {
        "rules": "dujardin",
        "players": 2,
        "to_act": 0,
        "decision": "turn",
        "hands": [hand[:] for hand in OPENING_HANDS],
        "sides": [{}, {}],
    }
    data.update(changes)
    return data


def side(**piles: list[str]) -> dict[str, list[str]]:
    return dict(piles)


def refused(data: dict[str, Any] | str) -> str:
    with pytest.raises(PositionError) as error:
        from_position(data if isinstance(data, str) else json.dumps(data))
    return str(error.value)


def test_a_minimal_position_loads() -> None:
    deal = from_position(json.dumps(position()))
    assert deal.to_act == 0
    assert deal.decision == "turn"
    assert [str(card) for card in deal.hand(0)] == sorted(
        OPENING_HANDS[0], key=lambda name: Card.parse(name)
    )
    assert "play roll" in [str(action) for action in deal.legal_actions()]


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"hands": [["25", "banana"], OPENING_HANDS[1]]}, "hands[0]: unknown card 'banana'"),
        ({"hands": [[25], OPENING_HANDS[1]]}, "hands[0]: 25 is not a card name"),
        ({"discard": ["roll", "green-light"]}, "discard: unknown card 'green-light'"),
        ({"stock": ["stop", 7]}, "stock: 7 is not a card name"),
        ({"sides": [side(distance=["175"]), {}]}, "sides[0].distance: unknown card '175'"),
    ],
    ids=["in a hand", "not a name", "in the discard", "in the stock", "on a tableau"],
)
def test_an_unknown_card_is_named(changes: dict[str, Any], message: str) -> None:
    assert message in refused(position(**changes))


def test_more_copies_than_the_deck_has_are_counted() -> None:
    # Four 200s in the deck: one in hands[1], two laid by side 1, two in the discard.
    message = refused(position(sides=[{}, side(distance=["200", "200"])], discard=["200", "200"]))
    assert "more cards than the deck has" in message
    assert "1 200 too many" in message
    message = refused(position(sides=[side(safeties=["driving-ace"]), {}]))
    assert "1 driving-ace too many" in message


def test_the_short_parker_deck_has_fewer_hazards() -> None:
    hands = [["stop"] * 5, ["25"]]
    assert "1 stop too many" in refused(position(rules="parker", race=700, hands=hands))
    from_position(
        json.dumps(
            position(rules="parker", players=4, hands=[["stop"] * 5] + [[]] * 3, sides=[{}, {}])
        )
    )


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"to_act": 2}, "to_act must be a seat from 0 to 1, not 2"),
        ({"to_act": None}, "to_act must be a seat from 0 to 1, not None"),
        ({"to_act": True}, "to_act must be a seat from 0 to 1, not True"),
        ({"dealer": -1}, "dealer must be a seat from 0 to 1, not -1"),
        ({"dealer": "0"}, "dealer must be a seat from 0 to 1, not '0'"),
    ],
)
def test_a_seat_out_of_range_is_refused(changes: dict[str, Any], message: str) -> None:
    assert message in refused(position(**changes))


@pytest.mark.parametrize(
    ("moves", "message"),
    [
        ({"seat": 0}, 'moves must be a list of {"seat": SEAT, "action": ACTION}'),
        ([["0", "play roll"]], 'moves[0]: moves must be a list of {"seat": SEAT, "action"'),
        ([{"seat": 3, "action": "play roll"}], "moves[0].seat must be a seat from 0 to 1, not 3"),
        ([{"seat": 0, "action": "fly 25"}], "moves[0].action: "),
    ],
    ids=["not a list", "not an object", "no such seat", "no such action"],
)
def test_malformed_moves_are_refused(moves: Any, message: str) -> None:
    assert message in refused(position(moves=moves))


def test_a_hand_of_more_than_seven_is_refused() -> None:
    hands = [OPENING_HANDS[0], [*OPENING_HANDS[1], "75"]]
    assert "hands[1] holds 8 cards; a hand holds at most 7" in refused(position(hands=hands))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"rules": "dujardin", ', "the position is not valid JSON"),
        ("", "the position is not valid JSON"),
        ("[]", "a position is a JSON object"),
        ('"dujardin"', "a position is a JSON object"),
    ],
)
def test_text_that_is_not_a_position_is_refused(text: str, message: str) -> None:
    assert message in refused(text)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"rules": "uno"}, "unknown rules 'uno'"),
        ({"rules": ["dujardin"]}, "rules must be the name of a preset, not ['dujardin']"),
        ({"players": 5}, "dujardin is played by 2, 3, 4, 6, 8 players, not 5"),
        ({"players": "2"}, "players must be a whole number, not '2'"),
        ({"race": 700}, "dujardin with 2 players races to 1000 km, not 700"),
        ({"race": 1000.0}, "race must be a whole number, not 1000.0"),
        ({"seed": "7"}, "seed must be a whole number, not '7'"),
        ({"hands": [OPENING_HANDS[0]]}, "hands must list 2 hands, one per seat"),
        ({"players": None, "hands": "all"}, "players must be a whole number, not None"),
        ({"sides": [{}]}, "sides must list 2 tableaux, one per side"),
        ({"sides": [{}, []]}, "sides[1] must be an object"),
        ({"scores": [0, "many"]}, "scores must list 2 whole numbers, one per side"),
        ({"extended_by": 0}, "dujardin with 2 players has no extension"),
    ],
)
def test_a_bad_field_is_named(changes: dict[str, Any], message: str) -> None:
    assert message in refused(position(**changes))


@pytest.mark.parametrize(
    ("tableau", "message"),
    [
        (side(battle=["roll", "75"]), "sides[0].battle cannot hold 75"),
        (side(battle=["speed-limit"]), "sides[0].battle cannot hold speed-limit"),
        (side(speed=["stop"]), "sides[0].speed cannot hold stop"),
        (side(safeties=["roll"]), "sides[0].safeties cannot hold roll"),
        (side(distance=["roll"]), "sides[0].distance cannot hold roll"),
        (side(coups_fourres=["extra-tank"]), "every coup-fourré safety must also be in safeties"),
    ],
)
def test_wrong_pile_contents_are_named(tableau: dict[str, list[str]], message: str) -> None:
    assert message in refused(position(sides=[tableau, {}]))


def test_distance_past_the_race_is_refused() -> None:
    laid = ["200", "200", "100", "100", "100", "100", "100", "100", "25"]
    message = refused(position(sides=[{}, side(battle=["roll"], distance=laid)]))
    assert "sides[1] has 1,025 km, past the race of 1,000" in message
    four_players = position(players=4, race=700, hands=[[]] * 4, sides=[{}] * 4)
    four_players["sides"][2] = side(distance=["100"] * 7 + ["25"])
    assert "sides[2] has 725 km, past the race of 700" in refused(four_players)


def test_three_200s_are_refused() -> None:
    message = refused(position(sides=[side(distance=["200", "200", "200"]), {}]))
    assert "sides[0] has 3 200s; a side lays at most two" in message


def test_a_turn_needs_cards_in_hand_and_a_race_still_on() -> None:
    empty = position(hands=[[], OPENING_HANDS[1]], stock=[])
    assert "seat 0 is to act but holds no cards" in refused(empty)
    done = position(sides=[side(battle=["roll"], distance=["200", "200"] + ["100"] * 6), {}])
    assert "sides[0] has completed the trip: the deal is over" in refused(done)


def attacked(**changes: Any) -> dict[str, Any]:
    """Seat 0 has just put a Flat Tire on rolling side 1, whose seat holds Puncture-Proof."""
    data = position(
        to_act=1,
        decision="coup-fourre",
        attack={"by": 0, "hazard": "flat-tire"},
        hands=[
            ["25", "50", "75", "100", "roll", "gasoline"],
            ["25", "50", "200", "roll", "repairs", "puncture-proof"],
        ],
        sides=[side(battle=["roll"]), side(battle=["roll", "flat-tire"])],
    )
    data.update(changes)
    return data


def test_a_coup_fourre_position_loads_and_offers_the_answer() -> None:
    deal = from_position(json.dumps(attacked()))
    assert [str(action) for action in deal.legal_actions()] == ["coup-fourre", "decline"]
    view = deal.view(1)
    assert view.attack is not None
    assert view.attack.by == 0
    assert view.attack.hazard == Card.FLAT_TIRE


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"attack": None}, 'a coup-fourre decision needs "attack"'),
        ({"attack": {"by": 0, "hazard": "roll"}}, "attack.hazard must be a hazard, not roll"),
        ({"attack": {"by": 0, "hazard": "tornado"}}, "attack.hazard must be a hazard"),
        ({"attack": {"by": 3, "hazard": "flat-tire"}}, "attack.by must be a seat from 0 to 1"),
        ({"attack": {"by": 1, "hazard": "flat-tire"}}, "cannot be attacked by its own side"),
        (
            {"attack": {"by": 0, "hazard": "accident"}},
            "the attacked side 1 has no accident on top of its pile",
        ),
        (
            {"sides": [side(battle=["roll"]), side(battle=["flat-tire", "spare-tire"])]},
            "the attacked side 1 has no flat-tire on top of its pile",
        ),
        (
            {
                "hands": [
                    ["25", "50", "75", "100", "roll", "puncture-proof"],
                    ["25", "50", "200", "roll", "repairs", "gasoline"],
                ]
            },
            "seat 1 does not hold puncture-proof to answer with",
        ),
    ],
    ids=[
        "no attack",
        "not a hazard",
        "unknown hazard",
        "attacker out of range",
        "own side",
        "hazard not on the pile",
        "hazard under a remedy",
        "safety not held",
    ],
)
def test_an_inconsistent_coup_fourre_attack_is_named(changes: dict[str, Any], message: str) -> None:
    assert message in refused(attacked(**changes))


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"decision": "play"}, "decision must be one of turn, coup-fourre, extension, over"),
        ({"decision": "Turn"}, "not 'Turn'"),
        ({"decision": "over"}, "to_act must be null once the deal is over"),
        ({"decision": "extension"}, "an extension is decided only by a side that has just reached"),
    ],
)
def test_bad_decisions_are_refused(changes: dict[str, Any], message: str) -> None:
    assert message in refused(position(**changes))


def test_an_extension_position_loads_for_a_parker_side_at_700() -> None:
    at_700 = side(battle=["roll"], distance=["200", "200", "100", "100", "100"])
    deal = from_position(
        json.dumps(position(rules="parker", race=700, decision="extension", sides=[at_700, {}]))
    )
    assert [str(action) for action in deal.legal_actions()] == ["extend", "finish"]


def placed(data: dict[str, Any]) -> Counter[str]:
    cards: Counter[str] = Counter()
    for hand in data["hands"]:
        cards.update(hand)
    for tableau in data["sides"]:
        for pile in ("battle", "speed", "safeties", "distance"):
            cards.update(tableau.get(pile, []))
    cards.update(data.get("discard", []))
    return cards


def test_an_omitted_stock_is_the_rest_of_the_deck_shuffled_by_the_seed() -> None:
    data = position(seed=42, sides=[side(battle=["roll"], distance=["75"]), {}], discard=["stop"])
    deal = from_position(json.dumps(data))
    again = from_position(json.dumps(data))
    stock = position_data(deal)["stock"]
    assert position_data(again)["stock"] == stock
    deck = Counter({card.notation: n for card, n in get_rules("dujardin").deck(2).items()})
    assert Counter(stock) == deck - placed(data)
    assert len(stock) == 106 - 14 - 2 - 1
    assert position_data(deal)["discard"] == ["stop"]
    other_seed = from_position(json.dumps({**data, "seed": 43}))
    assert position_data(other_seed)["stock"] != stock
    assert Counter(position_data(other_seed)["stock"]) == Counter(stock)


def test_a_given_stock_is_drawn_in_order_and_the_unplaced_cards_are_discarded() -> None:
    data = position(stock=["200", "roll", "end-of-limit"], discard=["accident"])
    deal = from_position(json.dumps(data))
    loaded = position_data(deal)
    assert loaded["stock"] == ["200", "roll", "end-of-limit"]
    deck = Counter({card.notation: n for card, n in get_rules("dujardin").deck(2).items()})
    unplaced = deck - placed(data) - Counter(data["stock"])
    assert Counter(loaded["discard"]) == unplaced + Counter(["accident"])
    assert loaded["discard"][-1] == "accident"  # the listed discard stays on top
    deal.apply("play roll")  # seat 1 now draws the first card of the stock
    assert Counter(map(str, deal.hand(1))) - Counter(OPENING_HANDS[1]) == Counter(["200"])
    assert position_data(deal)["stock"] == ["roll", "end-of-limit"]


def test_an_empty_stock_is_kept_empty() -> None:
    deal = from_position(json.dumps(position(stock=[])))
    assert position_data(deal)["stock"] == []
    assert len(deal.discard) == 106 - 14


def json_blocks(path: Path) -> list[str]:
    """The ```json blocks of a markdown page."""
    text = path.read_text(encoding="utf-8")
    return [block.split("```")[0] for block in text.split("```json\n")[1:]]


def test_the_documented_example_position_and_records_load() -> None:
    position_block, attack_block, deal_block, match_block = json_blocks(DOCS / "position.md")
    deal = from_position(position_block)
    assert len(deal.stock) == 81
    assert sorted(str(action) for action in deal.legal_actions()) == sorted(
        ["play gasoline", "play extra-tank", "attack stop 1"]
        + [f"discard {card}" for card in json.loads(position_block)["hands"][0]]
    )
    assert json.loads("{" + attack_block + "}")["attack"] == {"by": 0, "hazard": "flat-tire"}
    replayed = load_record(deal_block)
    assert isinstance(replayed, Deal)
    assert len(replayed.history) == 3
    assert isinstance(load_record(match_block), Match)


MISSPELT = {
    **position(to_act=0),
    "hands": [["25", "50", "75", "100", "roll", "stop", "gasoline"], OPENING_HANDS[1]],
    "sides": [{"batle": ["roll", "out-of-gas"]}, {}],
}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (MISSPELT, "sides[0]: unknown field 'batle'; did you mean 'battle'?"),
        (position(scors=[0, 0]), "the position: unknown field 'scors'; did you mean 'scores'?"),
        (position(colour="red"), "the position: unknown field 'colour'; fields are: rules, "),
        (
            position(moves=[{"seat": 1, "acton": "discard 25"}]),
            "moves[0]: unknown field 'acton'; did you mean 'action'?",
        ),
    ],
)
def test_an_unknown_field_is_refused_with_its_place_and_the_nearest_name(
    data: dict[str, Any], message: str
) -> None:
    assert refused(data).startswith(message)


@pytest.mark.parametrize("scores", [5, True, 1.5, None, "0, 0", [0, True], [0, 1.5]])
def test_scores_that_are_not_whole_numbers_are_refused(scores: Any) -> None:
    assert refused(position(scores=scores)).startswith("scores must list 2 whole numbers")


def test_an_attack_outside_a_coup_fourre_decision_is_refused() -> None:
    assert "attack is given only with a coup-fourre decision" in refused(
        position(attack={"by": 1, "hazard": "stop"})
    )


def test_the_misspelt_position_exits_2_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from millebornes.cli.main import main

    path = tmp_path / "misspelt.json"
    path.write_text(json.dumps(MISSPELT), encoding="utf-8")
    assert main(["legal", str(path)]) == 2
    assert capsys.readouterr().err == (
        "millebornes: error: sides[0]: unknown field 'batle'; did you mean 'battle'?\n"
    )
