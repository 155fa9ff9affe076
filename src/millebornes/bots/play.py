"""Playing deals and matches with one bot per seat, each asked with its own seat's view, and
bringing bots back to where they were when a stored game is replayed."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..deal import Deal
from ..match import Match
from ..view import View
from .base import Bot


def play_out(game: Deal | Match, bots: Sequence[Bot]) -> None:
    """Ask the seat to act's bot until the deal or match is over."""
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].choose(game.view(seat)))


class Recap:
    """The views a match showed its bots' seats in the deal in play, gathered while a stored
    game is replayed: :meth:`remind` shows them to the bots again, so that one that learns from
    what it sees (``master``) believes what it believed when the game stopped. Call
    :meth:`before` ahead of each replayed action."""

    def __init__(self, bots: Mapping[int, Bot]) -> None:
        self.bots = bots
        self.views: list[tuple[int, View]] = []
        self.deals = 0

    def before(self, match: Match) -> None:
        if len(match.finished) != self.deals:  # a new deal: the earlier views tell nothing
            self.views.clear()
            self.deals = len(match.finished)
        seat = match.to_act
        if seat is not None and seat in self.bots:
            self.views.append((seat, match.view(seat)))

    def remind(self) -> None:
        for seat, view in self.views:
            observe = getattr(self.bots[seat], "observe", None)
            if observe is not None:
                observe(view)
        self.views.clear()
