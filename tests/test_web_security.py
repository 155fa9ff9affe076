"""The browser game's server against attackers and unlucky players, over real HTTP and WebSocket
connections: no chosen shuffle, no flooding, no stuck table, one error shape."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import socket
import string
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from clock import ManualClock
from millebornes import Deal
from millebornes.store import GameStore
from millebornes.table import SEED_BITS
from millebornes.web.gameserver import ABORT_SECONDS
from millebornes.web.middleware import MAX_BODY_BYTES
from millebornes.web.protocol import MAX_DEPTH, QUOTED_CHARS
from millebornes.web.server import BackgroundServer
from serving import Served, established, never_reading, rss_bytes, serve_command
from webclient import TIMEOUT, Player, a_deal_that_asks, create_room, join, play_to_question

# The clients that never read: so many a second, for so many seconds (80 in all). Each lives about
# 9 s, so the number open levels off (at about 37) within 10 s and the last 10 s hold it there.
SOAK_RATE, SOAK_SECONDS = 4, 20


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
    assert chunked.status_code == 413
    assert chunked.json() == too_big
    declared = httpx.post(f"{server.url}/api/rooms", content=b"y" * (MAX_BODY_BYTES + 1))
    assert declared.status_code == 413
    assert declared.json() == too_big
    made_up = {"seats": ["person", "easy"], "k" * 3000: 1}
    refused = httpx.post(f"{server.url}/api/rooms", json=made_up)
    assert refused.status_code == 400
    assert refused.json()["code"] == "bad-message"
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
    assert wrong_method.status_code == 405
    assert wrong_method.json()["code"] == "bad-message"
    code = create_room(server, ["person", "easy"])
    bad_name = httpx.post(f"{url}/api/rooms/{code}/join", json={"name": "a\x00b"})
    assert bad_name.status_code == 400
    assert bad_name.json()["code"] == "bad-message"
    assert "printable" in bad_name.json()["message"]
    token = join(server, code, "Ann")[1]
    create_room(server, ["person", "easy"])
    full = httpx.post(f"{url}/api/rooms", json={"seats": ["person", "easy"]})
    assert full.status_code == 503
    assert full.json()["code"] == "server-full"

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
    assert odd_digit["code"] == "illegal"
    assert "plain letters, digits" in odd_digit["message"]
    assert one_too_many["code"] == "room-full"
    assert "spectators" in one_too_many["message"]


def test_a_flood_of_creations_from_one_address_is_limited_while_another_creates(
    serve: Callable[..., BackgroundServer],
) -> None:
    server = serve(rooms_burst=3, rooms_per_minute=0.01, rooms_per_address=100)
    body = {"seats": ["person", "easy"]}
    flood = [httpx.post(f"{server.url}/api/rooms", json=body) for _ in range(6)]
    assert [r.status_code for r in flood] == [201, 201, 201, 429, 429, 429]
    assert flood[-1].json()["code"] == "too-fast"
    with from_address("127.0.0.2") as other:
        assert other.post(f"{server.url}/api/rooms", json=body).status_code == 201


def test_one_address_holds_a_bounded_number_of_open_rooms(
    serve: Callable[..., BackgroundServer],
) -> None:
    server = serve(rooms_per_address=2)
    body = {"seats": ["person", "easy"]}
    held = [httpx.post(f"{server.url}/api/rooms", json=body) for _ in range(3)]
    assert [r.status_code for r in held] == [201, 201, 429]
    assert held[-1].json()["code"] == "too-many-rooms"
    with from_address("127.0.0.3") as other:
        assert other.post(f"{server.url}/api/rooms", json=body).status_code == 201


def test_a_flood_of_connections_from_one_address_is_limited(
    serve: Callable[..., BackgroundServer],
) -> None:
    server = serve(connects_burst=4, connects_per_minute=0.01)
    code = create_room(server, ["person", "person"])
    join(server, code, "Ann")  # a join counts as a connection

    async def knock(address: str) -> tuple[dict[str, Any], int | None]:
        socket = await connect(server.ws_url(code), local_addr=(address, 0))
        with contextlib.suppress(ConnectionClosed):  # a refused one may be closed already
            await socket.send(json.dumps({"type": "hello", "tokens": []}))
        message = json.loads(await socket.recv())
        with contextlib.suppress(ConnectionClosed):
            if message["type"] == "error":
                await socket.recv()
            await socket.close()
        return message, socket.close_code

    async def flood() -> list[tuple[dict[str, Any], int | None]]:
        return [await knock("127.0.0.1") for _ in range(4)] + [await knock("127.0.0.4")]

    answers = asyncio.run(flood())
    assert [m["type"] for m, _ in answers] == ["state", "state", "state", "error", "state"]
    assert answers[3][0]["code"] == "too-fast"
    assert answers[3][1] == 1013
    refused = httpx.post(f"{server.url}/api/rooms/{code}/join", json={"name": "Bob"})
    assert refused.status_code == 429
    assert refused.json()["code"] == "too-fast"


@contextlib.contextmanager
def from_address(address: str) -> Iterator[httpx.Client]:
    """An HTTP client whose connections come from ``address`` (a loopback address)."""
    with httpx.Client(transport=httpx.HTTPTransport(local_address=address)) as client:
        yield client


def test_behind_a_proxy_the_forwarded_address_is_the_clients(
    serve: Callable[..., BackgroundServer],
) -> None:
    server = serve(rooms_burst=1, rooms_per_minute=0.01, behind_proxy=True)
    body = {"seats": ["person", "easy"]}

    def create(forwarded: str) -> int:
        headers = {"x-forwarded-for": forwarded}
        return httpx.post(f"{server.url}/api/rooms", json=body, headers=headers).status_code

    # A client may put anything first; the proxy appends the address it saw last.
    assert [create("1.2.3.4, 10.0.0.1"), create("5.6.7.8, 10.0.0.1"), create("10.0.0.2")] == [
        201,
        429,
        201,
    ]


@pytest.mark.slow
def test_an_abandoned_room_expires_and_is_not_resumed(
    serve: Callable[..., BackgroundServer], db: Path, clock: ManualClock
) -> None:
    idle = {"idle_hours": 1.5 / 3600}  # a second and a half, time enough for a loaded machine
    server = serve(**idle)
    abandoned = create_room(server, ["person", "easy"])
    visited = create_room(server, ["person", "easy"])
    token = join(server, visited, "Ann")[1]

    def looked() -> tuple[bool, bool, httpx.Response, int]:
        """Whether each room is archived, what asking for each says."""
        archived = GameStore(db).load(abandoned).archived, GameStore(db).load(visited).archived
        asked = httpx.get(f"{server.url}/api/rooms/{abandoned}")
        return *archived, asked, httpx.get(f"{server.url}/api/rooms/{visited}").status_code

    async def stay() -> tuple[bool, bool, httpx.Response, int]:
        """Ann stays at the visited room while the sweeps find the other idle; looked at
        while she is there (once she leaves, her room is idle too), and the server stopped
        before she leaves, so that its time runs out while the server is down."""
        ann = await Player.connect(server, visited, [token])
        await ann.receive_state()
        await asyncio.sleep(3.0)
        seen = await asyncio.to_thread(looked)
        await asyncio.to_thread(server.__exit__)
        await ann.close()
        return seen

    abandoned_archived, visited_archived, closed, visited_status = asyncio.run(stay())
    assert abandoned_archived
    assert not visited_archived, "someone was there"
    assert closed.status_code == 404
    assert closed.json()["code"] == "unknown-room"
    assert "was closed: nobody had been at it" in closed.json()["message"]
    assert visited_status == 200

    # The server started again after the visited room's time was up.
    clock.advance(1.6)  # while it was down
    restarted = serve(clock=clock, **idle)
    assert GameStore(db).load(visited).archived, "idle past the limit while the server was down"
    assert httpx.get(f"{restarted.url}/api/rooms/{visited}").status_code == 404
    assert GameStore(db).game_ids(finished=False, archived=False) == []


@pytest.mark.slow
@pytest.mark.parametrize(
    ("decision", "settings", "default"),
    [
        ("coup-fourre", {}, "decline"),
        ("extension", {"rules": "parker", "race": 700}, "finish"),
    ],
)
def test_a_restart_mid_question_asks_again_and_answers_it_on_time(
    serve: Callable[..., BackgroundServer],
    db: Path,
    decision: str,
    settings: dict[str, Any],
    default: str,
) -> None:
    rules, race = settings.get("rules", "dujardin"), settings.get("race")
    seed, actions, asked = a_deal_that_asks(decision, rules, race)
    # Time enough to restart before the first server's clock runs out; a short one after.
    server = serve(seed, coup_fourre_seconds=60, extension_seconds=60)
    code = create_room(server, ["person", "person"], single_deal=True, **settings)
    tokens = [join(server, code, name)[1] for name in ("Ann", "Bob")]

    async def to_the_question() -> dict[str, Any]:
        players = [await Player.connect(server, code, [token]) for token in tokens]
        deal = Deal.new(rules, 2, seed, race=race)
        asking = await play_to_question(players, deal, actions, decision)
        await asyncio.gather(*(player.close() for player in players))
        return asking

    assert asyncio.run(to_the_question())["countdown"] > 0
    server.__exit__()
    restarted = serve(seed, coup_fourre_seconds=0.5, extension_seconds=0.5)

    async def after_the_restart() -> tuple[dict[str, Any], dict[str, Any]]:
        asker = await Player.connect(restarted, code, [tokens[asked]])
        greeting = await asker.receive_state()
        answered = greeting
        while answered["event"] is None or answered["event"]["action"] != default:
            answered = await asker.receive_state()
        await asker.close()
        return greeting, answered

    greeting, answered = asyncio.run(after_the_restart())
    assert greeting["view"]["decision"] == decision
    assert 0 < greeting["countdown"] <= 0.5, "the question is asked again with a full clock"
    assert answered["event"]["seat"] == asked
    assert GameStore(db).load(code).actions == [*actions, default]


@pytest.mark.slow
def test_a_connection_that_stops_reading_does_not_keep_its_seat_online(
    serve: Callable[..., BackgroundServer],
) -> None:
    server = serve(9, away_seconds=0.3, ping_seconds=0.5)
    code = create_room(server, ["person", "person"])
    tokens = [join(server, code, name)[1] for name in ("Ann", "Bob")]

    async def game() -> tuple[Player, int | None]:
        ann = await Player.connect(server, code, [tokens[0]], seed=1)
        bob = await Player.connect(server, code, [tokens[1]], seed=2)
        # Bob's second connection stops reading after its first message.
        stuck = await connect(server.ws_url(code), max_queue=1)
        await stuck.send(json.dumps({"type": "hello", "tokens": [tokens[1]]}))
        bob_plays = asyncio.create_task(bob.play())

        async def bob_leaves() -> None:
            while len(ann.states()) <= 6:
                await asyncio.sleep(0.01)
            bob_plays.cancel()
            await bob.close()

        leaving = asyncio.create_task(bob_leaves())
        # Ann plays on; the stand-in bot plays Bob's turns (within the test's time-outs, where
        # a connection that never reads used to hold the seat for 40 s).
        await ann.play(stop=stand_in_moved)
        await leaving
        with contextlib.suppress(ConnectionClosed):
            while True:  # what reached it before it was cut off, then the end
                await asyncio.wait_for(stuck.recv(), TIMEOUT)
        await ann.close()
        return ann, stuck.close_code

    def stand_in_moved(message: dict[str, Any]) -> bool:
        bob = message["room"]["seats"][1]
        moved = message["event"] is not None and message["event"]["seat"] == 1
        return moved and bob["away"] and not bob["online"]

    ann, close_code = asyncio.run(game())
    assert stand_in_moved(ann.states()[-1])
    assert close_code == 1011, "closed by the keepalive: it answered no ping"


@pytest.mark.slow
def test_a_spectator_that_stops_reading_is_cut_off_and_the_game_goes_on(
    serve: Callable[..., BackgroundServer],
) -> None:
    # Bots wait a little, so that Ann's moves stay within the rate of messages allowed.
    server = serve(3, ping_seconds=60, send_seconds=0.5, bot_delay=0.02)
    code = create_room(server, ["person", "easy", "easy", "easy"])
    token = join(server, code, "Ann")[1]

    async def game() -> tuple[Player, int, int | None]:
        small = socket.socket()
        small.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        small.connect(("127.0.0.1", server.port))
        watcher = await connect(server.ws_url(code), sock=small, max_queue=1)
        await watcher.send(json.dumps({"type": "hello", "tokens": []}))
        ann = await Player.connect(server, code, [token], seed=1)
        await ann.play(stop=lambda m: len(ann.states()) > 250)  # the watcher reads nothing
        # The server gave up on the watcher (a send took over 0.5 s) and cut its connection,
        # though the watcher still reads nothing: only Ann's is left.
        deadline = time.monotonic() + 0.5 + ABORT_SECONDS + 5
        while established(server.port) > 1:
            assert time.monotonic() < deadline, "the watcher's connection is still open"
            await asyncio.sleep(0.05)
        seen = 0
        with contextlib.suppress(ConnectionClosed):
            while True:  # what reached it before it was cut off, then the end
                await asyncio.wait_for(watcher.recv(), TIMEOUT)
                seen += 1
        await ann.close()
        return ann, seen, watcher.close_code

    ann, seen, close_code = asyncio.run(game())
    assert len(ann.states()) > 250, "the game went on"
    assert seen < 200, "the watcher was dropped"
    assert close_code == 1006, "cut off: it never read the close frame"


@pytest.mark.slow
def test_clients_that_never_read_leave_no_socket_and_no_memory_behind(tmp_path: Path) -> None:
    """Four clients a second for 20 s (80 in all) watch a busy room and never read a
    byte, so that what the server sends them piles up; the server gives up on each (a send
    stalls for 5 s, or a ping goes unanswered) and cuts it within seconds, and its memory stays
    flat."""
    quick = ["--bot-delay", "0", "--deal-pause", "0", "--settle-seconds", "0"]
    command = serve_command("--port", "0", "--db", str(tmp_path / "s.sqlite"), *quick)
    limits = ["--connects-per-minute", "1000", "--rooms-per-minute", "1000"]
    with Served([*command, *limits]) as server:
        current: list[str] = []

        async def rooms_in_play() -> None:
            """Ann plays match after match with three bots: the room being played now."""
            while True:
                current[:] = [create_room(server, ["person", "easy", "easy", "easy"])]
                ann = await Player.connect(server, current[0], [join(server, current[0], "Ann")[1]])
                await ann.play()
                await ann.close()

        async def minute() -> tuple[list[int], list[int]]:
            playing = asyncio.create_task(rooms_in_play())
            watchers, sockets, memory = [], [], []
            for second in range(SOAK_SECONDS):
                while not current:
                    await asyncio.sleep(0.01)
                for _ in range(SOAK_RATE):
                    hello = {"type": "hello", "tokens": []}
                    watchers.append(never_reading(server.ws_url(current[0]), hello))
                await asyncio.sleep(1)
                if second % 5 == 4:
                    sockets.append(established(server.port))
                    memory.append(rss_bytes(server.process.pid))
            deadline = time.monotonic() + 5 + ABORT_SECONDS + 5  # the last ones cut by then
            while established(server.port) > 1 and time.monotonic() < deadline:
                await asyncio.sleep(0.25)
            sockets.append(established(server.port))
            memory.append(rss_bytes(server.process.pid))
            playing.cancel()
            for watcher in watchers:
                watcher.close()
            return sockets, memory

        sockets, memory = asyncio.run(minute())
    # SOAK_RATE new ones a second, each cut within 5 s (its stalled send) and ABORT_SECONDS,
    # plus Ann.
    assert max(sockets) <= 1 + SOAK_RATE * (5 + ABORT_SECONDS + 2), sockets
    assert sockets[-1] <= 1, "nothing left but Ann's connection"
    assert memory[-1] - memory[0] < 8 * 2**20, f"memory stays flat: {memory}"


def test_a_rematch_is_a_room_created_within_the_limits_of_the_address_asking(
    serve: Callable[..., BackgroundServer],
) -> None:
    server = serve(rooms_burst=3, rooms_per_minute=0.01, rooms_per_address=1)
    code = create_room(server, ["person", "easy"], single_deal=True)
    token = join(server, code, "Ann")[1]

    async def play() -> None:
        ann = await Player.connect(server, code, [token])
        await ann.play()
        await ann.close()

    asyncio.run(play())
    create_room(server, ["person", "easy"])  # this address now holds one open room

    def ask(client: httpx.Client) -> httpx.Response:
        return client.post(f"{server.url}/api/rooms/{code}/rematch", json={"token": token})

    with httpx.Client() as here, from_address("127.0.0.5") as other:
        held = ask(here)
        assert (held.status_code, held.json()["code"]) == (429, "too-many-rooms")
        flood = ask(here)  # its third creation this minute
        assert (flood.status_code, flood.json()["code"]) == (429, "too-fast")
        created = ask(other)
        assert created.status_code == 200
        assert ask(here).json()["code"] == created.json()["code"], "found, not created"


# What a client may send in any field: numbers past any limit and text past any length, the
# text made of letters in no repeating order, so that any part of it repeated shows.
LONG_TEXT = "".join(random.Random(1).choices(string.ascii_letters, k=1500))
MAX_ERROR_CHARS = 400  # the longest error (docs/security.md), the rules' list of cards in it
ENORMOUS = [10**300, -(10**300), 1e308, LONG_TEXT, [LONG_TEXT], {LONG_TEXT[:40]: LONG_TEXT}]


def longest_echo(message: str, sent: str) -> int:
    """The longest run of characters that ``message`` repeats from ``sent``."""
    longest = 0
    for start in range(len(message)):
        while start + longest < len(message) and message[start : start + longest + 1] in sent:
            longest += 1
    return longest


@pytest.mark.slow
def test_no_error_repeats_more_than_an_excerpt_of_any_field_of_any_request_or_message(
    serve: Callable[..., BackgroundServer],
) -> None:
    server = serve(3, rooms_burst=500, connects_burst=500, rooms_per_address=500)
    code = create_room(server, ["person", "easy"], single_deal=True)
    token = join(server, code, "Ann")[1]
    url = server.url
    answers: list[tuple[str, dict[str, Any]]] = []  # (what was sent, the error)

    def request(method: str, path: str, body: dict[str, Any] | None = None) -> None:
        content = None if body is None else json.dumps(body)
        sent = path if content is None else f"{path} {content}"
        headers = {"content-type": "application/json"}
        response = httpx.request(method, url + path, content=content, headers=headers)
        assert response.status_code >= 400, sent[:200]
        answers.append((sent, response.json()))

    bodies: dict[str, dict[str, Any]] = {
        "/api/rooms": {"seats": ["person", "easy"], "rules": "dujardin", "race": 1000},
        f"/api/rooms/{code}/join": {"name": "Bob", "seat": 1},
        f"/api/rooms/{code}/rematch": {"token": token},
        f"/api/rooms/{code}/review": {"token": token, "deal": 0},
    }
    for path, good in bodies.items():
        for field in [*good, LONG_TEXT[:50]]:
            for value in ENORMOUS:
                request("POST", path, {**good, field: value})
        request("POST", path, {**good, "seats": [LONG_TEXT[:60]] * 3})
    for path in ("/api/rooms/{}", "/api/rooms/{}/join", "/api/rules/{}/en", "/api/review/{}"):
        for value in (LONG_TEXT, str(10**300)):
            method = "POST" if path.endswith("join") else "GET"
            request(
                method, path.format(value[:1800]), {"name": "Bob"} if method == "POST" else None
            )
    request("GET", f"/api/rules/dujardin/{LONG_TEXT[:1800]}")

    async def messages() -> None:
        for made_up in (LONG_TEXT[:1800], str(10**300)):
            async with connect(server.ws_url(made_up)) as refused:
                answers.append((made_up, json.loads(await refused.recv())))
        ann = await Player.connect(server, code, [token])
        await ann.receive_state()
        good: list[dict[str, Any]] = [
            {"type": "hello", "tokens": [token], "language": "en"},
            {"type": "action", "action": "play 75", "seat": 0},
            {"type": "next"},
            {"type": "ping"},
        ]
        sent: list[str] = []
        for message in good:
            for field in [*message, LONG_TEXT[:40]]:
                for value in ENORMOUS:
                    sent.append(json.dumps({**message, field: value})[:2000])
        sent += [
            json.dumps({"type": "action", "action": "play " + LONG_TEXT[:59]}),
            json.dumps({"type": "action", "action": "attack stop " + "9" * 50}),
            json.dumps({"type": "action", "action": LONG_TEXT[:20] + " " + LONG_TEXT[20:60]}),
            json.dumps({"type": "hello", "tokens": [LONG_TEXT[:64]] * 8}),
        ]
        for text in sent:
            await ann.socket.send(text)
            reply = await ann.receive()
            while reply["type"] != "error":
                reply = await ann.receive()
            answers.append((text, reply))
        await ann.close()

    asyncio.run(messages())
    assert len(answers) > 150
    for sent, error in answers:
        assert {"code", "message"} <= set(error), error
        assert longest_echo(error["message"], sent) <= QUOTED_CHARS, (error, sent[:100])
        assert len(error["message"]) <= MAX_ERROR_CHARS, error
