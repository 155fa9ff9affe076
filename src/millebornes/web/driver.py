"""What moves a room on when no client does: a quick game's bots taking its free seats after
its wait, its bots' turns, the table's clocks (a question's time-out, the hold after an attack,
the pause after a deal), its turn clock (``turnclock.py``) and the bots that stand in for
people away too long or out of time. One task a room (``Room.driver``), until its match is
over."""

from __future__ import annotations

import asyncio
import contextlib
import logging

from ..core.actions import Decision
from ..table import BotTurn
from .listing import bots_due
from .protocol import ProtocolError
from .room import Room

log = logging.getLogger(__name__)


async def drive(room: Room) -> None:
    """Let bots play, stand in for people away too long, and run the table's clocks until
    ``room``'s match is over; then archive it."""
    table = room.table
    while not table.is_over:
        room.wake.clear()
        if not room.seats.started:
            await _wait_for_players(room)
            continue
        turn_clock = room.turn_clock
        turn_clock.follow_table(table, started=True)
        if _update_stand_ins(room):
            await _keep_abandoned(room)
        turn = table.bot_turn()
        if turn is not None:
            await _bot_turn(room, turn)
            continue
        deadline = turn_clock.deadline()
        timers = [t for t in (table.due(), room.seats.next_away(), deadline) if t is not None]
        if deadline is not None and deadline <= room.clock.monotonic():
            turn_clock.run_out()  # the stand-in plays that move now
            continue
        if timers and min(timers) <= room.clock.monotonic():
            await room.tick()
            continue
        timeout = min(timers) - room.clock.monotonic() if timers else None
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(timeout):  # no task a wait, as wait_for makes
                await room.wake.wait()
    await room.executors.store(table.store.archive, room.code)


async def _wait_for_players(room: Room) -> None:
    """Wait for the free seats to be taken: by people, or by bots once a quick game's wait is
    over and a person is here."""
    due = bots_due(room)
    now = room.clock.time()
    if due is not None and due <= now and room.seats.someone_here():
        await room.seat_bots()
        return
    timeout = due - now if due is not None and due > now else None
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(timeout):
            await room.wake.wait()


def _update_stand_ins(room: Room) -> bool:
    """A bot plays for a person away too long while someone else is still at the table (a
    table everyone has left waits for them): that person left the seat to it until they come
    back (``TurnClock.left``); and for one whose time ran out. Whether a seat was left now."""
    now = room.clock.monotonic()
    seats = room.seats
    here = seats.someone_here()
    left = False
    for seat in room.table.people:
        if here and seats.is_away(seat, now):
            left |= room.turn_clock.left(seat)
        room.table.stand_in(seat, room.turn_clock.stands_in(seat))
    return left


async def _keep_abandoned(room: Room) -> None:
    """Store who abandoned their seat (a store that cannot write now keeps it with its next
    change)."""
    async with room.lock:
        with contextlib.suppress(ProtocolError):
            await room.store_meta()


async def _bot_turn(room: Room, turn: BotTurn) -> None:
    # A question is answered at once: its answer is no move anyone else sees.
    if turn.view.decision != Decision.COUP_FOURRE:
        await asyncio.sleep(room.options.bot_delay)
    try:
        action = await room.executors.bot(turn.bot, turn.view)
    except Exception:
        log.exception(
            "room %s: the bot of seat %d failed; a random bot plays on", room.code, turn.seat
        )
        room.table.replace_failed_bot(turn)
        return
    ran_out = room.turn_clock.ran_out_for(turn.seat)
    version = room.table.version
    await room.play_bot(turn, action)
    if ran_out and room.table.version > version:
        clock = room.turn_clock
        if clock.stood_in(turn.seat):
            await _keep_abandoned(room)
        timeout = {
            "type": "timeout",
            "seat": turn.seat,
            "in_a_row": clock.in_a_row[turn.seat],
            "abandoned": turn.seat in clock.abandoned,
        }
        for client in room.clients():  # said once the stand-in's move is
            client.push(timeout)
