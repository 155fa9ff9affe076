"""What master believes of the hidden cards: what the table has revealed, the odds players keep
each card kind, and every other hand followed through the moves the seat saw (a particle
filter); :meth:`Beliefs.sample` deals sampled worlds from them."""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Final

from mypy_extensions import mypyc_attr

from ...core.actions import (
    Action,
    Decision,
    Verb,
)
from ...core.cards import SAFETY_FOR, Card
from ...core.deal import Deal, below, shuffle
from ...core.rules import get_rules
from ...core.view import SideView, View
from ..judge import (
    KEPT_SAFETY_KINDS,
    KINDS,
    SAFETY_KINDS,
    SAFETY_OF,
    Judge,
    deck_counts,
    drawn_by_each_seat,
    keeping_weight,
)
from ..knowledge import Knowledge
from .config import MasterConfig
from .policy import Rollout

# The opponents' model: the expert's judgments (the medium bot), which the moves of the other
# seats are weighed by; how often each seat strays from it is learnt (Beliefs.unexpected_rate).
OPPONENTS: Final = Judge(quick=False)

# The odds of a card kind being in a hidden hand rather than in the stock, relative to each other:
# players shed small distances and Speed Limits, keep 200s and remedies, and lay Right of Way at
# once. Fitted on the expert's hands in 600 deals: the sampled counts of every kind then match the
# true ones within 5% (at even odds, 25s were sampled twice as often as held). The kept safeties
# have their own odds (KEPT_SAFETY).
KEEPING: Final[dict[Card, float]] = {
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
_KEEPING: Final = {int(card): odds for card, odds in KEEPING.items()}
_D25: Final = int(Card.D25)
_ROLL: Final = int(Card.ROLL)
_RIGHT_OF_WAY: Final = int(Card.RIGHT_OF_WAY)
_STOP: Final = int(Card.STOP)
_ACCIDENT: Final = int(Card.ACCIDENT)
_SWAPPED: Final = tuple(_KEEPING)  # the kinds sampled at the odds of KEEPING

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
        barred.add(SAFETY_OF[top])
    if tableau.speed_top is Card.SPEED_LIMIT and Card.RIGHT_OF_WAY not in tableau.safeties:
        barred.add(_RIGHT_OF_WAY)
    return barred


def _fixes(tableau: SideView) -> set[int]:
    """The cards that would get a stopped side rolling again (empty if it is rolling)."""
    needs = tableau.needs
    if needs is None:
        return set()
    if needs is Card.ROLL:
        return {_ROLL, _RIGHT_OF_WAY}
    top = tableau.battle_top
    assert top is not None  # a remedy is needed for the hazard on top
    return {int(needs), SAFETY_OF[int(top)]}


def _mended(
    hand: list[int], unseen: list[int], size: int, barred: set[int], rng: random.Random
) -> list[int]:
    """``hand`` made to fit a view: no card it shows elsewhere nor one the seat cannot hold,
    and ``size`` cards, the missing ones drawn from the unseen cards at random (from those the
    seat cannot hold only if nothing else is left)."""
    mended = [0 if card in barred else min(n, unseen[card]) for card, n in enumerate(hand)]
    held = sum(mended)
    while held > size:
        held_cards = [card for card in range(KINDS) for _ in range(mended[card])]
        mended[held_cards[below(rng, len(held_cards))]] -= 1
        held -= 1
    if held == size:
        return mended  # it fits (most hands, most views): nothing to draw
    spare = [
        card
        for card in range(KINDS)
        if card not in barred
        for _ in range(unseen[card] - mended[card])
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


def _legal_count(table: Deal, seat: int, hand: list[int]) -> int:
    """How many turn actions ``seat`` could take holding ``hand`` on ``table``."""
    own = table.side_of(seat)
    count = 0
    for kind in range(KINDS):
        if not hand[kind]:
            continue
        count += 1  # a discard
        if _STOP <= kind <= _ACCIDENT:
            count += sum(
                1
                for side in range(table.sides_count)
                if side != own and table.may_attack(kind, side)
            )
        elif table.may_play(own, kind):
            count += 1
    return count


def _shown(view: View, index: int) -> int:
    """The card a move of ``view.moves`` took out of a hand (-1 for none): the card played, or
    the safety of a coup-fourré, called on the attack just before it."""
    action = view.moves[index].action
    if action.card is not None:
        return int(action.card)
    if action.verb == Verb.COUP_FOURRE:
        hazard = view.moves[index - 1].action.card
        assert hazard is not None
        return SAFETY_OF[hazard]
    return -1


def _hold(table: Deal, seat: int, card: int, copies: int) -> None:
    """Make ``seat`` hold ``copies`` of ``card`` (at least one if ``copies`` is -1), trading
    cards of another kind, so that a table rebuilt from views replays the moves it saw."""
    hand = table.hands[seat][:]
    wanted = max(1, hand[card]) if copies < 0 else copies
    while hand[card] < wanted:
        other = next((kind for kind in range(KINDS) if kind != card and hand[kind]), None)
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


# Compiled (setup.py), and still a base: the benchmarks' beliefs that are shown the true hands
# (benchmarks.ceiling) are plain Python classes made from it.
@mypyc_attr(allow_interpreted_subclasses=True)
@dataclass
class Beliefs:
    """What this seat believes of the hidden hands, from the views it was shown.

    ``barred``: card kinds a hidden seat cannot hold, assuming sensible opponents. A side showing
    an unanswered hazard holds no safety against it (it would have called coup-fourré, or played
    it since), and a side that stayed stopped while every other seat took a turn, attacking
    nobody, holds no card that would have got it rolling.

    ``their_hands``: for every other seat, hands it may hold (``config.particles`` in all),
    followed through the moves the table saw (a particle filter). At each turn a seat drew a
    card and made a move; hands are kept in proportion to the odds of that move: those with
    which the opponents' model (the expert's judge) makes it, and any legal move at the seat's
    rate of unexpected moves (learnt from its moves, from ``config.unexpected``). At each view a
    share ``config.refresh`` of the hands is drawn afresh from the prior, so that a true hand
    lost to an unlucky move can return. A coup-fourré keeps the hands that
    held its safety; an attack answered by none drops those of the attacked side that held it.
    The bot lives for a whole match, so it compares each view with the last one.

    ``config``: master's knobs; the beliefs read ``particles``, ``unexpected``,
    ``unexpected_weight``, ``refresh`` and ``keeping_swaps``.
    """

    barred: dict[int, set[int]] = field(default_factory=dict)
    previous: View | None = None
    their_hands: dict[int, list[list[int]]] = field(default_factory=dict)
    config: MasterConfig = field(default_factory=MasterConfig)
    # Each other seat's unexpected moves (off the opponents' model; expected, summed over its
    # moves) and the moves weighed: its rate is learnt over the match.
    unexpected: dict[int, float] = field(default_factory=dict)
    weighed: dict[int, int] = field(default_factory=dict)

    def unexpected_rate(self, seat: int) -> float:
        """The odds that ``seat`` makes another move than the opponents' model would with its
        hand: the prior's (``config.unexpected``, worth ``config.unexpected_weight`` moves) and
        what its moves so far showed."""
        weight = self.config.unexpected_weight
        return (self.config.unexpected * weight + self.unexpected.get(seat, 0.0)) / (
            weight + self.weighed.get(seat, 0)
        )

    def copy(self) -> Beliefs:
        """A copy that observing on does not change: the review judges each decision from the
        beliefs of its moment while following on."""
        return replace(
            self,
            barred=dict(self.barred),
            their_hands={
                seat: [hand[:] for hand in hands] for seat, hands in self.their_hands.items()
            },
            unexpected=dict(self.unexpected),
            weighed=dict(self.weighed),
        )

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
            deals = [
                self.prior(view, rng) for _ in range(max(1, self.config.particles // len(others)))
            ]
            self.their_hands = {seat: [deal.hands[seat] for deal in deals] for seat in others}
            return
        if len(view.moves) > len(previous.moves):
            self._replay(previous, view, rng)
            fresh = round(self.config.refresh * len(self.their_hands[others[0]]))
            if fresh:
                deals = [self.prior(view, rng) for _ in range(fresh)]
                for seat in others:
                    hands = self.their_hands[seat]
                    for deal, slot in zip(deals, rng.sample(range(len(hands)), fresh), strict=True):
                        hands[slot] = deal.hands[seat]
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
        deck = deck_counts(view)
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
        a card (if the stock had one), then made the move the opponents' model makes with its
        hand or, at its rate of unexpected moves, any legal move at random."""
        hands = self.their_hands[seat]
        unexpected = self.unexpected_rate(seat)
        drew = table.hand_sizes[seat] - sum(hands[0])
        if drew not in (0, 1) or action.card is None:
            return
        model = Rollout(table, deck, OPPONENTS)
        played = int(action.card)
        explained: dict[tuple[int, ...], tuple[float, float, list[int], list[float]]] = {}
        # The model's move and the legal moves' count with a given hand: hands followed apart
        # often come to the same hand once their draws are added.
        judged: dict[tuple[int, ...], tuple[bool, int]] = {}
        for hand in hands:
            key = tuple(hand)
            if key in explained:
                continue
            stock = [n - h for n, h in zip(hidden, hand, strict=True)]
            draws: list[int] = []  # the kinds it may have drawn (-1: none, the stock was out)
            odds: list[float] = []
            departed = 0.0
            if min(stock) >= 0:
                held = hand[:]
                for kind in range(KINDS) if drew else (-1,):
                    if kind >= 0 and not stock[kind]:
                        continue
                    _add(held, kind, 1)
                    if held[played]:
                        drawn = tuple(held)
                        verdict = judged.get(drawn)
                        if verdict is None:
                            verdict = judged[drawn] = (
                                model.action(held) == action,
                                _legal_count(table, seat, held),
                            )
                        same, legal = verdict
                        chance = stock[kind] if drew else 1
                        draws.append(kind)
                        odds.append(chance * ((1 - unexpected) * same + unexpected / legal))
                        departed += chance * unexpected / legal
                    _add(held, kind, -1)
            total = max(1, sum(stock)) if drew else 1
            explained[key] = (sum(odds, 0.0) / total, departed / total, draws, odds)
        weights = [explained[tuple(hand)][0] for hand in hands]
        if not any(weights):
            return
        # Of the hands' odds of the move, the share an unexpected move explains: what the
        # move says of this seat's rate.
        self.unexpected[seat] = self.unexpected.get(seat, 0.0) + sum(
            (explained[tuple(hand)][1] for hand in hands), 0.0
        ) / sum(weights, 0.0)
        self.weighed[seat] = self.weighed.get(seat, 0) + 1
        after = []
        for hand in rng.choices(hands, weights, k=len(hands)):
            _, _, draws, odds = explained[tuple(hand)]
            held = hand[:]
            _add(held, rng.choices(draws, odds)[0], 1)
            held[played] -= 1
            after.append(held)
        self.their_hands[seat] = after

    def _called(self, table: Deal, seat: int, hidden: list[int], rng: random.Random) -> None:
        """``seat`` called a coup-fourré: keep the hands that held its safety, less that safety,
        and with the card it drew in its place."""
        assert table.attack is not None
        safety = SAFETY_OF[table.attack[1]]
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
                held[rng.choices(range(KINDS), stock)[0]] += 1
            after.append(held)
        self.their_hands[seat] = after

    def _answered(self, table: Deal, me: int, attack: Action, answered_by: int | None) -> None:
        """Before ``attack`` lands: the attacked seats that did not call coup-fourré held no
        safety against it (their followed hands holding one are dropped, if others remain), and
        the table's hands hold it only where the moves show it was held."""
        assert attack.card is not None
        assert attack.target is not None
        safety = SAFETY_OF[attack.card]
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
        shuffle(others, rng)
        hands = {}
        for seat in others:
            followed = self.their_hands[seat]
            hand = followed[below(rng, len(followed))]
            if len(others) > 1:  # the hands followed apart may claim the same cards
                hand = _mended(hand, left, view.hand_sizes[seat], self.barred.get(seat, set()), rng)
            hands[seat] = hand
            left = [n - h for n, h in zip(left, hand, strict=True)]
        stock = [card for card in range(KINDS) for _ in range(left[card])]
        shuffle(stock, rng)
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
            for _ in range(self.config.keeping_swaps * len(cards)):
                slot, place = below(rng, len(cards)), below(rng, len(stock))
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
        :func:`keeping_weight`: a safety drawn long ago is likely still in hand."""
        total = sum(get_rules(view.rules).deck(view.players).values())
        drawn = drawn_by_each_seat(total, view.players, view.stock_size)
        seats = [seat for seat in range(view.players) if seat != view.seat]
        for safety in KEPT_SAFETY_KINDS:
            source = next((seat for seat in seats if hidden.hands[seat][safety]), -1)
            if source < 0 and safety not in hidden.stock:
                continue  # in view: this seat holds it, or it is on the table
            places = [
                seat
                for seat in seats
                if hidden.hand_sizes[seat] and safety not in self.barred.get(seat, ())
            ]
            weights = [keeping_weight(hidden.hand_sizes[seat], drawn) for seat in places]
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
                if card not in SAFETY_KINDS and card not in barred
            ]
        else:
            hand = hidden.hands[destination]
            slots = [
                (destination, card)
                for card in range(KINDS)
                if card not in SAFETY_KINDS and card not in barred
                for _ in range(hand[card])
            ]
        if slots:
            _trade(hidden, safety, source, slots[below(rng, len(slots))])

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
                    for card in range(KINDS)
                    if card not in barred
                    for _ in range(hand[card])
                )
        if not slots:
            return False
        _trade(hidden, kind, seat, slots[below(rng, len(slots))])
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
