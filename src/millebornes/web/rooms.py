"""The registry of the rooms this server plays, each while it holds the room's lease: created,
loaded when asked for (not from a live server: see ``Rooms.get``), handed over to a server that
asks for one, idle ones closed, and all of them given back when the server stops."""

from __future__ import annotations

import asyncio
import functools
import logging
import secrets
import time
from collections.abc import Iterator
from dataclasses import replace

from ..bots import LEVELS
from ..core.errors import SettingsError
from ..core.phrase import Listed, Phrase
from ..core.tutorial import OPPONENT, RULES, start_position
from ..store import ServerStore, StoredGame, StoreError, backoff
from ..table import Player, Table
from ..words import seat_names
from .addresses import limited_as
from .chat import CHAT_KEPT, Social
from .client import SILENT_CLOSE
from .clock import Clock
from .driver import drive
from .executors import Executors
from .lesson import LESSON, LessonRoom, is_lesson, lesson_timing
from .listing import listing
from .logs import FailureLog
from .metrics import Metrics
from .options import RoomOptions
from .protocol import (
    MOVED,
    NOT_OVER,
    NOT_SAVING,
    RESTARTING,
    SERVER_FULL,
    TOO_MANY_ROOMS,
    UNKNOWN_ROOM,
    ProtocolError,
    notice,
    quoted,
)
from .ratings import rate_closed, rate_stored
from .room import BOT_NAMES, ROOM_KIND, Room
from .turnclock import table_timing

log = logging.getLogger(__name__)

PERSON = "person"
SWEEP_SECONDS = 60.0  # how often idle rooms are looked for
# How often old finished games are purged (one DELETE; a retention counted in days).
PURGE_SECONDS = 3600.0
# How often a server looks for rooms another asks for, and a server waiting for one asks again.
HANDOVER_SECONDS = 0.25
# How much longer than a lease a server waits for a room another holds before saying "try again"
# (a dead holder's lease runs out); the proxy must wait longer (deploy/nginx/millebornes.conf).
HANDOVER_GRACE_SECONDS = 2.0


class Rooms:
    """Every room this server plays: created, found by code and loaded from the store when
    asked for, each while this server holds its lease (``ServerStore.take``; ``_take`` says
    when another server's room is taken). A room whose lease this server lost (it stalled past
    it) is dropped without a word more to the store, and its clients reconnect."""

    def __init__(self, store: ServerStore, options: RoomOptions, clock: Clock = time) -> None:
        self.store = store
        self.options = options
        self.clock = clock  # what its rooms, their tables and its sweeps read the time on
        self.executors = Executors(search_processes=options.search_processes)
        self.metrics = Metrics(self)
        failures: tuple[type[Exception], ...] = (StoreError, *store.database_errors)
        self.lease_failures = FailureLog(log, "could not keep the rooms' leases", failures)
        self.write_failures = FailureLog(log, "could not save moves", failures)
        self.saving = True  # the store's last write succeeded (see _follow_the_store)
        self.rooms: dict[str, Room] = {}
        self.loading: dict[str, asyncio.Task[Room]] = {}
        self.tasks: list[asyncio.Task[None]] = []  # the sweeper and the lease keeper
        self.draining = False  # the server is stopping (see drain)

    def _start(self, room: Room) -> None:
        self.rooms[room.code] = room
        if not room.table.is_over:
            room.driver = asyncio.create_task(drive(room), name=f"room {room.code}")
            room.driver.add_done_callback(functools.partial(self._driver_done, room))

    def _driver_done(self, room: Room, task: asyncio.Task[None]) -> None:
        if not task.cancelled() and task.exception() is not None:
            log.error("room %s stopped", room.code, exc_info=task.exception())

    async def resume(self) -> None:
        """Archive the rooms that went idle while no server played them, then keep this
        server's leases and close rooms that fall idle. Rooms are loaded when asked for."""
        await self.executors.store(self.store.reclaim)
        await self._archive_idle_stored()
        self.tasks = [
            asyncio.create_task(self._purge_finished(), name="retention"),
            asyncio.create_task(self._close_idle_rooms(), name="idle rooms"),
            asyncio.create_task(self._keep_leases(), name="leases"),
            asyncio.create_task(self._watch_connections(), name="connections"),
        ]

    def _load(self, stored: StoredGame) -> Room:
        meta = stored.meta
        social = Social.from_meta(meta.get("social"))
        timing = table_timing(self.options.timing(), social.long_coup_fourre)
        lesson = is_lesson(meta)
        if lesson:
            timing = lesson_timing(timing)
        table = Table(self.store, _upgraded(stored), timing=timing, clock=self.clock.monotonic)
        tokens = meta.get("tokens") or [s.get("token_hash") for s in meta["seats"]]
        return (LessonRoom if lesson else Room)(
            self,
            table,
            tokens,
            meta.get("creator"),
            stored.updated,
            meta.get("rematch"),
            social,
            stored.created,
        )

    async def get(self, code: str, *, take_over: bool = False) -> Room:
        """The room with ``code``, loaded from the store if this server does not play it yet (a
        finished one too); refused (MOVED: the proxy tries the next server) while another live
        server plays it, unless this server must ``take_over`` (to seat a stranger, close it)."""
        room = self.rooms.get(code)
        if room is not None:
            return room
        if len(code) > 64:
            raise self._unknown(code)
        loading = self.loading.get(code)
        if loading is None:  # one load a room, however many ask for it at once
            loading = self.loading[code] = asyncio.create_task(self._take(code, take_over))
            loading.add_done_callback(lambda _: self.loading.pop(code, None))
        return await asyncio.shield(loading)

    async def _take(self, code: str, take_over: bool) -> Room:
        """Take the room's lease (another server's asked for: see ``get``), then load it."""
        if self.draining:
            raise ProtocolError("the server is restarting: try again in a moment", RESTARTING)
        deadline = self.clock.monotonic() + self.options.lease_seconds + HANDOVER_GRACE_SECONDS
        try:
            while not await self.executors.store(self.store.take, code):
                if not take_over and await self.played_elsewhere(code):
                    raise ProtocolError("another server plays this room: try again", MOVED)
                if self.clock.monotonic() > deadline:
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
        room.talk.log.extend(await self.executors.store(self.store.chat, code, CHAT_KEPT))
        room.talk.holders.update(await self.executors.store(self.store.seat_players, code))
        self._start(room)
        return room

    async def played_elsewhere(self, code: str) -> bool:
        """Whether another server plays the room now (``ServerStore.held_elsewhere``)."""
        if code in self.rooms or len(code) > 64:
            return False
        return bool(await self.executors.store(self.store.held_elsewhere, code))

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
            try:
                await self.executors.store(self.store.release, room.code)
            except self.store.database_errors as error:  # the lease will run out by itself
                self.lease_failures.failed(error)
        room.disconnect(reason)

    async def _keep_leases(self) -> None:
        """Renew this server's leases, drop the rooms whose lease it lost, hand over those
        another server asks for, and tell the tables whether the store saves their moves,
        until the server stops; while the store fails, renew after each of ``backoff``'s waits."""
        renewed = self.clock.monotonic()
        waits: Iterator[float] | None = None  # while the store fails
        while True:
            await asyncio.sleep(HANDOVER_SECONDS if waits is None else next(waits))
            self._follow_the_store()
            renewing = self.clock.monotonic() - renewed >= self.options.lease_seconds / 4
            try:
                if renewing:
                    started = self.clock.monotonic()
                    lost = await self.executors.store(self.store.renew)
                    renewed = started
                    for code in lost & set(self.rooms):
                        log.warning("room %s: its lease was lost", code)
                        await self.let_go(self.rooms[code], release=False)
                for code in await self.executors.store(self.store.wanted):
                    if code in self.rooms:
                        log.info("room %s: handed over to another server", code)
                        await self.let_go(self.rooms[code], release=True)
                    else:
                        await self.executors.store(self.store.release, code)
            except Exception as error:
                self.lease_failures.failed(error)
                waits = waits or backoff()
            else:  # a look at who wants a room may pass while writes still fail: not proof
                waits = None
                if renewing:
                    self.lease_failures.succeeded()

    def _follow_the_store(self) -> None:
        """Tell every table when the store stops saving moves (its last write failed) and
        when it saves again, and log it once a kind. Their moves wait meanwhile: the store
        tries them again (``GameStore._commit_queued``), and each is told once stored."""
        error = self.store.write_error
        if error is None:
            self.write_failures.succeeded()
        else:
            self.write_failures.failed(error)
        if self.saving != (error is None):
            self.saving = error is None
            for room in self.rooms.values():
                for client in room.clients():
                    client.push(self.notice())

    def notice(self) -> dict[str, str | None]:
        """What a table is told of the store now (``protocol.notice``)."""
        return notice(None if self.saving else NOT_SAVING)

    async def _watch_connections(self) -> None:
        """Drop every client whose send has taken over ``send_seconds`` (it stopped reading)
        or that sent nothing for ``silent_seconds`` (its network stalled), and ping the others
        every ``heartbeat_seconds``, which a page answers. (One watch for all, rather than a
        timer around every message sent.)"""
        options = self.options
        interval = min(1.0, options.send_seconds / 2, options.heartbeat_seconds / 2)
        while True:
            await asyncio.sleep(interval)
            now = self.clock.monotonic()
            for room in list(self.rooms.values()):
                for client in room.clients():
                    since = client.sending_since
                    if since is not None and since <= now - options.send_seconds:
                        client.drop()
                    elif client.heard <= now - options.silent_seconds:
                        client.drop(SILENT_CLOSE, "silent")
                    elif client.pinged <= now - options.heartbeat_seconds:
                        client.pinged = now
                        client.push({"type": "ping"})

    async def _close_idle_rooms(self) -> None:
        """Close and archive every room nobody has been connected to for ``idle_hours``."""
        interval = min(SWEEP_SECONDS, self.options.idle_seconds / 4)
        while True:
            await asyncio.sleep(interval)
            limit = self.clock.time() - self.options.idle_seconds
            for room in list(self.rooms.values()):
                if room.idle_since is not None and room.idle_since <= limit:
                    await self.close_room(room)
            await self._archive_idle_stored()

    async def _purge_finished(self) -> None:
        """Delete the games over that nobody kept for ``keep_finished_days`` (0: none), at
        start and then every PURGE_SECONDS (docs/deploy.md, Retention)."""
        keep = self.options.keep_finished_seconds
        while keep > 0:
            try:
                purged = await self.executors.store(self.store.purge, self.clock.time() - keep)
            except self.store.database_errors as error:  # tried again at the next hour
                log.warning("could not purge old games: %s", type(error).__name__)
            else:
                if purged:
                    log.info("purged %d finished games", purged)
            await asyncio.sleep(PURGE_SECONDS)

    async def _archive_idle_stored(self) -> None:
        """Archive the unfinished rooms of the store that no server plays and that nobody
        played for ``idle_hours`` (one idle while every server was down, one whose server
        died)."""
        before = self.clock.time() - self.options.idle_seconds
        game_ids = await self.executors.store(
            self.store.game_ids, finished=False, archived=False, updated_before=before
        )
        for game_id in game_ids:
            if game_id in self.rooms or not await self.executors.store(self.store.take, game_id):
                continue
            stored = await self.executors.store(self.store.load, game_id)
            if stored.meta.get("kind") == ROOM_KIND:
                await rate_stored(functools.partial(self._load, stored), game_id)
                await self.executors.store(self.store.archive, game_id)
            await self.executors.store(self.store.release, game_id)

    async def close_room(self, room: Room, *, watched: bool = False) -> None:
        """Stop a room and archive its game, never resumed (rated if someone abandoned it:
        ``rate_closed``); one someone is connected to only if ``watched`` (by its operator)."""
        async with room.lock:
            if room.clients() and not watched:  # someone came back meanwhile
                return
            if room.driver is not None:
                room.driver.cancel()
            self.rooms.pop(room.code, None)
            now = self.clock.monotonic()
            await rate_closed(room, [s for s in room.table.people if room.seats.is_away(s, now)])
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

    def open_lesson(self, creator: str | None, social: Social) -> Room:
        """The guided first deal (``lesson.py``): South free for the person, the tutor at
        North, named as the lesson's lines name them."""
        tutor = Player(seat_names(social.language, 2)[OPPONENT], "tutor")
        players = [Player(), tutor]
        return self._open(RULES, players, [None, None], None, True, creator, social, lesson=True)

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
            tokens = room.seats.tokens()
            single_deal = settings["target"] is None
            race = settings["race"]
            players = room.table.players
            social = Social.from_meta(room.social.to_meta())  # the same choices
            lesson = isinstance(room, LessonRoom)  # a lesson's rematch: the lesson again
            new = self._open(
                settings["rules"],
                players,
                tokens,
                race,
                single_deal,
                creator,
                social,
                lesson=lesson,
            )
            room.rematch = new.code
            await self.executors.store(self.store.copy_seats, room.code, new.code)  # players'
            new.talk.holders.update(room.talk.holders)
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
        *,
        lesson: bool = False,
    ) -> Room:
        """A new room with ``players`` and the hashes of its seats' ``tokens``, within the
        server's limits; a ``lesson`` dealt from the guided deal's position."""
        if self.draining:
            raise ProtocolError("the server is restarting: try again in a moment", RESTARTING)
        if len(self.rooms) >= self.options.max_rooms:
            raise ProtocolError(
                "the server holds as many rooms as it can; try again later", SERVER_FULL
            )
        group = None if creator is None else limited_as(creator)  # IPv6: its network
        held = sum(
            room.creator is not None
            and limited_as(room.creator) == group
            and not room.table.is_over
            for room in self.rooms.values()
        )
        if group is not None and held >= self.options.rooms_per_address:
            raise ProtocolError(
                f"you have {held} rooms open, as many as one address may: finish or leave one",
                TOO_MANY_ROOMS,
            )
        code = secrets.token_urlsafe(9)
        timing = table_timing(self.options.timing(), social.long_coup_fourre)
        table = Table.create(
            self.store,
            rules=rules,
            players=players,
            race=race,
            single_deal=single_deal,
            seed=self.options.seed,
            language=social.language,
            timing=lesson_timing(timing) if lesson else timing,
            clock=self.clock.monotonic,
            meta={
                "kind": ROOM_KIND,
                "code": code,
                "tokens": tokens,
                "creator": creator,
                "social": social.to_meta(),
                **({LESSON: True} if lesson else {}),
            },
            game_id=code,
            start=start_position() if lesson else None,
        )
        kind = LessonRoom if lesson else Room
        room = kind(self, table, tokens, creator, self.clock.time(), social=social)
        if social.listed:
            self.store.list_game(code, listing(room))
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
        self.store.give_up()  # a change the database cannot take now is not waited for
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
