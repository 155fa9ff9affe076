"""Property tests: seeded random deals of every preset, player count and race, with the engine's
invariants checked after every action.

Each test plays a few deals per Hypothesis example; the cheap invariants run on the most deals,
the costly ones (positions, twins, sampled deals) on fewer, thousands of deals in all.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from millebornes import PRESETS, Action, Card, Deal
from millebornes.core.actions import (
    ATTACKS,
    CALL_COUP_FOURRE,
    DECLINE_COUP_FOURRE,
    DISCARDS,
    EXTEND_RACE,
    FINISH_RACE,
    PLAYS,
)
from millebornes.core.cards import KM, SAFETY_FOR
from millebornes.core.position import from_position, position_data, to_position

TABLES = [
    pytest.param(name, players, race, id=f"{name}-{players}p-{race}")
    for name, rules in PRESETS.items()
    for players, seating in rules.seatings.items()
    for race in seating.races
]
EVERY_ACTION: list[Action] = [
    *PLAYS.values(),
    *DISCARDS.values(),
    *(attack for attacks in ATTACKS.values() for attack in attacks),
    CALL_COUP_FOURRE,
    DECLINE_COUP_FOURRE,
    EXTEND_RACE,
    FINISH_RACE,
]
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def random_deals(rules: str, players: int, race: int, seed: int, count: int) -> Iterator[Deal]:
    """``count`` deals dealt and played at random from ``seed`` on, each yielded before and after
    every action."""
    for deal_seed in range(seed, seed + count):
        deal = Deal.new(rules, players, deal_seed, race=race, dealer=deal_seed % players)
        rng = random.Random(deal_seed)
        limit = 2 * sum(deal.rules.deck(players).values()) + 2  # a card an action, and answers
        yield deal
        for _ in range(limit):
            if deal.is_over:
                break
            deal.apply(rng.choice(deal.legal_actions()))
            yield deal
        assert deal.is_over, f"deal {deal_seed} did not end in {limit} actions"


def check_cards(deal: Deal) -> None:
    """Hands, stock, discard and every pile together are exactly the preset's deck."""
    counted: Counter[int] = Counter()
    for hand in deal.hands:
        counted.update({card: n for card, n in enumerate(hand) if n})
    counted.update(deal.stock)
    counted.update(deal.discard)
    for piles in (deal.battle, deal.speed, deal.safeties, deal.distance):
        for pile in piles:
            counted.update(pile)
    deck = deal.rules.deck(deal.players)
    assert {Card(card): n for card, n in counted.items()} == {c: n for c, n in deck.items() if n}
    for side in range(deal.sides_count):
        assert len(set(deal.safeties[side])) == len(deal.safeties[side])
        assert set(deal.coups[side]) <= set(deal.safeties[side])


def check_hands(deal: Deal) -> None:
    """Six cards between turns and seven while choosing, while the stock lasts; never above."""
    for seat, size in enumerate(deal.hand_sizes):
        assert size == sum(deal.hands[seat])
        choosing = deal.decision == "turn" and deal.to_act == seat
        if deal.stock:
            assert size == (7 if choosing else 6)
        else:
            assert size <= (7 if choosing else 6)


def check_tableaux(deal: Deal) -> None:
    """Distance within the race, at most two 200s, no hazard on a hazard, speed piles alternate."""
    for side in range(deal.sides_count):
        distance = deal.distance[side]
        assert deal.km[side] == sum(KM[Card(card)] for card in distance) <= deal.race
        assert deal.twos[side] == distance.count(Card.D200) <= 2
        battle = [Card(card) for card in deal.battle[side]]
        assert not any(a.is_hazard and b.is_hazard for a, b in itertools.pairwise(battle))
        speed = [Card(card) for card in deal.speed[side]]
        assert speed == [
            Card.SPEED_LIMIT if i % 2 == 0 else Card.END_OF_LIMIT for i in range(len(speed))
        ]


def check_actions(deal: Deal) -> None:
    """A legal action exists until the end; notation round-trips; why_illegal agrees."""
    legal = deal.legal_actions()
    assert bool(legal) != deal.is_over
    assert len(set(legal)) == len(legal)
    for action in legal:
        assert Action.parse(str(action)) == action
    for action in EVERY_ACTION:
        assert (deal.why_illegal(action) is None) == (action in legal), action


@pytest.mark.slow
@pytest.mark.parametrize(("rules", "players", "race"), TABLES)
@settings(max_examples=15, deadline=None)
@given(seed=SEEDS)
def test_invariants_hold_after_every_action(rules: str, players: int, race: int, seed: int) -> None:
    for deal in random_deals(rules, players, race, seed, 6):
        check_cards(deal)
        check_hands(deal)
        check_tableaux(deal)
        check_actions(deal)
        if deal.is_over:
            assert len(deal.score()) == deal.sides_count


@pytest.mark.parametrize(("rules", "players", "race"), TABLES)
@settings(max_examples=3, deadline=None)
@given(seed=SEEDS)
def test_apply_legal_takes_a_listed_action_exactly_as_apply(
    rules: str, players: int, race: int, seed: int
) -> None:
    for deal in random_deals(rules, players, race, seed, 2):
        for action in deal.legal_actions():
            checked, trusted = deal.copy(), deal.copy()
            checked.apply(action)
            trusted.apply_legal(action)
            assert trusted == checked
            assert trusted.history == checked.history


@pytest.mark.slow
@pytest.mark.parametrize(("rules", "players", "race"), TABLES)
@settings(max_examples=5, deadline=None)
@given(seed=SEEDS)
def test_positions_round_trip(rules: str, players: int, race: int, seed: int) -> None:
    for deal in random_deals(rules, players, race, seed, 4):
        loaded = from_position(to_position(deal))
        assert loaded == deal
        assert loaded.legal_actions() == deal.legal_actions()
        assert loaded.view(0) == deal.view(0)


def shuffled_twin(deal: Deal, seat: int, rng: random.Random) -> Deal:
    """``deal`` with the cards ``seat`` cannot see (other hands, the stock) dealt anew, each
    hand keeping its size; the safety a coup-fourré offer asks about stays in the asked hand."""
    data = position_data(deal)
    others = [s for s in range(deal.players) if s != seat]
    kept: dict[int, list[str]] = {s: [] for s in others}
    pool = [card for s in others for card in data["hands"][s]] + data["stock"]
    if deal.attack is not None and deal.to_act != seat:
        assert deal.to_act is not None
        asked_safety = SAFETY_FOR[Card(deal.attack[1])].notation
        kept[deal.to_act].append(asked_safety)
        pool.remove(asked_safety)
    rng.shuffle(pool)
    for s in others:
        size = len(data["hands"][s]) - len(kept[s])
        data["hands"][s] = kept[s] + pool[:size]
        del pool[:size]
    data["stock"] = pool
    return from_position(data)


@pytest.mark.slow
@pytest.mark.parametrize(("rules", "players", "race"), TABLES)
@settings(max_examples=5, deadline=None)
@given(seed=SEEDS)
def test_views_ignore_hidden_cards(rules: str, players: int, race: int, seed: int) -> None:
    rng = random.Random(seed)
    for deal in random_deals(rules, players, race, seed, 4):
        seat = rng.randrange(players)
        view = deal.view(seat)
        deciding = view.decision not in ("wait", "over")
        assert view.legal == (tuple(deal.legal_actions()) if deciding else ())
        assert len(view.hand) == view.hand_sizes[seat]
        assert sum(view.hand_sizes) + view.stock_size == sum(deal.hand_sizes) + len(deal.stock)
        assert shuffled_twin(deal, seat, rng).view(seat) == view
        # A seat kept waiting on its own turn (a coup-fourré offer elsewhere) cannot be rebuilt.
        if not (view.decision == "wait" and view.to_act == seat):
            assert Deal.from_view(view, rng).view(seat) == view


@pytest.mark.parametrize(("rules", "players", "race"), TABLES)
@settings(max_examples=10, deadline=None)
@given(seed=SEEDS)
def test_a_coup_fourre_offer_is_invisible(rules: str, players: int, race: int, seed: int) -> None:
    """While a seat is asked, the other seats (but the one about to draw) see the table exactly
    as they would if nobody could answer: as after the asked seat declines."""
    for deal in random_deals(rules, players, race, seed, 10):
        if deal.decision != "coup-fourre":
            continue
        event("coup-fourré offered")
        declined = deal.copy()
        declined.apply(DECLINE_COUP_FOURRE)
        for seat in range(players):
            if seat not in (deal.to_act, declined.to_act):
                assert deal.view(seat) == declined.view(seat), seat
