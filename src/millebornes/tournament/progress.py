"""A one-line progress bar with an estimate of the time left, redrawn on a terminal stream."""

from __future__ import annotations

import time
from typing import TextIO

WIDTH = 30
REDRAW_EVERY = 0.2  # seconds


def format_clock(seconds: float) -> str:
    minutes, second = divmod(round(seconds), 60)
    hours, minute = divmod(minutes, 60)
    return f"{hours}:{minute:02d}:{second:02d}"


class ProgressBar:
    """``[#####-----]  40%  16/40 games  0:00:12 left``, redrawn at most five times a second."""

    def __init__(self, total: int, stream: TextIO, label: str = "games") -> None:
        self.total = total
        self.stream = stream
        self.label = label
        self.done = 0
        self.start = time.monotonic()
        self._drawn = 0.0

    def line(self, now: float) -> str:
        fraction = self.done / self.total
        filled = round(WIDTH * fraction)
        elapsed = now - self.start
        if self.done == self.total:
            timing = f"{format_clock(elapsed)} in all"
        elif self.done:
            timing = f"{format_clock(elapsed / self.done * (self.total - self.done))} left"
        else:
            timing = "estimating the time left"
        bar = "#" * filled + "-" * (WIDTH - filled)
        return f"[{bar}] {100 * fraction:3.0f}%  {self.done}/{self.total} {self.label}  {timing}"

    def advance(self) -> None:
        self.done += 1
        now = time.monotonic()
        if self.done == self.total or now - self._drawn >= REDRAW_EVERY:
            self._drawn = now
            end = "\n" if self.done == self.total else ""
            self.stream.write(f"\r{self.line(now)}\x1b[K{end}")
            self.stream.flush()
