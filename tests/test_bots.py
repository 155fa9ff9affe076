"""Every registered bot, whichever the registry holds when the tests run: it finishes matches of
every preset and table with legal actions only, and its choices depend on its view alone."""

from __future__ import annotations

import dataclasses
import inspect
import random

import pytest

from millebornes import PRESETS, Deal, Match, SettingsError
from millebornes.bots import LEVELS, Bot, BotOptionError, base, bot_names, bot_options, make_bot
from millebornes.tournament import TournamentSettings, run_tournament
from millebornes.words import LANGUAGES
from scenarios import reshuffled

TABLES = [
    pytest.param(name, players, race, id=f"{name}-{players}p-{race}")
    for name, rules in PRESETS.items()
    for players, seating in rules.seatings.items()
    for race in seating.races
]
MASTER_OPTIONS = (
    "confidence, discards_searched, final_share, iterations, keeping_swaps, margin_scale,"
    " particles, refresh, safety_confidence, seconds, target, unexpected, unexpected_weight"
)
# Search bots take a budget; these keep them fast enough for the suite (see bots/master.py).
# Master follows 300 hands of the other seats, not 2000: its beliefs and search reach every
# branch they reach with 2000 (coverage over whole deals at every table), in a fifth of the time.
SMALL_BUDGETS = {"iterations": 2, "particles": 300}
# Master's whole deals take 10 s and more even so.
BOTS_QUICK_OR_SLOW = [
    pytest.param(name, marks=pytest.mark.slow) if name == "master" else name for name in bot_names()
]


def small_bot(name: str, seed: int) -> Bot:
    """The bot called ``name``, with the smallest budget among the options it accepts."""
    options = {key: value for key, value in SMALL_BUDGETS.items() if key in bot_options(name)}
    return make_bot(name, seed, **options)


@pytest.mark.parametrize("name", bot_names())
def test_each_bot_declares_the_options_its_factory_takes(name: str) -> None:
    bot = make_bot(name)
    parameters = inspect.signature(type(bot)).parameters
    assert "seed" in parameters
    if any(parameter.kind is parameter.VAR_KEYWORD for parameter in parameters.values()):
        # Options gathered in a configuration dataclass (master's MasterConfig): its fields.
        assert bot_options(name) == {knob.name for knob in dataclasses.fields(vars(bot)["config"])}
    else:
        assert bot_options(name) == set(parameters) - {"seed"}


def test_a_level_takes_the_options_of_its_bot() -> None:
    for level, name in LEVELS.items():
        assert bot_options(level) == bot_options(name)


@pytest.mark.parametrize(
    ("name", "options", "message"),
    [
        (
            "master",
            {"iteration": 5},
            f"master takes {MASTER_OPTIONS}, seed; not 'iteration'",
        ),
        (
            "hard",
            {"depth": 1, "width": 2},
            f"master takes {MASTER_OPTIONS}, seed; not 'depth', 'width'",
        ),
        ("expert", {"iterations": 5}, "expert takes only seed; not 'iterations'"),
    ],
)
def test_an_option_the_bot_does_not_declare_is_refused_by_name(
    name: str, options: dict[str, object], message: str
) -> None:
    with pytest.raises(BotOptionError) as caught:
        make_bot(name, 0, **options)
    assert str(caught.value) == message


def test_an_unknown_bot_is_a_settings_error() -> None:
    with pytest.raises(SettingsError, match="unknown bot 'wizard'; bots are: "):
        bot_options("wizard")


class BrokenBot:
    """A bot with a bug in its constructor: a TypeError nobody should mistake for an option."""

    name = "broken"

    def __init__(self, seed: int = 0, depth: int = 1) -> None:
        raise TypeError("a bug inside the bot")


def test_a_type_error_inside_a_bot_surfaces_as_the_bug_it_is(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(base._REGISTRY, "broken", BrokenBot)
    monkeypatch.setitem(base._OPTIONS, "broken", frozenset({"depth"}))
    settings = TournamentSettings(
        bots=("broken", "random"), decks=1, options={"broken": {"depth": 2}}
    )
    with pytest.raises(TypeError, match="a bug inside the bot") as caught:
        run_tournament(settings)
    assert not isinstance(caught.value, ValueError)


@pytest.mark.parametrize("name", BOTS_QUICK_OR_SLOW)
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
        reason = bots[seat].reason
        assert reason is not None, f"{name} gave no reason for {action}"
        # Every reason a bot gives is worded in every language, its parameters all filled.
        assert all(reason.word(language) for language in LANGUAGES)
        match.apply(action)
        decisions += 1
    assert max(match.scores) >= 1000
    assert decisions >= 2 * players


@pytest.mark.parametrize("name", BOTS_QUICK_OR_SLOW)
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
