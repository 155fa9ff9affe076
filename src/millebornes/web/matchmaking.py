"""Quick game: a seat at the listed table that fits a player's choice (rules, players, length,
each of them or "any"), where people wait, or at a new one that others find the same way.

Seats are taken one quick game at a time, on each server and among the servers sharing a store
(``Matchmaker.seat``), from the list as the store holds it now (not the home page's copy a
second old): so strangers who press *Quick game* together with the same choice meet at one
table rather than each opening their own. A player is never seated twice: the page sends the
codes of the rooms it holds a seat in (docs/web.md says why codes, not tokens or addresses),
and those tables are passed over."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Callable
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator
from pydantic_core import PydanticCustomError

from ..bots import LEVELS
from ..core.rules import PRESETS
from ..store import ServerStore
from ..words import Language
from .clock import Clock
from .protocol import (
    BAD_MESSAGE,
    MAX_SEATS,
    NOT_YOUR_SEAT,
    RESTARTING,
    UNKNOWN_ROOM,
    ProtocolError,
    quoted,
)
from .rooms import Rooms

ANY: Literal["any"] = "any"
# A listed table nobody has been connected to for this long leaves the list (and no quick game
# seats anyone there): twice the minute a seat's connection may be lost before a stand-in plays
# for it (``RoomOptions.away_seconds``), so a phone that slept or a page reloaded comes back
# well within it, while a stranger is not seated for minutes more at a table nobody will play.
ABANDONED_SECONDS = 120.0
MAX_HELD = 100  # room codes a page sends: 15 bytes each in JSON, within a request's 4096
# A seat at these tables is passed over for the next: taken meanwhile, closed, or moving.
PASSED_OVER = (NOT_YOUR_SEAT, UNKNOWN_ROOM, RESTARTING)
# The servers sharing a store take turns to seat quick games (``ServerStore.take_matchmaking``).
# A turn takes milliseconds, or as long as a room's handover from another server (within its
# lease and two seconds, ``Rooms._take``); a server that died holding it frees it after this.
TURN_SECONDS = 15.0
TURN_POLL_SECONDS = 0.02  # how often a server waiting for the turn asks again


class QuickGame(BaseModel):
    """A player's choice for a quick game, and their name at the table."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(max_length=64)
    rules: str = ANY
    players: Annotated[int, Field(ge=2, le=MAX_SEATS)] | Literal["any"] = ANY
    length: Literal["any", "match", "deal"] = ANY
    language: Language = "en"
    held: list[Annotated[str, Field(max_length=64)]] = Field(default=[], max_length=MAX_HELD)
    wait_seconds: int = Field(default=60, ge=10, le=600)  # then bots take the free seats
    bot_level: str = "medium"

    @field_validator("rules")
    @classmethod
    def known_rules(cls, rules: str) -> str:
        if rules != ANY and rules not in PRESETS:
            choices = {"choices": ", ".join((ANY, *PRESETS))}
            raise PydanticCustomError("rules", "the rules are one of {choices}", choices)
        return rules

    @field_validator("bot_level")
    @classmethod
    def known_level(cls, level: str) -> str:
        if level not in LEVELS:
            raise PydanticCustomError(
                "bot_level", "a bot's level is one of {levels}", {"levels": ", ".join(LEVELS)}
            )
        return level

    def fits(self, table: dict[str, Any]) -> bool:
        """Whether a listed table (its summary) is one this choice takes."""
        return (
            self.rules in (ANY, table["rules"])
            and self.players in (ANY, table["players"])
            and self.length in (ANY, "deal" if table["single_deal"] else "match")
        )

    def new_table(self) -> tuple[str, int, bool]:
        """The rules, players and single deal of a table opened for this choice: "any" rules
        the first preset that seats the players, "any" players the fewest the rules seat."""
        presets = list(PRESETS) if self.rules == ANY else [self.rules]
        for name in presets:
            seatings = sorted(PRESETS[name].seatings)
            players = seatings[0] if self.players == ANY else self.players
            if players in seatings:
                return name, players, self.length == "deal"
        if self.rules == ANY:
            raise ProtocolError(f"no rules seat {self.players} players", BAD_MESSAGE)
        seated = ", ".join(str(n) for n in sorted(PRESETS[self.rules].seatings))
        message = f"{quoted(self.rules)} seats {seated} players, not {self.players}"
        raise ProtocolError(message, BAD_MESSAGE)


def abandoned(table: dict[str, Any], now: float) -> bool:
    """Whether nobody has been connected to a listed table (its summary) for
    ``ABANDONED_SECONDS`` at ``now`` (wall clock)."""
    empty_since = table.get("empty_since")  # tables listed before it was kept: never
    return empty_since is not None and now - empty_since > ABANDONED_SECONDS


class Matchmaker:
    """Seats quick games one at a time, from the list of tables in ``store``."""

    def __init__(self, store: ServerStore, rooms: Rooms, clock: Clock) -> None:
        self.store, self.rooms, self.clock = store, rooms, clock
        self.lock = asyncio.Lock()  # this server's quick games, one at a time
        self.holder = uuid.uuid4().hex  # this server, when it holds the store's turn

    async def seat(
        self, choice: QuickGame, name: str, open_table: Callable[[], str]
    ) -> tuple[str, int, str]:
        """Seat ``name`` at the best table for ``choice``, or at one ``open_table`` opens (it
        returns its code): the table's code, the seat and its secret token. One at a time on
        this server, and in turn with the other servers of the store."""
        store = self.rooms.executors.store
        async with self.lock:
            while not await store(self.store.take_matchmaking, self.holder, TURN_SECONDS):
                await asyncio.sleep(TURN_POLL_SECONDS)
            try:
                return await self._seat(choice, name, open_table)
            finally:
                await store(self.store.give_matchmaking, self.holder)

    async def _seat(
        self, choice: QuickGame, name: str, open_table: Callable[[], str]
    ) -> tuple[str, int, str]:
        for code in await self._candidates(choice):
            try:
                room = await self.rooms.get(code, take_over=True)
                seat, token = await room.join(name, None, numbered=True)
            except ProtocolError as error:
                if error.code not in PASSED_OVER:
                    raise
                continue
            return code, seat, token
        code = open_table()
        seat, token = await (await self.rooms.get(code)).join(name, None, numbered=True)
        return code, seat, token

    async def _candidates(self, choice: QuickGame) -> list[str]:
        """The codes of the listed tables with a free seat that fit ``choice``, not held by the
        player, best first: the most people connected, then the player's language, then the
        longest waiting."""
        listed = await self.rooms.executors.store(self.store.listed)
        now = self.clock.time()
        held = set(choice.held)
        tables = [
            table
            for _, table in listed
            if table["free"] > 0
            and not table["started"]
            and table["code"] not in held
            and choice.fits(table)
            and not abandoned(table, now)
        ]
        tables.sort(
            key=lambda t: (-t.get("here", 0), t["language"] != choice.language, t["created"])
        )
        return [table["code"] for table in tables]
