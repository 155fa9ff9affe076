"""Mille Bornes as a PettingZoo AEC environment: one agent per seat, ``seat_0`` to ``seat_N-1``.

``agent_selection`` follows the engine's seat to act, so an out-of-turn coup-fourré offer and
the extension question go to the seat that must answer them. Observations are built from that
agent's view alone (see :mod:`.encoding`); rewards come when the deal ends. An illegal action
is an error (ValueError) that names the legal ones, never silently replaced.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ..core.deal import Deal
from ..core.view import View
from .encoding import (
    ACTION_COUNT,
    ACTION_NAMES,
    MARGIN,
    OBSERVATION_SIZE,
    action_of,
    check_reward_kind,
    legal_indices,
    mask_of,
    observation,
    seat_rewards,
)
from .text import table_text

RENDER_MODES = ("human", "ansi")
Observation = dict[str, npt.NDArray[Any]]


def agent_name(seat: int) -> str:
    return f"seat_{seat}"


def check_render_mode(render_mode: str | None) -> str | None:
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(
            f"unknown render_mode {render_mode!r}; modes are: {', '.join(RENDER_MODES)}"
        )
    return render_mode


def observation_space() -> spaces.Box:
    return spaces.Box(0.0, 1.0, (OBSERVATION_SIZE,), dtype=np.float32)


class ActionSpace(spaces.Discrete):
    """The action indices, checked quickly when a plain int is given: PettingZoo's bounds check
    asks at every step, and Discrete's own check costs more than a step's legality check."""

    def contains(self, x: Any) -> bool:
        if type(x) is int:
            return 0 <= x < ACTION_COUNT
        return super().contains(x)


def env(**kwargs: Any) -> AECEnv[str, Observation, int]:
    """The environment with PettingZoo's usual checks (actions in range, order of calls)."""
    wrapped: AECEnv[str, Observation, int] = raw_env(**kwargs)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


class raw_env(AECEnv[str, Observation, int]):
    """One deal of Mille Bornes; ``reset()`` deals the next one."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "millebornes_v0",
        "render_modes": list(RENDER_MODES),
        "render_fps": 1,
    }

    def __init__(
        self,
        rules: str = "dujardin",
        players: int = 2,
        race: int | None = None,
        reward: str = MARGIN,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        Deal.new(rules, players, 0, race=race)  # a ValueError names a table the rules lack
        self.rules = rules
        self.players = players
        self.race = race
        self.reward = check_reward_kind(reward)
        self.render_mode = check_render_mode(render_mode)
        self.possible_agents = [agent_name(seat) for seat in range(players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._observation_space = spaces.Dict(
            {
                "observation": observation_space(),
                "action_mask": spaces.Box(0, 1, (ACTION_COUNT,), dtype=np.int8),
            }
        )
        self._action_space = ActionSpace(ACTION_COUNT)
        self._seeds = random.Random()
        self.deal = Deal.new(rules, players, 0, race=race)
        # The last view built, with the deal, seat and number of actions it was built at, and
        # its legal action indices.
        self._last_view: tuple[Deal, int, int, View, list[int]] | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new deal: its shuffle comes from ``seed``, or from the previous seed's
        sequence when none is given."""
        if seed is not None:
            self._seeds = random.Random(seed)
        self.deal = Deal.new(self.rules, self.players, self._seeds.getrandbits(32), race=self.race)
        self._last_view = None
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select_to_act()

    def view(self, agent: str) -> View:
        """What ``agent``'s seat may see now."""
        return self._view(agent)[0]

    def _view(self, agent: str) -> tuple[View, list[int]]:
        """The seat's view and its legal action indices. They are kept until the deal moves
        on: a learner observes and then steps, and a view costs more than the step itself."""
        seat = self._seats[agent]
        deal = self.deal
        actions = len(deal.history)
        cached = self._last_view
        if cached is not None and cached[0] is deal and cached[1] == seat and cached[2] == actions:
            return cached[3], cached[4]
        view = deal.view(seat)
        indices = legal_indices(view)
        self._last_view = (deal, seat, actions, view, indices)
        return view, indices

    def observe(self, agent: str) -> Observation:
        view, indices = self._view(agent)
        return {"observation": observation(view), "action_mask": mask_of(indices)}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: give an action index, not None")
        view, indices = self._view(agent)
        index = int(action)
        if index not in indices:
            legal = ", ".join(f"{i} ({ACTION_NAMES[i]})" for i in indices)
            raise ValueError(
                f"{agent} cannot take action {action}: {self._why_illegal(view, index)}; "
                f"legal: {legal}"
            )
        # The view's legal actions are the engine's: no need to check the action again.
        self.deal.apply_legal(action_of(view, index))
        self._cumulative_rewards[agent] = 0.0
        if self.deal.is_over:
            totals = [sheet["total"] for sheet in self.deal.score()]
            rewards = seat_rewards(totals, self.players, self.reward)
            self.rewards = {self.possible_agents[s]: r for s, r in enumerate(rewards)}
            self.terminations = dict.fromkeys(self.agents, True)
            for a in self.agents:
                self.infos[a] = {"totals": totals}
            self._accumulate_rewards()
        else:
            self._select_to_act()  # rewards stay 0 until the end: nothing to accumulate
        if self.render_mode == "human":
            self.render()

    def _why_illegal(self, view: View, index: int) -> str:
        """Why the action ``index`` is not among the legal ones now."""
        try:
            chosen = action_of(view, index)
        except ValueError as error:
            return str(error)
        return f"{chosen}: {self.deal.why_illegal(chosen)}"

    def _select_to_act(self) -> None:
        seat = self.deal.to_act
        assert seat is not None
        self.agent_selection = self.possible_agents[seat]

    def render(self) -> str | None:
        """The table from the view of the seat to act (seat 0 once the deal is over)."""
        if self.render_mode is None:
            return None
        text = table_text(self.deal.view(self.deal.to_act or 0))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release: the deal lives in this process."""
