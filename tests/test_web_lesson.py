"""The guided first deal in the browser game's server (web/lesson.py, web/tutorial.py): a lesson
opened with the person seated at South, the tutor's moves, each move off the script refused
with the script's words in the client's language, and the lesson's line in the room's info."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
import pytest

from millebornes.core.actions import Verb
from millebornes.core.tutorial import LESSONS, SCRIPT, YOU, lesson_number, next_line, refusal
from millebornes.store import GameStore
from millebornes.web.server import BackgroundServer
from millebornes.words import word
from webclient import FAST, Player


def start(server: BackgroundServer, **body: str) -> dict[str, Any]:
    response = httpx.post(f"{server.url}/api/lessons", json=body)
    assert response.status_code == 201, response.text
    answer: dict[str, Any] = response.json()
    return answer


async def play_the_lesson(
    server: BackgroundServer, code: str, token: str, language: str
) -> tuple[list[dict[str, Any]], list[str]]:
    """Play the script's moves as South, each first tried with a move off the script: the
    states told, and the refusals."""
    south = await Player.connect(server, code, [token], language=language)
    refusals: list[str] = []
    made = 0  # moves of the deal seen made
    while True:
        message = await south.receive_state()
        room, view = message["room"], message["view"]
        made += message["event"] is not None
        if room["over"]:
            break
        step = SCRIPT[made] if made < len(SCRIPT) else None
        if step is None or step.seat != YOU or not view.get("legal"):
            continue
        expected = str(step.action)
        other = next((a for a in view["legal"] if a != expected), None)
        if other is not None:
            await south.send({"type": "action", "action": other})
            error = await south.receive()
            assert (error["type"], error["code"]) == ("error", "illegal"), error
            refusals.append(error["message"])
        await south.send({"type": "action", "action": expected})
    await south.close()
    return south.states(), refusals


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_lesson_plays_the_script_refusing_every_other_move_in_the_players_words(
    server: BackgroundServer, db: Path, language: str
) -> None:
    opened = start(server, language=language)
    assert opened["seat"] == YOU
    info = httpx.get(f"{server.url}/api/rooms/{opened['code']}").json()
    assert info["lesson"] == {"number": 1, "count": LESSONS, "line": "tutorial.roll"}
    assert info["seats"][YOU]["name"] == {"en": "South", "fr": "Sud"}[language]
    states, refusals = asyncio.run(
        play_the_lesson(server, opened["code"], opened["token"], language)
    )
    assert (states[-1]["room"]["over"], states[-1]["room"]["winner"]) == (True, 0)
    assert states[-1]["room"]["lesson"]["line"] == "tutorial.score"
    lines = [state["room"]["lesson"]["line"] for state in states]
    ideas = [f"tutorial.{step.idea}" for step in SCRIPT if step.idea is not None]
    assert list(dict.fromkeys(lines)) == [*dict.fromkeys(ideas), "tutorial.score"]
    # The coup-fourré's question waited, and letting the attack pass was refused in the
    # script's words, as every other move off the script.
    coup_fourre = next(n for n, step in enumerate(SCRIPT) if step.action.verb == Verb.COUP_FOURRE)
    said = word(refusal(coup_fourre, SCRIPT[coup_fourre + 1].action), language)  # type: ignore[arg-type]
    assert said in refusals
    assert len(refusals) >= LESSONS - 2  # a step whose only legal move is the script's has none
    stored = GameStore(db).load(opened["code"])
    assert stored.actions == [str(step.action) for step in SCRIPT]
    assert lesson_number(len(SCRIPT)) == LESSONS
    assert next_line(len(SCRIPT)).key == "tutorial.score"


def test_a_lesson_takes_a_name_or_names_the_seat_and_refuses_a_bad_one(
    server: BackgroundServer,
) -> None:
    opened = start(server, name="Ann")
    info = httpx.get(f"{server.url}/api/rooms/{opened['code']}").json()
    assert [seat["name"] for seat in info["seats"]] == ["Ann", "North"]
    refused = httpx.post(f"{server.url}/api/lessons", json={"name": "x" * 65})
    assert refused.status_code == 400
    assert refused.json()["message"] == "name: String should have at most 64 characters"


def test_a_restarted_server_plays_a_lesson_on_as_a_lesson(db: Path) -> None:
    """Its room is loaded as a lesson's: its line, no coup-fourré clock, the script kept."""

    async def first_move(server: BackgroundServer, code: str, token: str) -> None:
        south = await Player.connect(server, code, [token])
        await south.receive_state()
        await south.send({"type": "action", "action": str(SCRIPT[0].action)})
        while len(GameStore(db).load(code).actions) < 2:  # North's answer too
            await south.receive()
        await south.close()

    async def off_script(server: BackgroundServer, code: str, token: str) -> dict[str, Any]:
        south = await Player.connect(server, code, [token])
        await south.receive_state()
        await south.send({"type": "action", "action": "discard stop"})
        refused = await south.receive()
        await south.close()
        return refused

    with BackgroundServer(db, FAST) as server:
        opened = start(server)
        asyncio.run(first_move(server, opened["code"], opened["token"]))
    with BackgroundServer(db, FAST) as server:
        info = httpx.get(f"{server.url}/api/rooms/{opened['code']}").json()
        assert info["lesson"] == {"number": 2, "count": LESSONS, "line": "tutorial.distance"}
        assert info["coup_fourre_seconds"] is None
        refused = asyncio.run(off_script(server, opened["code"], opened["token"]))
    said = refusal(2, SCRIPT[0].action)  # the 100 km asked for, not a Roll
    assert said is not None
    assert refused == {"type": "error", "code": "illegal", "message": word(said, "en")}
