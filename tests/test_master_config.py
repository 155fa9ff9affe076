"""Master's knobs (``MasterConfig``): ``make_bot("master", ...)`` takes every one by name, as a
value or as command-line text, refuses an unknown name with the list of known ones and a bad
value with what it accepts, and each knob reaches the part of master it sets."""

from __future__ import annotations

import dataclasses

import pytest

from millebornes import Deal
from millebornes.bots import BotOptionError, bot_options, make_bot
from millebornes.bots.master import MasterBot, MasterConfig
from millebornes.bots.master.config import DEFAULT_ITERATIONS, DEFAULT_SECONDS
from millebornes.core.actions import Verb
from millebornes.tournament import TournamentSettings
from millebornes.tournament.game import build_bot

# Every knob, as command-line text, and the value master takes from it (not its default).
GIVEN = {
    "iterations": ("500", 500),
    "seconds": ("0.25", 0.25),
    "target": ("1000", 1000),
    "confidence": ("0.75", 0.75),
    "safety_confidence": ("2", 2.0),
    "final_share": ("0.4", 0.4),
    "discards_searched": ("0", 0),
    "margin_scale": ("1500", 1500.0),
    "particles": ("200", 200),
    "unexpected": ("0.05", 0.05),
    "unexpected_weight": ("8", 8.0),
    "refresh": ("0", 0.0),
    "keeping_swaps": ("3", 3),
}
# A value each knob refuses, and the words of the refusal.
REFUSED = [
    ("iterations", 0, "a positive whole number"),
    ("iterations", "many", "a positive whole number"),
    ("iterations", 2.5, "a positive whole number"),
    ("iterations", True, "a positive whole number"),
    ("seconds", -1, "a positive number"),
    ("seconds", "nan", "a positive number"),
    ("target", "x", "a positive whole number"),
    ("confidence", -0.5, "a number, 0 or more"),
    ("safety_confidence", "high", "a number, 0 or more"),
    ("final_share", 1, "a number between 0 and 1"),
    ("final_share", 0, "a number between 0 and 1"),
    ("discards_searched", -1, "a whole number, 0 or more"),
    ("margin_scale", 0, "a positive number"),
    ("particles", None, "a positive whole number"),
    ("refresh", 1.5, "a number from 0 to 1"),
    ("unexpected", -0.1, "a number from 0 to 1"),
    ("unexpected_weight", 0, "a positive number"),
    ("keeping_swaps", 0.5, "a whole number, 0 or more"),
]


def master(**options: object) -> MasterBot:
    bot = make_bot("master", 0, **options)
    assert isinstance(bot, MasterBot)
    return bot


def test_the_registry_takes_masters_options_from_its_config() -> None:
    names = {knob.name for knob in dataclasses.fields(MasterConfig)}
    assert bot_options("master") == names
    assert bot_options("hard") == names
    assert set(GIVEN) == names  # a new knob is tested here too


@pytest.mark.parametrize("name", sorted(GIVEN))
def test_every_knob_is_taken_by_name_as_text_or_value(name: str) -> None:
    text, value = GIVEN[name]
    assert getattr(master(**{name: text}).config, name) == value
    assert getattr(master(**{name: value}).config, name) == value
    assert getattr(MasterBot(seed=3, **{name: text}).config, name) == value


def test_an_unknown_option_is_refused_with_the_known_ones() -> None:
    with pytest.raises(BotOptionError) as caught:
        master(particle=3)
    known = ", ".join(sorted(GIVEN))
    assert str(caught.value) == f"master takes {known}, seed; not 'particle'"
    with pytest.raises(BotOptionError, match="; not 'depth'"):
        MasterBot(seed=0, depth=2)


@pytest.mark.parametrize(("name", "value", "words"), REFUSED)
def test_a_bad_value_is_refused_with_what_is_accepted(name: str, value: object, words: str) -> None:
    with pytest.raises(BotOptionError) as caught:
        master(**{name: value})
    assert str(caught.value) == f"master: {name} must be {words}, not {value!r}"


def test_the_budget_given_alone_is_the_whole_budget() -> None:
    assert (MasterConfig().iterations, MasterConfig().seconds) == (
        DEFAULT_ITERATIONS,
        DEFAULT_SECONDS,
    )
    assert (MasterConfig(iterations=40).iterations, MasterConfig(iterations=40).seconds) == (
        40,
        None,
    )
    assert (MasterConfig(seconds=0.2).iterations, MasterConfig(seconds=0.2).seconds) == (None, 0.2)
    both = MasterConfig(iterations=40, seconds=0.2)
    assert (both.iterations, both.seconds) == (40, 0.2)


def test_a_tournament_option_reaches_the_bot() -> None:
    settings = TournamentSettings(
        bots=("master", "random"), decks=1, options={"master": {"particles": 7, "unexpected": "0"}}
    )
    bot = build_bot("master", 0, settings)
    assert isinstance(bot, MasterBot)
    assert (bot.config.particles, bot.config.unexpected) == (7, 0.0)


@pytest.mark.parametrize("particles", [3, 40])
def test_the_beliefs_follow_as_many_hands_as_the_particles_knob_says(particles: int) -> None:
    bot = master(iterations=2, particles=particles)
    bot.observe(Deal.new("dujardin", 2, 5).view(0))
    assert len(bot.beliefs.their_hands[1]) == particles


@pytest.mark.slow
def test_the_search_keeps_as_many_discards_as_the_knob_says() -> None:
    """Where the expert discards, master challenges it with another discard at the default
    knob, and never with none searched besides the expert's."""
    deal = Deal.new("dujardin", 2, 3)
    searched, none = master(iterations=30), master(iterations=30, discards_searched=0)
    expert = make_bot("expert")
    other_discards = 0
    while not deal.is_over:
        seat = deal.to_act
        assert seat is not None
        view = deal.view(seat)
        action = expert.choose(view)
        if seat == 0 and action.verb == Verb.DISCARD:
            searched.choose(view)
            none.choose(view)
            if searched.challenge is not None:
                other_discards += searched.challenge.action.verb == Verb.DISCARD
            assert none.challenge is None or none.challenge.action.verb != Verb.DISCARD
        deal.apply(action)
    assert other_discards
