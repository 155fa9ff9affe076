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


def check_fields(data: dict[Any, Any], allowed: Collection[str], where: str) -> None:
    """Refuse a field of ``data`` that is not ``allowed``, naming the nearest allowed one: a
    misspelt field would otherwise be ignored, and its content silently lost."""
    for key in data:
        if key not in allowed:
            near = difflib.get_close_matches(str(key), list(allowed), n=1)
            hint = f"; did you mean {near[0]!r}?" if near else f"; fields are: {', '.join(allowed)}"
            raise PositionError(f"{where}: unknown field {key!r}{hint}")


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
        raise PositionError(f"{where} must be a whole number, not {value!r}")
    return value


def _cards(value: Any, where: str) -> list[Card]:
    if not isinstance(value, list):
        raise PositionError(f"{where} must be a list of cards")
    cards = []
    for item in value:
        if not isinstance(item, str):
            raise PositionError(f"{where}: {item!r} is not a card name")
        try:
            cards.append(Card.parse(item))
        except ValueError as error:
            raise PositionError(f"{where}: {error}") from None
    return cards


def _seat(value: Any, players: int, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise PositionError(f"{where} must be a seat from 0 to {players - 1}, not {value!r}")
    return value


def preset(name: Any) -> Rules:
    """The preset a position's or a record's ``rules`` field names."""
    if not isinstance(name, str):
        raise PositionError(f"rules must be the name of a preset, not {name!r}")
    try:
        return get_rules(name)
    except SettingsError as error:
        raise PositionError(str(error)) from None


def from_position(text: object) -> Deal:
    """The deal at a position (JSON text or parsed data); PositionError names any problem,
    whatever ``text`` is."""
    if isinstance(text, str):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise PositionError(f"the position is not valid JSON: {error}") from None
    else:
        data = text
    if not isinstance(data, dict):
        raise PositionError("a position is a JSON object (see docs/position.md)")
    check_fields(data, FIELDS, "the position")
    rules = preset(data.get("rules", "dujardin"))
    hands = data.get("hands")
    players = _whole(
        data.get("players", len(hands) if isinstance(hands, list) else None), "players"
    )
    try:
        seating = rules.seating(players)
    except SettingsError as error:
        raise PositionError(str(error)) from None
    race = _whole(data.get("race", seating.races[0]), "race")
    extended_by = data.get("extended_by")
    if extended_by is not None:
        extended_by = _seat(extended_by, players, "extended_by")
        if not seating.extension:
            raise PositionError(f"{rules.name} with {players} players has no extension")
        if race != EXTENDED_RACE:
            raise PositionError("after an extension the race is 1000")
    elif race not in seating.races:
        allowed = " or ".join(str(r) for r in seating.races)
        raise PositionError(
            f"{rules.name} with {players} players races to {allowed} km, not {race!r}"
        )
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
        raise PositionError(f"hands must list {players} hands, one per seat")
    for seat, hand in enumerate(hands):
        cards = _cards(hand, f"hands[{seat}]")
        if len(cards) > MAX_HAND:
            raise PositionError(
                f"hands[{seat}] holds {len(cards)} cards; a hand holds at most {MAX_HAND}"
            )
        for card in cards:
            deal.hands[seat][card] += 1
        deal.hand_sizes[seat] = len(cards)
        used.update(cards)

    sides = data.get("sides")
    if not isinstance(sides, list) or len(sides) != deal.sides_count:
        raise PositionError(f"sides must list {deal.sides_count} tableaux, one per side")
    for side, tableau in enumerate(sides):
        if not isinstance(tableau, dict):
            raise PositionError(
                f"sides[{side}] must be an object with battle, speed, safeties, "
                "coups_fourres and distance"
            )
        check_fields(tableau, _PILES, f"sides[{side}]")
        piles = {}
        for pile, allowed_cards in _PILES.items():
            cards = _cards(tableau.get(pile, []), f"sides[{side}].{pile}")
            wrong = [c.notation for c in cards if c not in allowed_cards]
            if wrong:
                raise PositionError(f"sides[{side}].{pile} cannot hold {', '.join(wrong)}")
            piles[pile] = cards
        if not set(piles["coups_fourres"]) <= set(piles["safeties"]):
            raise PositionError(f"sides[{side}]: every coup-fourré safety must also be in safeties")
        km = sum(int(c.notation) for c in piles["distance"])
        if km > race:
            raise PositionError(f"sides[{side}] has {km} km, past the race of {race}")
        twos = piles["distance"].count(Card.D200)
        if twos > 2:
            raise PositionError(f"sides[{side}] has {twos} 200s; a side lays at most two")
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
    too_many = [f"{used[c] - n} {c.notation} too many" for c, n in deck.items() if used[c] > n]
    if too_many:
        raise PositionError(
            f"more cards than the deck has ({len(CARDS)} kinds, {sum(deck.values())} cards): "
            + ", ".join(too_many)
        )
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
        raise PositionError(f"decision must be one of {', '.join(_DECISIONS)}, not {decision!r}")
    decision = Decision(decision)
    deal.decision = decision
    if decision == Decision.OVER:
        if data.get("to_act") is not None:
            raise PositionError("to_act must be null once the deal is over")
        deal.to_act = None
    else:
        to_act = _seat(data.get("to_act"), players, "to_act")
        if decision == Decision.TURN and not deal.hand_sizes[to_act]:
            raise PositionError(f"seat {to_act} is to act but holds no cards")
        deal.to_act = to_act
    if decision in (Decision.TURN, Decision.COUP_FOURRE):
        for side, km in enumerate(deal.km):
            if km == race:
                raise PositionError(f"side {side} has completed the trip: the deal is over")
    if decision == Decision.COUP_FOURRE:
        deal.attack = _attack(deal, data.get("attack"))
    elif data.get("attack") is not None:
        raise PositionError("attack is given only with a coup-fourre decision, the attack answered")
    elif decision == Decision.EXTENSION:
        assert deal.to_act is not None
        if deal.km[deal.side_of(deal.to_act)] != race or not deal.can_extend():
            raise PositionError(
                "an extension is decided only by a side that has just reached 700 "
                "in a parker 700 race"
            )
    deal.start = to_position(deal)
    return deal


def _load_moves(deal: Deal, moves: Any) -> None:
    """The moves the table has seen, each a seat and an action in notation (not replayed: they
    are what bots remember, the tableaux are what counts)."""
    shape = 'moves must be a list of {"seat": SEAT, "action": ACTION}'
    if not isinstance(moves, list):
        raise PositionError(shape)
    for number, move in enumerate(moves):
        if isinstance(move, dict):
            check_fields(move, _MOVE_FIELDS, f"moves[{number}]")
        if not isinstance(move, dict) or not isinstance(move.get("action"), str):
            raise PositionError(f"moves[{number}]: {shape}")
        seat = _seat(move.get("seat"), deal.players, f"moves[{number}].seat")
        try:
            action = Action.parse(move["action"])
        except InvalidActionError as error:
            raise PositionError(f"moves[{number}].action: {error}") from None
        deal.history.append(action)
        deal.played_by.append(seat)


def _attack(deal: Deal, attack: Any) -> tuple[int, int]:
    """The attack a coup-fourré position answers, checked against the tableau and the hand."""
    if not isinstance(attack, dict):
        raise PositionError('a coup-fourre decision needs "attack": {"by": SEAT, "hazard": CARD}')
    check_fields(attack, _ATTACK_FIELDS, "attack")
    by = _seat(attack.get("by"), deal.players, "attack.by")
    hazard_name = attack.get("hazard")
    try:
        hazard = Card.parse(hazard_name if isinstance(hazard_name, str) else "")
    except ValueError:
        raise PositionError(f"attack.hazard must be a hazard, not {hazard_name!r}") from None
    if hazard not in HAZARDS:
        raise PositionError(f"attack.hazard must be a hazard, not {hazard.notation}")
    assert deal.to_act is not None
    side = deal.side_of(deal.to_act)
    pile = deal.speed[side] if hazard == Card.SPEED_LIMIT else deal.battle[side]
    if not pile or pile[-1] != hazard:
        raise PositionError(f"the attacked side {side} has no {hazard.notation} on top of its pile")
    if deal.side_of(by) == side:
        raise PositionError("a seat cannot be attacked by its own side")
    if not deal.hands[deal.to_act][SAFETY_FOR[hazard]]:
        raise PositionError(
            f"seat {deal.to_act} does not hold {SAFETY_FOR[hazard].notation} to answer with"
        )
    return by, int(hazard)


def checked_scores(scores: Any, sides: int) -> list[int]:
    """The match points of each side before the deal."""
    if (
        not isinstance(scores, list)
        or len(scores) != sides
        or not all(isinstance(s, int) and not isinstance(s, bool) for s in scores)
    ):
        raise PositionError(f"scores must list {sides} whole numbers, one per side, not {scores!r}")
    return scores[:]
