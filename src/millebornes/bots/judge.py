"""The medium bot's rules of thumb, written once: ``expert`` decides with them, and master's
rollouts play every seat of a sampled deal with them.

A decision is judged in two steps. :class:`Facts` is the position as the seat deciding knows it,
computed once: the table (tableaux, distances, scores, hand sizes, the stock's size), its own hand
and held safeties, what is left to drive, and the cards it has not seen (the deck less the table
and its hand: the other hands and the stock, in unknown order). The expert reads them from its
view (:meth:`Facts.of_view`: the deal rebuilt from the view holds no card the seat cannot see);
a rollout reads them from the sampled deal it plays, keeping to the public piles and the acting
seat's hand (``policy.py``). :class:`Judge` then decides over them, in this order:

1. the distance that completes the trip, laying its safeties first (a safety still in hand when
   the deal ends scores nothing, and each one plays again); in the bonus presets it holds the
   finish back for the delayed-action bonus when the stock runs out before its next turn and no
   unseen hazard can stop it;
2. a safety that clears the hazard its side is under, and Right of Way as soon as it has it
   (Dujardin's booklet advises laying it at once: it spares every later Roll);
3. the best of mending the car, attacking, driving and discarding, each valued in kilometres: an
   attack is worth the turns it costs the side attacked (more when its remedies are scarce, more
   against the side nearest the finish or leading the match, twice where two sides of partners
   meet: both seats are stopped), less the risk of a coup-fourré (higher for a side whose safety
   is unseen and who never let that hazard pass); a distance is worth its kilometres, less the
   no-200 bonus a 200 forfeits while ahead and a remainder the hand cannot complete; a discard
   costs what the card was worth keeping (nothing for a dead card: a remedy whose hazards are all
   seen or prevented by its own safety, laid or in hand (a coup-fourré answers that hazard), a
   third 200, a distance past the finish; less for a spare copy), and a safety is never
   discarded;
4. besides that action, a safety is laid first (it plays again) when the coup-fourré it gives up
   is worth less than a fresh card (worth more when the hand holds nothing worth playing), or
   when the deal may end before anyone attacks: another side within one card of the finish, the
   stock nearly out.

It always calls coup-fourré, and in ``parker`` extends the race only when the others are far
behind or stopped. Partners share one side, so its own side's tableau is the team's. Everything
is valued in kilometres with the constants of ``tuning.py``; the one switch between the expert's
judgments and the rollouts' quicker ones is :attr:`Judge.quick`.

Compiled with mypyc like the engine (docs/architecture.md, "Compiled modules"): cards are plain
ints here (``Card`` values), hands per-kind counts, as in :class:`~millebornes.core.deal.Deal`.
"""

from __future__ import annotations

import math
import operator
from typing import Final

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
from ..core.cards import CARDS, HAZARDS, KM, REMEDY_FOR, SAFETIES, SAFETY_FOR, Card
from ..core.deal import HAND_SIZE, Deal
from ..core.rules import get_rules
from ..core.scoring import COUP_FOURRE_POINTS
from ..core.view import View
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
    LEADER_DANGER,
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

# --------------------------------------------------------------------------- card facts, by kind

KINDS: Final = len(CARDS)  # hands and card counts are lists of this many counts, one a kind
# The safety against each hazard, and the remedy of each hazard (-1 for the other kinds).
SAFETY_OF: Final = [int(SAFETY_FOR[card]) if card in SAFETY_FOR else -1 for card in CARDS]
REMEDY_OF: Final = [int(REMEDY_FOR[card]) if card in REMEDY_FOR else -1 for card in CARDS]
# The hazard each remedy answers (Roll answers Stop; -1 for the other kinds).
HAZARD_OF: Final = [
    next((int(h) for h, remedy in REMEDY_FOR.items() if remedy is card), -1) for card in CARDS
]
# The hazards each safety prevents (Right of Way two; none for the other kinds).
PREVENTED_BY: Final = [tuple(int(h) for h, s in SAFETY_FOR.items() if s is card) for card in CARDS]
SAFETY_KINDS: Final = tuple(int(card) for card in SAFETIES)
# The safeties kept for a coup-fourré: Right of Way is laid at once.
KEPT_SAFETY_KINDS: Final = tuple(s for s in SAFETY_KINDS if s != int(Card.RIGHT_OF_WAY))
# The most 200s a side may lay, and the most a side under a Speed Limit may drive in one card.
MAX_TWO_HUNDREDS: Final = 2
LIMITED_KM: Final = 50
# Distances in steps of this many km, for the sums a hand makes as bit sets.
KM_STEP: Final = 25

_D100: Final = int(Card.D100)
_D200: Final = int(Card.D200)
_STOP: Final = int(Card.STOP)
_SPEED_LIMIT: Final = int(Card.SPEED_LIMIT)
_ACCIDENT: Final = int(Card.ACCIDENT)
_ROLL: Final = int(Card.ROLL)
_END_OF_LIMIT: Final = int(Card.END_OF_LIMIT)
_RIGHT_OF_WAY: Final = int(Card.RIGHT_OF_WAY)
_HAZARD_KINDS: Final = tuple(int(card) for card in HAZARDS)
_BIG_DISTANCES: Final = (int(Card.D75), int(Card.D100), _D200)
_KM: Final = [KM.get(card, 0) for card in CARDS]
_UNITS: Final = [km // KM_STEP for km in _KM]
_KIND_OF_KM: Final = {km: kind for kind, km in enumerate(_KM) if km}
_KEEP_HAZARD: Final = [KEEP_HAZARD.get(card, 0) for card in CARDS]
_COUP_FOURRE: Final = Decision.COUP_FOURRE
_EXTENSION: Final = Decision.EXTENSION
# The order in which the options of a turn are weighed (a tie goes to the first): the expert's
# mending (Roll and the three remedies), attacking, then driving (End of Limit last); the
# rollouts' by card kind (see Judge.quick).
_EXPERT_ORDER: Final = (
    _ROLL,
    *range(_END_OF_LIMIT + 1, _RIGHT_OF_WAY),
    *range(_STOP, _ACCIDENT + 1),
    *range(_D200 + 1),
    _END_OF_LIMIT,
)
_QUICK_ORDER: Final = tuple(range(_RIGHT_OF_WAY))

# What an attack answered by a coup-fourré costs the attacker, in kilometres: the bonus it gives
# and the free turn, besides the hazard lost.
BACKFIRE: Final = COUP_FOURRE_POINTS + TURN_KM
# How much a card a seat drew and no longer holds counts, against one it holds, in the odds that
# it kept an unseen safety (0: the safety is anywhere at random; 1: every seat keeps its safeties).
# Fitted by log-loss on the expert's hands in 60 deals: 0.4 (0.695 nats a position, 0.764 at 0);
# uniform odds put these safeties in hand half as often as they are.
KEPT_SAFETY: Final = 0.4

# What decided a choice (the second value of Judge.decide), for the expert's reasons.
CALLS: Final = 0  # a coup-fourré, always called
EXTENDS_OR_FINISHES: Final = 1  # parker's extension question
FINISHES: Final = 2  # the distance that completes the trip, or a safety laid before it
CLEARS: Final = 3  # a safety that clears the hazard its side is under
RIGHT_OF_WAY_AT_ONCE: Final = 4
ONLY_SAFETIES: Final = 5  # the hand holds nothing else
DEAL_MAY_END: Final = 6  # a safety laid before the deal ends with it in hand
LAYS: Final = 7  # a safety whose coup-fourré is worth less than a fresh card
LAYS_STUCK: Final = 8  # ... the hand holding nothing worth playing
BEST: Final = 9  # the best of mending, attacking, driving and discarding
WAITS: Final = 10  # the same while the finish is held back for the delayed-action bonus


def deck_counts(view: View) -> list[int]:
    """The copies of each card kind in the deck of the view's table."""
    counts = get_rules(view.rules).deck(view.players)
    return [counts[card] for card in CARDS]


def km_in_hand(hand: list[int]) -> int:
    """What the distance cards of a hand (per-kind counts) add up to."""
    return sum(map(operator.mul, hand[: _D200 + 1], _KM))


def table_cards(deal: Deal) -> list[int]:
    """The copies of each kind on the table: the tableaux and the discard pile."""
    seen = [0] * KINDS
    for card in deal.discard:
        seen[card] += 1
    for piles in (deal.battle, deal.speed, deal.safeties, deal.distance):
        for pile in piles:
            for card in pile:
                seen[card] += 1
    return seen


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


def drawn_by_each_seat(deck_size: int, players: int, stock: int) -> float:
    """Roughly how many cards each seat has drawn so far, its first six included."""
    return HAND_SIZE + (deck_size - players * HAND_SIZE - stock) / players


def keeping_weight(held: int, drawn: float) -> float:
    """The odds that seats holding ``held`` cards, having drawn ``drawn``, hold a given unseen
    safety (Right of Way aside), against one card of the stock: sensible players keep a safety
    for a coup-fourré, so each card drawn and gone counts KEPT_SAFETY of a card held."""
    return held + KEPT_SAFETY * max(0.0, drawn - held)


# --------------------------------------------------------------------------- the facts


class Facts:
    """The position as the seat deciding knows it (see the module docstring).

    ``deal`` holds the table (a rollout's own deal, or for a view the deal as its seat sees it);
    only its public piles, the hand sizes and this seat's hand are read. ``seen`` counts the
    cards on the table by kind and ``off_table`` the cards elsewhere (the hands and the stock);
    a rollout keeps both as it plays. :meth:`take` sets the seat that decides."""

    __slots__ = (
        "attack_weight",
        "bonus",
        "deal",
        "deck",
        "hand",
        "held",
        "hidden",
        "left",
        "no_200_cost",
        "off_table",
        "own",
        "seat",
        "seen",
        "stock",
    )

    def __init__(self, deal: Deal, deck: list[int], seen: list[int]) -> None:
        self.deal = deal
        self.deck = deck
        self.seen = seen
        self.off_table = sum(deck) - sum(seen)
        scoring = deal.rules.scoring
        self.bonus = scoring == "bonus"  # the delayed-action bonus is paid
        # The share of the no-200 bonus a 200 is charged while the trip looks safe.
        self.no_200_cost = NO_200_WEIGHT * NO_200_BONUS[scoring]
        self.attack_weight = attack_weight(deal.players, deal.sides_count)
        self.seat = 0
        self.own = 0
        self.hand: list[int] = []
        self.held: list[int] = []  # the safeties in hand, by kind
        self.left = 0  # the km left to drive
        self.hidden = 0  # the cards this seat cannot see: the other hands and the stock
        self.stock = 0

    @staticmethod
    def of_view(view: View) -> Facts:
        """The facts of the view's seat, from its view alone."""
        deal = Deal.seen_from(view)
        facts = Facts(deal, deck_counts(view), table_cards(deal))
        facts.take(view.seat, deal.hands[view.seat], view.stock_size)
        return facts

    def take(self, seat: int, hand: list[int], stock: int) -> None:
        """``seat`` decides, holding ``hand`` (per-kind counts), with ``stock`` cards left to
        draw."""
        deal = self.deal
        own = seat % deal.sides_count
        self.seat = seat
        self.own = own
        self.hand = hand
        self.stock = stock
        self.left = deal.race - deal.km[own]
        self.hidden = self.off_table - deal.hand_sizes[seat]
        self.held = [safety for safety in SAFETY_KINDS if hand[safety]]

    def unseen(self, kind: int) -> int:
        """How many copies of ``kind`` this seat has not seen."""
        return self.deck[kind] - self.seen[kind] - self.hand[kind]

    def useless(self, card: int) -> bool:
        """Whether ``card`` can never be played to any purpose this deal, judged from the
        tableaux alone: a distance past the finish or a third 200, a remedy for a hazard the
        own side's safety prevents, a hazard every other side is safe from. A safety never is."""
        deal = self.deal
        own = self.own
        if card <= _D200:
            return (card == _D200 and deal.twos[own] >= MAX_TWO_HUNDREDS) or _KM[card] > self.left
        if card <= _ACCIDENT:
            safety = SAFETY_OF[card]
            return all(safety in laid for side, laid in enumerate(deal.safeties) if side != own)
        if card < _RIGHT_OF_WAY:
            return SAFETY_OF[HAZARD_OF[card]] in deal.safeties[own]
        return False

    def needs_roll(self) -> bool:
        """Whether only a Roll (or Right of Way) stands between the own side and driving: it is
        stopped by nothing, or by a Stop or a mended hazard."""
        deal = self.deal
        battle = deal.battle[self.own]
        top = battle[-1] if battle else -1
        return not deal.is_rolling(self.own) and (top == -1 or top == _STOP or top >= _ROLL)

    def their_cards(self, side: int) -> int:
        """The cards the seats of another ``side`` hold."""
        deal = self.deal
        return sum(deal.hand_sizes[side :: deal.sides_count])

    def another_side_may_finish(self) -> bool:
        """Whether another side is rolling within one card of the finish."""
        deal = self.deal
        for side in range(deal.sides_count):
            if side != self.own and deal.is_rolling(side):
                biggest = _D200 if deal.twos[side] < MAX_TWO_HUNDREDS else _D100
                if deal.race - deal.km[side] <= _KM[biggest]:
                    return True
        return False


# --------------------------------------------------------------------------- the judgments


class Judge:
    """The rules of thumb over :class:`Facts`; :meth:`decide` answers a decision.

    ``quick`` is the one switch between the expert's judgments (False) and master's rollouts'
    (True). Each side keeps the judgments it was tuned and measured with; what quick changes:

    - the odds that a side holds an unseen safety: the hypergeometric chance that its hands got
      the card, against the odds of :func:`keeping_weight` (players keep their safeties:
      KEPT_SAFETY, fitted by log-loss) and, for Right of Way, its hands' share of the hidden
      cards;
    - the odds that a side holds a remedy: hypergeometric, against the binomial
      ``1 - (1 - share) ** copies`` (one power where the other multiplies a term a card);
    - the delayed-action bonus (bonus presets): the expert holds the finish back for it, quick
      finishes at once;
    - parker's extension: the expert extends when the others are far behind or stopped, quick
      always finishes at 700;
    - a remedy the side needs now (the hazard it is under, a Roll when it is stopped, End of
      Limit under a limit) is worth KEEP_NEEDED_REMEDY to the expert; quick values it as any
      other remedy (which only changes the discards master's search tries: quick always plays
      such a remedy rather than weigh discarding it);
    - End of Limit: the expert's is worth nothing within 50 km of the finish and counts only big
      distances that fit what is left; quick's is worth END_OF_LIMIT_SMALL there and counts
      every big distance;
    - the chance of finishing once a card is played or discarded: quick takes that card off the
      hand's allowance of 200s and counts it among the unseen cards that could complete the
      trip; the expert does neither;
    - the hazards still to come, when valuing a remedy to keep and a coup-fourré to wait for:
      the expert counts the unseen ones, quick also those in the seat's own hand;
    - which safety is laid when a coup-fourré is unlikely: the expert's least worth waiting
      for, quick's first (in card order) under the threshold;
    - ties: the expert weighs mending, then attacks, then driving, and among equal discards the
      card with more copies; quick weighs its options by card kind.

    The rollouts' judgments were first written as a faster cousin of the expert's, and master
    and the expert were each tuned and measured with their own; which of each pair plays better
    was never measured (KEPT_SAFETY was fitted to the hands players keep, not to play), so
    each keeps its own until it is. ``tests/test_rollout_policy.py`` counts how often the two
    settings choose differently, and why.

    ``covered_remedy_dead`` and ``two_teams_attack`` keep the expert's earlier versions playable
    as baselines (``bots/expert.py``): a remedy is dead while the hand holds the safety against
    its hazard (benchmarks.departures: master gained most discarding such remedies instead of
    the expert's card), and with two sides of partners an attack costs the other side both its
    seats' turns (tuning.TWO_TEAMS_ATTACK).
    """

    __slots__ = ("covered_remedy_dead", "quick", "two_teams_attack")

    def __init__(
        self, *, quick: bool, covered_remedy_dead: bool = True, two_teams_attack: bool = True
    ) -> None:
        self.quick = quick
        self.covered_remedy_dead = covered_remedy_dead
        self.two_teams_attack = two_teams_attack

    def decide(self, facts: Facts, decision: Decision) -> tuple[Action, int]:
        """The action for the seat of ``facts``, asked ``decision``, and what decided it (one of
        the module's CALLS to WAITS)."""
        if decision is _COUP_FOURRE:
            return CALL_COUP_FOURRE, CALLS
        if decision is _EXTENSION:
            return self.extension(facts), EXTENDS_OR_FINISHES
        return self.turn(facts)

    def extension(self, facts: Facts) -> Action:
        """Extend parker's race to 1000 only when every other side is far behind or stopped and
        the hand holds enough distance."""
        if self.quick:
            return FINISH_RACE
        deal = facts.deal
        own = facts.own
        hand = facts.hand
        hand_km = km_in_hand(hand)
        if deal.twos[own] >= MAX_TWO_HUNDREDS:
            hand_km -= _KM[_D200] * hand[_D200]
        others_behind = all(
            deal.km[side] + EXTEND_LEAD <= deal.race or not deal.is_rolling(side)
            for side in range(deal.sides_count)
            if side != own
        )
        if others_behind and deal.is_rolling(own) and hand_km >= EXTEND_HAND_KM:
            return EXTEND_RACE
        return FINISH_RACE

    def turn(self, facts: Facts) -> tuple[Action, int]:
        """A turn's action (see the module docstring), and what decided it."""
        deal = facts.deal
        hand = facts.hand
        own = facts.own
        held = facts.held
        quick = self.quick
        waiting = False
        finisher = _KIND_OF_KM.get(facts.left, -1)
        if finisher >= 0 and hand[finisher] and deal.may_play(own, finisher):
            if quick or not self._delay_pays(facts, finisher):
                return PLAYS[held[0] if held else finisher], FINISHES  # safeties first
            waiting = True
        if held:
            battle = deal.battle[own]
            top = battle[-1] if battle else -1
            for safety in held:
                if top >= 0 and SAFETY_OF[top] == safety:
                    return PLAYS[safety], CLEARS
            if held[0] == _RIGHT_OF_WAY:
                return PLAYS[_RIGHT_OF_WAY], RIGHT_OF_WAY_AT_ONCE
        sides = deal.sides_count
        best: Action | None = None
        best_value = -math.inf
        # The legal actions, read straight from the hand; safeties are judged apart, below.
        for card in _QUICK_ORDER if quick else _EXPERT_ORDER:
            if not hand[card]:
                continue
            if _STOP <= card <= _ACCIDENT:
                for target in range(sides):
                    if target != own and deal.may_attack(card, target):
                        value = self._attack_value(facts, card, target)
                        if value > best_value:
                            best, best_value = ATTACKS[card][target], value
            elif deal.may_play(own, card):
                if waiting and (card <= _D200 or card == _END_OF_LIMIT):
                    continue  # the finish is held back: no driving meanwhile
                value = self._play_value(facts, card)
                if value > best_value:
                    best, best_value = PLAYS[card], value
        if best_value <= 0:  # a discard costs what the card is worth keeping: never above 0
            hand_km = km_in_hand(hand)
            discard = -1
            discard_value = -math.inf
            for card in range(_RIGHT_OF_WAY):
                copies = hand[card]
                if not copies or (waiting and card == finisher and copies == 1):
                    continue  # nothing to discard, or the card that will finish
                value = -self.keep_value(facts, card, hand_km)
                if value > discard_value or (
                    not quick and value == discard_value and copies > hand[discard]
                ):
                    discard, discard_value = card, value
            if discard_value > best_value:
                best, best_value = DISCARDS[discard], discard_value
        if best is None:
            return PLAYS[held[0]], ONLY_SAFETIES
        if held:
            if facts.stock <= STOCK_ENDING * deal.players or facts.another_side_may_finish():
                return PLAYS[held[0]], DEAL_MAY_END
            stuck = best_value < 0
            safety = self._safety_to_lay(facts, STUCK_DRAW_VALUE if stuck else DRAW_VALUE)
            if safety >= 0:
                return PLAYS[safety], LAYS_STUCK if stuck else LAYS
        return best, WAITS if waiting else BEST

    # ------------------------------------------------------------ finishing and safeties

    def _delay_pays(self, facts: Facts, finisher: int) -> bool:
        """Whether to hold back the ``finisher`` for the delayed-action bonus: the stock runs
        out before this seat plays again, nobody else can finish meanwhile, and no unseen hazard
        can stop this side (each is prevented by a safety laid, or all seen). Safeties still in
        hand are laid first."""
        deal = facts.deal
        if not facts.bonus or not 0 < facts.stock < deal.players:
            return False
        if facts.another_side_may_finish() or facts.held:
            return False
        laid = deal.safeties[facts.own]
        for hazard in _HAZARD_KINDS:
            if facts.unseen(hazard) == 0 or SAFETY_OF[hazard] in laid:
                continue
            if hazard != _SPEED_LIMIT or _KM[finisher] > LIMITED_KM:
                return False
        return True

    def _safety_to_lay(self, facts: Facts, threshold: float) -> int:
        """The held safety to lay now because the coup-fourré it waits for is worth no more than
        ``threshold`` (a fresh card), or -1."""
        deal = facts.deal
        players, k = deal.players, deal.sides_count
        own = facts.own
        hidden = facts.hidden
        their_seats = players - len(range(own, players, k))
        their_cards = sum(deal.hand_sizes) - sum(deal.hand_sizes[own::k])
        reach = 0.0
        if hidden:  # the share of the hidden cards the other sides hold or will draw
            reach = min(1.0, (their_cards + facts.stock * their_seats / players) / hidden)
        if self.quick:
            for safety in facts.held:
                if self._coup_fourre_value(facts, safety, reach) <= threshold:
                    return safety
            return -1
        chosen = -1
        least = math.inf
        for safety in facts.held:
            value = self._coup_fourre_value(facts, safety, reach)
            if value < least:
                chosen, least = safety, value
        return chosen if least <= threshold else -1

    def _coup_fourre_value(self, facts: Facts, safety: int, reach: float) -> float:
        """What holding ``safety`` for a coup-fourré is worth: its bonus and the free turn, times
        the chance that the other sides, holding or drawing ``reach`` of the hidden cards, get a
        hazard it prevents and play it on this side."""
        unseen = 0
        for hazard in PREVENTED_BY[safety]:
            if self.quick:
                unseen += facts.deck[hazard] - facts.seen[hazard]
            else:
                unseen += facts.unseen(hazard)
        return (1 - (1 - reach) ** unseen) * BACKFIRE

    # ------------------------------------------------------------ mending, driving

    def _play_value(self, facts: Facts, card: int) -> float:
        """What playing ``card`` (a distance or a remedy) on the own side is worth, in km."""
        if card > _D200:
            if card == _END_OF_LIMIT:
                return self._end_of_limit_value(facts)
            return MEND_VALUE
        left = facts.left
        km = _KM[card]
        value = float(km)
        if self.no_200_charged(facts, card):
            value -= facts.no_200_cost
        rest = left - km
        if rest < PLANNING_HORIZON:
            # Charged for making the finish less sure than it is now, not for an awkward
            # remainder that standing still would leave just as awkward.
            now = self._finish_chance(facts, -1, left)
            after = self._finish_chance(facts, card, rest)
            value -= AWKWARD_REMAINDER * max(0.0, now - after)
        return value

    def no_200_charged(self, facts: Facts, card: int) -> bool:
        """Whether driving ``card`` forfeits the no-200 bonus while it looks within reach: the
        side's first 200, while ahead of every other side."""
        deal = facts.deal
        own = facts.own
        return card == _D200 and deal.twos[own] == 0 and deal.km[own] == max(deal.km)

    def _end_of_limit_value(self, facts: Facts) -> float:
        hand = facts.hand
        left = facts.left
        if self.quick:
            big = left > LIMITED_KM and any(hand[kind] for kind in _BIG_DISTANCES)
        elif left <= LIMITED_KM:
            return 0.0
        else:
            big = any(hand[kind] and _KM[kind] <= left for kind in _BIG_DISTANCES)
        return END_OF_LIMIT_VALUE if big else END_OF_LIMIT_SMALL

    def _finish_chance(self, facts: Facts, card: int, rest: int) -> float:
        """How sure the last ``rest`` km are once ``card`` (-1: none) leaves the hand: certain if
        the hand makes them, otherwise growing with the unseen cards that would complete them."""
        if rest == 0:
            return 1.0
        hand = facts.hand
        gone = card if self.quick else -1  # see Judge.quick
        twos_left = MAX_TWO_HUNDREDS - facts.deal.twos[facts.own] - (gone == _D200)
        sums = 1  # bit i set: the hand's distance cards can make i steps of KM_STEP km
        for kind in range(_D200 + 1):
            copies = hand[kind] - (kind == card)
            if kind == _D200:
                copies = min(copies, twos_left)
            for _ in range(copies):
                sums |= sums << _UNITS[kind]
        steps = rest // KM_STEP
        if sums >> steps & 1:
            return 1.0
        deck, seen = facts.deck, facts.seen
        completing = sum(
            deck[kind] - seen[kind] - hand[kind] + (kind == gone)
            for kind in range(_D200 + 1)
            if _UNITS[kind] <= steps and sums >> (steps - _UNITS[kind]) & 1
        )
        return min(1.0, completing / COMPLETING_ENOUGH)

    # ------------------------------------------------------------ attacks

    def _attack_value(self, facts: Facts, hazard: int, target: int) -> float:
        """The turns the attack costs ``target``, in km, less the risk of a coup-fourré."""
        deal = facts.deal
        their_cards = facts.their_cards(target)
        answered = self._answered(facts, hazard, target, their_cards)
        if hazard == _SPEED_LIMIT:
            turns = 0.0 if deal.race - deal.km[target] <= LIMITED_KM else SPEED_LIMIT_TURNS
        else:
            turns = self._turns_stopped(facts, hazard, target, their_cards)
        danger = DANGER_BASE + deal.km[target] / deal.race
        scores = deal.scores
        if scores[target] > max(s for side, s in enumerate(scores) if side != target):
            danger += LEADER_DANGER
        weight = facts.attack_weight if self.two_teams_attack else 1.0
        loss = turns * TURN_KM * danger * weight
        return (1 - answered) * loss - answered * BACKFIRE

    def answered(self, facts: Facts, hazard: int, target: int) -> float:
        """The chance that ``target`` answers ``hazard`` with a coup-fourré."""
        return self._answered(facts, hazard, target, facts.their_cards(target))

    def _answered(self, facts: Facts, hazard: int, target: int, their_cards: int) -> float:
        """The chance that ``target``, holding ``their_cards``, holds the safety against
        ``hazard``, tempered by what its tableau shows: a hazard of that kind lying on it now
        means it held none when hit, and has not laid one since."""
        safety = SAFETY_OF[hazard]
        hidden = facts.hidden
        if facts.hand[safety]:
            return 0.0
        if not self.quick:
            answered = chance_among(facts.unseen(safety), their_cards, hidden)
        elif facts.seen[safety] or not hidden:
            return 0.0
        elif safety == _RIGHT_OF_WAY:  # laid at once: anywhere at random
            answered = their_cards / hidden
        else:
            deal = facts.deal
            players, k = deal.players, deal.sides_count
            seats = len(range(target, players, k))
            drawn = seats * drawn_by_each_seat(sum(facts.deck), players, facts.stock)
            kept = keeping_weight(their_cards, drawn)
            answered = kept / (hidden - their_cards + kept)
        prevented = PREVENTED_BY[safety]
        battle, speed = facts.deal.battle[target], facts.deal.speed[target]
        if (battle and battle[-1] in prevented) or (speed and speed[-1] in prevented):
            answered *= UNANSWERED_NOW
        elif any(c in prevented for c in battle) or any(c in prevented for c in speed):
            answered *= UNANSWERED_BEFORE
        return answered

    def _turns_stopped(self, facts: Facts, hazard: int, target: int, their_cards: int) -> float:
        """Roughly how many turns ``hazard`` (not a Speed Limit) costs ``target``: the remedy
        (found in hand or awaited in the draw), then a Roll unless it has Right of Way."""
        deal = facts.deal
        hidden = facts.hidden
        remedy = REMEDY_OF[hazard]
        unseen = facts.unseen(remedy)
        if unseen > 0 and hidden:
            if self.quick:
                has_remedy = 1 - (1 - their_cards / hidden) ** unseen
            else:
                has_remedy = chance_among(unseen, their_cards, hidden)
            wait = min(MAX_WAIT, hidden / (unseen * deal.players))
        else:
            has_remedy, wait = 0.0, MAX_WAIT
        turns = 1 + (1 - has_remedy) * wait
        if hazard != _STOP and _RIGHT_OF_WAY not in deal.safeties[target]:
            turns += 1  # and a Roll after the remedy
        return turns

    # ------------------------------------------------------------ what a card is worth keeping

    def keep_value(self, facts: Facts, card: int, hand_km: int) -> float:
        """What discarding ``card`` (never a safety) would cost, in km; ``hand_km`` is what the
        hand's distance cards add up to."""
        hand = facts.hand
        if facts.useless(card):
            return 0.0
        extra = KEEP_EXTRA_COPY if hand[card] > 1 else 1.0
        if card <= _D200:
            km = _KM[card]
            left = facts.left
            if left <= PLANNING_HORIZON and self._finish_chance(facts, card, left - km) == 1.0:
                return KEEP_FINISHER * extra
            surplus = KEEP_SURPLUS if hand_km - km >= left else 1.0
            return km * KEEP_DISTANCE * surplus * extra
        if card <= _ACCIDENT:
            return _KEEP_HAZARD[card] * extra
        if self.covers(facts, card):
            return 0.0  # a coup-fourré answers its hazard, or the safety is laid first
        if not self.quick and self._needed(facts, card):
            return KEEP_NEEDED_REMEDY * extra
        if card == _ROLL:
            return KEEP_ROLL * extra
        hazard = HAZARD_OF[card]
        unseen = facts.deck[hazard] - facts.seen[hazard]
        if not self.quick:
            unseen -= hand[hazard]
        return KEEP_REMEDY * max(0, unseen) / facts.deck[hazard] * extra

    def covers(self, facts: Facts, remedy: int) -> bool:
        """Whether the hand holds the safety against ``remedy``'s hazard, which makes the remedy
        dead (unless this judge keeps the 2026 expert's rule)."""
        return self.covered_remedy_dead and facts.hand[SAFETY_OF[HAZARD_OF[remedy]]] > 0

    def _needed(self, facts: Facts, remedy: int) -> bool:
        """Whether ``remedy`` mends what the own side is under now."""
        if remedy == _ROLL:
            return facts.needs_roll()
        deal = facts.deal
        battle = deal.battle[facts.own]
        if battle and battle[-1] == HAZARD_OF[remedy]:
            return True
        return remedy == _END_OF_LIMIT and deal.is_limited(facts.own)
