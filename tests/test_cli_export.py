"""``millebornes export``: a game played in the terminal, given to ``millebornes review``."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from millebornes.cli.main import main
from millebornes.store import GameStore
from millebornes.table import Player
from millebornes.tui.session import Session


def played_in_the_terminal(path: Path, seed: int, moves: int = 1000) -> str:
    """A one-deal game the terminal stored, South (a person) against an easy bot, played at
    random to its end, or for ``moves`` moves."""
    store = GameStore(path)
    seats = [Player("Ann"), Player("North", "easy")]
    session = Session.start(store, rules="dujardin", players=seats, seed=seed, single_deal=True)
    match = session.table.match
    rng = random.Random(seed)
    while not match.is_over and len(match.deal.history) < moves:
        seat = match.to_act
        assert seat is not None
        action = str(rng.choice(match.view(seat).legal))
        match.apply(action)
        store.append(session.table.game_id, action, finished=match.is_over)
    store.close()
    return session.table.game_id


@pytest.fixture(autouse=True)
def in_english(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LC_ALL", "C")


@pytest.mark.slow
def test_a_terminal_game_is_exported_and_reviewed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "games.sqlite"
    game_id = played_in_the_terminal(db, seed=4, moves=12)  # left in play: quick to review
    assert main(["export", "--db", str(db)]) == 0
    listed = capsys.readouterr().out.splitlines()
    assert len(listed) == 1
    assert listed[0].startswith(game_id[:8] + "  ")
    assert listed[0].endswith("  Dujardin · Ann against 1 bot · 1 deal")
    record = tmp_path / "game.json"
    assert main(["export", game_id[:5], str(record), "--db", str(db)]) == 0
    assert capsys.readouterr().out == (
        f"game {game_id[:8]} written to {record}; review it with: millebornes review {record}\n"
    )
    assert json.loads(record.read_text("utf-8"))["kind"] == "match"
    assert main(["review", str(record), "--iterations", "1", "--json"]) == 0
    decisions = json.loads(capsys.readouterr().out)["decisions"]
    assert decisions
    assert {decision["seat"] for decision in decisions} == {0}
    assert main(["replay", str(record)]) == 0
    assert capsys.readouterr().out.startswith("deal 1: dujardin, 2 players")
    played_in_the_terminal(db, seed=5)  # a finished one, listed first
    assert main(["export", "--db", str(db)]) == 0
    assert capsys.readouterr().out.splitlines()[0].endswith(" · 1 deal, over")


def test_export_to_standard_output_and_its_refusals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "games.sqlite"
    game_id = played_in_the_terminal(db, seed=5)
    assert main(["export", game_id, "-", "--db", str(db)]) == 0
    assert json.loads(capsys.readouterr().out)["rules"] == "dujardin"
    refusals = {
        ("zzz", "x.json"): f"no game 'zzz' in {db}; 'millebornes export' lists them",
        (game_id,): "name the file to write the game to (- for standard output)",
        (game_id, str(tmp_path / "no" / "x.json")): "cannot write",
    }
    for argv, said in refusals.items():
        assert main(["export", *argv, "--db", str(db)]) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"millebornes: error: {said}")
        assert err.count("\n") == 1
    assert main(["export", "--db", str(tmp_path / "none.sqlite")]) == 2
    assert "no games file at" in capsys.readouterr().err


def test_the_list_speaks_french(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "games.sqlite"
    played_in_the_terminal(db, seed=6)
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")
    assert main(["export", "--db", str(db)]) == 0
    assert (
        capsys.readouterr().out.rstrip().endswith("Dujardin · Ann contre 1 robot · 1 manche, finie")
    )
