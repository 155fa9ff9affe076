"""Compact position building for the rule-scenario tests (tests/test_rules_*.py), ``position``
for the bots' judgments (seat 0 to play, cards as lists as in a position record), and ``played``:
a deal or a match played on by bots, for every test that needs one played.

Cards are written in notation separated by spaces (``"roll 100 200"``); piles bottom first, the
stock top first (the next card drawn is the first). A position given with a ``stock`` puts every
deck card placed nowhere at the bottom of the discard pile, so draws are exactly the ones written.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import pytest

from millebornes import Action, Card, Deal, IllegalActionError, Match
from millebornes.bots import Bot, make_bot
from millebornes.core.position import from_position, position_data, to_position
from millebornes.words import LANGUAGES, word


def cards(text: str) -> list[str]:
    return text.split()


def hand_of(text: str) -> list[Card]:
    """A hand as ``Deal.hand`` returns it: card kinds in order."""
    return sorted(Card.parse(card) for card in cards(text))


def tableau(
    battle: str = "", speed: str = "", safeties: str = "", coups: str = "", distance: str = ""
) -> dict[str, list[str]]:
    """One side's tableau; ``coups`` are safeties called as coups-fourrés (also in safeties)."""
    return {
        "battle": cards(battle),
        "speed": cards(speed),
        "safeties": cards(safeties),
        "coups_fourres": cards(coups),
        "distance": cards(distance),
    }


ROLLING = tableau(battle="roll")
SIX = ["25", "25", "50", "50", "75", "75"]  # a filler hand for seats whose cards do not matter


def position(
    hand: list[str],
    sides: list[dict[str, Any]],
    *,
    rules: str = "dujardin",
    others: list[list[str]] | None = None,
    **extra: Any,
) -> Deal:
    """Seat 0 to play with ``hand``; the other seats hold ``others`` (six fillers each by
    default); the unplaced cards make the stock unless ``stock`` is given."""
    players = extra.pop("players", len(sides))
    data = {
        "rules": rules,
        "players": players,
        "to_act": 0,
        "decision": "turn",
        "hands": [hand, *(others or [SIX] * (players - 1))],
        "sides": sides,
        **extra,
    }
    return from_position(data)


def deal_at(
    rules: str = "dujardin",
    players: int = 2,
    *,
    to_act: int | None = 0,
    hands: dict[int, str] | None = None,
    sides: dict[int, dict[str, list[str]]] | None = None,
    stock: str | None = "",
    discard: str = "",
    **fields: Any,
) -> Deal:
    """A deal at the position described; seats and sides not mentioned are empty.

    ``stock=None`` deals the unplaced cards into a stock shuffled by the position's seed.
    Other ``fields`` (race, decision, attack, extended_by, dealer, scores) go in as written.
    """
    sides_count = Deal.new(rules, players).sides_count
    hands = hands or {}
    sides = sides or {}
    data: dict[str, Any] = {
        "rules": rules,
        "players": players,
        "to_act": to_act,
        "hands": [cards(hands.get(seat, "")) for seat in range(players)],
        "sides": [sides.get(side, tableau()) for side in range(sides_count)],
        "discard": cards(discard),
        "stock": None if stock is None else cards(stock),
        **fields,
    }
    return from_position(data)


def assert_legal(deal: Deal, action: str) -> None:
    assert deal.why_illegal(action) is None
    assert Action.parse(action) in deal.legal_actions()


def assert_illegal(deal: Deal, action: str, reason: str) -> None:
    """Illegal everywhere: not listed, explained by why_illegal, refused by apply (unchanged)."""
    before = to_position(deal)
    assert Action.parse(action) not in deal.legal_actions()
    problem = deal.why_illegal(action)
    assert problem is not None
    assert reason in str(problem), str(problem)
    assert all(word(problem, language) for language in LANGUAGES)  # worded in every language
    with pytest.raises(IllegalActionError, match=re.escape(reason)) as refused:
        deal.apply(action)
    assert refused.value.reason == problem
    assert to_position(deal) == before


def check(deal: Deal, action: str, reason: str | None) -> None:
    """``reason`` None: the action is legal; otherwise a fragment of the message refusing it."""
    if reason is None:
        assert_legal(deal, action)
    else:
        assert_illegal(deal, action, reason)


def reshuffled(deal: Deal, seat: int, rng: random.Random) -> Deal:
    """The same deal with every card ``seat`` cannot see (the other hands and the stock) dealt
    again among those places, each hand keeping its size: what a seat's choice must not depend
    on."""
    data = position_data(deal)
    others = [s for s in range(deal.players) if s != seat]
    pool = [card for s in others for card in data["hands"][s]] + data["stock"]
    rng.shuffle(pool)
    for s in others:
        size = len(data["hands"][s])
        data["hands"][s], pool = pool[:size], pool[size:]
    data["stock"] = pool
    return from_position(data)


Game = TypeVar("Game", Deal, Match)


def played(
    game: Game,
    bots: str | Sequence[Bot] = "random",
    *,
    seed: int | None = None,
    until: Callable[[Game], bool] | None = None,
) -> Game:
    """``game`` (a deal or a match) played on by ``bots`` until ``until(game)`` holds or the game
    is over; in place, and returned.

    ``bots`` is one bot a seat, or a bot's name: then one such bot, seeded with ``seed`` (by
    default the game's), plays every seat, so "random" draws as ``random.Random(seed).choice``
    over the legal actions would."""
    if isinstance(bots, str):
        bots = [make_bot(bots, game.seed if seed is None else seed)] * game.players
    while not game.is_over and (until is None or not until(game)):
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].choose(game.view(seat)))
    return game
