"""A seat's decisions in a deal followed as master follows them: each view it had shown to the
beliefs in order. Following is most of a hint's time late in a deal (every earlier view, about
0.1 s each), so a follower picks up where it stopped, and the hint keeps the last few
(:func:`followed_to`): asking again after a move costs that move, not the whole deal."""

from __future__ import annotations

import json
import random
import threading
from collections import Counter, OrderedDict
from collections.abc import Iterator
from dataclasses import dataclass, replace

from ..bots.master import Beliefs, MasterConfig
from ..bots.master.search import view_seed
from ..core.actions import Action, Verb
from ..core.cards import SAFETY_FOR
from ..core.deal import Deal
from ..core.records import deal_record
from ..core.view import View

# The review judges as master decides at its default knobs (its beliefs, the discards searched).
MASTER_DEFAULTS = MasterConfig()
# Followers the hint keeps (the tables asking for hints at once, each seat its own): each holds
# a deal and its beliefs, some kilobytes.
KEPT_FOLLOWERS = 32


@dataclass(frozen=True)
class Seen:
    """One decision of the seat: its index among the actions, the view, the beliefs then (a
    copy the following does not change) and the cards drawn since the seat's last decision."""

    index: int
    view: View
    beliefs: Beliefs
    drawn: tuple[int, ...]


def _spent(view: View, action: Action) -> list[int]:
    """The card of its hand ``action`` takes from the seat (none to decline or end the race)."""
    if action.card is not None:
        return [int(action.card)]
    if action.verb == Verb.COUP_FOURRE and view.attack is not None:
        return [int(SAFETY_FOR[view.attack.hazard])]
    return []


class Follower:
    """``seat``'s decisions in the deal played from ``start``, followed as far as the actions
    given so far (:meth:`follow`), the beliefs drawing from ``seed``."""

    def __init__(self, start: Deal, seat: int, seed: int, particles: int) -> None:
        self.seat, self.seed = seat, seed
        self.deal = start.copy()
        self.actions: list[Action] = []  # those applied to ``deal``
        self.beliefs = Beliefs(config=replace(MASTER_DEFAULTS, particles=particles))
        self.last: Seen | None = None  # the newest decision seen
        self._held = Counter(int(card) for card in self.deal.view(seat).hand)  # but what it drew
        self._hand: Counter[int] = Counter()  # the hand at the newest decision

    def extends(self, actions: list[Action]) -> bool:
        """Whether ``actions`` go on from those followed so far."""
        return actions[: len(self.actions)] == self.actions

    def follow(self, actions: list[Action]) -> Iterator[Seen]:
        """Follow on to the end of ``actions`` (which must extend those followed): each new
        decision of the seat, that which it faces after them too."""
        for index in range(len(self.actions), len(actions) + 1):
            if self.deal.to_act == self.seat:
                if self.last is None or self.last.index != index:
                    yield self._see(index)
                if index < len(actions):
                    assert self.last is not None
                    self._held = self._hand - Counter(_spent(self.last.view, actions[index]))
            if index < len(actions):
                self.deal.apply(actions[index])
                self.actions.append(actions[index])

    def _see(self, index: int) -> Seen:
        view = self.deal.view(self.seat)
        self.beliefs.observe(view, random.Random(view_seed(self.seed, view, "beliefs")))
        self._hand = Counter(int(card) for card in view.hand)
        drawn = tuple(sorted((self._hand - self._held).elements()))
        self.last = Seen(index, view, self.beliefs.copy(), drawn)
        return self.last


_kept: OrderedDict[tuple[str, int, int, int], Follower] = OrderedDict()
_keeping = threading.Lock()


def followed_to(
    start: Deal,
    actions: list[Action],
    seat: int,
    seed: int,
    particles: int,
) -> Seen | None:
    """The seat's newest decision once ``actions`` played from ``start`` are followed (None if
    it has made none), by a follower kept from an earlier call on the same deal if one went no
    further. A follower is in one caller's hands at a time: taken out while it follows."""
    key = (json.dumps(deal_record(start), sort_keys=True), seat, seed, particles)
    with _keeping:
        follower = _kept.pop(key, None)
    if follower is None or not follower.extends(actions):
        follower = Follower(start, seat, seed, particles)
    for _ in follower.follow(actions):
        pass
    with _keeping:
        _kept[key] = follower
        while len(_kept) > KEPT_FOLLOWERS:
            _kept.popitem(last=False)
    return follower.last
