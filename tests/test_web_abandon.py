"""A match abandoned counts as lost (issue 46), in process on a clock the test moves on: a
person away so long that the stand-in took their seat while someone else played on has
abandoned it (kept with the room); a room closed unfinished is rated then, those who abandoned
behind, once; people who all left together, or one who came back, are not rated."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest

from clock import ManualClock
from millebornes.store import ServerStore
from millebornes.web.client import Client
from millebornes.web.options import RoomOptions
from millebornes.web.protocol import Hello
from millebornes.web.ratings import rate_closed, rate_stored
from millebornes.web.room import Room
from millebornes.web.rooms import Rooms

OPTIONS = RoomOptions(bot_delay=0, deal_pause=0, away_seconds=60, seed=5, lease_seconds=3600)


class Tables:
    """Rooms in process whose people are players p0, p1...: each has a client per seat."""

    def __init__(self, rooms: Rooms, clock: ManualClock) -> None:
        self.rooms, self.clock, self.store = rooms, clock, rooms.store

    async def open(self, seats: list[str]) -> tuple[Room, list[Client]]:
        room = self.rooms.create("dujardin", seats, single_deal=True)
        clients = []
        for seat, kind in enumerate(seats):
            if kind == "person":
                _, token = await room.join(f"P{seat}", seat)
                self.store.link_seat(room.code, seat, f"p{seat}")
                client = Client()
                await room.hello(client, Hello(tokens=(token,)))
                clients.append(client)
        return room, clients

    async def away(self, room: Room, *clients: Client) -> None:
        """``clients`` leave, and stay away past ``away_seconds`` (the driver looks again)."""
        for client in clients:
            await room.leave(client)
        self.clock.advance(OPTIONS.away_seconds + 1)
        room.wake.set()
        for _ in range(50):
            await asyncio.sleep(0.01)

    def check_p0_lost(self) -> None:
        """p0 lost the match to p1, rated."""
        ann_mu, bob_mu = self.mus()
        assert ann_mu is not None
        assert bob_mu is not None
        assert ann_mu < 25 < bob_mu

    def mus(self) -> list[float | None]:
        """Each player's mu for 2-player dujardin (None: not rated)."""
        found = [self.store.ratings(f"p{n}") for n in range(2)]
        return [rated[0].rating.mu if rated else None for rated in found]


@asynccontextmanager
async def tables() -> AsyncIterator[Tables]:
    clock = ManualClock()
    rooms = Rooms(ServerStore(":memory:", owner="test", lease_seconds=3600), OPTIONS, clock)
    for n in range(2):
        rooms.store.add_player(f"p{n}", f"h{n}")
    try:
        yield Tables(rooms, clock)
    finally:
        await rooms.close()
        rooms.store.close()


@pytest.mark.slow
def test_a_person_who_left_while_the_other_played_on_loses_the_closed_room() -> None:
    async def scenario() -> None:
        async with tables() as at:
            room, (ann, bob) = await at.open(["person", "person"])
            await at.away(room, ann)
            assert room.turn_clock.abandoned == {0}
            assert at.store.load(room.code).meta["social"]["abandoned"] == [0], "kept"
            await at.away(room, bob)  # then Bob leaves too, and the room is closed idle
            await at.rooms.close_room(room)
            at.check_p0_lost()
            await rate_closed(room, [0, 1])
            assert at.store.ratings("p0")[0].rating.games == 1, "rated once"

    asyncio.run(scenario())


@pytest.mark.slow
def test_people_who_left_together_or_came_back_are_not_rated() -> None:
    async def scenario() -> None:
        async with tables() as at:
            together, clients = await at.open(["person", "person"])
            await at.away(together, *clients)
            await at.rooms.close_room(together)
            back, (ann, bob) = await at.open(["person", "person"])
            await at.away(back, ann)
            assert back.turn_clock.abandoned == {0}
            await back.hello(Client(), Hello(tokens=(), language="en"))  # a spectator: no
            assert back.turn_clock.abandoned == {0}
            again = Client()
            again.player, again.linked = "p0", (0,)  # Ann's player, on another device
            await back.hello(again, Hello(tokens=()))
            assert back.turn_clock.abandoned == set(), "she came back"
            await at.away(back, again, bob)
            await at.rooms.close_room(back)
            assert at.mus() == [None, None]

    asyncio.run(scenario())


def test_a_person_who_leaves_a_game_against_a_bot_loses_it_when_it_closes() -> None:
    async def scenario() -> None:
        async with tables() as at:
            room, (ann,) = await at.open(["person", "easy"])
            await at.away(room, ann)
            await at.rooms.close_room(room)
            (rated,) = at.store.ratings("p0")
            assert rated.rating.mu < 25

    asyncio.run(scenario())


def test_a_room_closed_by_another_server_after_a_restart_is_rated_from_what_was_kept() -> None:
    async def scenario() -> None:
        async with tables() as at:
            room, (ann, bob) = await at.open(["person", "person"])
            await at.away(room, ann)
            await at.away(room, bob)
            await at.rooms.let_go(room, release=True)  # as a server stopping lets it go
            at.clock.advance(OPTIONS.idle_seconds + 1)
            await at.rooms._archive_idle_stored()
            assert at.store.load(room.code).archived
            at.check_p0_lost()

    asyncio.run(scenario())


def test_a_stored_room_that_cannot_be_loaded_is_not_rated(caplog: pytest.LogCaptureFixture) -> None:
    def load() -> Room:
        raise KeyError("seats")  # a record this version cannot replay

    asyncio.run(rate_stored(load, "old"))
    assert "room old: could not be loaded to rate it" in caplog.text
