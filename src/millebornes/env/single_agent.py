"""One seat learns, the project's bots play the others: the Gymnasium environment registered as
``millebornes/MilleBornes-v0``, with ``action_masks()`` for sb3-contrib's MaskablePPO.

The learner is asked every decision of its seat (its turns, a coup-fourré offer, the extension
question); the bots answer everything else, each from its own view. An illegal action ends the
episode as a loss (reward ILLEGAL_ACTION_REWARD, ``info["illegal_action"]`` says why): with the
mask a learner never takes one, and checkers that sample unmasked actions still run.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt

from ..bots import Bot, make_bot
from ..core.deal import Deal
from ..core.view import View
from .encoding import (
    ACTION_COUNT,
    MARGIN,
    action_mask,
    action_of,
    check_reward_kind,
    observation,
    seat_rewards,
)
from .millebornes_v0 import check_render_mode, observation_space
from .text import table_text

ILLEGAL_ACTION_REWARD = -1.0  # a lost deal under the win reward; a 1000-point margin
SEED_BOUND = 2**32

Vector = npt.NDArray[Any]


class MilleBornesEnv(gymnasium.Env[Vector, np.int64]):
    """A deal at a table of ``players``: the learner at ``seat`` (None: a seat drawn at every
    reset), the bots ``opponent`` (one name for every other seat, or a name per other seat in
    seat order)."""

    # gymnasium declares metadata an instance field, read from the class before one exists.
    metadata = {"render_modes": ["human", "ansi"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        rules: str = "dujardin",
        players: int = 2,
        race: int | None = None,
        reward: str = MARGIN,
        opponent: str | Sequence[str] = "expert",
        seat: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        Deal.new(rules, players, 0, race=race)  # a ValueError names a table the rules lack
        if seat is not None and not 0 <= seat < players:
            raise ValueError(f"seat must be from 0 to {players - 1} or None, not {seat}")
        names = [opponent] * (players - 1) if isinstance(opponent, str) else list(opponent)
        if len(names) != players - 1:
            raise ValueError(
                f"name one opponent for each of the {players - 1} other seats, not {len(names)}"
            )
        for name in names:
            make_bot(name)  # a ValueError lists the bots
        self.rules = rules
        self.players = players
        self.race = race
        self.reward = check_reward_kind(reward)
        self.opponents = names
        self.fixed_seat = seat
        self.render_mode = check_render_mode(render_mode)
        self.observation_space = observation_space()
        self.action_space = gymnasium.spaces.Discrete(ACTION_COUNT)
        self.seat = 0 if seat is None else seat
        self.deal = Deal.new(rules, players, 0, race=race)
        self.bots: dict[int, Bot] = {}
        self.ended = True  # until reset() deals

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Vector, dict[str, Any]]:
        super().reset(seed=seed)
        draw = self.np_random.integers
        self.seat = int(draw(self.players)) if self.fixed_seat is None else self.fixed_seat
        self.deal = Deal.new(self.rules, self.players, int(draw(SEED_BOUND)), race=self.race)
        others = [seat for seat in range(self.players) if seat != self.seat]
        self.bots = {
            seat: make_bot(name, seed=int(draw(SEED_BOUND)))
            for seat, name in zip(others, self.opponents, strict=True)
        }
        self._play_bots()
        self.ended = False
        return observation(self.view()), {"seat": self.seat}

    def view(self) -> View:
        """What the learner's seat may see now."""
        return self.deal.view(self.seat)

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions now, as MaskablePPO expects them."""
        return action_mask(self.view()).astype(bool)

    def step(self, action: np.int64 | int) -> tuple[Vector, float, bool, bool, dict[str, Any]]:
        if self.ended:
            raise ValueError("the episode has ended: call reset() for the next deal")
        view = self.view()
        info: dict[str, Any] = {"seat": self.seat}
        try:
            chosen = action_of(view, int(action))
        except ValueError as error:
            problem: str | None = str(error)
        else:
            refusal = self.deal.why_illegal(chosen)
            problem = None if refusal is None else str(refusal)
        if problem is not None:
            info["illegal_action"] = f"action {action}: {problem}"
            self.ended = True
            return observation(view), ILLEGAL_ACTION_REWARD, True, False, info
        self.deal.apply_legal(chosen)
        self._play_bots()
        reward = 0.0
        if self.deal.is_over:
            totals = [sheet["total"] for sheet in self.deal.score()]
            reward = seat_rewards(totals, self.players, self.reward)[self.seat]
            info["totals"] = totals
            self.ended = True
        if self.render_mode == "human":
            self.render()
        return observation(self.view()), reward, self.deal.is_over, False, info

    def _play_bots(self) -> None:
        deal = self.deal
        while not deal.is_over and deal.to_act != self.seat:
            seat = deal.to_act
            assert seat is not None
            deal.apply(self.bots[seat].choose(deal.view(seat)))

    def render(self) -> str | None:
        """The table from the learner's view."""
        if self.render_mode is None:
            return None
        text = table_text(self.view())
        if self.render_mode == "human":
            print(text)
            return None
        return text
