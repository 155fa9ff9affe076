"""What a seat can work out from its view alone: which cards it has not seen, and what it may
attack.

Card counting here is exact bookkeeping, not memory: every card played, laid or discarded stays
visible in the view, so the unseen cards are the preset's deck minus the tableaux, the discard pile
and the seat's own hand. Those unseen cards are the other hands and the stock, in unknown order.
The expert judges from the same counts, kept in ``judge.Facts`` with the rest of what it knows
(which of its cards can never be of use: ``Facts.useless``).
"""

from __future__ import annotations

from ..core.actions import Verb
from ..core.cards import CARDS, Card
from ..core.rules import get_rules
from ..core.view import View


class Knowledge:
    """The unseen cards of one view: ``unseen`` counts them by kind, ``hidden`` in all."""

    __slots__ = ("hidden", "unseen")

    def __init__(self, view: View) -> None:
        unseen = dict(get_rules(view.rules).deck(view.players))
        for card in view.hand:
            unseen[card] -= 1
        for tableau in view.sides:
            for pile in (tableau.battle, tableau.speed, tableau.safeties, tableau.distance):
                for card in pile:
                    unseen[card] -= 1
        for card in view.discard:
            unseen[card] -= 1
        self.unseen: list[int] = [unseen[card] for card in CARDS]
        self.hidden = sum(self.unseen)  # the other hands and the stock


def legal_attacks(view: View) -> list[tuple[Card, int]]:
    """The hazard and the attacked side of every attack among the view's legal actions."""
    return [
        (action.card, action.target)
        for action in view.legal
        if action.verb == Verb.ATTACK and action.card is not None and action.target is not None
    ]
