"""The single-agent Gymnasium environment: the learner's seat against the project's bots."""

from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from millebornes.core.records import deal_record
from millebornes.env import GYM_ID, OBSERVATION_SIZE
from millebornes.env.encoding import action_mask, action_of, observation
from millebornes.env.single_agent import ILLEGAL_ACTION_REWARD, MilleBornesEnv


def play(env: MilleBornesEnv, rng: np.random.Generator) -> tuple[list[float], dict[str, Any]]:
    """One episode with random legal actions: the rewards and the last info."""
    _, info = env.reset()
    rewards: list[float] = []
    while True:
        masks = env.action_masks()
        assert masks.dtype == bool
        assert masks.any()
        _, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(masks))))
        rewards.append(reward)
        assert not truncated
        if terminated:
            return rewards, info


@pytest.mark.parametrize("opponent", ["random", "greedy"])
def test_gymnasium_check_env(opponent: str) -> None:
    check_env(gymnasium.make(GYM_ID, opponent=opponent).unwrapped, skip_render_check=False)


def test_registered_on_import() -> None:
    env = gymnasium.make(GYM_ID, rules="parker", players=3, opponent=["greedy", "random"])
    obs, info = env.reset(seed=1)
    assert obs.shape == (OBSERVATION_SIZE,)
    assert isinstance(env.unwrapped, MilleBornesEnv)
    assert env.unwrapped.opponents == ["greedy", "random"]
    assert 0 <= info["seat"] < 3


def test_the_learner_sees_its_own_view_and_mask() -> None:
    env = MilleBornesEnv(players=4, opponent="expert", seat=2)
    obs, info = env.reset(seed=4)
    assert info["seat"] == 2
    view = env.deal.view(2)
    assert env.deal.to_act == 2
    assert np.array_equal(obs, observation(view))
    assert np.array_equal(env.action_masks(), action_mask(view).astype(bool))
    legal = [action_of(view, int(i)) for i in np.flatnonzero(env.action_masks())]
    assert sorted(map(str, legal)) == sorted(map(str, env.deal.legal_actions()))


def test_rewards_come_at_the_end_and_match_the_score() -> None:
    env = MilleBornesEnv(players=2, opponent="greedy", reward="win")
    env.reset(seed=8)
    rng = np.random.default_rng(8)
    for _ in range(5):
        rewards, info = play(env, rng)
        assert all(reward == 0.0 for reward in rewards[:-1])
        totals = info["totals"]
        own, other = totals[env.seat % 2], totals[1 - env.seat % 2]
        assert rewards[-1] == float((own > other) - (own < other))


def test_the_same_seed_plays_the_same_episode() -> None:
    episodes = []
    for _ in range(2):
        env = MilleBornesEnv(players=3, opponent="expert")
        env.reset(seed=21)
        rewards, info = play(env, np.random.default_rng(0))
        episodes.append((env.seat, deal_record(env.deal), rewards, info["totals"]))
    assert episodes[0] == episodes[1]


def test_the_learner_answers_its_own_coups_fourres() -> None:
    env = MilleBornesEnv(players=2, opponent="expert", seat=1)
    rng = np.random.default_rng(0)
    for seed in range(100):
        env.reset(seed=seed)
        while not env.deal.is_over:
            if env.deal.decision == "coup-fourre":
                names = {
                    str(action_of(env.view(), int(i))) for i in np.flatnonzero(env.action_masks())
                }
                assert names == {"coup-fourre", "decline"}
                assert env.deal.to_act == 1
                return
            env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
    pytest.fail("the learner was never offered a coup-fourré in 100 deals")


def test_an_illegal_action_ends_the_episode_as_a_loss() -> None:
    env = MilleBornesEnv(opponent="random", seat=0)
    env.reset(seed=3)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated) == (ILLEGAL_ACTION_REWARD, True)
    assert info["illegal_action"].startswith(f"action {illegal}: ")
    with pytest.raises(ValueError, match="call reset"):
        env.step(int(np.flatnonzero(env.action_masks())[0]))
    env.reset(seed=3)
    _, _, _, _, info = env.step(47)  # the third side after the learner's: none at two players
    assert "does not have" in info["illegal_action"]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"opponent": "nobody"}, "unknown bot"),
        ({"players": 3, "opponent": ["expert"]}, "name one opponent for each of the 2"),
        ({"seat": 2}, "seat must be from 0 to 1"),
        ({"reward": "km"}, "unknown reward"),
    ],
)
def test_bad_settings_are_refused(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        MilleBornesEnv(**kwargs)
