"""The ``millebornes`` command: the engine's tools and the entry points of the interfaces, each
subcommand in a module of its own here. It speaks the language of the environment (``LC_ALL``,
``LC_MESSAGES``, ``LANG``: French or English). Bad input prints a clear message and exits with
status 2."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

from .. import __version__
from ..core.errors import MillebornesError
from ..words import language_from_environment, say, word
from . import admin, engine, export, play, review, serve, tournament
from .parser import LocalizedParser, parser_class
from .usage import USAGE_ERROR, named

CLOSED_PIPE = 141  # 128 + SIGPIPE, what a shell reports for a tool the pipe's reader left
# A bare ``millebornes`` (or one with only options, e.g. ``--pace 0``) starts the game.
DEFAULT_COMMAND = "play"


def build_parser(language: str = "en") -> LocalizedParser:
    parser = parser_class(language)(
        prog="millebornes", description=say(language, "cli.help.millebornes")
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"millebornes {__version__}",
        help=say(language, "cli.help.version"),
    )
    commands = parser.add_subparsers(dest="command", metavar=named(language, "command"))
    # Each module adds its parsers with set_defaults(run=FUNCTION); FUNCTION(args) returns the
    # exit status.
    for command in (engine, play, tournament, serve, admin, review, export):
        command.register(commands, language)
    parser.set_defaults(language=language)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    own_options = ("-h", "--help", "--version")
    if not args_list or (args_list[0].startswith("-") and args_list[0] not in own_options):
        args_list.insert(0, DEFAULT_COMMAND)
    language = language_from_environment()
    try:
        args = build_parser(language).parse_args(args_list)
    except SystemExit as stop:  # --help, --version, or a usage error argparse has said
        return stop.code if isinstance(stop.code, int) else USAGE_ERROR
    try:
        return int(args.run(args))
    except MillebornesError as error:
        message = word(error.phrase, language)
        print(say(language, "cli.error", message=message), file=sys.stderr)
        return USAGE_ERROR
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return _closed_pipe()


def _closed_pipe() -> int:
    """The reader left (``| head``): stop quietly, as a shell tool killed by SIGPIPE does.
    Python would still flush stdout at exit and complain, so stdout goes to devnull first."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    return CLOSED_PIPE


if __name__ == "__main__":
    raise SystemExit(main())
