"""What every HTTP request passes through before the application's routes: its body read
whole and bounded, and the security headers of docs/security.md added to its response."""

from __future__ import annotations

from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .errors import refusal, sent
from .protocol import TOO_BIG, ProtocolError, check_nesting, error_message

MAX_BODY_BYTES = 4096
# The page may run only its own scripts and styles, may not be framed, and talks only to its
# own server (``'self'`` covers its WebSocket). Style attributes and images written inline
# (the page's icon) are allowed: neither runs code.
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "style-src-attr 'unsafe-inline'",
        "img-src 'self' data:",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
SECURITY_HEADERS = {
    "content-security-policy": CONTENT_SECURITY_POLICY,
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    # A room's link is its code: never tell another site which room a page came from.
    "referrer-policy": "no-referrer",
    "cross-origin-opener-policy": "same-origin",
}
HSTS_SECONDS = 365 * 24 * 3600


class BoundedBody:
    """Reads a request's body before the application sees it, refusing it past
    ``MAX_BODY_BYTES`` however it is sent (with a length, in chunks, or with no length at all)
    and JSON nested past the protocol's depth, before any parser recurses into it."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        too_big = JSONResponse(
            error_message(f"a request body is at most {MAX_BODY_BYTES} bytes", TOO_BIG), 413
        )
        length = Headers(scope=scope).get("content-length", "0")
        if not length.isdigit() or int(length) > MAX_BODY_BYTES:
            await too_big(scope, receive, send)
            return
        body = bytearray()
        more = True
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            body += message.get("body", b"")
            if len(body) > MAX_BODY_BYTES:
                await too_big(scope, receive, send)
                return
            more = message.get("more_body", False)
        text = body.decode(errors="replace")
        query = scope["query_string"].decode(errors="replace")
        sent.set(f"{scope['path']}?{query}\n{text}")
        try:
            check_nesting(text)
        except ProtocolError as error:
            await refusal(error)(scope, receive, send)
            return
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if replayed:
                return await receive()
            replayed = True
            return {"type": "http.request", "body": bytes(body), "more_body": False}

        await self.app(scope, replay, send)


class SecurityHeaders:
    """Adds the security headers to every HTTP response, and ``Cache-Control: no-store`` to the
    API's (a join's answer holds a seat's secret token)."""

    def __init__(self, app: ASGIApp, https: bool) -> None:
        self.app = app
        headers = dict(SECURITY_HEADERS)
        if https:  # served over HTTPS by a proxy: browsers keep to HTTPS from now on
            headers["strict-transport-security"] = f"max-age={HSTS_SECONDS}"
        self.headers = [(name.encode(), value.encode()) for name, value in headers.items()]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        extra = self.headers
        if scope["path"].startswith("/api/"):
            extra = [*extra, (b"cache-control", b"no-store")]

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", ()), *extra]
            await send(message)

        await self.app(scope, receive, with_headers)
