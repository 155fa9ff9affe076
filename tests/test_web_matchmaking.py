"""Quick games over real requests: the choice honoured, concurrent strangers seated together,
nobody seated twice, bots after the wait, abandoned tables off the list, and what the list says
of who waits and watches."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import httpx
import pytest

from clock import ManualClock
from millebornes.web.matchmaking import ABANDONED_SECONDS
from millebornes.web.server import BackgroundServer
from test_web_social import create, hello, tables
from webclient import FAST, Player, join

ROUNDS = 5  # of two strangers on two servers: without turns, both open a table most rounds
GENEROUS: dict[str, Any] = {"tables_burst": 100, "connects_burst": 100, "rooms_burst": 100}


def quick(server: BackgroundServer, name: str, **choice: Any) -> dict[str, Any]:
    response = httpx.post(f"{server.url}/api/tables/quick", json={"name": name, **choice})
    assert response.status_code == 200, response.text
    found: dict[str, Any] = response.json()
    return found


async def quick_together(server: BackgroundServer, count: int, **choice: Any) -> list[str]:
    """The codes of the tables ``count`` strangers pressing Quick game at once sit at."""
    async with httpx.AsyncClient(base_url=server.url) as client:
        answers = await asyncio.gather(
            *(
                client.post("/api/tables/quick", json={"name": f"P{n}", **choice})
                for n in range(count)
            )
        )
    assert {answer.status_code for answer in answers} == {200}
    return [answer.json()["code"] for answer in answers]


@pytest.mark.slow
def test_twenty_concurrent_quick_games_fill_tables_and_leave_nobody_alone(store_at: str) -> None:
    with BackgroundServer(store_at, replace(FAST, **GENEROUS)) as server:
        choice = {"rules": "dujardin", "players": 2, "length": "match"}
        codes = asyncio.run(quick_together(server, 20, **choice))
        listed = {table["code"]: table for table in tables(server)}
    assert sorted(Counter(codes).values()) == [2] * 10, "ten full tables of two"
    assert {(listed[code]["free"], listed[code]["started"]) for code in codes} == {(0, True)}


def test_three_strangers_at_once_with_the_same_choice_sit_at_one_table(
    serve: Callable[..., BackgroundServer],
) -> None:
    server = serve(**GENEROUS)
    choice = {"rules": "parker", "players": 3, "length": "deal"}
    codes = asyncio.run(quick_together(server, 3, **choice))
    assert len(set(codes)) == 1
    (table,) = tables(server)
    assert (table["rules"], table["players"], table["single_deal"]) == ("parker", 3, True)
    assert (table["free"], table["bots"]) == (0, 0)


def test_a_quick_game_honours_the_choice_and_any(serve: Callable[..., BackgroundServer]) -> None:
    server = serve(**GENEROUS)
    parker = quick(server, "Ann", rules="parker", players=3)
    assert parker["host"], "a new table: the creator's token"
    dujardin = quick(server, "Bob", rules="dujardin", players=3)
    two = quick(server, "Cid", rules="parker", players=2)
    deal = quick(server, "Dee", rules="parker", players=3, length="deal")
    assert len({parker["code"], dujardin["code"], two["code"], deal["code"]}) == 4
    anything = quick(server, "Eve")
    assert anything["code"] in {parker["code"], dujardin["code"], two["code"], deal["code"]}
    assert "host" not in anything
    same = quick(server, "Fay", rules="parker", players="any", length="match")
    assert same["code"] in {parker["code"], two["code"]}
    # Nothing listed fits: a new table of the choice, "any" the first rules' fewest players.
    fresh = quick(server, "Gus", rules="winning-moves")
    listed = {table["code"]: table for table in tables(server)}
    assert (listed[fresh["code"]]["players"], listed[fresh["code"]]["rules"]) == (
        4,
        "winning-moves",
    )


def test_a_choice_no_table_can_have_is_refused_with_what_is_accepted(
    server: BackgroundServer,
) -> None:
    refusals: list[tuple[dict[str, Any], str]] = [
        ({"rules": "parker", "players": 5}, "'parker' seats 2, 3, 4, 6 players, not 5"),
        ({"players": 7}, "no rules seat 7 players"),
        ({"rules": "chess"}, "the rules are one of any, dujardin"),
        ({"bot_level": "genius"}, "a bot's level is one of easy, medium, hard"),
        ({"name": " "}, "a name is 1 to 24 printable characters"),
    ]
    for choice, said in refusals:
        body = {"name": "Ann", **choice}
        response = httpx.post(f"{server.url}/api/tables/quick", json=body)
        assert response.status_code in (400, 422), response.text
        assert said in response.json()["message"], response.text
    assert tables(server) == [], "no table opened for a refused choice"


def test_nobody_is_seated_twice_at_a_table_they_hold(
    serve: Callable[..., BackgroundServer],
) -> None:
    server = serve(**GENEROUS)
    first = quick(server, "Kim", rules="dujardin", players=3)
    again = quick(server, "Kim", rules="dujardin", players=3, held=[first["code"]])
    assert again["code"] != first["code"], "the player left and pressed Quick game again"
    other = quick(server, "Lou", rules="dujardin", players=3)
    assert other["code"] == first["code"], "the longest waiting first, among equals"


def test_a_table_where_people_wait_is_preferred_to_an_older_empty_one(
    serve: Callable[..., BackgroundServer],
) -> None:
    server = serve(**GENEROUS)
    older = quick(server, "Ann", rules="dujardin", players=3)
    newer = quick(server, "Bob", rules="dujardin", players=3, held=[older["code"]])

    async def scenario() -> str:
        await hello(server, newer["code"], [newer["token"]])  # Bob waits at the table
        return str(quick(server, "Cid", rules="dujardin", players=3)["code"])

    assert asyncio.run(scenario()) == newer["code"]


def test_the_list_shows_who_waits_and_how_many_watch(
    serve: Callable[..., BackgroundServer], clock: ManualClock
) -> None:
    server = serve(clock=clock, **GENEROUS)
    found = quick(server, "Ann", rules="dujardin", players=3)
    private = create(server, ["person", "person"], listed=True)
    join(server, private["code"], "Zoe")

    async def scenario() -> dict[str, dict[str, Any]]:
        await hello(server, found["code"], [found["token"]])
        await hello(server, found["code"], [])
        await hello(server, private["code"], [])
        clock.advance(1)
        return {table["code"]: table for table in tables(server)}

    listed = asyncio.run(scenario())
    waiting = listed[found["code"]]
    assert (waiting["here"], waiting["waiting"], waiting["watching"]) == (1, ["Ann"], 1)
    assert waiting["bot_level"] == "medium"
    assert waiting["bots_at"] == round(waiting["created"] + 60, 1)
    unnamed = listed[private["code"]]
    assert (unnamed["here"], unnamed["waiting"], unnamed["watching"]) == (0, None, 1)


def test_after_the_wait_bots_of_the_chosen_level_take_the_free_seats(
    serve: Callable[..., BackgroundServer], clock: ManualClock
) -> None:
    # Ann stays connected while the clock jumps the wait: never silent for that (a loaded
    # machine let the heartbeat see 30 s of silence and close her connection).
    server = serve(clock=clock, silent_seconds=600, **GENEROUS)
    found = quick(server, "Ann", players=3, wait_seconds=30, bot_level="easy")

    async def scenario() -> dict[str, Any]:
        ann = await Player.connect(server, found["code"], [found["token"]])
        room = (await ann.receive_state())["room"]
        assert not room["started"]
        clock.advance(30)
        ann.messages.clear()
        await hello(server, found["code"], [])  # a message: the room looks at its clock
        while not (room := (await ann.receive_state())["room"])["started"]:
            pass
        started: dict[str, Any] = room
        return started

    room = asyncio.run(scenario())
    assert [(seat["name"], seat["bot"]) for seat in room["seats"]] == [
        ("Ann", None),
        ("Alan", "easy"),
        ("Grace", "easy"),
    ]


def test_a_table_nobody_is_connected_to_leaves_the_list_within_minutes(
    serve: Callable[..., BackgroundServer], clock: ManualClock
) -> None:
    server = serve(clock=clock, **GENEROUS)
    left = quick(server, "Ann", rules="dujardin", players=2)
    clock.advance(ABANDONED_SECONDS / 2)
    assert [table["code"] for table in tables(server)] == [left["code"]], "a while to come back"
    clock.advance(ABANDONED_SECONDS / 2 + 1)
    assert tables(server) == []
    other = quick(server, "Bob", rules="dujardin", players=2)
    assert other["code"] != left["code"], "nobody is seated at an abandoned table"

    async def come_back() -> list[str]:
        await hello(server, left["code"], [left["token"]])
        clock.advance(1)
        return [table["code"] for table in tables(server)]

    assert left["code"] in asyncio.run(come_back()), "listed again once its player is back"


@pytest.mark.slow
def test_strangers_on_two_servers_of_one_database_meet(postgres_url: str) -> None:
    """Two strangers at once, each sent to another server: one table, round after round."""
    options = replace(FAST, **GENEROUS)
    with (
        BackgroundServer(postgres_url, options) as first,
        BackgroundServer(postgres_url, options) as second,
    ):

        async def rounds() -> list[list[str]]:
            choice = {"rules": "dujardin", "players": 2, "length": "match"}
            met = []
            for _ in range(ROUNDS):
                pair = [quick_together(server, 1, **choice) for server in (first, second)]
                met.append([code for (code,) in await asyncio.gather(*pair)])
            return met

        met = asyncio.run(rounds())
    assert [len(set(codes)) for codes in met] == [1] * ROUNDS
