"""The guided first deal's script (core/tutorial.py): legal move by move on its fixed deal, each
idea staged where its line says, and every other move refused with guidance."""

from __future__ import annotations

import pytest

from millebornes.core.actions import Action, Decision, Verb
from millebornes.core.cards import Card
from millebornes.core.deal import Deal
from millebornes.core.position import from_position
from millebornes.core.tutorial import (
    IDEAS,
    OPPONENT,
    SCRIPT,
    YOU,
    next_line,
    refusal,
    start_position,
    step_at,
)
from millebornes.words import card_name, say, word

SOUTH = 0  # the player's side


def deal_at(moves: int) -> Deal:
    """The guided deal once the script's first ``moves`` moves are made."""
    deal = from_position(start_position())
    for step in SCRIPT[:moves]:
        deal.apply(step.action)
    return deal


def index_of(idea: str) -> int:
    return next(n for n, step in enumerate(SCRIPT) if step.idea == idea)


def test_each_move_of_the_script_is_legal_for_its_seat_and_the_deal_ends_with_it() -> None:
    deal = from_position(start_position())
    for step in SCRIPT:
        assert deal.to_act == step.seat, step
        assert step.action in deal.legal_actions(), (step, deal.why_illegal(step.action))
        deal.apply(step.action)
    assert deal.is_over
    assert deal.km == [1000, 550]
    south, north = deal.score()
    assert (south["safeties"], south["coups_fourres"], south["winner"]) == (200, 300, 400)
    assert south["no_200"] == 0  # the two 200s the deal lays cost the bonus, as its line says
    assert (south["total"], north["total"]) == (1900, 550)


def test_the_player_makes_every_move_of_theirs_and_each_has_a_line() -> None:
    for step in SCRIPT:
        assert (step.idea is not None) == (step.seat == YOU)
    assert {step.seat for step in SCRIPT} == {YOU, OPPONENT}


def test_distance_a_hazard_and_its_remedy() -> None:
    assert deal_at(index_of("distance")).is_rolling(SOUTH)
    remedy = deal_at(index_of("remedy"))
    assert remedy.battle[SOUTH][-1] == Card.FLAT_TIRE
    assert not remedy.is_rolling(SOUTH)
    assert not deal_at(index_of("roll_again")).is_rolling(SOUTH)  # mended, not yet rolling


def test_the_speed_limit_holds_a_longer_card_back_until_its_end() -> None:
    limited = deal_at(index_of("speed_limit"))
    assert limited.is_limited(SOUTH)
    assert Card.D100 in limited.hand(YOU)
    assert Action(Verb.PLAY, Card.D100) not in limited.legal_actions()
    ended = deal_at(index_of("end_of_limit") + 1)
    assert not ended.is_limited(SOUTH)


def test_a_safety_gives_another_turn() -> None:
    after = deal_at(index_of("safety") + 1)
    assert Card.PUNCTURE_PROOF in after.safeties[SOUTH]
    assert after.to_act == YOU
    assert SCRIPT[index_of("safety") + 1].idea == "another_turn"


def test_the_coup_fourre_is_asked_of_the_player_and_played_at_once() -> None:
    asked = deal_at(index_of("coup_fourre"))
    assert asked.decision == Decision.COUP_FOURRE
    assert asked.to_act == YOU
    after = deal_at(index_of("coup_fourre") + 1)
    assert Card.DRIVING_ACE in after.coups[SOUTH]
    assert after.is_rolling(SOUTH)
    assert (after.to_act, after.decision) == (YOU, Decision.TURN)


def test_a_third_200_is_held_and_may_not_be_played() -> None:
    held = deal_at(index_of("two_200s"))
    assert held.twos[SOUTH] == 2
    assert Card.D200 in held.hand(YOU)
    assert Action(Verb.PLAY, Card.D200) not in held.legal_actions()


def test_the_deal_ends_at_exactly_the_race_length() -> None:
    before = deal_at(index_of("exactly"))
    assert before.km[SOUTH] == 950
    assert Action(Verb.PLAY, Card.D100) not in before.legal_actions()
    assert Card.D100 in before.hand(YOU)


def test_every_idea_is_staged_once_and_the_score_sheet_comes_last() -> None:
    assert IDEAS[-1] == "score"
    for idea in ("distance", "remedy", "speed_limit", "safety", "coup_fourre", "two_200s"):
        assert idea in IDEAS
    assert next_line(len(SCRIPT)).key == "tutorial.score"


def test_another_move_is_refused_with_the_lessons_move_and_the_expected_one_is_not() -> None:
    start = step_at(0)
    assert start is not None
    assert refusal(0, start.action) is None
    refused = refusal(0, Action(Verb.PLAY, Card.D25))
    assert refused is not None
    assert word(refused, "en") == (
        "Not this move: this lesson asks you to play Roll, as its line says."
    )
    assert word(refused, "fr") == (
        "Pas ce coup-ci : cette leçon vous demande de poser le Feu vert, comme le dit sa ligne."
    )
    coup = refusal(index_of("coup_fourre"), Action(Verb.DECLINE))
    assert coup is not None
    assert coup.key == "tutorial.refused_coup_fourre"


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_line_is_in_each_language(language: str) -> None:
    for idea in IDEAS:
        assert say(language, f"tutorial.{idea}")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_each_line_names_the_card_to_play_as_the_hand_shows_it(language: str) -> None:
    for step in SCRIPT:
        if step.line is not None and step.action.verb == Verb.PLAY:
            card = card_name(step.action.card, language)  # type: ignore[arg-type]
            assert card in word(step.line, language), (step, card)
