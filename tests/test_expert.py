"""The judgments of the ``expert`` and ``greedy`` bots on hand-built positions, and the card
counting they rest on (``bots/knowledge.py``)."""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any

import pytest

from millebornes import Action, Card, Deal
from millebornes.bots import make_bot
from millebornes.bots.expert import EXPERT_2028
from millebornes.bots.judge import Facts, chance_among, km_in_hand
from millebornes.bots.knowledge import Knowledge
from millebornes.core.actions import DISCARDS, PLAYS
from millebornes.core.cards import SAFETIES
from scenarios import ROLLING, SIX, position


def expert_choice(deal: Deal) -> tuple[Action, str]:
    bot = make_bot("expert")
    action = bot.choose(deal.view(0))
    return action, str(bot.reason)


def greedy_choice(deal: Deal) -> Action:
    return make_bot("greedy").choose(deal.view(0))


# ------------------------------------------------------------------ card counting


def test_unseen_cards_are_exactly_the_other_hands_and_the_stock() -> None:
    for seed in range(6):
        deal = Deal.new("winning-moves", 4, seed)
        rng = random.Random(seed)
        while (seat := deal.to_act) is not None:
            knowledge = Knowledge(deal.view(seat))
            truth = Counter(deal.stock)
            for other in range(deal.players):
                if other != seat:
                    truth.update({card: n for card, n in enumerate(deal.hands[other]) if n})
            assert knowledge.unseen == [truth[card] for card in range(len(Card))]
            assert knowledge.hidden == len(deal.stock) + sum(
                size for other, size in enumerate(deal.hand_sizes) if other != seat
            )
            deal.apply(rng.choice(deal.legal_actions()))


@pytest.mark.parametrize(
    ("copies", "drawn", "pool"), [(1, 6, 40), (3, 6, 40), (2, 10, 12), (5, 1, 9), (4, 7, 30)]
)
def test_chance_among_is_the_hypergeometric_chance_of_at_least_one(
    copies: int, drawn: int, pool: int
) -> None:
    none = math.comb(pool - copies, drawn) / math.comb(pool, drawn)
    assert chance_among(copies, drawn, pool) == pytest.approx(1 - none)


def test_chance_among_edges() -> None:
    assert chance_among(0, 6, 40) == 0.0
    assert chance_among(2, 0, 40) == 0.0
    assert chance_among(3, 6, 8) == 1.0  # only 5 other cards: one of the three must be drawn


def test_plainly_useless_cards() -> None:
    deal = position(
        ["200", "100", "gasoline", "roll", "accident", "stop", "spare-tire"],
        [
            {
                **ROLLING,
                "distance": ["200", "200", "100", "100", "100", "75", "25"],
                "safeties": ["extra-tank"],
            },
            {"battle": ["roll"], "safeties": ["driving-ace"]},
        ],
    )
    view = deal.view(0)
    facts = Facts.of_view(view)
    useless = {card for card in view.hand if facts.useless(card)}
    # 900 km laid: a 200 would be a third and pass 1000; Extra Tank makes Gasoline useless;
    # the other side is safe from Accidents.
    assert useless == {Card.D200, Card.GASOLINE, Card.ACCIDENT}


OTHER_SAFE = {"safeties": ["right-of-way", "extra-tank", "puncture-proof", "driving-ace"]}
ACCIDENT = {"battle": ["roll", "accident"]}  # stopped, with no Repairs in the hands below


@pytest.mark.parametrize(
    ("hand", "sides", "choice", "reason"),
    [
        (
            ["100", "75", "50", "25", "roll", "gasoline", "stop"],
            [{"battle": ["roll", "stop"]}, {"safeties": ["right-of-way"]}],
            "play roll",
            "Roll mends the Stop",
        ),
        (
            ["100", "75", "50", "25", "roll", "gasoline", "stop"],
            [{}, {"safeties": ["right-of-way"]}],
            "play roll",
            "Roll: the car is stopped",
        ),
        (
            ["100", "75", "50", "gasoline", "spare-tire", "repairs", "roll"],
            [{**ROLLING, "distance": ["100"]}, {**ROLLING, "distance": ["200"]}],
            "play 100",
            "100 km: 800 km to go",
        ),
        (
            ["200", "25", "gasoline", "spare-tire", "repairs", "roll", "roll"],
            [{**ROLLING, "distance": ["100"]}, OTHER_SAFE],
            "play 200",
            "200 km: 700 km to go, though it costs the no-200 bonus",
        ),
        (
            ["200", "100", "gasoline", "spare-tire", "repairs", "end-of-limit", "roll"],
            [{**ROLLING, "speed": ["speed-limit"]}, OTHER_SAFE],
            "play end-of-limit",
            "End of Limit: the big cards wait",
        ),
        (
            ["100", "75", "50", "gasoline", "spare-tire", "repairs", "roll"],
            [{**ROLLING, "distance": ["200", "200", "100", "100", "100", "100", "100"]}, {}],
            "play 100",
            "100 km completes the trip",
        ),
        (
            ["roll", "roll", "gasoline", "spare-tire", "end-of-limit", "100", "75"],
            [ACCIDENT, {"safeties": ["right-of-way"]}],
            "discard roll",
            "Discard Roll: a spare copy",
        ),
        (
            ["200", "100", "gasoline", "roll", "spare-tire", "end-of-limit", "75"],
            [{**ACCIDENT, "distance": ["200", "200"]}, {"safeties": ["right-of-way"]}],
            "discard 200",
            "Discard 200 km: it can never be played",
        ),
        (
            ["100", "75", "50", "gasoline", "spare-tire", "end-of-limit", "roll"],
            [ACCIDENT, {"safeties": ["right-of-way"]}],
            "discard 50",
            "Discard 50 km: the card least worth keeping",
        ),
    ],
)
def test_expert_says_why_it_mends_drives_and_discards(
    hand: list[str], sides: list[dict[str, Any]], choice: str, reason: str
) -> None:
    assert expert_choice(position(hand, sides)) == (Action.parse(choice), reason)


def test_a_plainly_useless_card_is_never_legal_but_to_discard() -> None:
    """Along whole deals: a card the facts call useless has no legal action but its discard,
    and the expert counts it worth nothing to keep; a safety is never useless."""
    expert = make_bot("expert")
    useless_seen = 0
    for seed in range(6):
        deal = Deal.new("dujardin", 3, seed)
        while (seat := deal.to_act) is not None:
            view = deal.view(seat)
            facts = Facts.of_view(view)
            for card in set(view.hand):
                if facts.useless(card):
                    useless_seen += 1
                    assert not card.is_safety
                    assert [a for a in view.legal if a.card is card] in ([], [DISCARDS[card]])
                    assert EXPERT_2028.keep_value(facts, card, km_in_hand(facts.hand)) == 0.0
            deal.apply(expert.choose(view))
    assert useless_seen > 30


# ------------------------------------------------------------------ expert: safeties


def test_expert_keeps_a_safety_while_its_hazard_is_unseen() -> None:
    deal = position(
        ["100", "75", "50", "gasoline", "spare-tire", "end-of-limit", "driving-ace"],
        [{**ROLLING, "distance": ["100"]}, {}],
    )
    action, _ = expert_choice(deal)
    assert action == Action.parse("play 100")


def test_expert_lays_a_safety_once_every_hazard_it_prevents_is_seen() -> None:
    deal = position(
        ["100", "75", "50", "gasoline", "spare-tire", "end-of-limit", "driving-ace"],
        [{**ROLLING, "distance": ["100"]}, {}],
        discard=["accident", "accident", "accident"],
    )
    action, reason = expert_choice(deal)
    assert action == Action.parse("play driving-ace")
    assert "seen" in reason


def test_expert_lays_right_of_way_when_it_gets_the_car_rolling() -> None:
    deal = position(["100", "75", "50", "stop", "gasoline", "spare-tire", "right-of-way"], [{}, {}])
    action, reason = expert_choice(deal)
    assert action == Action.parse("play right-of-way")
    assert "rolling" in reason


def test_expert_lays_right_of_way_at_once_even_while_rolling() -> None:
    # Unlike the other safeties, not kept for a coup-fourré: Dujardin advises laying it at once.
    deal = position(
        ["100", "75", "50", "gasoline", "spare-tire", "repairs", "right-of-way"],
        [{**ROLLING, "distance": ["100"]}, {}],
    )
    action, reason = expert_choice(deal)
    assert action == Action.parse("play right-of-way")
    assert "Dujardin" in reason


def test_expert_clears_a_hazard_with_its_safety_rather_than_the_remedy() -> None:
    deal = position(
        ["100", "75", "50", "roll", "spare-tire", "repairs", "puncture-proof"],
        [{"battle": ["roll", "flat-tire"], "distance": ["100"]}, {}],
    )
    action, _ = expert_choice(deal)
    assert action == Action.parse("play puncture-proof")


def test_expert_lays_its_safeties_before_the_winning_distance() -> None:
    deal = position(
        ["100", "75", "50", "roll", "spare-tire", "repairs", "extra-tank"],
        [{**ROLLING, "distance": ["200", "200", "100", "100", "100", "100", "100"]}, {}],
    )
    action, reason = expert_choice(deal)
    assert action == Action.parse("play extra-tank")
    assert "scores nothing" in reason
    deal.apply(action)
    assert make_bot("expert").choose(deal.view(0)) == Action.parse("play 100")


def test_expert_lays_its_safeties_when_another_side_can_finish_next_turn() -> None:
    deal = position(
        ["100", "75", "50", "gasoline", "spare-tire", "end-of-limit", "driving-ace"],
        [{**ROLLING, "distance": ["100"]}, {**ROLLING, "distance": ["200"] + ["100"] * 6}],
    )
    action, reason = expert_choice(deal)
    assert action == Action.parse("play driving-ace")
    assert "may end" in reason


@pytest.mark.parametrize("name", ["expert", "greedy"])
def test_coup_fourre_is_always_called(name: str) -> None:
    deal = position(
        ["100", "75", "50", "gasoline", "spare-tire", "driving-ace"],
        [{"battle": ["roll", "accident"]}, ROLLING],
        decision="coup-fourre",
        attack={"by": 1, "hazard": "accident"},
    )
    assert make_bot(name).choose(deal.view(0)) == Action.parse("coup-fourre")


# ------------------------------------------------------------------ expert: discards


def test_expert_discards_a_remedy_whose_hazards_are_all_seen() -> None:
    # Stopped by an Accident without Repairs; the other side has Right of Way, so no attack.
    deal = position(
        ["100", "100", "75", "50", "25", "roll", "spare-tire"],
        [{"battle": ["roll", "accident"]}, {"safeties": ["right-of-way"]}],
        discard=["flat-tire", "flat-tire", "flat-tire"],
    )
    action, reason = expert_choice(deal)
    assert action == Action.parse("discard spare-tire")
    assert "seen" in reason


def test_expert_discards_a_remedy_its_own_safety_makes_useless() -> None:
    deal = position(
        ["100", "100", "75", "50", "25", "roll", "gasoline"],
        [
            {"battle": ["roll", "accident"], "safeties": ["extra-tank"]},
            {"safeties": ["right-of-way"]},
        ],
    )
    action, _ = expert_choice(deal)
    assert action == Action.parse("discard gasoline")


def test_expert_discards_a_remedy_whose_safety_it_holds() -> None:
    # Stopped by an Accident without Repairs; the other side has Right of Way, so no attack.
    # Puncture-Proof in hand answers any Flat Tire with a coup-fourré: the Spare Tire is dead.
    # expert-2026 counted it as insurance and threw the 25 away instead.
    deal = position(
        ["100", "100", "75", "50", "25", "puncture-proof", "spare-tire"],
        [{"battle": ["roll", "accident"]}, {"safeties": ["right-of-way"]}],
    )
    action, reason = expert_choice(deal)
    assert action == Action.parse("discard spare-tire")
    assert "Puncture-Proof in hand" in reason
    assert make_bot("expert-2026").choose(deal.view(0)) == Action.parse("discard 25")


def test_expert_counts_both_partners_stopped_at_two_teams() -> None:
    # Not rolling, no Roll in hand: a Speed Limit on the rolling side, or a spare 25 thrown away.
    # With two sides of partners the limit slows both seats of the other side, and all it costs
    # them is this side's gain: expert attacks, where expert-2027 still discards.
    hand = ["25", "25", "50", "75", "200", "speed-limit", "gasoline"]
    teams = position(hand, [{}, ROLLING], rules="winning-moves", players=4)
    action, reason = expert_choice(teams)
    assert action == Action.parse("attack speed-limit 1")
    assert "Speed Limit on side 2" in reason
    assert make_bot("expert-2027").choose(teams.view(0)) == Action.parse("discard 25")


@pytest.mark.parametrize(
    ("rules", "players"), [("dujardin", 2), ("dujardin", 4), ("dujardin", 6), ("parker", 3)]
)
def test_expert_2027_is_the_expert_where_no_two_teams_meet(rules: str, players: int) -> None:
    # The team-attack rule changes nothing at other tables: the baseline makes every choice of
    # the expert along whole deals.
    expert, baseline = make_bot("expert"), make_bot("expert-2027")
    for seed in range(3):
        deal = Deal.new(rules, players, seed)
        while (seat := deal.to_act) is not None:
            view = deal.view(seat)
            action = expert.choose(view)
            assert baseline.choose(view) == action
            deal.apply(action)


def test_expert_never_discards_a_safety() -> None:
    # Stopped with nothing to mend and nothing to attack: a safety is laid, not thrown away.
    deal = position(
        ["extra-tank", "puncture-proof", "driving-ace", "right-of-way"],
        [{"battle": ["roll", "accident"]}, {"safeties": []}],
    )
    action, _ = expert_choice(deal)
    assert action in [PLAYS[safety] for safety in SAFETIES]


# ------------------------------------------------------------------ expert: attacks


def test_expert_attacks_the_side_nearest_the_finish() -> None:
    deal = position(
        ["100", "75", "50", "stop", "gasoline", "spare-tire", "repairs"],
        [
            ROLLING,
            {**ROLLING, "distance": ["100", "100"]},
            {**ROLLING, "distance": ["200", "200", "100", "100", "100", "100"]},
        ],
    )
    action, _ = expert_choice(deal)
    assert action == Action.parse("attack stop 2")


def test_expert_attacks_the_side_leading_the_match_when_the_deal_is_level() -> None:
    deal = position(
        ["100", "75", "50", "stop", "gasoline", "spare-tire", "repairs"],
        [ROLLING, {**ROLLING, "distance": ["100", "100"]}, {**ROLLING, "distance": ["200"]}],
        scores=[1000, 3000, 1500],
    )
    action, _ = expert_choice(deal)
    assert action == Action.parse("attack stop 1")


def test_expert_prefers_the_side_that_let_the_same_hazard_pass() -> None:
    # Side 2 took an Accident without a coup-fourré: it is less likely to hold Driving Ace.
    deal = position(
        ["100", "75", "50", "accident", "gasoline", "spare-tire", "roll"],
        [
            ROLLING,
            {**ROLLING, "distance": ["200"]},
            {"battle": ["roll", "accident", "repairs", "roll"], "distance": ["200"]},
        ],
    )
    action, reason = expert_choice(deal)
    assert action == Action.parse("attack accident 2")
    assert "Driving Ace" in reason


def test_expert_prefers_the_hazard_whose_safety_it_holds() -> None:
    deal = position(
        ["100", "75", "50", "accident", "flat-tire", "puncture-proof", "roll"],
        [ROLLING, {**ROLLING, "distance": ["200"]}],
    )
    action, reason = expert_choice(deal)
    assert action == Action.parse("attack flat-tire 1")
    assert "no risk" in reason


def test_expert_prefers_a_hazard_whose_remedies_are_scarce() -> None:
    # Five of the six Gasolines are seen, every Repairs is still unseen.
    deal = position(
        ["100", "75", "50", "accident", "out-of-gas", "spare-tire", "roll"],
        [ROLLING, {**ROLLING, "distance": ["200"]}],
        discard=["gasoline"] * 5,
    )
    action, _ = expert_choice(deal)
    assert action == Action.parse("attack out-of-gas 1")


# ------------------------------------------------------------------ expert: driving and bonuses


def test_expert_keeps_the_finish_reachable_with_its_hand() -> None:
    # 125 km to go: 100 leaves 25 (in hand); 75 would leave 50, which the hand cannot make.
    deal = position(
        ["100", "75", "25", "gasoline", "spare-tire", "repairs", "end-of-limit"],
        [{**ROLLING, "distance": ["200", "200", "100", "100", "100", "75"]}, {}],
        discard=["stop"] * 5
        + ["speed-limit"] * 4
        + ["out-of-gas"] * 3
        + ["flat-tire"] * 3
        + ["accident"] * 3,
    )
    action, _ = expert_choice(deal)
    assert action == Action.parse("play 100")


def _delayed_action_position(opponent_hand: list[str]) -> Deal:
    """winning-moves, side 0 at 900 km holding the finishing 100; one card left in the stock, so
    it runs out before seat 0 plays again. Every card placed nowhere is discarded."""
    return position(
        ["100", "25", "50", "roll", "gasoline", "spare-tire", "repairs"],
        [
            {**ROLLING, "distance": ["200", "200", "100", "100", "100", "100", "100"]},
            {**ROLLING, "distance": ["100", "100", "100"]},
        ],
        rules="winning-moves",
        players=4,
        others=[opponent_hand, SIX, SIX],
        stock=["75"],
    )


def test_expert_waits_for_the_delayed_action_bonus_when_nothing_can_stop_it() -> None:
    action, reason = expert_choice(_delayed_action_position(SIX))
    assert action.verb == "discard"
    assert action.card is not Card.D100
    assert "delayed action" in reason


def test_expert_finishes_at_once_while_a_hazard_could_stop_it() -> None:
    action, _ = expert_choice(_delayed_action_position(["stop", "25", "50", "50", "75", "75"]))
    assert action == Action.parse("play 100")


def _extension_position(other_side: dict[str, Any]) -> Deal:
    return position(
        ["100", "100", "75", "50", "roll", "gasoline"],
        [{**ROLLING, "distance": ["200", "200", "100", "100", "100"]}, other_side],
        rules="parker",
        race=700,
        decision="extension",
    )


def test_expert_extends_when_the_other_side_is_far_behind() -> None:
    action, _ = expert_choice(_extension_position({**ROLLING, "distance": ["100"]}))
    assert action == Action.parse("extend")


def test_expert_stops_at_700_when_the_other_side_is_close() -> None:
    other = {**ROLLING, "distance": ["200", "200", "100", "100"]}
    assert expert_choice(_extension_position(other))[0] == Action.parse("finish")
    assert greedy_choice(_extension_position({**ROLLING})) == Action.parse("finish")


# ------------------------------------------------------------------ greedy


def test_greedy_mends_before_anything_else() -> None:
    deal = position(
        ["200", "100", "stop", "gasoline", "spare-tire", "repairs", "roll"],
        [{"battle": ["roll", "flat-tire"]}, ROLLING],
    )
    assert greedy_choice(deal) == Action.parse("play spare-tire")


def test_greedy_drives_the_biggest_distance_that_fits() -> None:
    deal = position(
        ["200", "100", "75", "stop", "gasoline", "spare-tire", "repairs"],
        [{**ROLLING, "distance": ["200", "200", "100", "100", "100", "100"]}, ROLLING],
    )
    assert greedy_choice(deal) == Action.parse("play 100")  # a 200 would be a third one


def test_greedy_attacks_the_leader_when_it_cannot_drive() -> None:
    deal = position(
        ["stop", "accident", "repairs", "spare-tire", "roll", "roll", "end-of-limit"],
        [
            {"battle": ["roll", "out-of-gas"]},
            {**ROLLING, "distance": ["100"]},
            {**ROLLING, "distance": ["200"]},
        ],
    )
    assert greedy_choice(deal) == Action.parse("attack accident 2")


def test_greedy_discards_a_plainly_useless_card() -> None:
    deal = position(
        ["100", "75", "50", "25", "roll", "gasoline", "spare-tire"],
        [
            {"battle": ["roll", "accident"], "safeties": ["extra-tank"]},
            {"safeties": ["right-of-way"]},
        ],
    )
    assert greedy_choice(deal) == Action.parse("discard gasoline")
