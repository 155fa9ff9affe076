"""A test client of the browser game's server, and helpers shared by its tests."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any, Protocol

import httpx
from websockets.asyncio.client import ClientConnection, connect

from millebornes import Deal
from millebornes.web.options import RoomOptions


# Bots play at once, and test clients may act as fast as the server answers (the message limit
# a person never reaches is tested on its own).
class Server(Protocol):
    """A server the tests talk to: in a thread (BackgroundServer) or a process (Served)."""

    url: str

    def ws_url(self, code: str) -> str: ...


FAST = RoomOptions(bot_delay=0, deal_pause=0, messages_per_second=1000, message_burst=1000)
TIMEOUT = 20


def create_room(server: Server, seats: list[str], **settings: Any) -> str:
    response = httpx.post(f"{server.url}/api/rooms", json={"seats": seats, **settings})
    assert response.status_code == 201, response.text
    return str(response.json()["code"])


def join(server: Server, code: str, name: str) -> tuple[int, str]:
    response = httpx.post(f"{server.url}/api/rooms/{code}/join", json={"name": name})
    assert response.status_code == 200, response.text
    return response.json()["seat"], response.json()["token"]


class Player:
    """A test client: its messages, and random legal actions from its own views."""

    def __init__(self, socket: ClientConnection, seed: int = 0, think: float = 0) -> None:
        self.socket = socket
        self.messages: list[dict[str, Any]] = []
        self.rng = random.Random(seed)
        self.pending: str | None = None
        self.think = think  # seconds before each action: a server's limits are a person's

    @classmethod
    async def connect(
        cls,
        server: Server,
        code: str,
        tokens: list[str],
        seed: int = 0,
        language: str = "en",
    ) -> Player:
        player = cls(await connect(server.ws_url(code)), seed)
        await player.send({"type": "hello", "tokens": tokens, "language": language})
        return player

    async def send(self, message: dict[str, Any]) -> None:
        await self.socket.send(json.dumps(message))

    async def receive(self) -> dict[str, Any]:
        """The next message but the server's pings, which it answers as a page does."""
        while True:
            message: dict[str, Any] = json.loads(
                await asyncio.wait_for(self.socket.recv(), TIMEOUT)
            )
            if not await self._heartbeat(message):
                self.messages.append(message)
                return message

    async def _heartbeat(self, message: dict[str, Any]) -> bool:
        """Answer the server's ping; whether ``message`` was one."""
        if message["type"] != "ping":
            return False
        await self.send({"type": "pong"})
        return True

    async def receive_state(self) -> dict[str, Any]:
        """The next state message; an error the server sent meanwhile fails the test at once."""
        while True:
            message = await self.receive()
            if message["type"] == "error":
                raise AssertionError(f"unexpected error: {message}")
            if message["type"] == "state":
                return message

    async def play(self, stop: Any = None) -> None:
        """Play random legal actions until the game is over (or ``stop(message)`` is true)."""
        while True:
            message = await self.receive()
            if message["type"] == "error":
                raise AssertionError(f"unexpected error: {message}")
            if message["type"] != "state":  # the chat's
                continue
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
                await asyncio.sleep(self.think)
                await self.send({"type": "action", "action": self.pending})

    async def drain(self, quiet: float = 0.3) -> None:
        """Receive whatever comes until nothing has come for ``quiet`` seconds."""
        try:
            while True:
                message = json.loads(await asyncio.wait_for(self.socket.recv(), quiet))
                if not await self._heartbeat(message):
                    self.messages.append(message)
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


def a_deal_that_asks(
    decision: str, rules: str = "dujardin", race: int | None = None
) -> tuple[int, list[str], int]:
    """A seed and the actions that lead to a question (``coup-fourre``, ``extension``) in a
    two-seat deal: the seat asked. Moves are drawn at random, plays and attacks first."""
    for seed in range(200):
        deal = Deal.new(rules, 2, seed, race=race)
        rng = random.Random(seed)
        actions: list[str] = []
        while not deal.is_over and len(actions) < 300:
            if deal.decision == decision:
                assert deal.to_act is not None
                return seed, actions, deal.to_act
            legal = deal.legal_actions()
            moves = [a for a in legal if str(a).split()[0] in ("play", "attack")]
            action = str(rng.choice(moves or legal))
            deal.apply(action)
            actions.append(action)
    raise AssertionError(f"no deal asked for a {decision}")


async def play_to_question(
    players: list[Player], deal: Deal, actions: list[str], decision: str
) -> dict[str, Any]:
    """Each seat sends its ``actions`` in turn; the state that asks the seat of ``decision``."""
    for action in actions:
        assert deal.to_act is not None
        player = players[deal.to_act]
        await player.send({"type": "action", "action": action})
        done = {"seat": deal.to_act, "action": action}
        while not is_event(await player.receive_state(), done):
            pass
        deal.apply(action)
    assert deal.to_act is not None
    asker = players[deal.to_act]
    message = asker.states()[-1] if asker.states() else await asker.receive_state()
    while message["view"]["decision"] != decision:
        message = await asker.receive_state()
    return message
