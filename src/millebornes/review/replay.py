"""A finished deal step by step, for the replay and the review in both games: each action of
its record with the seat that took it, told in words, and the table just before and just after
it, from one seat's view or, once the deal is over, with every hand open.

A seat's steps hold only what that seat saw (its own hand, never another; not another seat's
declined coup-fourré, which nobody else knew was asked); the stock's order and the seed never
leave the deal (docs/review.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, TypeVar, overload

from ..core.actions import Verb
from ..core.cards import SAFETY_FOR, Card
from ..core.deal import Deal
from ..core.errors import RequestError
from ..core.phrase import Phrase
from ..core.view import PublicView, View
from ..words.names import teams
from ..words.narrate import describe
from .decisions import deal_start

Shown = TypeVar("Shown", View, PublicView)  # a seat's view, or the public one (every hand open)


@dataclass(frozen=True)
class Step(Generic[Shown]):
    """One action of the deal, the seat that took it, and the table as shown before and after
    it: the seat's view, or the public view with every hand (``hands``) when all are open."""

    index: int  # in the deal's record, from 0 (as a review's decisions count)
    seat: int
    action: str
    text: str
    view: Shown  # before the action
    after: Shown
    hands: tuple[tuple[Card, ...], ...] | None  # after the action; only with every hand open


def _shown(deal: Deal, seat: int | None) -> Any:  # View for a seat, PublicView for None
    return deal.public_view() if seat is None else deal.view(seat)


def _hands(deal: Deal, seat: int | None) -> tuple[tuple[Card, ...], ...] | None:
    if seat is not None:
        return None
    return tuple(deal.view(other).hand for other in range(deal.players))


@overload
def steps(
    deal: Deal, seat: int, names: list[str], language: str = "en"
) -> tuple[list[Step[View]], View]: ...
@overload
def steps(
    deal: Deal, seat: None, names: list[str], language: str = "en"
) -> tuple[list[Step[PublicView]], PublicView]: ...
def steps(
    deal: Deal, seat: int | None, names: list[str], language: str = "en"
) -> tuple[list[Step[View]], View] | tuple[list[Step[PublicView]], PublicView]:
    """The actions ``seat`` saw in ``deal`` (every action with every hand open, ``seat`` None,
    which only a finished deal shows), told in ``language`` with the seats' ``names``; and the
    table at the end."""
    if seat is None and not deal.is_over:
        raise RequestError(Phrase("request.open_not_over"))
    start, _ = deal_start(deal)
    replay = start
    sides = teams(names, deal.sides_count)
    shown: list[Step[Any]] = []
    for index, move in enumerate(deal.moves()[len(start.history) :]):
        attack = replay.attack
        before = _shown(replay, seat)
        replay.apply(move.action)
        if seat is not None and move.action.verb == Verb.DECLINE and move.seat != seat:
            continue  # nobody else knew the question was asked
        safety = None if attack is None else SAFETY_FOR[Card(attack[1])]
        text = describe(
            move.action,
            move.seat,
            names,
            sides=sides,
            viewer=seat,
            viewer_side=None if seat is None else deal.side_of(seat),
            teams=deal.sides_count < deal.players,
            safety=safety,
            language=language,
        )
        after = _shown(replay, seat)
        shown.append(
            Step(index, move.seat, str(move.action), text, before, after, _hands(replay, seat))
        )
    return shown, _shown(replay, seat)


def dealt(
    deal: Deal, seat: int | None
) -> tuple[View | PublicView, tuple[tuple[Card, ...], ...] | None]:
    """The table as ``deal``'s record starts it, before its first step, shown as ``steps``
    shows it: the table and, with every hand open (``seat`` None), the hands."""
    start, _ = deal_start(deal)
    return _shown(start, seat), _hands(start, seat)
