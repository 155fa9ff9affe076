"""Rooms: one stored match each, its seats (people and bots), and everyone watching it.

A room is the only place that changes its match. Every action is applied, committed to the
``GameStore`` and only then sent out, so that a restarted server replays the store and carries
on exactly. Each client gets its own seat's view after every change (spectators a public one);
a seat that would see nothing new gets no message, so no one learns of a coup-fourré that was
offered to someone else and declined.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import json
import logging
import secrets
import time
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from ..actions import DECLINE, DECLINE_COUP_FOURRE, Action
from ..bots import LEVELS, Bot, Recap, bot_names, make_bot
from ..cards import SAFETY_FOR, Card
from ..errors import IllegalActionError
from ..match import DEFAULT_TARGET
from ..narrate import describe
from ..store import GameStore, new_match
from .protocol import (
    BAD_TOKEN,
    GAME_OVER,
    ILLEGAL,
    NOT_STARTED,
    NOT_YOUR_SEAT,
    NOT_YOUR_TURN,
    SERVER_ERROR,
    UNKNOWN_ROOM,
    Act,
    Hello,
    ProtocolError,
    error_message,
)

log = logging.getLogger(__name__)

ROOM_KIND = "web-room"
PERSON = "person"
BOT_NAMES = ("Ada", "Alan", "Grace", "Claude", "Edsger", "Barbara", "Donald", "Margaret")
STAND_IN_LEVEL = "medium"  # plays for a person who has been away too long
LOG_LINES_ON_HELLO = 200
OUTBOX_LIMIT = 256  # messages queued for one client before it is dropped as too slow
NAME_CHARS = 24


@dataclass(frozen=True)
class RoomOptions:
    """Timings and bounds shared by every room of a server."""

    coup_fourre_seconds: float = 10.0
    away_seconds: float = 60.0
    bot_delay: float = 0.8
    deal_pause: float = 5.0
    max_rooms: int = 1000
    max_spectators: int = 50


class Client:
    """One connection: the seats it holds (none for a spectator) and its queue of messages.

    The transport drains ``outbox``; a client that falls ``OUTBOX_LIMIT`` messages behind is
    closed (``None`` in the queue) and gets a full state again when it reconnects.
    """

    def __init__(self) -> None:
        self.seats: tuple[int, ...] = ()
        self.language = "en"
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.closed = False
        self.last_state: dict[int | None, tuple[Any, ...]] = {}

    def push(self, message: dict[str, Any]) -> None:
        if self.closed:
            return
        if self.outbox.qsize() >= OUTBOX_LIMIT:
            self.close()
            return
        self.outbox.put_nowait(json.dumps(message, separators=(",", ":")))

    def close(self) -> None:
        self.closed = True
        while not self.outbox.empty():
            self.outbox.get_nowait()
        self.outbox.put_nowait(None)


@dataclass
class Seat:
    name: str | None = None
    bot: str | None = None  # a level (easy, medium, hard) for a bot seat
    token_hash: str | None = None
    clients: set[Client] = field(default_factory=set)
    away_since: float | None = None  # monotonic time its last connection left

    @property
    def is_free(self) -> bool:
        return self.bot is None and self.token_hash is None

    def to_meta(self) -> dict[str, Any]:
        return {"name": self.name, "bot": self.bot, "token_hash": self.token_hash}


@dataclass(frozen=True)
class LogEntry:
    deal: int  # 0-based index of the deal in the match
    seat: int
    action: Action
    safety: Card | None  # the card a coup-fourré was called with

    @property
    def is_private(self) -> bool:
        """Only the seat that declined a coup-fourré may know it was offered."""
        return self.action.verb == DECLINE


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def level_bot(level: str, seed: int) -> Bot:
    """The bot of a level, or the random bot while that level's bot is not written yet."""
    name = LEVELS[level]
    return make_bot(level if name in bot_names() else "random", seed=seed)


def bot_seed(seed: int, seat: int, stand_in: bool = False) -> int:
    return seed * 101 + seat * 2 + int(stand_in)


class Table:
    """The room as it is now, each seat's view built once however many clients show it."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self.info = room.info()
        self.views: dict[int | None, dict[str, Any]] = {}

    def view(self, seat: int | None) -> dict[str, Any]:
        if seat not in self.views:
            self.views[seat] = self.room.view(seat)
        return self.views[seat]


class Room:
    """A match, its seats and its clients. Changes happen under ``lock``, one at a time."""

    def __init__(
        self,
        code: str,
        settings: dict[str, Any],
        seats: list[Seat],
        store: GameStore,
        options: RoomOptions,
        executors: Executors,
    ) -> None:
        self.code = code
        self.settings = settings
        self.seats = seats
        self.store = store
        self.options = options
        self.executors = executors
        self.match = new_match(settings)
        self.log: list[LogEntry] = []
        self.results: list[dict[str, Any]] = []
        self.spectators: set[Client] = set()
        self.lock = asyncio.Lock()
        self.wake = asyncio.Event()
        self.version = 0  # actions stored so far
        self.coup_fourre_deadline: float | None = None
        self.bots_wait_until = 0.0
        self.driver: asyncio.Task[None] | None = None
        self.bots = self._new_bots()
        self.stand_ins: dict[int, Bot] = {}
        now = time.monotonic()
        for seat in seats:
            if seat.token_hash is not None:
                seat.away_since = now

    # ------------------------------------------------------------------ state

    @property
    def started(self) -> bool:
        return not any(seat.is_free for seat in self.seats)

    def meta(self) -> dict[str, Any]:
        return {"kind": ROOM_KIND, "code": self.code, "seats": [s.to_meta() for s in self.seats]}

    def replay(self, actions: Iterable[str]) -> None:
        """Bring the match (and its log) to where the stored actions left it, and its bots to
        what they had seen."""
        recap = Recap(self.bots)
        for text in actions:
            recap.before(self.match)
            self._apply(self._seat_to_act(), Action.parse(text))
            self.version += 1
        recap.remind()

    def _seat_to_act(self) -> int:
        seat = self.match.to_act
        assert seat is not None, "an action after the end of the match"
        return seat

    def _apply(self, seat: int, action: Action) -> LogEntry:
        deal = self.match.deal
        safety = None
        if deal.attack is not None:
            safety = SAFETY_FOR[Card(deal.attack[1])]
        finished = len(self.match.finished)
        entry = LogEntry(finished, seat, action, safety)
        self.match.apply(action)
        self.log.append(entry)
        if len(self.match.finished) > finished:
            self.results.append(
                {
                    "deal": finished + 1,
                    "sheets": self.match.finished[-1].score(),
                    "totals": list(self.match.scores),
                }
            )
        return entry

    def names(self) -> list[str]:
        return [
            seat.name or (BOT_NAMES[n] if seat.bot else f"#{n + 1}")
            for n, seat in enumerate(self.seats)
        ]

    def info(self) -> dict[str, Any]:
        """What anyone at the table, or watching it, may know of the room."""
        match = self.match
        names = self.names()
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
                    "bot": seat.bot,
                    "free": seat.is_free,
                    "online": bool(seat.clients) or seat.bot is not None,
                    "away": self._is_away(seat, now),
                }
                for n, seat in enumerate(self.seats)
            ],
            "started": self.started,
            "over": match.is_over,
            "winner": match.winner,
            "scores": list(match.scores),
            "deal": len(match.finished) + (0 if match.is_over else 1),
            "results": list(self.results),  # a copy: clients keep what they were sent
            "coup_fourre_seconds": self.options.coup_fourre_seconds,
        }

    def _is_away(self, seat: Seat, now: float) -> bool:
        return seat.away_since is not None and now - seat.away_since >= self.options.away_seconds

    def _someone_here(self) -> bool:
        return any(seat.clients for seat in self.seats)

    def _new_bots(self) -> dict[int, Bot]:
        """The seats' bots as the match began (seeded by the match: a replay rebuilds them)."""
        seed = int(self.settings.get("seed", 0))
        return {
            seat: level_bot(s.bot, bot_seed(seed, seat))
            for seat, s in enumerate(self.seats)
            if s.bot
        }

    def _bot_for(self, seat: int) -> Bot | None:
        """Who plays ``seat`` now if not a person: its bot, or a stand-in while it is away and
        someone else is still at the table (a table everyone has left waits for them)."""
        if seat in self.bots:
            return self.bots[seat]
        if not self._is_away(self.seats[seat], time.monotonic()) or not self._someone_here():
            return None
        if seat not in self.stand_ins:
            seed = bot_seed(int(self.settings.get("seed", 0)), seat, stand_in=True)
            self.stand_ins[seat] = level_bot(STAND_IN_LEVEL, seed)
        return self.stand_ins[seat]

    # ------------------------------------------------------------------ messages out

    def _public_seat(self) -> int:
        """A seat whose view shows only what the whole table sees: while a coup-fourré is being
        considered, the attacker's (never the asked seat's, nor the seat kept waiting)."""
        attack = self.match.deal.attack
        return 0 if attack is None or self.match.is_over else attack[0]

    def view(self, seat: int | None) -> dict[str, Any]:
        """``seat``'s view as JSON data; None: the public view spectators get."""
        if seat is not None:
            return self.match.view(seat).to_dict()
        view = self.match.view(self._public_seat()).to_dict()
        view.update(
            seat=None,
            side=None,
            hand=[],
            legal=[],
            attack=None,
            decision="over" if self.match.is_over else "wait",
            # A refusal of a coup-fourré is seen by its own seat alone.
            moves=[move for move in view["moves"] if move["action"] != str(DECLINE_COUP_FOURRE)],
        )
        return view

    def _countdown(self, seat: int | None) -> float | None:
        if seat is None or self.coup_fourre_deadline is None or self.match.to_act != seat:
            return None
        return round(max(0.0, self.coup_fourre_deadline - time.monotonic()), 1)

    def _line(self, entry: LogEntry, viewer: int | None, language: str) -> dict[str, Any]:
        names = self.names()
        deal = self.match.deal
        sides = [" & ".join(names[s] for s in deal.seats_of(n)) for n in range(deal.sides_count)]
        return {
            "deal": entry.deal + 1,
            "seat": entry.seat,
            "action": str(entry.action),
            "text": describe(
                entry.action,
                entry.seat,
                names,
                viewer=viewer,
                viewer_side=None if viewer is None else deal.side_of(viewer),
                teams=deal.sides_count < deal.players,
                sides=sides,
                safety=entry.safety,
                language=language,
            ),
        }

    def _state(
        self,
        client: Client,
        seat: int | None,
        table: Table,
        event: LogEntry | None,
        *,
        full_log: bool = False,
    ) -> dict[str, Any] | None:
        """The message ``client`` gets for ``seat`` (None: spectating), or None when it would
        tell nothing new: a state it already has and no event it may know of."""
        if event is not None and event.is_private and event.seat != seat:
            event = None
        info = table.info
        view = table.view(seat)
        countdown = self._countdown(seat)
        state = (view, info, countdown)
        if not full_log and event is None and client.last_state.get(seat) == state:
            return None
        client.last_state[seat] = state
        message: dict[str, Any] = {
            "type": "state",
            "seat": seat,
            "room": info,
            "view": view,
            "countdown": countdown,
            "event": None if event is None else self._line(event, seat, client.language),
        }
        if full_log:
            message["log"] = [
                self._line(entry, seat, client.language)
                for entry in self.log[-LOG_LINES_ON_HELLO:]
                if not entry.is_private or entry.seat == seat
            ]
        return message

    def clients(self) -> set[Client]:
        clients = set(self.spectators)
        for seat in self.seats:
            clients |= seat.clients
        return clients

    def broadcast(self, event: LogEntry | None = None) -> None:
        table = Table(self)
        for client in self.clients():
            for seat in client.seats or (None,):
                message = self._state(client, seat, table, event)
                if message is not None:
                    client.push(message)

    def _greet(self, client: Client) -> None:
        table = Table(self)
        for seat in client.seats or (None,):
            message = self._state(client, seat, table, None, full_log=True)
            assert message is not None
            client.push(message)

    # ------------------------------------------------------------------ messages in

    async def hello(self, client: Client, hello: Hello) -> None:
        """Bind ``client`` to the seats of its tokens (none: a spectator) and send its states."""
        hashes = {token_hash(token) for token in hello.tokens}
        seats = tuple(n for n, seat in enumerate(self.seats) if seat.token_hash in hashes)
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
                raise ProtocolError("this room has as many spectators as it allows", BAD_TOKEN)
            client.language = hello.language
            client.seats = seats
            client.last_state.clear()
            if seats:
                for seat in seats:
                    self.seats[seat].clients.add(client)
                    self.seats[seat].away_since = None
            else:
                self.spectators.add(client)
            self._greet(client)
            self.broadcast()
            self.wake.set()

    async def leave(self, client: Client) -> None:
        async with self.lock:
            self._unbind(client)
            self.broadcast()
            self.wake.set()

    def _unbind(self, client: Client) -> None:
        self.spectators.discard(client)
        now = time.monotonic()
        for seat in client.seats:
            holders = self.seats[seat].clients
            holders.discard(client)
            if not holders:
                self.seats[seat].away_since = now
        client.seats = ()

    async def act(self, client: Client, act: Act) -> None:
        """A person's action: checked, applied, stored, sent out; a ProtocolError otherwise."""
        seat = act.seat
        if seat is None:
            if len(client.seats) != 1:
                raise ProtocolError(
                    'say which of your seats acts: "seat": N'
                    if client.seats
                    else "spectators cannot act: join a seat first",
                    NOT_YOUR_SEAT,
                )
            seat = client.seats[0]
        if seat not in client.seats:
            raise ProtocolError(f"you do not hold seat {seat}", NOT_YOUR_SEAT)
        try:
            action = Action.parse(act.action)
        except ValueError as error:
            raise ProtocolError(str(error), ILLEGAL) from None
        async with self.lock:
            if not self.started:
                raise ProtocolError("the game starts once every seat is taken", NOT_STARTED)
            if self.match.is_over:
                raise ProtocolError("the game is over", GAME_OVER)
            if self.match.to_act != seat:
                raise ProtocolError("it is not your turn", NOT_YOUR_TURN)
            try:
                await self._commit(seat, action)
            except IllegalActionError as error:
                raise ProtocolError(str(error), ILLEGAL) from None

    async def _commit(self, seat: int, action: Action) -> None:
        """Apply, store, then tell everyone (called under ``lock``)."""
        entry = self._apply(seat, action)  # raises IllegalActionError, changing nothing
        try:
            await self.executors.store(
                self.store.append, self.code, str(action), finished=self.match.is_over
            )
        except Exception:
            log.exception("room %s: could not store %s", self.code, action)
            self._reload()
            raise ProtocolError(
                "the server could not save that move; please try again", SERVER_ERROR
            ) from None
        self.version += 1
        deal = self.match.deal
        asked = deal.decision == "coup-fourre" and deal.to_act not in self.bots
        self.coup_fourre_deadline = (
            time.monotonic() + self.options.coup_fourre_seconds if asked else None
        )
        if entry.deal != len(self.match.finished) and not self.match.is_over:
            self.bots_wait_until = time.monotonic() + self.options.deal_pause
        self.broadcast(entry)
        self.wake.set()

    def _reload(self) -> None:
        """Start again from what the store holds (after a failed write)."""
        self.match = new_match(self.settings)
        self.bots = self._new_bots()
        self.log.clear()
        self.results.clear()
        self.version = 0
        self.replay(self.store.load(self.code).actions)

    async def join(self, name: str, seat: int | None) -> tuple[int, str]:
        """Take a free seat (the first one if ``seat`` is None): its number and secret token."""
        name = " ".join(name.split())
        if not name or len(name) > NAME_CHARS or not name.isprintable():
            raise ProtocolError(f"a name is 1 to {NAME_CHARS} printable characters", BAD_TOKEN)
        async with self.lock:
            return await self._join(name, seat)

    async def _join(self, name: str, seat: int | None) -> tuple[int, str]:
        free = [n for n, s in enumerate(self.seats) if s.is_free]
        if seat is None:
            if not free:
                raise ProtocolError("every seat of this room is taken", NOT_YOUR_SEAT)
            seat = free[0]
        if not 0 <= seat < len(self.seats):
            raise ProtocolError(f"seats are 0 to {len(self.seats) - 1}", NOT_YOUR_SEAT)
        if seat not in free:
            raise ProtocolError(f"seat {seat} is taken", NOT_YOUR_SEAT)
        token = secrets.token_urlsafe(24)
        chosen = self.seats[seat]
        chosen.name = name
        chosen.token_hash = token_hash(token)
        chosen.away_since = time.monotonic()
        try:
            await self.executors.store(self.store.set_meta, self.code, self.meta())
        except Exception:
            chosen.name = chosen.token_hash = chosen.away_since = None
            raise
        self.broadcast()
        self.wake.set()
        return seat, token

    # ------------------------------------------------------------------ the driver

    async def drive(self) -> None:
        """Play bots' turns, stand in for people away too long, and decline coups-fourrés
        nobody answered in time, until the match is over."""
        while not self.match.is_over:
            self.wake.clear()
            seat = self.match.to_act
            if not self.started or seat is None:
                await self.wake.wait()
                continue
            bot = self._bot_for(seat)
            if bot is not None:
                await self._bot_turn(seat, bot)
                continue
            timers = []
            if self.coup_fourre_deadline is not None:
                timers.append(self.coup_fourre_deadline)
            away_since = self.seats[seat].away_since
            if away_since is not None and self._someone_here():
                timers.append(away_since + self.options.away_seconds)
            if timers and min(timers) <= time.monotonic():
                await self._decline_in_time()
                continue
            timeout = min(timers) - time.monotonic() if timers else None
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.wake.wait(), timeout)

    async def _decline_in_time(self) -> None:
        async with self.lock:
            deadline = self.coup_fourre_deadline
            if deadline is not None and deadline <= time.monotonic():
                await self._commit(self._seat_to_act(), DECLINE_COUP_FOURRE)

    async def _bot_turn(self, seat: int, bot: Bot) -> None:
        version = self.version
        pause = max(self.options.bot_delay, self.bots_wait_until - time.monotonic())
        if pause > 0:
            await asyncio.sleep(pause)
        async with self.lock:
            if self.version != version:
                return
            view = self.match.view(seat)
        try:
            action = await self.executors.bot(bot.choose, view)
        except Exception:
            log.exception(
                "room %s: the bot of seat %d failed; a random bot plays on", self.code, seat
            )
            (self.bots if seat in self.bots else self.stand_ins)[seat] = make_bot("random", version)
            return
        async with self.lock:
            if self.version == version and self._bot_for(seat) is bot:
                await self._commit(seat, action)


class Executors:
    """Threads for blocking work, so that the event loop keeps serving: one writes the store
    (its writes are serial anyway), a few run bots' searches."""

    def __init__(self, bot_threads: int = 4) -> None:
        self._store = ThreadPoolExecutor(1, thread_name_prefix="store")
        self._bots = ThreadPoolExecutor(bot_threads, thread_name_prefix="bot")

    async def store(self, function: Any, *args: Any, **kwargs: Any) -> Any:
        call = functools.partial(function, *args, **kwargs)
        return await asyncio.get_running_loop().run_in_executor(self._store, call)

    async def bot(self, choose: Any, view: Any) -> Action:
        action: Action = await asyncio.get_running_loop().run_in_executor(self._bots, choose, view)
        return action

    def shutdown(self) -> None:
        self._store.shutdown(wait=True)
        self._bots.shutdown(wait=False, cancel_futures=True)


class Rooms:
    """Every room of a server: created, found by code, resumed from the store at start-up."""

    def __init__(self, store: GameStore, options: RoomOptions) -> None:
        self.store = store
        self.options = options
        self.executors = Executors()
        self.rooms: dict[str, Room] = {}

    def _room(self, code: str, settings: dict[str, Any], seats: list[Seat]) -> Room:
        return Room(code, settings, seats, self.store, self.options, self.executors)

    def _start(self, room: Room) -> None:
        self.rooms[room.code] = room
        if not room.match.is_over:
            room.driver = asyncio.create_task(room.drive(), name=f"room {room.code}")
            room.driver.add_done_callback(functools.partial(self._driver_done, room))

    def _driver_done(self, room: Room, task: asyncio.Task[None]) -> None:
        if not task.cancelled() and task.exception() is not None:
            log.error("room %s stopped", room.code, exc_info=task.exception())

    async def resume(self) -> int:
        """Load every unfinished room of the store, as the last stored action left it."""
        for game_id in self.store.game_ids(finished=False):
            room = self._load(game_id)
            if room is not None:
                self._start(room)
        return len(self.rooms)

    def _load(self, code: str) -> Room | None:
        try:
            stored = self.store.load(code)
        except KeyError:
            return None
        if stored.meta.get("kind") != ROOM_KIND:
            return None
        seats = [
            Seat(name=s["name"], bot=s["bot"], token_hash=s["token_hash"])
            for s in stored.meta["seats"]
        ]
        room = self._room(code, stored.settings, seats)
        room.replay(stored.actions)
        return room

    def get(self, code: str) -> Room:
        """The room with ``code``; a finished one is read back from the store when asked for."""
        room = self.rooms.get(code)
        if room is None and len(code) <= 64:
            room = self._load(code)
            if room is not None:
                self._start(room)
        if room is None:
            raise ProtocolError(
                f"there is no room {code!r}: check the invitation link", UNKNOWN_ROOM
            )
        return room

    def create(
        self,
        rules: str,
        seats: list[str],
        *,
        race: int | None = None,
        single_deal: bool = False,
        seed: int | None = None,
    ) -> Room:
        """A new room; ``seats`` holds ``person`` or a bot level (easy, medium, hard) per seat.
        A ValueError says what is wrong with the settings."""
        if len(self.rooms) >= self.options.max_rooms:
            raise ProtocolError("the server holds as many rooms as it can; try again later")
        for kind in seats:
            if kind != PERSON and kind not in LEVELS:
                raise ValueError(
                    f"a seat is {PERSON!r} or a bot level ({', '.join(LEVELS)}), not {kind!r}"
                )
        if PERSON not in seats:
            raise ValueError("a room needs at least one seat for a person")
        settings = {
            "rules": rules,
            "players": len(seats),
            "race": race,
            "target": None if single_deal else DEFAULT_TARGET,
            "seed": secrets.randbelow(2**31) if seed is None else seed,
        }
        code = secrets.token_urlsafe(9)
        room = self._room(
            code, settings, [Seat(bot=None if kind == PERSON else kind) for kind in seats]
        )
        self.store.create(settings, room.meta(), game_id=code)
        self._start(room)
        return room

    def forget_if_idle(self, room: Room) -> None:
        """Drop a finished room nobody watches (the store keeps it)."""
        if room.match.is_over and not room.clients():
            self.rooms.pop(room.code, None)

    async def close(self) -> None:
        drivers = [room.driver for room in self.rooms.values() if room.driver is not None]
        for driver in drivers:
            driver.cancel()
        await asyncio.gather(*drivers, return_exceptions=True)
        self.executors.shutdown()
