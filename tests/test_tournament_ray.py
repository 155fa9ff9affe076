"""``millebornes tournament --backend ray``: the local pool's games and table, from Ray tasks.
Ray is imported by the tests that start it (about a second a process), not while the tests are
collected."""

import re
from pathlib import Path
from typing import Any

import pytest

from millebornes.cli.main import main
from millebornes.tournament import TournamentSettings, TournamentStore, run_tournament

TIME = re.compile(r"\d+\.\d (µs|ms|s)\b")


# A stored game without its times: number, deck, rotation, bots, totals, record.
Stored = tuple[int, int, int, tuple[str, ...], tuple[int, ...], dict[str, Any]]


def games_of(db: str, run: int) -> list[Stored]:
    with TournamentStore(db) as store:
        return [
            (r.number, r.deck, r.rotation, r.seat_bots, r.totals, r.record)
            for _, r in store.games(run)
        ]


@pytest.mark.slow  # Ray starts a cluster for each test that runs on it
def test_ray_plays_the_local_pools_games_and_prints_its_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("ray")
    db = str(tmp_path / "t.sqlite")
    common = ["tournament", "--bots", "expert,greedy,random", "--rules", "winning-moves"]
    common += ["--players", "4", "--deals", "3", "--seed", "5", "--db", db, "--no-progress"]
    assert main([*common, "--jobs", "2"]) == 0
    local = capsys.readouterr().out
    assert main([*common, "--jobs", "2", "--backend", "ray"]) == 0
    on_ray = capsys.readouterr().out
    assert len(games_of(db, 1)) == 9
    assert games_of(db, 1) == games_of(db, 2)
    table = local.splitlines()[:5]
    assert [TIME.sub("T", line).split() for line in table] == [
        TIME.sub("T", line).split() for line in on_ray.splitlines()[:5]
    ]


@pytest.mark.slow
def test_run_tournament_on_ray_joins_a_running_ray() -> None:
    ray = pytest.importorskip("ray")
    settings = TournamentSettings(bots=("expert", "random"), decks=2, seed=1)
    ray.init(num_cpus=2, include_dashboard=False, object_store_memory=100 * 1024**2)
    try:
        results = run_tournament(settings, backend="ray", address=None)
        assert ray.is_initialized()  # a Ray the caller started is left running
    finally:
        ray.shutdown()
    local = run_tournament(settings)
    assert [(r.totals, r.record) for r in results] == [(r.totals, r.record) for r in local]


def test_an_address_without_the_ray_backend_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "t.sqlite")
    assert main(["tournament", "--bots", "expert,random", "--db", db, "--address", "auto"]) == 2
    assert "--address names a Ray cluster" in capsys.readouterr().err


def test_an_unknown_backend_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "t.sqlite")
    assert main(["tournament", "--bots", "expert,random", "--db", db, "--backend", "spark"]) == 2
    assert "invalid choice: 'spark'" in capsys.readouterr().err
