"""Turn clocks: a listed table's time control (a time for each move and a bank), run on a clock
the test moves on, in process as the golden rooms are played; and the choice when a room is
created, through the API."""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

import httpx

from clock import ManualClock
from millebornes.store import ServerStore
from millebornes.web.chat import Social
from millebornes.web.client import Client
from millebornes.web.options import RoomOptions
from millebornes.web.protocol import Act, Hello
from millebornes.web.room import Room
from millebornes.web.rooms import Rooms
from millebornes.web.server import BackgroundServer
from millebornes.web.turnclock import ABANDON_TIMEOUTS, LISTED_CONTROL
from webclient import create_room

OPTIONS = RoomOptions(
    bot_delay=0, deal_pause=0, settle_seconds=0, away_seconds=3600, seed=5, lease_seconds=3600
)
MOVE, BANK = LISTED_CONTROL.move_seconds, LISTED_CONTROL.bank_seconds


class StillClock(ManualClock):
    """A clock that moves only when the test moves it: what the banks are charged is exact."""

    def __init__(self) -> None:
        super().__init__()
        self.start = (time.time(), time.monotonic())

    def time(self) -> float:
        return self.start[0] + self.skipped

    def monotonic(self) -> float:
        return self.start[1] + self.skipped


class Table:
    """A room of two people in process, its clients' messages read as they come."""

    def __init__(self, room: Room, clients: list[Client], clock: ManualClock) -> None:
        self.room, self.clients, self.clock = room, clients, clock
        self.read: list[list[dict[str, Any]]] = [[], []]
        self.rng = random.Random(1)

    def drain(self) -> None:
        for seat, client in enumerate(self.clients):
            while not client.outbox.empty():
                text = client.outbox.get_nowait()
                if text is not None:
                    self.read[seat].append(json.loads(text))

    def info(self) -> dict[str, Any]:
        return self.room.info()

    async def settle(self, done: Callable[[], bool] = lambda: False) -> None:
        """Let the room's driver run (woken, as a real timer would) until ``done``, or a while."""
        self.room.wake.set()
        for _ in range(200):
            await asyncio.sleep(0.001)
            self.drain()
            if done():
                break

    async def wait_for(self, seat: int) -> None:
        """The other seat plays random legal moves until ``seat`` is to play its turn."""
        table = self.room.table
        while not (table.waiting_on() == seat and table.match.deal.decision == "turn"):
            other = table.waiting_on()
            assert other is not None, "the room waits on nobody"
            legal = table.match.view(other).legal
            action = str(self.rng.choice(legal))
            await self.room.act(self.clients[other], Act(action=action, seat=other))
            await self.settle(lambda: table.waiting_on() is not None)

    async def run_out(self, seat: int) -> None:
        """``seat``'s time runs out: the stand-in plays its move."""
        told = len(self.timeouts(seat))
        self.clock.advance(MOVE + self.info()["banks"][seat] + 0.5)
        await self.settle(lambda: len(self.timeouts(seat)) > told)
        assert len(self.timeouts(seat)) == told + 1, "the stand-in played, and it was said"

    def timeouts(self, seat: int) -> list[dict[str, Any]]:
        return [m for m in self.read[seat] if m["type"] == "timeout"]


@asynccontextmanager
async def a_table(time_control: str) -> AsyncIterator[Table]:
    clock = StillClock()
    rooms = Rooms(ServerStore(":memory:", owner="test", lease_seconds=3600), OPTIONS, clock)
    try:
        social = Social(time_control=time_control)
        room = rooms.create("dujardin", ["person", "person"], single_deal=True, social=social)
        clients = [Client(), Client()]
        for seat, name in enumerate(("Ann", "Bob")):
            _, token = await room.join(name, seat)
            await room.hello(clients[seat], Hello(tokens=(token,)))
        table = Table(room, clients, clock)
        await table.settle()
        yield table
    finally:
        await rooms.close()
        rooms.store.close()


def test_an_idle_turn_is_played_by_the_stand_in_and_three_in_a_row_abandon_the_seat() -> None:
    async def game() -> None:
        async with a_table("standard") as table:
            room = table.room
            seat = room.table.waiting_on()
            assert seat is not None
            await table.wait_for(seat)
            info = table.info()
            assert info["time_control"] == {"move": MOVE, "bank": BANK}
            assert info["banks"] == [BANK, BANK]
            assert info["turn_ends"] is not None

            # In time but slow: 40 s, of which the move's own 30 and 10 from the bank.
            table.clock.advance(MOVE + 10)
            legal = room.table.match.view(seat).legal
            await room.act(table.clients[seat], Act(action=str(legal[0]), seat=seat))
            assert table.info()["banks"][seat] == BANK - 10

            for timeout in range(1, ABANDON_TIMEOUTS + 1):
                await table.wait_for(seat)
                await table.run_out(seat)
                played = room.table.log[-1]
                assert (played.seat, played.stand_in) == (seat, True)
                told = [m for m in table.read[1 - seat] if m["type"] == "state"][-1]
                assert told["event"]["text"].startswith(f"{room.table.names()[seat]}'s stand-in")
                abandoned = timeout == ABANDON_TIMEOUTS
                assert table.timeouts(1 - seat)[-1] == {
                    "type": "timeout",
                    "seat": seat,
                    "in_a_row": timeout,
                    "abandoned": abandoned,
                }
                assert len(table.timeouts(seat)) == timeout, "said once, to everyone"
                assert table.info()["banks"][seat] == 0, "the bank is spent"
                assert table.info()["seats"][seat]["away"] == abandoned

            # The seat is the stand-in's now: its turns are played at once, with no clock.
            version = room.table.version
            await table.wait_for(1 - seat)  # the other plays, then the stand-in at once
            legal = room.table.match.view(1 - seat).legal
            await room.act(table.clients[1 - seat], Act(action=str(legal[0]), seat=1 - seat))
            await table.settle(lambda: room.table.log[-1].seat == seat)
            assert room.table.log[-1].seat == seat
            assert room.table.log[-1].stand_in
            assert room.table.version > version + 1
            assert len(table.timeouts(seat)) == ABANDON_TIMEOUTS, "no time ran out"

    asyncio.run(game())


def test_a_friends_table_has_no_clock() -> None:
    async def game() -> None:
        async with a_table("none") as table:
            info = table.info()
            assert (info["time_control"], info["banks"], info["turn_ends"]) == (None, None, None)
            version = table.room.table.version
            table.clock.advance(3600)
            await table.settle()
            assert table.room.table.version == version, "nobody played for the idle seat"
            assert table.timeouts(0) == []

    asyncio.run(game())


def test_a_room_is_created_with_its_time_control_and_coup_fourre_window(
    server: BackgroundServer,
) -> None:
    def room(**settings: Any) -> dict[str, Any]:
        code = create_room(server, ["person", "easy"], **settings)
        return dict(httpx.get(f"{server.url}/api/rooms/{code}").json())

    friends = room()
    assert friends["time_control"] is None
    assert friends["coup_fourre_seconds"] == 10
    assert room(listed=True)["time_control"] == {"move": MOVE, "bank": BANK}
    assert room(listed=True, time_control="none")["time_control"] is None
    assert room(time_control="relaxed")["time_control"] == {"move": 60, "bank": 300}
    assert room(long_coup_fourre=True)["coup_fourre_seconds"] == 20
    refused = httpx.post(
        f"{server.url}/api/rooms", json={"seats": ["person", "easy"], "time_control": "blitz"}
    )
    assert refused.status_code == 400
    assert "time_control" in refused.json()["message"]
