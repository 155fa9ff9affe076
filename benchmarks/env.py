"""The research API's speed: PettingZoo env steps a second against raw engine decisions a second.

    python -m benchmarks.env                      # 5 runs of 2 s for each loop
    python -m benchmarks.env --runs 3 --seconds 1 --players 4

Four loops over random 2-player dujardin deals, in this process (one core), each choosing
uniformly among the legal actions with a seeded ``random.Random``:

- engine: ``deal.legal_actions()``, a choice, ``deal.apply()`` (benchmarks.engine's loop);
- views: the same through the seat's view, as a bot sees it: ``deal.view(seat).legal``;
- env: ``millebornes_v0.env()`` as a learner drives it: ``env.last()`` (the observation vector
  and the mask), a choice among the mask's indices, ``env.step()``;
- raw env: the same without PettingZoo's wrappers (``millebornes_v0.raw_env()``), to show what
  the wrappers' checks cost (``env()`` is what users get, and what the target is measured on);
- wrappers: the env loop over an env that does nothing (the same observation at every step, a
  step only passes the turn) in the same wrappers: the most any env could do behind them.

The last two are shown for what they explain, not counted for the target. Times are this
process's CPU time; the median of the runs is printed. The target: env steps at
least half the engine's decisions a second.
"""

from __future__ import annotations

import argparse
import functools
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from millebornes import Deal
from millebornes.compiled import describe
from millebornes.env import millebornes_v0

RULES = "dujardin"
TARGET_RATIO = 0.5


def deal_decisions(through_views: bool, players: int, seed: int, seconds: float) -> float:
    """Decisions a second of random deals, the legal actions from the engine or from views."""
    rng = random.Random(seed)
    decisions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        deal = Deal.new(RULES, players, seed + decisions)
        while not deal.is_over:
            seat = deal.to_act
            assert seat is not None
            legal = deal.view(seat).legal if through_views else deal.legal_actions()
            deal.apply(rng.choice(legal))
            decisions += 1
    return decisions / (time.process_time() - start)


class IdleEnv(millebornes_v0.raw_env):
    """The env with nothing to do: the first observation again at every step, and a step only
    passes the turn (no deal is played)."""

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        super().reset(seed, options)
        self.first = super().observe(self.agent_selection)

    def observe(self, agent: str) -> millebornes_v0.Observation:
        return self.first

    def step(self, action: int | None) -> None:
        seat = self.possible_agents.index(self.agent_selection)
        self.agent_selection = self.possible_agents[(seat + 1) % self.players]


def idle_env(**kwargs: Any) -> AECEnv[str, millebornes_v0.Observation, int]:
    """IdleEnv in the wrappers ``millebornes_v0.env()`` puts the env in."""
    env: AECEnv[str, millebornes_v0.Observation, int] = IdleEnv(**kwargs)
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(env))


def env_steps(
    make: Callable[..., AECEnv[str, Any, int]], players: int, seed: int, seconds: float
) -> float:
    rng = random.Random(seed)
    env = make(rules=RULES, players=players)
    env.reset(seed=seed)
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        observation, _, terminated, _, _ = env.last()
        if terminated:
            env.step(None)
            if not env.agents:
                env.reset()
            continue
        mask = observation["action_mask"]
        env.step(rng.choice([index for index in range(len(mask)) if mask[index]]))
        steps += 1
    return steps / (time.process_time() - start)


LOOPS: dict[str, Callable[[int, int, float], float]] = {
    "engine": functools.partial(deal_decisions, False),
    "views": functools.partial(deal_decisions, True),
    "env": functools.partial(env_steps, millebornes_v0.env),
    "raw env": functools.partial(env_steps, millebornes_v0.raw_env),
    "wrappers": functools.partial(env_steps, idle_env),
}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.env", description=__doc__)
    parser.add_argument("--runs", type=int, default=5, help="runs a loop (the median is shown)")
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds a run")
    parser.add_argument("--players", type=int, default=2, help="players at the table")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first deal")
    args = parser.parse_args(argv)
    if args.runs < 1 or args.seconds <= 0:
        parser.error("--runs and --seconds must be positive")
    print(
        f"random {RULES} {args.players}-player deals, median of {args.runs} runs "
        f"of {args.seconds:g} s of CPU time"
    )
    print(f"build: {describe()}")
    rates = {}
    for name, loop in LOOPS.items():
        runs = [
            loop(args.players, args.seed + run * 1_000_000, args.seconds)
            for run in range(args.runs)
        ]
        rates[name] = statistics.median(runs)
        print(f"{name:>8}: {rates[name]:>9,.0f} decisions/s")
    ratio = rates["env"] / rates["engine"]
    verdict = "met" if ratio >= TARGET_RATIO else "MISSED"
    print(
        f"target: env steps at least {TARGET_RATIO:.0%} of engine decisions: {verdict} "
        f"({ratio:.1%})"
    )
    for name in ("views", "raw env", "wrappers"):
        print(f"{name} run at {rates[name] / rates['engine']:.1%} of the engine")
    return 0


if __name__ == "__main__":
    sys.exit(main())
