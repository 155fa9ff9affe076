"""The guided first deal's room (core/tutorial.py): a table dealt from the script's position,
the person at South against the scripted North (bots/tutor.py), each move off the script
refused with the script's words, and the lesson's line in what the room tells its clients."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..core.actions import Action
from ..core.errors import InvalidActionError
from ..core.phrase import Phrase
from ..core.tutorial import LESSONS, YOU, lesson_number, next_line, refusal, step_at
from ..table import Timing
from ..words import word
from .client import Client
from .protocol import ILLEGAL, Act, ProtocolError
from .room import Room

LESSON = "lesson"  # the stored meta's mark of a lesson's room, and the room info's key


def is_lesson(meta: dict[str, Any]) -> bool:
    return bool(meta.get(LESSON))


def lesson_timing(timing: Timing) -> Timing:
    """A lesson waits for its coup-fourré: a question timed out would let the Accident pass
    and leave the script."""
    return replace(timing, coup_fourre_seconds=None)


class LessonRoom(Room):
    """A room whose table plays the script; see the module."""

    def meta(self) -> dict[str, Any]:
        return {**super().meta(), LESSON: True}

    def info(self) -> dict[str, Any]:
        """The room's info with the lesson's step and the catalog key of its line (the page
        says it in its own language)."""
        moves = len(self.table.log)
        lesson = {"number": lesson_number(moves), "count": LESSONS, "line": next_line(moves).key}
        return {**super().info(), LESSON: lesson}

    async def act(self, client: Client, act: Act) -> None:
        refused = self._off_script(client, act)
        if refused is not None:
            raise ProtocolError(word(refused, client.language), ILLEGAL)
        await super().act(client, act)

    def _off_script(self, client: Client, act: Act) -> Phrase | None:
        """Why the player's ``act`` is not the lesson's move (None: it is, or it is not the
        player's move to make: the table's own words say what is wrong with it)."""
        moves = len(self.table.log)
        step = step_at(moves)
        if step is None or step.seat != YOU or YOU not in client.seats:
            return None
        try:
            action = Action.parse(act.action)
        except InvalidActionError:
            return None
        return refusal(moves, action)
