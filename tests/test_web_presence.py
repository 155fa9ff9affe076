"""Presence: a room tells everyone at it who watches (how many, and the names they gave), one
watcher counted once however many pages it opened; the public list counts them the same way.
In process, as the golden rooms are played."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from millebornes.store import ServerStore
from millebornes.web.chat import Social
from millebornes.web.client import Client
from millebornes.web.listing import listing
from millebornes.web.options import RoomOptions
from millebornes.web.protocol import Hello
from millebornes.web.rooms import Rooms

OPTIONS = RoomOptions(bot_delay=0, deal_pause=0, away_seconds=3600, seed=5, lease_seconds=3600)


KNOWN: dict[Client, dict[str, Any]] = {}


def last_room(client: Client) -> dict[str, Any]:
    """The room's info as ``client`` was last told it (a room tells nothing that did not
    change)."""
    while not client.outbox.empty():
        text = client.outbox.get_nowait()
        message = None if text is None else json.loads(text)
        if message is not None and message.get("room") is not None:
            KNOWN[client] = message["room"]
    return KNOWN[client]


def spectator(address: str) -> Client:
    client = Client()
    client.address = address
    return client


def test_everyone_at_a_room_is_told_who_watches_it_each_watcher_once() -> None:
    async def room_watched() -> None:
        rooms = Rooms(ServerStore(":memory:", owner="test", lease_seconds=3600), OPTIONS)
        try:
            room = rooms.create("dujardin", ["person", "person"], social=Social(listed=True))
            ann = Client()
            _, token = await room.join("Ann", 0)
            await room.hello(ann, Hello(tokens=(token,)))
            assert last_room(ann)["watching"] == {"count": 0, "names": []}

            zoe, zoe_again, quiet = spectator("10.0.0.1"), spectator("10.0.0.1"), spectator("::1")
            await room.hello(zoe, Hello(name="Zoé"))
            await room.hello(zoe_again, Hello(name="Zoé"))  # a second tab
            await room.hello(quiet, Hello())  # said no name
            told = last_room(ann)["watching"]
            assert told == {"count": 2, "names": ["Zoé"]}
            assert last_room(quiet)["watching"] == told  # the spectators are told too
            listed = listing(room)
            assert listed is not None
            assert listed["watching"] == 2

            await room.leave(zoe)
            assert last_room(ann)["watching"] == {"count": 2, "names": ["Zoé"]}  # her other tab
            await room.leave(zoe_again)
            assert last_room(ann)["watching"] == {"count": 1, "names": []}
        finally:
            await rooms.close()
            rooms.store.close()

    asyncio.run(room_watched())
