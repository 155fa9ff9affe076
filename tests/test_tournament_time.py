"""The tournament's time in words, after its first game and at each tenth of the run, and its
results table within 100 columns."""

from __future__ import annotations

from pathlib import Path

import pytest

from millebornes.cli.main import main
from millebornes.cli.progress import Estimate, duration
from millebornes.tournament.stats import BotSummary, format_table


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_durations_are_rounded_up_in_words() -> None:
    assert [duration("en", s) for s in (0.01, 3.2, 41, 59.5, 61, 540, 3599, 7800)] == [
        "1 s",
        "4 s",
        "45 s",
        "60 s",
        "2 min",
        "9 min",
        "1 h 0 min",
        "2 h 10 min",
    ]
    assert duration("fr", 7800) == "2 h 10 min"


def test_the_first_game_times_the_run_and_each_tenth_updates_it() -> None:
    clock = Clock()
    estimate = Estimate(40, 2, "en", clock)
    clock.now = 27.0  # the first game, on one of two workers
    assert estimate.after(1) == "40 games: about 9 min in all (the first took 30 s)"
    clock.now = 60.0
    assert estimate.after(2) is None
    assert estimate.after(3) is None
    clock.now = 100.0
    assert estimate.after(4) == "4/40 games: about 15 min left"  # 25 s a game so far
    assert estimate.after(5) is None
    clock.now = 200.0
    assert estimate.after(20) == "20/40 games: about 4 min left"
    assert estimate.after(21) is None
    assert estimate.after(40) is None  # the table says the rest


def test_a_single_game_run_says_nothing_and_french_is_french() -> None:
    clock = Clock()
    assert Estimate(1, 1, "en", clock).after(1) is None
    clock.now = 2.0
    french = Estimate(10, 1, "fr", clock)
    clock.now = 4.0
    assert french.after(1) == "10 parties : environ 20 s en tout (la première a pris 2 s)"


def test_a_tiny_run_says_its_time_on_standard_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "t.sqlite")
    run = ["tournament", "--db", db, "--bots", "random,random", "--deals", "2"]
    assert main([*run, "--progress"]) == 0
    out, err = capsys.readouterr()
    assert "4 games: about " in err
    assert "2/4 games: about " in err
    assert "games: about" not in out
    assert main(run) == 0  # said with the progress bar: not here, where stderr is no terminal
    assert capsys.readouterr().err == ""


def summary(bot: str) -> BotSummary:
    return BotSummary(
        bot=bot,
        games=800,
        wins=400.0,
        low=0.466,
        high=0.535,
        margin=-1533.0,
        decisions=20000,
        decks=400,
        deck_wins=200.0,
        deck_low=0.451,
        deck_high=0.549,
        time_median=0.1234,
        time_p95=12.345,
        mu=25.0,
        sigma=8.333,
        ordinal=-0.0,
    )


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_results_table_fits_100_columns(language: str) -> None:
    table = format_table([summary("master#2"), summary("expert")], language)
    lines = table.splitlines()
    assert len(lines) == 4
    assert max(len(line) for line in lines) <= 100
    figures = "master#2 800 50.0% 47-54 50.0% 45-55 -1533 123.4 ms 12.35 s 25.0±8.33 -0.0"
    assert lines[2].split() == figures.split()
