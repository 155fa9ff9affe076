"""The reason master gives for a choice that departs from the expert's, in a few words."""

from __future__ import annotations

from ...actions import (
    CALL_COUP_FOURRE,
    EXTEND_RACE,
    FINISH_RACE,
    Action,
    Verb,
)
from ...cards import KM, NAMES, SAFETY_FOR, Card
from ...view import View
from .beliefs import Beliefs

# --------------------------------------------------------------------------- the reason shown

_NAME = NAMES["en"]


def why(view: View, action: Action, beliefs: Beliefs) -> str:
    """The situation that makes ``action`` sensible, in a few words."""
    me = view.sides[view.side]
    card = action.card
    if action.verb == Verb.ATTACK:
        assert card is not None and action.target is not None
        target = view.sides[action.target]
        lead = target.km - me.km
        standing = (
            f"it leads by {lead} km"
            if lead > 0
            else f"it trails by {-lead} km"
            if lead < 0
            else "it is level with you"
        )
        safety = SAFETY_FOR[card]
        out = [*view.discard, *(c for t in view.sides for c in t.safeties)]
        if safety in view.hand:
            guard = f"you hold {_NAME[safety]}"
        elif safety in out:
            guard = f"{_NAME[safety]} is already out"
        elif all(int(safety) in beliefs.barred.get(seat, ()) for seat in target.seats):
            guard = f"it cannot hold {_NAME[safety]}"
        else:
            guard = f"{_NAME[safety]} is still unseen"
        return f"Attack side {action.target} with {_NAME[card]}: {standing} and {guard}"
    if action.verb == Verb.PLAY:
        assert card is not None
        if card.is_distance:
            left = view.race - me.km - KM[card]
            goal = "completes the trip" if left == 0 else f"{left} km still to go"
            return f"Drive {_NAME[card]}: {goal}"
        if card.is_safety:
            top = me.battle_top
            cleared = (top is not None and top.is_hazard and SAFETY_FOR[top] is card) or (
                card is Card.RIGHT_OF_WAY and me.speed_top is Card.SPEED_LIMIT
            )
            gain = "clears the attack" if cleared else "100 points and protection"
            return f"Play {_NAME[card]}: {gain}, and another turn"
        if card is Card.END_OF_LIMIT:
            return "Play End of Limit: the big distances can go again"
        return f"Play {_NAME[card]} to get going again"
    if action.verb == Verb.DISCARD:
        assert card is not None
        return f"Discard {_NAME[card]}: the card the simulated endings miss least"
    if action == CALL_COUP_FOURRE:
        assert view.attack is not None
        safety = SAFETY_FOR[view.attack.hazard]
        return f"Coup-fourré with {_NAME[safety]}: 300 bonus points and the next turn"
    if action == FINISH_RACE:
        return f"Stop at {view.race}: take the trip now"
    if action == EXTEND_RACE:
        return "Extend the race to 1000: more points in reach than at risk"
    return "Let the attack pass: the safety is worth more later"
