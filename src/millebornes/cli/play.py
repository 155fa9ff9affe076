"""``millebornes play``: the terminal game. Textual is imported only when the game starts, so
that the other commands do not pay for it."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ..core.phrase import Phrase
from ..core.rules import PRESETS
from ..store import default_path
from ..tui.setup import LEVEL_CHOICES, Setup
from ..words import LANGUAGES
from .usage import UsageError, helped, named, open_games

MAX_PACE = 60


def register(subparsers: Any, language: str) -> None:
    def help_(key: str) -> str:
        return helped(language, f"play.{key}")

    play = subparsers.add_parser("play", help=help_("play"))
    play.add_argument(
        "--resume",
        nargs="?",
        const="",
        default=None,
        metavar=named(language, "game"),
        help=help_("resume"),
    )
    play.add_argument(
        "--db",
        type=Path,
        default=None,
        metavar=named(language, "path"),
        help=help_("db").replace("%(default)s", str(default_path())),
    )
    play.add_argument(
        "--pace", type=float, default=None, metavar=named(language, "seconds"), help=help_("pace")
    )
    play.add_argument("--lang", choices=list(LANGUAGES), default=None, help=help_("lang"))
    play.add_argument("--rules", choices=list(PRESETS), default=None, help=help_("rules"))
    play.add_argument("--players", type=int, default=None, help=help_("players"))
    play.add_argument("--race", type=int, default=None, help=help_("race"))
    play.add_argument(
        "--seats",
        default=None,
        metavar=named(language, "levels"),
        help=help_("seats").replace("%(levels)s", ", ".join(LEVEL_CHOICES)),
    )
    play.add_argument("--seed", type=int, default=None, help=help_("seed"))
    play.add_argument("--tutorial", action="store_true", help=help_("tutorial"))
    play.set_defaults(run=run)


def new_game_setup(args: argparse.Namespace) -> Setup:
    """The new game screen's first choices from ``--rules --players --race --seats``, checked
    as the screen would (a count, race or level it does not offer is refused)."""
    rules = PRESETS[args.rules or "dujardin"]
    levels = None if args.seats is None else [s.strip() for s in args.seats.split(",")]
    if args.players is not None:
        players = args.players
    else:
        players = len(levels) if levels else min(rules.seatings)
    rules.seating(players)  # a SettingsError names the counts the preset is played by
    levels = levels or ["person", *["medium"] * (players - 1)]
    if len(levels) != players:
        counts = {"seats": len(levels), "players": players}
        raise UsageError(Phrase("cli.play.seats_count", counts))
    for level in levels:
        if level not in LEVEL_CHOICES:
            choices = ", ".join(LEVEL_CHOICES)
            raise UsageError(Phrase("cli.play.level", {"level": repr(level), "levels": choices}))
    if args.race is not None:
        rules.race(players, args.race)  # a SettingsError names the races of the table
    return Setup(rules.name, players, args.race, tuple(levels))


def run(args: argparse.Namespace) -> int:
    if args.pace is not None and not 0 <= args.pace <= MAX_PACE:
        raise UsageError(Phrase("cli.play.pace", {"most": MAX_PACE, "pace": args.pace}))
    setup = new_game_setup(args)
    path = args.db or default_path()
    store = open_games(path)
    from ..tui.session import Session  # with the bots: only when the game starts

    try:
        if args.resume and args.resume not in {game.id for game in Session.unfinished(store)}:
            unknown = {"game": repr(args.resume), "path": str(path)}
            raise UsageError(Phrase("cli.play.no_such_game", unknown))
        from ..tui.app import DEFAULT_PACE, MilleBornesApp

        app = MilleBornesApp(
            store,
            resume=args.resume is not None,
            game_id=args.resume or None,
            pace=DEFAULT_PACE if args.pace is None else args.pace,
            language=args.lang or args.language,
            seed=args.seed,
            setup=setup,
            tutorial=args.tutorial,
        )
        message = app.run()
    finally:
        store.close()
    if message:
        print(message)
    return 0
