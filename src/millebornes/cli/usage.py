"""What every subcommand shares: its usage errors, reported in one line with exit status 2, and
its help in the language of the environment."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from ..core.errors import MillebornesError
from ..core.phrase import Phrase
from ..store import GameStore, SchemaMismatch, schema
from ..words import say

USAGE_ERROR = 2


class UsageError(MillebornesError):
    """Bad input from the command line: reported in one line, exit status 2."""


def helped(language: str, key: str) -> str:
    """The help of an option or a subcommand (``cli.help.<key>``), in ``language``. argparse
    expands ``%(default)s`` in it, so a percent sign of the text is written twice."""
    return say(language, f"cli.help.{key}")


def named(language: str, name: str) -> str:
    """The name of an option's value in the help (``cli.metavar.<name>``): ``PATH``."""
    return say(language, f"cli.metavar.{name}")


def read_text(path: str) -> str:
    """The file at ``path``, or a UsageError that says why it cannot be read (positions and
    records are UTF-8 text)."""
    try:
        return Path(path).read_text(encoding="utf-8")
    except OSError as error:
        problem = {"path": path, "error": str(error.strerror)}
        raise UsageError(Phrase("cli.cannot_read", problem)) from None
    except UnicodeDecodeError as error:
        raise UsageError(Phrase("cli.not_text", {"path": path, "byte": error.start})) from None


def schema_mismatch(error: SchemaMismatch) -> UsageError:
    """A database of another schema version, said with what to do (``admin migrate``); its
    ``where`` holds no password."""
    said = {"path": error.where, "version": error.state.version}
    said["expected"] = schema.current_version()
    return UsageError(Phrase("cli.admin.newer" if error.state.newer else "cli.admin.older", said))


def open_games(path: Path) -> GameStore:
    """The terminal game's games file at ``path`` (migrated to this version if it is of an
    earlier one), or a UsageError that says why it cannot be opened."""
    try:
        return GameStore(path)
    except SchemaMismatch as error:  # of a later version
        raise schema_mismatch(error) from None
    except (OSError, sqlite3.Error) as error:
        problem = {"path": str(path), "error": str(error)}
        raise UsageError(Phrase("cli.play.cannot_open", problem)) from None
