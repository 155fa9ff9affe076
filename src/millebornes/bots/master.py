"""``master``: determinized Monte Carlo search over the real engine (the hard level).

Each decision samples complete deals consistent with the seat's view (``Deal.from_view``), with
the hidden cards nudged by what the table has revealed and by what players keep (:class:`Beliefs`:
a seat that let a hazard pass holds no safety against it; an unseen safety is likelier in the
hand of a seat that has drawn many cards; every hidden hand is followed through the moves the
seat saw), plays every candidate action in each sampled deal,
and finishes the deal with a fast rollout policy for every seat (:class:`_Rollout`). Candidates
share the same sampled deals (common random numbers), so their differences are measured rather
than their noisy values, and sequential halving spends the budget on the actions still in
contention. Only the three cheapest discards are searched: which dead card goes rarely matters.

The ``expert``'s choice is the default: the best survivor replaces it only when it is clearly
better on sampled deals it was not selected on, so noise never makes the search worse than the
rule-based player it starts from. The reward is the deal's score margin for the bot's side, or
the match result when the deal ends the match.

The budget is a number of rollouts (``iterations``), so a seed and a view always give the same
action; ``seconds=S`` instead gives each round of halving its share of S, so the final test
gets its share however fast the machine is (not reproducible: it depends on the machine's load).
S counts from the question, so what the bot infers from the view is inside it.
"""

from __future__ import annotations

import hashlib
import json
import math
import operator
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from ..actions import (
    ATTACKS,
    CALL_COUP_FOURRE,
    DISCARDS,
    EXTEND_RACE,
    FINISH_RACE,
    PLAYS,
    Action,
    Decision,
    Verb,
)
from ..cards import CARDS, KM, NAMES, REMEDY_FOR, SAFETIES, SAFETY_FOR, Card
from ..deal import HAND_SIZE, Deal
from ..match import DEFAULT_TARGET
from ..rules import get_rules
from ..scoring import COUP_FOURRE_POINTS
from ..view import SideView, View
from .base import BotOptionError, register
from .expert import (
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
    ExpertBot,
)
from .knowledge import Knowledge

# Rollouts per decision. Measured in 2-player dujardin against the expert on the project's
# machine, both cores busy: 0.76 s median, 1.5 s at the 95th percentile (a deal's first turns,
# whose rollouts are longest); 3000 took 1.07 s median and 2.1 s. The strength target's budget,
# 0.2 s, buys about 600 rollouts.
DEFAULT_ITERATIONS = 2500
# How many standard errors the search's best must gain over the default (the expert's choice).
# Judged by replaying the search's departures with the expert playing on: at 500 rollouts, 0.5
# gained the most over whole deals (0 lets noise through, 1 forgoes good departures).
CONFIDENCE = 0.5
# Laying a safety the expert keeps must pass more: such a choice pays off through rare, large
# swings (a coup-fourré given up or not), which a few hundred sampled deals measure poorly.
# Judged on the true deal (benchmarks.departures, 240 deals, 600 rollouts), these departures
# lost 47 points a deal below 1.5 standard errors and gained 13 above it, while the other kinds
# gained in every band above 0.5.
SAFETY_CONFIDENCE = 1.5
# The share of the budget spent on the last round of halving, where the best challenger meets the
# default in fresh sampled deals: the test that decides whether to leave the expert's choice.
FINAL_SHARE = 0.5
# How much a card a seat drew and no longer holds counts, against one it holds, in the odds that
# it kept an unseen safety (0: the safety is anywhere at random; 1: every seat keeps its safeties).
# Fitted by log-loss on the expert's hands in 60 deals: 0.4 (0.695 nats a position, 0.764 at 0);
# uniform odds put these safeties in hand half as often as they are.
KEPT_SAFETY = 0.4
# The odds of a card kind being in a hidden hand rather than in the stock, relative to each other:
# players shed small distances and Speed Limits, keep 200s and remedies, and lay Right of Way at
# once. Fitted on the expert's hands in 600 deals: the sampled counts of every kind then match the
# true ones within 5% (at even odds, 25s were sampled twice as often as held). The kept safeties
# have their own odds (KEPT_SAFETY).
KEEPING: dict[Card, float] = {
    Card.D25: 0.39,
    Card.D50: 0.56,
    Card.D75: 0.87,
    Card.D100: 0.93,
    Card.D200: 1.92,
    Card.STOP: 1.01,
    Card.SPEED_LIMIT: 0.41,
    Card.OUT_OF_GAS: 0.88,
    Card.FLAT_TIRE: 0.88,
    Card.ACCIDENT: 1.06,
    Card.ROLL: 0.80,
    Card.END_OF_LIMIT: 1.20,
    Card.GASOLINE: 1.55,
    Card.SPARE_TIRE: 1.62,
    Card.REPAIRS: 1.69,
    Card.RIGHT_OF_WAY: 0.03,
}
# Swaps tried per card of a hidden hand when sampling it with those odds (enough to converge).
KEEPING_SWAPS = 6
# Hands of the other seats kept in mind (in all, shared among them), filtered by their moves; and
# the odds that a seat makes a move the rollout policy would not make with the hand in question
# (players are not the policy). Against the expert (benchmarks.inference, 2 players, 60 deals,
# two seeds), 500 hands at 0.01 err by 6.4 where 200 at 0.05 erred by 7.1; lower odds gained
# nothing more. Following them takes 11 ms a decision (median) and 31 ms at the 95th percentile
# with 2 players, 16 ms and 30 ms with 4.
PARTICLES = 500
SURPRISE = 0.01
# Discards searched besides the default: those whose cards cost least to lose.
DISCARDS_SEARCHED = 3
# Score margins are divided by this to bring a deal's result into roughly [-1, 1], the range of
# a match result.
MARGIN_SCALE = 2000

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
_KEEPING = {int(card): odds for card, odds in KEEPING.items()}
_SWAPPED = tuple(_KEEPING)  # the kinds sampled at the odds of KEEPING
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

# What an attack answered by a coup-fourré costs the attacker, in kilometres.
BACKFIRE = COUP_FOURRE_POINTS + TURN_KM


def _drawn_by_each_seat(deck_size: int, players: int, stock: int) -> float:
    """Roughly how many cards each seat has drawn so far, its first six included."""
    return HAND_SIZE + (deck_size - players * HAND_SIZE - stock) / players


def _deck(view: View) -> list[int]:
    """The copies of each card kind in the deck of the view's table, the rollouts' count."""
    counts = get_rules(view.rules).deck(view.players)
    return [counts[card] for card in CARDS]


def _hand_km(hand: list[int]) -> int:
    """What the distance cards of a hand (per-kind counts) add up to."""
    return sum(map(operator.mul, hand[: _D200 + 1], _KM))


def _keeping_weight(held: int, drawn: float) -> float:
    """The odds that seats holding ``held`` cards, having drawn ``drawn``, hold a given unseen
    safety (Right of Way aside), against one card of the stock: sensible players keep a safety
    for a coup-fourré, so each card drawn and gone counts KEPT_SAFETY of a card held."""
    return held + KEPT_SAFETY * max(0.0, drawn - held)


# --------------------------------------------------------------------------- the rollout policy


class _Rollout:
    """Plays a sampled deal to its end, every seat following one fast policy.

    The policy is a cheap cousin of the ``expert``'s judgments (finish with safeties laid first,
    clear a hazard with its safety, then the best of mending, attacking, driving and discarding
    valued in kilometres, and safeties laid once a coup-fourré is unlikely), read straight from
    the Deal's arrays: the expert reads views, far too slow for thousands of rollouts. Each seat
    judges only from what it could see (``seen`` counts the cards on the table). The policy is
    deterministic, so candidates compared in one sampled deal meet the same future."""

    __slots__ = ("deal", "deck", "seen", "hidden_total", "no_200_cost")

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

    def finish(self) -> None:
        deal = self.deal
        seen = self.seen
        while not deal.is_over:
            action = self.action()
            if action.card is not None:
                seen[action.card] += 1
                self.hidden_total -= 1
            elif action is CALL_COUP_FOURRE:
                assert deal.attack is not None
                seen[_SAFETY_FOR[deal.attack[1]]] += 1
                self.hidden_total -= 1
            deal.apply_legal(action)

    def action(self, hand: list[int] | None = None) -> Action:
        """The policy's action for the seat to act, holding ``hand`` (per-kind counts) if given,
        else the hand it holds in the deal."""
        deal = self.deal
        decision = deal.decision
        if decision == Decision.COUP_FOURRE:
            return CALL_COUP_FOURRE
        if decision == Decision.EXTENSION:
            return FINISH_RACE
        seat = deal.to_act
        assert seat is not None
        own = seat % deal.sides_count
        if hand is None:
            hand = deal.hands[seat]
        left = deal.race - deal.km[own]
        held = [safety for safety in _SAFETIES if hand[safety]]
        finisher = _KIND_OF_KM.get(left)
        if finisher is not None and hand[finisher] and deal.may_play(own, finisher):
            return PLAYS[held[0] if held else finisher]  # safeties first: they play again
        clearing = self._clearing_safety(own, held)
        if clearing is not None:
            return PLAYS[clearing]
        hidden = self.hidden_total - deal.hand_sizes[seat]
        best: Action | None = None
        best_value = -math.inf
        discards = []
        # The legal actions, read straight from the hand in the engine's order; safeties are
        # judged apart, below.
        for card in range(_RIGHT_OF_WAY):
            if not hand[card]:
                continue
            if _STOP <= card <= _ACCIDENT:
                for target in range(deal.sides_count):
                    if target != own and deal.may_attack(card, target):
                        value = self._attack_value(card, target, hand, hidden)
                        if value > best_value:
                            best, best_value = ATTACKS[card][target], value
            elif deal.may_play(own, card):
                value = self._play_value(card, own, hand, left)
                if value > best_value:
                    best, best_value = PLAYS[card], value
            discards.append(card)
        if best_value <= 0:  # a discard costs what the card is worth keeping: never above 0
            hand_km = _hand_km(hand)
            for card in discards:
                value = -self._keep_value(card, own, hand, left, hand_km)
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
                drawn = seats * _drawn_by_each_seat(sum(deck), players, len(deal.stock))
                kept = _keeping_weight(their_cards, drawn)
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
        return (1 - answered) * turns * TURN_KM * danger - answered * BACKFIRE

    def _keep_value(self, card: int, own: int, hand: list[int], left: int, hand_km: int) -> float:
        """What discarding ``card`` (never a safety) would cost, in km; ``hand_km`` is what the
        hand's distance cards add up to."""
        deal = self.deal
        extra = KEEP_EXTRA_COPY if hand[card] > 1 else 1.0
        if card <= _D200:
            if _KM[card] > left or (card == _D200 and deal.twos[own] >= 2):
                return 0.0
            rest = left - _KM[card]
            if left <= PLANNING_HORIZON and self._finish_chance(own, hand, card, rest) == 1.0:
                return KEEP_FINISHER * extra
            surplus = KEEP_SURPLUS if hand_km - _KM[card] >= left else 1.0
            return _KM[card] * KEEP_DISTANCE * surplus * extra
        if card <= _ACCIDENT:
            safety = _SAFETY_FOR[card]
            k = deal.sides_count
            if all(safety in deal.safeties[side] for side in range(k) if side != own):
                return 0.0
            return KEEP_HAZARD[CARDS[card]] * extra
        hazard = _HAZARD_FOR[card]
        if _SAFETY_FOR[hazard] in deal.safeties[own]:
            return 0.0
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


# --------------------------------------------------------------------------- what the table reveals


def _table_cards(view: View) -> int:
    """Cards out of the hands: every turn action adds exactly one."""
    return len(view.discard) + sum(
        len(t.battle) + len(t.speed) + len(t.safeties) + len(t.distance) for t in view.sides
    )


def _coups(view: View) -> int:
    return sum(len(t.coups_fourres) for t in view.sides)


def _hazards(tableau: SideView) -> int:
    return sum(card.is_hazard for card in (*tableau.battle, *tableau.speed))


def _attacked_others(previous: View, view: View) -> bool:
    """Whether the other seats attacked between two views of this seat: a hazard landed on its
    own side, or more than the one it may have played itself landed on the others."""
    landed = [
        _hazards(now) - _hazards(then) for then, now in zip(previous.sides, view.sides, strict=True)
    ]
    own = landed.pop(view.side)
    return own > 0 or sum(landed) > 1


def _unanswered_safeties(tableau: SideView) -> set[int]:
    """Safeties that would have cancelled a hazard now on the tableau: its seats did not call
    coup-fourré and have not played it since, so they do not hold it."""
    barred = set()
    top = tableau.battle_top
    if top is not None and top.is_hazard and SAFETY_FOR[top] not in tableau.safeties:
        barred.add(_SAFETY_FOR[top])
    if tableau.speed_top is Card.SPEED_LIMIT and Card.RIGHT_OF_WAY not in tableau.safeties:
        barred.add(_RIGHT_OF_WAY)
    return barred


def _fixes(tableau: SideView) -> set[int]:
    """The cards that would get a stopped side rolling again (empty if it is rolling)."""
    top = tableau.battle_top
    if top is Card.ROLL:
        return set()
    if top is not None and top.is_hazard:
        return {_REMEDY_FOR[int(top)], _SAFETY_FOR[int(top)]}
    if Card.RIGHT_OF_WAY in tableau.safeties:
        return set()
    return {_ROLL, _RIGHT_OF_WAY}


def _mended(
    hand: list[int], unseen: list[int], size: int, barred: set[int], rng: random.Random
) -> list[int]:
    """``hand`` made to fit a view: no card it shows elsewhere nor one the seat cannot hold,
    and ``size`` cards, the missing ones drawn from the unseen cards at random (from those the
    seat cannot hold only if nothing else is left)."""
    mended = [0 if card in barred else min(n, unseen[card]) for card, n in enumerate(hand)]
    while sum(mended) > size:
        mended[rng.choice([card for card in range(_N) for _ in range(mended[card])])] -= 1
    spare = [
        card for card in range(_N) if card not in barred for _ in range(unseen[card] - mended[card])
    ]
    if len(spare) < size - sum(mended):  # nothing else is left: what it was thought not to hold
        for card in spare:
            mended[card] += 1
        spare = [card for card in sorted(barred) for _ in range(unseen[card] - mended[card])]
    for card in rng.sample(spare, min(len(spare), size - sum(mended))):
        mended[card] += 1
    return mended


def _add(hand: list[int], kind: int, copies: int) -> None:
    """Add ``copies`` of ``kind`` to ``hand``; kind -1 (no card drawn) adds nothing."""
    if kind >= 0:
        hand[kind] += copies


def _shown(view: View, index: int) -> int:
    """The card a move of ``view.moves`` took out of a hand (-1 for none): the card played, or
    the safety of a coup-fourré, called on the attack just before it."""
    action = view.moves[index].action
    if action.card is not None:
        return int(action.card)
    if action.verb == Verb.COUP_FOURRE:
        hazard = view.moves[index - 1].action.card
        assert hazard is not None
        return _SAFETY_FOR[hazard]
    return -1


def _hold(table: Deal, seat: int, card: int, copies: int) -> None:
    """Make ``seat`` hold ``copies`` of ``card`` (at least one if ``copies`` is -1), trading
    cards of another kind, so that a table rebuilt from views replays the moves it saw."""
    hand = table.hands[seat][:]
    wanted = max(1, hand[card]) if copies < 0 else copies
    while hand[card] < wanted:
        other = next((kind for kind in range(_N) if kind != card and hand[kind]), None)
        if other is None:
            break
        hand[other] -= 1
        hand[card] += 1
    while hand[card] > wanted:
        hand[card] -= 1
        hand[_D25] += 1
    table.redeal({seat: hand})


@dataclass
class _Hidden:
    """The hands and the stock of a sampled deal, as the beliefs move cards between them before
    the deal is dealt so (``Deal.redeal``)."""

    hands: list[list[int]]
    stock: list[int]
    hand_sizes: list[int]


@dataclass
class Beliefs:
    """What this seat believes of the hidden hands, from the views it was shown.

    ``barred``: card kinds a hidden seat cannot hold, assuming sensible opponents. A side showing
    an unanswered hazard holds no safety against it (it would have called coup-fourré, or played
    it since), and a side that stayed stopped while every other seat took a turn, attacking
    nobody, holds no card that would have got it rolling.

    ``their_hands``: for every other seat, hands it may hold (PARTICLES in all), followed through
    the moves the table saw (a particle filter). At each turn a seat drew a card and made a move;
    hands with which the rollout policy would have made that move are kept, the others at the
    odds of SURPRISE. A coup-fourré keeps the hands that held its safety; an attack answered by
    none drops those of the attacked side that held it. The bot lives for a whole match, so it
    compares each view with the last one.
    """

    barred: dict[int, set[int]] = field(default_factory=dict)
    previous: View | None = None
    their_hands: dict[int, list[list[int]]] = field(default_factory=dict)

    def observe(self, view: View, rng: random.Random) -> None:
        previous = self.previous
        if previous == view:
            return  # asked again about the same view (a hint): nothing new to learn
        everyone_played = (
            previous is not None
            and previous.decision == Decision.TURN
            and view.decision == Decision.TURN
            and (previous.dealer, previous.scores) == (view.dealer, view.scores)  # same deal
            and previous.stock_size >= view.stock_size
            and _coups(previous) == _coups(view)  # nobody's turn was skipped
            and _table_cards(view) - _table_cards(previous) >= 2  # not just this seat again
            and not _attacked_others(previous, view)  # a stopped seat may attack rather than mend
        )
        self.barred = {}
        for side, tableau in enumerate(view.sides):
            barred = _unanswered_safeties(tableau)
            if everyone_played:
                assert previous is not None
                before = previous.sides[side]
                if before.battle == tableau.battle and before.safeties == tableau.safeties:
                    barred |= _fixes(tableau)
            for seat in tableau.seats:
                if seat != view.seat and barred:
                    self.barred[seat] = barred
        if view.decision != Decision.OVER:
            self._follow(previous, view, rng)
        self.previous = view

    def _follow(self, previous: View | None, view: View, rng: random.Random) -> None:
        """Bring the other seats' hands up to ``view``: weighed by the moves made since
        ``previous``, drawn afresh in a new deal, and mended to fit what the view shows."""
        others = [seat for seat in range(view.players) if seat != view.seat]
        if (
            previous is None
            or not self.their_hands
            or (previous.dealer, previous.scores) != (view.dealer, view.scores)
            or view.moves[: len(previous.moves)] != previous.moves
        ):
            deals = [self.prior(view, rng) for _ in range(max(1, PARTICLES // len(others)))]
            self.their_hands = {seat: [deal.hands[seat] for deal in deals] for seat in others}
            return
        if len(view.moves) > len(previous.moves):
            self._replay(previous, view, rng)
        unseen = Knowledge(view).unseen
        for seat in others:
            barred = self.barred.get(seat, set())
            size = view.hand_sizes[seat]
            self.their_hands[seat] = [
                _mended(hand, unseen, size, barred, rng) for hand in self.their_hands[seat]
            ]

    def _replay(self, previous: View, view: View, rng: random.Random) -> None:
        """Replay the moves made since ``previous`` on the table it showed, weighing each other
        seat's hands by its moves. The table's hidden cards are random: only the hand of the
        seat judged, one of its followed hands, counts."""
        table = Deal.from_view(previous, rng)
        deck = _deck(view)
        first = len(previous.moves)
        # The cards hidden from this seat before each move: unseen now, or shown since by others.
        hidden = Knowledge(view).unseen
        shown = [
            -1 if move.seat == view.seat else _shown(view, index)
            for index, move in enumerate(view.moves[first:], first)
        ]
        for card in shown:
            if card >= 0:
                hidden[card] += 1
        for index in range(first, len(view.moves)):
            seat, action = view.moves[index].seat, view.moves[index].action
            if seat != view.seat:
                its_turn = table.to_act == seat and table.decision == Decision.TURN
                if action.verb == Verb.COUP_FOURRE:
                    self._called(table, seat, hidden, rng)
                elif action.card is not None and its_turn:
                    self._weigh(table, seat, action, hidden, deck, rng)
            if action.card is not None:
                _hold(table, seat, int(action.card), -1)
            if action.verb == Verb.ATTACK:
                answer = view.moves[index + 1] if index + 1 < len(view.moves) else None
                answered_by = (
                    answer.seat
                    if answer is not None and answer.action.verb in (Verb.COUP_FOURRE, Verb.DECLINE)
                    else None
                )
                self._answered(table, view.seat, action, answered_by)
            if table.to_act != seat or table.why_illegal(action) is not None:
                return  # the table no longer follows the moves: keep what was learnt
            table.apply_legal(action)
            card = shown[index - first]
            if card >= 0:
                hidden[card] -= 1

    def _weigh(
        self,
        table: Deal,
        seat: int,
        action: Action,
        hidden: list[int],
        deck: list[int],
        rng: random.Random,
    ) -> None:
        """Draw ``seat``'s hands anew in proportion to how well each explains its turn: it drew
        a card (if the stock had one), then made the move the rollout policy makes with its
        hand (or, at odds of SURPRISE, another)."""
        hands = self.their_hands[seat]
        drew = table.hand_sizes[seat] - sum(hands[0])
        if drew not in (0, 1):
            return
        judge = _Rollout(table, deck)
        assert action.card is not None
        played = int(action.card)
        explained: dict[tuple[int, ...], tuple[float, list[int], list[float]]] = {}
        for hand in hands:
            key = tuple(hand)
            if key in explained:
                continue
            stock = [n - h for n, h in zip(hidden, hand, strict=True)]
            draws: list[int] = []  # the kinds it may have drawn (-1: none, the stock was out)
            odds: list[float] = []
            if min(stock) >= 0:
                held = hand[:]
                for kind in range(_N) if drew else (-1,):
                    if kind >= 0 and not stock[kind]:
                        continue
                    _add(held, kind, 1)
                    if held[played]:
                        draws.append(kind)
                        same = judge.action(held) == action
                        odds.append((stock[kind] if drew else 1) * (1.0 if same else SURPRISE))
                    _add(held, kind, -1)
            explained[key] = (sum(odds) / (max(1, sum(stock)) if drew else 1), draws, odds)
        weights = [explained[tuple(hand)][0] for hand in hands]
        if not any(weights):
            return
        after = []
        for hand in rng.choices(hands, weights, k=len(hands)):
            _, draws, odds = explained[tuple(hand)]
            held = hand[:]
            _add(held, rng.choices(draws, odds)[0], 1)
            held[played] -= 1
            after.append(held)
        self.their_hands[seat] = after

    def _called(self, table: Deal, seat: int, hidden: list[int], rng: random.Random) -> None:
        """``seat`` called a coup-fourré: keep the hands that held its safety, less that safety,
        and with the card it drew in its place."""
        assert table.attack is not None
        safety = _SAFETY_FOR[table.attack[1]]
        holding = [hand for hand in self.their_hands[seat] if hand[safety]]
        if not holding:
            return
        after = []
        for hand in rng.choices(holding, k=len(self.their_hands[seat])):
            held = hand[:]
            held[safety] -= 1
            stock = [max(0, n - h) for n, h in zip(hidden, held, strict=True)]
            stock[safety] = max(0, stock[safety] - 1)
            if table.stock and any(stock):
                held[rng.choices(range(_N), stock)[0]] += 1
            after.append(held)
        self.their_hands[seat] = after

    def _answered(self, table: Deal, me: int, attack: Action, answered_by: int | None) -> None:
        """Before ``attack`` lands: the attacked seats that did not call coup-fourré held no
        safety against it (their followed hands holding one are dropped, if others remain), and
        the table's hands hold it only where the moves show it was held."""
        assert attack.card is not None and attack.target is not None
        safety = _SAFETY_FOR[attack.card]
        for seat in table.seats_of(attack.target):
            _hold(table, seat, safety, -1 if seat == answered_by else 0)
            if seat != me and seat != answered_by:
                lacking = [hand for hand in self.their_hands[seat] if not hand[safety]]
                if lacking:
                    count = len(self.their_hands[seat])
                    self.their_hands[seat] = [lacking[i % len(lacking)] for i in range(count)]

    def sample(self, view: View, rng: random.Random) -> Deal:
        """A deal consistent with the view and with these beliefs, as far as the cards allow:
        each other seat holds one of the hands followed through its moves."""
        if not self.their_hands:
            return self.prior(view, rng)
        deal = Deal.from_view(view, rng)
        left = Knowledge(view).unseen
        others = list(self.their_hands)
        rng.shuffle(others)
        hands = {}
        for seat in others:
            hand = rng.choice(self.their_hands[seat])
            if len(others) > 1:  # the hands followed apart may claim the same cards
                hand = _mended(hand, left, view.hand_sizes[seat], self.barred.get(seat, set()), rng)
            hands[seat] = hand
            left = [n - h for n, h in zip(left, hand, strict=True)]
        stock = [card for card in range(_N) for _ in range(left[card])]
        rng.shuffle(stock)
        deal.redeal(hands, stock)
        return deal

    def prior(self, view: View, rng: random.Random) -> Deal:
        """A deal consistent with the view, its hidden hands dealt at the odds players keep
        cards, with no card a seat was seen not to hold."""
        deal = Deal.from_view(view, rng)
        hidden = _Hidden([hand[:] for hand in deal.hands], deal.stock[:], deal.hand_sizes)
        for seat, barred in self.barred.items():
            hand = hidden.hands[seat]
            for kind in barred:
                while hand[kind] and self._swap_away(hidden, view.seat, seat, kind, rng):
                    pass
        self._favour_kept_cards(hidden, view, rng)
        self._place_kept_safeties(hidden, view, rng)
        others = {seat: hidden.hands[seat] for seat in range(view.players) if seat != view.seat}
        deal.redeal(others, hidden.stock)
        return deal

    def _favour_kept_cards(self, hidden: _Hidden, view: View, rng: random.Random) -> None:
        """Give each hidden hand every card kind (the kept safeties aside) at the odds of KEEPING,
        by Metropolis swaps with the stock: a swap is taken at the odds of the card coming in
        against the card going out, so the hands settle at those odds."""
        stock = hidden.stock
        if not stock:
            return
        for seat in range(view.players):
            hand = hidden.hands[seat]
            barred = self.barred.get(seat, ())
            cards = [kind for kind in _SWAPPED for _ in range(hand[kind])]
            if seat == view.seat or not cards:
                continue
            for _ in range(KEEPING_SWAPS * len(cards)):
                slot, place = rng.randrange(len(cards)), rng.randrange(len(stock))
                out, coming = cards[slot], stock[place]
                if (
                    coming in _KEEPING
                    and coming not in barred
                    and rng.random() * _KEEPING[out] < _KEEPING[coming]
                ):
                    cards[slot], stock[place] = coming, out
                    hand[out] -= 1
                    hand[coming] += 1

    def _place_kept_safeties(self, hidden: _Hidden, view: View, rng: random.Random) -> None:
        """Move each unseen safety (Right of Way aside) to a hand or the stock with the odds of
        :func:`_keeping_weight`: a safety drawn long ago is likely still in hand."""
        total = sum(get_rules(view.rules).deck(view.players).values())
        drawn = _drawn_by_each_seat(total, view.players, view.stock_size)
        seats = [seat for seat in range(view.players) if seat != view.seat]
        for safety in _KEPT_SAFETIES:
            source = next((seat for seat in seats if hidden.hands[seat][safety]), -1)
            if source < 0 and safety not in hidden.stock:
                continue  # in view: this seat holds it, or it is on the table
            places = [
                seat
                for seat in seats
                if hidden.hand_sizes[seat] and safety not in self.barred.get(seat, ())
            ]
            weights = [_keeping_weight(hidden.hand_sizes[seat], drawn) for seat in places]
            places.append(-1)
            weights.append(len(hidden.stock))
            if not any(weights):
                continue
            destination = rng.choices(places, weights)[0]
            if destination != source:
                self._exchange(hidden, safety, source, destination, rng)

    def _exchange(
        self, hidden: _Hidden, safety: int, source: int, destination: int, rng: random.Random
    ) -> None:
        """Move ``safety`` from ``source`` to ``destination`` (a seat, or -1 for the stock) in
        exchange for a card there that ``source`` may hold."""
        barred = self.barred.get(source, set()) if source >= 0 else set()
        if destination < 0:
            slots = [
                (-1, i)
                for i, card in enumerate(hidden.stock)
                if card not in _SAFETIES and card not in barred
            ]
        else:
            hand = hidden.hands[destination]
            slots = [
                (destination, card)
                for card in range(_N)
                if card not in _SAFETIES and card not in barred
                for _ in range(hand[card])
            ]
        if slots:
            _trade(hidden, safety, source, rng.choice(slots))

    def _swap_away(
        self, hidden: _Hidden, viewer: int, seat: int, kind: int, rng: random.Random
    ) -> bool:
        """Exchange one ``kind`` in ``seat``'s hand with a random hidden card it may hold, from
        the stock or from a seat that may hold ``kind``. False if there is no such card."""
        barred = self.barred[seat]
        slots = [(-1, i) for i, card in enumerate(hidden.stock) if card not in barred]
        for other, hand in enumerate(hidden.hands):
            if other not in (seat, viewer) and kind not in self.barred.get(other, ()):
                slots.extend(
                    (other, card)
                    for card in range(_N)
                    if card not in barred
                    for _ in range(hand[card])
                )
        if not slots:
            return False
        _trade(hidden, kind, seat, rng.choice(slots))
        return True


def _trade(hidden: _Hidden, card: int, source: int, slot: tuple[int, int]) -> None:
    """Swap ``card``, held by seat ``source`` (or in the stock: -1), with the card in ``slot``:
    ``(-1, stock index)`` or ``(seat, card kind)``."""
    holder, where = slot
    if holder < 0:
        other = hidden.stock[where]
        hidden.stock[where] = card
    else:
        other = where
        hidden.hands[holder][other] -= 1
        hidden.hands[holder][card] += 1
    if source < 0:
        hidden.stock[hidden.stock.index(card)] = other
    else:
        hidden.hands[source][card] -= 1
        hidden.hands[source][other] += 1


# --------------------------------------------------------------------------- the search


@dataclass
class _Candidate:
    """One root action and the rewards it reached, one per sampled deal."""

    action: Action
    rewards: list[float] = field(default_factory=list)
    wins: float = 0.0

    @property
    def rollouts(self) -> int:
        return len(self.rewards)

    @property
    def value(self) -> float:
        return sum(self.rewards) / len(self.rewards) if self.rewards else -math.inf

    @property
    def win_rate(self) -> float:
        return self.wins / len(self.rewards) if self.rewards else 0.0


def _advantage(challenger: _Candidate, default: _Candidate, since: int) -> float:
    """By how many standard errors of the paired differences ``challenger`` beats ``default``
    (both were played in the same sampled deals)."""
    diffs = [
        a - b for a, b in zip(challenger.rewards[since:], default.rewards[since:], strict=True)
    ]
    if len(diffs) < 2:
        return -math.inf
    mean = sum(diffs) / len(diffs)
    error = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1) / len(diffs))
    if error == 0:
        return math.copysign(math.inf, mean) if mean else 0.0
    return mean / error


def _outcome(deal: Deal, side: int, target: int) -> tuple[float, int]:
    """The reward of a finished deal for ``side``, and its score margin in points.

    The margin (own points minus the best other side's) is the reward, unless the deal ends the
    match: then winning or losing the match is what counts, the margin only breaking ties."""
    totals = [sheet["total"] for sheet in deal.score()]
    margin = totals[side] - max(t for s, t in enumerate(totals) if s != side)
    scaled = margin / MARGIN_SCALE
    match = [before + points for before, points in zip(deal.scores, totals, strict=True)]
    if max(match) < target:
        return scaled, margin
    ahead = match[side] - max(t for s, t in enumerate(match) if s != side)
    return (ahead > 0) - (ahead < 0) + 0.1 * scaled, margin


def _candidates(legal: tuple[Action, ...]) -> list[Action]:
    """The legal actions worth searching: discarding a safety is never better than playing it
    (always legal: 100 points, protection and another turn)."""
    kept = [
        a for a in legal if not (a.verb == Verb.DISCARD and a.card is not None and a.card.is_safety)
    ]
    return kept or list(legal)


def _lays_safety(action: Action) -> bool:
    return action.verb == Verb.PLAY and action.card is not None and action.card.is_safety


def _without_costly_discards(actions: list[Action], deal: Deal, deck: list[int]) -> list[Action]:
    """``actions`` (the default first) with only the DISCARDS_SEARCHED discards that cost least
    to keep out of hand: which of the cheap cards goes rarely matters, and every candidate
    dropped leaves more sampled deals for those that do."""
    seat = deal.to_act
    discards = [
        (a, int(a.card)) for a in actions[1:] if a.verb == Verb.DISCARD and a.card is not None
    ]
    if seat is None or len(discards) <= DISCARDS_SEARCHED:
        return actions
    own = seat % deal.sides_count
    left = deal.race - deal.km[own]
    judge = _Rollout(deal, deck)
    hand = deal.hands[seat]
    hand_km = _hand_km(hand)
    discards.sort(key=lambda discard: judge._keep_value(discard[1], own, hand, left, hand_km))
    dropped = {action for action, _ in discards[DISCARDS_SEARCHED:]}
    return [a for a in actions if a not in dropped]


def _search(
    view: View,
    actions: list[Action],
    beliefs: Beliefs,
    rng: random.Random,
    iterations: int | None,
    deadline: float | None,
    target: int,
) -> tuple[_Candidate, _Candidate, float]:
    """Sequential halving over ``actions``, every survivor played in the same sampled deals;
    returns the best survivor, the default, and the best's advantage over the default in the
    last round (in standard errors, see :func:`_advantage`).

    The first action is the default: it is never eliminated, and the advantage of the best
    survivor is measured in the last round's sampled deals, not those it was selected on, so
    that a small budget cannot leave the default by chasing noise. With ``iterations`` None,
    each round has its share of the time left until ``deadline`` instead: the last round's test
    gets its full share however fast the rollouts turn out to be."""
    deck = _deck(view)
    first = beliefs.sample(view, rng)
    alive = [_Candidate(action) for action in _without_costly_discards(actions, first, deck)]
    default = alive[0]
    rounds = max(1, math.ceil(math.log2(len(alive))))

    def play(world: Deal) -> None:
        for candidate in alive:
            deal = world.copy()
            deal.apply_legal(candidate.action)
            _Rollout(deal, deck).finish()
            reward, margin = _outcome(deal, view.side, target)
            candidate.rewards.append(reward)
            candidate.wins += 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0

    started = time.perf_counter()
    play(first)
    quota = 0
    used = 0.0  # the share of the budget given to the rounds so far
    for round_number in range(rounds):
        fresh = default.rollouts
        if rounds == 1:
            share = 1.0
        elif round_number == rounds - 1:
            share = FINAL_SHARE
        else:
            share = (1 - FINAL_SHARE) / (rounds - 1)
        used += share
        if iterations is None:
            assert deadline is not None
            round_end = started + (deadline - started) * used
            while time.perf_counter() < round_end:
                play(beliefs.sample(view, rng))
        else:
            quota += max(1, int(iterations * share) // len(alive))
            while default.rollouts < quota:
                play(beliefs.sample(view, rng))
        alive.sort(key=lambda c: c.value, reverse=True)
        if round_number < rounds - 1:
            alive = alive[: math.ceil(len(alive) / 2)]
            if default not in alive:
                alive.append(default)
    best = alive[0]
    return best, default, 0.0 if best is default else _advantage(best, default, since=fresh)


# --------------------------------------------------------------------------- the reason shown


def _why(view: View, action: Action, beliefs: Beliefs) -> str:
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


# --------------------------------------------------------------------------- the bot


_Number = TypeVar("_Number", int, float)


def _positive(name: str, value: object, kind: Callable[[str], _Number]) -> _Number:
    """An option given as a number or as command-line text, checked to be above zero."""
    whole = " whole" if kind is int else ""
    try:
        number = kind(str(value))
    except ValueError:
        number = kind("0")
    if number <= 0:
        raise BotOptionError(f"master: {name} must be a positive{whole} number, not {value!r}")
    return number


@dataclass(frozen=True)
class Challenge:
    """The search's best alternative to the expert's choice (``default``) in the last decision,
    and by how many standard errors it beat that choice in fresh sampled deals.
    ``benchmarks.departures`` judges these on the true deal."""

    action: Action
    advantage: float
    default: Action

    @property
    def taken(self) -> bool:
        """Whether master departs: above CONFIDENCE, or SAFETY_CONFIDENCE to lay a safety the
        expert keeps."""
        lays_another_safety = _lays_safety(self.action) and not _lays_safety(self.default)
        return self.advantage > (SAFETY_CONFIDENCE if lays_another_safety else CONFIDENCE)


@register("master", options=("iterations", "seconds", "target"))
class MasterBot:
    """Searches each decision in sampled deals; see the module docstring.

    ``iterations`` is the rollout budget per decision (reproducible, the default);
    ``seconds`` a time budget instead (not reproducible); ``target`` the match target whose
    approach makes the match result, not the deal's margin, the reward."""

    name = "master"

    def __init__(
        self,
        seed: int = 0,
        iterations: int | str | None = None,
        seconds: float | str | None = None,
        target: int | str = DEFAULT_TARGET,
    ) -> None:
        if iterations is not None and seconds is not None:
            raise BotOptionError("master: give iterations or seconds, not both")
        self.seed = seed
        self.iterations = (
            _positive("iterations", iterations, int) if iterations is not None else None
        )
        self.seconds = _positive("seconds", seconds, float) if seconds is not None else None
        if self.iterations is None and self.seconds is None:
            self.iterations = DEFAULT_ITERATIONS
        self.target = _positive("target", target, int)
        self.beliefs = Beliefs()
        self.advisor = ExpertBot()
        self.reason = ""
        self.challenge: Challenge | None = None

    def choose(self, view: View) -> Action:
        if not view.legal:
            raise ValueError(f"seat {view.seat} has no decision to make now ({view.decision})")
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        self.observe(view)
        self.challenge = None
        candidates = _candidates(view.legal)
        if len(candidates) == 1:
            only = "legal" if len(view.legal) == 1 else "sensible"
            self.reason = f"The only {only} action"
            return candidates[0]
        expert = self.advisor.choose(view)
        actions = [expert, *(action for action in candidates if action != expert)]
        best, default, advantage = _search(
            view,
            actions,
            self.beliefs,
            self._rng(view, "search"),
            self.iterations,
            deadline,
            self.target,
        )
        self.challenge = (
            None if best is default else Challenge(best.action, advantage, default.action)
        )
        if self.challenge is None or not self.challenge.taken:
            best = default
        odds = f"it wins {best.win_rate:.0%} of {best.rollouts} simulated endings"
        if best is default:
            self.reason = f"{self.advisor.reason}; {odds}"
        else:
            self.reason = (
                f"{_why(view, best.action, self.beliefs)}; {odds}, "
                f"against {default.win_rate:.0%} for {default.action}"
            )
        return best.action

    def observe(self, view: View) -> None:
        """Take in a view of this seat without deciding: :meth:`choose` does it first, and a
        replayed game shows the bot the views it was shown before (``Recap``)."""
        self.beliefs.observe(view, self._rng(view, "beliefs"))

    def _rng(self, view: View, purpose: str) -> random.Random:
        """Seeded by the bot's seed, the view and what it is for alone: the same view gets the
        same answer."""
        text = json.dumps(view.to_dict(), sort_keys=True)
        digest = hashlib.sha256(f"{self.seed}:{purpose}:{text}".encode()).digest()
        return random.Random(int.from_bytes(digest[:8], "big"))
