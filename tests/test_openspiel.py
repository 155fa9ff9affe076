"""Mille Bornes in OpenSpiel: the simulation test, serialization, tensors from views, bots."""

import random
from typing import Any

import numpy as np
import pyspiel
import pytest

import millebornes.env.openspiel  # noqa: F401  (registers the game)
from millebornes import Deal
from millebornes.env.encoding import action_mask, observation
from millebornes.env.openspiel import (
    DECK_SEEDS,
    INFORMATION_STATE_SIZE,
    SHORT_NAME,
    MilleBornesGame,
    MilleBornesState,
)


@pytest.mark.slow
@pytest.mark.parametrize(
    "params",
    [
        {},
        {"rules": "parker", "players": 3, "reward": "win"},
        {"rules": "winning-moves", "players": 4},
    ],
)
def test_random_sim_test(params: dict[str, Any]) -> None:
    game = pyspiel.load_game(SHORT_NAME, params)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def played_state(
    params: dict[str, Any], seed: int, actions: int
) -> tuple[MilleBornesGame, MilleBornesState]:
    game = pyspiel.load_game(SHORT_NAME, params)
    assert isinstance(game, MilleBornesGame)  # what pyspiel (untyped) loads: the registered game
    state = game.new_initial_state()
    assert state.is_chance_node()
    assert len(state.chance_outcomes()) == DECK_SEEDS
    state.apply_action(seed)
    rng = random.Random(seed)
    for _ in range(actions):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return game, state


def test_the_shuffle_is_a_seed_of_the_engine() -> None:
    _, state = played_state({"players": 3}, 17, 0)
    deal = Deal.new("dujardin", 3, 17)
    assert state.deal == deal
    assert state.current_player() == deal.to_act


def test_tensors_and_legal_actions_come_from_the_view() -> None:
    _, state = played_state({"players": 4}, 3, 30)
    for player in range(4):
        view = state.view(player)
        assert np.array_equal(state.observation_tensor(player), observation(view))
        info = np.array(state.information_state_tensor(player))
        assert info.shape == (INFORMATION_STATE_SIZE,)
        assert np.array_equal(info[: len(observation(view))], observation(view))
        assert info[len(observation(view)) :].sum() == len(view.moves)
    seat = state.current_player()
    legal = np.flatnonzero(action_mask(state.view(seat)))
    assert state.legal_actions() == list(legal)


def test_information_state_strings_hide_other_hands() -> None:
    _, state = played_state({"players": 2}, 9, 10)
    text = state.information_state_string(0)
    assert "seat 0 holds" in text
    assert "seat 1 holds" not in text
    assert text.endswith("; ".join(f"{m.seat}: {m.action}" for m in state.view(0).moves))


def test_a_state_serializes_and_comes_back() -> None:
    game, state = played_state({"rules": "parker", "players": 2}, 4, 25)
    text = pyspiel.serialize_game_and_state(game, state)
    _, again = pyspiel.deserialize_game_and_state(text)
    assert isinstance(again, MilleBornesState)
    assert again.deal == state.deal
    assert again.history() == state.history()


def test_openspiel_bots_play_it_to_the_end() -> None:
    game = pyspiel.load_game(SHORT_NAME, {"players": 2, "reward": "win"})
    bots = [pyspiel.make_uniform_random_bot(seat, seat + 1) for seat in range(2)]
    results = [pyspiel.evaluate_bots(game.new_initial_state(), bots, seed) for seed in range(3)]
    for returns in results:
        assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])


def test_a_table_the_rules_lack_is_refused() -> None:
    with pytest.raises(ValueError, match="dujardin is played by"):
        pyspiel.load_game(SHORT_NAME, {"players": 5})
