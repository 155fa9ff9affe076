"""A test client of the browser game's server, and helpers shared by its tests."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

from millebornes import Deal
from millebornes.web.command import BackgroundServer
from millebornes.web.rooms import RoomOptions

FAST = RoomOptions(bot_delay=0, deal_pause=0)
TIMEOUT = 20


def create_room(server: BackgroundServer, seats: list[str], **settings: Any) -> str:
    response = httpx.post(f"{server.url}/api/rooms", json={"seats": seats, **settings})
    assert response.status_code == 201, response.text
    return str(response.json()["code"])


def join(server: BackgroundServer, code: str, name: str) -> tuple[int, str]:
    response = httpx.post(f"{server.url}/api/rooms/{code}/join", json={"name": name})
    assert response.status_code == 200, response.text
    return response.json()["seat"], response.json()["token"]


class Player:
    """A test client: its messages, and random legal actions from its own views."""

    def __init__(self, socket: ClientConnection, seed: int = 0) -> None:
        self.socket = socket
        self.messages: list[dict[str, Any]] = []
        self.rng = random.Random(seed)
        self.pending: str | None = None

    @classmethod
    async def connect(
        cls, server: BackgroundServer, code: str, tokens: list[str], seed: int = 0
    ) -> Player:
        player = cls(await connect(server.ws_url(code)), seed)
        await player.send({"type": "hello", "tokens": tokens, "language": "en"})
        return player

    async def send(self, message: dict[str, Any]) -> None:
        await self.socket.send(json.dumps(message))

    async def receive(self) -> dict[str, Any]:
        message = json.loads(await asyncio.wait_for(self.socket.recv(), TIMEOUT))
        self.messages.append(message)
        return message

    async def receive_state(self) -> dict[str, Any]:
        while True:
            message = await self.receive()
            if message["type"] == "state":
                return message

    async def play(self, stop: Any = None) -> None:
        """Play random legal actions until the game is over (or ``stop(message)`` is true)."""
        while True:
            message = await self.receive()
            if message["type"] == "error":
                raise AssertionError(f"unexpected error: {message}")
            if stop is not None and stop(message):
                return
            view = message["view"]
            event = message["event"]
            if event is not None and event["action"] == self.pending:
                self.pending = None
            if view["decision"] == "over" and message["room"]["over"]:
                return
            if view.get("legal") and self.pending is None:
                self.pending = self.rng.choice(view["legal"])
                await self.send({"type": "action", "action": self.pending})

    async def drain(self, quiet: float = 0.3) -> None:
        """Receive whatever comes until nothing has come for ``quiet`` seconds."""
        try:
            while True:
                self.messages.append(json.loads(await asyncio.wait_for(self.socket.recv(), quiet)))
        except TimeoutError:
            pass

    async def close(self) -> None:
        await self.socket.close()

    def states(self) -> list[dict[str, Any]]:
        return [m for m in self.messages if m["type"] == "state"]

    def errors(self) -> list[dict[str, Any]]:
        return [m for m in self.messages if m["type"] == "error"]


def is_event(message: dict[str, Any], done: dict[str, Any]) -> bool:
    event = message["event"]
    return event is not None and {"seat": event["seat"], "action": event["action"]} == done


def a_deal_that_offers_a_coup_fourre() -> tuple[int, list[str], int]:
    """A seed and the actions that lead to a coup-fourré question in a two-seat deal."""
    for seed in range(200):
        deal = Deal.new("dujardin", 2, seed)
        rng = random.Random(seed)
        actions: list[str] = []
        while not deal.is_over and len(actions) < 60:
            if deal.decision == "coup-fourre":
                assert deal.to_act is not None
                return seed, actions, deal.to_act
            action = str(rng.choice(deal.legal_actions()))
            deal.apply(action)
            actions.append(action)
    raise AssertionError("no deal offered a coup-fourré")
