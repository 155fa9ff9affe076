"""``tutor``: the guided first deal's opponent (core/tutorial.py), who makes the script's moves.

Off the script (the same bot seated at any other deal) it plays as the easy bot does, so that
it is a legal opponent everywhere."""

from __future__ import annotations

from typing import ClassVar

from ..core.actions import Action
from ..core.tutorial import step_at
from ..core.view import View
from .base import register
from .greedy import GreedyBot
from .reasons import Reason


@register("tutor")
class TutorBot:
    name = "tutor"
    searches: ClassVar[bool] = False

    def __init__(self, seed: int = 0) -> None:
        self.off_script = GreedyBot(seed=seed)
        self.reason: Reason | None = None

    def choose(self, view: View) -> Action:
        step = step_at(len(view.moves))
        if step is not None and step.seat == view.seat and step.action in view.legal:
            self.reason = Reason("tutor")
            return step.action
        action = self.off_script.choose(view)
        self.reason = self.off_script.reason
        return action
