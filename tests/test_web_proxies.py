"""The shipped proxy configurations in front of ``millebornes serve --trusted-proxy 127.0.0.1``:
Caddy alone (deploy/Caddyfile), nginx alone (deploy/nginx/millebornes.conf) and Caddy in front
of nginx, each reached by forty players from forty loopback addresses, every one of them
claiming another address in its own X-Forwarded-For: the server counts forty addresses, each
its own, in its limits and its log."""

from __future__ import annotations

import contextlib
import json
import ssl
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from services import caddy, nginx
from serving import Served, serve_command
from test_web_deploy import CADDYFILE
from test_web_workers import shipped_site

PLAYERS = [f"127.0.0.{n}" for n in range(2, 42)]  # the proxies themselves are at 127.0.0.1
SPOOFED = "198.51.100.1"  # what every player claims to be


@contextlib.contextmanager
def behind(layout: str, port: int) -> Iterator[tuple[str, ssl.SSLContext | None]]:
    """The server at ``port`` behind ``layout`` of the shipped files: the address players
    open, and the TLS context trusting Caddy's local CA (None for plain HTTP)."""
    if layout == "nginx":
        with nginx(shipped_site([port, port])) as nginx_port:
            yield f"http://127.0.0.1:{nginx_port}", None
        return
    with contextlib.ExitStack() as stack:
        upstream = port
        if layout == "caddy+nginx":
            upstream = stack.enter_context(nginx(shipped_site([port, port])))
        https_port, root = stack.enter_context(caddy(CADDYFILE, f"127.0.0.1:{upstream}"))
        yield f"https://localhost:{https_port}", ssl.create_default_context(cafile=root)


def create(public: str, tls: ssl.SSLContext | None, player: str) -> httpx.Response:
    """A room created by ``player`` (connecting from that address), which claims to be
    ``SPOOFED``."""
    # Over plain HTTP there is no certificate to check (and loading the system's CAs for
    # nothing takes longer than the request).
    transport = httpx.HTTPTransport(local_address=player, verify=tls or False)
    with httpx.Client(base_url=public, transport=transport) as client:
        headers = {"x-forwarded-for": SPOOFED}
        return client.post("/api/rooms", json={"seats": ["person", "easy"]}, headers=headers)


@pytest.mark.slow
@pytest.mark.parametrize("layout", ["caddy", "nginx", "caddy+nginx"])
def test_forty_players_behind_the_shipped_proxies_are_forty_addresses(
    tmp_path: Path, layout: str
) -> None:
    command = serve_command("--port", "0", "--db", str(tmp_path / "s.sqlite"))
    # One open room an address: a second from the same address is refused.
    command += ["--trusted-proxy", "127.0.0.1", "--rooms-per-address", "1", "--log-format", "json"]
    with Served(command) as server, behind(layout, server.port) as (public, tls):
        made = [create(public, tls, player).status_code for player in PLAYERS]
        assert made == [201] * len(PLAYERS), "each player is its own address"
        again = create(public, tls, PLAYERS[0])
        assert again.status_code == 429, "the same player is the same address"
        assert again.json()["code"] == "too-many-rooms"
        server.stop()
        entries = [json.loads(line) for line in server.logs().splitlines()]
    clients = [entry["client"] for entry in entries if entry["message"] == "request"]
    assert clients == [*PLAYERS, PLAYERS[0]], "neither a proxy's address nor the claimed one"
