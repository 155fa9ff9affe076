"""The research API's fixed spaces: actions as indices, observations as vectors, masks, rewards.

Everything here is built from a seat's :class:`~millebornes.core.view.View` (never from a Deal),
so a learner can only ever see what that seat sees. Sides are relative to the observer: offset 0 is
its own side, offset 1 the next side in seat order, and so on, so a policy learnt at one seat
plays at any other. docs/research.md documents both layouts.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from ..core.actions import (
    ATTACKS,
    CALL_COUP_FOURRE,
    DECLINE_COUP_FOURRE,
    DISCARDS,
    EXTEND_RACE,
    FINISH_RACE,
    MAX_SIDES,
    PLAYS,
    Action,
    Decision,
)
from ..core.cards import CARDS, FULL_DECK, HAZARDS, SAFETIES, Card
from ..core.deal import HAND_SIZE
from ..core.rules import PRESETS
from ..core.view import Move, View

# ------------------------------------------------------------------ actions

# Hazards are never played on one's own side, so "play" covers the 14 other kinds.
PLAYABLE: tuple[Card, ...] = tuple(card for card in CARDS if not card.is_hazard)
ATTACK_OFFSETS = tuple(range(1, MAX_SIDES))  # the attacked side, counted from the observer's
PLAY_START = 0
DISCARD_START = PLAY_START + len(PLAYABLE)
ATTACK_START = DISCARD_START + len(CARDS)
COUP_FOURRE_INDEX = ATTACK_START + len(HAZARDS) * len(ATTACK_OFFSETS)
DECLINE_INDEX = COUP_FOURRE_INDEX + 1
EXTEND_INDEX = DECLINE_INDEX + 1
FINISH_INDEX = EXTEND_INDEX + 1
ACTION_COUNT = FINISH_INDEX + 1


def _action_names() -> tuple[str, ...]:
    names = [f"play {card.notation}" for card in PLAYABLE]
    names += [f"discard {card.notation}" for card in CARDS]
    names += [f"attack {h.notation} +{offset}" for h in HAZARDS for offset in ATTACK_OFFSETS]
    names += ["coup-fourre", "decline", "extend", "finish"]
    return tuple(names)


ACTION_NAMES = _action_names()
"""Index -> the action in the engine's notation, the attacked side written as an offset (+1 is
the next side after the observer's)."""


def _actions_for(side: int, sides: int) -> tuple[Action | None, ...]:
    """Index -> engine action for an observer on ``side`` of ``sides``; None where no action
    exists (attacks on offsets past the last side)."""
    actions: list[Action | None] = [PLAYS[card] for card in PLAYABLE]
    actions += [DISCARDS[card] for card in CARDS]
    for hazard in HAZARDS:
        for offset in ATTACK_OFFSETS:
            actions.append(ATTACKS[hazard][(side + offset) % sides] if offset < sides else None)
    actions += [CALL_COUP_FOURRE, DECLINE_COUP_FOURRE, EXTEND_RACE, FINISH_RACE]
    return tuple(actions)


# Every (sides, side) pair a table can have, computed once: steps look indices up, never build.
_ACTIONS = {
    (sides, side): _actions_for(side, sides)
    for sides in range(2, MAX_SIDES + 1)
    for side in range(sides)
}
_INDICES = {
    key: {action: index for index, action in enumerate(actions) if action is not None}
    for key, actions in _ACTIONS.items()
}


def action_of(view: View, index: int) -> Action:
    """The engine action that ``index`` stands for at ``view``'s seat; a ValueError says why
    when the index names no action at this table (it may still be illegal now)."""
    if not 0 <= index < ACTION_COUNT:
        raise ValueError(f"action index must be from 0 to {ACTION_COUNT - 1}, not {index}")
    action = _ACTIONS[len(view.sides), view.side][index]
    if action is None:
        raise ValueError(
            f"action {index} ({ACTION_NAMES[index]}) attacks a side this table of "
            f"{len(view.sides)} sides does not have"
        )
    return action


def index_of(view: View, action: Action) -> int:
    """The index of the engine ``action`` at ``view``'s seat (attacks on one's own side and
    plays of hazards have none: ValueError)."""
    try:
        return _INDICES[len(view.sides), view.side][action]
    except KeyError:
        raise ValueError(f"{action} has no index for seat {view.seat}") from None


def move_index(view: View, move: Move) -> int:
    """The index of a move the view saw, as its own seat would have numbered it (an attack's
    side counted from the attacker's side)."""
    sides = len(view.sides)
    return _INDICES[sides, move.seat % sides][move.action]


def action_mask(view: View) -> npt.NDArray[np.int8]:
    """1 at the index of each of ``view.legal``, 0 elsewhere (all 0 when the seat waits)."""
    return mask_of(legal_indices(view))


def mask_of(indices: Sequence[int]) -> npt.NDArray[np.int8]:
    """1 at each of ``indices``, 0 elsewhere: the mask of actions with these indices."""
    mask = np.zeros(ACTION_COUNT, dtype=np.int8)
    for index in indices:
        mask[index] = 1
    return mask


def legal_indices(view: View) -> list[int]:
    """The indices of ``view.legal``, ascending."""
    indices = _INDICES[len(view.sides), view.side]
    return sorted(map(indices.__getitem__, view.legal))


# ------------------------------------------------------------------ observations

DECISION_KINDS = (
    Decision.TURN,
    Decision.COUP_FOURRE,
    Decision.EXTENSION,
    Decision.WAIT,
    Decision.OVER,
)
PLAYER_COUNTS = (2, 3, 4, 6, 8)
RULE_SETS = tuple(PRESETS)
MAX_SEATS = max(PLAYER_COUNTS)
MAX_HAND = HAND_SIZE + 1  # six, and the card drawn at the start of a turn
DECK_SIZE = sum(FULL_DECK.values())
RACE_SCALE = 1000  # km are divided by this: the longest race
SIDE_FEATURES = 1 + 1 + (1 + len(CARDS)) + 1 + 2 * len(SAFETIES) + 1
OBSERVATION_PARTS: tuple[tuple[str, int], ...] = (
    ("hand", len(CARDS)),
    ("sides", MAX_SIDES * SIDE_FEATURES),
    ("discard", len(CARDS)),
    ("stock", 1),
    ("hand_sizes", MAX_SEATS),
    ("race", 2),
    ("decision", len(DECISION_KINDS)),
    ("attack", len(HAZARDS) + MAX_SEATS),
    ("players", len(PLAYER_COUNTS)),
    ("rules", len(RULE_SETS)),
)
"""The observation vector's parts in order, with their lengths (docs/research.md)."""
OBSERVATION_SIZE = sum(size for _, size in OBSERVATION_PARTS)


def _starts() -> dict[str, int]:
    starts = {}
    at = 0
    for name, size in OBSERVATION_PARTS:
        starts[name] = at
        at += size
    return starts


# Where each feature lies in the vector, computed once: an observation sets only its nonzero
# entries into zeros (it is built at every step, and most of it is zero).
_AT = _starts()
_SIDES_AT = _AT["sides"]
_DISCARD_AT = _AT["discard"]
_STOCK_AT = _AT["stock"]
_HAND_SIZES_AT = _AT["hand_sizes"]
_RACE_AT = _AT["race"]
_SIDE_KM = 1
_SIDE_BATTLE = 2  # then 1 + len(CARDS) entries: empty, or the top card
_SIDE_LIMITED = _SIDE_BATTLE + 1 + len(CARDS)
_SIDE_SAFETY = {safety: _SIDE_LIMITED + 1 + i for i, safety in enumerate(SAFETIES)}
_SIDE_COUP = {safety: _SIDE_LIMITED + 1 + len(SAFETIES) + i for i, safety in enumerate(SAFETIES)}
_SIDE_TWOS = SIDE_FEATURES - 1
_DECISION_AT = {kind: _AT["decision"] + i for i, kind in enumerate(DECISION_KINDS)}
_HAZARD_AT = {hazard: _AT["attack"] + i for i, hazard in enumerate(HAZARDS)}
_ATTACKER_AT = _AT["attack"] + len(HAZARDS)
_PLAYERS_AT = {players: _AT["players"] + i for i, players in enumerate(PLAYER_COUNTS)}
_RULES_AT = {rules: _AT["rules"] + i for i, rules in enumerate(RULE_SETS)}
_DECK_COUNTS = np.array([FULL_DECK[card] for card in CARDS], dtype=np.float64)
# The discard pile's part for the last pile seen: a deal's views share one pile object while the
# pile does not change, and a long pile costs more to count than the rest of an observation. One
# tuple, replaced whole: envs in other threads can only make it count again.
_last_discard: tuple[tuple[Card, ...], npt.NDArray[np.float64]] = ((), np.zeros(len(CARDS)))


def _discard_part(discard: tuple[Card, ...]) -> npt.NDArray[np.float64]:
    """Each kind's share of its cards in the deck that lie on ``discard``."""
    global _last_discard
    pile, part = _last_discard
    if pile is not discard:
        counts = np.bincount(np.frombuffer(bytes(discard), dtype=np.uint8), minlength=len(CARDS))
        part = counts / _DECK_COUNTS
        _last_discard = discard, part
    return part


def observation(view: View) -> npt.NDArray[np.float32]:
    """The seat's view as a vector of OBSERVATION_SIZE floats, each from 0 to 1."""
    values = np.zeros(OBSERVATION_SIZE, dtype=np.float32)
    hand = view.hand
    for card in set(hand):
        values[card] = hand.count(card) / MAX_HAND  # the hand part starts the vector
    sides = view.sides
    count = len(sides)
    at = _SIDES_AT
    for offset in range(count):
        tableau = sides[(view.side + offset) % count]
        values[at] = 1.0
        if tableau.km:
            values[at + _SIDE_KM] = tableau.km / RACE_SCALE
        battle = tableau.battle
        values[at + _SIDE_BATTLE + (1 + battle[-1] if battle else 0)] = 1.0
        speed = tableau.speed
        if speed and speed[-1] == Card.SPEED_LIMIT:
            values[at + _SIDE_LIMITED] = 1.0
        for card in tableau.safeties:
            values[at + _SIDE_SAFETY[card]] = 1.0
        for card in tableau.coups_fourres:
            values[at + _SIDE_COUP[card]] = 1.0
        twos = tableau.twos_hundred
        if twos:
            values[at + _SIDE_TWOS] = twos / 2
        at += SIDE_FEATURES
    if view.discard:
        values[_DISCARD_AT : _DISCARD_AT + len(CARDS)] = _discard_part(view.discard)
    values[_STOCK_AT] = view.stock_size / DECK_SIZE
    players = view.players
    hand_sizes = view.hand_sizes
    at = _HAND_SIZES_AT
    for i in range(players):
        size = hand_sizes[(view.seat + i) % players]
        if size:
            values[at + i] = size / MAX_HAND
    values[_RACE_AT] = view.race / RACE_SCALE
    if view.extended_by is not None:
        values[_RACE_AT + 1] = 1.0
    values[_DECISION_AT[view.decision]] = 1.0
    attack = view.attack
    if attack is not None:
        values[_HAZARD_AT[attack.hazard]] = 1.0
        values[_ATTACKER_AT + (attack.by - view.seat) % players] = 1.0
    values[_PLAYERS_AT[players]] = 1.0
    values[_RULES_AT[view.rules]] = 1.0
    return values


# ------------------------------------------------------------------ rewards

MARGIN = "margin"
WIN = "win"
REWARD_KINDS = (MARGIN, WIN)
MARGIN_SCALE = 1000  # points a unit of the margin reward (a completed 1000 km trip)


def check_reward_kind(kind: str) -> str:
    if kind not in REWARD_KINDS:
        raise ValueError(f"unknown reward {kind!r}; rewards are: {', '.join(REWARD_KINDS)}")
    return kind


def seat_rewards(totals: Sequence[int], players: int, kind: str) -> list[float]:
    """Each seat's reward from its side's points in a finished deal: ``margin`` is the side's
    points less the best other side's, over MARGIN_SCALE; ``win`` is +1 for the side alone at
    the top, -1 for a side below another, 0 for sides tied at the top."""
    sides = len(totals)
    rewards = []
    for seat in range(players):
        side = seat % sides
        best_other = max(total for other, total in enumerate(totals) if other != side)
        margin = totals[side] - best_other
        if kind == MARGIN:
            rewards.append(margin / MARGIN_SCALE)
        else:
            rewards.append(float((margin > 0) - (margin < 0)))
    return rewards
