"""A room: a shared :class:`~millebornes.table.Table`, the people at its seats and everyone
watching it, taking what they send (a greeting, an action, a seat, the chat and the creator's
choices) one change at a time.

The table changes the match, stores each action and says what each seat and the spectators are
told; a room checks who may do what, turns the table's events into its clients' messages once
they are stored (``telling.py``), and keeps its seats (``seats.py``) and its chat
(``talk.py``). Its bots and clocks are moved on by its driver (``driver.py``); the registry of
rooms (``rooms.py``) creates, loads and lets go of it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Callable
from typing import Any, Protocol

from ..core.actions import Action
from ..core.errors import IllegalActionError, InvalidActionError
from ..core.phrase import Phrase
from ..store import LeaseLost, ServerStore, StoreError
from ..table import GAME_OVER as TABLE_GAME_OVER
from ..table import NOT_SAVED, BotTurn, Commit, Event, Player, Table, TableError
from ..words import word
from .between import BetweenDeals
from .chat import Social, is_author, watcher_author, watcher_id
from .client import SERVICE_RESTART_CLOSE, Client
from .clock import Clock
from .encoding import encode
from .executors import Executors
from .listing import bots_due, listing
from .metrics import Metrics
from .options import RoomOptions
from .playernames import seat_name
from .protocol import (
    BAD_TOKEN,
    GAME_OVER,
    ILLEGAL,
    NOT_HOST,
    NOT_SAVING,
    NOT_STARTED,
    NOT_YOUR_SEAT,
    NOT_YOUR_TURN,
    RESTARTING,
    ROOM_FULL,
    SERVER_ERROR,
    Act,
    Chat,
    Hello,
    Mute,
    ProtocolError,
    React,
    Remove,
    Settings,
    error_message,
    quoted,
)
from .ratings import rate_if_over
from .seats import Seats, token_hash
from .talk import Talk
from .telling import Teller
from .turnclock import TIME_CONTROLS, TurnClock

log = logging.getLogger(__name__)

ROOM_KIND = "web-room"
BOT_NAMES = ("Ada", "Alan", "Grace", "Claude", "Edsger", "Barbara", "Donald", "Margaret")
UNKNOWN_TOKEN = "a seat token is not one of this room's: it was mistyped or belongs to another room"


class Registry(Protocol):
    """What a room needs of the registry that plays it (``rooms.Rooms``)."""

    options: RoomOptions
    rooms: dict[str, Room]  # the rooms it plays, by code
    executors: Executors
    store: ServerStore
    clock: Clock
    metrics: Metrics
    saving: bool  # the store saves moves now

    def notice(self) -> dict[str, str | None]:
        """What a table is told of the server's state now (whether it saves moves)."""
        ...

    async def let_go(self, room: Room, *, release: bool, reason: str = ...) -> None:
        """Stop playing ``room`` here, its clients sent to reconnect (``reason``)."""
        ...


class Room:
    """A table, its seats' connections and its spectators. Changes happen under ``lock``, one
    at a time: the table changes in the event loop, and what it tells is sent once the
    store's writer says its actions are stored (``_run``).

    ``tokens`` are the hashes of the seats' secret tokens (None: a bot's, or a free seat)."""

    def __init__(
        self,
        rooms: Registry,
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
        self.clock = rooms.clock
        self.seats = Seats(table, tokens, self.options.away_seconds, self.clock)
        self.lock = asyncio.Lock()
        self.wake = asyncio.Event()
        self.driver: asyncio.Task[None] | None = None
        self.stopped = False  # the server is stopping: the room takes no change any more
        self.social = social or Social()
        self.created = self.clock.time() if created is None else created
        self.talk = Talk(self.code, self.social, self.options, self.clock)
        self.teller = Teller(table, self.talk, self.clock)
        control = TIME_CONTROLS[self.social.time_control]
        abandoned = self.social.abandoned
        self.turn_clock = TurnClock(control, len(table.players), self.clock, abandoned)
        self.between = BetweenDeals(table, self.seats, self.clock, self.options.review_hold)

    # ------------------------------------------------------------------ state

    def meta(self) -> dict[str, Any]:
        """What the store keeps of the room besides the table's own."""
        return {
            "kind": ROOM_KIND,
            "code": self.code,
            "tokens": self.seats.tokens(),
            "creator": self.creator,
            "rematch": self.rematch,
            "social": self.social.to_meta(),
        }

    def described(self) -> dict[str, Any]:
        """What the room's info and its line in the public list begin with."""
        match = self.table.match
        rules, players, race = match.rules.name, match.players, match.race
        return {"code": self.code, "rules": rules, "players": players, "race": race}

    def info(self) -> dict[str, Any]:
        """What anyone at the table, or watching it, may know of the room."""
        table = self.table
        match = table.match
        self.turn_clock.follow_table(table, self.seats.started)
        return {
            **self.described(),
            "target": match.target,
            "seats": self.seats.told(self.turn_clock.abandoned),
            "watching": self.seats.watching(),
            "started": self.seats.started,
            "bots_at": bots_due(self),  # a quick game's free seats go to bots then
            "over": match.is_over,
            "winner": match.winner,
            "scores": list(match.scores),
            "deal": table.deal_index + 1,
            "results": [
                {"deal": r.deal + 1, "sheets": r.sheets, "totals": r.totals} for r in table.results
            ],
            "coup_fourre_seconds": table.timing.coup_fourre_seconds,
            **self.turn_clock.info(),
            **self.between.info(),
            "rematch": self.rematch,
            "listed": self.social.listed,
            "show_names": self.social.show_names,
            "quiet_spectators": self.social.quiet_spectators,
        }

    def _start_next_deal(self) -> None:
        """Let bots start the next deal once every person here has asked for it."""
        if self.between.may_start():
            self.table.next_deal()
            self.wake.set()

    # ------------------------------------------------------------------ messages out

    def clients(self) -> set[Client]:
        return self.seats.clients()

    def deliver(self, events: list[Event]) -> None:
        """Send each client what ``events`` tell its seats (``Teller.deliver``)."""
        self.teller.deliver(self.clients(), events, encode(self.info()))

    def broadcast(self) -> None:
        """Tell every client what changed in the room (``Teller.broadcast``)."""
        self.teller.broadcast(self.clients(), encode(self.info()))

    # ------------------------------------------------------------------ messages in

    async def hello(self, client: Client, hello: Hello) -> None:
        """Bind ``client`` to the seats of its tokens (none: a spectator) and send its states."""
        seats = self.seats.held_by(hello.tokens)
        async with self.lock:
            self.seats.unbind(client)
            if len(seats) < len(set(hello.tokens)):
                client.push(error_message(UNKNOWN_TOKEN, BAD_TOKEN))
            seats = tuple(sorted({*seats, *client.linked}))  # its player's, on any device
            if not seats and len(self.seats.spectators) >= self.options.max_spectators:
                raise ProtocolError("this room has as many spectators as it allows", ROOM_FULL)
            client.watcher = watcher_id(self.code, client.player or client.address)
            if client.player is not None:  # whose messages these are (``Talk.reads``)
                self.talk.watchers[client.watcher] = client.player
                self.talk.holders.update(dict.fromkeys(client.linked, client.player))
            if not seats and client.watcher in self.social.removed:
                client.turn_away()
                return
            client.language = hello.language
            client.name = hello.name
            host = self.social.host
            client.host = hello.host is not None and host == token_hash(hello.host)
            client.last_state.clear()
            self.seats.bind(client, seats)
            if self.turn_clock.back(seats):  # kept again with the next change if refused now
                with contextlib.suppress(ProtocolError):
                    await self.store_meta(client.language)
            self.idle_since = None
            self.teller.greet(client, encode(self.info()))
            if not self.rooms.saving:
                client.push(self.rooms.notice())
            self.broadcast()
            self.wake.set()
            if self.social.listed and not self.stopped:  # who waits and watches, as listed
                await self._store_listing(client.language)

    async def leave(self, client: Client) -> None:
        async with self.lock:
            self.seats.unbind(client)
            if not self.clients():
                self.idle_since = self.clock.time()
            self._start_next_deal()  # the people still here may all have asked
            self.broadcast()
            self.wake.set()
            if self.social.listed and not self.stopped:  # stopping, the room writes nothing
                with contextlib.suppress(ProtocolError):  # a refusal lets the room go anyway
                    await self._store_listing()

    async def act(self, client: Client, act: Act) -> None:
        """A person's action: checked, applied, stored, sent out; a ProtocolError otherwise."""
        if act.seat is None and not client.seats:
            raise ProtocolError("spectators cannot act: join a seat first", NOT_YOUR_SEAT)
        seat = client.held_seat(act.seat, "acts")
        try:
            action = Action.parse(act.action)
        except InvalidActionError as error:
            raise ProtocolError(word(error.reason, client.language), ILLEGAL) from None
        async with self.lock:
            if not self.seats.started:
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
            self.between.ask(client.seats)
            self._start_next_deal()
            self.broadcast()

    async def reads_review(self, seat: int, deal: int) -> None:
        """``seat`` opened the review of ``deal``: the deal just ended waits for them longer."""
        async with self.lock:
            self.between.read(seat, deal)
            self.broadcast()
            self.wake.set()

    async def _run(self, change: Callable[..., Commit], *args: Any, language: str = "en") -> None:
        """A change of the table, made here in the event loop (a few hundred microseconds);
        its events sent out once its commit says its actions are stored (the store's writer
        thread commits them, with those of every room that acted meanwhile). Called under
        ``lock``. A refusal is said in ``language``, the sides named as the table names them.
        While the database cannot write, the change waits here (the store tries it again, and
        the tables are told why: ``Rooms._follow_the_store``). A change the store refused
        leaves the room: its clients reconnect and find it loaded again from what was
        stored."""
        self._check_running(language)
        started = time.perf_counter()
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
        self.rooms.metrics.acted(time.perf_counter() - started)
        await rate_if_over(self)  # so that a player told the match is over finds its rating
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
            log.error("room %s: could not store an action: %s", self.code, error)
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

    async def join(self, name: str, seat: int | None, numbered: bool = False) -> tuple[int, str]:
        """Take a free seat (the first one if ``seat`` is None): its number and secret token.
        A name someone here has is refused, or told apart by a number if ``numbered``."""
        async with self.lock:
            names = self.table.names()
            taken = [names[n] for n in range(len(names)) if not self.seats.is_free(n)]
            return await self._join(seat_name(name, taken, numbered=numbered), seat)

    async def _join(self, name: str, seat: int | None) -> tuple[int, str]:
        self._check_running()
        free = self.seats.free()
        if seat is None:
            if not free:
                raise ProtocolError("every seat of this room is taken", NOT_YOUR_SEAT)
            seat = free[0]
        count = len(self.seats.presence)
        if not 0 <= seat < count:
            raise ProtocolError(f"seats are 0 to {count - 1}", NOT_YOUR_SEAT)
        if seat not in free:
            raise ProtocolError(f"seat {seat} is taken", NOT_YOUR_SEAT)
        token = secrets.token_urlsafe(24)
        presence = self.seats.presence[seat]
        presence.token_hash = token_hash(token)
        presence.left(self.clock.monotonic(), self.clock)
        try:
            await self.executors.store(self.table.seat_player, seat, Player(name), self.meta())
        except Exception:
            presence.token_hash = None
            presence.back()
            raise
        self.teller.names_changed()
        if self.social.listed:
            await self._store_listing()
        self.broadcast()
        self.wake.set()
        return seat, token

    # ------------------------------------------------------------------ chat

    async def chat(self, client: Client, chat: Chat | React) -> None:
        """A chat line or a reaction: stored with the game, then sent to everyone who may read
        it (``Talk``)."""
        author, seat = self.talk.author(client, chat)
        async with self.lock:
            self._check_running(client.language)
            name = self.table.names()[seat] if seat is not None else client.name
            table = self.table
            in_deal = self.seats.started and not table.pausing and not table.is_over
            message = self.talk.message(chat, author, seat, name, in_deal)
            await self.keep(client.language, self.rooms.store.add_chat, self.code, message)
            self.talk.tell(message, self.clients())

    async def mute(self, client: Client, mute: Mute) -> None:
        """The connection's player (or its seats) stops, or starts again, getting an author's
        messages (``Talk.mute``)."""
        if not client.seats:
            raise ProtocolError("players mute; spectators may close the chat", NOT_YOUR_SEAT)
        if not is_author(mute.author, len(self.seats.presence)):
            raise ProtocolError(
                f"there is no author {quoted(mute.author)}: authors are seat:N or watcher:ID"
            )
        async with self.lock:
            self._check_running(client.language)
            self.talk.mute(client, mute.author, mute.muted)
            await self.store_meta(client.language)
            client.push({"type": "muted", "authors": self.talk.muted_authors(client)})

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
            await self.store_meta(client.language)
            await self._store_listing(client.language)
            self.broadcast()

    async def remove(self, client: Client, remove: Remove) -> None:
        """The creator removes a spectator: its connections are closed, and it may not watch
        again from the same address."""
        self._check_host(client)
        if not is_author(watcher_author(remove.watcher), len(self.seats.presence)):
            raise ProtocolError(f"there is no spectator {quoted(remove.watcher)}")
        async with self.lock:
            self._check_running(client.language)
            self.social.removed.add(remove.watcher)
            await self.store_meta(client.language)
            spectators = self.seats.spectators
            for spectator in list(spectators):
                if spectator.watcher == remove.watcher:
                    spectators.discard(spectator)
                    spectator.turn_away()
            client.push({"type": "removed", "watcher": remove.watcher})

    async def keep(self, language: str, write: Any, *args: Any) -> None:
        """``write(*args)`` to the store, off the event loop; a store that refuses it leaves
        the room, its clients told in ``language``. A database that cannot write now refuses
        it to its sender, who may send it again (a chat line, a choice: not a move, which
        waits until it is stored)."""
        try:
            await self.executors.store(write, *args)
        except StoreError as error:
            raise ProtocolError(self._leave_for(error, language), RESTARTING) from None
        except self.rooms.store.retried_errors:
            raise ProtocolError(word(Phrase("refusal.not_saving"), language), NOT_SAVING) from None

    async def store_meta(self, language: str = "en") -> None:
        await self.keep(language, self.table.keep_meta, self.meta())

    async def _store_listing(self, language: str = "en") -> None:
        """Keep the room's line of the public list as it is now (or take it off); a refusal
        in ``language``."""
        await self.keep(language, self.rooms.store.list_game, self.code, listing(self))

    # ------------------------------------------------------------------ the driver's changes

    async def seat_bots(self) -> None:
        """A quick game's wait is over: bots of its chosen level take its free seats, if a
        person is here to play with them (a table everyone has left waits for them)."""
        async with self.lock:
            self._check_running()
            if self.seats.started or not self.seats.someone_here():
                return
            level = self.social.bot_level
            for seat in self.seats.free():
                bot = Player(BOT_NAMES[seat % len(BOT_NAMES)], level)
                await self.keep("en", self.table.seat_player, seat, bot, self.meta())
            self.teller.names_changed()
            await self._store_listing()
            self.broadcast()
            self.wake.set()

    async def tick(self) -> None:
        """Run out the table's clocks that are due (``drive`` saw one)."""
        async with self.lock:
            await self._run(self.table.tick)

    async def play_bot(self, turn: BotTurn, action: Action) -> None:
        """The bot of ``turn`` plays ``action``, which it chose."""
        async with self.lock:
            await self._run(self.table.play_bot, turn, action)


def _refusal_code(error: TableError | IllegalActionError) -> str:
    """The error code a refused action is sent with."""
    if isinstance(error, IllegalActionError):
        return ILLEGAL
    return {TABLE_GAME_OVER: GAME_OVER, NOT_SAVED: SERVER_ERROR}.get(error.code, NOT_YOUR_TURN)
