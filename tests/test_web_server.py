"""The browser game's server over real WebSocket connections (uvicorn on a free loopback port)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import sqlite3
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from millebornes import Deal
from millebornes.cli.main import main
from millebornes.core.rules import PRESETS
from millebornes.store import GameStore, new_match
from millebornes.web.room import Room
from millebornes.web.server import BackgroundServer
from millebornes.web.site import STATIC
from millebornes.words import LANGUAGES, rules_help, say, word
from webclient import (
    FAST,
    TIMEOUT,
    Player,
    a_deal_that_asks,
    create_room,
    is_event,
    join,
    play_to_question,
)


async def drain_until_closed(player: Player) -> None:
    """Read whatever the server still sends until it closes the connection."""
    while True:
        await player.receive()


def true_views(db: Path, code: str) -> list[dict[str | int, dict[str, Any]]]:
    """Every seat's true view (and the public one) after each stored action, from the store."""
    stored = GameStore(db).load(code)
    match = new_match(stored.settings)
    states = []
    for number in range(len(stored.actions) + 1):
        views: dict[str | int, dict[str, Any]] = {
            seat: match.view(seat).to_dict(moves=False) for seat in range(match.players)
        }
        views["public"] = match.deal.public_view().to_dict(moves=False)
        states.append(views)
        if number < len(stored.actions):
            match.apply(stored.actions[number])
    return states


def assert_views_were_true(
    messages: list[dict[str, Any]], truth: list[Any], key: str | int
) -> None:
    """Each message shows the seat's true view at some moment, in order: nothing else."""
    moment = 0
    for message in messages:
        while truth[moment][key] != message["view"]:
            moment += 1
            assert moment < len(truth), f"a view that never was true for {key}: {message['view']}"


def assert_hands_laid_out(states: list[dict[str, Any]]) -> None:
    """Each state of a seat carries its own hand as laid out: the view's cards, each kept in its
    place (only the places of cards played or just drawn change), and on its turn why each card
    that cannot be played cannot, for those cards only."""
    before: list[str | None] = []
    explained = 0
    for message in states:
        hand, view = message["hand"], message["view"]
        places = hand["places"]
        assert sorted(card for card in places if card is not None) == sorted(view["hand"])
        changed = {n for n, card in enumerate(places) if n < len(before) and card != before[n]}
        assert changed <= set(hand["new"]) | {n for n, card in enumerate(places) if card is None}
        usable = {a.split()[1] for a in view["legal"] if a.split()[0] in ("play", "attack")}
        if view["decision"] == "turn":
            assert set(hand["why"]) == set(view["hand"]) - usable
            explained += len(hand["why"])
        else:
            assert hand["why"] == {}
        before = places
    assert explained > 0


@pytest.mark.slow
def test_two_people_and_a_bot_play_a_deal_and_see_only_their_own_hands(
    serve: Callable[..., BackgroundServer], db: Path
) -> None:
    server = serve(11)
    code = create_room(server, ["person", "person", "easy"], single_deal=True)
    (seat_a, token_a), (seat_b, token_b) = join(server, code, "Ann"), join(server, code, "Bob")

    async def game() -> tuple[Player, Player, Player]:
        ann = await Player.connect(server, code, [token_a], seed=1)
        bob = await Player.connect(server, code, [token_b], seed=2)
        watcher = await Player.connect(server, code, [])
        await asyncio.gather(ann.play(), bob.play(), watcher.play())
        for player in (ann, bob, watcher):
            await player.close()
        return ann, bob, watcher

    ann, bob, watcher = asyncio.run(game())
    truth = true_views(db, code)
    assert len(truth) > 40, "a whole deal was played"
    assert_views_were_true(ann.states(), truth, seat_a)
    assert_views_were_true(bob.states(), truth, seat_b)
    assert_views_were_true(watcher.states(), truth, "public")
    assert not any("hand" in m["view"] or "legal" in m["view"] for m in watcher.states())
    assert all(m["hand"] is None for m in watcher.states())
    for player in (ann, bob):
        assert_hands_laid_out(player.states())
    for player, seat in ((ann, seat_a), (bob, seat_b), (watcher, None)):
        for message in player.states():
            assert message["seat"] == seat
            event = message["event"]
            if event is not None and event["action"] == "decline":
                assert event["seat"] == seat, "only the seat that declined hears of it"
            assert "token" not in json.dumps(message["room"])
        last = player.states()[-1]
        assert last["room"]["over"]
        assert last["view"]["decision"] == "over"
    final = GameStore(db).load(code)
    assert final.finished
    deadline = time.monotonic() + TIMEOUT
    while not GameStore(db).load(code).archived:  # a finished room is archived at once
        assert time.monotonic() < deadline, "the finished room was not archived"
        time.sleep(0.05)
    sheets = final.replay().deal.score()
    assert ann.states()[-1]["room"]["results"] == [
        {"deal": 1, "sheets": sheets, "totals": [sheet["total"] for sheet in sheets]}
    ]
    assert any(m["event"] and m["event"]["text"].startswith("You ") for m in ann.states())


def test_a_hot_seat_connection_holds_two_seats(serve: Callable[..., BackgroundServer]) -> None:
    server = serve(4)
    code = create_room(server, ["person", "person"])
    tokens = [join(server, code, name)[1] for name in ("Ann", "Bob")]

    async def game() -> list[dict[str, Any]]:
        both = await Player.connect(server, code, tokens)
        first = [await both.receive_state(), await both.receive_state()]
        assert {m["seat"] for m in first} == {0, 1}
        assert [m["view"]["legal"] != [] for m in first] == [True, False]
        action = first[0]["view"]["legal"][0]
        await both.send({"type": "action", "action": action})
        refused = await both.receive()
        assert refused["code"] == "not-your-seat"
        assert "which of your seats" in refused["message"]
        await both.send({"type": "action", "seat": 0, "action": action})
        after = [await both.receive_state(), await both.receive_state()]
        await both.close()
        return after

    after = asyncio.run(game())
    assert {m["seat"] for m in after} == {0, 1}
    assert all(m["event"]["seat"] == 0 for m in after)
    assert next(m for m in after if m["seat"] == 1)["view"]["legal"]


def test_reconnecting_with_the_token_restores_the_seat(
    serve: Callable[..., BackgroundServer],
) -> None:
    server = serve(5)
    code = create_room(server, ["person", "person"])
    tokens = [join(server, code, name)[1] for name in ("Ann", "Bob")]

    async def game() -> None:
        ann = await Player.connect(server, code, [tokens[0]], seed=1)
        bob = await Player.connect(server, code, [tokens[1]], seed=2)
        moves = 0

        def enough(message: dict[str, Any]) -> bool:
            nonlocal moves
            moves += message["event"] is not None
            return moves >= 10 and bool(message["view"]["legal"])  # Ann's turn: Bob waits

        bob_plays = asyncio.create_task(bob.play())
        await ann.play(stop=enough)
        bob_plays.cancel()
        last = ann.states()[-1]["view"]
        await ann.close()
        again = await Player.connect(server, code, [tokens[0]], seed=3)
        restored = await again.receive_state()
        assert restored["view"] == last
        assert restored["seat"] == 0
        assert restored["room"]["seats"][0]["name"] == "Ann"
        assert len(restored["log"]) >= 5
        await bob.close()
        await again.close()

    asyncio.run(game())


@pytest.mark.slow
def test_a_restarted_server_resumes_every_unfinished_room(db: Path) -> None:
    async def play_some(server: BackgroundServer, code: str, tokens: list[str]) -> None:
        """Both people play until 12 more actions are stored, then leave."""
        stored = len(GameStore(db).load(code).actions)
        players = [
            await Player.connect(server, code, [token], seed) for seed, token in enumerate(tokens)
        ]
        playing = [asyncio.create_task(player.play()) for player in players]
        while len(GameStore(db).load(code).actions) < stored + 12:
            await asyncio.sleep(0.02)
        for task in playing:
            task.cancel()
        for player in players:
            await player.close()

    async def views_after_restart(server: BackgroundServer, code: str, tokens: list[str]) -> Any:
        players = [await Player.connect(server, code, [token]) for token in tokens]
        views = [(await p.receive_state())["view"] for p in players]
        for player in players:
            await player.close()
        return views

    with BackgroundServer(db, replace(FAST, seed=8)) as server:
        code = create_room(server, ["person", "person", "medium"])
        tokens = [join(server, code, name)[1] for name in ("Ann", "Bob")]
        asyncio.run(play_some(server, code, tokens))
    stored = GameStore(db).load(code)
    before = stored.replay()
    with BackgroundServer(db, replace(FAST, seed=8)) as server:
        resumed = asyncio.run(views_after_restart(server, code, tokens))
        assert resumed == [before.view(0).to_dict(moves=False), before.view(1).to_dict(moves=False)]
        info = httpx.get(f"{server.url}/api/rooms/{code}").json()
        assert [s["name"] for s in info["seats"]][:2] == ["Ann", "Bob"]
        # and the game goes on from there
        asyncio.run(play_some(server, code, tokens))
    assert len(GameStore(db).load(code).actions) > len(stored.actions)


@pytest.mark.slow
def test_bad_messages_get_an_error_and_the_room_carries_on(
    serve: Callable[..., BackgroundServer],
) -> None:
    server = serve(6)
    code = create_room(server, ["person", "person"])
    tokens = [join(server, code, name)[1] for name in ("Ann", "Bob")]

    async def game() -> tuple[list[dict[str, Any]], Player, str]:
        ann = await Player.connect(server, code, [tokens[0]])
        bob = await Player.connect(server, code, [tokens[1]])
        view = (await ann.receive_state())["view"]
        assert view["legal"], "seat 0 plays first"
        illegal = next(
            f"play {card}" for card in view["hand"] if f"play {card}" not in view["legal"]
        )
        bad: list[str | bytes] = [
            "not json",
            "[1, 2]",
            json.dumps({"type": "dance"}),
            json.dumps({"type": "ping", "extra": 1}),
            json.dumps({"type": "action"}),
            json.dumps({"type": "action", "action": "fly 75"}),
            json.dumps({"type": "action", "action": illegal}),
            json.dumps({"type": "action", "seat": 1, "action": "play 75"}),
            json.dumps({"type": "hello", "tokens": "abc"}),
            b"\x00binary",
        ]
        errors = []
        for text in bad:
            await ann.socket.send(text)
            message = await ann.receive()
            while message["type"] != "error":
                message = await ann.receive()
            errors.append(message)
        out_of_turn = (await bob.receive_state())["view"]
        await bob.send({"type": "action", "action": f"discard {out_of_turn['hand'][0]}"})
        errors.append(await bob.receive())
        await ann.send({"type": "action", "action": view["legal"][0]})
        moved = await ann.receive_state()
        assert moved["event"]["action"] == view["legal"][0]
        await ann.close()
        return errors, bob, illegal

    errors, bob, illegal = asyncio.run(game())
    codes = [e["code"] for e in errors]
    assert codes == [
        "bad-message",
        "bad-message",
        "bad-message",
        "bad-message",
        "bad-message",
        "illegal",
        "illegal",
        "not-your-seat",
        "bad-message",
        "bad-message",
        "not-your-turn",
    ]
    messages = [e["message"] for e in errors]
    assert "unknown action 'fly'" in messages[5]
    assert messages[6] == str(Deal.new("dujardin", 2, 6).why_illegal(illegal))  # the engine's
    assert "you do not hold seat 1" in messages[7]
    assert "binary" in messages[9]
    assert all(e["type"] == "error" for e in errors)
    assert [m for m in bob.errors() if m["code"] != "not-your-turn"] == []


@pytest.mark.parametrize("language", ["en", "fr"])
def test_an_illegal_action_is_refused_with_the_engines_reason_in_the_clients_language(
    serve: Callable[..., BackgroundServer], language: str
) -> None:
    """The hello message says the client's language: its refusals come in it."""
    server = serve(3)
    code = create_room(server, ["person", "easy"])
    token = join(server, code, "Ann")[1]

    async def game() -> tuple[dict[str, Any], dict[str, Any]]:
        ann = await Player.connect(server, code, [token], language=language)
        view = (await ann.receive_state())["view"]
        card = next(c for c in view["hand"] if f"play {c}" not in view["legal"])
        await ann.send({"type": "action", "action": f"play {card}"})
        error = await ann.receive()
        await ann.close()
        return view, error

    view, error = asyncio.run(game())
    deal = Deal.new("dujardin", 2, 3)
    card = next(c for c in view["hand"] if f"play {c}" not in view["legal"])
    reason = deal.why_illegal(f"play {card}")
    assert reason is not None
    expected = word(reason, language)
    assert error == {"type": "error", "code": "illegal", "message": expected}
    said = {"en": "you are not rolling: you need a Roll first",
            "fr": "vous ne roulez pas : il vous faut d'abord un Feu vert"}  # fmt: skip
    assert expected == said[language]


@pytest.mark.slow
def test_an_attack_refused_names_the_side_as_the_room_does(
    serve: Callable[..., BackgroundServer],
) -> None:
    """A stopped side cannot be attacked: the refusal names it by its player's name, in French
    for a French client."""
    server = serve(3)
    code = create_room(server, ["person", "person"])
    tokens = [join(server, code, name)[1] for name in ("Ann", "Bob")]

    async def game() -> dict[str, Any]:
        ann = await Player.connect(server, code, [tokens[0]], language="fr")
        await Player.connect(server, code, [tokens[1]])
        view = (await ann.receive_state())["view"]
        hazard = next(c for c in view["hand"] if c in ("flat-tire", "out-of-gas", "accident"))
        await ann.send({"type": "action", "action": f"attack {hazard} 1"})
        error = await ann.receive()
        while error["type"] != "error":
            error = await ann.receive()
        await ann.close()
        return error

    error = asyncio.run(game())
    assert error == {
        "type": "error",
        "code": "illegal",
        "message": "impossible d'attaquer Bob à l'arrêt",
    }


def test_unknown_rooms_are_refused(server: BackgroundServer) -> None:
    response = httpx.get(f"{server.url}/api/rooms/no-such-room")
    assert response.status_code == 404
    assert "no room 'no-such-room'" in response.json()["message"]

    async def knock() -> tuple[dict[str, Any], int | None]:
        async with connect(server.ws_url("no-such-room")) as ws:
            message = json.loads(await ws.recv())
            with pytest.raises(ConnectionClosed):
                await ws.recv()
            return message, ws.close_code

    message, close_code = asyncio.run(knock())
    assert message["code"] == "unknown-room"
    assert close_code == 4404


def test_oversized_and_flooding_messages_are_refused(
    serve: Callable[..., BackgroundServer],
) -> None:
    server = serve(3, messages_per_second=20, message_burst=40)  # the server's own limit
    code = create_room(server, ["person", "easy"])

    async def abuse() -> tuple[dict[str, Any], dict[str, Any], list[str], int | None]:
        player = await Player.connect(server, code, [])
        await player.receive_state()
        await player.send({"type": "ping", "padding": "x" * 5000})
        too_big = await player.receive()
        await player.send({"type": "ping"})
        still_there = await player.receive()
        for _ in range(150):
            await player.send({"type": "ping"})
        replies = [(await player.receive())["type"] for _ in range(150)]
        await player.socket.send("y" * 100_000)  # past the WebSocket frame limit
        with pytest.raises(ConnectionClosed):
            await drain_until_closed(player)
        return too_big, still_there, replies, player.socket.close_code

    too_big, still_there, replies, close_code = asyncio.run(abuse())
    assert too_big["code"] == "too-big"
    assert "limit is 2048" in too_big["message"]
    assert still_there == {"type": "pong"}
    assert "error" in replies
    assert replies.count("pong") >= 30
    assert close_code == 1009


@pytest.mark.slow
def test_an_unanswered_coup_fourre_is_declined_in_time(db: Path) -> None:
    seed, actions, asked = a_deal_that_asks("coup-fourre")
    options = replace(FAST, coup_fourre_seconds=0.3, seed=seed)
    with BackgroundServer(db, options) as server:
        code = create_room(server, ["person", "person"], single_deal=True)
        tokens = [join(server, code, name)[1] for name in ("Ann", "Bob")]

        async def game() -> tuple[Player, Player, Player]:
            players = [await Player.connect(server, code, [token]) for token in tokens]
            watcher = await Player.connect(server, code, [])
            deal = Deal.new("dujardin", 2, seed)
            message = await play_to_question(players, deal, actions, "coup-fourre")
            asker = players[asked]
            assert 0 < message["countdown"] <= 0.3
            assert message["view"]["attack"] is not None
            assert " attacks you with " in message["event"]["text"]
            while message["event"] is None or message["event"]["action"] != "decline":
                message = await asker.receive_state()
            assert message["event"]["seat"] == asked
            assert message["event"]["text"] == "Time ran out: the attack passed"
            await asyncio.gather(*(player.drain() for player in (*players, watcher)))
            for player in (*players, watcher):
                await player.close()
            return players[asked], players[1 - asked], watcher

        _asker, other, watcher = asyncio.run(game())
    assert GameStore(db).load(code).actions == [*actions, "decline"]
    for player in (other, watcher):
        for message in player.states():
            assert message["view"]["decision"] != "coup-fourre"
            assert message["view"].get("attack") is None
            assert message["countdown"] is None
            assert "moves" not in message["view"]  # told one by one, as events
        # Nothing at all came after the attack: declining it changed nothing they can see.
        last = player.states()[-1]["event"]
        assert last is not None, "a message after the attack"
        assert last["action"] == actions[-1]


@pytest.mark.slow
def test_the_pages_are_told_when_a_bot_will_stand_in_for_a_person_who_left(db: Path) -> None:
    with BackgroundServer(db, replace(FAST, away_seconds=30)) as server:
        code = create_room(server, ["person", "person"])
        tokens = [join(server, code, name)[1] for name in ("Ann", "Bob")]

        async def game() -> tuple[dict[str, Any], dict[str, Any]]:
            ann = await Player.connect(server, code, [tokens[0]])
            greeting = await ann.receive_state()
            bob = await Player.connect(server, code, [tokens[1]])
            await bob.receive_state()
            await ann.drain()
            await bob.close()
            await ann.drain()
            await ann.close()
            return greeting, ann.states()[-1]

        greeting, after = asyncio.run(game())
    clock = greeting["clock"]  # the server's wall clock, which the page counts down from
    seats = greeting["room"]["seats"]
    assert seats[0]["away_at"] is None  # Ann is here
    assert clock < seats[1]["away_at"] <= clock + 30.1  # Bob has not come yet (rounded)
    assert "clock" not in after  # only the greeting carries it
    assert after["room"]["seats"][1]["away_at"] > clock + 29  # Bob left again just now


@pytest.mark.slow
def test_a_bot_stands_in_for_a_person_away_too_long(db: Path) -> None:
    options = replace(FAST, away_seconds=0.3, seed=9)
    with BackgroundServer(db, options) as server:
        code = create_room(server, ["person", "person"])
        tokens = [join(server, code, name)[1] for name in ("Ann", "Bob")]

        async def game() -> None:
            ann = await Player.connect(server, code, [tokens[0]], seed=1)
            moves_by_bob = 0

            def bob_moved_twice(message: dict[str, Any]) -> bool:
                nonlocal moves_by_bob
                moves_by_bob += bool(message["event"] and message["event"]["seat"] == 1)
                return moves_by_bob >= 2

            await ann.play(stop=bob_moved_twice)
            assert ann.states()[-1]["room"]["seats"][1]["away"]
            assert ann.states()[-1]["room"]["seats"][1]["away_at"] is None  # a bot plays now
            bob_lines = [m["event"] for m in ann.states() if m["event"] and m["event"]["seat"] == 1]
            assert all(line["stand_in"] for line in bob_lines)
            assert bob_lines[0]["text"].startswith("Bob's stand-in bot ")
            bob = await Player.connect(server, code, [tokens[1]], seed=2)
            back = await bob.receive_state()
            assert not back["room"]["seats"][1]["away"]
            # Bob is back: when his turn comes, nobody plays it for him while he thinks.
            await ann.play(stop=lambda m: m["view"]["to_act"] == 1 and not m["view"]["legal"])
            await asyncio.sleep(0.5)
            assert GameStore(db).load(code).replay().to_act == 1
            await ann.close()
            await bob.close()
            # A table everyone has left waits for them: no bot plays on for nobody.
            actions = len(GameStore(db).load(code).actions)
            await asyncio.sleep(0.8)
            assert len(GameStore(db).load(code).actions) == actions

        asyncio.run(game())
    stored = GameStore(db).load(code).replay()
    assert stored.to_act == 1


@pytest.mark.slow
def test_rooms_are_created_and_joined_with_clear_errors(server: BackgroundServer, db: Path) -> None:
    url = server.url
    cases = [
        ({"rules": "monopoly", "seats": ["person", "easy"]}, "unknown rules 'monopoly'"),
        ({"seats": ["person"] * 5}, "dujardin is played by 2, 3, 4, 6, 8 players, not 5"),
        ({"seats": ["person", "robot"]}, "not 'robot'"),
        ({"seats": ["easy", "hard"]}, "at least one seat for a person"),
        ({"seats": ["person", "easy"], "race": 700}, "races to 1000 km, not 700"),
        ({"seats": ["person", "easy"], "colour": "red"}, "colour"),
        ({"seats": "person"}, "seats"),
    ]
    for body, message in cases:
        response = httpx.post(f"{url}/api/rooms", json=body)
        assert response.status_code == 400, body
        assert message in response.json()["message"], response.json()
    assert httpx.post(f"{url}/api/rooms", content=b"{").status_code == 400
    huge = httpx.post(f"{url}/api/rooms", json={"seats": ["person", "easy"], "x": "y" * 5000})
    assert huge.status_code == 413
    assert huge.json()["code"] == "too-big"

    code = create_room(server, ["person", "hard"])
    assert httpx.post(f"{url}/api/rooms/{code}/join", json={"name": "  "}).status_code == 400
    seat, token = join(server, code, "Ann")
    full = httpx.post(f"{url}/api/rooms/{code}/join", json={"name": "Bob"})
    assert full.status_code == 409
    assert "taken" in full.json()["message"]
    meta = GameStore(db).load(code).meta
    assert meta["seats"][seat]["name"] == "Ann"
    assert token not in json.dumps(meta), "only a hash of the token is stored"

    config = httpx.get(f"{url}/api/config").json()
    assert config["cards"]["roll"]["names"] == {"en": "Roll", "fr": "Feu vert"}
    assert config["presets"]["parker"]["2"]["extension"] is True
    # The page's words in each language, from the game's catalog, as Fluent source.
    assert "\nweb-items-total = Total\n" in config["words"]["fr"]
    assert "\nweb-deal = Deal { $n }\n" in config["words"]["en"]
    assert "\nweb-deal = Manche { $n }\n" in config["words"]["fr"]
    assert config["locales"] == {"en": "en-GB", "fr": "fr-FR"}
    page = httpx.get(f"{url}/room/{code}")
    assert page.status_code == 200
    assert "/static/js/main.js" in page.text
    # A phone can put the game on its home screen: the manifest, and its icons.
    manifest = httpx.get(f"{url}/static/manifest.webmanifest")
    assert manifest.headers["content-type"] == "application/manifest+json"
    for icon in manifest.json()["icons"]:
        assert httpx.get(f"{url}{icon['src']}").text.startswith("<svg")
    # The page's files go compressed to a browser that takes it, the same text once unpacked.
    script = httpx.get(f"{url}/static/js/room.js", headers={"Accept-Encoding": "gzip"})
    assert script.headers["content-encoding"] == "gzip"
    assert script.text == (STATIC / "js" / "room.js").read_text()
    plain = httpx.get(f"{url}/static/js/room.js", headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers
    assert plain.text == script.text


def test_serve_refuses_bad_options_with_status_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    busy = socket.socket()
    busy.bind(("127.0.0.1", 0))
    busy.listen()
    port = busy.getsockname()[1]
    try:
        cases = [
            (["--port", "70000"], "--port is a whole number from 0 to 65,535, not 70000"),
            (["--away-seconds", "-1"], "--away-seconds is a number of seconds"),
            (["--idle-hours", "0"], "--idle-hours is a positive number up to 1,000,000, not 0"),
            (["--rooms-per-address", "-3"], "--rooms-per-address is a positive whole number"),
            (["--port", str(port)], "cannot listen on 127.0.0.1"),
            (["--host", "no.such.host.invalid"], "cannot listen on 'no.such.host.invalid'"),
        ]
        for args, message in cases:
            assert main(["serve", "--db", str(tmp_path / "s.sqlite"), *args]) == 2
            assert message in capsys.readouterr().err
        blocked = tmp_path / "file"
        blocked.write_text("")
        assert main(["serve", "--port", "0", "--db", str(blocked / "s.sqlite")]) == 2
        assert "cannot open the game database" in capsys.readouterr().err
    finally:
        busy.close()


async def play_to_the_end_of_deal_one(players: list[Player]) -> list[dict[str, Any]]:
    """Every player plays at random until the first deal ends; each one's next state (the
    second deal's table) after the final one."""
    await asyncio.gather(*(p.play(stop=lambda m: bool(m["room"]["results"])) for p in players))
    finals = [p.states()[-1] for p in players]
    nexts = [await p.receive_state() for p in players]
    for final, state in zip(finals, nexts, strict=True):
        assert final["view"]["decision"] == "over"
        assert final["room"]["deal"] == 2
        assert state["view"]["decision"] != "over"
        assert state["view"]["discard"] == []
        assert final["view"]["stock_size"] < state["view"]["stock_size"], "a fresh deal"
    return nexts


async def people_play_until_a_bot_is_to_act(
    players: dict[int, Player], states: dict[int, dict[str, Any]]
) -> int:
    """The people of the second deal act (during the pause, as they may) until a bot is to act:
    its seat. Discarding keeps attacks and their holds out of the way."""
    while (seat := states[0]["view"]["to_act"]) in players:
        legal = states[seat]["view"]["legal"]
        action = next(a for a in legal if a.startswith("discard"))
        await players[seat].send({"type": "action", "action": action})
        done = {"seat": seat, "action": action}
        for other, player in players.items():
            while not is_event(message := await player.receive_state(), done):
                pass
            states[other] = message
    return int(seat)


def bot_moves(player: Player, seat: int) -> list[dict[str, Any]]:
    """The moves of ``seat`` in the second deal that ``player`` was told of."""
    events = [m["event"] for m in player.states() if m["event"]]
    return [e for e in events if e["seat"] == seat and e["deal"] == 2]


@pytest.mark.slow
def test_bots_wait_after_a_deal_until_every_person_here_asks_for_the_next(
    serve: Callable[..., BackgroundServer],
) -> None:
    server = serve(5, deal_pause=600)
    code = create_room(server, ["person", "person", "easy"])
    tokens = [join(server, code, name)[1] for name in ("Ann", "Bob")]

    async def game() -> None:
        ann, bob = [await Player.connect(server, code, [t], seed=n) for n, t in enumerate(tokens)]
        nexts = await play_to_the_end_of_deal_one([ann, bob])
        assert nexts[0]["room"]["waiting_next"] == [0, 1]
        bot = await people_play_until_a_bot_is_to_act({0: ann, 1: bob}, dict(enumerate(nexts)))
        await ann.send({"type": "next"})
        await ann.drain()
        assert ann.states()[-1]["room"]["waiting_next"] == [1]
        assert bot_moves(ann, bot) == [], "the bot waits for Bob"
        await bob.send({"type": "next"})
        while not bot_moves(ann, bot):
            await ann.receive_state()
        assert ann.states()[-1]["room"]["waiting_next"] == []
        await ann.send({"type": "next"})  # after the pause: nothing changes, no error
        await ann.drain()
        assert ann.errors() == []
        assert bob.errors() == []
        for player in (ann, bob):
            await player.close()

    asyncio.run(game())


@pytest.mark.slow
def test_the_pause_after_a_deal_ends_when_the_others_left_or_when_its_time_runs_out(
    tmp_path: Path,
) -> None:
    with BackgroundServer(
        tmp_path / "long.sqlite", replace(FAST, seed=5, deal_pause=600)
    ) as long_pause:
        left(long_pause)
    with BackgroundServer(
        tmp_path / "short.sqlite", replace(FAST, seed=6, deal_pause=0.5)
    ) as short_pause:
        timed_out(short_pause)


def left(long_pause: BackgroundServer) -> None:
    code = create_room(long_pause, ["person", "person", "easy"])
    tokens = [join(long_pause, code, name)[1] for name in ("Ann", "Bob")]

    async def bob_leaves() -> None:
        ann, bob = [
            await Player.connect(long_pause, code, [t], seed=n) for n, t in enumerate(tokens)
        ]
        nexts = await play_to_the_end_of_deal_one([ann, bob])
        bot = await people_play_until_a_bot_is_to_act({0: ann, 1: bob}, dict(enumerate(nexts)))
        await ann.send({"type": "next"})
        await ann.drain()
        assert bot_moves(ann, bot) == []
        await bob.close()  # only Ann is here, and she has asked
        while not bot_moves(ann, bot):
            await ann.receive_state()
        await ann.close()

    asyncio.run(bob_leaves())


def timed_out(short_pause: BackgroundServer) -> None:
    code = create_room(short_pause, ["person", "easy"])
    token = join(short_pause, code, "Ann")[1]

    async def nobody_asks() -> None:
        ann = await Player.connect(short_pause, code, [token])
        nexts = await play_to_the_end_of_deal_one([ann])
        assert nexts[0]["room"]["waiting_next"] == [0]
        bot = await people_play_until_a_bot_is_to_act({0: ann}, {0: nexts[0]})
        while not bot_moves(ann, bot):  # the time-out lets the bot play
            await ann.receive_state()
        assert ann.states()[-1]["room"]["waiting_next"] == []
        await ann.close()

    asyncio.run(nobody_asks())


def test_a_player_reading_the_review_of_the_deal_just_ended_holds_the_next_one_as_the_others_see(
    tmp_path: Path,
) -> None:
    options = replace(FAST, seed=5, deal_pause=60, review_hold=600)
    with BackgroundServer(tmp_path / "s.sqlite", options) as server:
        code = create_room(server, ["person", "person", "easy"])
        tokens = [join(server, code, name)[1] for name in ("Ann", "Bob")]

        async def ann_reads() -> None:
            ann, bob = [
                await Player.connect(server, code, [t], seed=n) for n, t in enumerate(tokens)
            ]
            nexts = await play_to_the_end_of_deal_one([ann, bob])
            before = nexts[1]["room"]
            assert before["reading_review"] == []
            assert before["next_deal_at"] <= time.time() + 61  # rounded to a tenth
            asked = httpx.post(
                f"{server.url}/api/rooms/{code}/review", json={"token": tokens[0], "deal": 0}
            )
            assert asked.status_code == 200, asked.text
            while (room := (await bob.receive_state())["room"])["reading_review"] != [0]:
                pass
            assert room["waiting_next"] == [0, 1]
            assert room["next_deal_at"] >= time.time() + 500, "held for the review, not 60 s"
            await ann.send({"type": "next"})  # she has read it: only Bob is waited for now
            while (room := (await bob.receive_state())["room"])["waiting_next"] != [1]:
                pass
            assert room["reading_review"] == []
            for player in (ann, bob):
                await player.close()

        asyncio.run(ann_reads())


def rematch(server: BackgroundServer, code: str, token: str) -> httpx.Response:
    return httpx.post(f"{server.url}/api/rooms/{code}/rematch", json={"token": token})


def test_a_rematch_keeps_every_seat_and_token_and_deals_from_a_fresh_seed(
    serve: Callable[..., BackgroundServer], db: Path
) -> None:
    server = serve()  # a secret seed for every room
    code = create_room(server, ["person", "easy", "person"], single_deal=True, race=1000)
    tokens = [join(server, code, name)[1] for name in ("Ann", "Bob")]
    assert rematch(server, code, tokens[0]).json()["code"] == "not-over"

    async def play(room: str) -> list[Player]:
        players = [await Player.connect(server, room, [t], seed=n) for n, t in enumerate(tokens)]
        await asyncio.gather(*(player.play() for player in players))
        return players

    async def rematches() -> tuple[httpx.Response, list[Player]]:
        old = await play(code)
        first = rematch(server, code, tokens[0])
        for player in old:  # still in the old room: told of the rematch
            while player.states()[-1]["room"]["rematch"] is None:
                await player.receive_state()
            await player.close()
        return first, await play(first.json()["code"])

    first, again = asyncio.run(rematches())
    assert first.status_code == 200, first.text
    new = first.json()["code"]
    assert new != code
    assert rematch(server, code, tokens[1]).json()["code"] == new
    refused = rematch(server, code, "not-a-token")
    assert (refused.status_code, refused.json()["code"]) == (403, "bad-token")

    before, after = httpx.get(f"{server.url}/api/rooms/{code}").json(), first.json()["room"]
    assert before["rematch"] == new
    assert after["rematch"] is None
    for key in ("rules", "players", "race", "target"):
        assert after[key] == before[key]
    assert [(s["name"], s["bot"], s["free"]) for s in after["seats"]] == [
        ("Ann", None, False),
        ("Alan", "easy", False),
        ("Bob", None, False),
    ]
    assert after["started"]
    assert not after["over"]
    # The same tokens hold the same seats in the new room, and its match was played.
    assert [p.states()[0]["seat"] for p in again] == [0, 2]
    assert all(p.errors() == [] for p in again)
    store = GameStore(db)
    assert store.load(new).finished
    assert store.load(new).settings["seed"] != store.load(code).settings["seed"]
    assert store.load(code).meta["rematch"] == new


def test_the_rules_of_every_preset_are_served_as_the_terminal_shows_them(
    server: BackgroundServer,
) -> None:
    for rules in PRESETS:
        for language in LANGUAGES:
            reply = httpx.get(f"{server.url}/api/rules/{rules}/{language}")
            assert reply.status_code == 200
            assert reply.json()["text"] == rules_help(rules, language)
            title = reply.json()["text"].splitlines()[0]  # the preset's name, not its code
            assert say(language, f"preset.{rules}") in title
            assert f"`{rules}`" not in title
    for path in ("dujardin/de", "<script>/en"):
        refused = httpx.get(f"{server.url}/api/rules/{path}")
        assert (refused.status_code, refused.json()["code"]) == (404, "not-found")
        assert "dujardin, winning-moves, parker in en, fr" in refused.json()["message"]


def test_a_message_the_server_fails_on_is_answered_with_an_error_and_the_connection_stays(
    server: BackgroundServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    code = create_room(server, ["person", "easy"])
    token = join(server, code, "Ann")[1]

    async def failing(self: Any, client: Any, act: Any) -> None:
        raise RuntimeError("a bug")

    async def game() -> tuple[dict[str, Any], dict[str, Any]]:
        ann = await Player.connect(server, code, [token])
        await ann.receive_state()
        with monkeypatch.context() as patched:
            patched.setattr(Room, "act", failing)
            await ann.send({"type": "action", "action": "play 75"})
            failed = await ann.receive()
        await ann.send({"type": "ping"})
        pong = await ann.receive()
        await ann.close()
        return failed, pong

    failed, pong = asyncio.run(game())
    assert (failed["type"], failed["code"]) == ("error", "server-error")
    assert pong == {"type": "pong"}, "the connection stays"


def test_a_move_the_store_refuses_is_told_to_nobody_and_the_room_comes_back_as_stored(
    serve: Callable[..., BackgroundServer], db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    server = serve(7)
    code = create_room(server, ["person", "person"], single_deal=True)
    tokens = [join(server, code, name)[1] for name in ("Ann", "Bob")]
    store = server.server.rooms.store
    execute = store._execute
    failures: list[str] = []

    def failing(query: str, parameters: Any = ()) -> Any:
        if query.startswith("INSERT INTO actions") and not failures:
            failures.append(query)
            # Once, and not what a database that cannot write *now* says (the store would try
            # that again: test_web_metrics.py): the store refuses the move.
            raise sqlite3.DatabaseError("database disk image is malformed")
        return execute(query, parameters)

    async def game() -> tuple[dict[str, Any], int | None, list[dict[str, Any]], dict[str, Any]]:
        ann = await Player.connect(server, code, [tokens[0]], language="fr")
        bob = await Player.connect(server, code, [tokens[1]])
        view = (await ann.receive_state())["view"]
        await bob.receive_state()
        monkeypatch.setattr(store, "_execute", failing)
        await ann.send({"type": "action", "action": view["legal"][0]})
        refused = await ann.receive()
        while refused["type"] != "error":
            refused = await ann.receive()
        for player in (ann, bob):
            with contextlib.suppress(ConnectionClosed):
                while True:
                    await player.receive()
        again = await Player.connect(server, code, [tokens[0]])  # the page reconnects
        state = await again.receive_state()
        await again.close()
        return refused, ann.socket.close_code, bob.states(), state

    refused, close_code, told_bob, state = asyncio.run(game())
    assert failures, "the store refused the move"
    assert refused["code"] == "restarting"
    assert refused["message"] == say("fr", "refusal-not_stored"), "in Ann's language"
    assert close_code == 1012, "told to reconnect"
    assert all(m["event"] is None for m in told_bob), "nobody heard of the move"
    assert GameStore(db).load(code).actions == []
    assert state["view"]["legal"], "it is Ann's turn again, as stored"


def test_each_reader_is_told_a_move_in_its_own_words(
    serve: Callable[..., BackgroundServer],
) -> None:
    """The words of a move are made once a room for every reader that reads them the same:
    the one who made it reads "You", the side it attacks "you", the others as a spectator."""
    server = serve(21)
    code = create_room(server, ["person", "person", "person"], single_deal=True)
    tokens = [join(server, code, name)[1] for name in ("Ann", "Bob", "Cid")]

    async def game() -> list[Player]:
        players = [await Player.connect(server, code, [t], seed) for seed, t in enumerate(tokens)]
        watcher = await Player.connect(server, code, [])
        await asyncio.gather(*(player.play() for player in players), watcher.play())
        for player in (*players, watcher):
            await player.close()
        return [*players, watcher]

    readers = asyncio.run(game())
    names = ["Ann", "Bob", "Cid"]
    attacks_told = 0
    for number, reader in enumerate(readers):
        for message in reader.states():
            event = message["event"]
            if event is None:
                continue
            actor = names[event["seat"]]
            if number == event["seat"]:
                assert event["text"].startswith("You "), event
                continue
            assert event["text"].startswith(f"{actor} "), event
            if event["action"].startswith("attack"):
                attacks_told += 1
                attacked = int(event["action"].split()[-1])
                expected = " attacks you " if number == attacked else f" attacks {names[attacked]} "
                assert expected in event["text"], event
    assert attacks_told >= 3
