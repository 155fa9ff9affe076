"""Chat by players over real connections (issue 46): a mute is a player's and holds whatever
seat or device the muted player writes from; a blocked player's chat and reactions never reach
the player who blocked them, in this room or another, and they are not told; the player's page
lists and unblocks them; bots, oneself and people with no player cannot be blocked."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect

from millebornes.web.chat import Social
from millebornes.web.identity import COOKIE
from millebornes.web.server import BackgroundServer
from test_web_social import chats, greeting, next_of, refused
from webclient import Player, create_room


def _seat(device: httpx.Client, code: str, name: str) -> dict[str, Any]:
    """``device``'s player takes a seat of room ``code``: its number and token."""
    response = device.post(f"/api/rooms/{code}/join", json={"name": name})
    assert response.status_code == 200, response.text
    joined: dict[str, Any] = response.json()
    return joined


def _seated(server: BackgroundServer, devices: list[httpx.Client], seats: list[str]) -> str:
    """A room of ``seats`` where the first two devices' players, Ann and Bob, took seats 0
    and 1 (every device has its player)."""
    for device in devices:
        device.get("/api/me")
    code = create_room(server, seats)
    _seat(devices[0], code, "Ann")
    _seat(devices[1], code, "Bob")
    return code


async def _hello(
    server: BackgroundServer, code: str, device: httpx.Client | None, name: str | None = None
) -> Player:
    """A connection of ``device``'s player (None: a page with no player) that read its
    greeting; its seats are those the player took there."""
    headers = {"Cookie": f"{COOKIE}={device.cookies[COOKIE]}"} if device else {}
    player = Player(await connect(server.ws_url(code), additional_headers=headers))
    await player.send({"type": "hello", "tokens": [], "language": "en", "name": name})
    await greeting(player)
    return player


def _split(authors: list[str]) -> tuple[list[str], list[str]]:
    """Seats' authors and spectators' authors."""
    return [a for a in authors if a.startswith("seat:")], [a for a in authors if a[0] == "w"]


def _texts(messages: list[dict[str, Any]]) -> list[str]:
    return [m.get("text") or m["reaction"] for m in messages]


@pytest.mark.slow
def test_a_mute_is_a_players_whatever_seat_or_device_they_write_from(
    server: BackgroundServer, devices: list[httpx.Client]
) -> None:
    ann, bob, zoe = devices
    code = _seated(server, devices, ["person", "person", "person"])
    _seat(ann, code, "Ann again")  # one player, two seats (seat 2)

    async def scenario() -> None:
        ann_page, bob_page = await _hello(server, code, ann), await _hello(server, code, bob)
        watching = await _hello(server, code, zoe, name="Zoe")
        await bob_page.send({"type": "mute", "author": "seat:0", "muted": True})
        seats, watcher = _split((await next_of(bob_page, "muted"))["authors"])
        assert (seats, len(watcher)) == (["seat:0", "seat:2"], 1), "and as a spectator here"
        await ann_page.send({"type": "chat", "text": "from seat 2", "seat": 2})
        assert _texts(await chats(watching, 1)) == ["from seat 2"]
        assert await chats(bob_page) == [], "muting the seat muted its player"
        await bob_page.close()
        bob_again = await _hello(server, code, bob)  # the player's mutes, not a connection's
        await ann_page.send({"type": "react", "reaction": "oops", "seat": 0})
        assert _texts(await chats(watching, 1)) == ["oops"]
        assert await chats(bob_again) == []
        await bob_again.send({"type": "mute", "author": "seat:2", "muted": False})
        assert (await next_of(bob_again, "muted"))["authors"] == []
        await ann_page.send({"type": "chat", "text": "back", "seat": 0})
        assert _texts(await chats(bob_again, 1)) == ["back"]

    asyncio.run(scenario())


def test_a_room_stored_before_players_keeps_its_seats_mutes() -> None:
    social = Social.from_meta({"muted": {"1": ["seat:0", "watcher:0123abcd"]}})
    assert social.muted == {"seat:1": {"seat:0", "watcher:0123abcd"}}
    assert Social.from_meta(social.to_meta()) == social


@pytest.mark.slow
def test_a_blocked_players_chat_never_reaches_the_blocker_in_any_room(
    server: BackgroundServer, devices: list[httpx.Client]
) -> None:
    ann, bob, zoe = devices
    code = _seated(server, devices, ["person", "person", "easy"])

    async def scenario() -> str:
        ann_page, bob_page = await _hello(server, code, ann), await _hello(server, code, bob)
        watching = await _hello(server, code, zoe, name="Zoe")
        await ann_page.send({"type": "chat", "text": "before"})
        for page in (ann_page, bob_page, watching):
            assert _texts(await chats(page, 1)) == ["before"]
        await bob_page.send({"type": "block", "author": "seat:0"})
        blocked = await next_of(bob_page, "blocked")
        assert "seat:0" in blocked["authors"]
        await ann_page.send({"type": "chat", "text": "after"})
        await ann_page.send({"type": "react", "reaction": "thanks"})
        assert _texts(await chats(watching, 2)) == ["after", "thanks"]
        assert _texts(await chats(ann_page, 2)) == ["after", "thanks"]
        assert await chats(bob_page) == [], "nor their reactions"
        assert all(m["type"] != "blocked" for m in ann_page.messages), "Ann is not told"
        again = await _hello(server, code, bob)
        assert _texts(again.states()[-1]["chat"]["messages"]) == [], "nor the kept ones"
        # Another room, where Ann only watches: her lines still never reach Bob.
        other = create_room(server, ["person", "easy"])
        _seat(bob, other, "Bob")
        bob_there = await _hello(server, other, bob)
        ann_there = await _hello(server, other, ann, name="Ann")
        await ann_there.send({"type": "chat", "text": "it's me again"})
        assert _texts(await chats(ann_there, 1)) == ["it's me again"]
        assert await chats(bob_there) == []
        # A spectator who wrote is blocked as well: by their player.
        await watching.send({"type": "chat", "text": "Zoe here"})
        assert _texts(await chats(bob_page, 1)) == ["Zoe here"]
        await bob_page.send({"type": "block", "author": (await chats(watching))[-1]["author"]})
        await next_of(bob_page, "blocked")
        await watching.send({"type": "chat", "text": "Zoe again"})
        await ann_page.send({"type": "chat", "text": "nor Ann"})
        assert _texts(await chats(bob_page)) == []
        # Refusals: a bot, oneself, a page with no player, a seat nobody took.
        assert await refused(bob_page, {"type": "block", "author": "seat:2"}) == "cannot-block"
        assert await refused(bob_page, {"type": "block", "author": "seat:1"}) == "cannot-block"
        stranger = await _hello(server, code, None)
        assert await refused(stranger, {"type": "block", "author": "seat:0"}) == "no-player"
        return other

    other = asyncio.run(scenario())
    listed, zoe_listed = bob.get("/api/me/blocks").json()["blocks"]
    assert (listed["name"], zoe_listed["name"]) == ("Ann", "Zoe")
    assert ann.get("/api/me/blocks").json()["blocks"] == []
    assert bob.post("/api/me/unblock", json={"id": listed["id"]}).json()["blocks"] == [zoe_listed]

    async def unblocked() -> None:
        bob_there = await _hello(server, other, bob)
        ann_there = await _hello(server, other, ann, name="Ann")
        await ann_there.send({"type": "chat", "text": "hello again"})
        assert _texts(await chats(bob_there, 1)) == ["hello again"]

    asyncio.run(unblocked())
    assert httpx.post(f"{server.url}/api/me/unblock", json={"id": "x"}).status_code == 401
