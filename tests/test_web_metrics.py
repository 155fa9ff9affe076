"""The server's metrics (``/metrics``, off unless asked for), and the server while its store
cannot write (a real PostgreSQL whose role loses the right to write, then to connect): its
health check, its rooms' sockets and its logs."""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families
from websockets.exceptions import ConnectionClosed

from millebornes.store import GameStore
from millebornes.web.server import BackgroundServer
from services import free_port, own_role
from serving import Served, serve_command
from webclient import FAST, Player, create_room, join

WAIT_SECONDS = 20  # the longest a health check may take to see the store change


def scraped(url: str) -> dict[str, float]:
    """Every sample of ``url``/metrics, by its name and labels (``name{label="value"}``)."""
    answer = httpx.get(f"{url}/metrics")
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("text/plain; version=")
    samples = {}
    for family in text_string_to_metric_families(answer.text):
        for sample in family.samples:
            labels = ",".join(f'{key}="{value}"' for key, value in sample.labels.items())
            samples[f"{sample.name}{{{labels}}}" if labels else sample.name] = sample.value
    return samples


def test_the_metrics_count_the_moves_played_the_rooms_connections_and_errors(
    tmp_path: Path,
) -> None:
    db = tmp_path / "s.sqlite"
    with BackgroundServer(db, FAST, metrics=True) as server:
        before = scraped(server.url)
        code = create_room(server, ["person", "easy"], single_deal=True)
        token = join(server, code, "Ann")[1]
        assert httpx.get(f"{server.url}/api/rooms/NOSUCHROOM").status_code == 404

        async def play() -> dict[str, float]:
            ann = await Player.connect(server, code, [token], seed=3)
            await ann.play()
            await ann.send({"type": "action", "action": "no such action"})
            while (await ann.receive())["type"] != "error":
                pass
            during = scraped(server.url)  # Ann is still connected
            await ann.close()
            return during

        during = asyncio.run(play())
        stored = GameStore(db).load(code)
        assert stored.finished
        assert during["millebornes_actions_total"] == len(stored.actions) > 10
        assert during["millebornes_rooms_open"] == 1
        assert during["millebornes_connections"] == 1
        assert during["millebornes_bot_searches"] == 0
        changes = during["millebornes_action_seconds_count"]
        assert 0 < changes <= len(stored.actions)
        assert 0 < during["millebornes_commit_seconds_count"] <= len(stored.actions)
        assert during['millebornes_action_seconds_bucket{le="+Inf"}'] == changes
        assert during["millebornes_action_seconds_sum"] > 0

        def errors(samples: dict[str, float], kind: str) -> float:
            return samples.get(f'millebornes_errors_total{{kind="{kind}"}}', 0)

        assert errors(during, "unknown-room") - errors(before, "unknown-room") == 1
        assert errors(during, "illegal") - errors(before, "illegal") == 1


def test_the_metrics_are_off_unless_asked_for_or_only_on_their_own_address(
    tmp_path: Path,
) -> None:
    with BackgroundServer(tmp_path / "s.sqlite", FAST) as server:
        off = httpx.get(f"{server.url}/metrics")
        assert (off.status_code, off.json()["code"]) == (404, "not-found")
    port = free_port()
    command = serve_command("--port", "0", "--db", str(tmp_path / "t.sqlite"))
    with Served([*command, "--metrics-address", f"127.0.0.1:{port}"]) as served:
        assert httpx.get(f"{served.url}/metrics").status_code == 404, "not on the game's port"
        assert scraped(f"http://127.0.0.1:{port}")["millebornes_rooms_open"] == 0


def health_until(url: str, status: int) -> dict[str, str]:
    """The health check's answer once it is ``status`` (the store's state is seen at the next
    lease renewal or check)."""
    deadline = time.monotonic() + WAIT_SECONDS
    while True:
        answer = httpx.get(f"{url}/healthz")
        if answer.status_code == status:
            return dict(answer.json())
        assert time.monotonic() < deadline, f"the health check stayed {answer.text}"
        time.sleep(0.1)


def test_the_health_check_is_503_while_the_store_cannot_write_or_answer_and_200_after(
    postgres_url: str,
) -> None:
    with own_role(postgres_url) as (url, admin):
        schema = postgres_url.rsplit("%3D", 1)[1]
        role = url.split("://", 1)[1].split("@", 1)[0]
        options = replace(FAST, lease_seconds=1.0)
        with BackgroundServer(url, options, metrics=True) as server:
            assert health_until(server.url, 200)["status"] == "ok"
            admin.execute(f'REVOKE INSERT, UPDATE ON ALL TABLES IN SCHEMA "{schema}" FROM {role}')
            said = health_until(server.url, 503)
            assert said["code"] == "store-down"
            assert said["message"] == "the game store cannot save moves (InsufficientPrivilege)"
            admin.execute(f'GRANT INSERT, UPDATE ON ALL TABLES IN SCHEMA "{schema}" TO {role}')
            assert health_until(server.url, 200)["status"] == "ok"
            # The database gone for this server: its connection cut and no new one let in.
            admin.execute(f"ALTER ROLE {role} NOLOGIN")
            admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = %s",
                (role,),
            )
            said = health_until(server.url, 503)
            assert said == {
                "type": "error",
                "code": "store-down",
                "message": "the game store does not answer",
            }
            admin.execute(f"ALTER ROLE {role} LOGIN")
            assert health_until(server.url, 200)["status"] == "ok"
            failures = scraped(server.url)
            assert failures['millebornes_store_failures_total{kind="InsufficientPrivilege"}'] >= 1


async def until_closed(player: Player) -> tuple[list[dict[str, Any]], int | None]:
    """What ``player`` is sent until the server closes its socket, and the close code."""
    told = []
    try:
        while True:
            told.append(await player.receive())
    except ConnectionClosed as closed:
        return told, closed.rcvd.code if closed.rcvd else None


def test_a_store_that_cannot_write_closes_the_rooms_sockets_and_logs_one_line_a_kind(
    postgres_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    with own_role(postgres_url) as (url, admin):
        schema = postgres_url.rsplit("%3D", 1)[1]
        role = url.split("://", 1)[1].split("@", 1)[0]
        tables = f'ALL TABLES IN SCHEMA "{schema}"'
        with BackgroundServer(url, replace(FAST, lease_seconds=1.0), metrics=True) as server:
            code = create_room(server, ["person", "person"])
            tokens = [join(server, code, name)[1] for name in ("Ann", "Bob")]

            async def move_while_the_store_refuses() -> tuple[list[dict[str, Any]], int | None]:
                players = [await Player.connect(server, code, [token]) for token in tokens]
                states = [await player.receive_state() for player in players]
                mover = next(i for i, state in enumerate(states) if state["view"]["legal"])
                admin.execute(f"REVOKE INSERT, UPDATE, DELETE ON {tables} FROM {role}")
                legal = states[mover]["view"]["legal"]
                await players[mover].send({"type": "action", "action": legal[0]})
                return await until_closed(players[mover])

            told, close_code = asyncio.run(move_while_the_store_refuses())
            errors = [message for message in told if message["type"] == "error"]
            assert [error["code"] for error in errors] == ["restarting"], told
            assert close_code == 1012, "the page is told to reconnect, not left hanging"
            # The leases are renewed every quarter second meanwhile, each time refused.
            deadline = time.monotonic() + WAIT_SECONDS
            failures = 'millebornes_store_failures_total{kind="InsufficientPrivilege"}'
            while scraped(server.url).get(failures, 0) < 5:
                assert time.monotonic() < deadline
                time.sleep(0.1)
            admin.execute(f"GRANT INSERT, UPDATE, DELETE ON {tables} TO {role}")
            assert health_until(server.url, 200)["status"] == "ok"
    leases = [r.getMessage() for r in caplog.records if "the rooms' leases" in r.getMessage()]
    assert leases == [
        "could not keep the rooms' leases: InsufficientPrivilege: "
        "permission denied for table leases",
        "could not keep the rooms' leases: done again after InsufficientPrivilege",
    ]
    assert not any(record.exc_info for record in caplog.records), "no traceback"
