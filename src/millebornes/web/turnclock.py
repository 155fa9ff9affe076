"""A table's time control: the person whose turn it is has a time for each move and a bank for
the whole match; when both run out, the stand-in bot plays that move, and a person who runs
out of time ``ABANDON_TIMEOUTS`` turns in a row has abandoned: the stand-in keeps the seat
until they come back (connect again). So has a person away so long that the stand-in took
their seat while someone else played on (``TurnClock.left``): the match counts as lost for
them, even if it is closed unfinished (``ratings.py``). Friends' tables have no clock, listed ones
``LISTED_CONTROL`` unless their creator chose otherwise. A table may also choose a longer
coup-fourré window (``LONG_COUP_FOURRE_FACTOR``) for players who hear the question read out.

The room asks its :class:`TurnClock` what the pages are told (:meth:`TurnClock.info`); its
driver (``driver.py``) follows the table's turns, runs the clock out and lets the stand-in play.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..core.actions import Decision
from ..table import Table, Timing
from .clock import Clock


@dataclass(frozen=True)
class TimeControl:
    """Seconds for each move, and a bank drawn on once a move's own time is spent."""

    move_seconds: float
    bank_seconds: float


# Strangers at a listed table should not hold it: a Mille Bornes turn is one card, which 30 s
# covers with room to spare, and a 2-minute bank leaves a few long thinks a match.
LISTED_CONTROL = TimeControl(move_seconds=30.0, bank_seconds=120.0)
# Twice as much of each, for a table that wants to take its time without holding it forever.
RELAXED_CONTROL = TimeControl(move_seconds=60.0, bank_seconds=300.0)
TIME_CONTROLS: dict[str, TimeControl | None] = {
    "none": None,
    "standard": LISTED_CONTROL,
    "relaxed": RELAXED_CONTROL,
}
ABANDON_TIMEOUTS = 3  # time-outs in a row that hand the seat to its stand-in
# A "long" coup-fourré window is this many times the server's: PlayAural widened PlayPalace's
# from 3 s to 7 s for screen-reader players, who hear the question before they can answer it.
LONG_COUP_FOURRE_FACTOR = 2.0


def default_control(listed: bool) -> str:
    """The time control of a table whose creator chose none: a clock only if it is listed."""
    return "standard" if listed else "none"


def table_timing(timing: Timing, long_coup_fourre: bool) -> Timing:
    """The server's ``timing`` for one table: its coup-fourré window widened if it chose so."""
    if not long_coup_fourre or timing.coup_fourre_seconds is None:
        return timing
    return replace(timing, coup_fourre_seconds=timing.coup_fourre_seconds * LONG_COUP_FOURRE_FACTOR)


@dataclass
class _Turn:
    seat: int
    version: int  # the table's version when it began: a move ends it
    started: float  # monotonic
    ends: float  # when it runs out on the wall clock, told to the pages as a fixed time
    ran_out: bool = False


class TurnClock:
    """The clock of a table with ``seats`` seats under ``control`` (None: no clock), on
    ``clock``. Banks live in memory: a room loaded again gives everyone a full bank. The seats
    ``abandoned`` are the room's (``Social.abandoned``), kept with it."""

    def __init__(
        self, control: TimeControl | None, seats: int, clock: Clock, abandoned: set[int]
    ) -> None:
        self.control = control
        self.clock = clock
        bank = control.bank_seconds if control is not None else 0.0
        self.banks = [bank] * seats
        self.in_a_row = [0] * seats  # time-outs in a row of each seat
        self.abandoned = abandoned
        self._turn: _Turn | None = None

    def follow(self, seat: int | None, version: int) -> None:
        """The table now waits on ``seat``'s move (None: on no person's turn with a clock) at
        its ``version``: a turn that ended is charged to its bank, a new one starts."""
        if self.control is None:
            return
        now = self.clock.monotonic()
        turn = self._turn
        if turn is not None and (turn.seat, turn.version) != (seat, version):
            if not turn.ran_out:  # played in time: the bank pays what the move's time did not
                over = now - turn.started - self.control.move_seconds
                self.banks[turn.seat] = max(0.0, self.banks[turn.seat] - max(0.0, over))
                self.in_a_row[turn.seat] = 0
            self._turn = turn = None
        if turn is None and seat is not None and seat not in self.abandoned:
            left = self.control.move_seconds + self.banks[seat]
            self._turn = _Turn(seat, version, now, round(self.clock.time() + left, 1))

    def follow_table(self, table: Table, started: bool) -> None:
        """Follow ``table``: a person's turn to play (not a question, which has a clock of its
        own) is clocked once the game has ``started``."""
        seat = table.waiting_on()
        clocked = started and seat is not None and table.is_person(seat)
        clocked = clocked and table.match.deal.decision == Decision.TURN
        self.follow(seat if clocked else None, table.version)

    def deadline(self) -> float | None:
        """When (monotonic) the move under way runs out of time, if it is clocked."""
        turn = self._turn
        if self.control is None or turn is None or turn.ran_out:
            return None
        return turn.started + self.control.move_seconds + self.banks[turn.seat]

    def run_out(self) -> int:
        """The move under way ran out of time: its seat (the stand-in plays it now)."""
        turn = self._turn
        assert turn is not None
        turn.ran_out = True
        self.banks[turn.seat] = 0.0
        return turn.seat

    def stood_in(self, seat: int) -> bool:
        """The stand-in played ``seat``'s move whose time ran out (not its person, who may
        still have played first): a time-out more in a row, the last one abandoning. Whether
        the seat abandoned now."""
        self.in_a_row[seat] += 1
        return self.in_a_row[seat] >= ABANDON_TIMEOUTS and self.left(seat)

    def left(self, seat: int) -> bool:
        """The person of ``seat`` left it to the stand-in for good: whether that is new."""
        if seat in self.abandoned:
            return False
        self.abandoned.add(seat)
        return True

    def stands_in(self, seat: int) -> bool:
        """Whether the stand-in plays for ``seat`` because of the clock."""
        turn = self._turn
        return seat in self.abandoned or (turn is not None and turn.ran_out and turn.seat == seat)

    def ran_out_for(self, seat: int) -> bool:
        """Whether ``seat``'s move under way is one whose time ran out."""
        return self._turn is not None and self._turn.ran_out and self._turn.seat == seat

    def back(self, seats: tuple[int, ...]) -> bool:
        """The people of ``seats`` connected again: they take back a seat they had abandoned
        (whether any did)."""
        returning = self.abandoned & set(seats)
        for seat in returning:
            self.abandoned.discard(seat)
            self.in_a_row[seat] = 0
        return bool(returning)

    def info(self) -> dict[str, Any]:
        """What the pages are told: the control, each seat's bank, and when (wall clock) the
        move under way runs out (the page counts down from it)."""
        control = self.control
        turn = self._turn
        ends = None if turn is None or turn.ran_out else turn.ends
        return {
            "time_control": None
            if control is None
            else {"move": control.move_seconds, "bank": control.bank_seconds},
            "banks": None if control is None else [round(bank, 1) for bank in self.banks],
            "turn_ends": ends,
        }
