"""A client's address behind a chain of proxies (web/addresses.py): read from the right of
X-Forwarded-For past the trusted proxies, whatever a client writes to its left; then the server
itself with those settings, its limits (rooms created, WebSockets opened) counting each client's
own address."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from millebornes.cli.main import main
from millebornes.web.addresses import ClientAddresses, limited_as
from millebornes.web.options import networks
from millebornes.web.server import BackgroundServer
from webclient import TIMEOUT, create_room

CADDY, NGINX = "10.0.0.2", "10.0.0.3"
BOTH = ClientAddresses(networks([f"{CADDY}, {NGINX}"]))


def scope(peer: str | None, *forwarded: str) -> dict[str, object]:
    """An HTTP request's scope from ``peer``, with one X-Forwarded-For header per value."""
    headers = [(b"x-forwarded-for", value.encode()) for value in forwarded]
    return {"type": "http", "client": (peer, 5000) if peer else None, "headers": headers}


@pytest.mark.parametrize(
    ("peer", "forwarded", "client"),
    [
        # Caddy in front of nginx: nginx appended Caddy's address to the one Caddy wrote.
        (NGINX, ["203.0.113.7, 10.0.0.2"], "203.0.113.7"),
        # A client wrote its own entries first: they are left of its real address, never read.
        (NGINX, ["198.51.100.1, 192.0.2.9, 203.0.113.7, 10.0.0.2"], "203.0.113.7"),
        (NGINX, ["10.0.0.2, 203.0.113.7, 10.0.0.2"], "203.0.113.7"),  # claiming to be Caddy
        (NGINX, ["198.51.100.1", "203.0.113.7, 10.0.0.2"], "203.0.113.7"),  # two headers
        (NGINX, ["203.0.113.7 ,10.0.0.2 "], "203.0.113.7"),  # spaces anywhere
        # IPv6: written plainly, in brackets, with a port, in capitals (one address each way).
        (NGINX, ["2001:DB8::1, 10.0.0.2"], "2001:db8::1"),
        (NGINX, ["[2001:db8::1]:4431, 10.0.0.2"], "2001:db8::1"),
        (NGINX, ["203.0.113.7:4431, 10.0.0.2"], "203.0.113.7"),
        ("::ffff:10.0.0.3", ["::ffff:203.0.113.7"], "203.0.113.7"),  # IPv4 in IPv6
        # A malformed entry is nobody's proxy: the client's, as written (bounded), or unknown.
        (NGINX, ["not-an-address, 10.0.0.2"], "not-an-address"),
        (NGINX, ["203.0.113.7, , 10.0.0.2"], "unknown"),
        (NGINX, ["x" * 500], "x" * 64),
        (NGINX, ["10.0.0.2/8, 10.0.0.2"], "10.0.0.2/8"),
        # Only proxies: the left-most (a proxy's own request, a health check); none: the peer.
        (NGINX, ["10.0.0.2"], "10.0.0.2"),
        (NGINX, [], NGINX),
        (NGINX, [""], "unknown"),
        # A client that reached the server itself: its header is not believed.
        ("203.0.113.7", ["198.51.100.1"], "203.0.113.7"),
        (None, ["198.51.100.1"], "unknown"),
    ],
)
def test_the_client_is_the_first_untrusted_address_from_the_right(
    peer: str | None, forwarded: list[str], client: str
) -> None:
    assert BOTH(scope(peer, *forwarded)) == client


def test_networks_are_trusted_whole_and_a_trusted_peer_is_needed_to_read_the_header() -> None:
    lan = ClientAddresses(networks(["10.0.0.0/8", "fd00::/8"]))
    assert lan(scope("10.9.8.7", "203.0.113.7, 10.1.1.1, fd00::5")) == "203.0.113.7"
    assert lan(scope("fd00::1", "2001:db8::5")) == "2001:db8::5"
    assert lan(scope("192.0.2.1", "203.0.113.7")) == "192.0.2.1"
    nobody = ClientAddresses()
    assert nobody(scope("10.0.0.3", "203.0.113.7")) == "10.0.0.3", "no proxy: the socket's peer"


def test_behind_proxy_trusts_the_peer_whatever_its_address_and_only_it() -> None:
    one = ClientAddresses(peer_is_proxy=True)
    assert one(scope("172.18.0.5", "198.51.100.1, 203.0.113.7")) == "203.0.113.7"
    assert one(scope("172.18.0.5", "203.0.113.7, 172.18.0.5")) == "172.18.0.5"
    both = ClientAddresses(networks(["172.18.0.5"]), peer_is_proxy=True)
    assert both(scope("172.18.0.9", "203.0.113.7, 172.18.0.5")) == "203.0.113.7"


def test_a_trusted_proxy_that_is_no_address_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["serve", "--trusted-proxy", "10.0.0.0/8,nginx", "--port", "0"]) == 2
    said = "--trusted-proxy is addresses or networks such as 10.0.0.0/8 or ::1, not "
    assert said in capsys.readouterr().err
    assert networks(["10.0.0.1,  ::1", "192.168.0.0/16"]) == networks(
        ["10.0.0.1/32 ::1/128 192.168.0.0/16"]
    )


@pytest.mark.slow
def test_forty_clients_behind_two_proxies_are_forty_addresses_to_the_limits(
    serve: Callable[..., BackgroundServer],
) -> None:
    server = serve(
        rooms_burst=1,
        rooms_per_minute=0.01,
        trusted_proxies=networks(["127.0.0.1"]),
    )
    body = {"seats": ["person", "easy"]}

    client = httpx.Client(base_url=server.url)

    def create(forwarded: str) -> int:
        headers = {"x-forwarded-for": forwarded}
        return client.post("/api/rooms", json=body, headers=headers).status_code

    players = [f"203.0.113.{n}" for n in range(1, 41)]
    # Each as Caddy then nginx would forward it (the server sees nginx, at 127.0.0.1), some
    # claiming to be someone else first: a room each, every one created.
    made = [create(f"198.51.100.{n % 3}, {player}, 127.0.0.1") for n, player in enumerate(players)]
    assert made == [201] * 40
    # A second from one of them is its own address's second: refused, however it is disguised.
    assert create(f"192.0.2.1, {players[0]}, 127.0.0.1") == 429
    assert create(f"{players[1]}, 127.0.0.1") == 429
    assert create("192.0.2.200, 127.0.0.1") == 201, "a forty-first player is not"
    client.close()


@pytest.mark.parametrize(
    ("address", "counted_as"),
    [
        ("2001:db8:1:2:aaaa::1", "2001:db8:1:2::/64"),
        ("2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"),
        ("2001:db8:1:3::1", "2001:db8:1:3::/64"),  # the next network: another client
        ("203.0.113.7", "203.0.113.7"),
        ("unknown", "unknown"),
    ],
)
def test_the_limits_count_an_ipv6_client_by_its_network(address: str, counted_as: str) -> None:
    assert limited_as(address) == counted_as


@pytest.mark.parametrize(
    ("limit", "code"),
    [
        ({"rooms_burst": 2, "rooms_per_minute": 0.01}, "too-fast"),
        ({"rooms_per_address": 2}, "too-many-rooms"),
    ],
)
def test_walking_through_its_own_ipv6_network_gives_a_client_no_more_rooms(
    serve: Callable[..., BackgroundServer], limit: dict[str, float], code: str
) -> None:
    """A provider gives each client a /64 at least: a new address of it for each request is
    the same client to the limits on rooms created and rooms held."""
    server = serve(behind_proxy=True, **limit)

    def create(address: str) -> httpx.Response:
        headers = {"x-forwarded-for": address}
        return httpx.post(
            f"{server.url}/api/rooms", json={"seats": ["person", "easy"]}, headers=headers
        )

    made = [create(f"2001:db8:1:2::{n:x}") for n in range(1, 4)]
    assert [r.status_code for r in made] == [201, 201, 429]
    assert made[-1].json()["code"] == code
    assert create("2001:db8:1:3::1").status_code == 201, "the next network is another client"


def test_a_websocket_behind_the_proxies_counts_against_its_clients_own_address(
    serve: Callable[..., BackgroundServer],
) -> None:
    trusted = networks(["127.0.0.1"])  # the proxy, as the server sees it
    server = serve(connects_burst=1, connects_per_minute=0.01, trusted_proxies=trusted)
    code = create_room(server, ["person", "easy"])

    async def first_answer(forwarded: str) -> str:
        """What the server first sends a spectator whose proxies forwarded ``forwarded``."""
        headers = {"x-forwarded-for": forwarded}
        async with connect(server.ws_url(code), additional_headers=headers) as socket:
            with contextlib.suppress(ConnectionClosed):
                await socket.send(json.dumps({"type": "hello", "tokens": []}))
            message = json.loads(await asyncio.wait_for(socket.recv(), TIMEOUT))
            return str(message.get("code", message["type"]))

    async def connections() -> list[str]:
        return [
            await first_answer("203.0.113.7, 127.0.0.1"),
            await first_answer("198.51.100.1, 203.0.113.7, 127.0.0.1"),  # the same, disguised
            await first_answer("203.0.113.8, 127.0.0.1"),
        ]

    assert asyncio.run(connections()) == ["state", "too-fast", "state"]
