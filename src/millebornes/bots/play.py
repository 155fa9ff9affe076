"""Playing deals and matches with one bot per seat, each asked with its own seat's view, and
bringing bots back to where they were when a stored game is replayed."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol, runtime_checkable

from ..core.deal import Deal
from ..core.match import Match
from ..core.view import View
from .base import Bot


def play_out(game: Deal | Match, bots: Sequence[Bot]) -> None:
    """Ask the seat to act's bot until the deal or match is over."""
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].choose(game.view(seat)))


@runtime_checkable
class Learner(Protocol):
    """A bot that learns from the views it is shown, not only when asked to decide."""

    def observe(self, view: View) -> None: ...


class Recap:
    """The views a match showed its bots' seats in the deal in play, gathered while a stored
    game is replayed: :meth:`remind` shows them to the bots again, so that one that learns from
    what it sees (``master``) believes what it believed when the game stopped. Call
    :meth:`before` ahead of each replayed action."""

    def __init__(self, bots: Mapping[int, Bot]) -> None:
        # Only the bots that learn from views are shown them: no view is built for the others.
        self.learners = {seat: bot for seat, bot in bots.items() if isinstance(bot, Learner)}
        self.views: list[tuple[int, View]] = []
        self.deals = 0

    def before(self, match: Match) -> None:
        if len(match.finished) != self.deals:  # a new deal: the earlier views tell nothing
            self.views.clear()
            self.deals = len(match.finished)
        seat = match.to_act
        if seat is not None and seat in self.learners:
            self.views.append((seat, match.view(seat)))

    def remind(self) -> None:
        for seat, view in self.views:
            self.learners[seat].observe(view)
        self.views.clear()
