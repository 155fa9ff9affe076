"""``millebornes play``: the terminal game. Textual is imported only when the game starts, so
that the other commands do not pay for it."""

from __future__ import annotations

import argparse
import os
import sqlite3
from pathlib import Path
from typing import Any

from ..cli import UsageError
from ..store import GameStore, default_path
from .i18n import LANGUAGES

MAX_PACE = 60


def default_language() -> str:
    """French when the terminal's locale is French, English otherwise."""
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable)
        if value:
            return "fr" if value.lower().startswith("fr") else "en"
    return "en"


def register(subparsers: Any) -> None:
    play = subparsers.add_parser("play", help="play Mille Bornes in the terminal (the default)")
    play.add_argument(
        "--resume",
        nargs="?",
        const="",
        default=None,
        metavar="GAME",
        help="continue an unfinished game: choose it from a list, or give its id",
    )
    play.add_argument(
        "--db",
        type=Path,
        default=None,
        metavar="PATH",
        help=f"the games file (default: {default_path()})",
    )
    play.add_argument(
        "--pace",
        type=float,
        default=None,
        metavar="SECONDS",
        help="how long each bot move stays on screen before the next (0: instant; default 0.8)",
    )
    play.add_argument("--lang", choices=list(LANGUAGES), default=None, help="en or fr")
    play.add_argument("--seed", type=int, default=None, help="shuffle the new game with this seed")
    play.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.pace is not None and not 0 <= args.pace <= MAX_PACE:
        raise UsageError(f"--pace is a number of seconds from 0 to {MAX_PACE}, not {args.pace}")
    path = args.db or default_path()
    try:
        store = GameStore(path)
    except (OSError, sqlite3.Error) as error:
        raise UsageError(f"cannot open the games file {path}: {error}") from None
    from .session import Session  # with the bots: only when the game starts

    try:
        if args.resume and args.resume not in {game.id for game in Session.unfinished(store)}:
            raise UsageError(
                f"no unfinished game {args.resume!r} in {path}; "
                "'millebornes play --resume' lists them"
            )
        from .app import DEFAULT_PACE, MilleBornesApp

        app = MilleBornesApp(
            store,
            resume=args.resume is not None,
            game_id=args.resume or None,
            pace=DEFAULT_PACE if args.pace is None else args.pace,
            language=args.lang or default_language(),
            seed=args.seed,
        )
        message = app.run()
    finally:
        store.close()
    if message:
        print(message)
    return 0
