"""The server's time, read through one object: the wall clock (the times pages are told and
the store keeps) and the monotonic clock (timers, rates). Rooms, their registry and the public
list of tables take a clock, the real one unless told otherwise, so that a test moves time on
rather than waits for it (``tests/clock.py``)."""

from __future__ import annotations

from typing import Protocol


class Clock(Protocol):
    """The two clocks, as the ``time`` module has them (which is the real one)."""

    def time(self) -> float:
        """Seconds since the epoch."""
        ...

    def monotonic(self) -> float:
        """Seconds that only go forward, from an unspecified start."""
        ...
