"""The server's logs: one line an event on standard error, as JSON for a log collector
(``--log-format json``, what the container runs) or as text for a terminal.

Every HTTP request is logged once it is answered (``request``: method, path, status,
milliseconds, the client's address), every WebSocket once it closes (``websocket``: path, how
long it was open, the room, the close code and why), and every failure with its traceback.
A record's own fields ride in ``extra={"fields": {...}}``.
"""

from __future__ import annotations

import json
import logging
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

FORMATS = ("text", "json")
access = logging.getLogger("millebornes.access")


class JsonLines(logging.Formatter):
    """A record as one JSON object: time, level, logger, message, its fields, the error."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
            **getattr(record, "fields", {}),
        }
        if record.exc_info:
            entry["error"] = self.formatException(record.exc_info)
        return json.dumps(entry, default=str)


class TextLines(logging.Formatter):
    """A record as one line of text, its fields as ``key=value`` after the message."""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(message)s")

    def format(self, record: logging.LogRecord) -> str:
        fields = getattr(record, "fields", {})
        line = super().format(record)
        if fields:
            line += " " + " ".join(f"{key}={value}" for key, value in fields.items())
        return line


def configure(form: str) -> None:
    """Send every log record of level INFO and above, and every warning, to standard error in
    ``form``."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonLines() if form == "json" else TextLines())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(logging.INFO)
    logging.captureWarnings(True)


class AccessLog:
    """Logs each HTTP request once answered (ASGI middleware); ``address`` reads the client's
    address from a scope. WebSockets are logged by the application, which knows why each one
    closed."""

    def __init__(self, app: ASGIApp, address: Callable[[Scope], str]) -> None:
        self.app = app
        self.address = address

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = 500  # unless a response starts

        async def logged_send(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, logged_send)
        finally:
            fields = {
                "method": scope["method"],
                "path": scope["path"],
                "status": status,
                "ms": round((time.perf_counter() - started) * 1000, 1),
                "client": self.address(scope),
            }
            access.info("request", extra={"fields": fields})


class FailureLog:
    """A failure tried again and again (the rooms' leases and the moves waiting to be saved,
    while the database cannot write) logged in one line when it starts or changes kind, and in
    one when it ends, never at every try. A failure that is not one of ``expected`` (the
    store's) is a bug: its traceback is logged, once a kind too."""

    def __init__(
        self, logger: logging.Logger, what: str, expected: tuple[type[Exception], ...]
    ) -> None:
        self.logger, self.what, self.expected = logger, what, expected
        self.kind: str | None = None  # the failure under way

    def failed(self, error: Exception) -> None:
        kind = type(error).__name__
        if kind == self.kind:
            return
        self.kind = kind
        if isinstance(error, self.expected):
            said = str(error).strip().splitlines()
            self.logger.error("%s: %s: %s", self.what, kind, said[0] if said else "")
        else:
            self.logger.error("%s: %s", self.what, kind, exc_info=error)

    def succeeded(self) -> None:
        if self.kind is not None:
            self.logger.warning("%s: done again after %s", self.what, self.kind)
            self.kind = None
