"""What a browser or a proxy opens besides the API: the page (a room's link is the same page),
and the health check."""

from __future__ import annotations

import logging
from typing import Any

from fastapi import APIRouter
from fastapi.responses import FileResponse, JSONResponse

from .errors import refusal
from .protocol import RESTARTING, SERVER_ERROR, ProtocolError
from .site import STATIC, SiteDep

router = APIRouter()
log = logging.getLogger(__name__)


@router.get("/healthz", include_in_schema=False, response_model=None)
async def health(site: SiteDep) -> dict[str, Any] | JSONResponse:
    """200 while the server takes games and its store answers; 503 once it is stopping
    (a proxy then sends new players elsewhere) or when the store does not answer."""
    rooms = site.rooms
    if rooms.draining:
        return refusal(ProtocolError("the server is stopping", RESTARTING))
    try:
        await rooms.executors.store(site.store.ping)
    except Exception:
        log.exception("the health check could not reach the store")
        return refusal(ProtocolError("the game store does not answer", SERVER_ERROR))
    return {"status": "ok", "rooms": len(rooms.rooms)}


@router.get("/", include_in_schema=False)
@router.get("/room/{code}", include_in_schema=False)
async def page() -> FileResponse:
    return FileResponse(STATIC / "index.html")
