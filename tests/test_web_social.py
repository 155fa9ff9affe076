"""The table's chat, quick reactions and public tables over real connections: what is sent to
whom, stored, limited, muted, removed, listed and kept across a restart."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from clock import ManualClock
from millebornes.web.chat import CHAT_CHARS
from millebornes.web.protocol import QUOTED_CHARS
from millebornes.web.server import BackgroundServer
from test_web_security import ENORMOUS, LONG_TEXT, MAX_ERROR_CHARS, longest_echo
from webclient import FAST, Player, join

CHAT_KEYS = {"type", "author", "seat", "name", "at", "text"}


def create(server: BackgroundServer, seats: list[str], **settings: Any) -> dict[str, Any]:
    response = httpx.post(f"{server.url}/api/rooms", json={"seats": seats, **settings})
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


async def hello(server: BackgroundServer, code: str, tokens: list[str], **fields: Any) -> Player:
    """A connection that has said hello and read its greeting (a state with the chat's)."""
    player = Player(await connect(server.ws_url(code)))
    await player.send({"type": "hello", "tokens": tokens, "language": "en", **fields})
    await greeting(player)
    return player


async def greeting(player: Player) -> dict[str, Any]:
    """The chat part of the greeting's state."""
    while "chat" not in (message := await player.receive_state()):
        pass
    chat: dict[str, Any] = message["chat"]
    return chat


async def next_of(player: Player, kind: str) -> dict[str, Any]:
    """The next message of type ``kind`` (states and other messages read past)."""
    while True:
        message = await player.receive()
        if message["type"] == kind:
            return message


async def chats(player: Player, expected: int = 0) -> list[dict[str, Any]]:
    """The chat messages that came: at least ``expected`` of them, then any more until nothing
    came for a moment."""
    start = len(player.messages)
    while sum(m["type"] == "chat" for m in player.messages[start:]) < expected:
        await player.receive()
    await player.drain()
    return [m for m in player.messages[start:] if m["type"] == "chat"]


async def drain_until_closed(player: Player) -> None:
    while True:
        await player.receive()


async def refused(player: Player, message: dict[str, Any]) -> str:
    """The code of the error the server answers ``message`` with."""
    await player.send(message)
    return str((await next_of(player, "error"))["code"])


@pytest.mark.slow
def test_players_and_spectators_chat_told_apart_as_plain_text_and_nothing_else(
    server: BackgroundServer,
) -> None:
    code = create(server, ["person", "person"])["code"]
    tokens = [join(server, code, name)[1] for name in ("Ann", "Bob")]

    async def scenario() -> None:
        ann, bob = [await hello(server, code, [token]) for token in tokens]
        zoe = await hello(server, code, [], name="Zoe")
        await ann.send({"type": "chat", "text": "  <b>hi</b>\n\n <img src=x onerror=alert(1)> "})
        await zoe.send({"type": "chat", "text": "good luck"})
        for reader in (ann, bob, zoe):
            # Written at once from two connections, they may come in either order.
            first, second = sorted(await chats(reader, 2), key=lambda m: m["seat"] is None)
            assert set(first) == CHAT_KEYS, "a chat carries words, never a view"
            assert (first["author"], first["seat"], first["name"]) == ("seat:0", 0, "Ann")
            assert first["text"] == "<b>hi</b> <img src=x onerror=alert(1)>"
            assert second["author"].startswith("watcher:")
            assert (second["seat"], second["name"], second["text"]) == (None, "Zoe", "good luck")
        await ann.send({"type": "react", "reaction": "good-game"})
        (reaction,) = await chats(zoe, 1)
        assert set(reaction) == CHAT_KEYS - {"text"} | {"reaction"}
        assert (reaction["author"], reaction["reaction"]) == ("seat:0", "good-game")

    asyncio.run(scenario())


def test_chat_floods_long_lines_and_bad_reactions_are_refused_with_a_reason(
    server: BackgroundServer,
) -> None:
    code = create(server, ["person", "easy"])["code"]
    _, token = join(server, code, "Ann")

    async def scenario() -> None:
        ann = await hello(server, code, [token])
        zoe = await hello(server, code, [])
        assert await refused(ann, {"type": "chat", "text": "x" * (CHAT_CHARS + 1)}) == (
            "chat-too-long"
        )
        assert await refused(ann, {"type": "chat", "text": " \n "}) == "bad-message"
        assert await refused(ann, {"type": "chat", "text": "a\x00b"}) == "bad-message"
        assert await refused(ann, {"type": "react", "reaction": "boo"}) == "bad-message"
        assert await refused(zoe, {"type": "react", "reaction": "oops"}) == "not-your-seat"
        for n in range(FAST.chat_burst):
            await ann.send({"type": "chat", "text": f"line {n}"})
        assert await refused(ann, {"type": "chat", "text": "one too many"}) == "chat-too-fast"
        for _ in range(FAST.reaction_burst):
            await ann.send({"type": "react", "reaction": "oops"})
        assert await refused(ann, {"type": "react", "reaction": "oops"}) == "chat-too-fast"
        said = [
            m.get("text") or m.get("reaction")
            for m in await chats(zoe, FAST.chat_burst + FAST.reaction_burst)
        ]
        assert (
            said == [f"line {n}" for n in range(FAST.chat_burst)] + ["oops"] * FAST.reaction_burst
        )
        # Another connection of the same seat shares its allowance.
        again = await hello(server, code, [token])
        assert await refused(again, {"type": "chat", "text": "still me"}) == "chat-too-fast"

    asyncio.run(scenario())


@pytest.mark.slow
def test_a_player_mutes_another_for_themselves_and_it_holds_on_reconnecting(
    server: BackgroundServer,
) -> None:
    code = create(server, ["person", "person"])["code"]
    tokens = [join(server, code, name)[1] for name in ("Ann", "Bob")]

    async def scenario() -> None:
        ann, bob = [await hello(server, code, [token]) for token in tokens]
        zoe = await hello(server, code, [])
        await bob.send({"type": "mute", "author": "seat:0", "muted": True})
        assert (await next_of(bob, "muted"))["authors"] == ["seat:0"]
        await ann.send({"type": "chat", "text": "can you hear me"})
        assert [m["text"] for m in await chats(zoe, 1)] == ["can you hear me"]
        assert [m["text"] for m in await chats(ann, 1)] == ["can you hear me"]
        assert await chats(bob) == []
        await bob.close()
        bob = await Player.connect(server, code, [tokens[1]])
        log = await greeting(bob)
        assert (log["messages"], log["muted"]) == ([], ["seat:0"])
        await bob.send({"type": "mute", "author": "seat:0", "muted": False})
        await next_of(bob, "muted")
        await ann.send({"type": "chat", "text": "now?"})
        assert [m["text"] for m in await chats(bob, 1)] == ["now?"]
        assert await refused(zoe, {"type": "mute", "author": "seat:0"}) == "not-your-seat"
        assert await refused(bob, {"type": "mute", "author": "seat:9"}) == "bad-message"

    asyncio.run(scenario())


@pytest.mark.slow
def test_the_creator_quiets_spectators_during_a_deal_and_removes_one(
    server: BackgroundServer,
) -> None:
    created = create(server, ["person", "person"])
    code, host = created["code"], created["host"]
    tokens = [join(server, code, name)[1] for name in ("Ann", "Bob")]

    async def scenario() -> None:
        ann = await hello(server, code, [tokens[0]], host=host)
        bob = await hello(server, code, [tokens[1]])
        assert (await hello(server, code, [], host=host)).states()[-1]["chat"]["host"] is True
        zoe = await hello(server, code, [], name="Zoe")
        assert zoe.states()[-1]["chat"]["host"] is False
        quiet = {"type": "settings", "quiet_spectators": True}
        assert await refused(bob, quiet) == "not-host"
        await ann.send(quiet)
        while not (await ann.receive_state())["room"]["quiet_spectators"]:
            pass
        await zoe.send({"type": "chat", "text": "play the 200!"})
        (told,) = await chats(zoe, 1)
        assert told["spectators_only"] is True
        assert await chats(ann) == []
        assert await chats(bob) == []
        log = await hello(server, code, [tokens[0]])
        assert log.states()[-1]["chat"]["messages"] == [], "nor on reconnecting"

        watcher = told["author"].removeprefix("watcher:")
        assert await refused(bob, {"type": "remove", "watcher": watcher}) == "not-host"
        await ann.send({"type": "remove", "watcher": watcher})
        assert (await next_of(zoe, "error"))["code"] == "removed"
        with pytest.raises(ConnectionClosed) as closed:
            await drain_until_closed(zoe)
        assert closed.value.rcvd is not None
        assert closed.value.rcvd.code == 4403
        again = await Player.connect(server, code, [])
        assert (await next_of(again, "error"))["code"] == "removed"
        # A player is never removed as a spectator (the same address, holding a seat).
        await ann.send({"type": "chat", "text": "bye Zoe"})
        assert [m["text"] for m in await chats(bob, 1)] == ["bye Zoe"]

    asyncio.run(scenario())


def test_chat_and_mutes_survive_a_server_restart(store_at: str) -> None:
    async def before(server: BackgroundServer, code: str, tokens: list[str]) -> None:
        ann, bob = [await hello(server, code, [token]) for token in tokens]
        await bob.send({"type": "mute", "author": "watcher:0123abcd"})
        await next_of(bob, "muted")
        await ann.send({"type": "chat", "text": "see you after the restart"})
        await ann.send({"type": "react", "reaction": "thanks"})
        await chats(bob, 2)

    async def after(server: BackgroundServer, code: str, tokens: list[str]) -> dict[str, Any]:
        return await greeting(await Player.connect(server, code, [tokens[1]]))

    with BackgroundServer(store_at, FAST) as server:
        code = create(server, ["person", "person"])["code"]
        tokens = [join(server, code, name)[1] for name in ("Ann", "Bob")]
        asyncio.run(before(server, code, tokens))
    with BackgroundServer(store_at, FAST) as server:
        log = asyncio.run(after(server, code, tokens))
    said = [(m["name"], m.get("text") or m.get("reaction")) for m in log["messages"]]
    assert said == [("Ann", "see you after the restart"), ("Ann", "thanks")]
    assert log["muted"] == ["watcher:0123abcd"]


def tables(server: BackgroundServer) -> list[dict[str, Any]]:
    response = httpx.get(f"{server.url}/api/tables")
    assert response.status_code == 200, response.text
    listed: list[dict[str, Any]] = response.json()["tables"]
    return listed


def test_listed_tables_show_no_name_unless_their_creator_chose_and_are_found_by_a_quick_game(
    serve: Callable[..., BackgroundServer], clock: ManualClock
) -> None:
    server = serve(clock=clock, tables_per_minute=600, tables_burst=100)
    private = create(server, ["person", "person"])["code"]
    listed = create(
        server, ["person", "person", "easy"], rules="dujardin", listed=True, language="fr"
    )
    code = listed["code"]
    join(server, code, "Ann")
    (table,) = tables(server)
    assert table["code"] == code != private
    assert table["names"] is None, "no name shown unless the creator chose to"
    expected = {"rules": "dujardin", "players": 3, "language": "fr", "bots": 1, "free": 1}
    assert {key: table[key] for key in expected} == expected
    assert table["started"] is False
    assert table["waited"] >= 0

    async def show_names() -> None:
        host = await hello(server, code, [], host=listed["host"])
        await host.send({"type": "settings", "show_names": True})
        await host.receive_state()

    asyncio.run(show_names())
    clock.advance(FAST.listing_seconds)  # the list is read again once a second
    assert tables(server)[0]["names"] == ["Ann"]

    body: dict[str, Any] = {"name": "Bob", "rules": "dujardin"}
    quick = httpx.post(f"{server.url}/api/tables/quick", json=body).json()
    assert (quick["code"], quick["seat"]) == (code, 1), "the only free seat is taken"
    assert "host" not in quick
    clock.advance(FAST.listing_seconds)
    (playing,) = tables(server)
    assert (playing["free"], playing["started"]) == (0, True), "watchable while it is played"
    body = {"name": "Cid", "rules": "dujardin", "players": 2, "language": "fr"}
    opened = httpx.post(f"{server.url}/api/tables/quick", json=body).json()
    assert opened["code"] != code
    assert opened["host"]
    clock.advance(FAST.listing_seconds)
    new = next(table for table in tables(server) if table["code"] == opened["code"])
    assert (new["players"], new["free"], new["bots"], new["language"]) == (2, 1, 0, "fr")


def test_the_list_of_tables_is_rate_limited_like_room_creation(
    serve: Callable[..., BackgroundServer],
) -> None:
    server = serve(tables_per_minute=1, tables_burst=2)
    assert [httpx.get(f"{server.url}/api/tables").status_code for _ in range(3)] == [200, 200, 429]
    refused = httpx.get(f"{server.url}/api/tables").json()
    assert refused["code"] == "too-fast"
    quick = httpx.post(f"{server.url}/api/tables/quick", json={"name": "Ann"})
    assert quick.status_code == 429


def test_a_chat_changes_no_state_and_sends_no_view(server: BackgroundServer) -> None:
    code = create(server, ["person", "easy"])["code"]
    _, token = join(server, code, "Ann")

    async def scenario() -> None:
        ann = await hello(server, code, [token])
        await ann.drain()
        start = len(ann.messages)
        await ann.send({"type": "chat", "text": "hello bots"})
        await ann.send({"type": "react", "reaction": "hurry-up"})
        await ann.drain(0.5)
        kinds = [m["type"] for m in ann.messages[start:] if m["type"] != "state"]
        assert kinds == ["chat", "chat"]
        assert all("view" not in m for m in ann.messages[start:] if m["type"] == "chat")

    asyncio.run(scenario())


def test_no_chat_error_repeats_more_than_an_excerpt_of_what_was_sent(
    server: BackgroundServer,
) -> None:
    created = create(server, ["person", "person"])
    code = created["code"]
    token = join(server, code, "Ann")[1]
    good: list[dict[str, Any]] = [
        {"type": "chat", "text": "hi", "seat": 0},
        {"type": "react", "reaction": "oops", "seat": 0},
        {"type": "mute", "author": "seat:1", "muted": True},
        {"type": "settings", "listed": True, "show_names": True, "quiet_spectators": True},
        {"type": "remove", "watcher": "0123abcd"},
        {"type": "hello", "tokens": [token], "language": "en", "host": "x", "name": "Ann"},
    ]
    sent = [
        json.dumps({**message, field: value})[:2000]
        for message in good
        for field in [*message, LONG_TEXT[:40]]
        if field != "type"
        for value in ENORMOUS
    ]
    sent.append(json.dumps({"type": "chat", "text": LONG_TEXT[: CHAT_CHARS + 1]}))

    async def scenario() -> list[tuple[str, dict[str, Any]]]:
        ann = await hello(server, code, [token], host=created["host"])
        answers = []
        for text in sent:
            await ann.socket.send(text)
            answers.append((text, await next_of(ann, "error")))
        return answers

    answers = asyncio.run(scenario())
    assert len(answers) == len(sent) > 100
    for text, error in answers:
        assert longest_echo(error["message"], text) <= QUOTED_CHARS, (error, text[:100])
        assert len(error["message"]) <= MAX_ERROR_CHARS, error
