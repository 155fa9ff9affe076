"""Game records (JSON): how a deal or match started and every action in notation, so that any
game replays exactly."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from .deal import Deal
from .errors import IllegalActionError, MillebornesError, PositionError
from .match import Match
from .phrase import Phrase
from .position import check_fields, checked_scores, from_position, not_json, preset

RECORD_VERSION = 1
DEAL_FIELDS = (
    "kind",
    "version",
    "rules",
    "players",
    "race",
    "dealer",
    "seed",
    "scores",
    "actions",
    "position",
    "seats",
)
MATCH_FIELDS = ("kind", "version", "rules", "players", "race", "target", "seed", "deals", "seats")
THE_RECORD = Phrase("record.where.record")


def deal_record(deal: Deal) -> dict[str, Any]:
    """A deal's record: how it started and every action in notation."""
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
        raise PositionError(Phrase("record.actions"))
    return actions


def _replay_actions(apply: Any, actions: list[str], deal: int | None) -> None:
    """Apply ``actions`` of the record (of its deal number ``deal``, from 1, in a match)."""
    for number, action in enumerate(actions, 1):
        try:
            apply(action)
        except MillebornesError as error:
            problem = {"number": number, "action": repr(action), "problem": error.reason}
            if deal is None:
                raise PositionError(Phrase("record.replay", problem)) from None
            raise PositionError(
                Phrase("record.replay_in_deal", {"deal": deal, **problem})
            ) from None


def _whole(record: dict[str, Any], key: str, default: int) -> int:
    """A whole-number field of a record, ``default`` where it is left out."""
    value = record.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise PositionError(Phrase("record.whole_number", {"field": key, "value": repr(value)}))
    return value


def _optional(record: dict[str, Any], key: str) -> int | None:
    """A whole-number field of a record that may be null or left out."""
    return None if record.get(key) is None else _whole(record, key, 0)


def _checked(record: Any, kind: str, fields: tuple[str, ...], where: Phrase) -> dict[str, Any]:
    """``record`` if it is a record of ``kind`` in the format this program reads."""
    if not isinstance(record, dict):
        raise PositionError(Phrase("record.not_an_object", {"where": where, "kind": kind}))
    check_fields(record, fields, where)
    if record.get("kind", kind) != kind:
        wrong = {"where": where, "kind": repr(kind), "value": repr(record["kind"])}
        raise PositionError(Phrase("record.kind", wrong))
    version = record.get("version")
    if version != RECORD_VERSION or isinstance(version, bool):
        wrong = {"where": where, "version": RECORD_VERSION, "value": repr(version)}
        raise PositionError(Phrase("record.version", wrong))
    seats = record.get("seats", [])
    if not isinstance(seats, list) or not all(isinstance(name, str) for name in seats):
        raise PositionError(Phrase("record.seats", {"where": where}))
    return record


def replay_deal(record: dict[str, Any]) -> Deal:
    """The deal a record describes, with every recorded action applied."""
    record = _checked(record, "deal", DEAL_FIELDS, THE_RECORD)
    if "position" in record:
        deal = from_position(record["position"])
    else:
        rules = preset(record.get("rules", "dujardin"))
        players = _whole(record, "players", 2)
        seed = _whole(record, "seed", 0)
        race, dealer = _optional(record, "race"), _optional(record, "dealer")
        scores = record.get("scores")
        try:
            if scores is not None:  # checked here: the compiled Deal.new takes only a list
                scores = checked_scores(scores, rules.seating(players).sides)
            deal = Deal.new(rules.name, players, seed, race=race, dealer=dealer, scores=scores)
        except MillebornesError as error:
            raise PositionError(Phrase("record.cannot_deal", {"problem": error.reason})) from None
    _replay_actions(deal.apply, _actions(record), None)
    return deal


def _apply_within(match: Match, index: int) -> Callable[[str], None]:
    """Apply to ``match`` only while its deal number ``index`` (from 0) is in play, so that a
    record's actions stay with the deal they were recorded in."""

    def apply(action: str) -> None:
        if len(match.finished) > index:
            raise IllegalActionError(action, Phrase("record.deal_over", {"deal": index + 1}))
        match.apply(action)

    return apply


def replay_match(record: dict[str, Any]) -> Match:
    """The match a record describes, replayed deal by deal."""
    record = _checked(record, "match", MATCH_FIELDS, THE_RECORD)
    rules = preset(record.get("rules", "dujardin")).name
    players = _whole(record, "players", 2)
    seed = _whole(record, "seed", 0)
    race, target = _optional(record, "race"), _optional(record, "target")
    try:
        match = Match(rules, players, seed, race=race, target=target)
    except MillebornesError as error:
        raise PositionError(Phrase("record.cannot_deal", {"problem": error.reason})) from None
    deals = record.get("deals", [])
    if not isinstance(deals, list):
        raise PositionError(Phrase("record.deals"))
    for index, deal in enumerate(deals):
        number = index + 1
        if match.is_over:
            raise PositionError(Phrase("record.after_the_match", {"deal": number}))
        where = Phrase("record.where.deal", {"deal": number})
        actions = _actions(_checked(deal, "deal", DEAL_FIELDS, where))
        _replay_actions(_apply_within(match, index), actions, number)
        if number < len(deals) and len(match.finished) == index:
            unfinished = {"deal": number, "actions": len(actions)}
            raise PositionError(Phrase("record.deal_not_over", unfinished))
    return match


def load_record(text: str) -> Deal | Match:
    """A deal or match replayed from record JSON text."""
    try:
        record = json.loads(text)
    except json.JSONDecodeError as error:
        raise PositionError(not_json(THE_RECORD, error)) from None
    if not isinstance(record, dict):
        raise PositionError(Phrase("record.not_a_record"))
    if record.get("kind") == "match":
        return replay_match(record)
    return replay_deal(record)
