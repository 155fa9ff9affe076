"""Positions and records mutated at random: every value of every type, keys removed, items
added. Loading one either raises PositionError or gives a deal that plays to its end."""

from __future__ import annotations

import copy
import functools
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from millebornes import Deal, Match, PositionError, load_record, match_record
from millebornes.core.position import from_position, position_data, to_position
from millebornes.core.records import deal_record

# Values of every JSON type, some close to valid ones (a seat, a card, a pile, a move).
ODD_VALUES: list[Any] = [
    None, True, False, 0, 1, 2, 3, -1, 5, 700, 1000, 10**30, 1.5, -0.0, float("nan"), "",
    "turn", "over", "coup-fourre", "extension", "wait", "dujardin", "parker", "75", "stop",
    "play 75", "batle", [], [0], ["75"], ["stop", "roll"], [None], [[]], [{}], {},
    {"seat": 0, "action": "discard 75"}, {"by": 1, "hazard": "stop"}, {"battle": ["roll"]},
]  # fmt: skip


def mutated(data: Any, rng: random.Random) -> Any:
    """``data`` with one place replaced, removed or grown by an item. The place is found by
    descending from the top, a random key or item at each level, stopping at random: every field
    is as likely as another, however long its lists."""
    data = copy.deepcopy(data)
    parent, place = data, rng.choice(list(data))
    while isinstance(parent[place], dict | list) and parent[place] and rng.random() < 0.6:
        child = parent[place]
        parent, place = (
            child,
            rng.choice(list(child) if isinstance(child, dict) else range(len(child))),
        )
    kind = rng.choice(["replace", "replace", "remove", "add"])
    value = copy.deepcopy(rng.choice(ODD_VALUES))
    if kind == "replace":
        parent[place] = value
    elif kind == "remove":
        del parent[place]
    elif isinstance(parent[place], list):
        parent[place].insert(rng.randrange(len(parent[place]) + 1), value)
    elif isinstance(parent[place], dict):
        parent[place][rng.choice(["extra", "batle", "seat", "kind", "version"])] = value
    else:
        parent[place] = value
    return data


def played_to_the_end(game: Deal | Match, rng: random.Random) -> None:
    """Play random legal actions to the end of the deal (of the deal in play, for a match),
    showing every seat to act its view, and score it."""
    deal = game if isinstance(game, Deal) else game.deal
    for _ in range(1000):
        if deal.is_over:
            break
        seat = game.to_act
        assert seat is not None
        game.view(seat)
        game.apply(rng.choice(game.legal_actions()))
    assert deal.is_over
    deal.score()


@functools.cache
def positions() -> list[dict[str, Any]]:
    """Valid positions of each kind of decision, from random play: the first found of each kind,
    made once a process when a test first asks (not while the tests are collected)."""
    found: dict[str, dict[str, Any]] = {}
    for rules, players, race in [
        ("dujardin", 2, None),
        ("parker", 2, 700),
        ("winning-moves", 4, None),
    ]:
        for seed in range(40):
            deal = Deal.new(rules, players, seed, race=race)
            rng = random.Random(seed)
            while not deal.is_over:
                deal.apply(rng.choice(deal.legal_actions()))
                kind = f"{rules}-{deal.decision}-{len(deal.history) > 30}"
                if kind not in found:  # a position's data made only for the first of its kind
                    found[kind] = position_data(deal)
    return list(found.values())


@functools.cache
def records() -> list[dict[str, Any]]:
    rng = random.Random(3)
    deal = Deal.new("parker", 3, 4)
    for _ in range(25):
        deal.apply(rng.choice(deal.legal_actions()))
    loaded = from_position(to_position(deal))
    for _ in range(10):
        loaded.apply(rng.choice(loaded.legal_actions()))
    match = Match("dujardin", 2, 5, target=1000)
    while len(match.finished) < 1 or len(match.deal.history) < 8:
        match.apply(rng.choice(match.legal_actions()))
    return [deal_record(deal), deal_record(loaded), match_record(match)]


@pytest.mark.slow
@settings(max_examples=2000, deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_a_mutated_position_is_refused_or_plays_to_its_end(seed: int) -> None:
    rng = random.Random(seed)
    data = mutated(rng.choice(positions()), rng)
    try:
        deal = from_position(json.dumps(data))
    except PositionError:
        return
    played_to_the_end(deal, rng)


@pytest.mark.slow
@settings(max_examples=1000, deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_a_mutated_record_is_refused_or_plays_to_its_end(seed: int) -> None:
    rng = random.Random(seed)
    data = mutated(rng.choice(records()), rng)
    try:
        game = load_record(json.dumps(data))
    except PositionError:
        return
    played_to_the_end(game, rng)


@pytest.mark.parametrize("index", range(3))
def test_the_positions_mutated_are_valid(index: int) -> None:
    data = positions()[index]
    assert position_data(from_position(data)) == data
