"""The browser game's server against attackers and unlucky players, over real HTTP and WebSocket
connections: no chosen shuffle, no flooding, no stuck table, one error shape."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx

from millebornes import Deal
from millebornes.store import GameStore
from millebornes.table import SEED_BITS
from millebornes.web.app import MAX_BODY_BYTES
from millebornes.web.command import BackgroundServer
from millebornes.web.protocol import MAX_DEPTH
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


def test_a_body_past_the_limit_is_refused_however_it_is_sent_and_never_echoed(
    server: BackgroundServer,
) -> None:
    def chunks() -> Iterator[bytes]:
        yield b'{"seats": ["person", "easy"], "x": "'
        for _ in range(800):  # 50 MiB, in chunks: no Content-Length at all
            yield b"y" * 65536

    too_big = {
        "type": "error",
        "code": "too-big",
        "message": f"a request body is at most {MAX_BODY_BYTES} bytes",
    }
    chunked = httpx.post(f"{server.url}/api/rooms", content=chunks())
    assert chunked.status_code == 413 and chunked.json() == too_big
    declared = httpx.post(f"{server.url}/api/rooms", content=b"y" * (MAX_BODY_BYTES + 1))
    assert declared.status_code == 413 and declared.json() == too_big
    made_up = {"seats": ["person", "easy"], "k" * 3000: 1}
    refused = httpx.post(f"{server.url}/api/rooms", json=made_up)
    assert refused.status_code == 400 and refused.json()["code"] == "bad-message"
    assert len(refused.json()["message"]) < 100, "the made-up field is not echoed whole"


def test_json_nested_too_deep_is_a_bad_message_and_the_connection_stays(
    server: BackgroundServer,
) -> None:
    nested = "[" * 1000 + "]" * 1000
    deep_body = httpx.post(
        f"{server.url}/api/rooms", content=nested, headers={"content-type": "application/json"}
    )
    assert deep_body.status_code == 400
    assert deep_body.json() == {
        "type": "error",
        "code": "bad-message",
        "message": f"JSON is nested at most {MAX_DEPTH} levels deep",
    }
    code = create_room(server, ["person", "easy"])

    async def knock() -> list[dict[str, Any]]:
        watcher = await Player.connect(server, code, [])
        await watcher.receive_state()
        for depth in (900, 1000, 1500):  # the last is past the size limit
            await watcher.socket.send("[" * depth + "]" * depth)
        await watcher.send({"type": "ping"})
        replies = [await watcher.receive() for _ in range(4)]
        await watcher.close()
        return replies

    replies = asyncio.run(knock())
    assert [reply.get("code") for reply in replies] == [
        "bad-message",
        "bad-message",
        "too-big",
        None,
    ]
    assert replies[-1] == {"type": "pong"}


def test_every_error_has_the_one_shape_and_its_own_code(
    serve: Callable[..., BackgroundServer],
) -> None:
    server = serve(3, max_spectators=1, max_rooms=2)
    url = server.url
    unknown_path = httpx.get(f"{url}/api/nothing-here")
    assert unknown_path.status_code == 404
    assert unknown_path.json() == {
        "type": "error",
        "code": "not-found",
        "message": "there is nothing at this address",
    }
    wrong_method = httpx.delete(f"{url}/api/rooms")
    assert wrong_method.status_code == 405 and wrong_method.json()["code"] == "bad-message"
    code = create_room(server, ["person", "easy"])
    bad_name = httpx.post(f"{url}/api/rooms/{code}/join", json={"name": "a\x00b"})
    assert bad_name.status_code == 400 and bad_name.json()["code"] == "bad-message"
    assert "printable" in bad_name.json()["message"]
    token = join(server, code, "Ann")[1]
    create_room(server, ["person", "easy"])
    full = httpx.post(f"{url}/api/rooms", json={"seats": ["person", "easy"]})
    assert full.status_code == 503 and full.json()["code"] == "server-full"

    async def play() -> tuple[dict[str, Any], dict[str, Any]]:
        ann = await Player.connect(server, code, [token])
        await ann.receive_state()
        await ann.send({"type": "action", "action": "attack stop ²"})
        odd_digit = await ann.receive()
        first = await Player.connect(server, code, [])
        await first.receive_state()
        second = await Player.connect(server, code, [])
        one_too_many = await second.receive()
        for player in (ann, first, second):
            await player.close()
        return odd_digit, one_too_many

    odd_digit, one_too_many = asyncio.run(play())
    assert odd_digit["code"] == "illegal" and "plain letters, digits" in odd_digit["message"]
    assert one_too_many["code"] == "room-full" and "spectators" in one_too_many["message"]
