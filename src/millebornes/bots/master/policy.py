"""Master's rollout policy: every seat of a sampled deal played to its end with the expert's rules
of thumb (``bots/judge.py``) in their quick setting, each seat's facts read straight from the
deal's arrays (the expert reads views, far too slow for thousands of rollouts).

Each seat judges only from what it could see: the table (``Facts.seen`` counts its cards as the
rollout plays) and its own hand. The policy is deterministic, so candidates compared in one
sampled deal meet the same future."""

from __future__ import annotations

from typing import Final

from ...core.actions import CALL_COUP_FOURRE, Action, Decision
from ...core.deal import Deal
from ...core.errors import RequestError
from ...core.phrase import Phrase
from ..judge import SAFETY_OF, Facts, Judge, deck_counts, km_in_hand, table_cards

# master's search and the review import these from here.
__all__ = ["ROLLOUTS", "Rollout", "deck_counts", "km_in_hand"]

# The rollouts' judge: the expert's rules with the quick switch on (see Judge.quick).
ROLLOUTS: Final = Judge(quick=True)
_OVER: Final = Decision.OVER


class Rollout:
    """Plays a sampled deal to its end, every seat judged by ``judge`` (the rollouts' own by
    default; the expert's makes them play as the expert would, which the tests compare)."""

    __slots__ = ("deal", "facts", "judge")

    def __init__(self, deal: Deal, deck: list[int], judge: Judge = ROLLOUTS) -> None:
        self.deal = deal
        self.judge = judge
        self.facts = Facts(deal, deck, table_cards(deal))

    def finish(self) -> None:
        deal = self.deal
        facts = self.facts
        seen = facts.seen
        while deal.decision is not _OVER:
            action = self.action()
            card = action.card
            if card is not None:
                seen[card] += 1
                facts.off_table -= 1
            elif action is CALL_COUP_FOURRE and deal.attack is not None:
                seen[SAFETY_OF[deal.attack[1]]] += 1  # the safety laid, out of the hand
                facts.off_table -= 1
            deal.apply_legal(action)

    def action(self, hand: list[int] | None = None) -> Action:
        """The policy's action for the seat to act, holding ``hand`` (per-kind counts) if given,
        else the hand it holds in the deal."""
        deal = self.deal
        seat = deal.to_act
        if seat is None:
            raise RequestError(Phrase("request.no_seat_to_act"))
        facts = self.facts
        facts.take(seat, deal.hands[seat] if hand is None else hand, len(deal.stock))
        return self.judge.decide(facts, deal.decision)[0]

    def keep_value(self, card: int, own: int, hand: list[int], left: int, hand_km: int) -> float:
        """What discarding ``card`` (never a safety) would cost side ``own``, holding ``hand``
        ``left`` km from the finish, in km; ``hand_km`` is what the hand's distance cards add up
        to. Master's search ranks the discards worth searching with it."""
        facts = self.facts
        facts.own, facts.hand, facts.left = own, hand, left
        return self.judge.keep_value(facts, card, hand_km)
