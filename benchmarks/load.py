"""Load on the browser game's server: many rooms of bot clients playing over WebSockets.

    python -m benchmarks.load                          # 1000 rooms of 4 seats for 30 s
    python -m benchmarks.load --rooms 20 --seconds 10  # a light run while others work
    python -m benchmarks.load --folder /dev/shm        # the database in memory: no disk flushes
    python -m benchmarks.load --rooms 200 --compare --runs 3   # CPU an action against the floor
    python -m benchmarks.load --rooms 200 --bot-rooms 20       # and 20 rooms of hard bots
    python -m benchmarks.load --rooms 200 --bot-rooms 20 --search-processes 1   # searching in one

Starts ``millebornes serve`` in its own process on a free loopback port with a fresh database,
creates the rooms (four people's seats each, dujardin, a match) and connects one client per
seat from this process. Each client answers every decision of its own seat from its own view (a
random legal action, and always the coup-fourré, so that every action is public) after a random
"think" time. Reports the rooms held at once, actions per second, and the latency from a client
sending an action to all four clients of its room receiving its result (p50, p95, p99, max).
The target: 1,000 rooms of 4 seats (about 1,000 actions a second) with a p95 under 50 ms and a
p99 under 100 ms, the server's limits on clients in place (this process is one address, so its
limits on rooms per address and creations are lifted for the run).

Both processes share this machine: the clients' own work (reading 4 messages per action) is
counted in the latency, so the figures are an upper bound on the server's.

``--compare`` plays the same rooms with the same clients against the transport's floor
(benchmarks.floor) and against the server, one after the other, ``--runs`` times, and prints the
server's CPU an action against the floor's: the median of the runs' ratios. ``--bot-rooms N``
adds N rooms of one client and three bots of ``--bot-level`` (hard: master's search) to the
server, whose clients are left out of the figures: how much bots thinking slow the people.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import uvloop
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

SEATS = 4
MAX_ROOMS = 1000  # the server's own cap on rooms
MAX_SECONDS = 600
PONG = json.dumps({"type": "pong"})
TARGET_P95_MS = 50
TARGET_P99_MS = 100
SERVED = re.compile(r"served at (http://[\d.]+:\d+)/")


@dataclass
class Measures:
    started: float = 0.0
    stopped: float = 0.0
    cpu: float | None = None  # the server's CPU seconds from started to stopped
    stored: float | None = None  # the actions the server's /metrics counted meanwhile
    sent: dict[tuple[int, int], float] = field(default_factory=dict)
    received: dict[tuple[int, int], list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: list[str] = field(default_factory=list)
    finished_rooms: set[int] = field(default_factory=set)

    def latencies(self) -> list[float]:
        """Seconds from each action measured to the last of its room's four clients hearing it."""
        return [
            max(self.received[key]) - sent
            for key, sent in self.sent.items()
            if self.started <= sent <= self.stopped and len(self.received[key]) == SEATS
        ]


class SeatClient:
    """One seat's client: plays its own turns from its own views, timing each action (in
    ``measures``; a client of a bots' room has its own, left out of the figures)."""

    def __init__(
        self, room: int, socket: ClientConnection, measures: Measures, rng: random.Random
    ) -> None:
        self.room = room
        self.socket = socket
        self.measures = measures
        self.rng = rng
        self.events = 0  # public events heard so far: the index of the next one
        self.pending: int | None = None
        self.sending: asyncio.Task[None] | None = None

    async def run(self, think: float) -> None:
        async for raw in self.socket:
            message = json.loads(raw)
            now = time.perf_counter()
            if message["type"] == "ping":  # the heartbeat: a client that never answers is dropped
                with contextlib.suppress(ConnectionClosed):
                    await self.socket.send(PONG)
                continue
            if message["type"] == "error":
                self.measures.errors.append(message["message"])
                self.pending = None
                continue
            if message["type"] != "state":  # a notice, the chat: nothing to play
                continue
            if message["event"] is not None:
                self.measures.received[(self.room, self.events)].append(now)
                if self.pending == self.events:
                    self.pending = None
                self.events += 1
            if message["room"]["over"]:
                self.measures.finished_rooms.add(self.room)
                return
            legal = message["view"]["legal"]
            if legal and self.pending is None:
                self.pending = self.events
                action = "coup-fourre" if "coup-fourre" in legal else self.rng.choice(legal)
                delay = self.rng.uniform(0.5, 1.5) * think
                self.sending = asyncio.create_task(self._send(delay, self.events, action))

    async def _send(self, delay: float, index: int, action: str) -> None:
        await asyncio.sleep(delay)
        self.measures.sent[(self.room, index)] = time.perf_counter()
        with contextlib.suppress(ConnectionClosed):
            await self.socket.send(json.dumps({"type": "action", "action": action}))

    async def stop(self) -> None:
        if self.sending is not None:
            self.sending.cancel()
        await self.socket.close()


def start_server(
    db: Path, floor: bool = False, search_processes: int | None = None
) -> tuple[subprocess.Popen[str], str]:
    """The server, or with ``floor`` the stand-in that only moves messages (benchmarks.floor)."""
    if floor:
        command = [sys.executable, "-m", "benchmarks.floor", "--port", "0"]
        return _started(subprocess.Popen(command, stdout=subprocess.PIPE, text=True))
    command = [
        sys.executable,
        "-m",
        "millebornes.cli.main",
        "serve",
        "--port",
        "0",
        "--db",
        str(db),
    ]
    # The table's own waits are rules of fair play, not the server's work: none here (the
    # hold after an attack, --settle-seconds, would add a second to some of the latencies).
    command += ["--bot-delay", "0", "--deal-pause", "0", "--away-seconds", "3600"]
    command += ["--settle-seconds", "0"]
    # Every room comes from this one address: let it create and connect them all.
    unlimited = str(1_000_000)
    command += ["--rooms-per-address", unlimited, "--rooms-per-minute", unlimited]
    command += ["--connects-per-minute", unlimited]
    command += ["--metrics"]  # its own count of actions, set beside the clients'
    if search_processes is not None:
        command += ["--search-processes", str(search_processes)]
    return _started(subprocess.Popen(command, stdout=subprocess.PIPE, text=True))


def _started(server: subprocess.Popen[str]) -> tuple[subprocess.Popen[str], str]:
    """The server and its address, once it says where it serves."""
    assert server.stdout is not None
    line = server.stdout.readline()
    found = SERVED.search(line)
    if found is None:
        server.kill()
        raise SystemExit(f"the server did not start: {line!r}")
    return server, found.group(1)


def cpu_seconds(pid: int) -> float | None:
    """User and system CPU time of a process (Linux), to see how busy the server was."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def open_rooms(url: str, rooms: int, seats: list[str] | None = None) -> list[list[str]]:
    """Create the rooms and take their people's seats: each room's code and tokens. ``seats``
    are the kinds of the seats (four people unless said)."""
    kinds = seats or ["person"] * SEATS
    async with httpx.AsyncClient(base_url=url, timeout=60) as http:

        async def one(number: int) -> list[str]:
            created = await http.post("/api/rooms", json={"seats": kinds})
            code = created.json()["code"]
            tokens = []
            for seat, kind in enumerate(kinds):
                if kind == "person":
                    joined = await http.post(f"/api/rooms/{code}/join", json={"name": f"p{seat}"})
                    tokens.append(joined.json()["token"])
            return [code, *tokens]

        results = []
        for start in range(0, rooms, 20):
            batch = range(start, min(rooms, start + 20))
            results += await asyncio.gather(*(one(n) for n in batch))
        return results


async def stored_actions(url: str) -> float | None:
    """The server's own count of the actions it stored (its /metrics); None from the floor."""
    async with httpx.AsyncClient() as client:
        answer = await client.get(f"{url}/metrics")
    for line in answer.text.splitlines() if answer.status_code == 200 else []:
        if line.startswith("millebornes_actions_total "):
            return float(line.split()[1])
    return None


async def drive(
    url: str,
    rooms: list[list[str]],
    seconds: float,
    think: float,
    seed: int,
    bot_rooms: list[list[str]],
    server_pid: int,
) -> Measures:
    measures, aside = Measures(), Measures()
    ws_url = "ws" + url[4:]
    clients: list[SeatClient] = []
    for group, group_measures in ((rooms, measures), (bot_rooms, aside)):
        for number, (code, *tokens) in enumerate(group):
            for seat, token in enumerate(tokens):
                socket = await connect(f"{ws_url}/ws/{code}", max_size=2**22)
                await socket.send(json.dumps({"type": "hello", "tokens": [token]}))
                rng = random.Random(seed * 7 + seat)
                clients.append(SeatClient(number, socket, group_measures, rng))
    tasks = [asyncio.create_task(client.run(think)) for client in clients]
    await asyncio.sleep(min(2.0, seconds / 5))  # warm up: every room under way
    cpu_before = cpu_seconds(server_pid)
    stored_before = await stored_actions(url)
    measures.started = time.perf_counter()
    await asyncio.sleep(seconds)
    measures.stopped = time.perf_counter()
    stored_after = await stored_actions(url)
    cpu_after = cpu_seconds(server_pid)
    if stored_before is not None and stored_after is not None:
        measures.stored = stored_after - stored_before
    if cpu_before is not None and cpu_after is not None:
        measures.cpu = cpu_after - cpu_before
    await asyncio.sleep(0.5)  # let the last actions arrive
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    await asyncio.gather(*(client.stop() for client in clients), return_exceptions=True)
    return measures


@dataclass
class Run:
    """One measured run: its measures, with the server's CPU seconds during them (connecting
    the clients and warming up left out)."""

    measures: Measures

    @property
    def cpu(self) -> float | None:
        return self.measures.cpu

    def cpu_per_action(self) -> float | None:
        actions = len(self.measures.latencies())
        return None if self.cpu is None or not actions else self.cpu / actions


def run_once(args: argparse.Namespace, floor: bool) -> Run:
    """Start the server (or the floor), open the rooms, play them, stop it."""
    with tempfile.TemporaryDirectory(dir=args.folder) as folder:
        server, url = start_server(Path(folder) / "load.sqlite", floor, args.search_processes)
        try:
            began = time.perf_counter()
            rooms = asyncio.run(open_rooms(url, args.rooms))
            bot_rooms: list[list[str]] = []
            if args.bot_rooms and not floor:
                kinds = ["person", *[args.bot_level] * (SEATS - 1)]
                bot_rooms = asyncio.run(open_rooms(url, args.bot_rooms, kinds))
            opened = len(rooms) + len(bot_rooms)
            print(f"{opened} rooms created and joined in {time.perf_counter() - began:.1f} s")
            # uvloop (installed with uvicorn, as the server uses it) keeps the clients' own
            # share of the two cores small.
            measures = uvloop.run(
                drive(url, rooms, args.seconds, args.think, args.seed, bot_rooms, server.pid)
            )
        finally:
            server.terminate()
            server.wait(timeout=30)
    return Run(measures)


def report(run: Run, rooms: int, seconds: float) -> None:
    measures = run.measures
    latencies = sorted(measures.latencies())
    active = {room for (room, _), sent in measures.sent.items() if sent >= measures.started}
    print(f"rooms held at once: {rooms} ({len(active)} acted during the measure)")
    print(f"actions measured:   {len(latencies)} ({len(latencies) / seconds:.0f} a second)")
    if measures.stored is not None and latencies:
        print(
            f"the server's count: {measures.stored:.0f} ({measures.stored / seconds:.0f} a second, "
            f"{100 * (measures.stored / len(latencies) - 1):+.1f}% of the clients'; its /metrics, "
            "bot rooms' actions included)"
        )
    if latencies:
        p50 = statistics.median(latencies) * 1000
        p95, p99 = (latencies[int(q * (len(latencies) - 1))] * 1000 for q in (0.95, 0.99))
        print(
            f"latency to all 4 seats: p50 {p50:.1f} ms, p95 {p95:.1f} ms, p99 {p99:.1f} ms, "
            f"max {latencies[-1] * 1000:.1f} ms "
            f"(target p95 < {TARGET_P95_MS} ms, p99 < {TARGET_P99_MS} ms)"
        )
        slow = sum(latency > 1.0 for latency in latencies)
        # An attack someone is asked about keeps the next seat waiting for the answer, which
        # a client gives after its think time: the server's fair play, not its load.
        print(f"over 1 s: {slow} (attacks held for a coup-fourré answer among them)")
    if run.cpu is not None:
        print(
            f"server CPU: {run.cpu:.1f} s in {seconds:.0f} s ({100 * run.cpu / seconds:.0f}% of "
            f"a core), {1000 * (run.cpu_per_action() or 0):.3f} ms an action"
        )
    if measures.errors:
        print(f"errors: {len(measures.errors)}, e.g. {measures.errors[0]!r}")


def p95(run: Run) -> float:
    latencies = sorted(run.measures.latencies())
    return latencies[int(0.95 * (len(latencies) - 1))] * 1000 if latencies else float("nan")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.load", description=__doc__)
    parser.add_argument("--rooms", type=int, default=1000, help="rooms of 4 seats (1000)")
    parser.add_argument("--seconds", type=float, default=30, help="measured seconds (30)")
    parser.add_argument(
        "--think", type=float, default=1.0, help="mean seconds a client waits before acting (1.0)"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--folder",
        type=Path,
        default=None,
        help="where the server's database goes (default: a temporary folder on disk; "
        "/dev/shm leaves the disk's flushes out of the measure)",
    )
    parser.add_argument(
        "--floor",
        action="store_true",
        help="play benchmarks.floor instead: the same stack moving the same messages with no "
        "game behind them, what the transport alone costs",
    )
    parser.add_argument(
        "--compare",
        action="store_true",
        help="play the floor, then the server, with the same rooms and clients; print the "
        "server's CPU an action against the floor's",
    )
    parser.add_argument("--runs", type=int, default=1, help="runs of each, for a median (1)")
    parser.add_argument(
        "--bot-rooms",
        type=int,
        default=0,
        help="rooms of one client and three bots besides, left out of the figures (0)",
    )
    parser.add_argument("--bot-level", default="hard", help="the bots' level (hard)")
    parser.add_argument(
        "--search-processes",
        type=int,
        default=None,
        help="the server's processes for hard bots' searches (its default: one a core)",
    )
    args = parser.parse_args(argv)
    if not 1 <= args.rooms <= MAX_ROOMS or not 0 < args.seconds <= MAX_SECONDS or args.think < 0:
        parser.error(f"--rooms is 1 to {MAX_ROOMS}, --seconds up to {MAX_SECONDS}, --think >= 0")
    if not 1 <= args.runs <= 10 or not 0 <= args.bot_rooms <= MAX_ROOMS - args.rooms:
        parser.error("--runs is 1 to 10; --bot-rooms and --rooms together at most the cap")
    kinds = [True, False] if args.compare else [args.floor]
    runs: dict[bool, list[Run]] = {True: [], False: []}
    for number in range(args.runs):
        for floor in kinds:
            print(f"\n# run {number + 1}: {'the floor' if floor else 'the server'}")
            run = run_once(args, floor)
            report(run, args.rooms, args.seconds)
            runs[floor].append(run)
    if args.runs > 1 or args.compare:
        print("\n# medians")
        for floor in kinds:
            name = "the floor" if floor else "the server"
            cpus = [cpu for run in runs[floor] if (cpu := run.cpu_per_action()) is not None]
            median = statistics.median(cpus) * 1000 if cpus else float("nan")
            p95s = [p95(r) for r in runs[floor]]
            print(
                f"{name}: CPU an action {median:.3f} ms, p95 {statistics.median(p95s):.1f} ms "
                f"(runs: {', '.join(f'{c * 1000:.3f}' for c in cpus)} ms)"
            )
    if args.compare:
        ratios = [
            server.cpu / len(server.measures.latencies()) / floor_cpu
            for server, floor in zip(runs[False], runs[True], strict=True)
            if server.cpu and floor.cpu and (floor_cpu := floor.cpu_per_action())
        ]
        shown = ", ".join(f"{ratio:.2f}" for ratio in ratios)
        print(f"server / floor, CPU an action: {statistics.median(ratios):.2f} (runs: {shown})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
