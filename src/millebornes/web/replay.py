"""The browser game's replay of a finished deal, at the read-only link of its review.

The same link (``/replay/TOKEN``) shows the deal step by step from the sharing seat's view, or
from any other seat's, or with every hand open: the deal is over, so no hand is a secret any
more. The stock's order and the seed are never sent; a step's table is the one after its
action (docs/web.md)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse

from ..core.cards import Card
from ..review.replay import dealt, steps
from .protocol import BAD_MESSAGE, ProtocolError, quoted
from .review import AskReview, shared_deal, shared_link, shown_view, told_step
from .site import STATIC, SiteDep

OPEN = "open"  # every hand open, as the seat chooser asks for it

router = APIRouter()


def _hands(hands: tuple[tuple[Card, ...], ...] | None) -> list[list[str]] | None:
    return None if hands is None else [[card.notation for card in hand] for hand in hands]


def _seat_asked(asked: str, own: int, players: int) -> int | None:
    """The seat whose view the page asks for (None: every hand open); the link's by default."""
    if asked == "":
        return own
    if asked == OPEN:
        return None
    if asked.isdecimal() and int(asked) < players:
        return int(asked)
    message = f"seat is {OPEN} or a seat from 0 to {players - 1}, not {quoted(asked)}"
    raise ProtocolError(message, BAD_MESSAGE)


@router.post("/api/rooms/{code}/replay")
async def ask_replay(code: str, body: AskReview, request: Request, site: SiteDep) -> dict[str, Any]:
    """The link to the replay of a finished deal, for the seat of ``token`` (or the player's)."""
    _, seat, link = await shared_link(code, body, request, site)
    return {"link": f"/replay/{link}", "seat": seat}


@router.get("/replay/{link}", include_in_schema=False)
async def replay_page(link: str) -> FileResponse:
    return FileResponse(STATIC / "replay.html")


@router.get("/api/replay/{link}")
async def replay_data(
    link: str, site: SiteDep, language: str = "en", seat: str = ""
) -> dict[str, Any]:
    """The deal's steps told in ``language``, each with the table after it from ``seat``'s
    view (the link's seat by default, ``open`` for every hand), and each side's final points."""
    shared = shared_deal(link, language, site)
    finished = shared.finished
    shown = _seat_asked(seat, shared.seat, finished.players)
    told, _ = steps(finished, shown, shared.names, language)
    start, hands = dealt(finished, shown)
    return {
        "seat": shared.seat,
        "shown": OPEN if shown is None else shown,
        "deal": shared.deal,
        "names": shared.names,
        "start": {"view": shown_view(start), "hands": _hands(hands)},
        "steps": [{**told_step(step, step.after), "hands": _hands(step.hands)} for step in told],
        "points": [sheet["total"] for sheet in finished.score()],
    }
