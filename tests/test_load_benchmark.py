"""benchmarks.load's clients play as the page does: they answer the server's heartbeat (a client
that never answers is dropped as silent, and the benchmark then measures a few dying rooms)."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import AsyncIterator
from typing import Any, cast

from benchmarks.load import Measures, SeatClient
from websockets.asyncio.client import ClientConnection


class Socket:
    """A connection that brings ``messages`` and keeps what the client sends."""

    def __init__(self, messages: list[dict[str, Any]]) -> None:
        self.messages = messages
        self.sent: list[Any] = []

    async def __aiter__(self) -> AsyncIterator[str]:
        for message in self.messages:
            yield json.dumps(message)
            await asyncio.sleep(0)

    async def send(self, text: str) -> None:
        self.sent.append(json.loads(text))


def state(event: int | None, legal: list[str], over: bool = False) -> dict[str, Any]:
    return {"type": "state", "event": event, "room": {"over": over}, "view": {"legal": legal}}


def test_a_client_answers_pings_passes_over_notices_and_plays_its_turn() -> None:
    socket = Socket(
        [
            {"type": "ping"},
            {"type": "notice", "text": "The server restarts in a minute."},
            state(None, ["play 25"]),
            {"type": "ping"},
            state(0, [], over=True),
        ]
    )
    measures = Measures()
    client = SeatClient(0, cast(ClientConnection, socket), measures, random.Random(0))

    async def play() -> None:
        await client.run(think=0)
        assert client.sending is not None
        await client.sending

    asyncio.run(play())
    assert socket.sent.count({"type": "pong"}) == 2  # one a ping
    assert [sent for sent in socket.sent if sent["type"] == "action"] == [
        {"type": "action", "action": "play 25"}
    ]
    assert measures.errors == []
    assert measures.finished_rooms == {0}
