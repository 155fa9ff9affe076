"""The reasons master gives: for a choice that departs from the expert's, in a few words, and
the figures of the search behind any choice."""

from __future__ import annotations

from ...core.actions import (
    CALL_COUP_FOURRE,
    EXTEND_RACE,
    FINISH_RACE,
    Action,
    Verb,
)
from ...core.cards import KM, SAFETY_FOR, Card
from ...core.view import View
from ..reasons import Param, Reason
from .beliefs import Beliefs
from .search import Candidate

# --------------------------------------------------------------------------- the reason shown


def why(view: View, action: Action, beliefs: Beliefs) -> Reason:
    """The situation that makes ``action`` sensible, in a few words."""
    me = view.sides[view.side]
    card = action.card
    if action.verb == Verb.ATTACK and card is not None and action.target is not None:
        target = view.sides[action.target]
        lead = target.km - me.km
        standing = (
            Reason("master.leads", {"km": lead})
            if lead > 0
            else Reason("master.trails", {"km": -lead})
            if lead < 0
            else Reason("master.level")
        )
        safety = SAFETY_FOR[card]
        out = [*view.discard, *(c for t in view.sides for c in t.safeties)]
        if safety in view.hand:
            guard = "master.you_hold"
        elif safety in out:
            guard = "master.already_out"
        elif all(int(safety) in beliefs.barred.get(seat, ()) for seat in target.seats):
            guard = "master.cannot_hold"
        else:
            guard = "master.unseen"
        return Reason(
            "master.attack",
            {
                "card": card,
                "side": action.target,
                "standing": standing,
                "guard": Reason(guard, {"card": safety}),
            },
        )
    if action.verb == Verb.PLAY and card is not None:
        if card.is_distance:
            left = view.race - me.km - KM[card]
            goal = Reason("master.completes") if left == 0 else Reason("master.to_go", {"km": left})
            return Reason("master.drive", {"card": card, "goal": goal})
        if card.is_safety:
            top = me.battle_top
            cleared = (top is not None and top.is_hazard and SAFETY_FOR[top] is card) or (
                card is Card.RIGHT_OF_WAY and me.speed_top is Card.SPEED_LIMIT
            )
            gain = "master.clears" if cleared else "master.protects"
            return Reason(gain, {"card": card})
        if card is Card.END_OF_LIMIT:
            return Reason("master.end_of_limit")
        return Reason("master.remedy", {"card": card})
    if action.verb == Verb.DISCARD and card is not None:
        return Reason("master.discard", {"card": card})
    if action == CALL_COUP_FOURRE and view.attack is not None:
        return Reason("master.coup_fourre", {"card": SAFETY_FOR[view.attack.hazard]})
    if action == FINISH_RACE:
        return Reason("master.finish", {"race": view.race})
    if action == EXTEND_RACE:
        return Reason("master.extend")
    return Reason("master.decline")


def with_odds(reason: Reason, chosen: Candidate, other: Candidate, departs: bool) -> Reason:
    """``reason`` for the ``chosen`` candidate, then its own share of simulated wins and, when
    ``other`` (the expert's choice it ``departs`` from, or the search's best it keeps the
    expert's choice against) was searched, other's share; and why it is chosen when other won
    more: the search ranks by the average result (points, or the match near its end), and
    leaves the expert's choice only when confident (see ``Challenge.taken``)."""
    win, other_win = _percent(chosen.win_rate), _percent(other.win_rate)
    odds: dict[str, Param] = {"why": reason, "win": win, "rollouts": chosen.rollouts}
    if other is chosen:
        return Reason("master.odds", odds)
    against = {**odds, "other": other.action, "other_win": other_win}
    if departs:
        return Reason("master.departs_fewer_wins" if win < other_win else "master.departs", against)
    if win < other_win:
        return Reason("master.keeps_within_noise", against)
    return Reason("master.odds", odds)


def _percent(rate: float) -> int:
    """A share as the whole percentage a hint shows."""
    return round(rate * 100)
