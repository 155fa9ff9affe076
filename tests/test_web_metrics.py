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

from millebornes.store import GameStore, open_store
from millebornes.store.postgres import PostgresStore
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


@pytest.mark.slow
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


@pytest.mark.slow
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


async def until_notice(player: Player) -> tuple[list[dict[str, Any]], str | None]:
    """What ``player`` is sent until a notice, and the notice's code."""
    told = []
    while (message := await player.receive())["type"] != "notice":
        told.append(message)
    return told, message["code"]


@pytest.mark.slow
def test_a_store_that_cannot_write_keeps_the_table_told_then_takes_the_move_once(
    postgres_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    with own_role(postgres_url) as (url, admin):
        schema = postgres_url.rsplit("%3D", 1)[1]
        role = url.split("://", 1)[1].split("@", 1)[0]
        tables = f'ALL TABLES IN SCHEMA "{schema}"'
        # A lease a second: the store cannot write for longer than that, and keeps its leases.
        with BackgroundServer(url, replace(FAST, lease_seconds=1.0), metrics=True) as server:
            code = create_room(server, ["person", "person"])
            tokens = [join(server, code, name)[1] for name in ("Ann", "Bob")]
            elsewhere = create_room(server, ["person", "person"])  # Carol waits for a friend
            carol_token = join(server, elsewhere, "Carol")[1]

            async def move_while_the_store_refuses() -> str:
                players = [await Player.connect(server, code, [token]) for token in tokens]
                states = [await player.receive_state() for player in players]
                carol = await Player.connect(server, elsewhere, [carol_token])
                mover = next(i for i, state in enumerate(states) if state["view"]["legal"])
                admin.execute(f"REVOKE INSERT, UPDATE, DELETE ON {tables} FROM {role}")
                move = states[mover]["view"]["legal"][0]
                await players[mover].send({"type": "action", "action": move})
                for player in (*players, carol):
                    assert (await until_notice(player))[1] == "not-saving"
                # A chat line is refused meanwhile, not kept waiting: Carol may send it again.
                await carol.send({"type": "chat", "text": "still there?"})
                refused = await carol.receive()
                assert (refused["type"], refused["code"]) == ("error", "not-saving")
                # So is a new room: a refusal to try again, not a server error.
                created = httpx.post(f"{server.url}/api/rooms", json={"seats": ["person"] * 2})
                assert (created.status_code, created.json()["code"]) == (503, "not-saving")
                # The move and the lease are tried again meanwhile, each time refused, until
                # the lease has run out (nobody else takes it: it is renewed once it can be).
                deadline = time.monotonic() + WAIT_SECONDS
                failures = 'millebornes_store_failures_total{kind="InsufficientPrivilege"}'
                now = PostgresStore.now
                held = f'SELECT expires > {now} FROM "{schema}".leases WHERE game_id = %s'

                def lease_ran_out() -> bool:
                    return admin.execute(held, (code,)).fetchone() == (False,)

                while scraped(server.url).get(failures, 0) < 5 or not lease_ran_out():
                    assert time.monotonic() < deadline
                    await asyncio.sleep(0.1)
                admin.execute(f"GRANT INSERT, UPDATE, DELETE ON {tables} TO {role}")
                for player in players:
                    told, notice = await until_notice(player)
                    assert notice is None, "the notice is over"
                    # The notice follows the first write that passes (a lease's renewal may
                    # come before the move's): the move is told once it is stored.
                    while not any(m["type"] == "state" and m["event"] for m in told):
                        told.append(await player.receive())
                    events = [
                        m["event"]["action"] for m in told if m["type"] == "state" and m["event"]
                    ]
                    assert events == [move], "told once, once stored"
                    assert not [m for m in told if m["type"] == "error"]
                return str(move)

            move = asyncio.run(move_while_the_store_refuses())
            assert health_until(server.url, 200)["status"] == "ok"
            assert open_store(url).load(code).actions == [move], "stored once"
    subjects = ("could not save moves", "could not keep the rooms' leases")
    said = [r.getMessage() for r in caplog.records if r.getMessage().startswith(subjects)]
    refused = "InsufficientPrivilege: permission denied for"  # a table, whichever failed first
    assert sorted(line.split(" table ")[0] for line in said) == sorted(
        [f"{subject}: {refused}" for subject in subjects]
        + [f"{subject}: done again after InsufficientPrivilege" for subject in subjects]
    ), "one line a kind, and one when done again"
    assert not any(record.exc_info for record in caplog.records), "no traceback"
