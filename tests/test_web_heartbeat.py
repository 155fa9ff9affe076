"""The heartbeat: the server pings every page and drops a connection it hears nothing from
(a stalled network closes nothing), on the server's clock, moved on by the test."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from clock import ManualClock
from millebornes.web.client import SILENT_CLOSE
from millebornes.web.server import BackgroundServer
from webclient import TIMEOUT, Player, create_room, join


@pytest.mark.slow
def test_a_silent_connection_is_pinged_then_dropped_and_its_seat_left(
    serve: Callable[..., BackgroundServer], clock: ManualClock
) -> None:
    server = serve(9, clock=clock, heartbeat_seconds=5, silent_seconds=20)
    code = create_room(server, ["person", "person"])
    tokens = [join(server, code, name)[1] for name in ("Ann", "Bob")]

    async def game() -> tuple[list[dict[str, Any]], int | None, dict[str, Any]]:
        ann = await Player.connect(server, code, [tokens[0]])
        bob = await connect(server.ws_url(code))  # a page whose network stalls: it says nothing
        await bob.send(json.dumps({"type": "hello", "tokens": [tokens[1]]}))
        while not (await ann.receive_state())["room"]["seats"][1]["online"]:
            pass
        clock.advance(15)
        read = [json.loads(await asyncio.wait_for(bob.recv(), TIMEOUT))]
        while read[-1]["type"] != "ping":  # pinged within a second of real time
            read.append(json.loads(await asyncio.wait_for(bob.recv(), TIMEOUT)))
        await ann.send({"type": "pong"})  # Ann's page answers its pings; Bob's does not
        clock.advance(10)  # Bob silent 25 s, Ann 10 s
        left = await ann.receive_state()
        while left["room"]["seats"][1]["online"]:
            left = await ann.receive_state()
        with contextlib.suppress(ConnectionClosed):
            while True:
                read.append(json.loads(await asyncio.wait_for(bob.recv(), TIMEOUT)))
        await ann.close()
        return read, bob.close_code, left

    bob_read, close_code, left = asyncio.run(game())
    assert {"type": "ping"} in bob_read
    assert close_code == SILENT_CLOSE
    assert left["room"]["seats"][0]["online"], "Ann answered: she stays"
    assert left["room"]["seats"][1]["away_at"] is not None, "a stand-in's countdown begins"
