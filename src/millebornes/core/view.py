"""What one seat may see: its own hand and everything public, nothing else.

A view never holds another seat's hand, the stock's order, or whether a coup-fourré was offered
to (or declined by) another seat. It does hold every move of the deal that the table saw, as
players at a real table see who played what. Bots, interfaces and the research API only ever get
views.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from .actions import Action, Decision, Verb
from .cards import REMEDY_FOR, Card


@dataclass(frozen=True, slots=True)
class SideView:
    """One side's tableau, piles bottom first."""

    seats: tuple[int, ...]
    battle: tuple[Card, ...]
    speed: tuple[Card, ...]
    safeties: tuple[Card, ...]
    coups_fourres: tuple[Card, ...]
    distance: tuple[Card, ...]
    km: int

    @property
    def battle_top(self) -> Card | None:
        return self.battle[-1] if self.battle else None

    @property
    def speed_top(self) -> Card | None:
        return self.speed[-1] if self.speed else None

    @property
    def needs(self) -> Card | None:
        """The card that would get the side rolling (the remedy of the hazard on its battle
        pile, else Roll), None while it rolls: ``Deal.is_rolling`` and ``Deal.may_play`` read
        from the tableau, for whoever has only a view (tests/test_view.py holds them together)."""
        top = self.battle_top
        if top is Card.ROLL:
            return None
        if top is not None and top.is_hazard:
            return REMEDY_FOR[top]
        return None if Card.RIGHT_OF_WAY in self.safeties else Card.ROLL

    @property
    def twos_hundred(self) -> int:
        return self.distance.count(Card.D200)


@dataclass(frozen=True, slots=True)
class Attack:
    """An attack the viewing seat may answer with a coup-fourré."""

    by: int
    hazard: Card


@dataclass(frozen=True, slots=True)
class Move:
    """An action the whole table saw, and the seat that took it."""

    seat: int
    action: Action

    def to_dict(self) -> dict[str, Any]:
        """The JSON form shared by views and positions (read back by positions)."""
        return {"seat": self.seat, "action": str(self.action)}


@dataclass(frozen=True, slots=True)
class PublicView:
    """What everyone at the table sees, spectators included: no hand, nothing of a question.

    ``to_act`` is the seat the table is visibly waiting on: while a coup-fourré is being
    considered, the seat that plays next if nobody calls it, exactly as when nobody could.
    ``decision`` is ``wait`` while the deal goes on and ``over`` once it has ended.
    """

    rules: str
    players: int
    race: int
    dealer: int
    decision: Decision
    to_act: int | None
    hand_sizes: tuple[int, ...]
    sides: tuple[SideView, ...]
    discard: tuple[Card, ...]
    stock_size: int
    extended_by: int | None
    scores: tuple[int, ...]
    moves: tuple[Move, ...]  # the deal's moves the whole table saw, oldest first

    @property
    def is_over(self) -> bool:
        return self.decision == Decision.OVER

    def to_dict(self, *, moves: bool = True) -> dict[str, Any]:
        """Plain JSON-ready data, cards and actions in notation (built field by field: servers
        call this for every seat after every action, and ``asdict`` deep-copies every card).
        ``moves=False`` leaves out the deal's moves, for readers told them one by one."""
        data = {field.name: getattr(self, field.name) for field in fields(self)}
        data["discard"] = [c.notation for c in self.discard]
        data["sides"] = [
            {
                "seats": list(s.seats),
                "battle": [c.notation for c in s.battle],
                "speed": [c.notation for c in s.speed],
                "safeties": [c.notation for c in s.safeties],
                "coups_fourres": [c.notation for c in s.coups_fourres],
                "distance": [c.notation for c in s.distance],
                "km": s.km,
            }
            for s in self.sides
        ]
        if moves:
            data["moves"] = [move.to_dict() for move in self.moves]
        else:
            del data["moves"]
        data["hand_sizes"] = list(self.hand_sizes)
        data["scores"] = list(self.scores)
        return data


@dataclass(frozen=True, slots=True)
class View(PublicView):
    """A seat's view of a deal: the public view as that seat sees it, and its own hand.

    ``decision`` is what this seat must decide now (``turn``, ``coup-fourre``, ``extension``),
    ``wait`` when it waits on another seat, or ``over``. ``moves`` also holds a coup-fourré
    this seat declined, which nobody else sees.
    """

    seat: int
    side: int
    hand: tuple[Card, ...]
    attack: Attack | None
    legal: tuple[Action, ...]

    @property
    def must_discard(self) -> bool:
        """Whether it is this seat's turn and no card of its hand may be played: it discards."""
        return self.decision == Decision.TURN and all(a.verb == Verb.DISCARD for a in self.legal)

    def to_dict(self, *, moves: bool = True) -> dict[str, Any]:
        data = PublicView.to_dict(self, moves=moves)
        data["hand"] = [c.notation for c in self.hand]
        data["attack"] = (
            None
            if self.attack is None
            else {"by": self.attack.by, "hazard": self.attack.hazard.notation}
        )
        data["legal"] = [str(a) for a in self.legal]
        return data
