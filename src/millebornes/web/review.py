"""The browser game's review of a finished deal, and its read-only link.

A seated person asks for the review of a finished deal with the seat's secret token; the answer
is a link (``/review/TOKEN``) that anyone may open: it shows the deal step by step as that seat
saw it (its own hand, the public table, the actions it saw) with master's judgements, computed
in the background and kept in the store. It never shows another seat's hand, not even once the
deal is over (docs/review.md). The same link is the deal's replay's (``web/replay.py``), which
may (the deal being over)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse
from pydantic import BaseModel, Field

from ..core.deal import Deal
from ..core.view import PublicView
from ..review import told
from ..review.decisions import LABELS, costliest
from ..review.jobs import finished_deal
from ..review.replay import Step, steps
from ..words import LANGUAGES, word
from ..words.names import teams
from .identity import in_store, required_player
from .protocol import BAD_MESSAGE, BAD_TOKEN, ProtocolError, quoted
from .room import Room
from .site import STATIC, SiteDep

NOT_OVER = "deal-not-over"
UNKNOWN_LINK = "unknown-review"


class AskReview(BaseModel):
    """A deal's review or replay asked for by a seat's secret ``token``, or without one by the
    player the request's cookie names, for ``seat`` (one they took: a device that did not take
    the seat itself holds no token of it)."""

    token: str | None = Field(None, min_length=1, max_length=200)
    seat: int | None = Field(None, ge=0, le=100)
    deal: int = Field(ge=0, le=10_000)


def shown_view(view: PublicView) -> dict[str, Any]:
    """A view for the page: the moves are the steps themselves, and nothing is to decide."""
    data = view.to_dict(moves=False)
    data.pop("legal", None)  # a seat's view has them, the public one not
    return data


def told_step(step: Step[Any], view: PublicView) -> dict[str, Any]:
    """A step for the page, with the table it shows (before the action or after it)."""
    return {
        "index": step.index,
        "seat": step.seat,
        "action": step.action,
        "text": step.text,
        "view": shown_view(view),
    }


router = APIRouter()


async def shared_link(
    code: str, body: AskReview, request: Request, site: SiteDep
) -> tuple[Room, int, str]:
    """The room, the seat of ``body``'s token (or of the request's player) and the read-only
    link of that seat's finished deal (the review's and the replay's): only a seat of the room
    may share it."""
    room = await site.rooms.get(code)
    game_id = room.table.game_id
    if body.token is not None:
        seat = room.seats.seat_of(body.token)
    else:
        seat = await _players_seat(site, request, game_id, body.seat)
    if body.deal >= len(room.table.match.finished):
        message = f"deal {body.deal + 1} is not over: only a finished deal"
        raise ProtocolError(message, NOT_OVER)
    link: str = await in_store(site, site.store.share_review, game_id, body.deal, seat)
    return room, seat, link


async def _players_seat(site: SiteDep, request: Request, game_id: str, asked: int | None) -> int:
    """The seat ``asked`` if the request's player took it in the game, else their first."""
    player = await required_player(site, request)
    taken: tuple[int, ...] = await in_store(site, site.store.linked_seats, game_id, player.id)
    if not taken:
        raise ProtocolError("you hold no seat of the room", BAD_TOKEN)
    return asked if asked in taken else taken[0]


@router.post("/api/rooms/{code}/review")
async def ask_review(code: str, body: AskReview, request: Request, site: SiteDep) -> dict[str, Any]:
    """Start the review of a finished deal for the seat of ``token`` (or the player's); its
    link."""
    room, seat, link = await shared_link(code, body, request, site)
    site.reviews.get(room.table.game_id, body.deal, seat)
    await room.reads_review(seat, body.deal)  # the next deal waits while they read it
    return {"link": f"/review/{link}", "seat": seat}


@router.get("/review/{link}", include_in_schema=False)
async def review_page(link: str) -> FileResponse:
    return FileResponse(STATIC / "review.html")


@dataclass(frozen=True)
class SharedDeal:
    """The finished deal a read-only link shows, and whose."""

    game_id: str
    deal: int
    seat: int
    names: list[str]
    finished: Deal


def shared_deal(link: str, language: str, site: SiteDep) -> SharedDeal:
    """The deal of a read-only link, asked for in ``language``; a ProtocolError for an unknown
    link or language."""
    if language not in LANGUAGES:
        message = f"language is one of {', '.join(LANGUAGES)}, not {quoted(language)}"
        raise ProtocolError(message, BAD_MESSAGE)
    store = site.store
    found = store.shared_review(link)
    if found is None:
        raise ProtocolError("no review has this link", UNKNOWN_LINK)
    game_id, deal, seat = found
    game = store.load(game_id)
    names = [player.get("name") or f"#{n + 1}" for n, player in enumerate(game.meta["seats"])]
    return SharedDeal(game_id, deal, seat, names, finished_deal(store, game_id, deal))


@router.get("/api/review/{link}")
async def review_data(link: str, site: SiteDep, language: str = "en") -> dict[str, Any]:
    """The deal as the seat saw it and the review so far (its progress until it is done),
    its actions, verdicts, lessons and summary told in ``language`` (``told``)."""
    shared = shared_deal(link, language, site)
    finished = shared.finished
    shown, end = steps(finished, shared.seat, shared.names, language)
    sides = teams(shared.names, finished.sides_count)
    job = site.reviews.get(shared.game_id, shared.deal, shared.seat)
    return {
        "seat": shared.seat,
        "deal": shared.deal,
        "names": shared.names,
        "steps": [told_step(step, step.view) for step in shown],
        "end": shown_view(end),
        "progress": {"done": job.done, "total": job.total},
        "judged": list(job.judgements.values()),
        "review": job.result,
        "told": told_review(job.judgements, job.result, finished, language, sides),
        "error": None if job.error is None else word(job.error, language),
    }


def told_review(
    judged: dict[int, dict[str, Any]],
    result: dict[str, Any] | None,
    deal: Deal,
    language: str,
    sides: list[str],
) -> dict[str, Any]:
    """A review in words, as the terminal tells it (``review.told``): the verdict of each
    decision judged so far by its index and the labels' names; once the review is done, the
    costliest decisions' lessons, the summary, and the skill and the luck (``luck``, lines)."""
    return {
        "verdicts": {
            str(index): word(told.verdict(decision, deal), language, sides)
            for index, decision in judged.items()
        },
        "labels": {name: word(told.label(name), language) for name in LABELS},
        "lessons": [
            {"index": decision["index"], "text": word(told.lesson(decision, deal), language, sides)}
            for decision in ([] if result is None else costliest(result["decisions"]))
        ],
        "summary": None if result is None else word(told.summary(result["summary"]), language),
        "luck": [
            word(line, language)
            for line in ([] if result is None else told.skill_and_luck(result["summary"]))
        ],
    }
