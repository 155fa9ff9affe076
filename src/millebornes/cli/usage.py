"""What every subcommand shares: its usage errors, reported in one line with exit status 2."""

from __future__ import annotations

from pathlib import Path

USAGE_ERROR = 2


class UsageError(Exception):
    """Bad input from the command line: reported in one line, exit status 2."""


def read_text(path: str) -> str:
    """The file at ``path``, or a UsageError that says why it cannot be read."""
    try:
        return Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise UsageError(f"cannot read {path}: {error.strerror}") from None
