"""Every registered bot, whichever the registry holds when the tests run: it finishes matches of
every preset and table with legal actions only, and its choices depend on its view alone."""

from __future__ import annotations

import inspect
import random

import pytest

from millebornes import PRESETS, Deal, Match
from millebornes.bots import Bot, bot_names, make_bot
from scenarios import reshuffled

TABLES = [
    pytest.param(name, players, race, id=f"{name}-{players}p-{race}")
    for name, rules in PRESETS.items()
    for players, table in rules.tables.items()
    for race in table.races
]
# Search bots take a budget; these keep them fast enough for the suite (see bots/master.py).
SMALL_BUDGETS = {"iterations": 2}


def small_bot(name: str, seed: int) -> Bot:
    """The bot called ``name``, with the smallest budget among the options it accepts."""
    factory = type(make_bot(name))
    accepted = inspect.signature(factory).parameters
    options = {key: value for key, value in SMALL_BUDGETS.items() if key in accepted}
    return make_bot(name, seed, **options)


@pytest.mark.parametrize("name", bot_names())
@pytest.mark.parametrize(("rules", "players", "race"), TABLES)
def test_every_bot_finishes_matches_with_legal_actions(
    name: str, rules: str, players: int, race: int
) -> None:
    match = Match(rules, players, seed=players, race=race, target=1000)
    bots = [small_bot(name, seed=seat) for seat in range(players)]
    decisions = 0
    while not match.is_over:
        seat = match.to_act
        assert seat is not None
        view = match.view(seat)
        action = bots[seat].choose(view)
        assert action in view.legal, f"{name} chose {action}, not among {view.legal}"
        assert bots[seat].reason, f"{name} gave no reason for {action}"
        match.apply(action)
        decisions += 1
    assert max(match.scores) >= 1000
    assert decisions >= 2 * players


@pytest.mark.parametrize("name", bot_names())
@pytest.mark.parametrize(
    ("rules", "players"), [("dujardin", 2), ("winning-moves", 4), ("parker", 3)]
)
def test_no_bot_sees_hidden_cards(name: str, rules: str, players: int) -> None:
    """At every decision of a deal, a twin bot (same seed, same past views) is shown the deal
    with the hidden cards dealt again: it must choose exactly as the bot shown the real deal."""
    deal = Deal.new(rules, players, seed=11)
    bots = [small_bot(name, seed=seat) for seat in range(players)]
    twins = [small_bot(name, seed=seat) for seat in range(players)]
    rng = random.Random(5)
    decisions = 0
    while not deal.is_over:
        seat = deal.to_act
        assert seat is not None
        twin_deal = reshuffled(deal, seat, rng)
        hidden = [deal.hands[s] for s in range(players) if s != seat] + [deal.stock]
        twin_hidden = [twin_deal.hands[s] for s in range(players) if s != seat] + [twin_deal.stock]
        decisions += hidden != twin_hidden
        action = bots[seat].choose(deal.view(seat))
        assert twins[seat].choose(twin_deal.view(seat)) == action
        assert twins[seat].reason == bots[seat].reason
        deal.apply(action)
    assert decisions >= 20  # the hidden cards really differed, again and again
