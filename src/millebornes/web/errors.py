"""Every refused HTTP request answered in the one shape of every error the server sends
(``protocol.error_message``) with its status: the application's handlers of exceptions, and
what keeps an error from repeating more than an excerpt of what the client sent."""

from __future__ import annotations

import contextvars
import logging
from collections.abc import Callable, Coroutine
from typing import Any

from fastapi import Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from ..core.phrase import Phrase
from ..words import word
from .identity import HTTP_STATUS as PLAYER_STATUS
from .passkeys import HTTP_STATUS as PASSKEY_STATUS
from .protocol import (
    BAD_MESSAGE,
    BAD_TOKEN,
    BANNED,
    MOVED,
    NOT_FOUND,
    NOT_OVER,
    NOT_SAVING,
    NOT_YOUR_SEAT,
    RESTARTING,
    SERVER_ERROR,
    SERVER_FULL,
    STORE_DOWN,
    TOO_FAST,
    TOO_MANY_ROOMS,
    UNAUTHORIZED,
    UNKNOWN_ROOM,
    ProtocolError,
    error_message,
    quoted,
    unechoed,
)
from .review import UNKNOWN_LINK

MAX_PROBLEMS = 3  # of a request's body, told at once
HTTP_STATUS = {
    UNKNOWN_ROOM: 404,
    NOT_FOUND: 404,
    NOT_YOUR_SEAT: 409,
    NOT_OVER: 409,
    BAD_TOKEN: 403,
    BAD_MESSAGE: 400,
    TOO_FAST: 429,
    TOO_MANY_ROOMS: 429,
    SERVER_FULL: 503,
    RESTARTING: 503,
    # Not a failure to nginx (deploy/nginx): it tries the next server, this one kept in use.
    MOVED: 404,
    STORE_DOWN: 503,
    NOT_SAVING: 503,
    SERVER_ERROR: 500,
    UNKNOWN_LINK: 404,
    UNAUTHORIZED: 401,
    BANNED: 403,
    **PLAYER_STATUS,
    **PASSKEY_STATUS,
}
log = logging.getLogger(__name__)

# What the client sent in the request being answered (its path, query and body), set as the
# request comes in (``middleware.BoundedBody``), so that no error repeats more than an excerpt
# of it (``unechoed``).
sent: contextvars.ContextVar[str] = contextvars.ContextVar("sent", default="")


def refusal(error: ProtocolError, status: int | None = None) -> JSONResponse:
    """The response for a refused request, in the one shape of every error."""
    message = error_message(unechoed(str(error), sent.get()), error.code)
    return JSONResponse(message, status_code=status or HTTP_STATUS.get(error.code, 400))


# Every refusal raises a ProtocolError, turned into a response here and nowhere else.
async def _refused(request: Request, error: ProtocolError) -> JSONResponse:
    return refusal(error)


async def _invalid_request(request: Request, error: RequestValidationError) -> JSONResponse:
    problems = "; ".join(
        f"{'.'.join(_field(part) for part in problem['loc'][1:]) or 'body'}: {problem['msg']}"
        for problem in error.errors()[:MAX_PROBLEMS]
    )
    return refusal(ProtocolError(problems, BAD_MESSAGE))


async def _http_error(request: Request, error: StarletteHTTPException) -> JSONResponse:
    if error.status_code == 404:
        return refusal(ProtocolError("there is nothing at this address", NOT_FOUND))
    message = f"this address does not answer {quoted(request.method)} requests"
    return refusal(ProtocolError(message, BAD_MESSAGE), error.status_code)


async def _server_error(request: Request, error: Exception) -> JSONResponse:
    log.error("%s %s failed", request.method, request.url.path, exc_info=error)
    return refusal(ProtocolError("the server failed; please try again", SERVER_ERROR))


async def not_saving(request: Request, error: Exception) -> JSONResponse:
    """A request the database cannot write now (``ServerStore.retried_errors``: down,
    unreachable, its rights taken): to try again in a moment, one line in the log."""
    log.warning(
        "%s %s: cannot save now: %s", request.method, request.url.path, type(error).__name__
    )
    return refusal(ProtocolError(word(Phrase("refusal.not_saving"), "en"), NOT_SAVING))


def _field(part: str | int) -> str:
    """A field's name in an error, cut short if a client made it up."""
    return quoted(part).strip("'") if isinstance(part, str) else str(part)


Handler = Callable[[Request, Any], Coroutine[Any, Any, Response]]
# The application's handler of each exception (FastAPI's ``exception_handlers``).
HANDLERS: dict[int | type[Exception], Handler] = {
    ProtocolError: _refused,
    RequestValidationError: _invalid_request,
    StarletteHTTPException: _http_error,
    Exception: _server_error,
}
