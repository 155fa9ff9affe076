"""Ratings over real HTTP and WebSocket connections: a finished match between two players
rates both, by its rule family and table size, provisional at first, and both are on its
leaderboard; a device with no player has no rating."""

from __future__ import annotations

import asyncio

import httpx

from millebornes.web.server import BackgroundServer
from webclient import Player, create_room


def test_a_finished_match_between_players_rates_both_on_their_board(
    server: BackgroundServer, devices: list[httpx.Client]
) -> None:
    ann, bob, nobody = devices
    for device, name in ((ann, "Ann"), (bob, "Bob")):
        device.get("/api/me")
        device.post("/api/me/name", json={"name": name})
    assert ann.get("/api/me/ratings").json() == {"ratings": []}
    code = create_room(server, ["person", "person"], single_deal=True)
    tokens = [
        device.post(f"/api/rooms/{code}/join", json={"name": name}).json()["token"]
        for device, name in ((ann, "Ann"), (bob, "Bob"))
    ]

    async def play() -> None:
        players = [
            await Player.connect(server, code, [token], seed=n) for n, token in enumerate(tokens)
        ]
        await asyncio.wait_for(asyncio.gather(*(player.play() for player in players)), 120)
        for player in players:
            await player.close()

    asyncio.run(play())
    (game,) = ann.get("/api/me/games").json()["games"]
    (rated,) = ann.get("/api/me/ratings").json()["ratings"]
    (theirs,) = bob.get("/api/me/ratings").json()["ratings"]
    assert (rated["rules"], rated["players"], rated["games"]) == (game["rules"], 2, 1)
    assert rated["provisional"], "one game: still provisional"
    assert theirs["provisional"]
    ahead = {"won": rated["mu"] > theirs["mu"], "lost": rated["mu"] < theirs["mu"]}
    assert ahead.get(game["state"], rated["mu"] == theirs["mu"]), (game, rated, theirs)
    assert abs(rated["rating"] - (rated["mu"] - 3 * rated["sigma"])) < 0.1
    (board,) = nobody.get("/api/leaderboard").json()["boards"]
    assert (board["rules"], board["players"]) == (game["rules"], 2)
    best_first = {"won": ["Ann", "Bob"], "lost": ["Bob", "Ann"]}.get(game["state"])
    names = [row["name"] for row in board["rows"]]
    assert names == best_first or (best_first is None and sorted(names) == ["Ann", "Bob"])
    assert nobody.get("/api/me/ratings").json() == {"ratings": []}, "a stranger has none"
