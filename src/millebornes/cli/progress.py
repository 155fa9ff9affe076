"""The command line's progress: rich's bar on standard error with the time left, and a run's
time estimated in words (:class:`Estimate`)."""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskProgressColumn,
    TextColumn,
    TimeRemainingColumn,
)

from ..words import say


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


def duration(language: str, seconds: float) -> str:
    """A rough time in words: "3 s", "40 s", "9 min", "2 h 10 min" (rounded up, as an estimate
    should be: to the second under 10 s, to 5 s under a minute, to the minute above)."""
    if seconds < 10:
        return say(language, "cli.duration.seconds", seconds=max(1, math.ceil(seconds)))
    if seconds < 60:
        return say(language, "cli.duration.seconds", seconds=5 * math.ceil(seconds / 5))
    minutes = math.ceil(seconds / 60)
    if minutes < 60:
        return say(language, "cli.duration.minutes", minutes=minutes)
    return say(language, "cli.duration.hours", hours=minutes // 60, minutes=minutes % 60)


class Estimate:
    """How long a run of ``games`` takes, said once its first game is timed (its time for each
    game, shared among ``jobs`` workers) and then at each further tenth of the run (the time so
    far for each game played, for those left)."""

    def __init__(
        self, games: int, jobs: int, language: str, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.games = games
        self.workers = max(1, min(jobs, games))
        self.language = language
        self.clock = clock
        self.start = clock()
        self.next_tenth = 1

    def after(self, done: int) -> str | None:
        """What to say once ``done`` games are played, if anything."""
        elapsed = self.clock() - self.start
        if done == 1 and self.games > 1:
            total = elapsed * self.games / self.workers
            first = duration(self.language, elapsed)
            whole = duration(self.language, total)
            return say(
                self.language, "cli.tournament.estimate", games=self.games, time=whole, first=first
            )
        if done >= self.games or done * 10 < self.next_tenth * self.games:
            return None
        while done * 10 >= self.next_tenth * self.games:
            self.next_tenth += 1
        left = duration(self.language, elapsed / done * (self.games - done))
        return say(
            self.language, "cli.tournament.time_left", done=done, games=self.games, time=left
        )
