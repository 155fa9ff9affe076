"""``millebornes admin``'s view of the rooms and its hold on a live server: the rooms of a
server's database and their state, on SQLite and PostgreSQL, as a table in the terminal's width
and as JSON; a live server's admin endpoints (web/admin.py), behind the operator's token, that
close a room, announce a message to every table and drain the server; bans of addresses, kept
in the database and refused by a running server within BAN_SECONDS."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect as websocket
from websockets.exceptions import ConnectionClosed

from clock import ManualClock
from millebornes.cli.main import main
from millebornes.cli.roomlist import as_table
from millebornes.store import ServerStore
from millebornes.web.options import BAN_SECONDS
from millebornes.web.server import BackgroundServer
from webclient import FAST, Player, create_room, join


@pytest.mark.slow
def test_admin_rooms_lists_each_room_and_its_state(
    store_at: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")  # the terminal's width
    with BackgroundServer(store_at, FAST) as server:
        waiting = create_room(server, ["person", "person"], listed=True)
        join(server, waiting, "Ann")
        assert main(["admin", "rooms", "--db", store_at, "--json"]) == 0
    (state,) = json.loads(capsys.readouterr().out)
    assert state["code"] == waiting
    assert (state["rules"], state["players"], state["deal"]) == ("dujardin", 2, 1)
    assert (state["names"], state["state"], state["listed"]) == (["Ann", None], "waiting", True)
    assert state["server"] is not None
    assert state["held_until"] > state["updated"]
    assert main(["admin", "rooms", "--db", store_at]) == 0
    heads, line = capsys.readouterr().out.splitlines()
    assert heads.split()[:3] == ["CODE", "RULES", "PLAYERS"]
    assert line.split()[:6] == [waiting, "dujardin", "2", "Ann,", "(free)", "waiting"]
    assert line.split()[-2:] == ["-", "yes"]  # the server stopped: its lease let go


def test_admin_rooms_fits_the_terminal_and_speaks_french() -> None:
    state = {
        "code": "abc",
        "rules": "dujardin",
        "players": 4,
        "names": ["Annabelle", "Bartholomew", "Cunégonde", None],
        "state": "playing",
        "deal": 2,
        "updated": 0.0,
        "server": "worker-1",
        "held_until": 10.0,
        "listed": False,
    }
    table = as_table([state], "fr", width=110)
    assert all(len(line) <= 110 for line in table.splitlines())
    heads, line = table.splitlines()
    assert heads.split()[:4] == ["CODE", "RÈGLES", "JOUEURS", "NOMS"]
    assert "Annabelle, Ba…  en cours" in line
    assert "worker-1 jusqu'à 00:00:10" in line
    assert line.endswith("non")


def test_admin_rooms_says_when_there_is_none(
    tmp_path: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["admin", "rooms", "--db", f"{tmp_path}/s.sqlite", "--all"]) == 0
    assert capsys.readouterr().out == "no room in the database\n"


# ----------------------------------------------------------------- a live server's endpoints

TOKEN = "operator-secret-4f1c"


@pytest.fixture
def operated(db: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[BackgroundServer]:
    """A server started with the operator's token, which the command line finds too."""
    monkeypatch.setenv("MILLEBORNES_ADMIN_TOKEN", TOKEN)
    with BackgroundServer(db, FAST, admin_token=TOKEN) as server:
        yield server


async def next_of_type(player: Player, kind: str) -> dict[str, Any]:
    while (message := await player.receive())["type"] != kind:
        pass
    return message


async def close_code(player: Player) -> int | None:
    """The code the server closes ``player``'s connection with, once it does."""
    try:
        while True:
            await player.receive()
    except ConnectionClosed as closed:
        return None if closed.rcvd is None else closed.rcvd.code


async def seated(server: BackgroundServer, languages: tuple[str, ...]) -> tuple[str, list[Player]]:
    """A room of people, one connected in each of ``languages``, each told its state."""
    code = create_room(server, ["person"] * max(2, len(languages)))
    players = []
    for n, language in enumerate(languages):
        _, token = join(server, code, f"P{n}")
        player = await Player.connect(server, code, [token], language=language)
        await player.receive_state()
        players.append(player)
    return code, players


def test_the_admin_endpoints_answer_only_the_operator_s_token(
    db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with BackgroundServer(tmp_path / "none.sqlite", FAST) as server:  # no token: not there
        response = httpx.post(f"{server.url}/admin/drain")
        assert (response.status_code, response.json()["code"]) == (404, "not-found")
    with BackgroundServer(db, FAST, admin_token=TOKEN) as server:
        for headers in ({}, {"Authorization": "Bearer wrong"}, {"Authorization": TOKEN}):
            response = httpx.post(f"{server.url}/admin/drain", headers=headers)
            assert response.status_code == 401
            assert response.json() == {
                "type": "error",
                "code": "unauthorized",
                "message": "this needs the operator's token",
            }
        assert httpx.get(f"{server.url}/healthz").status_code == 200  # not drained
        monkeypatch.setenv("MILLEBORNES_ADMIN_TOKEN", "wrong")
        assert main(["admin", "drain", "--server", server.url]) == 2


def test_closing_a_room_tells_its_players_in_their_language_and_archives_it(
    operated: BackgroundServer, db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    async def scenario() -> None:
        code, players = await seated(operated, ("en", "fr"))
        assert main(["admin", "close", code, "--server", operated.url]) == 0
        told = [await next_of_type(player, "error") for player in players]
        assert [message["code"] for message in told] == ["closed", "closed"]
        assert [message["message"] for message in told] == [
            "The server's operator closed this room.",
            "L'exploitant du serveur a fermé cette salle.",
        ]
        for player in players:
            await player.close()
        assert capsys.readouterr().out == (
            f"room {code} closed: its players were told, and it is kept as a record\n"
        )
        assert ServerStore(db).load(code).archived
        assert (
            httpx.post(f"{operated.url}/api/rooms/{code}/join", json={"name": "X"}).status_code
            == 404
        )

    asyncio.run(scenario())


def test_an_announcement_reaches_every_table_in_each_player_s_language(
    operated: BackgroundServer, capsys: pytest.CaptureFixture[str]
) -> None:
    async def scenario() -> None:
        _, first = await seated(operated, ("en", "fr"))
        _, second = await seated(operated, ("fr",))
        assert main(["admin", "announce", "Back in 5 minutes", "--server", operated.url]) == 0
        said = [(await next_of_type(p, "announcement"))["text"] for p in (*first, *second)]
        assert said == [
            "Message from the server: Back in 5 minutes",
            "Message du serveur : Back in 5 minutes",
            "Message du serveur : Back in 5 minutes",
        ]
        for player in (*first, *second):
            await player.close()

    asyncio.run(scenario())
    assert f"announced on {operated.url} to 3 connections" in capsys.readouterr().out


def test_draining_lets_the_rooms_go_and_the_health_check_says_so(
    operated: BackgroundServer, db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    async def scenario() -> str:
        code, (player,) = await seated(operated, ("en",))
        assert main(["admin", "drain", "--server", operated.url]) == 0
        assert await close_code(player) == 1012  # "service restart": it reconnects
        return code

    code = asyncio.run(scenario())
    assert "drained: 1 room let go to the other servers" in capsys.readouterr().out
    health = httpx.get(f"{operated.url}/healthz")
    assert (health.status_code, health.json()["message"]) == (
        503,
        "the server is draining: its rooms went elsewhere",
    )
    _, (state,) = ServerStore(db).overview()
    assert (state.id, state.holder) == (code, None)  # its lease let go: another takes it
    assert (
        httpx.post(f"{operated.url}/api/rooms", json={"seats": ["person"] * 2}).status_code == 503
    )


# ----------------------------------------------------------------- bans


def test_a_ban_is_kept_listed_and_lifted(store_at: str, capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["ban", "203.0.113.9/24"], ["ban", "2001:db8::7"], ["ban", "203.0.113.0/24"]):
        assert main(["admin", *argv, "--db", store_at]) == 0
    assert main(["admin", "bans", "--db", store_at]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("203.0.113.0/24 banned: the servers refuse its connections")
    assert out[1:] == [
        "2001:db8::7/128 banned: the servers refuse its connections, joins and new rooms within"
        " 5 seconds (connections already open stay until they end)",
        "203.0.113.0/24 was banned already",
        "203.0.113.0/24",
        "2001:db8::7/128",
    ]
    assert main(["admin", "unban", "203.0.113.0/24", "--db", store_at]) == 0
    assert main(["admin", "unban", "203.0.113.0/24", "--db", store_at]) == 0
    assert main(["admin", "bans", "--db", store_at]) == 0
    assert capsys.readouterr().out.splitlines()[1:] == [
        "203.0.113.0/24 was not banned: millebornes admin bans lists those that are",
        "2001:db8::7/128",
    ]


def test_an_address_that_is_none_is_refused_in_one_line(
    db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["admin", "ban", "example.org", "--db", str(db)]) == 2
    out, err = capsys.readouterr()
    assert (out, err) == (
        "",
        "millebornes: error: example.org is neither an address nor a network: write one as"
        " 203.0.113.7, 2001:db8::7 or 203.0.113.0/24\n",
    )
    assert main(["admin", "unban", "10.0.0.1\n/8", "--db", str(db)]) == 2
    assert capsys.readouterr().err.startswith('millebornes: error: "10.0.0.1\\n/8" is neither')


def test_a_running_server_refuses_a_banned_address_within_ban_seconds(
    db: Path, clock: ManualClock
) -> None:
    with BackgroundServer(db, FAST, clock=clock) as server:
        code = create_room(server, ["person", "person"])  # the bans read: none
        assert main(["admin", "ban", "127.0.0.0/8", "--db", str(db)]) == 0
        join(server, code, "Ann")  # the bans read less than BAN_SECONDS ago
        clock.advance(BAN_SECONDS)
        refusals = [
            httpx.post(f"{server.url}/api/rooms", json={"seats": ["person"] * 2}),
            httpx.post(f"{server.url}/api/rooms/{code}/join", json={"name": "Bob"}),
        ]
        for refused in refusals:
            assert (refused.status_code, refused.json()) == (
                403,
                {
                    "type": "error",
                    "code": "banned",
                    "message": "this server does not take connections from your address",
                },
            )

        async def connect() -> tuple[dict[str, Any], int | None]:
            async with websocket(server.ws_url(code)) as socket:
                told = json.loads(await socket.recv())
                with pytest.raises(ConnectionClosed):
                    await socket.recv()
                return told, socket.close_code

        told, closed = asyncio.run(connect())
        assert (told["code"], closed) == ("banned", 4403)  # the page does not reconnect
        assert main(["admin", "unban", "127.0.0.0/8", "--db", str(db)]) == 0
        clock.advance(BAN_SECONDS)
        join(server, code, "Bob")


def test_the_command_says_each_refusal_of_a_live_server_in_one_line(
    operated: BackgroundServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    refusals = {
        ("close", "nosuchroom"): "the server refused (404): there is no room 'nosuchroom'",
        ("announce", "x" * 301): "the server refused (400): text: String should have at most 300",
    }
    for argv, said in refusals.items():
        assert main(["admin", *argv, "--server", operated.url]) == 2
        out, err = capsys.readouterr()
        assert (out, err.count("\n")) == ("", 1)
        assert said in err
        assert TOKEN not in err
    with BackgroundServer(tmp_path / "none.sqlite", FAST) as untokened:
        assert main(["admin", "drain", "--server", untokened.url]) == 2
        assert "has no admin endpoint: start it with an admin token" in capsys.readouterr().err
