"""A room's chat: its recent messages, who writes for a connection (within their rates), who
reads what, and what a page is greeted with. Words only: a chat message carries nothing of the
table (``chat.py`` holds the rules every room shares and what the store keeps)."""

from __future__ import annotations

from collections import deque
from typing import Any

from .chat import CHAT_KEPT, Social, seat_author, watcher_author
from .client import Client
from .clock import Clock
from .encoding import encode
from .options import RoomOptions
from .protocol import CHAT_TOO_FAST, NOT_YOUR_SEAT, Chat, ProtocolError, RateLimit, React


class Talk:
    """The chat of a room whose people's choices are ``social``, within the rates of
    ``options``; a room lets at most ``options.max_spectators`` watch, and keeps as many rates
    of writing as four times that. Its messages are dated, and its rates measured, on
    ``clock``."""

    def __init__(self, social: Social, options: RoomOptions, clock: Clock) -> None:
        self.social = social
        self.options = options
        self.clock = clock
        self.log: deque[dict[str, Any]] = deque(maxlen=CHAT_KEPT)
        self._limits: dict[tuple[str, str], RateLimit] = {}  # (author, kind) -> its bucket

    def greeting(self, client: Client) -> dict[str, Any]:
        """The chat's recent messages that ``client`` may read, and what it may do there (the
        greeting's ``chat``)."""
        return {
            "messages": [m for m in self.log if self.reads(client, m)],
            "host": client.host,
            "muted": sorted(self.social.muted_by(client.seats)),
            "you": None if client.seats else watcher_author(client.watcher),
        }

    def reads(self, client: Client, message: dict[str, Any]) -> bool:
        """Whether ``client`` is sent ``message``: not a spectator's kept from players during
        a deal, nor one of an author its seats muted."""
        if client.seats and message.get("spectators_only"):
            return False
        return message["author"] not in self.social.muted_by(client.seats)

    def author(self, client: Client, chat: Chat | React) -> tuple[str, int | None]:
        """Who writes ``chat`` for ``client`` (a seat of its own, or itself as a spectator),
        within its rate of chat lines or of reactions: the author and the seat."""
        if isinstance(chat, React) and not client.seats:
            raise ProtocolError(
                "reactions are the players': spectators write in the chat", NOT_YOUR_SEAT
            )
        kind = "chat" if isinstance(chat, Chat) else "reaction"
        if client.seats:
            seat = client.held_seat(chat.seat, "writes")
            author = seat_author(seat)
        else:
            seat = None
            author = watcher_author(client.watcher)
        if kind == "chat":
            rate, burst = self.options.chat_per_second, self.options.chat_burst
        else:
            rate, burst = self.options.reactions_per_second, self.options.reaction_burst
        if len(self._limits) > 4 * self.options.max_spectators:
            self._limits.clear()  # spectators from many addresses: start every bucket again
        bucket = RateLimit(rate, burst, self.clock.monotonic)
        limit = self._limits.setdefault((author, kind), bucket)
        if not limit.allow():
            raise ProtocolError("too many messages in the chat: wait a few seconds", CHAT_TOO_FAST)
        return author, seat

    def message(
        self, chat: Chat | React, author: str, seat: int | None, name: str | None, in_deal: bool
    ) -> dict[str, Any]:
        """What the store keeps and readers are sent of ``chat``, written by ``author`` (at
        ``seat``, named ``name``) while a deal is played (``in_deal``) or not."""
        message: dict[str, Any] = {
            "author": author,
            "seat": seat,
            "name": name,
            "at": round(self.clock.time(), 1),
        }
        if isinstance(chat, Chat):
            message["text"] = chat.text
        else:
            message["reaction"] = chat.reaction
        if seat is None and self.social.quiet_spectators and in_deal:
            message["spectators_only"] = True
        return message

    def tell(self, message: dict[str, Any], clients: set[Client]) -> None:
        """Keep ``message`` among the recent ones and send it to those of ``clients`` who may
        read it."""
        self.log.append(message)
        text = encode({"type": "chat", **message})
        for reader in clients:
            if self.reads(reader, message):
                reader.send(text)
