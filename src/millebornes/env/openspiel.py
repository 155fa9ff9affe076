"""Mille Bornes for OpenSpiel: ``import millebornes.env.openspiel`` registers
``python_mille_bornes``.

    game = pyspiel.load_game("python_mille_bornes", {"rules": "parker", "players": 3})

The shuffle is the game's one chance node, with DECK_SEEDS equally likely outcomes (each a seed
of ``Deal.new``); after it every action is a player's, the coup-fourré offer and the extension
question included (``current_player()`` is then the seat asked, out of turn). Actions are the
research API's 52 indices (docs/research.md); observations and information states are built from
the seat's view alone. Needs the ``openspiel`` extra.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from ..core.deal import Deal
from ..core.position import to_position
from ..core.rules import PRESETS
from ..core.view import View
from .encoding import (
    ACTION_COUNT,
    ACTION_NAMES,
    MARGIN,
    MARGIN_SCALE,
    MAX_SEATS,
    OBSERVATION_SIZE,
    action_of,
    check_reward_kind,
    legal_indices,
    move_index,
    observation,
    seat_rewards,
)
from .text import table_text

SHORT_NAME = "python_mille_bornes"
DECK_SEEDS = 1 << 16  # the shuffles the chance node deals from: Deal.new seeds 0 to 65535
# A deal takes at most one action per card of the 106-card deck, plus at most 4 coups-fourrés,
# one answer to each of the 18 hazards and one extension question.
MAX_GAME_LENGTH = 106 + 4 + 18 + 1
# The most points a side can score in one deal is 4,700 (dujardin: 1,000 km, 400 for safeties,
# 1,200 for coups-fourrés, 600 for the win without a 200, 1,500 for three sides shut out).
MAX_MARGIN_POINTS = 5000
HISTORY_SIZE = MAX_SEATS * ACTION_COUNT  # how often each relative seat took each action
INFORMATION_STATE_SIZE = OBSERVATION_SIZE + HISTORY_SIZE
DEFAULTS: dict[str, Any] = {"rules": "dujardin", "players": 2, "race": 0, "reward": MARGIN}

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Mille Bornes",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=max(max(rules.seatings) for rules in PRESETS.values()),
    min_num_players=min(min(rules.seatings) for rules in PRESETS.values()),
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULTS,
)


class MilleBornesGame(pyspiel.Game):
    """The game for one table: ``rules``, ``players``, ``race`` (0: the table's default) and
    ``reward`` (``margin`` or ``win``, as in the PettingZoo env)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        settings = {**DEFAULTS, **(params or {})}
        self.rules = str(settings["rules"])
        self.players = int(settings["players"])
        self.race = int(settings["race"]) or None
        self.reward = check_reward_kind(str(settings["reward"]))
        Deal.new(self.rules, self.players, 0, race=self.race)  # a ValueError names a bad table
        bound = 1.0 if self.reward != MARGIN else MAX_MARGIN_POINTS / MARGIN_SCALE
        info = pyspiel.GameInfo(
            num_distinct_actions=ACTION_COUNT,
            max_chance_outcomes=DECK_SEEDS,
            num_players=self.players,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=None,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(GAME_TYPE, info, settings)

    def new_initial_state(self) -> MilleBornesState:
        return MilleBornesState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> MilleBornesObserver:
        if params:
            raise ValueError(f"the observer takes no parameters, not {params}")
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return MilleBornesObserver(perfect_recall)


class MilleBornesState(pyspiel.State):
    """A deal: before the shuffle, the chance node; then the engine's Deal."""

    def __init__(self, game: MilleBornesGame) -> None:
        super().__init__(game)
        self.table = game
        self.deal: Deal | None = None

    def current_player(self) -> int:
        if self.deal is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.deal.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        assert self.deal.to_act is not None
        return self.deal.to_act

    def view(self, player: int) -> View:
        assert self.deal is not None, "no cards before the shuffle"
        return self.deal.view(player)

    def _legal_actions(self, player: int) -> list[int]:
        return legal_indices(self.view(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        probability = 1.0 / DECK_SEEDS
        return [(seed, probability) for seed in range(DECK_SEEDS)]

    def _apply_action(self, action: int) -> None:
        if self.deal is None:
            game = self.table
            self.deal = Deal.new(game.rules, game.players, action, race=game.race)
            return
        seat = self.current_player()
        self.deal.apply(action_of(self.view(seat), action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"shuffle {action}"
        return ACTION_NAMES[action]

    def is_terminal(self) -> bool:
        return self.deal is not None and self.deal.is_over

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.table.players
        assert self.deal is not None
        totals = [sheet["total"] for sheet in self.deal.score()]
        return seat_rewards(totals, self.table.players, self.table.reward)

    def __str__(self) -> str:
        if self.deal is None:
            return "before the shuffle"
        return to_position(self.deal)


class MilleBornesObserver:
    """A seat's observation (the env's vector) or, with perfect recall, its information state:
    the observation and how often each seat, counted from the observer, took each action."""

    def __init__(self, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        size = INFORMATION_STATE_SIZE if perfect_recall else OBSERVATION_SIZE
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor[:OBSERVATION_SIZE]}
        if perfect_recall:
            self.dict["history"] = self.tensor[OBSERVATION_SIZE:].reshape(MAX_SEATS, ACTION_COUNT)

    def set_from(self, state: MilleBornesState, player: int) -> None:
        self.tensor.fill(0)
        if state.deal is None:
            return
        view = state.view(player)
        self.dict["observation"][:] = observation(view)
        if self.perfect_recall:
            history = self.dict["history"]
            for move in view.moves:
                history[(move.seat - player) % view.players, move_index(view, move)] += 1

    def string_from(self, state: MilleBornesState, player: int) -> str:
        if state.deal is None:
            return f"seat {player}: before the shuffle"
        view = state.view(player)
        text = table_text(view)
        if self.perfect_recall:
            moves = "; ".join(f"{move.seat}: {move.action}" for move in view.moves)
            text += f"\nmoves: {moves or '-'}"
        return text


pyspiel.register_game(GAME_TYPE, MilleBornesGame)
