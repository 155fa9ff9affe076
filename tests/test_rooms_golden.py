"""Golden rooms: every message five fixed-seed rooms send to their seats and a spectator, from
the greeting to the score sheet, pinned so that moving the server's code proves it changed
nothing a client reads.

The rooms run in process with no socket (as ``benchmarks.rooms`` drives them): people who play a
random legal action from what their last message offered, write in the chat, react and mute,
and try a move out of turn. Each message is normalised for what differs between runs (the room's
code, wall-clock times) and kept as a digest; a failure shows the first message that differs.
A deliberate change of the messages regenerates the file (``python tests/test_rooms_golden.py``)
and says so in its commit.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from millebornes.store import ServerStore
from millebornes.web.client import Client
from millebornes.web.options import RoomOptions
from millebornes.web.protocol import Act, Chat, Hello, Mute, ProtocolError, React
from millebornes.web.room import Room
from millebornes.web.rooms import Rooms

GOLDEN = Path(__file__).parent / "golden" / "room_messages.json"
# (rules, seats, the seats' language, the spectator's language)
ROOMS = [
    ("dujardin", 2, "en", "fr"),
    ("dujardin", 3, "fr", "en"),
    ("parker", 4, "en", "fr"),
    ("dujardin", 6, "fr", "en"),
    ("winning-moves", 4, "en", "fr"),
]
SEED = 7
# Wall-clock times and time left.
CLOCKS = {"clock", "away_at", "at", "countdown", "turn_ends", "next_deal_at"}


WATCHER = re.compile(r"watcher:[0-9a-f]+")  # a spectator's id, salted by each server


def _normalise(message: Any, code: str, watchers: dict[str, str]) -> Any:
    """``message`` with the room's code, the spectators' ids (numbered as they first come up)
    and the clocks replaced by what every run shares."""
    if isinstance(message, dict):
        return {
            key: (
                "<time>"
                if key in CLOCKS and value is not None
                else _normalise(value, code, watchers)
            )
            for key, value in message.items()
        }
    if isinstance(message, list):
        return [_normalise(value, code, watchers) for value in message]
    if isinstance(message, str):
        return WATCHER.sub(
            lambda match: watchers.setdefault(match[0], f"watcher:{len(watchers)}"),
            message.replace(code, "<room>"),
        )
    return message


class _Transcript:
    """What each client of one room read, in order, normalised."""

    def __init__(self, code: str, clients: list[Client]) -> None:
        self.code, self.clients = code, clients
        self.read: list[list[Any]] = [[] for _ in clients]
        self.watchers: dict[str, str] = {}

    def drain(self) -> None:
        for number, client in enumerate(self.clients):
            while not client.outbox.empty():
                text = client.outbox.get_nowait()
                message = None if text is None else json.loads(text)
                self.read[number].append(_normalise(message, self.code, self.watchers))

    def refused(self, number: int, error: ProtocolError) -> None:
        """A refusal a client was told, kept in its place in that client's messages."""
        self.read[number].append({"refused": str(error), "code": error.code})

    def offered(self, number: int) -> list[str]:
        """The actions the last view sent to client ``number`` offered."""
        for message in reversed(self.read[number]):
            view = message.get("view") if isinstance(message, dict) else None
            if view is not None:
                return list(view.get("legal", []))
        return []


async def _play(rules: str, seats: int, language: str, watcher_language: str) -> list[list[Any]]:
    options = RoomOptions(
        bot_delay=0,
        deal_pause=0,
        settle_seconds=0,
        away_seconds=3600,
        seed=SEED,
        lease_seconds=3600,
    )
    # In memory (no flush to wait for), and a lease no loaded machine outlasts.
    rooms = Rooms(ServerStore(":memory:", owner="golden", lease_seconds=3600), options)
    try:
        return await _play_room(rooms, rules, seats, language, watcher_language)
    finally:
        await rooms.close()
        rooms.store.close()


async def _play_room(
    rooms: Rooms, rules: str, seats: int, language: str, watcher_language: str
) -> list[list[Any]]:
    room: Room = rooms.create(rules, ["person"] * seats, single_deal=True)
    clients = [Client() for _ in range(seats + 1)]
    transcript = _Transcript(room.code, clients)
    for seat in range(seats):
        _, token = await room.join(f"Player {seat}", seat)
        await room.hello(clients[seat], Hello(tokens=(token,), language=language))
        transcript.drain()
    spectator = clients[seats]
    await room.hello(spectator, Hello(tokens=(), language=watcher_language, name="Zoé"))
    transcript.drain()
    rng = random.Random(SEED)
    taken = idle = 0
    while not room.table.is_over:
        transcript.drain()
        movers = [seat for seat in range(seats) if transcript.offered(seat)]
        if not movers:
            idle += 1
            assert idle < 1000, "the room stopped offering moves"
            await asyncio.sleep(0.001)  # a hold or a clock: the room's driver moves it on
            continue
        idle = 0
        seat = movers[0]
        if taken % 23 == 5:  # someone out of turn is refused, in their language
            other = (seat + 1) % seats
            try:
                await room.act(clients[other], Act(action="discard 25", seat=other))
            except ProtocolError as error:
                transcript.refused(other, error)
        if taken % 31 == 7:
            await room.chat(clients[seat], Chat(text=f"move {taken}", seat=seat))
            await room.chat(spectator, Chat(text="allez !", seat=None))
        if taken % 37 == 11:
            await room.chat(clients[seat], React(reaction="wow", seat=seat))
        if taken == 20:
            await room.mute(clients[0], Mute(author=f"seat:{seats - 1}", muted=True))
        action = rng.choice(transcript.offered(seat))
        transcript.read[seat].append({"sent": action})  # so the next offer is read afresh
        await room.act(clients[seat], Act(action=action, seat=seat))
        taken += 1
    for _ in range(50):  # the score sheet and what follows the end of the match
        await asyncio.sleep(0.001)
    transcript.drain()
    return transcript.read


def _digests(read: list[list[Any]]) -> list[list[str]]:
    return [
        [hashlib.sha256(json.dumps(m, sort_keys=True).encode()).hexdigest()[:16] for m in messages]
        for messages in read
    ]


def _key(rules: str, seats: int, language: str, watcher_language: str) -> str:
    return f"{rules}-{seats}-{language}-{watcher_language}"


@pytest.mark.parametrize(("rules", "seats", "language", "watcher_language"), ROOMS)
def test_a_fixed_seed_room_tells_everyone_exactly_the_golden_messages(
    rules: str, seats: int, language: str, watcher_language: str
) -> None:
    read = asyncio.run(_play(rules, seats, language, watcher_language))
    golden = json.loads(GOLDEN.read_text())[_key(rules, seats, language, watcher_language)]
    for client, (messages, expected) in enumerate(zip(read, golden, strict=True)):
        digests = _digests([messages])[0]
        for number, (digest, want) in enumerate(zip(digests, expected, strict=False)):
            assert digest == want, (
                f"client {client}'s message {number} differs from the golden one:\n"
                f"{json.dumps(messages[number], ensure_ascii=False)[:4000]}"
            )
        assert len(digests) == len(expected), f"client {client}: {len(digests)} messages"
    assert sum(map(len, read)) > 100 * seats  # a whole deal, told to every seat


if __name__ == "__main__":
    GOLDEN.write_text(
        json.dumps(
            {
                _key(rules, seats, language, watcher): _digests(
                    asyncio.run(_play(rules, seats, language, watcher))
                )
                for rules, seats, language, watcher in ROOMS
            },
            indent=0,
        )
        + "\n"
    )
