"""``expert`` (the medium level): a rule-based player that counts cards.

Everything it judges comes from its view: the unseen cards (the preset's deck minus every card in
sight, see ``knowledge.py``) tell it which hazards, remedies and safeties may still come. Each
turn, in this order:

1. the distance that completes the trip, laying its safeties first (a safety still in hand when
   the deal ends scores nothing, and each one plays again); in the bonus presets it holds the
   finish back for the delayed-action bonus when the stock runs out before its next turn and no
   unseen hazard can stop it;
2. a safety that clears the hazard it is under, and Right of Way as soon as it has it (Dujardin's
   booklet advises laying it at once: it spares every later Roll);
3. the best of mending the car, attacking, driving and discarding, each valued in kilometres: an
   attack is worth the turns it costs the side attacked (more when its remedies are scarce, more
   against the side nearest the finish or leading the match, twice where two sides of partners
   meet: both seats are stopped, and ``expert-2027`` still counted one), less the risk of a
   coup-fourré (higher for a side whose safety is unseen and who never let that hazard pass); a
   distance is worth its kilometres, less the no-200 bonus a 200 forfeits while ahead and a
   remainder the hand cannot complete; a discard costs what the card was worth keeping (nothing
   for a dead card: a remedy whose hazards are all seen or prevented by its own safety, laid or
   in hand (a coup-fourré answers that hazard; ``expert-2026`` still kept such a remedy), a third
   200, a distance past the finish; less for a spare copy), and a safety is never discarded;
4. besides that action, a safety is laid first (it plays again) when the coup-fourré it gives up
   is worth less than a fresh card (worth more when the hand holds nothing worth playing), or
   when the deal may end before anyone attacks: another side within one card of the finish,
   the stock nearly out.

It always calls coup-fourré, and in ``parker`` extends the race only when the others are far
behind or stopped. Partners share one side, so its own side's tableau is the team's.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..core.actions import (
    ATTACKS,
    CALL_COUP_FOURRE,
    DISCARDS,
    EXTEND_RACE,
    FINISH_RACE,
    PLAYS,
    Action,
    Decision,
)
from ..core.cards import DISTANCES, HAZARDS, KM, REMEDY_FOR, SAFETIES, SAFETY_FOR, Card
from ..core.rules import get_rules
from ..core.scoring import COUP_FOURRE_POINTS
from ..core.view import SideView, View
from .base import register
from .knowledge import (
    HAZARD_FOR_REMEDY,
    MAX_TWO_HUNDREDS,
    Knowledge,
    is_limited,
    is_plainly_useless,
    is_rolling,
    legal_attacks,
    needs_roll,
)
from .reasons import Param, Reason
from .tuning import (
    AWKWARD_REMAINDER,
    COMPLETING_ENOUGH,
    DANGER_BASE,
    DRAW_VALUE,
    END_OF_LIMIT_SMALL,
    END_OF_LIMIT_VALUE,
    EXTEND_HAND_KM,
    EXTEND_LEAD,
    KEEP_DISTANCE,
    KEEP_EXTRA_COPY,
    KEEP_FINISHER,
    KEEP_HAZARD,
    KEEP_NEEDED_REMEDY,
    KEEP_REMEDY,
    KEEP_ROLL,
    KEEP_SURPLUS,
    MAX_WAIT,
    MEND_VALUE,
    NO_200_BONUS,
    NO_200_WEIGHT,
    PLANNING_HORIZON,
    SPEED_LIMIT_TURNS,
    STOCK_ENDING,
    STUCK_DRAW_VALUE,
    TURN_KM,
    UNANSWERED_BEFORE,
    UNANSWERED_NOW,
    attack_weight,
)

# Hazards prevented by each safety (Right of Way prevents two).
PREVENTS: dict[Card, tuple[Card, ...]] = {
    safety: tuple(h for h, s in SAFETY_FOR.items() if s is safety) for safety in SAFETIES
}


@dataclass(frozen=True)
class ExpertPolicy:
    """The expert's rules that changed between versions, so an earlier expert stays playable
    as a baseline through the same code."""

    # A remedy is dead while the hand holds the safety against its hazard: an attack with that
    # hazard is answered by a coup-fourré, or the safety is laid first (benchmarks.departures:
    # master gained most discarding such remedies instead of the expert's card).
    covered_remedy_dead: bool
    # With two sides of partners, an attack costs the other side both its seats' turns
    # (tuning.TWO_TEAMS_ATTACK; master gained most at 4 players attacking where the expert did not).
    two_teams_attack: bool


EXPERT_2026 = ExpertPolicy(covered_remedy_dead=False, two_teams_attack=False)
EXPERT_2027 = ExpertPolicy(covered_remedy_dead=True, two_teams_attack=False)
EXPERT_2028 = ExpertPolicy(covered_remedy_dead=True, two_teams_attack=True)


@register("expert")
class ExpertBot:
    name = "expert"
    policy = EXPERT_2028

    def __init__(self, seed: int = 0) -> None:
        # Its choices involve no chance: the seed is taken only for the common interface.
        self.reason: Reason | None = None

    def choose(self, view: View) -> Action:
        if view.decision == Decision.COUP_FOURRE:
            self.reason = Reason("expert.coup_fourre")
            return CALL_COUP_FOURRE
        if view.decision == Decision.EXTENSION:
            return self._extension(view)
        action, self.reason = _Turn(view, self.policy).choose()
        return action

    def _extension(self, view: View) -> Action:
        own = view.sides[view.side]
        hand_km = sum(
            KM[card]
            for card in view.hand
            if card.is_distance and (card is not Card.D200 or own.twos_hundred < 2)
        )
        others_behind = all(
            tableau.km + EXTEND_LEAD <= view.race or not is_rolling(tableau)
            for side, tableau in enumerate(view.sides)
            if side != view.side
        )
        if others_behind and is_rolling(own) and hand_km >= EXTEND_HAND_KM:
            self.reason = Reason("expert.extend")
            return EXTEND_RACE
        self.reason = Reason("expert.finish", {"race": view.race})
        return FINISH_RACE


@register("expert-2026")
class Expert2026Bot(ExpertBot):
    """The expert as it played in 2026, kept as a baseline for benchmarks and tournaments."""

    name = "expert-2026"
    policy = EXPERT_2026


@register("expert-2027")
class Expert2027Bot(ExpertBot):
    """The expert before its attacks at tables of two sides of partners counted both seats
    stopped, kept as a baseline for benchmarks and tournaments."""

    name = "expert-2027"
    policy = EXPERT_2027


@dataclass
class _Option:
    action: Action
    value: float
    reason: Reason


class _Turn:
    """One turn's judgment: the view, what the seat knows, and its hand."""

    def __init__(self, view: View, policy: ExpertPolicy) -> None:
        self.view = view
        self.policy = policy
        self.know = Knowledge(view)
        self.own: SideView = view.sides[view.side]
        self.hand = Counter(view.hand)
        self.legal = frozenset(view.legal)
        self.remaining = view.race - self.own.km
        self.scoring = get_rules(view.rules).scoring
        self.attack_weight = (
            attack_weight(view.players, len(view.sides)) if policy.two_teams_attack else 1.0
        )

    def choose(self) -> tuple[Action, Reason]:
        finishing = self._finishing_card()
        waiting = finishing is not None and self._delay_pays(finishing)
        if finishing is not None and not waiting:
            finish = self._finish(finishing)
            return finish.action, finish.reason
        first = self._safety_first()
        if first is not None:
            return first.action, first.reason
        options = [
            self._mend(),
            self._best_attack(),
            None if waiting else self._best_drive(),
            self._best_discard(keep_back=finishing),
        ]
        best = max((o for o in options if o is not None), key=lambda o: o.value, default=None)
        # A safety is laid without spending the turn (it plays again), so it is judged apart:
        # laid when the card it frees is worth more than the coup-fourré it gives up.
        safety = self._safety_to_lay(best)
        chosen = safety or best
        # Only safeties in hand: one is laid. Waiting: the hand holds six cards besides.
        assert chosen is not None
        if waiting and chosen is best:
            return chosen.action, Reason("expert.wait_to_finish", {"meanwhile": chosen.reason})
        return chosen.action, chosen.reason

    # ------------------------------------------------------------ 1-2: finishing, safeties first

    def _finishing_card(self) -> Card | None:
        for card in DISTANCES:
            if KM[card] == self.remaining and PLAYS[card] in self.legal:
                return card
        return None

    def _finish(self, card: Card) -> _Option:
        for safety in SAFETIES:
            if self.hand[safety]:
                return _Option(
                    PLAYS[safety],
                    0,
                    Reason("expert.lay_before_finishing", {"card": safety}),
                )
        return _Option(PLAYS[card], 0, Reason("expert.completes", {"card": card}))

    def _delay_pays(self, card: Card) -> bool:
        """Whether to hold back the finishing ``card`` for the delayed-action bonus: the stock
        runs out before this seat plays again, nobody else can finish meanwhile, and no unseen
        hazard can stop this side (each is prevented by a safety laid, or all seen). Safeties
        still in hand are laid first (see _finish)."""
        view = self.view
        if self.scoring != "bonus" or not 0 < view.stock_size < view.players:
            return False
        if self._another_side_may_finish() or any(self.hand[s] for s in SAFETIES):
            return False
        for hazard in HAZARDS:
            if self.know.seen_all(hazard) or SAFETY_FOR[hazard] in self.own.safeties:
                continue
            if hazard is not Card.SPEED_LIMIT or KM[card] > 50:
                return False
        return True

    def _safety_first(self) -> _Option | None:
        """A safety that clears the hazard this side is under, or Right of Way, which
        Dujardin's booklet advises laying as soon as possible: it spares every later Roll."""
        own = self.own
        for safety in SAFETIES:
            if self.hand[safety] and own.battle_top in PREVENTS[safety]:
                return _Option(PLAYS[safety], 0, Reason("expert.clears", {"card": safety}))
        if not self.hand[Card.RIGHT_OF_WAY]:
            return None
        rolling = needs_roll(own) or is_limited(own)
        why = "expert.right_of_way_rolls" if rolling else "expert.right_of_way_spares"
        return _Option(PLAYS[Card.RIGHT_OF_WAY], 0, Reason(why))

    def _safety_to_lay(self, best: _Option | None) -> _Option | None:
        """The safety to lay now, if any; ``best`` is the best other action (None when the hand
        holds nothing but safeties)."""
        held = [safety for safety in SAFETIES if self.hand[safety]]
        if not held:
            return None
        if best is None:
            return _Option(PLAYS[held[0]], 0, Reason("expert.lay_only_safeties", {"card": held[0]}))
        if self._deal_may_end():
            return _Option(
                PLAYS[held[0]],
                0,
                Reason("expert.lay_deal_may_end", {"card": held[0]}),
            )
        stuck = best.value < 0
        safety = min(held, key=self._coup_fourre_value)
        given_up = self._coup_fourre_value(safety)
        if given_up > (STUCK_DRAW_VALUE if stuck else DRAW_VALUE):
            return None
        if all(self.know.seen_all(hazard) for hazard in PREVENTS[safety]):
            why = "expert.lay_all_seen"
        elif stuck:
            why = "expert.lay_stuck"
        else:
            why = "expert.lay_unlikely"
        return _Option(PLAYS[safety], 0, Reason(why, {"card": safety}))

    def _coup_fourre_value(self, safety: Card) -> float:
        """What holding ``safety`` for a coup-fourré is worth: its bonus and the free turn, times
        the chance that the other sides get a hazard it prevents and play it on this side. They
        see their hands and their share of the stock still to be drawn."""
        view = self.view
        know = self.know
        unseen = sum(know.count(hazard) for hazard in PREVENTS[safety])
        if unseen == 0 or know.hidden == 0:
            return 0.0
        others = [side for side in range(len(view.sides)) if side != view.side]
        their_seats = sum(len(view.sides[side].seats) for side in others)
        their_cards = sum(know.hidden_hand_size(side) for side in others) + (
            view.stock_size * their_seats / view.players
        )
        reach = min(1.0, their_cards / know.hidden)
        chance = 1 - (1 - reach) ** unseen
        return chance * (COUP_FOURRE_POINTS + TURN_KM)

    def _deal_may_end(self) -> bool:
        """Whether the deal may end before this seat plays again."""
        return self.view.stock_size <= STOCK_ENDING * self.view.players or (
            self._another_side_may_finish()
        )

    def _another_side_may_finish(self) -> bool:
        """Whether another side is rolling within one card of the finish."""
        view = self.view
        for side, tableau in enumerate(view.sides):
            if side == view.side or not is_rolling(tableau):
                continue
            reach = 200 if tableau.twos_hundred < 2 else 100
            if view.race - tableau.km <= reach:
                return True
        return False

    # ------------------------------------------------------------ 3: mend, attack, drive, discard

    def _mend(self) -> _Option | None:
        top = self.own.battle_top
        if top is not None and top.is_hazard:
            remedy = REMEDY_FOR[top]
            if PLAYS[remedy] in self.legal:
                mends = Reason("expert.mends", {"card": remedy, "hazard": top})
                return _Option(PLAYS[remedy], MEND_VALUE, mends)
        if PLAYS[Card.ROLL] in self.legal:
            return _Option(PLAYS[Card.ROLL], MEND_VALUE, Reason("expert.roll"))
        return None

    def _best_attack(self) -> _Option | None:
        best: _Option | None = None
        for hazard, side in legal_attacks(self.view):
            value, why = self._attack_value(hazard, side)
            if best is None or value > best.value:
                best = _Option(ATTACKS[hazard][side], value, why)
        return best

    def _attack_value(self, hazard: Card, side: int) -> tuple[float, Reason]:
        answered = self._chance_answered(hazard, side)
        loss = self._turns_lost(hazard, side) * TURN_KM * self._danger(side) * self.attack_weight
        # A coup-fourré gives them its bonus and a free turn, and costs this seat the hazard.
        backfire = COUP_FOURRE_POINTS + TURN_KM
        value = (1 - answered) * loss - answered * backfire
        params: dict[str, Param] = {"card": hazard, "side": side, "safety": SAFETY_FOR[hazard]}
        if answered == 0:
            return value, Reason("expert.attack_safe", params)
        return value, Reason("expert.attack_risk", {**params, "risk": round(answered * 100)})

    def _chance_answered(self, hazard: Card, side: int) -> float:
        """The chance that ``side`` holds the safety against ``hazard``, tempered by what its
        tableau shows: a hazard of that kind lying on it now means it held none when hit, and
        has not laid one since."""
        safety = SAFETY_FOR[hazard]
        if self.hand[safety]:
            return 0.0
        chance = self.know.chance_held(side, safety)
        tableau = self.view.sides[side]
        prevented = PREVENTS[safety]
        if tableau.battle_top in prevented or tableau.speed_top in prevented:
            chance *= UNANSWERED_NOW
        elif any(card in prevented for card in (*tableau.battle, *tableau.speed)):
            chance *= UNANSWERED_BEFORE
        return chance

    def _turns_lost(self, hazard: Card, side: int) -> float:
        """Roughly how many turns ``hazard`` costs ``side``: the remedy (found in hand or awaited
        in the draw), then a Roll unless it has Right of Way."""
        view = self.view
        tableau = view.sides[side]
        if hazard is Card.SPEED_LIMIT:
            left = view.race - tableau.km
            return 0.0 if left <= 50 else SPEED_LIMIT_TURNS
        remedy = REMEDY_FOR[hazard]
        turns = 1 + (1 - self.know.chance_held(side, remedy)) * self._wait(remedy)
        if hazard is not Card.STOP and Card.RIGHT_OF_WAY not in tableau.safeties:
            turns += 1
        return turns

    def _wait(self, card: Card) -> float:
        """Turns a side waits to draw ``card`` when its hand has none (capped: the deal moves
        on)."""
        unseen = self.know.count(card)
        if unseen == 0:
            return MAX_WAIT
        return min(MAX_WAIT, self.know.hidden / (unseen * self.view.players))

    def _danger(self, side: int) -> float:
        """How much stopping ``side`` matters: more the nearer it is to the finish, more if it
        leads the match."""
        view = self.view
        danger = DANGER_BASE + view.sides[side].km / view.race
        if view.scores[side] > max(view.scores[s] for s in range(len(view.sides)) if s != side):
            danger += 0.25
        return danger

    def _best_drive(self) -> _Option | None:
        best: _Option | None = None
        for card in DISTANCES:
            if PLAYS[card] not in self.legal:
                continue
            value, why = self._drive_value(card)
            if best is None or value > best.value:
                best = _Option(PLAYS[card], value, why)
        if PLAYS[Card.END_OF_LIMIT] in self.legal:
            value = self._end_of_limit_value()
            if best is None or value > best.value:
                best = _Option(PLAYS[Card.END_OF_LIMIT], value, Reason("expert.end_of_limit"))
        return best

    def _drive_value(self, card: Card) -> tuple[float, Reason]:
        km = KM[card]
        left = self.remaining - km
        value = float(km)
        why = Reason("expert.drive", {"card": card, "left": left})
        if card is Card.D200 and self.own.twos_hundred == 0 and self._trip_looks_safe():
            value -= NO_200_WEIGHT * NO_200_BONUS[self.scoring]
            why = Reason("expert.drive_no_200", {"card": card, "left": left})
        if left < PLANNING_HORIZON:
            # Charged only for making the finish less sure than it is now: standing still
            # leaves the remainder just as awkward.
            now = self._finish_chance(self.remaining, self.hand)
            after = self._finish_chance(left, self._rest(card))
            value -= AWKWARD_REMAINDER * max(0.0, now - after)
        return value, why

    def _rest(self, card: Card) -> Counter[Card]:
        rest = self.hand.copy()
        rest[card] -= 1
        return rest

    def _finish_chance(self, left: int, hand: Counter[Card]) -> float:
        """How sure the last ``left`` km are: certain when ``hand``'s distance cards make them,
        otherwise growing with the unseen cards that would complete them with the hand."""
        twos_left = MAX_TWO_HUNDREDS - self.own.twos_hundred
        sums = _sums(hand, twos_left)
        if left == 0 or left in sums:
            return 1.0
        completing = sum(
            self.know.count(card)
            for card in DISTANCES
            if KM[card] <= left and left - KM[card] in sums
        )
        return min(1.0, completing / COMPLETING_ENOUGH)

    def _trip_looks_safe(self) -> bool:
        """Whether the no-200 bonus is within reach: ahead of every other side."""
        view = self.view
        return all(
            tableau.km <= self.own.km
            for side, tableau in enumerate(view.sides)
            if side != view.side
        )

    def _end_of_limit_value(self) -> float:
        if self.remaining <= 50:
            return 0.0
        big = any(
            self.hand[card] and KM[card] <= self.remaining
            for card in (Card.D75, Card.D100, Card.D200)
        )
        return END_OF_LIMIT_VALUE if big else END_OF_LIMIT_SMALL

    # ------------------------------------------------------------ 3: discards, what cards are worth

    def _best_discard(self, keep_back: Card | None) -> _Option | None:
        """The card least worth keeping: never a safety, nor the last copy of ``keep_back``."""
        keep = {
            card: self._keep_value(card)
            for card, copies in self.hand.items()
            if not card.is_safety and not (card is keep_back and copies == 1)
        }
        if not keep:
            return None
        card = min(keep, key=lambda c: (keep[c], -self.hand[c]))
        return _Option(
            DISCARDS[card],
            -keep[card],
            Reason("expert.discard", {"card": card, "why": self._why_useless(card)}),
        )

    def _keep_value(self, card: Card) -> float:
        """What losing ``card`` (never a safety) would cost, in kilometres."""
        if is_plainly_useless(card, self.view):
            return 0.0
        extra = KEEP_EXTRA_COPY if self.hand[card] > 1 else 1.0
        if card.is_distance:
            return self._keep_distance(card) * extra
        if card.is_hazard:
            return KEEP_HAZARD[card] * extra
        return self._keep_remedy(card) * extra

    def _keep_distance(self, card: Card) -> float:
        """Kilometres are worth keeping, less when the hand already holds more than the trip
        needs; near the finish, a card that completes it with the rest of the hand most."""
        rest = self._rest(card)
        if (
            self.remaining <= PLANNING_HORIZON
            and self._finish_chance(self.remaining - KM[card], rest) == 1.0
        ):
            return KEEP_FINISHER
        others = sum(KM[c] * n for c, n in rest.items() if c.is_distance)
        surplus = KEEP_SURPLUS if others >= self.remaining else 1.0
        return KM[card] * KEEP_DISTANCE * surplus

    def _keep_remedy(self, remedy: Card) -> float:
        own = self.own
        hazard = HAZARD_FOR_REMEDY[remedy]
        if remedy is Card.ROLL:
            if needs_roll(own):
                return KEEP_NEEDED_REMEDY
            return KEEP_ROLL
        if own.battle_top is hazard or (remedy is Card.END_OF_LIMIT and is_limited(own)):
            return KEEP_NEEDED_REMEDY
        if self.know.seen_all(hazard) or self._covered(remedy):
            return 0.0
        return KEEP_REMEDY * self.know.count(hazard) / _deck_count(self.view, hazard)

    def _covered(self, remedy: Card) -> bool:
        """Whether the hand holds the safety against ``remedy``'s hazard (and the policy counts
        such a remedy dead)."""
        return self.policy.covered_remedy_dead and bool(
            self.hand[SAFETY_FOR[HAZARD_FOR_REMEDY[remedy]]]
        )

    def _why_useless(self, card: Card) -> Reason:
        if is_plainly_useless(card, self.view):
            return Reason("expert.never_playable")
        if card.is_remedy and self.know.seen_all(HAZARD_FOR_REMEDY[card]):
            return Reason("expert.all_seen", {"hazard": HAZARD_FOR_REMEDY[card]})
        if card.is_remedy and self._covered(card):
            hazard = HAZARD_FOR_REMEDY[card]
            return Reason("expert.covered", {"hazard": hazard, "safety": SAFETY_FOR[hazard]})
        if self.hand[card] > 1:
            return Reason("expert.spare_copy")
        return Reason("expert.least_worth_keeping")


def _deck_count(view: View, card: Card) -> int:
    return get_rules(view.rules).deck(view.players)[card]


def _sums(hand: Counter[Card], twos_left: int) -> set[int]:
    """Every distance the hand's distance cards can make together."""
    sums = {0}
    for card in DISTANCES:
        copies = min(hand[card], twos_left) if card is Card.D200 else hand[card]
        for _ in range(copies):
            sums |= {total + KM[card] for total in sums}
    return sums
