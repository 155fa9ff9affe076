"""The pause between two deals of a room: the bots wait for every person at the table to have
closed the deal's score sheet, or for the pause to end (``RoomOptions.deal_pause``). A person
who opens the review of the deal just ended holds the next deal longer
(``RoomOptions.review_hold``), and the others are told who reads it and when the bots go on
at the latest, so that nobody waits without a limit they can see."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..table import Table
from .clock import Clock
from .seats import Seats


class BetweenDeals:
    """Who has seen the last deal's score, who reads its review, and when the next deal
    begins."""

    def __init__(self, table: Table, seats: Seats, clock: Clock, review_hold: float) -> None:
        self.table, self.seats, self.clock = table, seats, clock
        self.review_hold = review_hold
        self.asked: dict[int, set[int]] = {}  # deal index -> seats that asked for the next one
        self.reading: dict[int, set[int]] = {}  # deal index -> seats reading its review

    def waiting(self) -> list[int]:
        """The seats of the people here whom the bots wait for (to have closed the sheet)."""
        if not self.table.pausing:
            return []
        asked = self.asked.get(self.table.deal_index, set())
        presence = self.seats.presence
        return [seat for seat in self.table.people if presence[seat].clients and seat not in asked]

    def may_start(self) -> bool:
        """Whether the next deal may start now: every person here has asked for it (a table
        nobody is at waits for the end of the pause)."""
        return self.table.pausing and self.seats.someone_here() and not self.waiting()

    def ask(self, seats: Iterable[int]) -> None:
        """The people of ``seats`` have seen the score (and read the review, if they did)."""
        self.asked.setdefault(self.table.deal_index, set()).update(seats)

    def read(self, seat: int, deal: int) -> None:
        """``seat`` opened the review of ``deal`` (from 0): the deal just ended holds the
        next one while they have not asked for it, for ``review_hold`` seconds at most."""
        table = self.table
        if not table.pausing or deal != len(table.match.finished) - 1 or table.is_over:
            return
        table.hold_pause(self.review_hold)
        self.reading.setdefault(table.deal_index, set()).add(seat)

    def info(self) -> dict[str, Any]:
        """What the pages are told: who is waited for, who of them reads the review, and when
        (wall clock) the bots begin the next deal at the latest."""
        waiting = self.waiting()
        reading = self.reading.get(self.table.deal_index, set())
        left = self.table.pause_left if waiting else None
        return {
            "waiting_next": waiting,
            "reading_review": [seat for seat in waiting if seat in reading],
            "next_deal_at": None if left is None else round(self.clock.time() + left, 1),
        }
