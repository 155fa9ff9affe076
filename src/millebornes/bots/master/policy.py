"""Master's rollout policy: a fast cousin of the expert, read straight from a Deal's arrays, that
plays every seat of a sampled deal to its end."""

from __future__ import annotations

import math
import operator

from ...core.actions import (
    ATTACKS,
    CALL_COUP_FOURRE,
    DISCARDS,
    FINISH_RACE,
    PLAYS,
    Action,
    Decision,
)
from ...core.cards import CARDS, KM, NAMES, REMEDY_FOR, SAFETIES, SAFETY_FOR, Card
from ...core.deal import HAND_SIZE, Deal
from ...core.rules import get_rules
from ...core.scoring import COUP_FOURRE_POINTS
from ...core.view import View
from ..tuning import (
    AWKWARD_REMAINDER,
    COMPLETING_ENOUGH,
    DANGER_BASE,
    DRAW_VALUE,
    END_OF_LIMIT_SMALL,
    END_OF_LIMIT_VALUE,
    KEEP_DISTANCE,
    KEEP_EXTRA_COPY,
    KEEP_FINISHER,
    KEEP_HAZARD,
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

# How much a card a seat drew and no longer holds counts, against one it holds, in the odds that
# it kept an unseen safety (0: the safety is anywhere at random; 1: every seat keeps its safeties).
# Fitted by log-loss on the expert's hands in 60 deals: 0.4 (0.695 nats a position, 0.764 at 0);
# uniform odds put these safeties in hand half as often as they are.
KEPT_SAFETY = 0.4
_N = len(CARDS)
_NAME = NAMES["en"]
_D25 = int(Card.D25)
_D200 = int(Card.D200)
_STOP = int(Card.STOP)
_SPEED_LIMIT = int(Card.SPEED_LIMIT)
_ACCIDENT = int(Card.ACCIDENT)
_ROLL = int(Card.ROLL)
_END_OF_LIMIT = int(Card.END_OF_LIMIT)
_RIGHT_OF_WAY = int(Card.RIGHT_OF_WAY)
_SAFETIES = tuple(int(card) for card in SAFETIES)
_KEPT_SAFETIES = tuple(s for s in _SAFETIES if s != int(Card.RIGHT_OF_WAY))  # laid at once
_BIG_DISTANCES = (int(Card.D75), int(Card.D100), _D200)
_KM = [KM.get(card, 0) for card in CARDS]
_UNITS = [km // 25 for km in _KM]  # distances in 25 km steps, for sums as bit sets
_SAFETY_FOR = [int(SAFETY_FOR[card]) if card in SAFETY_FOR else -1 for card in CARDS]
_REMEDY_FOR = [int(REMEDY_FOR[card]) if card in REMEDY_FOR else -1 for card in CARDS]
_PREVENTS = {
    int(safety): tuple(int(h) for h, s in SAFETY_FOR.items() if s is safety) for safety in SAFETIES
}
_HAZARD_FOR = {int(remedy): int(hazard) for hazard, remedy in REMEDY_FOR.items()}
_KIND_OF_KM = {km: kind for kind, km in enumerate(_KM) if km}
_KEEP_HAZARD = [KEEP_HAZARD.get(card, 0) for card in CARDS]  # indexed by kind, for speed
_COUP_FOURRE = Decision.COUP_FOURRE
_EXTENSION = Decision.EXTENSION
_OVER = Decision.OVER

# What an attack answered by a coup-fourré costs the attacker, in kilometres.
BACKFIRE = COUP_FOURRE_POINTS + TURN_KM


def drawn_by_each_seat(deck_size: int, players: int, stock: int) -> float:
    """Roughly how many cards each seat has drawn so far, its first six included."""
    return HAND_SIZE + (deck_size - players * HAND_SIZE - stock) / players


def deck_counts(view: View) -> list[int]:
    """The copies of each card kind in the deck of the view's table, the rollouts' count."""
    counts = get_rules(view.rules).deck(view.players)
    return [counts[card] for card in CARDS]


def km_in_hand(hand: list[int]) -> int:
    """What the distance cards of a hand (per-kind counts) add up to."""
    return sum(map(operator.mul, hand[: _D200 + 1], _KM))


def keeping_weight(held: int, drawn: float) -> float:
    """The odds that seats holding ``held`` cards, having drawn ``drawn``, hold a given unseen
    safety (Right of Way aside), against one card of the stock: sensible players keep a safety
    for a coup-fourré, so each card drawn and gone counts KEPT_SAFETY of a card held."""
    return held + KEPT_SAFETY * max(0.0, drawn - held)


# --------------------------------------------------------------------------- the rollout policy


class Rollout:
    """Plays a sampled deal to its end, every seat following one fast policy.

    The policy is a cheap cousin of the ``expert``'s judgments (finish with safeties laid first,
    clear a hazard with its safety, then the best of mending, attacking, driving and discarding
    valued in kilometres, and safeties laid once a coup-fourré is unlikely), read straight from
    the Deal's arrays: the expert reads views, far too slow for thousands of rollouts. Each seat
    judges only from what it could see (``seen`` counts the cards on the table). The policy is
    deterministic, so candidates compared in one sampled deal meet the same future."""

    __slots__ = ("attack_weight", "deal", "deck", "hidden_total", "no_200_cost", "seen")

    def __init__(self, deal: Deal, deck: list[int]) -> None:
        self.deal = deal
        self.deck = deck
        seen = [0] * _N
        for card in deal.discard:
            seen[card] += 1
        for piles in (deal.battle, deal.speed, deal.safeties, deal.distance):
            for pile in piles:
                for card in pile:
                    seen[card] += 1
        self.seen = seen
        self.hidden_total = sum(deck) - sum(seen)  # the hands and the stock
        self.no_200_cost = NO_200_WEIGHT * NO_200_BONUS[deal.rules.scoring]
        self.attack_weight = attack_weight(deal.players, deal.sides_count)

    def finish(self) -> None:
        deal = self.deal
        seen = self.seen
        choose = self.action
        apply = deal.apply_legal
        while deal.decision is not _OVER:
            action = choose()
            card = action.card
            if card is not None:
                seen[card] += 1
                self.hidden_total -= 1
            elif action is CALL_COUP_FOURRE:
                assert deal.attack is not None
                seen[_SAFETY_FOR[deal.attack[1]]] += 1
                self.hidden_total -= 1
            apply(action)

    def action(self, hand: list[int] | None = None) -> Action:
        """The policy's action for the seat to act, holding ``hand`` (per-kind counts) if given,
        else the hand it holds in the deal."""
        deal = self.deal
        decision = deal.decision
        if decision is _COUP_FOURRE:
            return CALL_COUP_FOURRE
        if decision is _EXTENSION:
            return FINISH_RACE
        seat = deal.to_act
        assert seat is not None
        sides = deal.sides_count
        own = seat % sides
        if hand is None:
            hand = deal.hands[seat]
        left = deal.race - deal.km[own]
        held = [safety for safety in _SAFETIES if hand[safety]]
        finisher = _KIND_OF_KM.get(left)
        if finisher is not None and hand[finisher] and deal.may_play(own, finisher):
            return PLAYS[held[0] if held else finisher]  # safeties first: they play again
        if held:
            clearing = self._clearing_safety(own, held)
            if clearing is not None:
                return PLAYS[clearing]
        hidden = self.hidden_total - deal.hand_sizes[seat]
        may_play, may_attack = deal.may_play, deal.may_attack
        best: Action | None = None
        best_value = -math.inf
        discards = []
        # The legal actions, read straight from the hand in the engine's order; safeties are
        # judged apart, below.
        for card, copies in enumerate(hand[:_RIGHT_OF_WAY]):
            if not copies:
                continue
            discards.append(card)
            if _STOP <= card <= _ACCIDENT:
                for target in range(sides):
                    if target != own and may_attack(card, target):
                        value = self._attack_value(card, target, hand, hidden)
                        if value > best_value:
                            best, best_value = ATTACKS[card][target], value
            elif may_play(own, card):
                value = self._play_value(card, own, hand, left)
                if value > best_value:
                    best, best_value = PLAYS[card], value
        if best_value <= 0:  # a discard costs what the card is worth keeping: never above 0
            hand_km = km_in_hand(hand)
            keep_value = self.keep_value
            for card in discards:
                value = -keep_value(card, own, hand, left, hand_km)
                if value > best_value:
                    best, best_value = DISCARDS[card], value
        if held:
            if best is None:
                return PLAYS[held[0]]  # the hand holds nothing else
            safety = self._safety_to_lay(own, held, best_value < 0, hidden)
            if safety is not None:
                return PLAYS[safety]
        assert best is not None
        return best

    def _clearing_safety(self, own: int, held: list[int]) -> int | None:
        """A held safety that clears the hazard on the battle pile, or else Right of Way,
        laid at once (Dujardin's advice: it spares every later Roll)."""
        battle = self.deal.battle[own]
        top = battle[-1] if battle else -1
        for safety in held:
            if top >= 0 and _SAFETY_FOR[top] == safety:
                return safety
        return _RIGHT_OF_WAY if _RIGHT_OF_WAY in held else None

    def _play_value(self, card: int, own: int, hand: list[int], left: int) -> float:
        if card > _D200:
            if card == _END_OF_LIMIT:
                big = left > 50 and any(hand[kind] for kind in _BIG_DISTANCES)
                return END_OF_LIMIT_VALUE if big else END_OF_LIMIT_SMALL
            return MEND_VALUE
        deal = self.deal
        value = float(_KM[card])
        if card == _D200 and deal.twos[own] == 0 and deal.km[own] == max(deal.km):
            value -= self.no_200_cost
        rest = left - _KM[card]
        if rest < PLANNING_HORIZON:
            # Charged for making the finish less sure than it is now, not for an awkward
            # remainder that standing still would leave just as awkward.
            now = self._finish_chance(own, hand, -1, left)
            after = self._finish_chance(own, hand, card, rest)
            value -= AWKWARD_REMAINDER * max(0.0, now - after)
        return value

    def _finish_chance(self, own: int, hand: list[int], card: int, rest: int) -> float:
        """How sure the last ``rest`` km are once ``card`` (-1: none) is played: certain if the
        hand makes them, otherwise growing with the unseen cards that would complete them."""
        if rest == 0:
            return 1.0
        twos_left = 2 - self.deal.twos[own] - (card == _D200)
        sums = 1  # bit i set: the hand's distance cards can make i steps of 25 km
        for kind in range(_D200 + 1):
            copies = hand[kind] - (kind == card)
            if kind == _D200:
                copies = min(copies, twos_left)
            for _ in range(copies):
                sums |= sums << _UNITS[kind]
        steps = rest // 25
        if sums >> steps & 1:
            return 1.0
        deck, seen = self.deck, self.seen
        completing = sum(
            deck[kind] - seen[kind] - hand[kind] + (kind == card)
            for kind in range(_D200 + 1)
            if _UNITS[kind] <= steps and sums >> (steps - _UNITS[kind]) & 1
        )
        return min(1.0, completing / COMPLETING_ENOUGH)

    def _attack_value(self, hazard: int, target: int, hand: list[int], hidden: int) -> float:
        """The turns the attack costs ``target``, in km, less the risk of a coup-fourré."""
        deal = self.deal
        deck, seen = self.deck, self.seen
        players, k = deal.players, deal.sides_count
        their_cards = sum(deal.hand_sizes[target::k])
        safety = _SAFETY_FOR[hazard]
        answered = 0.0
        if not (hand[safety] or seen[safety]) and hidden:
            if safety == _RIGHT_OF_WAY:  # laid at once: anywhere at random
                answered = their_cards / hidden
            else:
                seats = len(range(target, players, k))
                drawn = seats * drawn_by_each_seat(sum(deck), players, len(deal.stock))
                kept = keeping_weight(their_cards, drawn)
                answered = kept / (hidden - their_cards + kept)
            prevented = _PREVENTS[safety]
            battle, speed = deal.battle[target], deal.speed[target]
            if (battle and battle[-1] in prevented) or (speed and speed[-1] in prevented):
                answered *= UNANSWERED_NOW
            elif any(c in prevented for c in battle) or any(c in prevented for c in speed):
                answered *= UNANSWERED_BEFORE
        if hazard == _SPEED_LIMIT:
            turns = 0.0 if deal.race - deal.km[target] <= 50 else SPEED_LIMIT_TURNS
        else:
            remedy = _REMEDY_FOR[hazard]
            unseen = deck[remedy] - seen[remedy] - hand[remedy]
            if unseen > 0 and hidden:
                has_remedy = 1 - (1 - their_cards / hidden) ** unseen
                wait = min(MAX_WAIT, hidden / (unseen * players))
            else:
                has_remedy, wait = 0.0, MAX_WAIT
            turns = 1 + (1 - has_remedy) * wait
            if hazard != _STOP and _RIGHT_OF_WAY not in deal.safeties[target]:
                turns += 1  # and a Roll after the remedy
        danger = DANGER_BASE + deal.km[target] / deal.race
        scores = deal.scores
        if scores[target] > max(s for side, s in enumerate(scores) if side != target):
            danger += 0.25
        loss = turns * TURN_KM * danger * self.attack_weight
        return (1 - answered) * loss - answered * BACKFIRE

    def keep_value(self, card: int, own: int, hand: list[int], left: int, hand_km: int) -> float:
        """What discarding ``card`` (never a safety) would cost, in km; ``hand_km`` is what the
        hand's distance cards add up to."""
        extra = KEEP_EXTRA_COPY if hand[card] > 1 else 1.0
        if card <= _D200:
            km = _KM[card]
            if km > left or (card == _D200 and self.deal.twos[own] >= 2):
                return 0.0
            if left <= PLANNING_HORIZON and self._finish_chance(own, hand, card, left - km) == 1.0:
                return KEEP_FINISHER * extra
            surplus = KEEP_SURPLUS if hand_km - km >= left else 1.0
            return km * KEEP_DISTANCE * surplus * extra
        safeties = self.deal.safeties
        if card <= _ACCIDENT:
            safety = _SAFETY_FOR[card]
            if all(safety in laid for side, laid in enumerate(safeties) if side != own):
                return 0.0
            return _KEEP_HAZARD[card] * extra
        hazard = _HAZARD_FOR[card]
        safety = _SAFETY_FOR[hazard]
        if hand[safety] or safety in safeties[own]:
            return 0.0  # the safety laid, or held for a coup-fourré: the remedy is dead
        if card == _ROLL:
            return KEEP_ROLL * extra
        unseen = self.deck[hazard] - self.seen[hazard]
        return KEEP_REMEDY * max(0, unseen) / self.deck[hazard] * extra

    def _safety_to_lay(self, own: int, held: list[int], stuck: bool, hidden: int) -> int | None:
        """A safety to lay now (it plays again): when the deal may end before a coup-fourré,
        or the coup-fourré it waits for is worth less than a fresh card."""
        deal = self.deal
        players, k = deal.players, deal.sides_count
        stock = len(deal.stock)
        if stock <= STOCK_ENDING * players or self._another_side_may_finish(own):
            return held[0]  # the deal may end before anyone attacks
        threshold = STUCK_DRAW_VALUE if stuck else DRAW_VALUE
        their_seats = players - len(range(own, players, k))
        their_cards = sum(deal.hand_sizes) - sum(deal.hand_sizes[own::k])
        reach = min(1.0, (their_cards + stock * their_seats / players) / hidden) if hidden else 0
        for safety in held:
            unseen = sum(self.deck[h] - self.seen[h] for h in _PREVENTS[safety])
            if (1 - (1 - reach) ** unseen) * BACKFIRE <= threshold:
                return safety
        return None

    def _another_side_may_finish(self, own: int) -> bool:
        """Whether another side is rolling within one card of the finish."""
        deal = self.deal
        for side in range(deal.sides_count):
            if side != own and deal.is_rolling(side):
                reach = 200 if deal.twos[side] < 2 else 100
                if deal.race - deal.km[side] <= reach:
                    return True
        return False
