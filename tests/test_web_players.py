"""Players over real HTTP and WebSocket connections: a first visit makes one, known by an
HttpOnly cookie; a name is one player's however it is written; a one-time code or a password
carries a player to another device, where their games and seats follow them; the rooms' own
seat tokens work as before. A player lists their devices and signs any of them out, whose
cookie then finds nobody; the home page counts the players online, not their pages."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest
from websockets.asyncio.client import connect

from clock import ManualClock
from millebornes.store import open_store
from millebornes.web.identity import COOKIE
from millebornes.web.online import COUNTED_SECONDS, POLL_SECONDS, SEEN_SECONDS
from millebornes.web.seats import token_hash
from millebornes.web.server import BackgroundServer
from webclient import TIMEOUT, Player, create_room

FIREFOX_ON_WINDOWS = (
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0"
)
SAFARI_ON_IPHONE = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15"
    " (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"
)


def test_a_first_visit_makes_a_player_known_by_an_httponly_cookie(
    devices: list[httpx.Client], db: Path
) -> None:
    device = devices[0]
    first = device.get("/api/me")
    assert first.status_code == 200
    cookie = first.headers["set-cookie"]
    assert cookie.startswith(f"{COOKIE}=")
    assert "HttpOnly" in cookie
    assert "SameSite=lax" in cookie
    assert "Path=/" in cookie
    secret = device.cookies[COOKIE]
    assert secret not in first.text, "the secret is in the cookie alone"
    assert first.json() == {"id": first.json()["id"], "name": None, "password": False}
    again = device.get("/api/me")
    assert again.json() == first.json()
    assert "set-cookie" not in again.headers
    assert devices[1].get("/api/me").json()["id"] != first.json()["id"]
    stored = open_store(db)
    assert stored.player_of(secret) is None, "the store keeps a hash, not the secret"


def test_a_name_is_one_players_however_it_is_written(devices: list[httpx.Client]) -> None:
    alice, other, nobody = devices
    alice.get("/api/me")
    other.get("/api/me")
    assert alice.post("/api/me/name", json={"name": "Alice"}).json()["name"] == "Alice"
    # Cyrillic A and e, full-width letters, an accent, spaces: all read "Alice".
    for same in ("alice", "ALICE", "A l i c e", "\u0410lic\u0435", "\uff21lice", "Alicé"):
        taken = other.post("/api/me/name", json={"name": same})
        assert taken.status_code == 409, same
        assert taken.json()["code"] == "name-taken"
        assert taken.json()["message"].startswith("another player has this name")
    for reserved in ("Alice (you)", "Bot: hard", "B0T", "Kim (vous)", "Robot"):
        refused = other.post("/api/me/name", json={"name": reserved})
        assert refused.status_code == 400, reserved
        assert refused.json()["code"] == "name-reserved"
    assert other.post("/api/me/name", json={"name": "Abbott"}).status_code == 200
    unknown = nobody.post("/api/me/name", json={"name": "Carol"})
    assert (unknown.status_code, unknown.json()["code"]) == (401, "no-player")
    bad = other.post("/api/me/name", json={"name": " "})
    assert (bad.status_code, bad.json()["code"]) == (400, "bad-message")


def test_a_one_time_code_carries_a_player_to_another_device_once(
    devices: list[httpx.Client],
) -> None:
    phone, laptop, stranger = devices
    me = phone.get("/api/me").json()
    laptop.get("/api/me")
    made = phone.post("/api/me/code").json()
    assert len(made["code"]) == 8
    assert made["seconds"] == 600
    typed = f"{made['code'][:4].lower()} {made['code'][4:]}"  # as a person may type it
    assert laptop.post("/api/me/claim", json={"code": typed}).json()["id"] == me["id"]
    assert laptop.get("/api/me").json()["id"] == me["id"]
    assert phone.get("/api/me").json()["id"] == me["id"], "the first device stays signed in"
    used = stranger.post("/api/me/claim", json={"code": made["code"]})
    assert (used.status_code, used.json()["code"]) == (403, "bad-code")


@pytest.mark.slow
def test_a_password_signs_a_player_in_on_another_device(
    devices: list[httpx.Client], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    home, library, thief = devices
    me = home.get("/api/me").json()
    home.post("/api/me/name", json={"name": "Dana"})
    short = home.post("/api/me/password", json={"password": "short"})
    assert short.status_code == 400
    assert home.post("/api/me/password", json={"password": "correct horse"}).json()["password"]
    wrong = thief.post("/api/me/signin", json={"name": "Dana", "password": "wrong horse"})
    assert (wrong.status_code, wrong.json()["code"]) == (403, "bad-password")
    assert "horse" not in wrong.text
    signed = library.post("/api/me/signin", json={"name": "DANA", "password": "correct horse"})
    assert signed.json() == {"id": me["id"], "name": "Dana", "password": True}
    nobody = thief.post("/api/me/signin", json={"name": "Nobody", "password": "correct horse"})
    assert nobody.json()["code"] == "bad-password"
    code = home.post("/api/me/code").json()["code"]
    logged = "\n".join(
        f"{record.getMessage()} {getattr(record, 'fields', '')}"
        for record in caplog.records
        if record.name.startswith(("millebornes", "uvicorn"))  # the server's, not the client's
    )
    assert "/api/me/signin" in logged, "the requests are logged"
    for secret in ("horse", code, home.cookies[COOKIE], library.cookies[COOKIE]):
        assert secret not in logged, "no secret in the logs"


async def _hello(server: BackgroundServer, code: str, secret: str | None) -> Player:
    """A connection to room ``code`` that says hello with no seat token, with the player's
    cookie (or none)."""
    headers = {"Cookie": f"{COOKIE}={secret}"} if secret else {}
    socket = await connect(server.ws_url(code), additional_headers=headers)
    player = Player(socket)
    await player.send({"type": "hello", "tokens": [], "language": "en"})
    return player


def test_a_players_seats_and_games_follow_them_to_another_device(
    server: BackgroundServer, devices: list[httpx.Client]
) -> None:
    phone, laptop, _ = devices
    phone.get("/api/me")
    code = create_room(server, ["person", "person"])
    seat, token = phone.post(f"/api/rooms/{code}/join", json={"name": "Eve"}).json().values()
    bob = httpx.post(f"{server.url}/api/rooms/{code}/join", json={"name": "Bob"}).json()
    laptop.post("/api/me/claim", json={"code": phone.post("/api/me/code").json()["code"]})
    (game,) = laptop.get("/api/me/games").json()["games"]
    assert game["code"] == code
    assert game["state"] == "playing"
    assert game["opponents"] == ["Bob"]
    assert game["your_turn"] == (game["to_act"] == "Eve")
    assert game["to_act"] in ("Eve", "Bob")
    assert (game["score"], game["others"], game["review"]) == (0, [0], None)

    async def seats_seen() -> tuple[int | None, ...]:
        players = [
            await _hello(server, code, laptop.cookies[COOKIE]),
            await _hello(server, code, None),
            await Player.connect(server, code, [token]),  # the room's own token, as before
        ]
        states = [await asyncio.wait_for(p.receive_state(), TIMEOUT) for p in players]
        for player in players:
            await player.close()
        return tuple(state["seat"] for state in states)

    assert asyncio.run(seats_seen()) == (seat, None, seat)
    assert bob["seat"] != seat
    told = json.dumps(laptop.get("/api/me/games").json())
    assert token not in told, "no seat token in a player's history"


@pytest.mark.slow
def test_a_finished_game_tells_its_result_score_and_review_on_each_device_and_its_rematch(
    server: BackgroundServer, devices: list[httpx.Client]
) -> None:
    phone = devices[0]
    phone.get("/api/me")
    code = create_room(server, ["person", "easy"], single_deal=True)
    token = phone.post(f"/api/rooms/{code}/join", json={"name": "Finn"}).json()["token"]

    async def play() -> None:
        player = await Player.connect(server, code, [token])
        await asyncio.wait_for(player.play(), 60)
        await player.close()

    asyncio.run(play())
    (game,) = phone.get("/api/me/games").json()["games"]
    (theirs,) = game["others"]
    mine = game["score"]
    assert game["state"] == ("won" if mine > theirs else "lost" if mine < theirs else "drawn")
    assert game["single_deal"] is True
    assert game["deals"] == 1
    assert game["names"][0] == "Finn"
    assert game["opponents"] == game["names"][1:]  # the bot's name
    assert mine + theirs > 0
    review = phone.get(f"/api{game['review']}")
    assert review.status_code == 200
    assert review.json()["deal"] == 0
    replay = phone.get(f"/api{game['replay']}")
    assert replay.status_code == 200, "the same link replays the deal"
    # On another device of the player's, which holds no seat token: the cookie asks for it.
    laptop, stranger = devices[1], devices[2]
    laptop.post("/api/me/claim", json={"code": phone.post("/api/me/code").json()["code"]})
    for what in ("review", "replay"):
        asked = laptop.post(f"/api/rooms/{code}/{what}", json={"deal": 0, "seat": 1})
        assert asked.json() == {"link": game[what], "seat": 0}, "their seat, not the one asked"
    stranger.get("/api/me")
    refused = stranger.post(f"/api/rooms/{code}/review", json={"deal": 0})
    assert (refused.status_code, refused.json()["code"]) == (403, "bad-token")
    again = phone.post(f"/api/rooms/{code}/rematch", json={"token": token}).json()["code"]
    states = {told["code"]: told["state"] for told in phone.get("/api/me/games").json()["games"]}
    assert states == {code: game["state"], again: "playing"}, "the rematch's seat is theirs too"


def test_removing_a_spectator_removes_that_player_not_everyone_at_their_address(
    server: BackgroundServer, devices: list[httpx.Client]
) -> None:
    """Two players watching from one address (a household, a school): the host removes one,
    who stays removed on reconnecting; the other, and a page without a player, watch on."""
    created = httpx.post(f"{server.url}/api/rooms", json={"seats": ["person", "easy"]}).json()
    code, host = created["code"], created["host"]
    token = httpx.post(f"{server.url}/api/rooms/{code}/join", json={"name": "Ann"}).json()["token"]
    zoe, max_, _ = devices
    secrets = [device.get("/api/me").cookies[COOKIE] for device in (zoe, max_)]

    async def watch(secret: str | None) -> Player:
        player = await _hello(server, code, secret)
        await player.receive_state()
        return player

    async def scenario() -> list[str | None]:
        ann = Player(await connect(server.ws_url(code)))
        await ann.send({"type": "hello", "tokens": [token], "host": host, "language": "en"})
        await ann.receive_state()
        zoe_watching = await watch(secrets[0])
        await zoe_watching.send({"type": "chat", "text": "hi"})
        while (said := await zoe_watching.receive())["type"] != "chat":
            pass
        await ann.send({"type": "remove", "watcher": said["author"].removeprefix("watcher:")})
        errors = []
        for secret in (secrets[0], secrets[1], None):  # Zoe again, Max, a page without one
            player = Player(
                await connect(
                    server.ws_url(code),
                    additional_headers=({"Cookie": f"{COOKIE}={secret}"} if secret else {}),
                )
            )
            await player.send({"type": "hello", "tokens": [], "language": "en"})
            message = await player.receive()
            errors.append(message["code"] if message["type"] == "error" else None)
            await player.close()
        return errors

    assert asyncio.run(scenario()) == ["removed", None, None]


def test_a_name_at_a_table_speaks_for_nobody_else_there(server: BackgroundServer) -> None:
    """Nobody joins as "Alice (you)" or "Bot: hard", nor as someone already at the table (a bot
    included) however it is written; strangers of a quick game are told apart by a number."""
    code = create_room(server, ["person", "person", "person", "easy"])
    joined = httpx.post(f"{server.url}/api/rooms/{code}/join", json={"name": "Alice"})
    assert joined.status_code == 200, joined.text
    bot = httpx.get(f"{server.url}/api/rooms/{code}").json()["seats"][3]["name"]
    for name, why in [
        ("Alice (you)", "name-reserved"),
        ("Bot: hard", "name-reserved"),
        ("ALİCE", "name-taken"),
        ("\u0430lice", "name-taken"),  # a Cyrillic a
        (bot.upper(), "name-taken"),
    ]:
        refused = httpx.post(f"{server.url}/api/rooms/{code}/join", json={"name": name})
        assert (refused.status_code, refused.json()["code"]) == (
            409 if why == "name-taken" else 400,
            why,
        ), name
    choice = {"name": "Ann", "rules": "dujardin", "players": 2, "length": "deal"}
    first = httpx.post(f"{server.url}/api/tables/quick", json=choice).json()
    second = httpx.post(f"{server.url}/api/tables/quick", json=choice).json()
    assert first["code"] == second["code"], "the two strangers meet"
    seats = httpx.get(f"{server.url}/api/rooms/{first['code']}").json()["seats"]
    assert [seat["name"] for seat in seats] == ["Ann", "Ann 2"]


@contextlib.contextmanager
def _claimed(server: BackgroundServer, home: httpx.Client, agent: str) -> Iterator[httpx.Client]:
    """Another device of ``home``'s player (a browser that sent ``agent``), by a one-time code."""
    with httpx.Client(base_url=server.url, headers={"User-Agent": agent}) as device:
        code = home.post("/api/me/code").json()["code"]
        assert device.post("/api/me/claim", json={"code": code}).status_code == 200
        yield device


def test_a_player_sees_their_devices_and_a_device_signed_out_is_a_guest_again(
    server: BackgroundServer, devices: list[httpx.Client]
) -> None:
    laptop, stranger, _ = devices
    laptop.headers["User-Agent"] = FIREFOX_ON_WINDOWS
    me = laptop.get("/api/me").json()
    stranger.get("/api/me")
    with _claimed(server, laptop, SAFARI_ON_IPHONE) as phone:
        listed = laptop.get("/api/me/devices")
        told = sorted(listed.json()["devices"], key=lambda device: device["this"])
        assert [(d["browser"], d["system"], d["this"]) for d in told] == [
            ("Safari", "iPhone", False),
            ("Firefox", "Windows", True),
        ]
        for secret in (laptop.cookies[COOKIE], phone.cookies[COOKIE]):
            assert secret not in listed.text
            assert token_hash(secret) not in listed.text, "nor the hash the store keeps"
        theirs = stranger.get("/api/me/devices").json()["devices"][0]["id"]
        for wrong in (theirs, told[1]["id"], "nope"):  # another's device, this one, none
            refused = laptop.post("/api/me/devices/signout", json={"device": wrong})
            assert (refused.status_code, refused.json()["code"]) == (404, "no-device")
        left = laptop.post("/api/me/devices/signout", json={"device": told[0]["id"]})
        assert [d["this"] for d in left.json()["devices"]] == [True]
        assert stranger.get("/api/me/games").status_code == 200, "the stranger stays signed in"
        gone = phone.get("/api/me/games")
        assert (gone.status_code, gone.json()["code"]) == (401, "no-player")
        again = phone.get("/api/me").json()
        assert again["id"] != me["id"], "the phone is a new guest, as at a first visit"
        assert again == {"id": again["id"], "name": None, "password": False}


def test_a_player_signs_out_every_other_device_or_this_one(
    server: BackgroundServer, devices: list[httpx.Client]
) -> None:
    home = devices[0]
    me = home.get("/api/me").json()
    with (
        _claimed(server, home, SAFARI_ON_IPHONE) as phone,
        _claimed(server, home, FIREFOX_ON_WINDOWS) as work,
    ):
        assert len(home.get("/api/me/devices").json()["devices"]) == 3
        left = home.post("/api/me/devices/signout", json={"others": True}).json()["devices"]
        assert [device["this"] for device in left] == [True]
        for other in (phone, work):
            assert other.get("/api/me/games").status_code == 401
    with _claimed(server, home, SAFARI_ON_IPHONE) as phone:
        old_secret = phone.cookies[COOKIE]
        guest = phone.post("/api/me/signout")
        assert guest.status_code == 200
        assert guest.json()["id"] != me["id"]
        assert phone.cookies[COOKIE] != old_secret, "a new guest's cookie"
        assert phone.get("/api/me").json()["id"] == guest.json()["id"]
        assert len(home.get("/api/me/devices").json()["devices"]) == 1
        stale = httpx.get(f"{server.url}/api/me/games", cookies={COOKIE: old_secret})
        assert stale.status_code == 401, "the signed-out cookie finds nobody"


def test_signing_out_takes_a_clear_choice_from_a_known_player(
    devices: list[httpx.Client],
) -> None:
    home, nobody, _ = devices
    home.get("/api/me")
    for body in ({}, {"device": "abc", "others": True}, {"others": False}, {"device": ""}):
        refused = home.post("/api/me/devices/signout", json=body)
        assert (refused.status_code, refused.json()["code"]) == (400, "bad-message"), body
        assert "Traceback" not in refused.text
    assert "all others" in home.post("/api/me/devices/signout", json={}).json()["message"]
    for path in ("/api/me/devices/signout", "/api/me/signout"):
        unknown = nobody.post(path, json={"others": True})
        assert (unknown.status_code, unknown.json()["code"]) == (401, "no-player")
    assert nobody.get("/api/me/devices").status_code == 401


@pytest.mark.slow
def test_the_home_page_counts_the_players_online_not_their_pages(
    serve: Callable[..., BackgroundServer], clock: ManualClock
) -> None:
    server = serve(clock=clock)
    ann, bob, cat = (httpx.Client(base_url=server.url) for _ in range(3))
    for device in (ann, bob, cat):
        device.get("/api/me")
    first = ann.get("/api/online").json()
    assert first == {"players": 1, "seconds": POLL_SECONDS}
    assert bob.get("/api/online").json()["players"] == 2
    for _ in range(3):  # three tabs of Ann's home page
        assert ann.get("/api/online").json()["players"] == 2
    code = create_room(server, ["person", "easy"])

    async def at_the_table() -> list[int]:
        counts = []
        cats = [await _hello(server, code, cat.cookies[COOKIE]) for _ in range(2)]
        anns = await _hello(server, code, ann.cookies[COOKIE])  # at a table and at home: one
        for player in (*cats, anns):
            await asyncio.wait_for(player.receive_state(), TIMEOUT)
        clock.advance(COUNTED_SECONDS)
        counts.append(bob.get("/api/online").json()["players"])
        for player in (*cats, anns):
            await player.close()
        while httpx.get(f"{server.url}/api/rooms/{code}").json()["watching"]["count"]:
            await asyncio.sleep(0.05)  # until the server has seen them leave
        clock.advance(COUNTED_SECONDS)
        counts.append(bob.get("/api/online").json()["players"])
        return counts

    assert asyncio.run(at_the_table()) == [3, 2]
    clock.advance(SEEN_SECONDS)  # Ann's home page stopped asking
    assert bob.get("/api/online").json()["players"] == 1
    for device in (ann, bob, cat):
        device.close()
