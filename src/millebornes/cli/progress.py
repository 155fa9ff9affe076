"""The command line's progress bar: rich's, on standard error, with the time left."""

from __future__ import annotations

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskProgressColumn,
    TextColumn,
    TimeRemainingColumn,
)


def progress_bar(label: str, draw: bool | None = None) -> Progress:
    """``━━━━━━━━━━╺━━━━━━━━━━━━━━━  40% 16/40 games 0:00:12``: the time left, and once done the
    time taken. ``draw``: None redraws it live on a terminal and prints it once at the end
    anywhere else, True redraws it live even when standard error is not a terminal, False hides
    it."""
    return Progress(
        BarColumn(),
        TaskProgressColumn(),
        MofNCompleteColumn(),
        TextColumn(label),
        TimeRemainingColumn(elapsed_when_finished=True),
        console=Console(stderr=True, force_terminal=draw),
        disable=draw is False,
    )
