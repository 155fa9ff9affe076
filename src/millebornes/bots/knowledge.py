"""What a seat can work out from its view alone: which cards it has not seen, how likely a side is
to hold one of them, and which of its own cards can never be of use.

Card counting here is exact bookkeeping, not memory: every card played, laid or discarded stays
visible in the view, so the unseen cards are the preset's deck minus the tableaux, the discard pile
and the seat's own hand. Those unseen cards are the other hands and the stock, in unknown order.
"""

from __future__ import annotations

from ..core.actions import Verb
from ..core.cards import CARDS, KM, REMEDY_FOR, SAFETY_FOR, Card
from ..core.rules import get_rules
from ..core.view import SideView, View

# The hazard each remedy answers (Roll answers Stop).
HAZARD_FOR_REMEDY: dict[Card, Card] = {remedy: hazard for hazard, remedy in REMEDY_FOR.items()}
MAX_TWO_HUNDREDS = 2


def is_rolling(tableau: SideView) -> bool:
    """Whether the side may lay distance (RULES.md section 5, as the view shows the tableau)."""
    top = tableau.battle_top
    if top is Card.ROLL:
        return True
    return Card.RIGHT_OF_WAY in tableau.safeties and (top is None or not top.is_hazard)


def needs_roll(tableau: SideView) -> bool:
    """Whether only a Roll (or Right of Way) stands between the side and driving: it is stopped
    by nothing, or by a Stop or a mended hazard."""
    top = tableau.battle_top
    return not is_rolling(tableau) and (top is None or top is Card.STOP or top.is_remedy)


def is_limited(tableau: SideView) -> bool:
    return tableau.speed_top is Card.SPEED_LIMIT


def chance_among(copies: int, drawn: int, pool: int) -> float:
    """The chance that ``drawn`` cards taken at random from ``pool`` include at least one of
    ``copies`` (hypergeometric)."""
    if copies <= 0 or drawn <= 0:
        return 0.0
    if drawn > pool - copies:
        return 1.0
    none = 1.0
    for i in range(drawn):
        none *= (pool - copies - i) / (pool - i)
    return 1.0 - none


class Knowledge:
    """The unseen cards of one view, with the questions the bots ask about them."""

    __slots__ = ("hidden", "unseen", "view")

    def __init__(self, view: View) -> None:
        self.view = view
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

    def count(self, card: Card) -> int:
        """How many copies of ``card`` are still unseen."""
        return self.unseen[card]

    def seen_all(self, card: Card) -> bool:
        return self.unseen[card] == 0

    def hidden_hand_size(self, side: int) -> int:
        """How many cards the seats of ``side`` hold that this seat cannot see."""
        view = self.view
        return sum(view.hand_sizes[seat] for seat in view.sides[side].seats if seat != view.seat)

    def chance_held(self, side: int, card: Card) -> float:
        """The chance that a seat of ``side`` holds ``card``, were the unseen cards dealt at
        random (a prior: the bots temper it with what the tableau shows)."""
        return chance_among(self.unseen[card], self.hidden_hand_size(side), self.hidden)


def is_plainly_useless(card: Card, view: View) -> bool:
    """Whether ``card`` can never be played to any purpose this deal, judged from the tableaux
    alone: a distance past the finish or a third 200, a remedy for a hazard the own side's safety
    prevents, a hazard every other side is safe from. A safety is never useless."""
    own = view.sides[view.side]
    if card.is_distance:
        if card is Card.D200 and own.twos_hundred >= MAX_TWO_HUNDREDS:
            return True
        return KM[card] > view.race - own.km
    if card.is_remedy:
        return SAFETY_FOR[HAZARD_FOR_REMEDY[card]] in own.safeties
    if card.is_hazard:
        safety = SAFETY_FOR[card]
        return all(
            safety in tableau.safeties
            for side, tableau in enumerate(view.sides)
            if side != view.side
        )
    return False


def legal_attacks(view: View) -> list[tuple[Card, int]]:
    """The hazard and the attacked side of every attack among the view's legal actions."""
    return [
        (action.card, action.target)
        for action in view.legal
        if action.verb == Verb.ATTACK and action.card is not None and action.target is not None
    ]
