import json
import math
import re
from pathlib import Path
from typing import ClassVar

import pytest

from millebornes import Deal, Match, load_record, replay_deal
from millebornes.bots import base
from millebornes.cli.main import main
from millebornes.cli.tournament import parse_option_value, parse_options
from millebornes.core.actions import Action
from millebornes.core.view import View
from millebornes.tournament import (
    GameResult,
    TournamentSettings,
    TournamentStore,
    run_tournament,
    summarize,
    wilson_interval,
)
from millebornes.tournament.game import BotError
from millebornes.tournament.stats import (
    deck_margins,
    format_table,
    margins,
    mean_interval,
    percentile,
    ratings,
    win_shares,
)


def result(
    number: int, side_bots: tuple[str, ...], totals: tuple[int, ...], deck: int | None = None
) -> GameResult:
    return GameResult(
        number=number,
        deck=number if deck is None else deck,
        rotation=0,
        seat_bots=side_bots,
        totals=totals,
        decision_times=tuple((0.001 * (number + 1),) for _ in side_bots),
        seconds=0.0,
        record={},
    )


# ------------------------------------------------------------------ statistics


def test_wilson_interval_matches_the_hand_computed_values() -> None:
    # 8 of 10: p = 0.8, z^2/n = 0.38415; centre 0.71674, half-width 0.22658.
    low, high = wilson_interval(8, 10)
    assert low == pytest.approx(0.49016, abs=1e-4)
    assert high == pytest.approx(0.94332, abs=1e-4)
    # 0 of 10: the interval starts at 0 and ends at (z^2/n) / (1 + z^2/n).
    low, high = wilson_interval(0, 10)
    assert low == 0.0
    assert high == pytest.approx(0.38415 / 1.38415, abs=1e-4)
    # Ties count half: 1.5 of 3 is centred on one half.
    low, high = wilson_interval(1.5, 3)
    assert low + high == pytest.approx(1.0)
    with pytest.raises(ValueError, match="at least one game"):
        wilson_interval(0, 0)


def test_percentile_interpolates_between_ranks() -> None:
    assert percentile([4, 1, 3, 2], 50) == pytest.approx(2.5)
    assert percentile([1, 2, 3, 4], 95) == pytest.approx(3.85)  # rank 2.85: 3 + 0.85
    assert percentile([7.0], 95) == 7.0
    with pytest.raises(ValueError, match="at least one value"):
        percentile([], 50)


def test_deck_margins_average_each_decks_games() -> None:
    results = [
        result(0, ("a", "b"), (900, 500), deck=0),  # a +400
        result(1, ("b", "a"), (800, 600), deck=0),  # a -200
        result(2, ("a", "b", "a"), (300, 700, 1000), deck=1),  # a's best side: +300
        result(3, ("b", "a", "b"), (400, 100, 500), deck=1),  # a -400
    ]
    assert deck_margins(results, "a") == [100.0, -50.0]
    assert deck_margins(results, "b") == [-100.0, 50.0]
    assert deck_margins(results, "c") == []


def test_mean_interval_is_the_normal_interval_of_the_mean() -> None:
    # Mean 2, sample variance 2/3 over 4 values: half-width z * sqrt(2/3) / sqrt(4).
    mean, half = mean_interval([1.0, 2.0, 2.0, 3.0])
    assert mean == pytest.approx(2.0)
    assert half == pytest.approx(1.959964 * (2 / 3) ** 0.5 / 2, abs=1e-5)
    assert mean_interval([5.0]) == (5.0, math.inf)
    with pytest.raises(ValueError, match="at least one value"):
        mean_interval([])


def test_a_tie_at_the_top_shares_the_win() -> None:
    assert win_shares(result(0, ("a", "b"), (700, 700))) == {"a": 0.5, "b": 0.5}
    assert win_shares(result(0, ("a", "b"), (1200, 700))) == {"a": 1.0, "b": 0.0}


def test_a_bot_on_two_sides_counts_its_best_side() -> None:
    game = result(0, ("a", "b", "a"), (100, 300, 200))
    assert win_shares(game) == {"a": 0.0, "b": 1.0}
    assert margins(game) == {"a": -100, "b": 100}


def test_summary_of_known_results() -> None:
    games = [
        result(0, ("a", "b"), (1500, 650)),
        result(1, ("b", "a"), (400, 1100)),
        result(2, ("a", "b"), (900, 900)),
        result(3, ("b", "a"), (1300, 500)),
    ]
    by_bot = {summary.bot: summary for summary in summarize(games)}
    a, b = by_bot["a"], by_bot["b"]
    assert (a.games, a.wins, b.wins) == (4, 2.5, 1.5)
    assert a.win_rate == 0.625
    assert (a.low, a.high) == wilson_interval(2.5, 4)
    assert a.margin == pytest.approx((850 + 700 + 0 - 800) / 4)
    assert b.margin == -a.margin
    assert a.decisions == 4
    assert a.time_median == pytest.approx(0.0025)
    assert a.time_p95 == pytest.approx(0.00385)


def test_a_deck_is_won_on_the_points_of_all_its_rotations() -> None:
    games = [
        # deck 0: a loses its first game by 100 but wins the swapped one by 400.
        result(0, ("a", "b"), (600, 700), deck=0),
        result(1, ("b", "a"), (500, 900), deck=0),
        # deck 1: a wins one game by 50 and loses the other by 300.
        result(2, ("a", "b"), (1050, 1000), deck=1),
        result(3, ("b", "a"), (1300, 1000), deck=1),
        # deck 2: the same points both ways: the deck is shared.
        result(4, ("a", "b"), (800, 400), deck=2),
        result(5, ("b", "a"), (800, 400), deck=2),
    ]
    by_bot = {summary.bot: summary for summary in summarize(games)}
    a, b = by_bot["a"], by_bot["b"]
    assert (a.games, a.wins) == (6, 3.0)
    assert (a.decks, a.deck_wins, b.deck_wins) == (3, 1.5, 1.5)
    assert (a.deck_low, a.deck_high) == wilson_interval(1.5, 3)
    assert "decks won" in format_table(list(by_bot.values()))


def test_ratings_order_the_stronger_bot_first() -> None:
    games = [result(n, ("a", "b", "c"), (900, 600, 300)) for n in range(6)]
    games.append(result(6, ("c", "b", "a"), (0, 50, 100)))
    rated = ratings(games)
    assert rated["a"][0] > rated["b"][0] > rated["c"][0]
    assert [summary.bot for summary in summarize(games)] == ["a", "b", "c"]
    mu, sigma, ordinal = rated["a"]
    assert ordinal == pytest.approx(mu - 3 * sigma)


def test_the_table_lists_the_bot_that_won_the_most_decks_first() -> None:
    games = [
        # deck 0: a wins both games; decks 1 and 2: a wins one game by 10, b the other by 500.
        result(0, ("a", "b"), (800, 700), deck=0),
        result(1, ("b", "a"), (700, 800), deck=0),
        *(result(2 * deck, ("a", "b"), (710, 700), deck=deck) for deck in (1, 2)),
        *(result(2 * deck + 1, ("b", "a"), (1200, 700), deck=deck) for deck in (1, 2)),
    ]
    rated = ratings(games)
    assert rated["a"][2] > rated["b"][2]  # a won more games: rated higher
    summaries = summarize(games)
    assert [(s.bot, s.deck_wins) for s in summaries] == [("b", 2.0), ("a", 1.0)]


def test_the_results_go_to_the_data_folder_by_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "data" / "millebornes" / "tournament.sqlite"
    assert main(["tournament", "--help"]) == 0
    # argparse wraps the help at spaces and hyphens: compare without the line breaks.
    assert "".join(f"(default: {path})".split()) in "".join(capsys.readouterr().out.split())
    assert main(["tournament", "--bots", "random,random", "--deals", "1", "--no-progress"]) == 0
    assert f"stored as run 1 in {path} " in capsys.readouterr().out
    assert path.is_file()
    assert not (tmp_path / "tournament.sqlite").exists()


def test_option_values_are_read_as_json_scalars() -> None:
    assert parse_option_value("0.2") == 0.2
    assert parse_option_value("300") == 300
    assert parse_option_value("true") is True
    assert parse_option_value("fast") == "fast"
    assert parse_options(["master.seconds=0.2", "master.iterations=300"]) == {
        "master": {"seconds": 0.2, "iterations": 300}
    }


# ------------------------------------------------------------------ the duplicate schedule


def seat_bots_by_deck(settings: TournamentSettings) -> dict[int, list[tuple[int, ...]]]:
    lineups: dict[int, list[tuple[int, ...]]] = {}
    for game in settings.games():
        lineups.setdefault(game.deck, []).append(game.seat_bots)
    return lineups


def test_two_players_play_each_deck_twice_with_seats_swapped() -> None:
    settings = TournamentSettings(bots=("a", "b"), decks=3)
    games = settings.games()
    assert [game.number for game in games] == list(range(6))
    assert seat_bots_by_deck(settings) == {deck: [(0, 1), (1, 0)] for deck in range(3)}
    seeds = {game.deck: game.deck_seed for game in games}
    assert all(game.deck_seed == seeds[game.deck] for game in games)
    assert len(set(seeds.values())) == 3


def test_partners_are_the_same_bot_and_sides_swap() -> None:
    settings = TournamentSettings(bots=("a", "b"), rules="winning-moves", players=4, decks=1)
    assert seat_bots_by_deck(settings) == {0: [(0, 1, 0, 1), (1, 0, 1, 0)]}


def test_bots_repeat_round_robin_when_sides_outnumber_them() -> None:
    settings = TournamentSettings(bots=("a", "b"), players=3, decks=1)
    assert seat_bots_by_deck(settings) == {0: [(0, 1, 0), (1, 0, 1)]}


def test_with_more_bots_than_sides_each_bot_plays_every_side_once_a_deck() -> None:
    settings = TournamentSettings(bots=("a", "b", "c"), decks=2)
    for lineups in seat_bots_by_deck(settings).values():
        for seat in range(2):
            assert sorted(lineup[seat] for lineup in lineups) == [0, 1, 2]


def test_played_games_swap_the_bots_on_the_same_deck() -> None:
    settings = TournamentSettings(bots=("random", "random"), decks=2, seed=5)
    results = run_tournament(settings)
    for deck in range(2):
        pair = [r for r in results if r.deck == deck]
        assert [r.seat_bots for r in pair] == [("random", "random#2"), ("random#2", "random")]
        assert pair[0].record["seed"] == pair[1].record["seed"]
        first_cards = [Deal.new(seed=r.record["seed"]).hand(0) for r in pair]
        assert first_cards[0] == first_cards[1]


# ------------------------------------------------------------------ playing


def test_the_same_seed_gives_the_same_games_with_any_number_of_jobs() -> None:
    settings = TournamentSettings(bots=("random", "random"), decks=3, seed=11)
    alone = run_tournament(settings, jobs=1)
    shared = run_tournament(settings, jobs=2)
    assert [r.record for r in alone] == [r.record for r in shared]
    assert [r.totals for r in alone] == [r.totals for r in shared]
    assert len({json.dumps(r.record["actions"]) for r in alone}) == 6
    other_seed = run_tournament(TournamentSettings(bots=("random", "random"), decks=3, seed=12))
    assert [r.record for r in other_seed] != [r.record for r in alone]


class EchoBot:
    """A test bot that keeps its options and plays the first legal action (or a bad one)."""

    name = "echo"
    searches: ClassVar[bool] = False
    made: ClassVar[list[dict[str, object]]] = []

    def __init__(self, seed: int = 0, cheat: bool = False, depth: int = 1) -> None:
        EchoBot.made.append({"seed": seed, "cheat": cheat, "depth": depth})
        self.cheat = cheat
        self.reason = ""

    def choose(self, view: View) -> Action:
        return Action.parse("play 200") if self.cheat else view.legal[0]


def test_bot_options_reach_the_bots_and_illegal_actions_are_reported(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(base._REGISTRY, "echo", EchoBot)
    monkeypatch.setitem(base._OPTIONS, "echo", frozenset({"cheat", "depth"}))
    monkeypatch.setattr(EchoBot, "made", [])
    settings = TournamentSettings(bots=("echo", "random"), decks=1, options={"echo": {"depth": 3}})
    run_tournament(settings)
    assert {bot["depth"] for bot in EchoBot.made} == {3}
    cheating = TournamentSettings(bots=("echo", "random"), decks=1, options={"echo": {"cheat": 1}})
    with pytest.raises(BotError, match=r"game 0 .*'echo' at seat 0 chose an illegal action"):
        run_tournament(cheating)


def test_match_games_store_replayable_match_records(tmp_path: Path) -> None:
    settings = TournamentSettings(bots=("random", "random"), decks=1, match=True, seed=2)
    for game in run_tournament(settings):
        match = load_record(json.dumps(game.record))
        assert isinstance(match, Match)
        assert match.is_over
        assert tuple(match.scores) == game.totals
        assert max(game.totals) >= 5000


# ------------------------------------------------------------------ the command


def tournament(tmp_path: Path, *args: str) -> int:
    return main(["tournament", "--db", str(tmp_path / "t.sqlite"), "--no-progress", *args])


def test_the_database_holds_replayable_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    settings = ["--rules", "winning-moves", "--players", "4", "--deals", "3", "--seed", "4"]
    assert tournament(tmp_path, "--bots", "random,random", *settings) == 0
    out = capsys.readouterr().out
    assert "random#2" in out
    assert "stored as run 1" in out
    with TournamentStore(tmp_path / "t.sqlite") as store:
        assert store.settings(1).rules == "winning-moves"
        games = store.games(1)
    assert [game.number for _, game in games] == list(range(6))
    for _, game in games:
        deal = load_record(json.dumps(game.record))
        assert isinstance(deal, Deal)
        assert deal.is_over
        assert tuple(sheet["total"] for sheet in deal.score()) == game.totals
        replay, decisions = replay_deal({**game.record, "actions": []}), [0, 0, 0, 0]
        for action in game.record["actions"]:
            seat = replay.to_act
            assert seat is not None
            decisions[seat] += 1
            replay.apply(action)
        assert [len(times) for times in game.decision_times] == decisions


def test_the_progress_bar_is_drawn_on_stderr_when_asked_or_on_a_terminal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run = ["tournament", "--db", str(tmp_path / "t.sqlite"), "--bots", "random,random"]
    assert main([*run, "--deals", "2", "--progress"]) == 0
    out, err = capsys.readouterr()
    assert "4/4 games" in re.sub(r"\x1b\[[0-9;?]*[a-zA-Z]", "", err)  # drawn with colours
    assert "games" not in out.splitlines()[0]  # the table alone on stdout
    assert main([*run, "--deals", "1"]) == 0  # stderr is captured here, not a terminal
    assert capsys.readouterr().err == ""


def test_a_stored_game_is_exported_and_replayed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert tournament(tmp_path, "--bots", "random,random", "--deals", "1") == 0
    record_file = tmp_path / "game.json"
    assert tournament(tmp_path, "--export-record", "2", str(record_file)) == 0
    with TournamentStore(tmp_path / "t.sqlite") as store:
        totals = store.games(1)[1][1].totals
    capsys.readouterr()
    assert main(["replay", str(record_file)]) == 0
    lines = capsys.readouterr().out.splitlines()
    # Game 2 swaps the seats of game 1: the exported record names each seat's bot.
    assert lines[-2].startswith(f"  South (random#2): {totals[0]:,} points")
    assert lines[-1].startswith(f"  North (random): {totals[1]:,} points")
    assert lines[1].startswith(("  South (random#2) ", "  North (random) "))


def test_show_prints_the_stored_table_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert tournament(tmp_path, "--bots", "random,random", "--deals", "2", "--seed", "9") == 0
    played = capsys.readouterr().out.splitlines()
    assert tournament(tmp_path, "--show") == 0
    shown = capsys.readouterr().out.splitlines()
    assert shown[1:4] == played[1:4]  # the header and one line per bot


def test_the_plot_is_a_png(tmp_path: Path) -> None:
    chart = tmp_path / "rates.png"
    assert (
        tournament(tmp_path, "--bots", "random,random", "--deals", "2", "--plot", str(chart)) == 0
    )
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "nobody,random"], "unknown bot 'nobody'"),
        (["--bots", "random"], "at least two bots"),
        (["--bots", "random,random", "--players", "5"], "not 5"),
        (["--bots", "random,random", "--rules", "winning-moves"], "not 2"),
        (
            ["--bots", "random,random", "--option", "random.depth=2"],
            "random takes only seed; not 'depth'",
        ),
        (["--bots", "random,random", "--option", "expert.depth=2"], "'expert', which is not"),
        (["--bots", "random,random", "--option", "depth"], "BOT.KEY=VALUE"),
        (["--bots", "random,random", "--deals", "0"], "from 1 to 100,000, not 0"),
        (["--bots", "random,random", "--jobs", "0"], "from 1 to 256, not 0"),
        (["--bots", "random,random", "--plot", "/no/such/folder/x.png"], "no such folder"),
        (["--deals", "3"], "--bots"),
        (["--show", "7"], "no tournament database"),
    ],
)
def test_bad_input_exits_2_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    assert tournament(tmp_path, *args) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert message in err
    assert "Traceback" not in err


def test_bad_stored_references_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert tournament(tmp_path, "--bots", "random,random", "--deals", "1") == 0
    assert tournament(tmp_path, "--show", "5") == 2
    assert tournament(tmp_path, "--export-record", "99", str(tmp_path / "x.json")) == 2
    assert tournament(tmp_path, "--export-record", "one", str(tmp_path / "x.json")) == 2
    (tmp_path / "junk.sqlite").write_text("not a database")
    assert main(["tournament", "--db", str(tmp_path / "junk.sqlite"), "--show"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err == [
        f"millebornes: error: {tmp_path / 't.sqlite'} has no run 5",
        f"millebornes: error: {tmp_path / 't.sqlite'} has no game 99",
        "millebornes: error: GAME must be a whole number, not 'one'",
        f"millebornes: error: cannot use {tmp_path / 'junk.sqlite'} as a tournament database: "
        "file is not a database",
    ]
