"""The guided first deal's door (``lesson.py`` plays it): a new lesson's room, the person
seated at South at once, since the lesson is theirs alone."""

from __future__ import annotations

import secrets
from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field

from ..core.tutorial import PLAYERS, YOU
from ..words import Language, seat_names
from .api import ADMITTED, TOO_MANY_CREATIONS
from .chat import Social
from .identity import link_seat
from .protocol import TOO_FAST, ProtocolError
from .seats import token_hash
from .site import SiteDep

router = APIRouter()


class StartLesson(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(default="", max_length=64)  # none: the seat's name, South
    language: Language = "en"


@router.post("/api/lessons", status_code=201, dependencies=ADMITTED)
async def start_lesson(body: StartLesson, request: Request, site: SiteDep) -> dict[str, Any]:
    """A new lesson: its code and link, the person's seat and token, and the creator's."""
    address = site.address_of(request)
    if not site.creations.allow(address):
        raise ProtocolError(TOO_MANY_CREATIONS, TOO_FAST)
    host = secrets.token_urlsafe(24)
    social = Social(host=token_hash(host), language=body.language)
    room = site.rooms.open_lesson(address, social)
    name = body.name.strip() or seat_names(body.language, PLAYERS)[YOU]
    seat, token = await room.join(name, YOU)
    await link_seat(site, request, room.code, seat)
    link = site.invitation(request, room.code)
    return {"code": room.code, "link": link, "seat": seat, "token": token, "host": host}
