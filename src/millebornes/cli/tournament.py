"""``millebornes tournament``: bots against each other on duplicate deals, with a results table,
a SQLite file of every game, and an optional chart. See docs/tournament.md."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..core.rules import PRESETS
from ..store import default_path
from ..tournament.game import GameResult
from ..tournament.runner import BACKENDS, WorkerError, check, run_tournament
from ..tournament.schedule import OptionValue, TournamentSettings
from ..tournament.stats import BotSummary, format_table, summarize
from ..tournament.store import TournamentStore
from .usage import UsageError

TOURNAMENT_FILE = "tournament.sqlite"  # in the user's data folder, beside the games
OPTION_HELP = "write BOT.KEY=VALUE, e.g. master.seconds=0.2 or master.iterations=300"


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "tournament",
        help="play bots against each other on duplicate deals and rate them",
        description="Play bots against each other; every deck is played once per rotation of "
        "the bots over the sides, so that the luck of the deal cancels.",
    )
    parser.add_argument("--bots", help="the bots, comma-separated, e.g. master,expert")
    parser.add_argument("--rules", default="dujardin", choices=list(PRESETS))
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--race", type=int, default=None, help="the race length, e.g. 700")
    parser.add_argument(
        "--deals", type=int, default=100, help="decks to play, each once per rotation of the bots"
    )
    parser.add_argument(
        "--match", action="store_true", help="play every game as a match to 5000, not one deal"
    )
    parser.add_argument("--seed", type=int, default=0, help="same seed, same games")
    parser.add_argument(
        "--jobs", type=int, default=1, help="worker processes (the CPUs of a local Ray)"
    )
    parser.add_argument(
        "--backend",
        choices=BACKENDS,
        default="local",
        help="play in worker processes here, or as Ray tasks (needs the ray extra)",
    )
    parser.add_argument(
        "--address",
        default=None,
        help="with --backend ray: the cluster to join, e.g. ray://head:10001 or auto "
        "(default: start a local Ray for the run)",
    )
    parser.add_argument(
        "--option", action="append", default=[], metavar="BOT.KEY=VALUE", help=OPTION_HELP
    )
    parser.add_argument(
        "--db",
        type=Path,
        default=default_path(TOURNAMENT_FILE),
        metavar="PATH",
        help="the SQLite results file (default: %(default)s)",
    )
    parser.add_argument("--plot", metavar="FILE.png", help="draw the win rates to this file")
    parser.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="a progress bar on stderr (default: when stderr is a terminal)",
    )
    parser.add_argument(
        "--show",
        nargs="?",
        const="latest",
        metavar="RUN",
        help="print the table of a stored run (default: the latest) instead of playing",
    )
    parser.add_argument(
        "--export-record",
        nargs=2,
        metavar=("GAME", "FILE"),
        help="write a stored game's record to FILE, for millebornes replay",
    )
    parser.set_defaults(run=cmd_tournament)


def cmd_tournament(args: argparse.Namespace) -> int:
    if args.show is not None and args.export_record is not None:
        raise UsageError("give --show or --export-record, not both")
    try:
        if args.export_record is not None:
            return _export_record(args)
        if args.show is not None:
            return _show(args)
        return _play(args)
    except ModuleNotFoundError as error:
        extra = "ray" if error.name == "ray" else "bots"
        raise UsageError(
            f"the tournament needs {error.name}: pip install 'millebornes[{extra}]'"
        ) from None
    except WorkerError as error:
        print(f"millebornes: error: {error}", file=sys.stderr)
        return 1


def parse_bots(text: str | None) -> tuple[str, ...]:
    if text is None:
        raise UsageError("name the bots to play with --bots, e.g. --bots expert,random")
    names = tuple(name.strip() for name in text.split(","))
    if not all(names):
        raise UsageError(f"--bots {text!r}: write bot names separated by commas")
    return names


def parse_option_value(text: str) -> OptionValue:
    """A JSON number, true, false or null; anything else is kept as text."""
    try:
        value = json.loads(text)
    except json.JSONDecodeError:
        return text
    return value if isinstance(value, int | float | bool | None) else text


def parse_options(texts: list[str]) -> dict[str, dict[str, OptionValue]]:
    options: dict[str, dict[str, OptionValue]] = {}
    for text in texts:
        target, equals, value = text.partition("=")
        bot, dot, key = target.partition(".")
        if not equals or not dot or not bot or not key.isidentifier():
            raise UsageError(f"--option {text!r}: {OPTION_HELP}")
        options.setdefault(bot, {})[key] = parse_option_value(value)
    return options


def _plot(summaries: Sequence[BotSummary], path: str, title: str) -> None:
    from ..tournament.plot import plot_win_rates

    plot_win_rates(summaries, path, title)
    print(f"chart written to {path}")


def _check_plot_path(path: str | None) -> None:
    if path is not None and not Path(path).resolve().parent.is_dir():
        raise UsageError(f"cannot write {path}: no such folder")


def _play(args: argparse.Namespace) -> int:
    settings = TournamentSettings(
        bots=parse_bots(args.bots),
        rules=args.rules,
        players=args.players,
        race=args.race,
        decks=args.deals,
        match=args.match,
        seed=args.seed,
        options=parse_options(args.option),
    )
    if args.address is not None and args.backend != "ray":
        raise UsageError("--address names a Ray cluster: give it with --backend ray")
    check(settings, args.jobs, args.backend)
    _check_plot_path(args.plot)
    games = len(settings.games())
    # rich comes with the bots extra: imported only when a tournament is played.
    from .progress import progress_bar

    show_progress = sys.stderr.isatty() if args.progress is None else args.progress
    args.db.parent.mkdir(parents=True, exist_ok=True)
    with TournamentStore(args.db) as store, progress_bar("games", show_progress) as progress:
        run = store.start_run(settings)
        task = progress.add_task("", total=games)

        def on_result(result: GameResult) -> None:
            store.add_game(run, result)
            progress.advance(task)

        results = run_tournament(settings, args.jobs, on_result, args.backend, args.address)
        store.finish_run(run)
        first, last = store.game_ids(run)
    summaries = summarize(results)
    print(f"tournament: {settings.describe()}")
    print(format_table(summaries))
    print(
        f"stored as run {run} in {args.db} (games {first} to {last}); to replay one: "
        f"millebornes tournament --db {args.db} --export-record {first} game.json, "
        f"then millebornes replay game.json"
    )
    if args.plot is not None:
        _plot(summaries, args.plot, settings.describe())
    return 0


def _open_existing(path: Path) -> TournamentStore:
    if not Path(path).is_file():
        raise UsageError(f"no tournament database at {path}")
    return TournamentStore(path)


def _whole_number(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise UsageError(f"{what} must be a whole number, not {text!r}") from None


def _show(args: argparse.Namespace) -> int:
    _check_plot_path(args.plot)
    with _open_existing(args.db) as store:
        run = store.latest_run() if args.show == "latest" else _whole_number(args.show, "RUN")
        settings = store.settings(run)
        games = store.games(run)
    if not games:
        raise UsageError(f"run {run} of {args.db} holds no game")
    summaries = summarize([result for _, result in games])
    ids = [game_id for game_id, _ in games]
    print(f"run {run}: {settings.describe()}; games {min(ids)} to {max(ids)} ({len(ids)} stored)")
    print(format_table(summaries))
    if args.plot is not None:
        _plot(summaries, args.plot, settings.describe())
    return 0


def _export_record(args: argparse.Namespace) -> int:
    game_text, path = args.export_record
    game = _whole_number(game_text, "GAME")
    with _open_existing(args.db) as store:
        record = store.record(game)
    try:
        Path(path).write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    except OSError as error:
        raise UsageError(f"cannot write {path}: {error.strerror}") from None
    print(f"game {game} written to {path}; replay it with: millebornes replay {path}")
    return 0
