"""A database outage during play: the server's PostgreSQL stopped (as ``systemctl stop`` does)
for 5 s under its tables, then started again. Every game goes on by itself, its players
connected and told meanwhile, and nothing anyone was told is lost or doubled."""

from __future__ import annotations

import asyncio
import logging

import pytest

from millebornes.store import open_store
from millebornes.table import Table
from millebornes.web.server import BackgroundServer
from services import PostgresServer
from webclient import FAST, Player, create_room, join

OUTAGE_SECONDS = 5  # the acceptance: PostgreSQL stopped for 5 s mid-play
MOVES_BEFORE = 20  # the states each player is told before the stop: mid-play
THINK_SECONDS = 0.05  # before each move: a deal lasts some seconds, as a person's would


@pytest.mark.slow
def test_games_go_on_by_themselves_through_a_postgresql_stop_losing_or_doubling_nothing(
    postgres_to_stop: PostgresServer, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    database = postgres_to_stop
    with BackgroundServer(database.url, FAST) as server:
        codes = [create_room(server, ["person", "person"], single_deal=True) for _ in range(2)]
        tokens = {code: [join(server, code, name)[1] for name in ("Ann", "Bob")] for code in codes}

        async def play_through_the_outage() -> dict[str, list[Player]]:
            players = {
                code: [
                    await Player.connect(server, code, [token], seed)
                    for seed, token in enumerate(seats)
                ]
                for code, seats in tokens.items()
            }
            everyone = [player for seated in players.values() for player in seated]
            for player in everyone:
                player.think = THINK_SECONDS
            games = [asyncio.create_task(player.play()) for player in everyone]
            while min(len(player.states()) for player in everyone) < MOVES_BEFORE:
                await asyncio.sleep(0.05)
            await asyncio.to_thread(database.stop)
            await asyncio.sleep(OUTAGE_SECONDS)
            await asyncio.to_thread(database.start)
            await asyncio.gather(*games)  # no error, no socket closed: each to its end
            return players

        players = asyncio.run(play_through_the_outage())
    store = open_store(database.url)
    for code, seated in players.items():
        stored = store.load(code)
        assert stored.finished
        played = Table(store, stored).log  # a doubled action would not replay so
        for seat, player in enumerate(seated):
            notices = [m["code"] for m in player.messages if m["type"] == "notice"]
            assert notices == ["not-saving", None], "told while it lasted, and when over"
            told = [m["event"] for m in player.states() if m["event"] is not None]
            own = [event["action"] for event in told if event["seat"] == seat]
            assert own == [str(p.action) for p in played if p.seat == seat], "none lost or doubled"
    assert not any(record.exc_info for record in caplog.records), "no traceback"
    said = [record.getMessage() for record in caplog.records]
    assert len(set(said)) == len(said), "one line a kind of failure, not one a try"
    for subject in ("could not save moves", "could not keep the rooms' leases"):
        lines = [line for line in said if line.startswith(subject)]
        assert lines[-1].startswith(f"{subject}: done again after "), said
