"""``greedy`` (the easy level): plays the most obvious useful card and never plans ahead.

In order: a remedy when one is needed, the biggest distance that fits, an attack on the leader,
a safety rather than a discard; otherwise it throws away a card that is plainly useless, or the
one it values least. It always calls coup-fourré and never extends the race.
"""

from __future__ import annotations

from typing import ClassVar

from ..core.actions import ATTACKS, CALL_COUP_FOURRE, DISCARDS, FINISH_RACE, PLAYS, Action, Decision
from ..core.cards import REMEDIES, SAFETIES, Card
from ..core.view import View
from .base import register
from .judge import Facts
from .knowledge import legal_attacks
from .reasons import Reason

_BIGGEST_FIRST = (Card.D200, Card.D100, Card.D75, Card.D50, Card.D25)
# The hazards that hurt most first: the three that need a remedy and then a Roll.
_STRONGEST_FIRST = (
    Card.ACCIDENT,
    Card.FLAT_TIRE,
    Card.OUT_OF_GAS,
    Card.STOP,
    Card.SPEED_LIMIT,
)
# What a beginner parts with first when nothing is plainly useless.
_DISCARD_FIRST = (
    Card.D25,
    Card.END_OF_LIMIT,
    Card.D50,
    Card.SPEED_LIMIT,
    Card.GASOLINE,
    Card.SPARE_TIRE,
    Card.REPAIRS,
    Card.D75,
    Card.STOP,
    Card.ROLL,
    Card.OUT_OF_GAS,
    Card.FLAT_TIRE,
    Card.ACCIDENT,
    Card.D100,
    Card.D200,
)


@register("greedy")
class GreedyBot:
    name = "greedy"
    searches: ClassVar[bool] = False

    def __init__(self, seed: int = 0) -> None:
        # Its choices involve no chance: the seed is taken only for the common interface.
        self.reason: Reason | None = None

    def choose(self, view: View) -> Action:
        if view.decision == Decision.COUP_FOURRE:
            self.reason = Reason("greedy.coup_fourre")
            return CALL_COUP_FOURRE
        if view.decision == Decision.EXTENSION:
            self.reason = Reason("greedy.finish", {"race": view.race})
            return FINISH_RACE
        legal = set(view.legal)
        return (
            self._remedy(legal)
            or self._distance(legal)
            or self._attack(view)
            or self._safety(view)
            or self._discard(view)
        )

    def _remedy(self, legal: set[Action]) -> Action | None:
        # A remedy is legal only when it mends something.
        for card in REMEDIES:
            if PLAYS[card] in legal:
                self.reason = Reason("greedy.remedy", {"card": card})
                return PLAYS[card]
        return None

    def _distance(self, legal: set[Action]) -> Action | None:
        for card in _BIGGEST_FIRST:
            if PLAYS[card] in legal:
                self.reason = Reason("greedy.distance", {"card": card})
                return PLAYS[card]
        return None

    def _attack(self, view: View) -> Action | None:
        attacks = legal_attacks(view)
        if not attacks:
            return None
        leader = max(sorted({side for _, side in attacks}), key=lambda side: view.sides[side].km)
        hazard = min((h for h, side in attacks if side == leader), key=_STRONGEST_FIRST.index)
        self.reason = Reason("greedy.attack", {"card": hazard, "side": leader})
        return ATTACKS[hazard][leader]

    def _safety(self, view: View) -> Action | None:
        for card in SAFETIES:
            if card in view.hand:
                self.reason = Reason("greedy.safety", {"card": card})
                return PLAYS[card]
        return None

    def _discard(self, view: View) -> Action:
        facts = Facts.of_view(view)
        for card in view.hand:
            if facts.useless(card):
                self.reason = Reason("greedy.discard_useless", {"card": card})
                return DISCARDS[card]
        card = min(view.hand, key=_DISCARD_FIRST.index)
        self.reason = Reason("greedy.discard_least", {"card": card})
        return DISCARDS[card]
