"""A clock a test moves on rather than waits for. It is the real clock plus the seconds the test
skipped (``advance``), so that a server in a thread keeps time as usual (its leases, its sends)
and a test jumps over what it would have slept through: ``listing_seconds`` (the public list
read again), ``away_seconds`` (a bot stands in), ``idle_hours`` (a room closed).

Give it where the server takes its clock: ``serve(clock=clock)`` (the ``clock`` fixture),
``BackgroundServer(db, options, clock=clock)``, ``create_app(..., clock=clock)`` or
``Rooms(store, options, clock)``. Moving it on does not wake a room that waits for it: one
waits at most until its next timer on the real clock, or until its next message."""

from __future__ import annotations

import time


class ManualClock:
    """The server's two clocks (``millebornes.web.clock.Clock``), moved on by the test."""

    def __init__(self) -> None:
        self.skipped = 0.0

    def time(self) -> float:
        return time.time() + self.skipped

    def monotonic(self) -> float:
        return time.monotonic() + self.skipped

    def advance(self, seconds: float) -> None:
        """Let ``seconds`` pass at once."""
        self.skipped += seconds
