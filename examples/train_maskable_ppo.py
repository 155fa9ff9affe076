"""Train sb3-contrib's MaskablePPO on millebornes/MilleBornes-v0: first against ``random``, then
against ``greedy``, for a given number of minutes; then print its win rates with 95% intervals.

    pip install -e ".[train]"
    python examples/train_maskable_ppo.py --minutes 3

Run by hand (not in CI). The learner's seat is drawn at every deal; rewards use the ``win``
reward (+1, -1, 0 for a tie). Deals won count ties as half, as the tournament does.
"""

from __future__ import annotations

import argparse
import time

import gymnasium
import numpy as np
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback

from millebornes.env import GYM_ID
from millebornes.tournament import wilson_interval

RULES = "dujardin"
PLAYERS = 2


class Deadline(BaseCallback):
    """Stops training when the wall clock reaches ``deadline``."""

    def __init__(self, deadline: float) -> None:
        super().__init__()
        self.deadline = deadline

    def _on_step(self) -> bool:
        return time.monotonic() < self.deadline


def make_env(opponent: str) -> gymnasium.Env:
    return gymnasium.make(GYM_ID, rules=RULES, players=PLAYERS, opponent=opponent, reward="win")


def win_rate(model: MaskablePPO | None, opponent: str, deals: int, seed: int) -> str:
    """The share of ``deals`` won by the model (None: a uniformly random legal policy)."""
    env = make_env(opponent)
    rng = np.random.default_rng(seed)
    wins = 0.0
    for deal in range(deals):
        obs, _ = env.reset(seed=seed + deal)
        reward, terminated = 0.0, False
        while not terminated:
            masks = env.unwrapped.action_masks()
            if model is None:
                action = int(rng.choice(np.flatnonzero(masks)))
            else:
                action, _ = model.predict(obs, action_masks=masks, deterministic=True)
            obs, reward, terminated, _, _ = env.step(action)
        wins += (reward + 1) / 2
    low, high = wilson_interval(wins, deals)
    return f"{100 * wins / deals:.1f}% ({100 * low:.1f}-{100 * high:.1f}%) of {deals} deals"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--minutes", type=float, default=10.0, help="training time, in all")
    parser.add_argument("--deals", type=int, default=400, help="deals for each win rate")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    model = MaskablePPO("MlpPolicy", make_env("random"), seed=args.seed, verbose=0)
    start = time.monotonic()
    for phase, opponent in enumerate(("random", "greedy")):
        model.set_env(make_env(opponent))
        deadline = start + args.minutes * 60 * (phase + 1) / 2
        model.learn(10**9, callback=Deadline(deadline), reset_num_timesteps=False)
        print(f"trained against {opponent}: {model.num_timesteps:,} steps so far")
    minutes = (time.monotonic() - start) / 60
    print(f"{RULES}, {PLAYERS} players; {model.num_timesteps:,} steps in {minutes:.1f} minutes")
    evaluation_seed = 1_000_000 + args.seed
    for opponent in ("random", "greedy"):
        for name, policy in (("MaskablePPO", model), ("a random policy", None)):
            rate = win_rate(policy, opponent, args.deals, evaluation_seed)
            print(f"against {opponent}: {name} wins {rate}")


if __name__ == "__main__":
    main()
