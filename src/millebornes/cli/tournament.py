"""``millebornes tournament``: bots against each other on duplicate deals, with a results table,
a SQLite file of every game, and an optional chart. See docs/tournament.md."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..core.phrase import Phrase
from ..core.rules import PRESETS
from ..store import default_path
from ..tournament.game import GameResult
from ..tournament.runner import BACKENDS, WorkerError, check, run_tournament
from ..tournament.schedule import OptionValue, TournamentSettings
from ..tournament.stats import BotSummary, format_table, summarize
from ..tournament.store import TournamentStore
from ..words import say
from .usage import UsageError, helped, named

TOURNAMENT_FILE = "tournament.sqlite"  # in the user's data folder, beside the games


def register(subparsers: Any, language: str) -> None:
    def help_(key: str) -> str:
        return helped(language, f"tournament.{key}")

    parser = subparsers.add_parser(
        "tournament", help=help_("tournament"), description=help_("description")
    )
    parser.add_argument("--bots", help=help_("bots"))
    parser.add_argument("--rules", default="dujardin", choices=list(PRESETS))
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--race", type=int, default=None, help=help_("race"))
    parser.add_argument("--deals", type=int, default=100, help=help_("deals"))
    parser.add_argument("--match", action="store_true", help=help_("match"))
    parser.add_argument("--seed", type=int, default=0, help=help_("seed"))
    parser.add_argument("--jobs", type=int, default=1, help=help_("jobs"))
    parser.add_argument("--backend", choices=BACKENDS, default="local", help=help_("backend"))
    parser.add_argument("--address", default=None, help=help_("address"))
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar=named(language, "option"),
        help=help_("option"),
    )
    parser.add_argument(
        "--db",
        type=Path,
        default=default_path(TOURNAMENT_FILE),
        metavar=named(language, "path"),
        help=help_("db"),
    )
    parser.add_argument("--plot", metavar=named(language, "chart"), help=help_("plot"))
    parser.add_argument(
        "--progress", action=argparse.BooleanOptionalAction, default=None, help=help_("progress")
    )
    parser.add_argument(
        "--show", nargs="?", const="latest", metavar=named(language, "run"), help=help_("show")
    )
    parser.add_argument(
        "--export-record",
        nargs=2,
        metavar=(named(language, "game"), named(language, "file")),
        help=help_("export_record"),
    )
    parser.set_defaults(run=cmd_tournament)


def cmd_tournament(args: argparse.Namespace) -> int:
    if args.show is not None and args.export_record is not None:
        raise UsageError(Phrase("cli.tournament.show_or_export"))
    try:
        if args.export_record is not None:
            return _export_record(args)
        if args.show is not None:
            return _show(args)
        return _play(args)
    except ModuleNotFoundError as error:
        extra = "ray" if error.name == "ray" else "bots"
        missing = {"module": str(error.name), "extra": extra}
        raise UsageError(Phrase("cli.tournament.needs", missing)) from None
    except WorkerError as error:
        print(say(args.language, "cli.error", message=str(error)), file=sys.stderr)
        return 1


def parse_bots(text: str | None) -> tuple[str, ...]:
    if text is None:
        raise UsageError(Phrase("cli.tournament.no_bots"))
    names = tuple(name.strip() for name in text.split(","))
    if not all(names):
        raise UsageError(Phrase("cli.tournament.bots", {"text": repr(text)}))
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
            raise UsageError(Phrase("cli.tournament.option", {"text": repr(text)}))
        options.setdefault(bot, {})[key] = parse_option_value(value)
    return options


def _plot(summaries: Sequence[BotSummary], path: str, title: str, language: str) -> None:
    from ..tournament.plot import plot_win_rates

    plot_win_rates(summaries, path, title)
    print(say(language, "cli.tournament.chart", path=path))


def _check_plot_path(path: str | None) -> None:
    if path is not None and not Path(path).resolve().parent.is_dir():
        raise UsageError(Phrase("cli.no_folder", {"path": path}))


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
        raise UsageError(Phrase("cli.tournament.address"))
    check(settings, args.jobs, args.backend)
    _check_plot_path(args.plot)
    games = len(settings.games())
    # rich comes with the bots extra: imported only when a tournament is played.
    from .progress import Estimate, progress_bar

    show_progress = sys.stderr.isatty() if args.progress is None else args.progress
    args.db.parent.mkdir(parents=True, exist_ok=True)
    with TournamentStore(args.db) as store, progress_bar("games", show_progress) as progress:
        run = store.start_run(settings)
        task = progress.add_task("", total=games)
        estimate = Estimate(games, args.jobs, args.language)
        played = 0

        def on_result(result: GameResult) -> None:
            nonlocal played
            store.add_game(run, result)
            progress.advance(task)
            played += 1
            said = estimate.after(played)
            if said is not None and show_progress:
                progress.console.print(said, markup=False, highlight=False)

        results = run_tournament(settings, args.jobs, on_result, args.backend, args.address)
        store.finish_run(run)
        first, last = store.game_ids(run)
    summaries = summarize(results)
    print(say(args.language, "cli.tournament.title", settings=settings.describe()))
    print(format_table(summaries, args.language))
    stored = {"run": run, "path": str(args.db), "first": first, "last": last}
    print(say(args.language, "cli.tournament.stored", **stored))
    if args.plot is not None:
        _plot(summaries, args.plot, settings.describe(), args.language)
    return 0


def _open_existing(path: Path) -> TournamentStore:
    if not Path(path).is_file():
        raise UsageError(Phrase("cli.tournament.no_database", {"path": str(path)}))
    return TournamentStore(path)


def _whole_number(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise UsageError(Phrase("cli.whole_number", {"what": what, "text": repr(text)})) from None


def _show(args: argparse.Namespace) -> int:
    _check_plot_path(args.plot)
    with _open_existing(args.db) as store:
        run = store.latest_run() if args.show == "latest" else _whole_number(args.show, "RUN")
        settings = store.settings(run)
        games = store.games(run)
    if not games:
        raise UsageError(Phrase("cli.tournament.empty_run", {"run": run, "path": str(args.db)}))
    summaries = summarize([result for _, result in games])
    ids = [game_id for game_id, _ in games]
    shown = {"run": run, "settings": settings.describe(), "first": min(ids), "last": max(ids)}
    print(say(args.language, "cli.tournament.run", **shown, stored=len(ids)))
    print(format_table(summaries, args.language))
    if args.plot is not None:
        _plot(summaries, args.plot, settings.describe(), args.language)
    return 0


def _export_record(args: argparse.Namespace) -> int:
    game_text, path = args.export_record
    game = _whole_number(game_text, "GAME")
    with _open_existing(args.db) as store:
        record = store.record(game)
    try:
        Path(path).write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    except OSError as error:
        problem = {"path": path, "error": str(error.strerror)}
        raise UsageError(Phrase("cli.cannot_write", problem)) from None
    print(say(args.language, "cli.tournament.exported", game=game, path=path))
    return 0
