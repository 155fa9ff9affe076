"""Rooms: a shared :class:`~millebornes.table.Table` each, its seats' connections, and everyone
watching it.

The table changes the match, stores each action and says what each seat and the spectators are
told; a room turns that into messages for its clients, binds connections to seats, and drives
the table's clock and its bots. A client is sent only what its seat's events (or the
spectators') hold, so no one learns of a coup-fourré offered to someone else.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import logging
import secrets
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from ..bots import LEVELS
from ..core.actions import Action, Decision, Verb
from ..core.errors import IllegalActionError, InvalidActionError, SettingsError
from ..core.phrase import Listed, Phrase
from ..core.view import PublicView
from ..store import LeaseLost, ServerStore, StoredGame, StoreError
from ..table import (
    GAME_OVER as TABLE_GAME_OVER,
)
from ..table import (
    NOT_SAVED,
    BotTurn,
    Commit,
    Event,
    Played,
    Player,
    Recipient,
    Table,
    TableError,
    Timing,
)
from ..words import word
from .chat import (
    CHAT_BURST,
    CHAT_KEPT,
    CHAT_PER_SECOND,
    REACTION_BURST,
    REACTION_PER_SECOND,
    Social,
    is_author,
    seat_author,
    watcher_author,
    watcher_id,
)
from .encoding import ViewText, encode
from .executors import Executors
from .protocol import (
    BAD_TOKEN,
    CHAT_TOO_FAST,
    GAME_OVER,
    ILLEGAL,
    NOT_HOST,
    NOT_OVER,
    NOT_STARTED,
    NOT_YOUR_SEAT,
    NOT_YOUR_TURN,
    REMOVED,
    RESTARTING,
    ROOM_FULL,
    SERVER_ERROR,
    SERVER_FULL,
    TOO_MANY_ROOMS,
    UNKNOWN_ROOM,
    Act,
    Chat,
    Hello,
    Mute,
    ProtocolError,
    RateLimit,
    React,
    Remove,
    Settings,
    error_message,
    name_of,
    quoted,
)

log = logging.getLogger(__name__)

ROOM_KIND = "web-room"
PERSON = "person"
BOT_NAMES = ("Ada", "Alan", "Grace", "Claude", "Edsger", "Barbara", "Donald", "Margaret")
LOG_LINES_ON_HELLO = 200
OUTBOX_LIMIT = 256  # messages queued for one client before it is dropped as too slow
SWEEP_SECONDS = 60.0  # how often idle rooms are looked for
TRY_LATER_CLOSE = 1013  # WebSocket close codes: "try again later" (too far behind)
REMOVED_CLOSE = 4403  # and the room's creator removed this spectator: no reconnecting
SERVICE_RESTART_CLOSE = 1012  # and "service restart": reconnect (the room is elsewhere now)
# How often a server looks for rooms another server asks for, and how often a server waiting
# for a room asks again; a room changes hands within about the two.
HANDOVER_SECONDS = 0.25


@dataclass(frozen=True)
class RoomOptions:
    """Timings and bounds shared by every room of a server."""

    coup_fourre_seconds: float = 10.0
    extension_seconds: float = 30.0
    settle_seconds: float = 1.0  # how long the seat after an answerable attack is held
    away_seconds: float = 60.0
    bot_delay: float = 0.8
    # How long bots wait after a deal for every person at the table to close the score sheet.
    deal_pause: float = 30.0
    max_rooms: int = 1000
    max_spectators: int = 50
    seed: int | None = None  # every room deals from this seed (tests, demos); None: secret
    # Per client address (docs/security.md): a token bucket each for creating rooms and for
    # connecting (joins and WebSockets), and the open rooms it may hold.
    rooms_per_minute: float = 10.0
    rooms_burst: int = 10
    connects_per_minute: float = 120.0
    connects_burst: int = 30
    rooms_per_address: int = 20
    # The public list of tables, a bucket per address: a home page polls it every 10 s.
    tables_per_minute: float = 30.0
    tables_burst: int = 10
    # Per connection: its messages, a token bucket (a person sends a few a second at most).
    messages_per_second: float = 20.0
    message_burst: int = 40
    behind_proxy: bool = False  # the client's address is the last of X-Forwarded-For
    idle_hours: float = 24.0  # a room nobody has been connected to this long is closed
    # A connection is dropped when one message takes longer than this to send (it stopped
    # reading), or when it answers no WebSocket ping for this long after one was sent.
    send_seconds: float = 5.0
    ping_seconds: float = 5.0
    # A room is played by the server holding its lease in the store, renewed every quarter of
    # this; when a server dies, another takes its rooms this long after its last renewal.
    lease_seconds: float = 10.0
    search_processes: int | None = None  # processes for hard bots' searches (None: a core each)

    @property
    def idle_seconds(self) -> float:
        return self.idle_hours * 3600

    def timing(self) -> Timing:
        return Timing(
            coup_fourre_seconds=self.coup_fourre_seconds,
            extension_seconds=self.extension_seconds,
            settle_seconds=self.settle_seconds,
            deal_pause=self.deal_pause,
        )


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
        self.last_state: dict[Recipient, tuple[str, str, float | None]] = {}
        self.writer: asyncio.Task[None] | None = None  # what drains the queue into the socket
        self.sending_since: float | None = None  # when the send under way began (monotonic)
        self.address = ""  # the client's address, which a spectator's id is made from
        self.watcher = ""  # a spectator's id in its room (chat.watcher_id)
        self.name: str | None = None  # a spectator's name in the chat
        self.host = False  # it holds the room creator's token

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


@dataclass
class Presence:
    """Who holds a person's seat: its secret token's hash, its connections, since when away."""

    token_hash: str | None = None
    clients: set[Client] = field(default_factory=set)
    away_since: float | None = None  # monotonic time its last connection left
    left_at: float | None = None  # the same moment on the wall clock, told to the pages

    def left(self, now: float) -> None:
        """Its last connection left at ``now`` (monotonic)."""
        self.away_since = now
        self.left_at = time.time() - (time.monotonic() - now)

    def back(self) -> None:
        self.away_since = self.left_at = None


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _held_seat(client: Client, seat: int | None, doing: str) -> int:
    """The seat of ``client`` that acts or writes (``doing``): the one named, or its only one;
    a ProtocolError if it holds no such seat."""
    if seat is None:
        if len(client.seats) != 1:
            raise ProtocolError(f'say which of your seats {doing}: "seat": N', NOT_YOUR_SEAT)
        return client.seats[0]
    if seat not in client.seats:
        raise ProtocolError(f"you do not hold seat {seat}", NOT_YOUR_SEAT)
    return seat


def _turn_away(spectator: Client) -> None:
    """Tell a spectator the room's creator removed it, and close its connection (4403: the
    page does not reconnect)."""
    spectator.push(error_message("the room's creator removed you from this room", REMOVED))
    spectator.close(REMOVED_CLOSE, "removed", drop=False)


class Room:
    """A table, its seats' connections and its spectators. Changes happen under ``lock``, one
    at a time; the table's own work (applying, storing) runs in a store thread.

    ``tokens`` are the hashes of the seats' secret tokens (None: a bot's, or a free seat)."""

    def __init__(
        self,
        rooms: Rooms,
        table: Table,
        tokens: list[str | None],
        creator: str | None,
        idle_since: float,
        rematch: str | None = None,
        social: Social | None = None,
        created: float | None = None,
    ) -> None:
        self.code = table.game_id
        self.table = table
        self.creator = creator  # the address that created it
        self.rematch = rematch  # the code of the room its rematch is played in
        self.idle_since: float | None = idle_since  # wall-clock time its last client left
        self.rooms, self.options, self.executors = rooms, rooms.options, rooms.executors
        now = time.monotonic()
        self.presence = [Presence(token) for token in tokens]
        for presence in self.presence:
            if presence.token_hash is not None:
                presence.left(now)
        self.spectators: set[Client] = set()
        self.asked_next: dict[int, set[int]] = {}  # deal index -> seats that asked for it
        self.lock = asyncio.Lock()
        self.wake = asyncio.Event()
        self.driver: asyncio.Task[None] | None = None
        self.stopped = False  # the server is stopping: the room takes no change any more
        self._started = False  # see started
        self._encoded: dict[Recipient, tuple[PublicView, str]] = {}  # see _view_text
        self._view_parts = ViewText()  # the text of views kept by part: see _view_text
        self._narrated: dict[tuple[Any, ...], str] = {}  # a line's JSON text but its deal: _line
        self.social = social or Social()
        self.created = time.time() if created is None else created
        self.chat_log: deque[dict[str, Any]] = deque(maxlen=CHAT_KEPT)
        self._chat_limits: dict[tuple[str, str], RateLimit] = {}  # (author, kind) -> its bucket

    # ------------------------------------------------------------------ state

    def is_free(self, seat: int) -> bool:
        return self.table.is_person(seat) and self.presence[seat].token_hash is None

    @property
    def started(self) -> bool:
        """Whether every seat is taken (a taken seat is never freed again)."""
        if not self._started:
            self._started = not any(self.is_free(seat) for seat in range(len(self.presence)))
        return self._started

    def meta(self) -> dict[str, Any]:
        """What the store keeps of the room besides the table's own."""
        return {
            "kind": ROOM_KIND,
            "code": self.code,
            "tokens": [presence.token_hash for presence in self.presence],
            "creator": self.creator,
            "rematch": self.rematch,
            "social": self.social.to_meta(),
        }

    def info(self) -> dict[str, Any]:
        """What anyone at the table, or watching it, may know of the room."""
        table = self.table
        match = table.match
        names = table.names()
        now = time.monotonic()
        return {
            "code": self.code,
            "rules": match.rules.name,
            "players": match.players,
            "race": match.race,
            "target": match.target,
            "seats": [
                {
                    "seat": n,
                    "name": names[n],
                    "bot": player.level,
                    "free": self.is_free(n),
                    "online": bool(self.presence[n].clients) or player.level is not None,
                    "away": self._is_away(n, now),
                    "away_at": self._stand_in_at(n, now),
                }
                for n, player in enumerate(table.players)
            ],
            "started": self.started,
            "over": match.is_over,
            "winner": match.winner,
            "scores": list(match.scores),
            "deal": table.deal_index + 1,
            "results": [
                {"deal": r.deal + 1, "sheets": r.sheets, "totals": r.totals} for r in table.results
            ],
            "coup_fourre_seconds": self.options.coup_fourre_seconds,
            "waiting_next": self._waiting_next(),
            "rematch": self.rematch,
            "listed": self.social.listed,
            "show_names": self.social.show_names,
            "quiet_spectators": self.social.quiet_spectators,
        }

    def listing(self) -> dict[str, Any] | None:
        """What the public list shows of the room (None: not listed): never a name unless its
        creator chose to show them, never a message."""
        if not self.social.listed:
            return None
        table = self.table
        match = table.match
        names = table.names()
        return {
            "code": self.code,
            "rules": match.rules.name,
            "players": match.players,
            "race": match.race,
            "single_deal": match.target is None,
            "language": self.social.language,
            "bots": sum(player.level is not None for player in table.players),
            "free": sum(self.is_free(seat) for seat in range(len(self.presence))),
            "started": self.started,
            "created": round(self.created, 1),
            "names": [names[seat] for seat in table.people if not self.is_free(seat)]
            if self.social.show_names
            else None,
        }

    def seat_of(self, token: str) -> int:
        """The seat ``token`` holds; a ProtocolError if it holds none of this room's."""
        hashed = token_hash(token)
        for seat, presence in enumerate(self.presence):
            if presence.token_hash == hashed:
                return seat
        raise ProtocolError("this token holds no seat of the room", BAD_TOKEN)

    def _is_away(self, seat: int, now: float) -> bool:
        away_since = self.presence[seat].away_since
        return away_since is not None and now - away_since >= self.options.away_seconds

    def _stand_in_at(self, seat: int, now: float) -> float | None:
        """When (wall clock, seconds) a bot will stand in for a person whose connection was
        lost, told as a fixed time so that the room's info changes only when they come and go."""
        left_at = self.presence[seat].left_at
        if left_at is None or self._is_away(seat, now):
            return None
        return round(left_at + self.options.away_seconds, 1)

    def _waiting_next(self) -> list[int]:
        """The seats of the people here whom the bots wait for after a deal (to have closed its
        score sheet)."""
        if not self.table.pausing:
            return []
        asked = self.asked_next.get(self.table.deal_index, set())
        people = self.table.people
        return [seat for seat in people if self.presence[seat].clients and seat not in asked]

    def _start_next_deal(self) -> None:
        """Let bots start the next deal once every person here has asked for it (a table
        nobody is at waits for the end of the pause)."""
        if self.table.pausing and self._someone_here() and not self._waiting_next():
            self.table.next_deal()
            self.wake.set()

    def _someone_here(self) -> bool:
        return any(presence.clients for presence in self.presence)

    def _update_stand_ins(self) -> None:
        """A bot plays for a person away too long while someone else is still at the table (a
        table everyone has left waits for them)."""
        now = time.monotonic()
        here = self._someone_here()
        for seat in self.table.people:
            self.table.stand_in(seat, here and self._is_away(seat, now))

    # ------------------------------------------------------------------ messages out

    def _countdown(self, seat: Recipient) -> float | None:
        deadline = None if seat is None else self.table.question_deadline(seat)
        if deadline is None:
            return None
        return round(max(0.0, deadline - time.monotonic()), 1)

    def _line(self, played: Played, viewer: Recipient, language: str) -> str:
        """A move as ``viewer`` reads it, as JSON text. Each line (its words and its JSON) is
        made once while the seats' names stay as they are: the same move by the same seat reads
        the same in every deal, and the same to every reader but the one who made it ("you")
        and the side it attacks ("attacks you"), who read it as a spectator does. Only the
        deal's number changes."""
        reader = self._reader(played, viewer)
        key = (played.seat, played.action, played.safety, played.stand_in, reader, language)
        rest = self._narrated.get(key)
        if rest is None:
            line = {
                "seat": played.seat,
                "action": str(played.action),
                "text": self.table.describe(played, viewer, language),
                "stand_in": played.stand_in,
            }
            rest = self._narrated[key] = encode(line)[1:]
        return f'{{"deal":{played.deal + 1},{rest}'

    def _reader(self, played: Played, viewer: Recipient) -> Recipient:
        """``viewer``, if the words of ``played`` depend on who reads them (they made it, or
        it attacks their side); None (a spectator) otherwise."""
        if viewer is None or viewer == played.seat:
            return viewer
        action = played.action
        attacked = action.verb == Verb.ATTACK and action.target is not None
        if attacked and self.table.match.deal.side_of(viewer) == action.target:
            return viewer
        return None

    def _view_text(self, recipient: Recipient, view: PublicView) -> str:
        """``view`` as JSON, encoded once however many clients are sent it: the table keeps
        each recipient's latest view as one object until it changes. Without the deal's moves:
        clients are told them one by one (each message's event, the greeting's log), and they
        would make every message of a deal longer than the last."""
        cached = self._encoded.get(recipient)
        if cached is not None and cached[0] is view:
            return cached[1]
        text = self._view_parts.text(view)
        self._encoded[recipient] = (view, text)
        return text

    def _message(
        self,
        client: Client,
        seat: Recipient,
        view: str,
        info: str,
        played: Played | None = None,
        *,
        full_log: bool = False,
    ) -> str | None:
        """The message ``client`` gets for ``seat`` (None: spectating), given the view and the
        room's info as JSON, or None when it would tell nothing new: a state it already has
        and no move to tell. Assembled from text encoded once for every client."""
        countdown = self._countdown(seat)
        state = (view, info, countdown)
        if not full_log and played is None and client.last_state.get(seat) == state:
            return None
        client.last_state[seat] = state
        event = "null" if played is None else self._line(played, seat, client.language)
        parts = [
            f'{{"type":"state","seat":{encode(seat)},"room":{info},"view":{view},',
            f'"countdown":{encode(countdown)},"event":{event}',
        ]
        if full_log:
            log = ",".join(
                self._line(played, seat, client.language)
                for played in self.table.seen_log(seat)[-LOG_LINES_ON_HELLO:]
            )
            # The server's wall clock, so that the page counts down to fixed times (away_at).
            parts.append(f',"log":[{log}],"clock":{time.time():.3f}')
            parts.append(f',"chat":{encode(self._chat_greeting(client))}')
        parts.append("}")
        return "".join(parts)

    def clients(self) -> set[Client]:
        clients = set(self.spectators)
        for presence in self.presence:
            clients |= presence.clients
        return clients

    def deliver(self, events: list[Event]) -> None:
        """Send each client its seats' events (the spectators' to spectators), a message for
        each move told, then a fresh state to anyone whose room info changed. A view nobody
        here receives (the spectators' while nobody watches) is never encoded."""
        info = encode(self.info())
        told: set[tuple[Client, Recipient]] = set()
        for client in self.clients():
            for seat in client.seats or (None,):
                for event in events:
                    if event.recipient == seat:
                        told.add((client, seat))
                        view = self._view_text(seat, event.view)
                        for played in event.moves or (None,):
                            message = self._message(client, seat, view, info, played)
                            if message is not None:
                                client.send(message)
        self.broadcast(info, told)

    def broadcast(
        self, info: str | None = None, told: set[tuple[Client, Recipient]] | None = None
    ) -> None:
        """Tell every client what changed in the room (who is here, a clock): its seat's view
        as last told, sent only if something differs from what it has (those ``told`` just
        now have it)."""
        info = info or encode(self.info())
        for client in self.clients():
            for seat in client.seats or (None,):
                if told and (client, seat) in told:
                    continue
                view = self._view_text(seat, self.table.told(seat))
                message = self._message(client, seat, view, info)
                if message is not None:
                    client.send(message)

    def _greet(self, client: Client) -> None:
        info = encode(self.info())
        for seat in client.seats or (None,):
            view = self._view_text(seat, self.table.told(seat))
            message = self._message(client, seat, view, info, full_log=True)
            assert message is not None
            client.send(message)

    # ------------------------------------------------------------------ messages in

    async def hello(self, client: Client, hello: Hello) -> None:
        """Bind ``client`` to the seats of its tokens (none: a spectator) and send its states."""
        hashes = {token_hash(token) for token in hello.tokens}
        seats = tuple(n for n, p in enumerate(self.presence) if p.token_hash in hashes)
        async with self.lock:
            self._unbind(client)
            if len(seats) < len(hashes):
                client.push(
                    error_message(
                        "a seat token is not one of this room's: it was mistyped or belongs "
                        "to another room",
                        BAD_TOKEN,
                    )
                )
            if not seats and len(self.spectators) >= self.options.max_spectators:
                raise ProtocolError("this room has as many spectators as it allows", ROOM_FULL)
            client.watcher = watcher_id(self.code, client.address)
            if not seats and client.watcher in self.social.removed:
                _turn_away(client)
                return
            client.language = hello.language
            client.seats = seats
            client.name = hello.name
            host = self.social.host
            client.host = hello.host is not None and host == token_hash(hello.host)
            client.last_state.clear()
            if seats:
                for seat in seats:
                    self.presence[seat].clients.add(client)
                    self.presence[seat].back()
            else:
                self.spectators.add(client)
            self.idle_since = None
            self._greet(client)
            self.broadcast()
            self.wake.set()

    async def leave(self, client: Client) -> None:
        async with self.lock:
            self._unbind(client)
            if not self.clients():
                self.idle_since = time.time()
            self._start_next_deal()  # the people still here may all have asked
            self.broadcast()
            self.wake.set()

    def _unbind(self, client: Client) -> None:
        self.spectators.discard(client)
        now = time.monotonic()
        for seat in client.seats:
            holders = self.presence[seat].clients
            holders.discard(client)
            if not holders:
                self.presence[seat].left(now)
        client.seats = ()

    async def act(self, client: Client, act: Act) -> None:
        """A person's action: checked, applied, stored, sent out; a ProtocolError otherwise."""
        if act.seat is None and not client.seats:
            raise ProtocolError("spectators cannot act: join a seat first", NOT_YOUR_SEAT)
        seat = _held_seat(client, act.seat, "acts")
        try:
            action = Action.parse(act.action)
        except InvalidActionError as error:
            raise ProtocolError(word(error.reason, client.language), ILLEGAL) from None
        async with self.lock:
            if not self.started:
                raise ProtocolError("the game starts once every seat is taken", NOT_STARTED)
            await self._run(self.table.act, seat, action, language=client.language)

    async def next_deal(self, client: Client) -> None:
        """The people of ``client`` have seen the score: bots start the next deal once everyone
        here has said so. Said after the pause ended, it changes nothing."""
        if not client.seats:
            raise ProtocolError("spectators do not start deals: the players do", NOT_YOUR_SEAT)
        async with self.lock:
            if not self.table.pausing:
                return
            self.asked_next.setdefault(self.table.deal_index, set()).update(client.seats)
            self._start_next_deal()
            self.broadcast()

    async def _run(self, change: Callable[..., Commit], *args: Any, language: str = "en") -> None:
        """A change of the table, made here in the event loop (a few hundred microseconds);
        its events sent out once its commit says its actions are stored (the store's writer
        thread commits them, with those of every room that acted meanwhile). Called under
        ``lock``. A refusal is said in ``language``, the sides named as the table names them.
        A change the store refused leaves the room: its clients reconnect and find it loaded
        again from what was stored."""
        self._check_running(language)
        try:
            commit = change(*args)
            events = await commit.stored()
        except (TableError, IllegalActionError) as error:
            if isinstance(error, TableError) and error.code == NOT_SAVED:
                log.error("room %s: could not store an action", self.code)
            reason = word(error.reason, language, self.table.side_names())
            raise ProtocolError(reason, _refusal_code(error)) from None
        except StoreError as error:
            raise ProtocolError(self._leave_for(error, language), RESTARTING) from None
        self.deliver(events)
        self.wake.set()

    def _leave_for(self, error: StoreError, language: str) -> str:
        """The store refused a change this room made (called under ``lock``): the room stops
        here. Lost to another server (this one stalled past its lease), it plays on there; any
        other failure, it is loaded again from the store when its clients reconnect. What the
        client that made the change is told, in ``language``."""
        lost = isinstance(error, LeaseLost)
        if lost:
            log.warning("room %s: its lease was lost", self.code)
        else:
            log.error("room %s: could not store an action", self.code, exc_info=error)
        self.stopped = True
        if self.driver is not None:
            self.driver.cancel()
        reason = "the room moved to another server" if lost else "the room restarts"
        let_go = self.rooms.let_go(self, release=not lost, reason=reason)
        asyncio.get_running_loop().create_task(let_go)
        return word(Phrase("refusal.room_moved" if lost else "refusal.not_stored"), language)

    def _check_running(self, language: str = "en") -> None:
        if self.stopped:
            raise ProtocolError(word(Phrase("refusal.stopping"), language), RESTARTING)

    async def stop(self) -> None:
        """Take no change any more, once the one under way (if any) is stored and sent."""
        async with self.lock:
            self.stopped = True
            if self.driver is not None:
                self.driver.cancel()

    def disconnect(self, reason: str) -> None:
        """Close every connection with "service restart": the page reconnects by itself."""
        for client in self.clients():
            client.close(SERVICE_RESTART_CLOSE, reason, drop=False)

    async def join(self, name: str, seat: int | None) -> tuple[int, str]:
        """Take a free seat (the first one if ``seat`` is None): its number and secret token."""
        name = name_of(name)
        async with self.lock:
            return await self._join(name, seat)

    async def _join(self, name: str, seat: int | None) -> tuple[int, str]:
        self._check_running()
        free = [n for n in range(len(self.presence)) if self.is_free(n)]
        if seat is None:
            if not free:
                raise ProtocolError("every seat of this room is taken", NOT_YOUR_SEAT)
            seat = free[0]
        if not 0 <= seat < len(self.presence):
            raise ProtocolError(f"seats are 0 to {len(self.presence) - 1}", NOT_YOUR_SEAT)
        if seat not in free:
            raise ProtocolError(f"seat {seat} is taken", NOT_YOUR_SEAT)
        token = secrets.token_urlsafe(24)
        presence = self.presence[seat]
        presence.token_hash = token_hash(token)
        presence.left(time.monotonic())
        try:
            await self.executors.store(self.table.seat_player, seat, Player(name), self.meta())
        except Exception:
            presence.token_hash = None
            presence.back()
            raise
        self._narrated.clear()  # the moves read with the new name
        if self.social.listed:
            await self._store_listing()
        self.broadcast()
        self.wake.set()
        return seat, token

    # ------------------------------------------------------------------ chat

    def _chat_greeting(self, client: Client) -> dict[str, Any]:
        """The chat's recent messages that ``client`` may read, and what it may do there (the
        greeting's ``chat``)."""
        return {
            "messages": [m for m in self.chat_log if self._reads(client, m)],
            "host": client.host,
            "muted": sorted(self.social.muted_by(client.seats)),
            "you": None if client.seats else watcher_author(client.watcher),
        }

    def _reads(self, client: Client, message: dict[str, Any]) -> bool:
        """Whether ``client`` is sent ``message``: not a spectator's kept from players during
        a deal, nor one of an author its seats muted."""
        if client.seats and message.get("spectators_only"):
            return False
        return message["author"] not in self.social.muted_by(client.seats)

    def _author(self, client: Client, seat: int | None, kind: str) -> tuple[str, int | None]:
        """Who writes for ``client`` (a seat of its own, or itself as a spectator), within its
        rate of ``kind`` (chat or reaction): the author and the seat."""
        if client.seats:
            seat = _held_seat(client, seat, "writes")
            author = seat_author(seat)
        else:
            seat = None
            author = watcher_author(client.watcher)
        if kind == "chat":
            rate, burst = CHAT_PER_SECOND, CHAT_BURST
        else:
            rate, burst = REACTION_PER_SECOND, REACTION_BURST
        if len(self._chat_limits) > 4 * self.options.max_spectators:
            self._chat_limits.clear()  # spectators from many addresses: start every bucket again
        limit = self._chat_limits.setdefault((author, kind), RateLimit(rate, burst))
        if not limit.allow():
            raise ProtocolError("too many messages in the chat: wait a few seconds", CHAT_TOO_FAST)
        return author, seat

    def _in_deal(self) -> bool:
        table = self.table
        return self.started and not table.pausing and not table.is_over

    async def chat(self, client: Client, chat: Chat | React) -> None:
        """A chat line or a reaction: stored with the game, then sent to everyone who may read
        it. Words only: it carries nothing of the table."""
        if isinstance(chat, React) and not client.seats:
            raise ProtocolError(
                "reactions are the players': spectators write in the chat", NOT_YOUR_SEAT
            )
        kind = "chat" if isinstance(chat, Chat) else "reaction"
        author, seat = self._author(client, chat.seat, kind)
        async with self.lock:
            self._check_running(client.language)
            message: dict[str, Any] = {
                "author": author,
                "seat": seat,
                "name": self.table.names()[seat] if seat is not None else client.name,
                "at": round(time.time(), 1),
            }
            if isinstance(chat, Chat):
                message["text"] = chat.text
            else:
                message["reaction"] = chat.reaction
            if seat is None and self.social.quiet_spectators and self._in_deal():
                message["spectators_only"] = True
            await self._keep(client.language, self.rooms.store.add_chat, self.code, message)
            self.chat_log.append(message)
            text = encode({"type": "chat", **message})
            for reader in self.clients():
                if self._reads(reader, message):
                    reader.send(text)

    async def mute(self, client: Client, mute: Mute) -> None:
        """The connection's seats stop (or start again) getting an author's messages."""
        if not client.seats:
            raise ProtocolError("players mute; spectators may close the chat", NOT_YOUR_SEAT)
        if not is_author(mute.author, len(self.presence)):
            raise ProtocolError(
                f"there is no author {quoted(mute.author)}: authors are seat:N or watcher:ID"
            )
        async with self.lock:
            self._check_running(client.language)
            for seat in client.seats:
                muted = self.social.muted.setdefault(seat, set())
                if mute.muted:
                    muted.add(mute.author)
                else:
                    muted.discard(mute.author)
            await self._store_meta(client.language)
            client.push({"type": "muted", "authors": sorted(self.social.muted_by(client.seats))})

    def _check_host(self, client: Client) -> None:
        if not client.host:
            raise ProtocolError("only the room's creator may do that", NOT_HOST)

    async def settings(self, client: Client, settings: Settings) -> None:
        """The creator lists the room (or not), shows its names in the list, quiets spectators."""
        self._check_host(client)
        async with self.lock:
            self._check_running(client.language)
            social = self.social
            if settings.listed is not None:
                social.listed = settings.listed
            if settings.show_names is not None:
                social.show_names = settings.show_names
            if settings.quiet_spectators is not None:
                social.quiet_spectators = settings.quiet_spectators
            await self._store_meta(client.language)
            await self._store_listing(client.language)
            self.broadcast()

    async def remove(self, client: Client, remove: Remove) -> None:
        """The creator removes a spectator: its connections are closed, and it may not watch
        again from the same address."""
        self._check_host(client)
        if not is_author(watcher_author(remove.watcher), len(self.presence)):
            raise ProtocolError(f"there is no spectator {quoted(remove.watcher)}")
        async with self.lock:
            self._check_running(client.language)
            self.social.removed.add(remove.watcher)
            await self._store_meta(client.language)
            for spectator in list(self.spectators):
                if spectator.watcher == remove.watcher:
                    self.spectators.discard(spectator)
                    _turn_away(spectator)
            client.push({"type": "removed", "watcher": remove.watcher})

    async def _keep(self, language: str, write: Any, *args: Any) -> None:
        """``write(*args)`` to the store, off the event loop; a store that refuses it leaves
        the room, its clients told in ``language``."""
        try:
            await self.executors.store(write, *args)
        except StoreError as error:
            raise ProtocolError(self._leave_for(error, language), RESTARTING) from None

    async def _store_meta(self, language: str) -> None:
        await self._keep(language, self.table.keep_meta, self.meta())

    async def _store_listing(self, language: str = "en") -> None:
        """Keep the room's line of the public list as it is now (or take it off); a refusal
        in ``language``."""
        await self._keep(language, self.rooms.store.list_game, self.code, self.listing())

    # ------------------------------------------------------------------ the driver

    async def drive(self) -> None:
        """Let bots play, stand in for people away too long, and run the table's clocks (the
        questions' time-outs, the hold after an attack, the pause after a deal) until the
        match is over; then archive it."""
        table = self.table
        while not table.is_over:
            self.wake.clear()
            if not self.started:
                await self.wake.wait()
                continue
            self._update_stand_ins()
            turn = table.bot_turn()
            if turn is not None:
                await self._bot_turn(turn)
                continue
            timers = [t for t in (table.due(), self._next_away()) if t is not None]
            if timers and min(timers) <= time.monotonic():
                async with self.lock:
                    await self._run(table.tick)
                continue
            timeout = min(timers) - time.monotonic() if timers else None
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(timeout):  # no task a wait, as wait_for makes
                    await self.wake.wait()
        await self.executors.store(table.store.archive, self.code)

    def _next_away(self) -> float | None:
        """When the person the table waits on counts as away, if anyone else is here."""
        seat = self.table.waiting_on()
        if seat is None or not self._someone_here():
            return None
        away_since = self.presence[seat].away_since
        return None if away_since is None else away_since + self.options.away_seconds

    async def _bot_turn(self, turn: BotTurn) -> None:
        # A question is answered at once: its answer is no move anyone else sees.
        if turn.view.decision != Decision.COUP_FOURRE:
            await asyncio.sleep(self.options.bot_delay)
        try:
            action = await self.executors.bot(turn.bot, turn.view)
        except Exception:
            log.exception(
                "room %s: the bot of seat %d failed; a random bot plays on", self.code, turn.seat
            )
            self.table.replace_failed_bot(turn)
            return
        async with self.lock:
            await self._run(self.table.play_bot, turn, action)


class Rooms:
    """Every room this server plays: created, found by code and loaded from the store when
    asked for, each while this server holds its lease (``ServerStore.take``).

    A room asked for whose lease another server holds is asked for (``ServerStore.want``): the
    other server hands it over at once (its clients reconnect, and the proxy brings them here),
    or the lease runs out if that server died. A room whose lease this server lost (it stalled
    past it) is dropped without a word more to the store, and its clients reconnect."""

    def __init__(self, store: ServerStore, options: RoomOptions) -> None:
        self.store = store
        self.options = options
        self.executors = Executors(search_processes=options.search_processes)
        self.rooms: dict[str, Room] = {}
        self.loading: dict[str, asyncio.Task[Room]] = {}
        self.tasks: list[asyncio.Task[None]] = []  # the sweeper and the lease keeper
        self.draining = False  # the server is stopping (see drain)

    def _start(self, room: Room) -> None:
        self.rooms[room.code] = room
        if not room.table.is_over:
            room.driver = asyncio.create_task(room.drive(), name=f"room {room.code}")
            room.driver.add_done_callback(functools.partial(self._driver_done, room))

    def _driver_done(self, room: Room, task: asyncio.Task[None]) -> None:
        if not task.cancelled() and task.exception() is not None:
            log.error("room %s stopped", room.code, exc_info=task.exception())

    async def resume(self) -> None:
        """Archive the rooms that went idle while no server played them, then keep this
        server's leases and close rooms that fall idle. Rooms are loaded when asked for."""
        await self._archive_idle_stored()
        self.tasks = [
            asyncio.create_task(self._close_idle_rooms(), name="idle rooms"),
            asyncio.create_task(self._keep_leases(), name="leases"),
            asyncio.create_task(self._watch_sends(), name="sends"),
        ]

    def _load(self, stored: StoredGame) -> Room:
        table = Table(self.store, _upgraded(stored), timing=self.options.timing())
        tokens = stored.meta.get("tokens") or [s.get("token_hash") for s in stored.meta["seats"]]
        meta = stored.meta
        return Room(
            self,
            table,
            tokens,
            meta.get("creator"),
            stored.updated,
            meta.get("rematch"),
            Social.from_meta(meta.get("social")),
            stored.created,
        )

    async def get(self, code: str) -> Room:
        """The room with ``code``, loaded from the store if this server does not play it yet
        (a finished one too, to be looked at)."""
        room = self.rooms.get(code)
        if room is not None:
            return room
        if len(code) > 64:
            raise self._unknown(code)
        loading = self.loading.get(code)
        if loading is None:  # one load a room, however many ask for it at once
            loading = self.loading[code] = asyncio.create_task(self._take(code))
            loading.add_done_callback(lambda _: self.loading.pop(code, None))
        return await asyncio.shield(loading)

    async def _take(self, code: str) -> Room:
        """Take the room's lease (asking its holder, if another server has it), then load it."""
        if self.draining:
            raise ProtocolError("the server is restarting: try again in a moment", RESTARTING)
        deadline = time.monotonic() + self.options.lease_seconds + 2
        try:
            while not await self.executors.store(self.store.take, code):
                if time.monotonic() > deadline:
                    raise ProtocolError(
                        "another server is handing this room over: try again in a moment",
                        RESTARTING,
                    )
                await self.executors.store(self.store.want, code)
                await asyncio.sleep(HANDOVER_SECONDS)
            stored = await self.executors.store(self.store.load, code)
        except KeyError:
            raise self._unknown(code) from None
        if stored.meta.get("kind") != ROOM_KIND or (stored.archived and not stored.finished):
            await self.executors.store(self.store.release, code)
            if stored.meta.get("kind") != ROOM_KIND:
                raise self._unknown(code)
            raise ProtocolError(
                f"room {quoted(code)} was closed: nobody had been at it for "
                f"{self.options.idle_hours:g} hours",
                UNKNOWN_ROOM,
            )
        room = self._load(stored)
        room.chat_log.extend(await self.executors.store(self.store.chat, code, CHAT_KEPT))
        self._start(room)
        return room

    def _unknown(self, code: str) -> ProtocolError:
        return ProtocolError(
            f"there is no room {quoted(code)}: check the invitation link", UNKNOWN_ROOM
        )

    async def let_go(
        self, room: Room, *, release: bool, reason: str = "the room moved to another server"
    ) -> None:
        """Stop playing ``room`` here (its lease given up, if ``release``) and send its clients
        to reconnect: to wherever the proxy sends the room now, which loads it from the
        store."""
        await room.stop()
        if self.rooms.get(room.code) is room:
            del self.rooms[room.code]
        if release:
            await self.executors.store(self.store.release, room.code)
        room.disconnect(reason)

    async def _keep_leases(self) -> None:
        """Renew this server's leases, drop the rooms whose lease it lost and hand over those
        another server asks for, until the server stops."""
        renewed = time.monotonic()
        while True:
            await asyncio.sleep(HANDOVER_SECONDS)
            try:
                if time.monotonic() - renewed >= self.options.lease_seconds / 4:
                    renewed = time.monotonic()
                    lost = await self.executors.store(self.store.renew)
                    for code in lost & set(self.rooms):
                        log.warning("room %s: its lease was lost", code)
                        await self.let_go(self.rooms[code], release=False)
                for code in await self.executors.store(self.store.wanted):
                    if code in self.rooms:
                        log.info("room %s: handed over to another server", code)
                        await self.let_go(self.rooms[code], release=True)
                    else:
                        await self.executors.store(self.store.release, code)
            except Exception:
                log.exception("could not keep the rooms' leases; trying again")

    async def _watch_sends(self) -> None:
        """Drop every client whose send has taken over ``send_seconds``: it stopped reading.
        (One watch for all, rather than a timer around every message sent.)"""
        interval = min(1.0, self.options.send_seconds / 2)
        while True:
            await asyncio.sleep(interval)
            stalled_since = time.monotonic() - self.options.send_seconds
            for room in list(self.rooms.values()):
                for client in room.clients():
                    since = client.sending_since
                    if since is not None and since <= stalled_since and client.writer:
                        client.close()
                        client.writer.cancel()

    async def _close_idle_rooms(self) -> None:
        """Close and archive every room nobody has been connected to for ``idle_hours``."""
        interval = min(SWEEP_SECONDS, self.options.idle_seconds / 4)
        while True:
            await asyncio.sleep(interval)
            limit = time.time() - self.options.idle_seconds
            for room in list(self.rooms.values()):
                if room.idle_since is not None and room.idle_since <= limit:
                    await self.close_room(room)
            await self._archive_idle_stored()

    async def _archive_idle_stored(self) -> None:
        """Archive the unfinished rooms of the store that no server plays and that nobody
        played for ``idle_hours`` (one idle while every server was down, one whose server
        died)."""
        before = time.time() - self.options.idle_seconds
        game_ids = await self.executors.store(
            self.store.game_ids, finished=False, archived=False, updated_before=before
        )
        for game_id in game_ids:
            if game_id in self.rooms or not await self.executors.store(self.store.take, game_id):
                continue
            stored = await self.executors.store(self.store.load, game_id)
            if stored.meta.get("kind") == ROOM_KIND:
                await self.executors.store(self.store.archive, game_id)
            await self.executors.store(self.store.release, game_id)

    async def close_room(self, room: Room) -> None:
        """Stop a room and archive its game: it stays as a record and is never resumed."""
        async with room.lock:
            if room.clients():  # someone came back meanwhile
                return
            if room.driver is not None:
                room.driver.cancel()
            self.rooms.pop(room.code, None)
            await self.executors.store(self.store.archive, room.code)
            await self.executors.store(self.store.release, room.code)

    def create(
        self,
        rules: str,
        seats: list[str],
        *,
        race: int | None = None,
        single_deal: bool = False,
        creator: str | None = None,
        social: Social | None = None,
    ) -> Room:
        """A new room created from the address ``creator``; ``seats`` holds ``person`` or a bot
        level (easy, medium, hard) per seat; ``social`` the creator's token hash and choices. A
        SettingsError says what is wrong with them."""
        for kind in seats:
            if kind != PERSON and kind not in LEVELS:
                kinds = Listed((repr(PERSON), *LEVELS), either=True)
                raise SettingsError(
                    Phrase("settings.seat_kind", {"kinds": kinds, "kind": repr(kind)})
                )
        if PERSON not in seats:
            raise SettingsError(Phrase("settings.no_person"))
        players = [
            Player() if kind == PERSON else Player(BOT_NAMES[n % len(BOT_NAMES)], kind)
            for n, kind in enumerate(seats)
        ]
        social = social or Social()
        return self._open(rules, players, [None] * len(seats), race, single_deal, creator, social)

    async def rematch(self, room: Room, creator: str | None) -> Room:
        """The room of ``room``'s rematch, opened by the first to ask (from the address
        ``creator``): the same settings, bots and people at the same seats with the same tokens,
        and a new seed. Later calls find it."""
        async with room.lock:
            if not room.table.is_over:
                raise ProtocolError("a rematch is played once the match is over", NOT_OVER)
            if room.rematch is not None:
                return await self.get(room.rematch)
            settings = room.table.settings
            tokens = [presence.token_hash for presence in room.presence]
            single_deal = settings["target"] is None
            race = settings["race"]
            players = room.table.players
            social = Social.from_meta(room.social.to_meta())  # the same choices
            new = self._open(settings["rules"], players, tokens, race, single_deal, creator, social)
            room.rematch = new.code
            stored = await self.executors.store(self.store.load, room.code)
            meta = {**stored.meta, "rematch": new.code}
            await self.executors.store(self.store.set_meta, room.code, meta)
            room.broadcast()
            return new

    def _open(
        self,
        rules: str,
        players: list[Player],
        tokens: list[str | None],
        race: int | None,
        single_deal: bool,
        creator: str | None,
        social: Social,
    ) -> Room:
        """A new room with ``players`` and the hashes of its seats' ``tokens``, within the
        server's limits."""
        if self.draining:
            raise ProtocolError("the server is restarting: try again in a moment", RESTARTING)
        if len(self.rooms) >= self.options.max_rooms:
            raise ProtocolError(
                "the server holds as many rooms as it can; try again later", SERVER_FULL
            )
        held = sum(
            room.creator == creator and not room.table.is_over for room in self.rooms.values()
        )
        if creator is not None and held >= self.options.rooms_per_address:
            raise ProtocolError(
                f"you have {held} rooms open, as many as one address may: finish or leave one",
                TOO_MANY_ROOMS,
            )
        code = secrets.token_urlsafe(9)
        table = Table.create(
            self.store,
            rules=rules,
            players=players,
            race=race,
            single_deal=single_deal,
            seed=self.options.seed,
            language=social.language,
            timing=self.options.timing(),
            meta={
                "kind": ROOM_KIND,
                "code": code,
                "tokens": tokens,
                "creator": creator,
                "social": social.to_meta(),
            },
            game_id=code,
        )
        room = Room(self, table, tokens, creator, time.time(), social=social)
        if social.listed:
            self.store.list_game(code, room.listing())
        self._start(room)
        return room

    async def forget_if_idle(self, room: Room) -> None:
        """Drop a finished room nobody watches (the store keeps it)."""
        if room.table.is_over and not room.clients() and self.rooms.get(room.code) is room:
            del self.rooms[room.code]
            await self.executors.store(self.store.release, room.code)

    async def drain(self) -> None:
        """Stop taking changes (actions, joins, new rooms) once those under way are stored and
        sent: the server is stopping, and its clients will reconnect."""
        self.draining = True
        for task in self.tasks:
            task.cancel()
        rooms = list(self.rooms.values())
        await asyncio.gather(*(room.stop() for room in rooms))
        for room in rooms:  # another server may take them at once
            await self.executors.store(self.store.release, room.code)
        log.info("stopping: every room stored", extra={"fields": {"rooms": len(rooms)}})

    async def close(self) -> None:
        drivers = [room.driver for room in self.rooms.values() if room.driver is not None]
        drivers += self.tasks
        for driver in drivers:
            driver.cancel()
        await asyncio.gather(*drivers, return_exceptions=True)
        self.executors.shutdown()


def _upgraded(stored: StoredGame) -> StoredGame:
    """A room stored before the shared table (its seats named a bot's level "bot" and left
    bots unnamed), in today's form."""
    if "tokens" in stored.meta:
        return stored
    seats = [
        {"name": seat["name"] or (BOT_NAMES[n] if seat["bot"] else None), "level": seat["bot"]}
        for n, seat in enumerate(stored.meta["seats"])
    ]
    return replace(stored, meta={**stored.meta, "seats": seats})


def _refusal_code(error: TableError | IllegalActionError) -> str:
    """The error code a refused action is sent with."""
    if isinstance(error, IllegalActionError):
        return ILLEGAL
    return {TABLE_GAME_OVER: GAME_OVER, NOT_SAVED: SERVER_ERROR}.get(error.code, NOT_YOUR_TURN)
