"""Playing deals and matches with one bot per seat, each asked with its own seat's view."""

from __future__ import annotations

from collections.abc import Sequence

from ..deal import Deal
from ..match import Match
from .base import Bot


def play_out(game: Deal | Match, bots: Sequence[Bot]) -> None:
    """Ask the seat to act's bot until the deal or match is over."""
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].choose(game.view(seat)))
