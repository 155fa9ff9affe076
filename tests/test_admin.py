"""``millebornes admin rooms``: the rooms of a server's database and their state, on SQLite and
PostgreSQL, as a table in the terminal's width and as JSON."""

from __future__ import annotations

import json

import pytest

from millebornes.cli.main import main
from millebornes.cli.roomlist import as_table
from millebornes.web.server import BackgroundServer
from webclient import FAST, create_room, join


def test_admin_rooms_lists_each_room_and_its_state(
    store_at: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")  # the terminal's width
    with BackgroundServer(store_at, FAST) as server:
        waiting = create_room(server, ["person", "person"], listed=True)
        join(server, waiting, "Ann")
        assert main(["admin", "rooms", "--db", store_at, "--json"]) == 0
    (state,) = json.loads(capsys.readouterr().out)
    assert state["code"] == waiting
    assert (state["rules"], state["players"], state["deal"]) == ("dujardin", 2, 1)
    assert (state["names"], state["state"], state["listed"]) == (["Ann", None], "waiting", True)
    assert state["server"] is not None
    assert state["held_until"] > state["updated"]
    assert main(["admin", "rooms", "--db", store_at]) == 0
    heads, line = capsys.readouterr().out.splitlines()
    assert heads.split()[:3] == ["CODE", "RULES", "PLAYERS"]
    assert line.split()[:6] == [waiting, "dujardin", "2", "Ann,", "(free)", "waiting"]
    assert line.split()[-2:] == ["-", "yes"]  # the server stopped: its lease let go


def test_admin_rooms_fits_the_terminal_and_speaks_french() -> None:
    state = {
        "code": "abc",
        "rules": "dujardin",
        "players": 4,
        "names": ["Annabelle", "Bartholomew", "Cunégonde", None],
        "state": "playing",
        "deal": 2,
        "updated": 0.0,
        "server": "worker-1",
        "held_until": 10.0,
        "listed": False,
    }
    table = as_table([state], "fr", width=110)
    assert all(len(line) <= 110 for line in table.splitlines())
    heads, line = table.splitlines()
    assert heads.split()[:4] == ["CODE", "RÈGLES", "JOUEURS", "NOMS"]
    assert "Annabelle, Ba…  en cours" in line
    assert "worker-1 jusqu'à 00:00:10" in line
    assert line.endswith("non")


def test_admin_rooms_says_when_there_is_none(
    tmp_path: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["admin", "rooms", "--db", f"{tmp_path}/s.sqlite", "--all"]) == 0
    assert capsys.readouterr().out == "no room in the database\n"
