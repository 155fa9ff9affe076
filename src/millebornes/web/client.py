"""One connection to a room, as the room sees it: the seats it holds (none for a spectator)
and its queue of messages, which the socket's writer drains (``sockets.py``)."""

from __future__ import annotations

import asyncio
from typing import Any

from ..table import Recipient
from .encoding import encode
from .protocol import NOT_YOUR_SEAT, REMOVED, ProtocolError, error_message

OUTBOX_LIMIT = 256  # messages queued for one client before it is dropped as too slow
TRY_LATER_CLOSE = 1013  # WebSocket close codes: "try again later" (too far behind)
REMOVED_CLOSE = 4403  # and the room's creator removed this spectator: no reconnecting
SERVICE_RESTART_CLOSE = 1012  # and "service restart": reconnect (the room is elsewhere now)
SILENT_CLOSE = 4408  # and "silent": nothing came from it for too long (the page reconnects)


class Client:
    """One connection: the seats it holds (none for a spectator) and its queue of messages.

    The transport drains ``outbox``; a client that falls ``OUTBOX_LIMIT`` messages behind is
    closed (``None`` in the queue, and nothing more is queued) and gets a full state again when
    it reconnects. ``last_state`` is what it was last sent for each of its seats, as JSON text.
    """

    def __init__(self) -> None:
        self.seats: tuple[int, ...] = ()
        self.language = "en"
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.closed = False
        self.close_code = TRY_LATER_CLOSE  # and why: too far behind, unless said otherwise
        self.close_reason = "too far behind"
        self.last_state: dict[Recipient, tuple[str, str, float | None, str]] = {}
        self.writer: asyncio.Task[None] | None = None  # what drains the queue into the socket
        self.sending_since: float | None = None  # when the send under way began (monotonic)
        self.address = ""  # the client's address
        self.watcher = ""  # a spectator's id in its room (chat.watcher_id): by player or address
        self.name: str | None = None  # a spectator's name in the chat
        self.host = False  # it holds the room creator's token
        self.player: str | None = None  # its player's id (web/identity.py), if it has one
        self.linked: tuple[int, ...] = ()  # the seats its player took
        self.blocked: set[str] = set()  # the players its player blocks (web/blocks.py)
        # When (monotonic) it last sent anything, and when the server last pinged it.
        self.heard = self.pinged = 0.0

    def push(self, message: dict[str, Any]) -> None:
        self.send(encode(message))

    def send(self, text: str) -> None:
        """Queue a message already encoded as JSON."""
        if self.closed:
            return
        if self.outbox.qsize() >= OUTBOX_LIMIT:
            self.close()
            return
        self.outbox.put_nowait(text)

    def close(
        self, code: int = TRY_LATER_CLOSE, reason: str = "too far behind", *, drop: bool = True
    ) -> None:
        """Queue nothing more, and close the connection with ``code``: at once (the messages
        still queued ``drop``ped), or once they are sent."""
        if self.closed:
            return
        self.closed = True
        self.close_code, self.close_reason = code, reason
        while drop and not self.outbox.empty():
            self.outbox.get_nowait()
        self.outbox.put_nowait(None)

    def drop(self, code: int = TRY_LATER_CLOSE, reason: str = "too far behind") -> None:
        """Close at once, the send under way (if stalled) given up: its seats count as left as
        soon as its connection ends (``sockets.py``)."""
        self.close(code, reason)
        if self.writer is not None:
            self.writer.cancel()

    def held_seat(self, seat: int | None, doing: str) -> int:
        """The seat that acts or writes (``doing``): the one named, or its only one; a
        ProtocolError if it holds no such seat."""
        if seat is None:
            if len(self.seats) != 1:
                raise ProtocolError(f'say which of your seats {doing}: "seat": N', NOT_YOUR_SEAT)
            return self.seats[0]
        if seat not in self.seats:
            raise ProtocolError(f"you do not hold seat {seat}", NOT_YOUR_SEAT)
        return seat

    def turn_away(self) -> None:
        """Tell a spectator the room's creator removed it, and close its connection (4403: the
        page does not reconnect)."""
        self.push(error_message("the room's creator removed you from this room", REMOVED))
        self.close(REMOVED_CLOSE, "removed", drop=False)
