"""``expert`` (the medium level): a rule-based player that counts cards.

It decides with the rules of thumb of ``judge.py`` (whose docstring lists them, in order), judged
from its view alone: the unseen cards (the preset's deck minus every card in sight) tell it which
hazards, remedies and safeties may still come. Master's rollouts play with the same rules, in
their quick setting (``Judge.quick``). Each choice comes with its reason, worded for hints and
logs.

Its earlier versions stay playable as baselines: ``expert-2026`` still kept a remedy whose safety
it held, and ``expert-2026`` and ``expert-2027`` counted one seat stopped where an attack stops two
partners.
"""

from __future__ import annotations

from typing import ClassVar

from ..core.actions import CALL_COUP_FOURRE, EXTEND_RACE, Action, Verb
from ..core.cards import CARDS, KM, SAFETY_FOR, Card
from ..core.view import View
from .base import register
from .judge import (
    CLEARS,
    DEAL_MAY_END,
    FINISHES,
    HAZARD_OF,
    LAYS_STUCK,
    ONLY_SAFETIES,
    PREVENTED_BY,
    RIGHT_OF_WAY_AT_ONCE,
    WAITS,
    Facts,
    Judge,
)
from .reasons import Param, Reason

# The expert as it plays now, and as it played before each change of its rules.
EXPERT_2028 = Judge(quick=False)
EXPERT_2027 = Judge(quick=False, two_teams_attack=False)
EXPERT_2026 = Judge(quick=False, covered_remedy_dead=False, two_teams_attack=False)


@register("expert")
class ExpertBot:
    name = "expert"
    searches: ClassVar[bool] = False
    judge = EXPERT_2028

    def __init__(self, seed: int = 0) -> None:
        # Its choices involve no chance: the seed is taken only for the common interface.
        self.reason: Reason | None = None

    def choose(self, view: View) -> Action:
        facts = Facts.of_view(view)
        action, step = self.judge.decide(facts, view.decision)
        self.reason = _reason(self.judge, facts, action, step)
        return action


@register("expert-2026")
class Expert2026Bot(ExpertBot):
    """The expert as it played in 2026, kept as a baseline for benchmarks and tournaments."""

    name = "expert-2026"
    judge = EXPERT_2026


@register("expert-2027")
class Expert2027Bot(ExpertBot):
    """The expert before its attacks at tables of two sides of partners counted both seats
    stopped, kept as a baseline for benchmarks and tournaments."""

    name = "expert-2027"
    judge = EXPERT_2027


def _reason(judge: Judge, facts: Facts, action: Action, step: int) -> Reason:
    """Why the expert chose ``action``, decided by ``step`` (see ``judge.py``)."""
    card = action.card
    if card is None:  # a coup-fourré called, or the extension question answered
        if action == CALL_COUP_FOURRE:
            return Reason("expert.coup_fourre")
        if action == EXTEND_RACE:
            return Reason("expert.extend")
        return Reason("expert.finish", {"race": facts.deal.race})
    if step == FINISHES:
        why = "expert.lay_before_finishing" if card.is_safety else "expert.completes"
        return Reason(why, {"card": card})
    if step == CLEARS:
        return Reason("expert.clears", {"card": card})
    if step == RIGHT_OF_WAY_AT_ONCE:
        rolls = facts.needs_roll() or facts.deal.is_limited(facts.own)
        return Reason("expert.right_of_way_rolls" if rolls else "expert.right_of_way_spares")
    if step == ONLY_SAFETIES:
        return Reason("expert.lay_only_safeties", {"card": card})
    if step == DEAL_MAY_END:
        return Reason("expert.lay_deal_may_end", {"card": card})
    if card.is_safety:  # laid: its coup-fourré is worth less than a fresh card
        if all(facts.unseen(hazard) == 0 for hazard in PREVENTED_BY[card]):
            why = "expert.lay_all_seen"
        elif step == LAYS_STUCK:
            why = "expert.lay_stuck"
        else:
            why = "expert.lay_unlikely"
        return Reason(why, {"card": card})
    best = _best_reason(judge, facts, action, card)
    if step == WAITS:
        return Reason("expert.wait_to_finish", {"meanwhile": best})
    return best


def _best_reason(judge: Judge, facts: Facts, action: Action, card: Card) -> Reason:
    """Why ``action``, on ``card``, was the best of mending, attacking, driving and
    discarding."""
    if action.target is not None:  # an attack
        answered = judge.answered(facts, card, action.target)
        params: dict[str, Param] = {"card": card, "side": action.target, "safety": SAFETY_FOR[card]}
        if answered == 0:
            return Reason("expert.attack_safe", params)
        return Reason("expert.attack_risk", {**params, "risk": round(answered * 100)})
    if action.verb == Verb.DISCARD:
        return Reason("expert.discard", {"card": card, "why": _why_discarded(judge, facts, card)})
    if card is Card.END_OF_LIMIT:
        return Reason("expert.end_of_limit")
    if card.is_remedy:
        battle = facts.deal.battle[facts.own]
        if battle and battle[-1] == HAZARD_OF[card]:
            return Reason("expert.mends", {"card": card, "hazard": CARDS[battle[-1]]})
        return Reason("expert.roll")
    left = facts.left - KM[card]
    why = "expert.drive_no_200" if judge.no_200_charged(facts, card) else "expert.drive"
    return Reason(why, {"card": card, "left": left})


def _why_discarded(judge: Judge, facts: Facts, card: Card) -> Reason:
    if facts.useless(card):
        return Reason("expert.never_playable")
    if card.is_remedy:
        hazard = CARDS[HAZARD_OF[card]]
        if facts.unseen(hazard) == 0:
            return Reason("expert.all_seen", {"hazard": hazard})
        if judge.covers(facts, card):
            return Reason("expert.covered", {"hazard": hazard, "safety": SAFETY_FOR[hazard]})
    if facts.hand[card] > 1:
        return Reason("expert.spare_copy")
    return Reason("expert.least_worth_keeping")
