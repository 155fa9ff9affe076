"""What a browser or a proxy opens besides the API: the page (a room's link is the same page),
the health check, and the metrics when they are on (``web/metrics.py``)."""

from __future__ import annotations

import logging
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, JSONResponse, Response

from .errors import refusal
from .metrics import CONTENT_TYPE
from .protocol import NOT_FOUND, RESTARTING, STORE_DOWN, ProtocolError
from .site import STATIC, SiteDep

router = APIRouter()
log = logging.getLogger(__name__)


@router.get("/healthz", include_in_schema=False, response_model=None)
async def health(site: SiteDep) -> dict[str, Any] | JSONResponse:
    """200 while the server takes moves; 503, saying why, once it is stopping or drained by
    its operator (web/admin.py; a proxy then sends new players elsewhere), when the store does
    not answer, or while its last write failed (a lease renewal, every quarter of
    ``lease_seconds``, writes even with no room)."""
    rooms = site.rooms
    if site.drained:
        return refusal(
            ProtocolError("the server is draining: its rooms went elsewhere", RESTARTING)
        )
    if rooms.draining:
        return refusal(ProtocolError("the server is stopping", RESTARTING))
    try:
        await rooms.executors.store(site.store.ping)
    except Exception as error:
        log.warning("the health check could not reach the store: %s", type(error).__name__)
        return refusal(ProtocolError("the game store does not answer", STORE_DOWN))
    failure = site.store.write_failure
    if failure is not None:
        return refusal(ProtocolError(f"the game store cannot save moves ({failure})", STORE_DOWN))
    return {"status": "ok", "rooms": len(rooms.rooms)}


@router.get("/metrics", include_in_schema=False)
async def metrics(request: Request, site: SiteDep) -> Response:
    """The server's metrics for Prometheus, where they are served (nowhere by default)."""
    if not site.serves_metrics(request):
        raise ProtocolError("there is nothing at this address", NOT_FOUND)
    return Response(site.rooms.metrics.text(), media_type=CONTENT_TYPE)


@router.get("/", include_in_schema=False)
@router.get("/room/{code}", include_in_schema=False)
@router.get("/player", include_in_schema=False)
@router.get("/leaderboard", include_in_schema=False)
async def page() -> FileResponse:
    return FileResponse(STATIC / "index.html")
