"""One deal (French "manche") of Mille Bornes: the state, the legal actions, and their effects.

The turn structure follows RULES.md sections 4 to 8. Cards are held as plain ints (``Card``
values) in lists so that a deal copies in microseconds: search bots copy millions of them.
Hands are per-kind counts, since actions name card kinds, never hand positions.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from itertools import chain
from operator import mul
from typing import Any, Final

from .actions import (
    ATTACKS,
    CALL_COUP_FOURRE,
    DECLINE_COUP_FOURRE,
    DISCARDS,
    EXTEND_RACE,
    FINISH_RACE,
    PLAYS,
    Action,
    Decision,
    Verb,
    as_action,
)
from .cards import CARDS, KM, SAFETY_FOR, Card
from .errors import IllegalActionError, RequestError, SettingsError
from .phrase import Phrase, Side
from .rules import Rules, get_rules
from .scoring import score_deal
from .view import Attack, Move, PublicView, SideView, View

HAND_SIZE: Final = 6
EXTENDED_RACE: Final = 1000

_N: Final = len(CARDS)
_D200: Final = int(Card.D200)
_STOP: Final = int(Card.STOP)
_SPEED_LIMIT: Final = int(Card.SPEED_LIMIT)
_ACCIDENT: Final = int(Card.ACCIDENT)
_ROLL: Final = int(Card.ROLL)
_END_OF_LIMIT: Final = int(Card.END_OF_LIMIT)
_REPAIRS: Final = int(Card.REPAIRS)
_RIGHT_OF_WAY: Final = int(Card.RIGHT_OF_WAY)
_KM: Final = [KM.get(card, 0) for card in CARDS]
_SAFETY_FOR: Final = [int(SAFETY_FOR[card]) if card in SAFETY_FOR else -1 for card in CARDS]
# The hazard each safety removes from the battle pile (Right of Way handles Stop and Speed Limit).
_HAZARD_FOR: Final = {
    int(SAFETY_FOR[h]): int(h) for h in (Card.OUT_OF_GAS, Card.FLAT_TIRE, Card.ACCIDENT)
}
_REMEDY_FOR: Final = {
    int(Card.GASOLINE): int(Card.OUT_OF_GAS),
    int(Card.SPARE_TIRE): int(Card.FLAT_TIRE),
    int(Card.REPAIRS): int(Card.ACCIDENT),
}
# What Roll may be played on: nothing, a Stop, or a remedy of the battle pile.
_ROLL_ON: Final = {-1, _STOP, int(Card.GASOLINE), int(Card.SPARE_TIRE), _REPAIRS}


def below(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` exactly, for ``n`` > 0: the same number from the same draws of
    ``rng``, so that a record replays alike. Compiled, it spares the search's sampling the calls
    of Python's own (shuffling took about 7% of a review's time, benchmarks.review)."""
    if n <= 0:
        raise ValueError(f"nothing to draw below {n}")
    bits = n.bit_length()
    drawn: int = rng.getrandbits(bits)
    while drawn >= n:
        drawn = rng.getrandbits(bits)
    return drawn


def shuffle(items: list[int], rng: random.Random) -> None:
    """``rng.shuffle(items)`` exactly (the same order from the same draws), at :func:`below`'s
    cost."""
    for i in range(len(items) - 1, 0, -1):
        j = below(rng, i + 1)
        items[i], items[j] = items[j], items[i]


_SINGLES: Final = [(card,) for card in CARDS]
_OVER: Final = Decision.OVER
_WAIT: Final = Decision.WAIT


def _cards(pile: list[int]) -> tuple[Card, ...]:
    """A pile's cards (views are built after every action: ``map`` beats a generator here)."""
    return tuple(map(CARDS.__getitem__, pile))


def _hand_cards(counts: list[int]) -> tuple[Card, ...]:
    """A hand's cards sorted by kind, from its per-kind counts (in C: views need one a step)."""
    return tuple(chain.from_iterable(map(mul, _SINGLES, counts)))


def _top(pile: list[int]) -> int:
    return pile[-1] if pile else -1


class Deal:
    """A deal in progress: create one with :meth:`new` or :meth:`from_position`."""

    __slots__ = (
        "_discard_seen",
        "_seen",
        "_tableaux",
        "attack",
        "battle",
        "coups",
        "dealer",
        "decision",
        "discard",
        "distance",
        "extended_by",
        "hand_sizes",
        "hands",
        "history",
        "km",
        "played_by",
        "players",
        "race",
        "rules",
        "safeties",
        "scores",
        "seed",
        "sides_count",
        "speed",
        "start",
        "stock",
        "to_act",
        "twos",
    )

    rules: Rules
    players: int
    sides_count: int
    race: int
    dealer: int
    seed: int
    hands: list[list[int]]
    hand_sizes: list[int]
    battle: list[list[int]]
    speed: list[list[int]]
    safeties: list[list[int]]
    coups: list[list[int]]
    distance: list[list[int]]
    km: list[int]
    twos: list[int]
    stock: list[int]  # the next card to draw is the last
    discard: list[int]
    to_act: int | None
    decision: Decision
    attack: tuple[int, int] | None  # (attacking seat, hazard) while a coup-fourré is offered
    extended_by: int | None
    scores: list[int]
    history: list[Action]
    played_by: list[int]  # the seat that took each action of history
    start: str | None  # the position the deal was loaded from, if not dealt by new()
    _seen: tuple[tuple[Move, ...], tuple[int, ...]]  # the moves built so far, the declines' places
    # Each side's last tableau view, with its piles' sizes then (see _side_view).
    _tableaux: list[tuple[tuple[int, ...], SideView] | None]
    _discard_seen: tuple[Card, ...]  # the discard pile as last viewed (it only grows)

    # ----------------------------------------------------------------- creation

    @classmethod
    def empty(
        cls, rules: str, players: int, race: int | None, dealer: int | None, seed: int
    ) -> Deal:
        """A deal with nothing dealt yet: :meth:`new` deals it, positions and sampled deals fill
        it in."""
        deal = cls()
        deal.rules = get_rules(rules)
        seating = deal.rules.seating(players)
        deal.players = players
        deal.sides_count = seating.sides
        deal.race = deal.rules.race(players, race)
        if dealer is None:
            dealer = players - 1
        if not 0 <= dealer < players:
            raise SettingsError(Phrase("settings.dealer", {"last": players - 1, "dealer": dealer}))
        deal.dealer = dealer
        deal.seed = seed
        deal.hands = [[0] * _N for _ in range(players)]
        deal.hand_sizes = [0] * players
        k = seating.sides
        deal.battle = [[] for _ in range(k)]
        deal.speed = [[] for _ in range(k)]
        deal.safeties = [[] for _ in range(k)]
        deal.coups = [[] for _ in range(k)]
        deal.distance = [[] for _ in range(k)]
        deal.km = [0] * k
        deal.twos = [0] * k
        deal.stock = []
        deal.discard = []
        deal.to_act = None
        deal.decision = Decision.TURN
        deal.attack = None
        deal.extended_by = None
        deal.scores = [0] * k
        deal.history = []
        deal.played_by = []
        deal.start = None
        deal._seen = ((), ())
        deal._tableaux = [None] * k
        deal._discard_seen = ()
        return deal

    @classmethod
    def new(
        cls,
        rules: str = "dujardin",
        players: int = 2,
        seed: int = 0,
        *,
        race: int | None = None,
        dealer: int | None = None,
        scores: list[int] | None = None,
    ) -> Deal:
        """Shuffle with ``seed``, deal six cards each from the left of the dealer, and draw for
        the first seat. ``dealer`` defaults to the last seat, so seat 0 plays first."""
        deal = cls.empty(rules, players, race, dealer, seed)
        if scores is not None:
            if len(scores) != deal.sides_count:
                raise SettingsError(
                    Phrase("settings.scores", {"sides": deal.sides_count, "given": len(scores)})
                )
            deal.scores = scores[:]
        deck = [int(card) for card, count in deal.rules.deck(players).items() for _ in range(count)]
        shuffle(deck, random.Random(seed))
        deck.reverse()  # so that pop() draws the first card of the shuffled deck
        for _ in range(HAND_SIZE):
            for i in range(1, players + 1):
                seat = (deal.dealer + i) % players
                deal.hands[seat][deck.pop()] += 1
                deal.hand_sizes[seat] += 1
        deal.stock = deck
        deal._give_turn((deal.dealer + 1) % players)  # noqa: SLF001 (dealt by its own class)
        return deal

    def copy(self) -> Deal:
        """An independent copy (cheap: a few list copies)."""
        other = Deal()
        other.rules = self.rules
        other.players = self.players
        other.sides_count = self.sides_count
        other.race = self.race
        other.dealer = self.dealer
        other.seed = self.seed
        other.hands = [h[:] for h in self.hands]
        other.hand_sizes = self.hand_sizes[:]
        other.battle = [p[:] for p in self.battle]
        other.speed = [p[:] for p in self.speed]
        other.safeties = [p[:] for p in self.safeties]
        other.coups = [p[:] for p in self.coups]
        other.distance = [p[:] for p in self.distance]
        other.km = self.km[:]
        other.twos = self.twos[:]
        other.stock = self.stock[:]
        other.discard = self.discard[:]
        other.to_act = self.to_act
        other.decision = self.decision
        other.attack = self.attack
        other.extended_by = self.extended_by
        other.scores = self.scores[:]
        other.history = self.history[:]
        other.played_by = self.played_by[:]
        other.start = self.start
        other._seen = self._seen  # a prefix of the copy's moves too: shared, never changed
        other._tableaux = self._tableaux[:]  # views kept by the copy's own piles from now on
        other._discard_seen = self._discard_seen
        return other

    def __copy__(self) -> Deal:
        return self.copy()

    # ----------------------------------------------------------------- queries

    @property
    def is_over(self) -> bool:
        return self.decision == Decision.OVER

    def side_of(self, seat: int) -> int:
        return seat % self.sides_count

    def seats_of(self, side: int) -> tuple[int, ...]:
        return tuple(range(side, self.players, self.sides_count))

    def hand(self, seat: int) -> list[Card]:
        """The cards ``seat`` holds, sorted by kind (the whole state: not for a player's eyes)."""
        return list(_hand_cards(self.hands[seat]))

    def is_rolling(self, side: int) -> bool:
        battle = self.battle[side]
        top = battle[-1] if battle else -1
        if top == _ROLL:
            return True
        return _RIGHT_OF_WAY in self.safeties[side] and (top == -1 or top > _ACCIDENT)

    def is_limited(self, side: int) -> bool:
        speed = self.speed[side]
        return bool(speed) and speed[-1] == _SPEED_LIMIT

    def can_extend(self) -> bool:
        """Whether reaching the race length now asks the extension question (parker, 700)."""
        return (
            self.extended_by is None
            and self.race != EXTENDED_RACE
            and self.rules.seating(self.players).extension
        )

    def legal_actions(self) -> list[Action]:
        """Every action the seat to act may take, one per card kind (none once over)."""
        decision = self.decision
        if decision == Decision.TURN:
            return self._turn_actions()
        if decision == Decision.COUP_FOURRE:
            return [CALL_COUP_FOURRE, DECLINE_COUP_FOURRE]
        if decision == Decision.EXTENSION:
            return [EXTEND_RACE, FINISH_RACE]
        return []

    def _turn_actions(self) -> list[Action]:
        seat = self.to_act
        assert seat is not None
        hand = self.hands[seat]
        sides = self.sides_count
        own = seat % sides
        actions = []
        for card in range(_N):
            if not hand[card]:
                continue
            if _STOP <= card <= _ACCIDENT:
                targets = ATTACKS[card]
                for side in range(sides):
                    if side != own and self.may_attack(card, side):
                        actions.append(targets[side])
            elif self.may_play(own, card):
                actions.append(PLAYS[card])
            actions.append(DISCARDS[card])
        return actions

    def may_play(self, side: int, card: int) -> bool:
        """Whether ``card`` may be played on ``side``'s own tableau: the one verdict, which
        :meth:`_play_problem` only explains."""
        if card <= _D200:
            km = _KM[card]
            return (
                self.is_rolling(side)
                and self.km[side] + km <= self.race
                and (km <= 50 or not self.is_limited(side))
                and (card != _D200 or self.twos[side] < 2)
            )
        if card == _ROLL:
            return _RIGHT_OF_WAY not in self.safeties[side] and _top(self.battle[side]) in _ROLL_ON
        if card == _END_OF_LIMIT:
            return self.is_limited(side)
        if card >= _RIGHT_OF_WAY:
            return True
        return card in _REMEDY_FOR and _top(self.battle[side]) == _REMEDY_FOR[card]

    def _play_problem(self, side: int, card: int) -> Phrase | None:
        """Why ``card`` may not be played on ``side``'s own tableau, or None if it may."""
        if self.may_play(side, card):
            return None
        top = _top(self.battle[side])
        played = CARDS[card]
        if card <= _D200:
            if not self.is_rolling(side):
                if _STOP <= top <= _ACCIDENT:
                    return Phrase("refusal.stopped_by", {"hazard": CARDS[top]})
                return Phrase("refusal.not_rolling")
            if _KM[card] > 50 and self.is_limited(side):
                return Phrase("refusal.speed_limit", {"card": played})
            if self.km[side] + _KM[card] > self.race:
                return Phrase("refusal.past_the_race", {"card": played, "race": self.race})
            return Phrase("refusal.two_200s")
        if card == _ROLL:
            if _RIGHT_OF_WAY in self.safeties[side]:
                return Phrase("refusal.no_roll_needed")
            if top == _ROLL:
                return Phrase("refusal.already_rolling")
            return Phrase("refusal.remedy_first", {"hazard": CARDS[top]})
        if card == _END_OF_LIMIT:
            return Phrase("refusal.not_limited")
        if card in _REMEDY_FOR:
            hazard = CARDS[_REMEDY_FOR[card]]
            return Phrase("refusal.repairs_only", {"card": played, "hazard": hazard})
        return Phrase("refusal.attack_another_side", {"card": played, "notation": played.notation})

    def may_attack(self, hazard: int, side: int) -> bool:
        """Whether ``hazard`` may be played on ``side``: the verdict :meth:`_attack_problem`
        explains."""
        safeties = self.safeties[side]
        if hazard == _STOP:
            return _RIGHT_OF_WAY not in safeties and _top(self.battle[side]) == _ROLL
        if hazard == _SPEED_LIMIT:
            return _RIGHT_OF_WAY not in safeties and not self.is_limited(side)
        return _SAFETY_FOR[hazard] not in safeties and self.is_rolling(side)

    def _attack_problem(self, hazard: int, side: int) -> Phrase | None:
        """Why ``hazard`` may not be played on ``side``, or None if it may."""
        if self.may_attack(hazard, side):
            return None
        attacked = self.side(side)
        safety = _RIGHT_OF_WAY if hazard in (_STOP, _SPEED_LIMIT) else _SAFETY_FOR[hazard]
        if safety in self.safeties[side]:
            return Phrase("refusal.side_protected", {"side": attacked, "safety": CARDS[safety]})
        if hazard == _SPEED_LIMIT:
            return Phrase("refusal.side_limited", {"side": attacked})
        return Phrase("refusal.side_not_rolling", {"side": attacked})

    def side(self, side: int) -> Side:
        """Side ``side`` for a phrase to name (the table's name for it, once worded)."""
        return Side(side, self.seats_of(side), self.players)

    def why_illegal(self, action: Action | str) -> Phrase | None:
        """Why the seat to act may not take ``action`` now, or None if it may."""
        action = as_action(action)
        decision = self.decision
        seat = self.to_act
        if decision == Decision.OVER or seat is None:
            return Phrase("refusal.deal_over")
        verb = action.verb
        if decision == Decision.COUP_FOURRE:
            if verb in (Verb.COUP_FOURRE, Verb.DECLINE):
                return None
            return Phrase("refusal.answer_first")
        if decision == Decision.EXTENSION:
            if verb in (Verb.EXTEND, Verb.FINISH):
                return None
            return Phrase("refusal.decide_extension_first")
        card = action.card
        if card is None:  # coup-fourre, decline, extend, finish: questions not asked now
            extension = verb in (Verb.EXTEND, Verb.FINISH)
            return Phrase("refusal.no_extension" if extension else "refusal.no_attack")
        target = action.target
        if target is not None and target >= self.sides_count:
            return Phrase("refusal.no_such_side", {"side": target, "last": self.sides_count - 1})
        if not self.hands[seat][card]:
            return Phrase("refusal.not_in_hand", {"card": card})
        own = seat % self.sides_count
        if target is None:
            return None if verb == Verb.DISCARD else self._play_problem(own, card)
        if target == own:
            return Phrase("refusal.own_side")
        return self._attack_problem(card, target)

    # ----------------------------------------------------------------- changes

    def apply(self, action: Action | str) -> None:
        """Take ``action`` (or its notation) for the seat to act, or raise IllegalActionError."""
        action = as_action(action)
        problem = self.why_illegal(action)
        if problem is not None:
            raise IllegalActionError(str(action), problem)
        self.apply_legal(action)

    def apply_legal(self, action: Action) -> None:
        """Take ``action``, known to be among :meth:`legal_actions`, without checking it again:
        for searches that play millions of actions the engine has just listed."""
        self.history.append(action)
        seat = self.to_act
        assert seat is not None
        self.played_by.append(seat)
        verb = action.verb
        if action.card is not None:  # the turn's actions, by far the most common
            card = int(action.card)
            self.hands[seat][card] -= 1
            self.hand_sizes[seat] -= 1
            if verb is Verb.DISCARD:
                self.discard.append(card)
                self._give_turn(seat + 1)
            elif verb is Verb.ATTACK:
                self._attack(seat, card, action.target)  # type: ignore[arg-type]
            else:
                self._play(seat, card)
            return
        if verb == Verb.COUP_FOURRE:
            self._call_coup_fourre(seat)
            return
        if verb == Verb.DECLINE:
            assert self.attack is not None
            attacker = self.attack[0]
            self.attack = None
            self._give_turn(attacker + 1)
            return
        if verb == Verb.EXTEND:
            self.race = EXTENDED_RACE
            self.extended_by = seat
            self._give_turn(seat + 1)
            return
        assert verb == Verb.FINISH
        self._end()

    def _play(self, seat: int, card: int) -> None:
        side = seat % self.sides_count
        if card <= _D200:
            self.distance[side].append(card)
            self.km[side] += _KM[card]
            if card == _D200:
                self.twos[side] += 1
            if self.km[side] == self.race:
                if self.can_extend():
                    self.decision = Decision.EXTENSION
                    self.to_act = seat
                else:
                    self._end()
                return
            self._give_turn(seat + 1)
        elif card >= _RIGHT_OF_WAY:
            self._lay_safety(side, card)
            self._give_turn(seat)  # a safety earns another turn
        else:
            (self.speed if card == _END_OF_LIMIT else self.battle)[side].append(card)
            self._give_turn(seat + 1)

    def _attack(self, seat: int, hazard: int, side: int) -> None:
        (self.speed if hazard == _SPEED_LIMIT else self.battle)[side].append(hazard)
        safety = _SAFETY_FOR[hazard]
        for holder in range(side, self.players, self.sides_count):
            if self.hands[holder][safety]:
                self.decision = Decision.COUP_FOURRE
                self.to_act = holder
                self.attack = (seat, hazard)
                return
        self._give_turn(seat + 1)

    def _call_coup_fourre(self, seat: int) -> None:
        assert self.attack is not None
        safety = _SAFETY_FOR[self.attack[1]]
        side = seat % self.sides_count
        self.attack = None
        self.hands[seat][safety] -= 1
        self.hand_sizes[seat] -= 1
        self.coups[side].append(safety)
        self._lay_safety(side, safety)
        self._draw(seat)  # back to six, then a full turn of its own
        self._give_turn(seat)

    def _lay_safety(self, side: int, safety: int) -> None:
        """A safety protects its side and clears the matching hazard, however it is played."""
        self.safeties[side].append(safety)
        battle = self.battle[side]
        if safety == _RIGHT_OF_WAY:
            if _top(battle) == _STOP:
                self.discard.append(battle.pop())
            speed = self.speed[side]
            if _top(speed) == _SPEED_LIMIT:
                self.discard.append(speed.pop())
        elif _top(battle) == _HAZARD_FOR[safety]:
            self.discard.append(battle.pop())

    def _draw(self, seat: int) -> None:
        if self.stock:
            self.hands[seat][self.stock.pop()] += 1
            self.hand_sizes[seat] += 1

    def _give_turn(self, seat: int) -> None:
        """Start the turn of ``seat``, or of the next seat to its left that still has cards."""
        players = self.players
        if not self.stock:
            sizes = self.hand_sizes
            for i in range(players):
                if sizes[(seat + i) % players]:
                    seat = (seat + i) % players
                    break
            else:
                self._end()
                return
        seat %= players
        self._draw(seat)
        self.to_act = seat
        self.decision = Decision.TURN

    def _end(self) -> None:
        self.decision = Decision.OVER
        self.to_act = None

    # ----------------------------------------------------------------- results

    def winner_side(self) -> int | None:
        """The side that completed the trip, if one did."""
        for side, km in enumerate(self.km):
            if km == self.race:
                return side
        return None

    def score(self) -> list[dict[str, int]]:
        """Itemised points per side (RULES.md section 9), each with its ``total``."""
        if not self.is_over:
            raise RequestError(Phrase("request.not_over"))
        return score_deal(self)

    def moves(self) -> tuple[Move, ...]:
        """Every action of the deal so far, with the seat that took it."""
        return self._moves_seen()[0]

    def _moves_seen(self) -> tuple[tuple[Move, ...], tuple[int, ...]]:
        """The deal's moves and where the declined coups-fourrés are among them, extended from
        what was built for an earlier view (views are built after every action; the moves only
        grow)."""
        moves, declines = self._seen
        done = len(moves)
        if done != len(self.history):
            new = tuple(map(Move, self.played_by[done:], self.history[done:]))
            declines += tuple(
                done + i for i, move in enumerate(new) if move.action.verb == Verb.DECLINE
            )
            self._seen = moves, declines = moves + new, declines
        return moves, declines

    def view(self, seat: int) -> View:
        """What ``seat`` may see now."""
        if not 0 <= seat < self.players:
            raise RequestError(Phrase("request.seat", {"last": self.players - 1, "seat": seat}))
        decision = self.decision
        attack = None
        legal: tuple[Action, ...] = ()
        if self.to_act == seat and decision != _OVER:
            legal = tuple(self.legal_actions())
            if self.attack is not None:
                attack = Attack(self.attack[0], CARDS[self.attack[1]])
        elif decision != _OVER:
            decision = _WAIT
        return View(
            **self._public_fields(seat, decision),
            seat=seat,
            side=seat % self.sides_count,
            hand=_hand_cards(self.hands[seat]),
            attack=attack,
            legal=legal,
        )

    def public_view(self) -> PublicView:
        """What a spectator sees: every tableau, the piles' sizes, the moves the table saw."""
        decision = _OVER if self.decision == _OVER else _WAIT
        return PublicView(**self._public_fields(None, decision))

    def _public_fields(self, seat: int | None, decision: Decision) -> dict[str, Any]:
        """The table as ``seat`` (None: a spectator) sees it, with ``decision`` as its own.

        While a coup-fourré is being considered, everyone but the seat asked sees the table as it
        is when nobody can answer: the next seat has drawn and is about to play. Only that seat
        itself can tell it is kept waiting (its hand has not grown).
        """
        to_act = self.to_act
        hand_sizes = self.hand_sizes
        stock_size = len(self.stock)
        attack = self.attack  # set exactly while a coup-fourré is being considered
        if attack is not None and to_act != seat:
            to_act = self._public_next(attack[0] + 1)
            if stock_size and to_act is not None and to_act != seat:
                hand_sizes = hand_sizes[:]
                hand_sizes[to_act] += 1
                stock_size -= 1
        discard = self._discard_seen
        if len(discard) != len(self.discard):
            # The pile only grows: the cards added since the last view are built, no more.
            done = len(discard) if len(discard) < len(self.discard) else 0
            discard = self._discard_seen = discard[:done] + _cards(self.discard[done:])
        return {
            "rules": self.rules.name,
            "players": self.players,
            "race": self.race,
            "dealer": self.dealer,
            "decision": decision,
            "to_act": to_act,
            "hand_sizes": tuple(hand_sizes),
            "sides": tuple(map(self._side_view, range(self.sides_count))),
            "discard": discard,
            "stock_size": stock_size,
            "extended_by": self.extended_by,
            "scores": tuple(self.scores),
            "moves": self._moves_seen_by(seat),
        }

    def _side_view(self, side: int) -> SideView:
        """``side``'s tableau as a view, kept from view to view until one of its piles changes
        size: most actions leave a tableau alone. Piles only grow but for the hazard a safety
        clears, and safeties only grow, so the same sizes mean the same piles."""
        battle = self.battle[side]
        speed = self.speed[side]
        safeties = self.safeties[side]
        coups = self.coups[side]
        distance = self.distance[side]
        sizes = (len(battle), len(speed), len(safeties), len(coups), len(distance))
        kept = self._tableaux[side]
        if kept is not None and kept[0] == sizes:
            return kept[1]
        tableau = SideView(
            seats=self.seats_of(side),
            battle=_cards(battle),
            speed=_cards(speed),
            safeties=_cards(safeties),
            coups_fourres=_cards(coups),
            distance=_cards(distance),
            km=self.km[side],
        )
        self._tableaux[side] = (sizes, tableau)
        return tableau

    def _moves_seen_by(self, seat: int | None) -> tuple[Move, ...]:
        """The moves ``seat`` saw: a declined coup-fourré is seen by its own seat alone."""
        moves, declines = self._moves_seen()
        seen: tuple[Move, ...] = ()
        start = 0
        for index in declines:
            if moves[index].seat != seat:
                seen += moves[start:index]
                start = index + 1
        return seen + moves[start:] if start else moves

    def _public_next(self, seat: int) -> int | None:
        for i in range(self.players):
            s = (seat + i) % self.players
            if self.stock or self.hand_sizes[s]:
                return s
        return None

    @classmethod
    def seen_from(cls, view: View) -> Deal:
        """The deal as ``view``'s seat sees it: the tableaux, the discard pile, the scores, its
        own hand and the size of every hand, and no card it cannot see (the other hands and the
        stock are empty). The expert judges from it (``bots/judge.py``); :meth:`from_view` deals
        the hidden cards into it."""
        deal = cls.empty(view.rules, view.players, None, view.dealer, 0)
        deal.race = view.race
        deal.extended_by = view.extended_by
        deal.scores = list(view.scores)
        deal.hand_sizes = list(view.hand_sizes)
        hand = deal.hands[view.seat]
        for card in view.hand:
            hand[card] += 1
        for side, tableau in enumerate(view.sides):
            deal.battle[side] = [int(c) for c in tableau.battle]
            deal.speed[side] = [int(c) for c in tableau.speed]
            deal.safeties[side] = [int(c) for c in tableau.safeties]
            deal.coups[side] = [int(c) for c in tableau.coups_fourres]
            deal.distance[side] = [int(c) for c in tableau.distance]
            deal.km[side] = tableau.km
            deal.twos[side] = tableau.distance.count(Card.D200)
        deal.discard = [int(c) for c in view.discard]
        return deal

    @classmethod
    def from_view(cls, view: View, rng: random.Random) -> Deal:
        """A deal consistent with ``view``: the cards the seat cannot see are dealt at random to
        the other hands (at their visible sizes) and the stock. Search bots sample these, and
        may deal the hidden cards again as they believe them to lie with :meth:`redeal`."""
        deal = cls.seen_from(view)
        unseen = dict(deal.rules.deck(view.players))
        for card in view.hand:
            unseen[card] -= 1
        for tableau in view.sides:
            for card in (*tableau.battle, *tableau.speed, *tableau.safeties, *tableau.distance):
                unseen[card] -= 1
        for card in view.discard:
            unseen[card] -= 1
        hidden = [int(card) for card, count in unseen.items() for _ in range(count)]
        shuffle(hidden, rng)
        hands = {}
        for seat, size in enumerate(view.hand_sizes):
            if seat != view.seat:
                hands[seat] = [0] * _N
                for kind in hidden[:size]:
                    hands[seat][kind] += 1
                del hidden[:size]
        deal.redeal(hands, hidden)
        deal.history = [move.action for move in view.moves]
        deal.played_by = [move.seat for move in view.moves]
        if view.decision == Decision.OVER:
            deal.decision = Decision.OVER
        elif view.decision == Decision.WAIT:
            deal.to_act = view.to_act
            deal.decision = Decision.TURN
        else:
            deal.to_act = view.seat
            deal.decision = Decision(view.decision)
            if view.attack is not None:
                deal.attack = (view.attack.by, int(view.attack.hazard))
        return deal

    def redeal(
        self, hands: Mapping[int, Sequence[int]], stock: Sequence[int] | None = None
    ) -> None:
        """Give the seats of ``hands`` those cards (per-kind counts, each hand keeping its size)
        and, if given, the stock (cards by kind, the next to draw last, as many as the deck leaves
        out of the hands and off the table): how a
        search bot deals the hidden cards of a sampled deal as it believes them to lie, or tries
        a seat's turn with another hand. The cards are the caller's to keep consistent."""
        for seat, hand in hands.items():
            if len(hand) != _N or sum(hand) != self.hand_sizes[seat] or min(hand) < 0:
                given = str(list(hand))
                size = self.hand_sizes[seat]
                raise RequestError(
                    Phrase(
                        "request.hand", {"seat": seat, "size": size, "kinds": _N, "given": given}
                    )
                )
        if stock is not None:
            tableaux = (self.battle, self.speed, self.safeties, self.distance)
            placed = len(self.discard) + sum(len(pile) for piles in tableaux for pile in piles)
            left = sum(self.rules.deck(self.players).values()) - placed - sum(self.hand_sizes)
            if len(stock) != left:
                raise RequestError(Phrase("request.stock", {"left": left, "given": len(stock)}))
        for seat, hand in hands.items():
            self.hands[seat] = list(hand)
        if stock is not None:
            self.stock = list(stock)

    def __repr__(self) -> str:
        return (
            f"<Deal {self.rules.name} players={self.players} race={self.race} "
            f"km={self.km} to_act={self.to_act} decision={self.decision}>"
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Deal):
            return NotImplemented
        return self._state() == other._state()

    def _state(self) -> tuple[object, ...]:
        """Everything a position holds (docs/position.md), for equality."""
        return (
            self.rules.name,
            self.players,
            self.race,
            self.dealer,
            self.seed,
            self.to_act,
            self.decision,
            self.hands,
            self.battle,
            self.speed,
            self.safeties,
            self.coups,
            self.distance,
            self.discard,
            self.stock,
            self.extended_by,
            self.scores,
            self.attack,
            self.history,
            self.played_by,
        )

    __hash__ = None  # type: ignore[assignment]
