"""Several servers on one PostgreSQL database: two ``millebornes serve`` processes behind nginx
with the configuration the repository ships (deploy/nginx/millebornes.conf), one killed in the
middle of play, or the database stopped for longer than their leases; and a server that stalls
past its leases and comes back."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import re
import signal
import time
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from millebornes.store import open_store
from millebornes.web.options import RoomOptions
from millebornes.web.rooms import HANDOVER_GRACE_SECONDS
from millebornes.web.server import BackgroundServer
from millebornes.words import say
from services import PostgresServer, nginx
from serving import Served, is_subsequence, seats_and_actions, serve_command, wait_for
from webclient import FAST, Player, create_room, join

SHIPPED = Path(__file__).resolve().parent.parent / "deploy" / "nginx" / "millebornes.conf"
QUICK = ["--bot-delay", "0", "--deal-pause", "0", "--settle-seconds", "0"]
UNLIMITED = ["--rooms-per-minute", "100000", "--connects-per-minute", "100000"]
UNLIMITED += ["--rooms-per-address", "1000"]
LEASE_SECONDS = 2.0
ROOMS = 10
PLAY_SECONDS = 60  # the longest the rooms may take to finish their deal, the kill included


def shipped_site(worker_ports: list[int]) -> str:
    """The shipped configuration, listening on the test's port and sending to its workers (one
    line each, as the shipped file writes them)."""
    site = SHIPPED.read_text()
    upstreams = re.findall(r"^ *server 127\.0\.0\.1:\d+ .*;\n", site, flags=re.MULTILINE)
    assert len(upstreams) == 3, "the shipped file lists three processes"
    lines = [re.sub(r":\d+ ", f":{port} ", upstreams[0]) for port in worker_ports]
    site = site.replace("".join(upstreams), "".join(lines))
    assert "listen 80;" in site
    return site.replace("listen 80;", "listen 127.0.0.1:PORT;")


def worker_command(
    database: str, name: str, *, port: int = 0, lease: float = LEASE_SECONDS
) -> list[str]:
    """``millebornes serve`` as one of several processes: ``name`` its --worker-name."""
    command = serve_command("--port", str(port), "--db", database, "--behind-proxy", *QUICK)
    return [*command, *UNLIMITED, "--lease-seconds", str(lease), "--worker-name", name]


@contextlib.contextmanager
def workers_behind_nginx(
    database: str, count: int, env: dict[str, str] | None = None, lease: float = LEASE_SECONDS
) -> Iterator[tuple[list[Served], str]]:
    """``count`` processes named w1, w2... behind the shipped nginx configuration: them, and
    nginx's address."""
    with contextlib.ExitStack() as stack:
        workers = [
            stack.enter_context(Served(worker_command(database, f"w{n}", lease=lease), env))
            for n in range(1, count + 1)
        ]
        port = stack.enter_context(nginx(shipped_site([worker.port for worker in workers])))
        yield workers, f"http://127.0.0.1:{port}"


@dataclass
class Seat:
    """A person at a room through the proxy: plays random legal actions, reconnecting to the
    same address whenever its connection drops, and keeps every action it sent and every one
    the server told it was taken (acknowledged)."""

    url: str
    code: str
    token: str
    seat: int
    rng: random.Random
    think: tuple[float, float] = (0.005, 0.02)  # seconds before each action, at random
    patience: float = PLAY_SECONDS  # the longest its room may take to finish
    sent: list[str] = field(default_factory=list)
    acknowledged: list[str] = field(default_factory=list)
    connections: int = 0  # those that were told the table: one more a disruption
    over: bool = False

    async def play(self) -> None:
        deadline = time.monotonic() + self.patience
        while not self.over:
            assert time.monotonic() < deadline, f"room {self.code} did not finish"
            try:
                await self._connected()
            except (OSError, ConnectionClosed, InvalidStatus):
                await asyncio.sleep(0.1)  # the server went away: the page tries again

    async def _connected(self) -> None:
        async with connect(f"ws{self.url[4:]}/ws/{self.code}") as socket:
            await socket.send(json.dumps({"type": "hello", "tokens": [self.token]}))
            pending, told = None, False
            async for raw in socket:
                message = json.loads(raw)
                if message["type"] == "error":  # "moved": another server won the room's lease
                    assert message["code"] in ("restarting", "moved", "not-your-turn"), message
                    pending = None
                    continue
                if message["type"] != "state":  # a ping, a notice
                    continue
                self.connections += not told
                told = True
                event = message["event"]
                if event is not None and event["seat"] == self.seat and pending == event["action"]:
                    self.acknowledged.append(event["action"])
                    pending = None
                if message["room"]["over"]:
                    self.over = True
                    return
                legal = message["view"]["legal"]
                if legal and pending is None:
                    await asyncio.sleep(self.rng.uniform(*self.think))  # a person thinks
                    pending = self.rng.choice(legal)
                    self.sent.append(pending)
                    await socket.send(json.dumps({"type": "action", "action": pending}))


def owners(database: str) -> dict[str, str]:
    """Which process holds each room's lease: its --worker-name."""
    with psycopg.connect(database) as connection:
        rows = connection.execute("SELECT game_id, owner FROM leases").fetchall()
    return dict(rows)


@pytest.mark.slow
def test_a_worker_killed_in_play_leaves_its_rooms_to_the_other_and_loses_nothing(
    postgres_url: str,
) -> None:
    with workers_behind_nginx(postgres_url, 2) as (workers, url):
        codes, seats = rooms_of_two(url, ROOMS)
        killed, survivor = (worker.process for worker in workers)

        async def play() -> dict[str, int]:
            """Play; kill the first worker once 15 actions a room are stored: the number of
            actions stored then in each room it played."""
            playing = [asyncio.create_task(seat.play()) for seat in seats]
            store = open_store(postgres_url)
            while sum(len(store.load(code).actions) for code in codes) < 15 * ROOMS:
                await asyncio.sleep(0.02)
            held = owners(postgres_url)
            assert {held[code] for code in codes} == {"w1", "w2"}, "spread"
            killed.send_signal(signal.SIGKILL)  # in the middle of play
            at_kill = {code: len(store.load(code).actions) for code in codes}
            await asyncio.gather(*playing)
            return {code: n for code, n in at_kill.items() if held[code] == "w1"}

        moved = asyncio.run(play())
        assert survivor.poll() is None, "the other worker lives on"

    held = owners(postgres_url)
    assert moved, "the killed worker played some of the rooms"
    nothing_lost_or_doubled(postgres_url, seats)
    for code in moved:
        assert len(seats_and_actions(postgres_url, code)) > moved[code], "it went on"
        assert held[code] == "w2"
        assert all(seat.connections >= 2 for seat in seats if seat.code == code), "same URL"
    assert "w1" not in held.values()


def nothing_lost_or_doubled(database: str, seats: list[Seat]) -> None:
    """Every room of ``seats`` finished its deal, each seat's acknowledged actions stored
    once each and in order, none stored that the seat did not send."""
    for code in {seat.code for seat in seats}:
        stored = seats_and_actions(database, code)
        assert open_store(database).load(code).finished, "every room finished its deal"
        for seat in (seat for seat in seats if seat.code == code):
            taken = [action for who, action in stored if who == seat.seat]
            assert is_subsequence(seat.acknowledged, taken), "no acknowledged action was lost"
            assert is_subsequence(taken, seat.sent), "none was taken twice, none made up"


@pytest.mark.slow
def test_the_shipped_proxy_passes_over_a_drained_worker_for_new_rooms_joins_and_sockets(
    postgres_url: str,
) -> None:
    """A drained worker (or one stopping) answers 503, as its health check says: nginx then
    tries the other one, which takes the rooms over, rather than handing the 503 to players."""
    token = "operator-secret"
    with workers_behind_nginx(postgres_url, 2, {"MILLEBORNES_ADMIN_TOKEN": token}) as (
        workers,
        url,
    ):
        codes = [create_room_at(url) for _ in range(ROOMS)]
        for code in codes[:2]:
            join_at(url, code, "Ann")  # loaded where the proxy sends them
        assert {owners(postgres_url)[code] for code in codes[:2]} <= {"w1", "w2"}
        done = httpx.post(
            f"{workers[0].url}/admin/drain", headers={"Authorization": f"Bearer {token}"}
        )
        assert done.status_code == 200, done.text
        assert httpx.get(f"{workers[0].url}/healthz").status_code == 503

        async def sit(code: str) -> dict[str, Any]:
            seat = Seat(url, code, join_at(url, code, "Bob"), 1, random.Random(code))
            async with connect(f"ws{url[4:]}/ws/{code}") as socket:
                await socket.send(json.dumps({"type": "hello", "tokens": [seat.token]}))
                while (message := json.loads(await socket.recv()))["type"] != "state":
                    assert message["type"] != "error", message
                return dict(message)

        every = codes + [create_room_at(url) for _ in range(ROOMS)]
        states = [asyncio.run(sit(code)) for code in every]
        assert all(state["view"]["hand"] for state in states), "each seated, its hand dealt"
        held = owners(postgres_url)
        assert {held[code] for code in every} == {"w2"}, "all played by the other worker"


def test_the_shipped_proxy_waits_longer_than_a_room_s_handover_may_take() -> None:
    # A request for a room whose process died waits out the room's lease: a proxy that gave up
    # sooner would answer 504 where the server would have answered.
    waits = re.findall(r"proxy_read_timeout (\d+)s;", SHIPPED.read_text())
    longest_handover = RoomOptions().lease_seconds + HANDOVER_GRACE_SECONDS
    assert waits, "the shipped file sets how long nginx waits"
    assert all(int(seconds) > longest_handover for seconds in waits)


OUTAGE_SECONDS = 5  # issue 47's acceptance: PostgreSQL stopped for 5 s mid-play
# A bound on how long a room may take to go on, far above the acceptance's figures (3 s after
# PostgreSQL's return, 2 s after a killed worker's restart), which are measured and printed,
# not asserted: this machine's cores are shared, and a test that timed them would flake.
GENEROUS_SECONDS = 30.0


@pytest.mark.slow
def test_three_workers_play_on_through_a_postgresql_stop_longer_than_their_leases(
    postgres_to_stop: PostgresServer,
) -> None:
    database = postgres_to_stop.url
    with workers_behind_nginx(database, 3) as (workers, url):
        codes, seats = rooms_of_two(url, ROOMS, workers)

        async def play() -> list[float]:
            """Play, stopping PostgreSQL for OUTAGE_SECONDS mid-play: how long after its
            return each room stored its next action."""
            playing = [asyncio.create_task(seat.play()) for seat in seats]
            await asyncio.to_thread(wait_for_actions, database, 15 * ROOMS)
            await asyncio.to_thread(postgres_to_stop.stop)
            await asyncio.sleep(OUTAGE_SECONDS)
            await asyncio.to_thread(postgres_to_stop.start)
            back = time.monotonic()
            went_on = await asyncio.to_thread(seconds_to_go_on, database, codes, back)
            await asyncio.gather(*playing)
            return went_on

        went_on = asyncio.run(play())
        assert all(worker.process.poll() is None for worker in workers)

    said = f"rooms went on {went_on} s after PostgreSQL's return"
    print(said)
    assert max(went_on) < GENEROUS_SECONDS, said
    nothing_lost_or_doubled(database, seats)
    for seat in seats:
        assert seat.connections == 1, "played on by itself: never reconnected"
        taken = [
            action for who, action in seats_and_actions(database, seat.code) if who == seat.seat
        ]
        assert seat.acknowledged == taken, "none lost, none doubled"


def stored_actions(database: str) -> dict[str, int]:
    """How many actions each game stored."""
    with psycopg.connect(database) as connection:
        counted = "SELECT game_id, count(*) FROM actions GROUP BY game_id"
        return dict(connection.execute(counted).fetchall())


def wait_for_actions(database: str, total: int) -> None:
    """Wait until the games stored ``total`` actions in all (mid-play)."""
    wait_for(lambda: sum(stored_actions(database).values()) >= total, PLAY_SECONDS)


def seconds_to_go_on(database: str, codes: list[str], since: float) -> list[float]:
    """How long after ``since`` (``time.monotonic()``) each room of ``codes`` stored its next
    action (or was already over), the rooms in order, looked at every 20 ms."""
    before = stored_actions(database)
    went_on: dict[str, float] = {}
    while len(went_on) < len(codes):
        assert time.monotonic() - since < PLAY_SECONDS, f"stuck: {set(codes) - set(went_on)}"
        now = stored_actions(database)
        with psycopg.connect(database) as connection:
            over = {g for (g,) in connection.execute("SELECT id FROM games WHERE finished = 1")}
        for code in set(codes) - set(went_on):
            if now.get(code, 0) > before.get(code, 0) or code in over:
                went_on[code] = round(time.monotonic() - since, 2)
        time.sleep(0.02)
    return [went_on[code] for code in codes]


def rooms_of_two(
    url: str, rooms: int, workers: list[Served] | None = None
) -> tuple[list[str], list[Seat]]:
    """``rooms`` new rooms of two people, Ann and Bob at each through ``url``: their codes and
    seats. Each room is created at ``url``, or at each of ``workers`` in turn (then it plays
    there: each worker plays some)."""
    places = [worker.url for worker in workers] if workers else [url]
    codes = [create_room_at(places[n % len(places)]) for n in range(rooms)]
    seats = [
        Seat(url, code, join_at(url, code, name), seat, random.Random(f"{code}{seat}"))
        for code in codes
        for seat, name in enumerate(("Ann", "Bob"))
    ]
    return codes, seats


def create_room_at(url: str) -> str:
    response = httpx.post(
        f"{url}/api/rooms", json={"seats": ["person", "person"], "single_deal": True}
    )
    assert response.status_code == 201, response.text
    return str(response.json()["code"])


def join_at(url: str, code: str, name: str) -> str:
    response = httpx.post(f"{url}/api/rooms/{code}/join", json={"name": name}, timeout=20)
    assert response.status_code == 200, response.text
    return str(response.json()["token"])


@pytest.mark.slow
def test_a_server_that_stalls_past_its_lease_cannot_act_for_the_room_it_lost(
    postgres_url: str, tmp_path: Path
) -> None:
    """Two servers share the database; the first plays a room, then stalls (its store is held
    for longer than its lease); a client asks the second for the room, which takes it. When
    the first comes back, the action a client sent it is refused and its clients are told to
    reconnect: only the second server's actions are stored."""
    options = replace(FAST, seed=5, lease_seconds=1.0)
    with (
        BackgroundServer(postgres_url, options) as first,
        BackgroundServer(postgres_url, options) as second,
    ):
        code = create_room(first, ["person", "person"], single_deal=True)
        tokens = [join(first, code, name)[1] for name in ("Ann", "Bob")]
        stalled_store = first.server.rooms.store

        async def game() -> tuple[dict[str, Any], int | None, list[str]]:
            ann = await Player.connect(first, code, [tokens[0]], language="fr")
            view = (await ann.receive_state())["view"]
            with stalled_store._lock:  # the first server stalls
                await ann.send({"type": "action", "action": view["legal"][0]})
                await asyncio.sleep(1.5)  # its lease runs out
                bob = await Player.connect(second, code, [tokens[1]])  # the second takes it
                await bob.receive_state()
                taken = open_store(postgres_url).load(code).actions
            refused = await ann.receive()  # the stalled server comes back
            with contextlib.suppress(ConnectionClosed):
                while True:
                    await ann.receive()
            await bob.close()
            return refused, ann.socket.close_code, taken

        refused, close_code, taken = asyncio.run(game())
    assert refused["code"] == "restarting"
    assert refused["message"] == say("fr", "refusal-room_moved"), "in Ann's language"
    assert close_code == 1012, "told to reconnect"
    assert taken == []
    assert open_store(postgres_url).load(code).actions == [], "nothing stored by the first"


@pytest.mark.slow
def test_a_worker_killed_and_restarted_under_its_name_plays_on_without_waiting_its_leases(
    postgres_url: str,
) -> None:
    # Leases far longer than the players' patience (PLAY_SECONDS): had the rooms waited them
    # out, they would not finish; they move as soon as the killed worker is back.
    lease = 3 * PLAY_SECONDS
    with workers_behind_nginx(postgres_url, 3, lease=lease) as (workers, url):
        killed = workers[0]
        codes, seats = rooms_of_two(url, ROOMS, workers)

        async def play() -> tuple[Served, list[float], list[str]]:
            """Play, killing w1 mid-play and starting it again: the restarted process, how
            long after it was ready each of w1's rooms stored its next action, and those."""
            playing = [asyncio.create_task(seat.play()) for seat in seats]
            await asyncio.to_thread(wait_for_actions, postgres_url, 10 * ROOMS)
            killed.process.send_signal(signal.SIGKILL)
            killed.process.wait()
            held = owners(postgres_url)
            its_rooms = [code for code in codes if held[code] == "w1"]
            command = worker_command(postgres_url, "w1", port=killed.port, lease=lease)
            restarted = await asyncio.to_thread(Served, command)
            ready = time.monotonic()
            went_on = await asyncio.to_thread(seconds_to_go_on, postgres_url, its_rooms, ready)
            await asyncio.gather(*playing)
            return restarted, went_on, its_rooms

        restarted, went_on, its_rooms = asyncio.run(play())
        restarted.close()
    said = f"w1's rooms went on {went_on} s after its restart"
    print(said)
    assert its_rooms, "the killed worker played some of the rooms"
    assert max(went_on) < GENEROUS_SECONDS, said
    with psycopg.connect(postgres_url) as connection:
        leases: dict[str, int] = dict(
            connection.execute("SELECT game_id, epoch FROM leases").fetchall()
        )
    assert all(leases[code] == 2 for code in its_rooms), "taken again, under a new epoch"
    nothing_lost_or_doubled(postgres_url, seats)
    for seat in seats:
        if seat.code in its_rooms:
            assert seat.connections >= 2, "it reconnected, to the same URL"


@pytest.mark.slow
def test_after_a_rolling_restart_a_room_moves_once_and_never_back(postgres_url: str) -> None:
    """w1 stopped (SIGTERM: it hands its rooms over) and started again while three workers
    play behind the shipped nginx configuration; then every room is asked for through nginx,
    as a spectator or a page reloaded would, which sends w1's rooms to w1 again: they stay
    where they went, their players disrupted once (one reconnection), the others never."""
    with workers_behind_nginx(postgres_url, 3) as (workers, url):
        stopped = workers[0]
        codes, seats = rooms_of_two(url, ROOMS, workers)
        for seat in seats:  # slower players: the deals outlast the restart
            seat.think, seat.patience = (0.2, 0.4), 4 * PLAY_SECONDS
        its_rooms = [code for code, owner in owners(postgres_url).items() if owner == "w1"]

        async def play() -> tuple[Served, dict[str, str], set[str]]:
            """Play through w1's restart: the restarted w1, who held each room once w1 was
            back, and the rooms still being played after every room was asked for."""
            playing = [asyncio.create_task(seat.play()) for seat in seats]
            await asyncio.to_thread(wait_for_actions, postgres_url, 5 * ROOMS)
            await asyncio.to_thread(stopped.stop)
            command = worker_command(postgres_url, "w1", port=stopped.port)
            restarted = await asyncio.to_thread(Served, command)
            moved = owners(postgres_url)
            for code in codes:
                asked = await asyncio.to_thread(httpx.get, f"{url}/api/rooms/{code}")
                assert asked.status_code == 200, asked.text
            playing_on = {seat.code for seat in seats if not seat.over}
            for seat in seats:  # every room asked for: the rest of each deal at the usual pace
                seat.think = Seat.think
            await asyncio.gather(*playing)
            return restarted, moved, playing_on

        restarted, moved, playing_on = asyncio.run(play())
        restarted.close()
    assert its_rooms, "w1 played some rooms"
    assert set(its_rooms) <= playing_on, "w1's rooms played on after its restart"
    held = owners(postgres_url)
    assert all(held[code] == moved[code] != "w1" for code in its_rooms), "moved once, not back"
    nothing_lost_or_doubled(postgres_url, seats)
    disruptions = {code: max(s.connections for s in seats if s.code == code) - 1 for code in codes}
    print(f"disruptions of each room by w1's restart: {disruptions}")
    assert disruptions == {code: int(code in its_rooms) for code in codes}
