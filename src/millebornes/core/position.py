"""The position format (JSON, docs/position.md) in both directions: :func:`to_position` writes a
deal's position (:func:`position_data` as JSON-ready data), :func:`from_position` reads one back,
refusing anything malformed (unknown fields included, with the nearest valid name) with a message
that names the problem and where it is.

>>> from millebornes import Deal, from_position, to_position
>>> deal = Deal.new("parker", 3, seed=1)
>>> from_position(to_position(deal)) == deal
True
"""

from __future__ import annotations

import difflib
import json
import random
from collections import Counter
from collections.abc import Collection
from typing import Any

from .actions import Action, Decision
from .cards import CARDS, HAZARDS, SAFETY_FOR, Card
from .deal import EXTENDED_RACE, Deal
from .errors import InvalidActionError, PositionError, SettingsError
from .phrase import Listed, Param, Phrase
from .rules import Rules, get_rules

MAX_HAND = 7
_DECISIONS = tuple(decision for decision in Decision if decision != Decision.WAIT)
_BATTLE_CARDS = {c for c in CARDS if (c.is_hazard or c.is_remedy)} - {
    Card.SPEED_LIMIT,
    Card.END_OF_LIMIT,
}
_SPEED_CARDS = {Card.SPEED_LIMIT, Card.END_OF_LIMIT}
_PILES: dict[str, set[Card]] = {
    "battle": _BATTLE_CARDS,
    "speed": _SPEED_CARDS,
    "safeties": {c for c in CARDS if c.is_safety},
    "coups_fourres": {c for c in CARDS if c.is_safety},
    "distance": {c for c in CARDS if c.is_distance},
}
# The fields of a position and of the objects inside it, in the order they are written.
FIELDS = (
    "rules",
    "players",
    "race",
    "dealer",
    "seed",
    "to_act",
    "decision",
    "hands",
    "sides",
    "discard",
    "stock",
    "extended_by",
    "scores",
    "attack",
    "moves",
)
_ATTACK_FIELDS = ("by", "hazard")
_MOVE_FIELDS = ("seat", "action")


# Where a problem is, when it is not a field's path in the JSON ("sides[1].battle").
THE_POSITION = Phrase("position.where.position")


def check_fields(data: dict[Any, Any], allowed: Collection[str], where: Param) -> None:
    """Refuse a field of ``data`` that is not ``allowed``, naming the nearest allowed one: a
    misspelt field would otherwise be ignored, and its content silently lost. ``where`` is the
    object's path, or a phrase that names it."""
    for key in data:
        if key not in allowed:
            near = difflib.get_close_matches(str(key), list(allowed), n=1)
            if near:
                hint = Phrase("position.did_you_mean", {"near": repr(near[0])})
            else:
                hint = Phrase("position.fields_are", {"fields": ", ".join(allowed)})
            field = repr(key)
            raise PositionError(
                Phrase("position.unknown_field", {"where": where, "field": field, "hint": hint})
            )


def to_position(deal: Deal) -> str:
    """The position of ``deal`` as JSON text; :func:`from_position` reads it back equal."""
    return json.dumps(position_data(deal))


def position_data(deal: Deal) -> dict[str, Any]:
    """The position of ``deal`` as JSON-ready data; :func:`from_position` reads it back equal."""

    def names(cards: list[int]) -> list[str]:
        return [CARDS[c].notation for c in cards]

    data: dict[str, Any] = {
        "rules": deal.rules.name,
        "players": deal.players,
        "race": deal.race,
        "dealer": deal.dealer,
        "seed": deal.seed,
        "to_act": deal.to_act,
        "decision": deal.decision,
        "hands": [[c.notation for c in deal.hand(seat)] for seat in range(deal.players)],
        "sides": [
            {
                "battle": names(deal.battle[s]),
                "speed": names(deal.speed[s]),
                "safeties": names(deal.safeties[s]),
                "coups_fourres": names(deal.coups[s]),
                "distance": names(deal.distance[s]),
            }
            for s in range(deal.sides_count)
        ],
        "discard": names(deal.discard),
        "stock": names(deal.stock[::-1]),
        "extended_by": deal.extended_by,
        "scores": list(deal.scores),
    }
    if deal.attack is not None:
        data["attack"] = {"by": deal.attack[0], "hazard": CARDS[deal.attack[1]].notation}
    if deal.history:
        data["moves"] = [move.to_dict() for move in deal.moves()]
    return data


def _whole(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise PositionError(Phrase("position.whole_number", {"where": where, "value": repr(value)}))
    return value


def _cards(value: Any, where: str) -> list[Card]:
    if not isinstance(value, list):
        raise PositionError(Phrase("position.card_list", {"where": where}))
    cards = []
    for item in value:
        if not isinstance(item, str):
            raise PositionError(Phrase("position.not_a_card", {"where": where, "item": repr(item)}))
        try:
            cards.append(Card.parse(item))
        except InvalidActionError as error:
            raise PositionError(at(where, error.reason)) from None
    return cards


def _seat(value: Any, players: int, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        last = players - 1
        raise PositionError(
            Phrase("position.seat", {"where": where, "last": last, "value": repr(value)})
        )
    return value


def at(where: str, problem: Phrase) -> Phrase:
    """``problem`` found at the path ``where`` of the JSON."""
    return Phrase("position.at", {"where": where, "problem": problem})


def preset(name: Any) -> Rules:
    """The preset a position's or a record's ``rules`` field names."""
    if not isinstance(name, str):
        raise PositionError(Phrase("position.rules", {"value": repr(name)}))
    try:
        return get_rules(name)
    except SettingsError as error:
        raise PositionError(error.reason) from None


def from_position(text: object) -> Deal:
    """The deal at a position (JSON text or parsed data); PositionError names any problem,
    whatever ``text`` is."""
    if isinstance(text, str):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise PositionError(not_json(THE_POSITION, error)) from None
    else:
        data = text
    if not isinstance(data, dict):
        raise PositionError(Phrase("position.not_an_object"))
    check_fields(data, FIELDS, THE_POSITION)
    rules = preset(data.get("rules", "dujardin"))
    hands = data.get("hands")
    players = _whole(
        data.get("players", len(hands) if isinstance(hands, list) else None), "players"
    )
    try:
        seating = rules.seating(players)
    except SettingsError as error:
        raise PositionError(error.reason) from None
    race = _whole(data.get("race", seating.races[0]), "race")
    extended_by = data.get("extended_by")
    if extended_by is not None:
        extended_by = _seat(extended_by, players, "extended_by")
        if not seating.extension:
            no_extension = {"rules": rules.name, "players": players}
            raise PositionError(Phrase("position.no_extension", no_extension))
        if race != EXTENDED_RACE:
            raise PositionError(Phrase("position.extended_race"))
    elif race not in seating.races:
        raise PositionError(rules.race_refused(players, race))
    seed = _whole(data.get("seed", 0), "seed")
    deal = Deal.empty(
        rules.name,
        players,
        seating.races[0],
        _seat(data.get("dealer", players - 1), players, "dealer"),
        seed,
    )
    deal.race = race
    deal.extended_by = extended_by
    if "scores" in data:
        deal.scores = checked_scores(data["scores"], deal.sides_count)
    _load_moves(deal, data.get("moves", []))

    used: Counter[Card] = Counter()
    if not isinstance(hands, list) or len(hands) != players:
        raise PositionError(Phrase("position.hands", {"players": players}))
    for seat, hand in enumerate(hands):
        cards = _cards(hand, f"hands[{seat}]")
        if len(cards) > MAX_HAND:
            size = {"where": f"hands[{seat}]", "count": len(cards), "most": MAX_HAND}
            raise PositionError(Phrase("position.hand_size", size))
        for card in cards:
            deal.hands[seat][card] += 1
        deal.hand_sizes[seat] = len(cards)
        used.update(cards)

    sides = data.get("sides")
    if not isinstance(sides, list) or len(sides) != deal.sides_count:
        raise PositionError(Phrase("position.sides", {"sides": deal.sides_count}))
    for side, tableau in enumerate(sides):
        if not isinstance(tableau, dict):
            raise PositionError(Phrase("position.tableau", {"where": f"sides[{side}]"}))
        check_fields(tableau, _PILES, f"sides[{side}]")
        piles = {}
        for pile, allowed_cards in _PILES.items():
            cards = _cards(tableau.get(pile, []), f"sides[{side}].{pile}")
            wrong = [c.notation for c in cards if c not in allowed_cards]
            if wrong:
                where = f"sides[{side}].{pile}"
                cannot = {"where": where, "cards": ", ".join(wrong)}
                raise PositionError(Phrase("position.cannot_hold", cannot))
            piles[pile] = cards
        if not set(piles["coups_fourres"]) <= set(piles["safeties"]):
            raise PositionError(Phrase("position.coups_in_safeties", {"where": f"sides[{side}]"}))
        km = sum(int(c.notation) for c in piles["distance"])
        if km > race:
            past = {"where": f"sides[{side}]", "km": km, "race": race}
            raise PositionError(Phrase("position.past_the_race", past))
        twos = piles["distance"].count(Card.D200)
        if twos > 2:
            twos_laid = {"where": f"sides[{side}]", "count": twos}
            raise PositionError(Phrase("position.too_many_200s", twos_laid))
        deal.battle[side] = [int(c) for c in piles["battle"]]
        deal.speed[side] = [int(c) for c in piles["speed"]]
        deal.safeties[side] = [int(c) for c in piles["safeties"]]
        deal.coups[side] = [int(c) for c in piles["coups_fourres"]]
        deal.distance[side] = [int(c) for c in piles["distance"]]
        deal.km[side] = km
        deal.twos[side] = twos
        used.update(piles["battle"] + piles["speed"] + piles["safeties"] + piles["distance"])

    discard = _cards(data.get("discard", []), "discard")
    used.update(discard)
    stock = None if data.get("stock") is None else _cards(data["stock"], "stock")
    if stock is not None:
        used.update(stock)
    deck = rules.deck(players)
    too_many = tuple(
        Phrase("position.excess", {"count": used[card] - count, "card": card.notation})
        for card, count in deck.items()
        if used[card] > count
    )
    if too_many:
        excess = {"kinds": len(CARDS), "cards": sum(deck.values()), "excess": Listed(too_many)}
        raise PositionError(Phrase("position.too_many_cards", excess))
    unplaced = [card for card, n in deck.items() for _ in range(n - used[card])]
    if stock is None:
        random.Random(seed).shuffle(unplaced)
        stock = unplaced
    else:
        discard = unplaced + discard  # deck cards placed nowhere count as discarded
    deal.discard = [int(c) for c in discard]
    deal.stock = [int(c) for c in reversed(stock)]

    decision = data.get("decision", Decision.TURN)
    if not isinstance(decision, str) or decision not in _DECISIONS:
        decisions = ", ".join(_DECISIONS)
        raise PositionError(
            Phrase("position.decision", {"decisions": decisions, "value": repr(decision)})
        )
    decision = Decision(decision)
    deal.decision = decision
    if decision == Decision.OVER:
        if data.get("to_act") is not None:
            raise PositionError(Phrase("position.to_act_over"))
        deal.to_act = None
        _no_attack(data)
    else:
        deal.to_act = _deciding(deal, data, decision)
    deal.start = to_position(deal)
    return deal


def _deciding(deal: Deal, data: dict[str, Any], decision: Decision) -> int:
    """The seat to act at a position where one decides, checked with what it decides."""
    seat = _seat(data.get("to_act"), deal.players, "to_act")
    if decision == Decision.TURN and not deal.hand_sizes[seat]:
        raise PositionError(Phrase("position.no_cards", {"seat": seat}))
    if decision in (Decision.TURN, Decision.COUP_FOURRE):
        for side, km in enumerate(deal.km):
            if km == deal.race:
                raise PositionError(Phrase("position.trip_done", {"where": f"sides[{side}]"}))
    if decision == Decision.COUP_FOURRE:
        deal.attack = _attack(deal, seat, data.get("attack"))
        return seat
    _no_attack(data)
    reached = deal.km[deal.side_of(seat)] == deal.race and deal.can_extend()
    if decision == Decision.EXTENSION and not reached:
        raise PositionError(Phrase("position.extension"))
    return seat


def _no_attack(data: dict[str, Any]) -> None:
    if data.get("attack") is not None:
        raise PositionError(Phrase("position.attack_only"))


def _load_moves(deal: Deal, moves: Any) -> None:
    """The moves the table has seen, each a seat and an action in notation (not replayed: they
    are what bots remember, the tableaux are what counts)."""
    shape = Phrase("position.moves")
    if not isinstance(moves, list):
        raise PositionError(shape)
    for number, move in enumerate(moves):
        if isinstance(move, dict):
            check_fields(move, _MOVE_FIELDS, f"moves[{number}]")
        if not isinstance(move, dict) or not isinstance(move.get("action"), str):
            raise PositionError(at(f"moves[{number}]", shape))
        seat = _seat(move.get("seat"), deal.players, f"moves[{number}].seat")
        try:
            action = Action.parse(move["action"])
        except InvalidActionError as error:
            raise PositionError(at(f"moves[{number}].action", error.reason)) from None
        deal.history.append(action)
        deal.played_by.append(seat)


def _attack(deal: Deal, seat: int, attack: Any) -> tuple[int, int]:
    """The attack ``seat`` answers in a coup-fourré position, checked against the tableau and
    the hand."""
    if not isinstance(attack, dict):
        raise PositionError(Phrase("position.attack_needed"))
    check_fields(attack, _ATTACK_FIELDS, "attack")
    by = _seat(attack.get("by"), deal.players, "attack.by")
    hazard_name = attack.get("hazard")
    try:
        hazard = Card.parse(hazard_name if isinstance(hazard_name, str) else "")
    except InvalidActionError:
        hazard = None
    if hazard not in HAZARDS:
        shown = repr(hazard_name) if hazard is None else hazard.notation
        raise PositionError(Phrase("position.hazard", {"value": shown}))
    side = deal.side_of(seat)
    pile = deal.speed[side] if hazard == Card.SPEED_LIMIT else deal.battle[side]
    if not pile or pile[-1] != hazard:
        on_top = {"side": side, "card": hazard.notation}
        raise PositionError(Phrase("position.not_on_top", on_top))
    if deal.side_of(by) == side:
        raise PositionError(Phrase("position.own_side"))
    safety = SAFETY_FOR[hazard]
    if not deal.hands[seat][safety]:
        held = {"seat": seat, "card": safety.notation}
        raise PositionError(Phrase("position.no_safety", held))
    return by, int(hazard)


def checked_scores(scores: Any, sides: int) -> list[int]:
    """The match points of each side before the deal."""
    if (
        not isinstance(scores, list)
        or len(scores) != sides
        or not all(isinstance(s, int) and not isinstance(s, bool) for s in scores)
    ):
        raise PositionError(Phrase("position.scores", {"sides": sides, "value": repr(scores)}))
    return scores[:]


def not_json(what: Phrase, error: json.JSONDecodeError) -> Phrase:
    """``what`` (the position, the record) is not JSON: where and why, as the parser says."""
    where = {"line": error.lineno, "column": error.colno, "problem": error.msg}
    return Phrase("position.not_json", {"what": what, **where})
