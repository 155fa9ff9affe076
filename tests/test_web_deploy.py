"""The deployment the repository ships: the Dockerfile read for what it promises (no image can be
built here), and the very command it runs served behind Debian's Caddy with the shipped
Caddyfile, over HTTPS from Caddy's local CA: a whole deal played through the proxy, the
invitation link the public address, the rate limits seeing each client's own address."""

from __future__ import annotations

import asyncio
import configparser
import contextlib
import json
import re
import ssl
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import yaml
from websockets.asyncio.client import connect

from millebornes.cli.main import build_parser
from millebornes.store import GameStore
from services import caddy, free_port
from serving import Served
from webclient import Player

ROOT = Path(__file__).resolve().parent.parent
DOCKERFILE = ROOT / "Dockerfile"
CADDYFILE = ROOT / "deploy" / "Caddyfile"


def final_stage() -> dict[str, list[str]]:
    """The instructions of the Dockerfile's last stage, by name: their arguments, continued
    lines joined."""
    text = re.sub(r"\\\n\s*", " ", DOCKERFILE.read_text())
    stages = re.split(r"^FROM ", text, flags=re.MULTILINE)
    instructions: dict[str, list[str]] = {"FROM": [stages[-1].split("\n", 1)[0].strip()]}
    for line in stages[-1].splitlines()[1:]:
        if line.strip() and not line.lstrip().startswith("#"):
            name, _, arguments = line.strip().partition(" ")
            instructions.setdefault(name, []).append(arguments.strip())
    return instructions


def image_command() -> list[str]:
    """What a container of the image runs: its ENTRYPOINT and CMD."""
    stage = final_stage()
    return [*json.loads(stage["ENTRYPOINT"][-1]), *json.loads(stage["CMD"][-1])]


def option(command: list[str], name: str) -> str:
    return command[command.index(name) + 1]


def test_the_image_is_slim_runs_unprivileged_keeps_the_games_on_a_volume_and_checks_health() -> (
    None
):
    stage = final_stage()
    assert re.fullmatch(r"python:3\.\d+-slim", stage["FROM"][0])
    assert stage["USER"][-1] not in ("root", "0"), "the server does not run as root"
    assert stage["VOLUME"] == ["/data"]
    command = image_command()
    assert command[:2] == ["millebornes", "serve"]
    assert option(command, "--db").startswith("/data/"), "the games live on the volume"
    assert "--behind-proxy" in command, "its clients' addresses come from the proxy"
    assert option(command, "--host") == "0.0.0.0"
    assert stage["EXPOSE"] == [option(command, "--port")]
    (health,) = stage["HEALTHCHECK"]
    assert f"http://127.0.0.1:{option(command, '--port')}/healthz" in health
    assert stage["STOPSIGNAL"] == ["SIGTERM"]
    assert "MILLEBORNES_PUBLIC_URL" in stage["ENV"][0]


def test_compose_puts_caddy_in_front_with_the_shipped_caddyfile() -> None:
    compose = yaml.safe_load((ROOT / "compose.yaml").read_text())
    game, proxy = compose["services"]["millebornes"], compose["services"]["caddy"]
    assert "games:/data" in game["volumes"]
    assert game["environment"]["MILLEBORNES_PUBLIC_URL"].startswith("https://${DOMAIN")
    assert "ports" not in game, "the game is reached only through Caddy"
    assert "./deploy/Caddyfile:/etc/caddy/Caddyfile:ro" in proxy["volumes"]
    assert proxy["environment"]["UPSTREAM"] == f"millebornes:{option(image_command(), '--port')}"
    assert {"80:80", "443:443"} <= set(proxy["ports"])
    assert proxy["depends_on"]["millebornes"]["condition"] == "service_healthy"


def test_compose_rotates_every_containers_log() -> None:
    compose = yaml.safe_load((ROOT / "compose.yaml").read_text())
    for name, service in compose["services"].items():
        logging = service["logging"]
        assert logging["driver"] == "json-file", name
        assert {"max-size", "max-file"} <= set(logging["options"]), name


@pytest.mark.parametrize("unit", ["millebornes.service", "millebornes@.service"])
def test_the_service_units_start_a_command_the_server_takes(unit: str) -> None:
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(ROOT / "deploy" / "systemd" / unit)
    service = parser["Service"]
    program, *argv = service["ExecStart"].replace("%i", "8001").split()
    assert program == "/var/lib/millebornes/venv/bin/millebornes"
    args = build_parser().parse_args(argv)
    assert (args.command, args.config) == ("serve", "/etc/millebornes/millebornes.toml")
    assert service["KillSignal"] == "SIGTERM"
    assert parser["Install"]["WantedBy"] == "multi-user.target"


@contextlib.contextmanager
def the_image_behind_caddy(tmp_path: Path) -> Iterator[tuple[str, ssl.SSLContext, Served]]:
    """The image's command (its port, address and database moved to this test's) behind Caddy:
    the public address, a TLS context trusting only Caddy's local CA, the server."""
    port = free_port()
    command = [sys.executable, "-m", "millebornes.cli.main", *image_command()[1:]]
    command += ["--host", "127.0.0.1", "--port", str(port), "--db", str(tmp_path / "s.sqlite")]
    with caddy(CADDYFILE, f"127.0.0.1:{port}") as (https_port, root):
        public = f"https://localhost:{https_port}"
        with Served(command, env={"MILLEBORNES_PUBLIC_URL": public}) as server:
            yield public, ssl.create_default_context(cafile=root), server


@pytest.mark.slow
def test_the_image_command_behind_caddy_plays_a_deal_over_https_and_limits_each_address(
    tmp_path: Path,
) -> None:
    with the_image_behind_caddy(tmp_path) as (public, tls, server):
        with httpx.Client(base_url=public, verify=tls) as https:
            created = https.post(
                "/api/rooms", json={"seats": ["person", "person"], "single_deal": True}
            )
            assert created.status_code == 201, created.text
            code = created.json()["code"]
            link = created.json()["link"]
            assert link == f"{public}/room/{code}", "the invitation is the public address"
            page = https.get(link)
            assert page.status_code == 200
            assert "frame-ancestors 'none'" in page.headers["content-security-policy"]
            assert page.headers["strict-transport-security"].startswith("max-age=")
            tokens = [
                https.post(f"/api/rooms/{code}/join", json={"name": n}).json()["token"]
                for n in ("Ann", "Bob")
            ]

            async def deal() -> list[Player]:
                players = []
                for seed, token in enumerate(tokens):
                    socket = await connect(f"wss{public[5:]}/ws/{code}", ssl=tls)
                    player = Player(socket, seed, think=0.06)  # within the image's limits
                    await player.send({"type": "hello", "tokens": [token]})
                    players.append(player)
                await asyncio.gather(*(player.play() for player in players))
                for player in players:
                    await player.close()
                return players

            players = asyncio.run(deal())
            assert all(player.states()[-1]["room"]["over"] for player in players)
            stored = GameStore(tmp_path / "s.sqlite").load(code)
            assert stored.finished, "a whole deal was played through the proxy"
            assert len(stored.actions) > 40

            # The image's limits: bursts of 10 creations an address, then 10 a minute. This
            # client made one a few seconds ago.
            made: list[int] = []
            while 429 not in made and len(made) < 12:
                made.append(
                    https.post("/api/rooms", json={"seats": ["person", "easy"]}).status_code
                )
            assert made[-1] == 429
            assert 9 <= len(made) - 1 <= 10
        elsewhere = httpx.HTTPTransport(local_address="127.0.0.2", verify=tls)
        with httpx.Client(base_url=public, transport=elsewhere) as other:
            assert other.post("/api/rooms", json={"seats": ["person", "easy"]}).status_code == 201
        server.stop()
        entries = [json.loads(line) for line in server.logs().splitlines()]
    clients = {entry["client"] for entry in entries if entry["message"] == "request"}
    assert clients == {"127.0.0.1", "127.0.0.2"}, "the server sees each client, not Caddy"
