"""The paired comparison of two runs on the same decks: figures worked out by hand."""

from __future__ import annotations

from pathlib import Path

import pytest
from benchmarks.paired import Run, compare, main

from millebornes.tournament import GameResult, TournamentSettings, TournamentStore


def stored(path: Path, margins: list[tuple[int, int]], seed: int = 7) -> Path:
    """A run of master against the expert, deck by deck: master's margin in each rotation
    (master scores 1000 + margin where the expert scores 1000)."""
    settings = TournamentSettings(bots=("master", "expert"), decks=len(margins), seed=seed)
    with TournamentStore(path) as store:
        run = store.start_run(settings)
        for deck, pair in enumerate(margins):
            for rotation, margin in enumerate(pair):
                master_first = rotation == 0
                totals = (1000 + margin, 1000) if master_first else (1000, 1000 + margin)
                bots = ("master", "expert") if master_first else ("expert", "master")
                result = GameResult(
                    number=deck * 2 + rotation,
                    deck=deck,
                    rotation=rotation,
                    seat_bots=bots,
                    totals=totals,
                    decision_times=((0.1,), (0.1,)),
                    seconds=1.0,
                    record={},
                )
                store.add_game(run, result)
    return path


def test_the_difference_is_taken_deck_by_deck(tmp_path: Path) -> None:
    before = stored(tmp_path / "before.sqlite", [(100, -100), (200, 0), (-300, -100)])
    after = stored(tmp_path / "after.sqlite", [(100, -100), (400, 0), (-100, -100)])
    lines = compare(Run.read(before), Run.read(after), "master")
    assert lines[0].startswith("master, 3 decks finished in both runs")
    # Decks' mean margins: before 0, +100, -200; after 0, +200, -100; decks won 1 of 3
    # before (the first a tie: half each), 1.5 of 3 after.
    assert "decks won 50.0%" in lines[1]
    assert "margin a deal -33" in lines[1]
    assert "decks won 50.0%" in lines[2]
    assert "margin a deal +33" in lines[2]
    # Differences 0, +100, +100: a mean of +66.7, two decks of three played out differently.
    assert "paired by deck: +66.7" in lines[3]
    assert "2 of 3 decks played out differently" in lines[3]


def test_only_decks_finished_in_both_runs_count(tmp_path: Path) -> None:
    before = stored(tmp_path / "before.sqlite", [(100, 100), (200, 0), (-300, -100)])
    after = stored(tmp_path / "after.sqlite", [(100, 100), (400, 0)])
    run = Run.read(after)
    assert run.finished() == {0, 1}
    assert compare(Run.read(before), run, "master")[0].startswith("master, 2 decks")


def test_runs_of_other_decks_are_not_compared(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = stored(tmp_path / "before.sqlite", [(100, 100), (200, 0)], seed=1)
    after = stored(tmp_path / "after.sqlite", [(100, 100), (200, 0)], seed=2)
    assert main([str(before), str(after)]) == 0
    assert capsys.readouterr().out == "the runs differ in seed: their decks are not the same\n"
    with pytest.raises(SystemExit) as exit_:
        main([str(before), str(tmp_path / "missing.sqlite")])
    assert exit_.value.code == 2
