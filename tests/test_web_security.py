"""The browser game's server against attackers and unlucky players, over real HTTP and WebSocket
connections: no chosen shuffle, no flooding, no stuck table, one error shape."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path

import httpx

from millebornes import Deal
from millebornes.store import GameStore
from millebornes.table import SEED_BITS
from millebornes.web.command import BackgroundServer
from webclient import Player, create_room, join


def test_a_client_cannot_choose_the_seed_and_never_sees_it(
    serve: Callable[..., BackgroundServer], db: Path
) -> None:
    server = serve()
    chosen = httpx.post(f"{server.url}/api/rooms", json={"seats": ["person", "easy"], "seed": 1})
    assert chosen.status_code == 400
    assert chosen.json() == {
        "type": "error",
        "code": "bad-message",
        "message": "body: a room's deals are shuffled from a secret seed no client may choose",
    }
    codes = [create_room(server, ["person", "easy"]) for _ in range(2)]
    seeds = [GameStore(db).load(code).settings["seed"] for code in codes]
    assert seeds[0] != seeds[1]
    assert all(SEED_BITS - 16 < seed.bit_length() <= SEED_BITS for seed in seeds)
    token = join(server, codes[0], "Ann")[1]

    async def watch() -> list[str]:
        ann = await Player.connect(server, codes[0], [token])
        watcher = await Player.connect(server, codes[0], [])
        await asyncio.gather(ann.receive_state(), watcher.receive_state())
        await asyncio.gather(ann.close(), watcher.close())
        return [json.dumps(m) for m in (*ann.messages, *watcher.messages)]

    told = [*asyncio.run(watch()), httpx.get(f"{server.url}/api/rooms/{codes[0]}").text]
    assert not any(str(seeds[0]) in text for text in told)


def test_a_seed_given_to_the_server_deals_every_room_from_it(
    serve: Callable[..., BackgroundServer],
) -> None:
    server = serve(12345)
    code = create_room(server, ["person", "easy"])
    token = join(server, code, "Ann")[1]

    async def hand() -> list[str]:
        ann = await Player.connect(server, code, [token])
        state = await ann.receive_state()
        await ann.close()
        return list(state["view"]["hand"])

    assert asyncio.run(hand()) == Deal.new("dujardin", 2, 12345).view(0).to_dict()["hand"]
