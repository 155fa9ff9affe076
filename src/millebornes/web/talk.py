"""A room's chat: its recent messages, who writes for a connection (within their rates), who
reads what, and what a page is greeted with. Words only: a chat message carries nothing of the
table (``chat.py`` holds the rules every room shares and what the store keeps).

Who reads what goes by players: a seat's messages are its player's (``holders``), a
spectator's are the player's whose watcher id it is, so that a mute or a block
(``blocks.py``) holds whatever seat or room the person writes from."""

from __future__ import annotations

from collections import deque
from typing import Any

from .chat import CHAT_KEPT, Social, player_author, seat_author, watcher_author, watcher_id
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

    def __init__(self, code: str, social: Social, options: RoomOptions, clock: Clock) -> None:
        self.code = code
        self.social = social
        self.options = options
        self.clock = clock
        self.log: deque[dict[str, Any]] = deque(maxlen=CHAT_KEPT)
        self._limits: dict[tuple[str, str], RateLimit] = {}  # (author, kind) -> its bucket
        self.holders: dict[int, str] = {}  # seat -> the player who took it
        self.watchers: dict[str, str] = {}  # watcher id -> its player, as they connected

    def greeting(self, client: Client) -> dict[str, Any]:
        """The chat's recent messages that ``client`` may read, and what it may do there (the
        greeting's ``chat``)."""
        return {
            "messages": [m for m in self.log if self.reads(client, m)],
            "host": client.host,
            "muted": self.muted_authors(client),
            "blocked": sorted(a for p in client.blocked for a in self.authors_of(p)),
            "player": client.player is not None,  # it may block
            "you": None if client.seats else watcher_author(client.watcher),
        }

    def authors_of(self, player: str) -> set[str]:
        """The authors ``player`` writes as here: their seats, and their watcher id."""
        seats = {seat_author(seat) for seat, holder in self.holders.items() if holder == player}
        return seats | {watcher_author(watcher_id(self.code, player))}

    def seated(self, seat: int, player: str, clients: set[Client]) -> None:
        """``player`` took ``seat``: those of ``clients`` who block them are told the seat is
        theirs (their messages never come anyway)."""
        self.holders[seat] = player
        told = {"type": "blocked", "authors": sorted(self.authors_of(player)), "now": False}
        for client in clients:
            if player in client.blocked:
                client.push(told)

    def person(self, author: str) -> str:
        """Whom muting ``author`` mutes: its player if it has one, the author otherwise."""
        kind, _, rest = author.partition(":")
        holder = self.holders.get(int(rest)) if kind == "seat" else self.watchers.get(rest)
        return author if holder is None else player_author(holder)

    def _muted(self, client: Client) -> set[str]:
        """Whom ``client`` mutes: as its player, and as its seats (a person with no player,
        or a room stored before players)."""
        muters = {seat_author(seat) for seat in client.seats}
        if client.player is not None:
            muters.add(player_author(client.player))
        return set().union(*(self.social.muted.get(muter, set()) for muter in muters))

    def muted_authors(self, client: Client) -> list[str]:
        """The authors ``client`` mutes, as its page names them."""
        authors: set[str] = set()
        for muted in self._muted(client):
            kind, _, player = muted.partition(":")
            authors |= self.authors_of(player) if kind == "player" else {muted}
        return sorted(authors)

    def mute(self, client: Client, author: str, muted: bool) -> None:
        """``client`` mutes ``author`` (its player does, or its seats for a person with no
        player), or no longer does (whoever muted them: its player or its seats)."""
        seats = [seat_author(seat) for seat in client.seats]
        player = [] if client.player is None else [player_author(client.player)]
        person = self.person(author)
        for muter in (player or seats) if muted else (player + seats):
            chosen = self.social.muted.setdefault(muter, set())
            if muted:
                chosen.add(person)
            else:
                chosen.difference_update({person, author})

    def reads(self, client: Client, message: dict[str, Any]) -> bool:
        """Whether ``client`` is sent ``message``: not a spectator's kept from players during
        a deal, nor one whose author it muted, nor one of a player it blocks."""
        if client.seats and message.get("spectators_only"):
            return False
        author = message["author"]
        hidden = self._muted(client)
        players = {p.partition(":")[2] for p in hidden if p.startswith("player:")}
        players |= client.blocked
        return author not in hidden and not any(author in self.authors_of(p) for p in players)

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
