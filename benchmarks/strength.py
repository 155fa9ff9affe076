"""The bots' strength checks (issue 3), played through the tournament API on duplicate deals.

    python -m benchmarks.strength                       # the full run: hours on two cores
    python -m benchmarks.strength --pairs 4 --master-pairs 2 --default-pairs 1   # a smoke run

For 2-player dujardin, then 4-player winning-moves: expert against random and against greedy,
master at a small budget (0.2 s a decision, or ``--iterations``) against expert, master at its
default budget against expert, and the decision times of expert and master. A pair is one deck
played twice with the bots swapped; it is won by the bot that scored more over both deals (the
duplicate unit, "decks won" in the table). Each check prints its table and whether the target is
met; a check whose bots are not registered is skipped.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from millebornes.bots import bot_names
from millebornes.tournament import (
    BotSummary,
    GameResult,
    TournamentSettings,
    TournamentStore,
    format_table,
    run_tournament,
    summarize,
)
from millebornes.tournament.progress import ProgressBar
from millebornes.tournament.schedule import OptionValue
from millebornes.tournament.stats import format_duration

TABLES = {"dujardin": 2, "winning-moves": 4}
Target = tuple[str, Callable[[dict[str, BotSummary]], bool]]


def within(seconds: float | None, limit: float) -> bool:
    return seconds is not None and seconds <= limit


@dataclass(frozen=True)
class Check:
    title: str
    bots: tuple[str, str]
    pairs: int
    options: dict[str, dict[str, OptionValue]]
    targets: tuple[Target, ...]


def checks(args: argparse.Namespace) -> list[Check]:
    if args.iterations is not None:
        budget: dict[str, OptionValue] = {"iterations": args.iterations}
        label = f"{args.iterations} iterations"
    else:
        budget = {"seconds": args.seconds}
        label = f"{args.seconds} s"
    return [
        Check(
            "expert vs random",
            ("expert", "random"),
            args.pairs,
            {},
            (
                ("expert wins at least 95%", lambda s: s["expert"].win_rate >= 0.95),
                (
                    "expert decides in under 5 ms (median)",
                    lambda s: within(s["expert"].time_median, 0.005),
                ),
            ),
        ),
        Check(
            "expert vs greedy",
            ("expert", "greedy"),
            args.pairs,
            {},
            (
                (
                    "expert's 95% interval over deal pairs starts above 60%",
                    lambda s: s["expert"].deck_low > 0.60,
                ),
            ),
        ),
        Check(
            f"master ({label}) vs expert",
            ("master", "expert"),
            args.master_pairs,
            {"master": budget},
            (
                (
                    "master's 95% interval over deal pairs starts above 55%",
                    lambda s: s["master"].deck_low > 0.55,
                ),
            ),
        ),
        Check(
            "master (default budget) vs expert",
            ("master", "expert"),
            args.default_pairs,
            {},
            (
                ("master decides in 1 s (median)", lambda s: within(s["master"].time_median, 1)),
                (
                    "master decides in 2 s (95th percentile)",
                    lambda s: within(s["master"].time_p95, 2),
                ),
            ),
        ),
    ]


def run_check(
    check: Check, rules: str, args: argparse.Namespace, store: TournamentStore | None
) -> None:
    missing = [bot for bot in check.bots if bot not in bot_names()]
    if missing:
        print(f"{check.title}: skipped, not registered: {', '.join(missing)}\n")
        return
    settings = TournamentSettings(
        bots=check.bots,
        rules=rules,
        players=TABLES[rules],
        decks=check.pairs,
        seed=args.seed,
        options=check.options,
    )
    games = len(settings.games())
    progress = ProgressBar(games, sys.stderr) if sys.stderr.isatty() else None
    run = None if store is None else store.start_run(settings)

    def on_result(result: GameResult) -> None:
        if store is not None and run is not None:
            store.add_game(run, result)
        if progress is not None:
            progress.advance()

    results = run_tournament(settings, args.jobs, on_result)
    if store is not None and run is not None:
        store.finish_run(run)
    summaries = summarize(results)
    stored = "" if run is None else f", stored as run {run}"
    print(f"{check.title}: {settings.describe()}{stored}")
    print(format_table(summaries))
    by_bot = {summary.bot: summary for summary in summaries}
    for bot in check.bots:
        s = by_bot[bot]
        print(
            f"  {bot}: {s.decisions} decisions, median {format_duration(s.time_median)}, "
            f"95th percentile {format_duration(s.time_p95)}"
        )
    for text, met in check.targets:
        print(f"  target: {text}: {'met' if met(by_bot) else 'MISSED'}")
    print()


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.strength", description=__doc__)
    parser.add_argument("--pairs", type=int, default=400, help="deal pairs, expert's checks")
    parser.add_argument("--master-pairs", type=int, default=200, help="deal pairs, small budget")
    parser.add_argument(
        "--default-pairs", type=int, default=50, help="deal pairs, master at its default budget"
    )
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--seconds", type=float, default=0.2, help="master's small time budget")
    budget.add_argument(
        "--iterations", type=int, default=None, help="master's small budget in iterations"
    )
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--rules", choices=list(TABLES), action="append", help="only these tables (repeatable)"
    )
    parser.add_argument("--db", help="also store every game in this SQLite file")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    store = None if args.db is None else TournamentStore(args.db)
    try:
        for rules in args.rules or list(TABLES):
            print(f"=== {rules}, {TABLES[rules]} players ===\n")
            for check in checks(args):
                run_check(check, rules, args, store)
    finally:
        if store is not None:
            store.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
