"""The game layer alone: the server's rooms driven in one process, with no socket.

    python -m benchmarks.rooms                      # 20 rooms of four, 5,000 actions, three runs
    python -m benchmarks.rooms --folder /dev/shm    # the database in memory: no disk flushes
    python -m benchmarks.rooms --actions 2000 --runs 1

``benchmarks.load`` measures the whole server over WebSockets, where the transport's share and
the machine's noise (two processes of clients and server on the same cores) hide a change of a
tenth in the game's own work. This drives the same ``Rooms`` (a SQLite store in a temporary
folder, its writer thread, the rooms' drivers) from one event loop: each room's four people are
clients whose messages are read from their queues, never sent; the seat to act plays a random
legal action, so every kind of move and message comes up. It prints the process's CPU an action
(every thread: the store's writer too) over the measured actions, after ``--warm`` actions that
fill the rooms' caches of words, and the messages queued an action. Seeds are fixed: the same
code plays the same actions.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from millebornes.store import ServerStore
from millebornes.web.client import Client
from millebornes.web.options import RoomOptions
from millebornes.web.protocol import Act, Hello
from millebornes.web.room import Room
from millebornes.web.rooms import Rooms

SEATS = 4
SEED = 7  # the deals of every room (RoomOptions.seed) and the actions chosen


@dataclass(frozen=True)
class Measure:
    actions: int
    cpu_seconds: float
    messages: int

    @property
    def ms_an_action(self) -> float:
        return 1000 * self.cpu_seconds / self.actions


async def _seat_people(room: Room) -> list[Client]:
    clients = []
    for seat in range(SEATS):
        _, token = await room.join(f"p{seat}", seat)
        client = Client()
        await room.hello(client, Hello(tokens=(token,), language="en"))
        clients.append(client)
    return clients


def _read(clients: list[Client]) -> int:
    """Empty the clients' queues as their sockets would; how many messages they held."""
    read = 0
    for client in clients:
        while not client.outbox.empty():
            client.outbox.get_nowait()
            read += 1
    return read


async def _step(room: Room, clients: list[Client], rng: random.Random) -> bool:
    """One action in ``room`` if someone may act now (the next deal started if they all saw
    the score); whether an action was taken."""
    table = room.table
    if table.pausing:
        for client in clients:
            await room.next_deal(client)
        return False
    seat = table.waiting_on()
    if seat is None:
        await asyncio.sleep(0)  # a hold or a clock: the room's driver moves it on
        return False
    action = rng.choice(table.match.view(seat).legal)
    await room.act(clients[seat], Act(action=str(action), seat=seat))
    return True


async def play(rooms_count: int, actions: int, warm: int, folder: Path) -> Measure:
    """``warm`` then ``actions`` actions over ``rooms_count`` rooms of four people, the CPU
    and messages of the latter counted; a finished match is replaced by a new room."""
    options = RoomOptions(bot_delay=0, deal_pause=0, settle_seconds=0, away_seconds=3600, seed=SEED)
    rooms = Rooms(ServerStore(folder / "rooms.sqlite", owner="benchmark"), options)
    rng = random.Random(SEED)
    tables = []
    for _ in range(rooms_count):
        room = rooms.create("dujardin", ["person"] * SEATS)
        tables.append((room, await _seat_people(room)))
    taken = messages = 0
    began = 0.0
    try:
        while taken < warm + actions:
            for number, (room, clients) in enumerate(tables):
                if taken == warm and not began:
                    began = time.process_time()
                    messages = 0
                messages += _read(clients)
                if room.table.is_over:
                    fresh = rooms.create("dujardin", ["person"] * SEATS)
                    tables[number] = (fresh, await _seat_people(fresh))
                    continue
                taken += await _step(room, clients, rng)
        cpu = time.process_time() - began
        messages += sum(_read(clients) for _, clients in tables)
    finally:
        await rooms.close()
        rooms.store.close()
    return Measure(taken - warm, cpu, messages)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.rooms", description=__doc__)
    parser.add_argument("--rooms", type=int, default=20, help="rooms of four people (20)")
    parser.add_argument("--actions", type=int, default=5000, help="actions measured (5000)")
    parser.add_argument("--warm", type=int, default=2000, help="actions before (2000)")
    parser.add_argument("--runs", type=int, default=3, help="runs, for a median (3)")
    parser.add_argument(
        "--folder",
        type=Path,
        default=None,
        help="where the database goes (default: a temporary folder on disk; /dev/shm leaves "
        "the disk's flushes, which the kernel counts as the process's CPU, out of the measure)",
    )
    args = parser.parse_args(argv)
    if not (1 <= args.rooms <= 1000 and 1 <= args.actions <= 10**6 and 0 <= args.warm <= 10**6):
        parser.error("--rooms is 1 to 1000, --actions 1 to 1000000, --warm 0 to 1000000")
    if not 1 <= args.runs <= 10:
        parser.error("--runs is 1 to 10")
    print(f"{args.rooms} rooms of {SEATS} people, {args.warm} actions to warm up, then")
    figures = []
    for number in range(args.runs):
        with tempfile.TemporaryDirectory(dir=args.folder) as folder:
            measure = asyncio.run(play(args.rooms, args.actions, args.warm, Path(folder)))
        figures.append(measure.ms_an_action)
        print(
            f"run {number + 1}: {measure.actions} actions, {measure.ms_an_action:.3f} ms of CPU "
            f"an action, {measure.messages / measure.actions:.2f} messages an action"
        )
    shown = ", ".join(f"{figure:.3f}" for figure in figures)
    print(f"median: {statistics.median(figures):.3f} ms of CPU an action (runs: {shown})")


if __name__ == "__main__":
    main()
