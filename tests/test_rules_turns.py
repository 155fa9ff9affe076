"""RULES.md sections 4 and 6, and the safety effects of section 5: who plays, who draws what,
what a safety clears, and the coup-fourré in every table shape."""

from __future__ import annotations

import pytest

from millebornes import Card, Deal
from millebornes.core.position import from_position, position_data
from scenarios import ROLLING, assert_illegal, assert_legal, cards, deal_at, hand_of, tableau

# ----------------------------------------------------------------- section 4: a turn


@pytest.mark.parametrize(
    ("rules", "players", "dealer"),
    [("dujardin", 2, 1), ("dujardin", 3, 0), ("winning-moves", 4, 2), ("parker", 6, 5)],
)
def test_the_first_seat_has_drawn_its_seventh_card(rules: str, players: int, dealer: int) -> None:
    deal = Deal.new(rules, players, seed=3, dealer=dealer)
    first = (dealer + 1) % players
    assert deal.to_act == first
    assert deal.hand_sizes == [7 if seat == first else 6 for seat in range(players)]
    assert deal.view(first).stock_size == 106 - 6 * players - 1


def test_the_next_seat_draws_the_top_of_the_stock() -> None:
    deal = deal_at(hands={0: "25 25 25 25 25 25 25", 1: "50 50 50 50 50 50"}, stock="200 roll")
    deal.apply("discard 25")
    assert deal.to_act == 1
    assert deal.hand(1) == hand_of("50 50 50 50 50 50 200")
    assert deal.view(1).stock_size == 1


@pytest.mark.parametrize(
    ("action", "next_seat"),
    [
        ("play 75", 1),
        ("attack stop 1", 1),
        ("attack speed-limit 2", 1),
        ("discard gasoline", 1),
        ("play extra-tank", 0),
    ],
)
def test_hands_hold_six_between_turns_while_the_stock_lasts(action: str, next_seat: int) -> None:
    deal = deal_at(
        "dujardin",
        3,
        hands={
            0: "stop speed-limit 75 roll extra-tank 100 gasoline",
            1: "25 25 25 25 25 25",
            2: "50 50 50 50 50 50",
        },
        sides={0: ROLLING, 1: ROLLING, 2: ROLLING},
        stock="200 200 200 200",
    )
    deal.apply(action)
    assert deal.to_act == next_seat
    assert deal.hand_sizes == [7 if seat == next_seat else 6 for seat in range(3)]


def test_once_the_stock_is_empty_nobody_draws_and_a_seat_without_cards_is_passed_over() -> None:
    deal = deal_at("dujardin", 3, hands={0: "25 roll", 1: "", 2: "50"}, stock="")
    deal.apply("discard roll")
    assert deal.to_act == 2
    assert deal.hand_sizes == [1, 0, 1]
    deal.apply("discard 50")
    assert deal.to_act == 0
    deal.apply("discard 25")
    assert deal.is_over


def test_the_deal_ends_when_every_hand_is_empty() -> None:
    deal = deal_at(hands={0: "100", 1: ""}, sides={0: ROLLING}, stock="")
    deal.apply("play 100")
    assert deal.is_over
    assert deal.to_act is None
    assert deal.legal_actions() == []
    assert str(deal.why_illegal("discard 25")) == "the deal is over"
    assert deal.view(0).decision == "over"


def test_the_seat_that_empties_the_stock_plays_with_seven_and_the_next_one_draws_nothing() -> None:
    deal = deal_at(hands={0: "25 25 25 25 25 25 25", 1: "50 50 50 50 50 50"}, stock="75")
    deal.apply("discard 25")
    assert deal.hand_sizes == [6, 7]
    deal.apply("discard 50")
    assert deal.to_act == 0
    assert deal.hand_sizes == [6, 6]


# ----------------------------------------------------------------- section 4.3: extra turns


def test_a_safety_earns_another_turn_with_a_draw() -> None:
    deal = deal_at(
        hands={0: "extra-tank driving-ace 25 25 25 25 25", 1: "50 50 50 50 50 50"},
        stock="roll 200 75",
    )
    deal.apply("play extra-tank")
    assert (deal.to_act, deal.decision) == (0, "turn")
    assert deal.hand(0) == hand_of("driving-ace 25 25 25 25 25 roll")
    deal.apply("play driving-ace")  # and again for the next safety
    assert deal.to_act == 0
    assert deal.hand(0) == hand_of("25 25 25 25 25 roll 200")
    deal.apply("play roll")
    assert deal.to_act == 1
    assert deal.hand(1) == hand_of("50 50 50 50 50 50 75")


def test_a_safety_earns_another_turn_without_a_draw_once_the_stock_is_empty() -> None:
    deal = deal_at(hands={0: "puncture-proof 100 roll", 1: "50"}, stock="")
    deal.apply("play puncture-proof")
    assert deal.to_act == 0
    assert deal.hand(0) == hand_of("100 roll")


def test_a_safety_played_as_the_last_card_passes_its_extra_turn_on() -> None:
    deal = deal_at(hands={0: "puncture-proof", 1: "50"}, stock="")
    deal.apply("play puncture-proof")
    assert deal.to_act == 1


# ----------------------------------------------------------------- section 5: safety effects


@pytest.mark.parametrize(
    ("safety", "before", "battle_after", "speed_after", "discarded"),
    [
        ("extra-tank", tableau("roll out-of-gas"), "roll", "", "out-of-gas"),
        ("puncture-proof", tableau("roll flat-tire"), "roll", "", "flat-tire"),
        ("driving-ace", tableau("roll accident"), "roll", "", "accident"),
        (
            "driving-ace",
            tableau("out-of-gas gasoline accident", safeties="right-of-way"),
            "out-of-gas gasoline",
            "",
            "accident",
        ),
        ("right-of-way", tableau("roll stop", "speed-limit"), "roll", "", "stop speed-limit"),
        ("right-of-way", tableau("roll stop"), "roll", "", "stop"),
        ("right-of-way", tableau(speed="speed-limit"), "", "", "speed-limit"),
        (
            "right-of-way",
            tableau("roll", "speed-limit end-of-limit"),
            "roll",
            "speed-limit end-of-limit",
            "",
        ),
        ("right-of-way", tableau("roll out-of-gas"), "roll out-of-gas", "", ""),
        ("driving-ace", tableau("roll stop", "speed-limit"), "roll stop", "speed-limit", ""),
        ("extra-tank", tableau("roll flat-tire"), "roll flat-tire", "", ""),
    ],
    ids=[
        "Extra Tank clears Out of Gas",
        "Puncture-Proof clears Flat Tire",
        "Driving Ace clears Accident",
        "Driving Ace exposes the remedy beneath",
        "Right of Way clears Stop and Speed Limit",
        "Right of Way clears Stop",
        "Right of Way clears a Speed Limit before starting",
        "Right of Way leaves End of Limit",
        "Right of Way leaves Out of Gas",
        "Driving Ace leaves Stop and Speed Limit",
        "Extra Tank leaves Flat Tire",
    ],
)
def test_a_safety_on_ones_own_turn_clears_its_hazard_and_exposes_the_card_beneath(
    safety: str,
    before: dict[str, list[str]],
    battle_after: str,
    speed_after: str,
    discarded: str,
) -> None:
    deal = deal_at(hands={0: f"{safety} 25"}, sides={0: before}, stock="100")
    discarded_before = len(deal.view(0).discard)
    deal.apply(f"play {safety}")
    side = deal.view(0).sides[0]
    assert [c.notation for c in side.battle] == cards(battle_after)
    assert [c.notation for c in side.speed] == cards(speed_after)
    assert Card.parse(safety) in side.safeties
    assert side.coups_fourres == ()
    newly_discarded = deal.view(0).discard[discarded_before:]
    assert [c.notation for c in newly_discarded] == cards(discarded)


@pytest.mark.parametrize(
    ("safety", "before", "rolling"),
    [
        ("puncture-proof", tableau("roll flat-tire"), True),
        ("right-of-way", tableau("roll stop", "speed-limit"), True),
        ("right-of-way", tableau(), True),
        ("right-of-way", tableau("roll out-of-gas"), False),
        ("extra-tank", tableau(), False),
    ],
    ids=[
        "cleared Flat Tire: rolling on the Roll beneath",
        "Right of Way over Stop and limit: rolling at full speed",
        "Right of Way before starting: rolling",
        "Right of Way on Out of Gas: still stopped",
        "Extra Tank before starting: not rolling",
    ],
)
def test_after_a_safety_the_extra_turn_may_drive(
    safety: str, before: dict[str, list[str]], rolling: bool
) -> None:
    deal = deal_at(hands={0: f"{safety} 25"}, sides={0: before}, stock="100")
    deal.apply(f"play {safety}")
    if rolling:
        assert_legal(deal, "play 100")
    else:
        assert_illegal(deal, "play 100", "you ")


def test_right_of_way_on_ones_own_turn_clears_stop_and_limit_and_needs_no_roll() -> None:
    deal = deal_at(
        hands={0: "right-of-way roll 25"},
        sides={0: tableau("roll stop", "speed-limit")},
        stock="100 25",
    )
    deal.apply("play right-of-way")
    assert_illegal(deal, "play roll", "with Right of Way you need no Roll")
    deal.apply("play 100")
    assert deal.km[0] == 100


def test_with_right_of_way_a_remedy_is_enough_to_drive_again() -> None:
    deal = deal_at(
        hands={0: "right-of-way gasoline roll"},
        sides={0: tableau("roll out-of-gas"), 1: ROLLING},
        stock="100 25 25",
    )
    deal.apply("play right-of-way")
    deal.apply("play gasoline")
    deal.apply("discard 25")  # seat 1
    assert_illegal(deal, "play roll", "with Right of Way you need no Roll")
    assert_legal(deal, "play 100")


# ----------------------------------------------------------------- section 6: coup-fourré

FILLER = "25 " * 10 + "50 " * 10 + "75 " * 10 + "100 " * 12 + "gasoline " * 6
SAFETY = {
    "stop": "right-of-way",
    "speed-limit": "right-of-way",
    "out-of-gas": "extra-tank",
    "flat-tire": "puncture-proof",
    "accident": "driving-ace",
}
STOCK = "repairs spare-tire end-of-limit"


def coup_fourre_table(
    rules: str, players: int, attacker: int, hazard: str, holder: int
) -> tuple[Deal, dict[int, str]]:
    """Every side rolling; the attacker holds the hazard and the holder the safety, everyone
    else six filler cards; the stock is STOCK."""
    filler = cards(FILLER)
    hands = {}
    for seat in range(players):
        own = [hazard] if seat == attacker else [SAFETY[hazard]] if seat == holder else []
        size = 7 if seat == attacker else 6
        hands[seat] = " ".join(own + [filler.pop() for _ in range(size - len(own))])
    sides_count = Deal.new(rules, players).sides_count
    deal = deal_at(
        rules,
        players,
        to_act=attacker,
        hands=hands,
        sides=dict.fromkeys(range(sides_count), ROLLING),
        stock=STOCK,
    )
    return deal, hands


TABLES = [
    ("dujardin", 2, 0, "flat-tire", 1),
    ("dujardin", 3, 0, "accident", 2),
    ("winning-moves", 4, 0, "accident", 3),
    ("winning-moves", 4, 0, "out-of-gas", 1),
    ("parker", 4, 2, "stop", 1),
    ("parker", 6, 0, "flat-tire", 5),
    ("dujardin", 6, 4, "speed-limit", 3),
    ("dujardin", 8, 1, "out-of-gas", 0),
]
TABLE_IDS = [f"{r}-{n} seat {a} {h} on seat {s}" for r, n, a, h, s in TABLES]


@pytest.mark.parametrize(
    ("rules", "players", "attacker", "hazard", "holder"), TABLES, ids=TABLE_IDS
)
def test_coup_fourre_the_caller_redraws_plays_at_once_and_the_seats_between_lose_their_turn(
    rules: str, players: int, attacker: int, hazard: str, holder: int
) -> None:
    deal, hands = coup_fourre_table(rules, players, attacker, hazard, holder)
    side = deal.side_of(holder)
    deal.apply(f"attack {hazard} {side}")
    assert (deal.to_act, deal.decision) == (holder, "coup-fourre")
    assert [str(a) for a in deal.legal_actions()] == ["coup-fourre", "decline"]
    assert_illegal(deal, "discard 25", "answer the attack first")

    deal.apply("coup-fourre")
    tableau_ = deal.view(holder).sides[side]
    assert tableau_.safeties == tableau_.coups_fourres == (Card.parse(SAFETY[hazard]),)
    assert tableau_.battle == (Card.ROLL,)
    assert tableau_.speed == ()
    assert deal.view(holder).discard[-1] == Card.parse(hazard)
    # Back to six with the top of the stock, then a full turn with the next card.
    assert (deal.to_act, deal.decision) == (holder, "turn")
    rest = hands[holder].replace(SAFETY[hazard], "")
    assert deal.hand(holder) == hand_of(f"{rest} repairs spare-tire")
    for seat in range(players):
        if seat not in (attacker, holder):
            assert deal.hand(seat) == hand_of(hands[seat])

    deal.apply("discard repairs")
    after = (holder + 1) % players
    assert deal.to_act == after
    kept = hands[after].replace(hazard, "") if after == attacker else hands[after]
    assert deal.hand(after) == hand_of(f"{kept} end-of-limit")
    assert deal.hand_sizes[after] == 7
    assert all(size == 6 for seat, size in enumerate(deal.hand_sizes) if seat != after)


@pytest.mark.parametrize(
    ("rules", "players", "attacker", "hazard", "holder"), TABLES, ids=TABLE_IDS
)
def test_a_declined_coup_fourre_leaves_the_hazard_and_play_goes_on_from_the_attacker(
    rules: str, players: int, attacker: int, hazard: str, holder: int
) -> None:
    deal, hands = coup_fourre_table(rules, players, attacker, hazard, holder)
    side = deal.side_of(holder)
    deal.apply(f"attack {hazard} {side}")
    deal.apply("decline")
    pile = "speed" if hazard == "speed-limit" else "battle"
    assert getattr(deal.view(holder).sides[side], pile)[-1] == Card.parse(hazard)
    after = (attacker + 1) % players
    assert (deal.to_act, deal.decision) == (after, "turn")
    assert deal.hand(after) == hand_of(f"{hands[after]} repairs")
    assert Card.parse(SAFETY[hazard]) in deal.hand(holder)


@pytest.mark.parametrize(
    ("rules", "players", "attacker", "hazard", "holder"), TABLES, ids=TABLE_IDS
)
def test_nothing_in_another_seats_view_shows_the_coup_fourre_was_offered_or_declined(
    rules: str, players: int, attacker: int, hazard: str, holder: int
) -> None:
    """The same table with the safety swapped for the bottom card of the stock: nobody is
    asked, and every seat but the holder sees exactly the same thing (the next seat itself
    excepted while it is kept waiting: it alone can tell)."""
    asked, _ = coup_fourre_table(rules, players, attacker, hazard, holder)
    position = position_data(asked)
    bottom = position["stock"][-1]
    position["stock"][-1] = SAFETY[hazard]
    hand = position["hands"][holder]
    hand[hand.index(SAFETY[hazard])] = bottom
    not_asked = from_position(position)
    side = asked.side_of(holder)
    for deal in (asked, not_asked):
        deal.apply(f"attack {hazard} {side}")
    assert asked.decision == "coup-fourre"
    assert not_asked.decision == "turn"
    after = (attacker + 1) % players
    watchers = [seat for seat in range(players) if seat not in (holder, after)]
    for seat in watchers:
        assert asked.view(seat) == not_asked.view(seat)
    if after != holder:
        assert asked.view(after).attack is None
        assert asked.view(after).decision == "wait"
    asked.apply("decline")
    for seat in range(players):
        if seat != holder:
            assert asked.view(seat) == not_asked.view(seat)


@pytest.mark.parametrize(
    ("hazard", "before", "battle_after", "speed_after"),
    [
        ("stop", tableau("roll", "speed-limit"), "roll", ""),
        ("speed-limit", tableau("roll stop"), "roll", ""),
        ("speed-limit", tableau("roll accident"), "roll accident", ""),
        ("speed-limit", tableau(), "", ""),
    ],
    ids=[
        "against Stop it also clears the Speed Limit",
        "against Speed Limit it also clears the Stop",
        "against Speed Limit it leaves an Accident",
        "against Speed Limit before starting: rolling",
    ],
)
def test_right_of_way_coup_fourre_clears_stop_and_speed_limit(
    hazard: str, before: dict[str, list[str]], battle_after: str, speed_after: str
) -> None:
    deal = deal_at(
        hands={0: f"{hazard} 25 25 25 25 25 25", 1: "right-of-way 100 100 100 100 100"},
        sides={0: ROLLING, 1: before},
        stock="75 50 25",
    )
    deal.apply(f"attack {hazard} 1")
    deal.apply("coup-fourre")
    side = deal.view(1).sides[1]
    assert [c.notation for c in side.battle] == cards(battle_after)
    assert [c.notation for c in side.speed] == cards(speed_after)
    assert side.coups_fourres == (Card.RIGHT_OF_WAY,)
    if battle_after.endswith("accident"):
        assert_illegal(deal, "play 100", "stopped by Accident")
    else:
        assert_legal(deal, "play 100")  # no Roll needed, no limit left


def test_a_safety_in_the_turn_after_a_coup_fourre_earns_another_turn() -> None:
    deal = deal_at(
        hands={0: "accident 25 25 25 25 25 25", 1: "driving-ace extra-tank 50 50 50 50"},
        sides={0: ROLLING, 1: ROLLING},
        stock="75 100 200 25",
    )
    deal.apply("attack accident 1")
    deal.apply("coup-fourre")
    deal.apply("play extra-tank")
    assert (deal.to_act, deal.decision) == (1, "turn")
    assert deal.hand(1) == hand_of("50 50 50 50 75 100 200")
    assert deal.view(1).sides[1].coups_fourres == (Card.DRIVING_ACE,)


def test_a_coup_fourre_with_the_stock_empty_draws_nothing_but_still_plays_at_once() -> None:
    deal = deal_at(
        "dujardin",
        3,
        hands={0: "accident 25", 1: "50 50", 2: "driving-ace 100 75"},
        sides={0: ROLLING, 1: ROLLING, 2: ROLLING},
        stock="",
    )
    deal.apply("attack accident 2")
    assert deal.decision == "coup-fourre"
    deal.apply("coup-fourre")
    assert (deal.to_act, deal.decision) == (2, "turn")
    assert deal.hand(2) == hand_of("100 75")
    deal.apply("play 100")
    assert deal.to_act == 0


def test_a_coup_fourre_with_one_card_left_redraws_it_and_the_turn_draws_nothing() -> None:
    deal = deal_at(
        hands={0: "stop 25 25 25 25 25 25", 1: "right-of-way 50 50 50 50 50"},
        sides={0: ROLLING, 1: ROLLING},
        stock="200",
    )
    deal.apply("attack stop 1")
    deal.apply("coup-fourre")
    assert deal.hand(1) == hand_of("50 50 50 50 50 200")
    assert deal.view(1).stock_size == 0


def test_a_coup_fourre_caller_left_without_cards_passes_its_turn_on() -> None:
    deal = deal_at(
        hands={0: "flat-tire 25", 1: "puncture-proof"},
        sides={0: ROLLING, 1: ROLLING},
        stock="",
    )
    deal.apply("attack flat-tire 1")
    deal.apply("coup-fourre")
    assert deal.view(0).sides[1].coups_fourres == (Card.PUNCTURE_PROOF,)
    assert (deal.to_act, deal.decision) == (0, "turn")


def test_only_the_matching_safety_is_offered_a_coup_fourre() -> None:
    deal = deal_at(
        hands={0: "flat-tire 25 25 25 25 25 25", 1: "extra-tank driving-ace right-of-way 50 50 50"},
        sides={0: ROLLING, 1: ROLLING},
        stock="75",
    )
    deal.apply("attack flat-tire 1")
    assert (deal.to_act, deal.decision) == (1, "turn")


def test_a_safety_played_on_ones_own_turn_is_not_a_coup_fourre() -> None:
    deal = deal_at(
        hands={0: "25 25 25 25 25 25 25", 1: "puncture-proof 50 50 50 50 50"},
        sides={0: ROLLING, 1: tableau("roll flat-tire")},
        stock="75 100",
    )
    deal.apply("discard 25")
    assert_illegal(deal, "coup-fourre", "there is no attack to answer")
    deal.apply("play puncture-proof")
    assert deal.view(1).sides[1].coups_fourres == ()


@pytest.mark.parametrize(
    ("action", "reason"),
    [("extend", "there is no extension to decide"), ("finish", "there is no extension")],
)
def test_extension_answers_are_refused_outside_the_extension(action: str, reason: str) -> None:
    assert_illegal(deal_at(hands={0: "25"}, stock="50"), action, reason)
