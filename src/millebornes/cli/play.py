"""``millebornes play``: the terminal game. Textual is imported only when the game starts, so
that the other commands do not pay for it."""

from __future__ import annotations

import argparse
import sqlite3
from pathlib import Path
from typing import Any

from ..core.rules import PRESETS
from ..store import GameStore, default_path
from ..tui.setup import LEVEL_CHOICES, Setup
from ..words import LANGUAGES, language_from_environment
from .usage import UsageError

MAX_PACE = 60


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
    play.add_argument(
        "--rules", choices=list(PRESETS), default=None, help="the new game's rules (dujardin)"
    )
    play.add_argument("--players", type=int, default=None, help="the new game's player count")
    play.add_argument("--race", type=int, default=None, help="the race, e.g. 700, if it may vary")
    play.add_argument(
        "--seats",
        default=None,
        metavar="LEVEL,...",
        help=f"who sits at each seat, in turn order: {', '.join(LEVEL_CHOICES)} "
        "(default: person,medium); the new game screen shows it, Enter starts",
    )
    play.add_argument("--seed", type=int, default=None, help="shuffle the new game with this seed")
    play.set_defaults(run=run)


def new_game_setup(args: argparse.Namespace) -> Setup:
    """The new game screen's first choices from ``--rules --players --race --seats``, checked
    as the screen would (a count, race or level it does not offer is refused)."""
    rules = PRESETS[args.rules or "dujardin"]
    levels = None if args.seats is None else [s.strip() for s in args.seats.split(",")]
    players = args.players or (len(levels) if levels else min(rules.seatings))
    if players not in rules.seatings:
        counts = ", ".join(str(count) for count in rules.seatings)
        raise UsageError(f"{rules.name} is played by {counts} players, not {players}")
    levels = levels or ["person", *["medium"] * (players - 1)]
    if len(levels) != players:
        raise UsageError(f"--seats names {len(levels)} seats for {players} players")
    for level in levels:
        if level not in LEVEL_CHOICES:
            raise UsageError(f"--seats: {level!r} is not one of {', '.join(LEVEL_CHOICES)}")
    races = rules.seating(players).races
    if args.race is not None and args.race not in races:
        accepted = ", ".join(str(race) for race in races)
        raise UsageError(
            f"{rules.name} with {players} players races to {accepted}, not {args.race}"
        )
    return Setup(rules.name, players, args.race, tuple(levels))


def run(args: argparse.Namespace) -> int:
    if args.pace is not None and not 0 <= args.pace <= MAX_PACE:
        raise UsageError(f"--pace is a number of seconds from 0 to {MAX_PACE}, not {args.pace}")
    setup = new_game_setup(args)
    path = args.db or default_path()
    try:
        store = GameStore(path)
    except (OSError, sqlite3.Error) as error:
        raise UsageError(f"cannot open the games file {path}: {error}") from None
    from ..tui.session import Session  # with the bots: only when the game starts

    try:
        if args.resume and args.resume not in {game.id for game in Session.unfinished(store)}:
            raise UsageError(
                f"no unfinished game {args.resume!r} in {path}; "
                "'millebornes play --resume' lists them"
            )
        from ..tui.app import DEFAULT_PACE, MilleBornesApp

        app = MilleBornesApp(
            store,
            resume=args.resume is not None,
            game_id=args.resume or None,
            pace=DEFAULT_PACE if args.pace is None else args.pace,
            language=args.lang or language_from_environment(),
            seed=args.seed,
            setup=setup,
        )
        message = app.run()
    finally:
        store.close()
    if message:
        print(message)
    return 0
