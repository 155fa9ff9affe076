"""Game records (JSON): how a deal or match started and every action in notation, so that any
game replays exactly."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .errors import IllegalActionError, PositionError
from .match import Match
from .position import preset

if TYPE_CHECKING:
    from .deal import Deal

RECORD_VERSION = 1


def deal_record(deal: Deal) -> dict[str, Any]:
    start = None if deal.start is None else json.loads(deal.start)
    played = deal.history if start is None else deal.history[len(start.get("moves", [])) :]
    record: dict[str, Any] = {
        "kind": "deal",
        "version": RECORD_VERSION,
        "rules": deal.rules.name,
        "players": deal.players,
        "race": 700 if deal.extended_by is not None else deal.race,
        "dealer": deal.dealer,
        "seed": deal.seed,
        "scores": list(deal.scores),
        "actions": [str(action) for action in played],  # a starting position holds the rest
    }
    if start is not None:
        record["position"] = start
    return record


def match_record(match: Match) -> dict[str, Any]:
    deals = match.finished if match.is_over else [*match.finished, match.deal]
    return {
        "kind": "match",
        "version": RECORD_VERSION,
        "rules": match.rules.name,
        "players": match.players,
        "race": match.race,
        "target": match.target,
        "seed": match.seed,
        "deals": [deal_record(deal) for deal in deals],
    }


def _actions(record: dict[str, Any]) -> list[str]:
    actions = record.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise PositionError("a record's actions must be a list of actions in notation")
    return actions


def _replay_actions(apply: Any, actions: list[str], where: str) -> None:
    for number, action in enumerate(actions, 1):
        try:
            apply(action)
        except (IllegalActionError, ValueError) as error:
            raise PositionError(
                f"{where}action {number} ({action!r}) cannot be replayed: {error}"
            ) from None


def _whole(record: dict[str, Any], key: str, default: int | None) -> int | None:
    """A whole-number field of a record (None where the field may be left out)."""
    value = record.get(key, default)
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
        raise PositionError(f"the record's {key} must be a whole number, not {value!r}")
    return value


def replay_deal(record: dict[str, Any]) -> Deal:
    """The deal a record describes, with every recorded action applied."""
    from .deal import Deal

    if "position" in record:
        deal = Deal.from_position(record["position"])
    else:
        players = _whole(record, "players", 2)
        seed = _whole(record, "seed", 0)
        assert players is not None and seed is not None
        try:
            deal = Deal.new(
                preset(record.get("rules", "dujardin")).name,
                players,
                seed,
                race=_whole(record, "race", None),
                dealer=_whole(record, "dealer", None),
                scores=record.get("scores"),
            )
        except ValueError as error:
            raise PositionError(f"the record cannot be dealt: {error}") from None
    _replay_actions(deal.apply, _actions(record), "")
    return deal


def _apply_within(match: Match, index: int) -> Callable[[str], None]:
    """Apply to ``match`` only while its deal number ``index`` (from 0) is in play, so that a
    record's actions stay with the deal they were recorded in."""

    def apply(action: str) -> None:
        if len(match.finished) > index:
            raise IllegalActionError(f"deal {index + 1} is over")
        match.apply(action)

    return apply


def replay_match(record: dict[str, Any]) -> Match:
    """The match a record describes, replayed deal by deal."""
    players = _whole(record, "players", 2)
    seed = _whole(record, "seed", 0)
    assert players is not None and seed is not None
    try:
        match = Match(
            preset(record.get("rules", "dujardin")).name,
            players,
            seed,
            race=_whole(record, "race", None),
            target=_whole(record, "target", None),
        )
    except ValueError as error:
        raise PositionError(f"the record cannot be dealt: {error}") from None
    deals = record.get("deals", [])
    if not isinstance(deals, list):
        raise PositionError("a match record's deals must be a list")
    for index, deal in enumerate(deals):
        if match.is_over:
            raise PositionError(f"deal {index + 1} comes after the match was already over")
        if not isinstance(deal, dict):
            raise PositionError(f"deal {index + 1} must be a deal record (a JSON object)")
        actions = _actions(deal)
        _replay_actions(_apply_within(match, index), actions, f"deal {index + 1}, ")
        if index + 1 < len(deals) and len(match.finished) == index:
            raise PositionError(f"deal {index + 1} is not over after its {len(actions)} actions")
    return match


def load_record(text: str) -> Deal | Match:
    """A deal or match replayed from record JSON text."""
    try:
        record = json.loads(text)
    except json.JSONDecodeError as error:
        raise PositionError(f"the record is not valid JSON: {error}") from None
    if not isinstance(record, dict):
        raise PositionError("a record is a JSON object with rules, players, seed and actions")
    if record.get("kind") == "match":
        return replay_match(record)
    return replay_deal(record)
