"""The ``master`` bot: the expert's choice as the default, the search's best when clearly better."""

from __future__ import annotations

import hashlib
import json
import random
import time
from collections.abc import Callable
from typing import TypeVar

from ...core.actions import (
    Action,
)
from ...core.match import DEFAULT_TARGET
from ...core.view import View
from ..base import BotOptionError, register
from ..expert import ExpertBot
from ..reasons import Reason
from .beliefs import Beliefs
from .explain import why, with_odds
from .search import DEFAULT_ITERATIONS, DEFAULT_SECONDS, Challenge, search, worth_searching

# --------------------------------------------------------------------------- the bot


_Number = TypeVar("_Number", int, float)


def _positive(name: str, value: object, kind: Callable[[str], _Number]) -> _Number:
    """An option given as a number or as command-line text, checked to be above zero."""
    whole = " whole" if kind is int else ""
    try:
        number = kind(str(value))
    except ValueError:
        number = kind("0")
    if number <= 0:
        raise BotOptionError(f"master: {name} must be a positive{whole} number, not {value!r}")
    return number


@register("master", options=("iterations", "seconds", "target"))
class MasterBot:
    """Searches each decision in sampled deals; see the module docstring.

    ``iterations`` is the rollout budget per decision (reproducible); ``seconds`` a time budget
    (not reproducible); given both, the search stops at whichever comes first. Given neither, it
    is DEFAULT_ITERATIONS rollouts within DEFAULT_SECONDS, so that "hard" answers promptly on a
    slow machine too. ``target`` is the match target whose approach makes the match result, not
    the deal's margin, the reward."""

    name = "master"

    def __init__(
        self,
        seed: int = 0,
        iterations: int | str | None = None,
        seconds: float | str | None = None,
        target: int | str = DEFAULT_TARGET,
    ) -> None:
        self.seed = seed
        self.iterations = (
            _positive("iterations", iterations, int) if iterations is not None else None
        )
        self.seconds = _positive("seconds", seconds, float) if seconds is not None else None
        if self.iterations is None and self.seconds is None:
            self.iterations, self.seconds = DEFAULT_ITERATIONS, DEFAULT_SECONDS
        self.target = _positive("target", target, int)
        self.beliefs = Beliefs()
        self.advisor = ExpertBot()
        self.reason: Reason | None = None
        self.challenge: Challenge | None = None

    def choose(self, view: View) -> Action:
        if not view.legal:
            raise ValueError(f"seat {view.seat} has no decision to make now ({view.decision})")
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        self.observe(view)
        self.challenge = None
        candidates = worth_searching(view.legal)
        if len(candidates) == 1:
            only = "legal" if len(view.legal) == 1 else "sensible"
            self.reason = Reason(f"master.only_{only}")
            return candidates[0]
        expert = self.advisor.choose(view)
        actions = [expert, *(action for action in candidates if action != expert)]
        best, default, advantage = search(
            view,
            actions,
            self.beliefs,
            self._rng(view, "search"),
            self.iterations,
            deadline,
            self.target,
        )
        self.challenge = (
            None if best is default else Challenge(best.action, advantage, default.action)
        )
        if self.challenge is not None and self.challenge.taken:
            self.reason = with_odds(why(view, best.action, self.beliefs), best, default, True)
            return best.action
        assert self.advisor.reason is not None
        self.reason = with_odds(self.advisor.reason, default, best, False)
        return default.action

    def observe(self, view: View) -> None:
        """Take in a view of this seat without deciding: :meth:`choose` does it first, and a
        replayed game shows the bot the views it was shown before (``Recap``)."""
        self.beliefs.observe(view, self._rng(view, "beliefs"))

    def _rng(self, view: View, purpose: str) -> random.Random:
        """Seeded by the bot's seed, the view and what it is for alone: the same view gets the
        same answer."""
        text = json.dumps(view.to_dict(), sort_keys=True)
        digest = hashlib.sha256(f"{self.seed}:{purpose}:{text}".encode()).digest()
        return random.Random(int.from_bytes(digest[:8], "big"))
