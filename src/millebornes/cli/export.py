"""``millebornes export``: a game stored by the terminal game, as a record that ``millebornes
review`` and ``millebornes replay`` read. Without a game, the list of those stored."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from ..core.phrase import Phrase
from ..core.records import match_record
from ..store import StoredGame, default_path
from ..words import say
from .usage import UsageError, helped, named, open_games

SHOWN_ID = 8  # the letters of a game's id the list shows: any unique start of it is taken


def register(subparsers: Any, language: str) -> None:
    def help_(key: str) -> str:
        return helped(language, f"export.{key}")

    parser = subparsers.add_parser("export", help=help_("export"), description=help_("description"))
    parser.add_argument("game", nargs="?", metavar=named(language, "game"), help=help_("game"))
    parser.add_argument("file", nargs="?", metavar=named(language, "file"), help=help_("file"))
    parser.add_argument(
        "--db",
        type=Path,
        default=None,
        metavar=named(language, "path"),
        help=help_("db").replace("%(default)s", str(default_path())),
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..tui.session import INTERFACE

    path = args.db or default_path()
    if not path.is_file():
        raise UsageError(Phrase("cli.export.no_games_file", {"path": str(path)}))
    store = open_games(path)
    try:
        games = [store.load(game_id) for game_id in store.game_ids()]
    finally:
        store.close()
    games = [game for game in games if game.meta.get("interface") == INTERFACE]
    if args.game is None:
        _list(games, args.language)
        return 0
    game = _chosen(games, args.game, path)
    if args.file is None:
        raise UsageError(Phrase("cli.export.no_file"))
    text = json.dumps(match_record(game.replay()), indent=1) + "\n"
    if args.file == "-":
        sys.stdout.write(text)
        return 0
    try:
        Path(args.file).write_text(text, encoding="utf-8")
    except OSError as error:
        problem = {"path": args.file, "error": str(error.strerror)}
        raise UsageError(Phrase("cli.cannot_write", problem)) from None
    said = {"game": game.id[:SHOWN_ID], "path": args.file}
    print(say(args.language, "cli.export.written", **said))
    return 0


def _chosen(games: list[StoredGame], start: str, path: Path) -> StoredGame:
    found = [game for game in games if start and game.id.startswith(start)]
    if len(found) != 1:
        key = "cli.export.no_such_game" if not found else "cli.export.ambiguous"
        raise UsageError(Phrase(key, {"game": repr(start), "path": str(path)}))
    return found[0]


def _list(games: list[StoredGame], language: str) -> None:
    from ..tui.session import who_plays

    if not games:
        print(say(language, "cli.export.none"))
    for game in games:
        match = game.replay()
        line = {
            "game": game.id[:SHOWN_ID],
            "when": time.strftime("%Y-%m-%d %H:%M", time.localtime(game.updated)),
            "rules": say(language, f"tui.resume_rules.{match.rules.name}"),
            "who": who_plays(game.meta.get("seats", []), language),
            "deals": len(match.finished) + (0 if match.is_over else 1),
            "over": "yes" if game.finished else "no",
        }
        print(say(language, "cli.export.line", **line))
