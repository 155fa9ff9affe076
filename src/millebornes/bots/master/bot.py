"""The ``master`` bot: the expert's choice as the default, the search's best when clearly better."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import ClassVar

from ...core.actions import (
    Action,
)
from ...core.errors import RequestError
from ...core.phrase import Phrase
from ...core.view import View
from ..base import register
from ..expert import ExpertBot
from ..reasons import Reason
from .beliefs import Beliefs
from .config import MasterConfig
from .explain import why, with_odds
from .search import Challenge, search, view_seed, worth_searching

# --------------------------------------------------------------------------- the bot


@dataclass(frozen=True)
class Thought:
    """What master came to believe in its last choice: its beliefs of the hidden hands (all its
    later choices start from them), why it chose and the search's challenge (for hints and
    benchmarks). Its seed, knobs and advisor do not change as it plays."""

    beliefs: Beliefs
    reason: Reason | None
    challenge: Challenge | None


@register("master", options=MasterConfig.names())
class MasterBot:
    """Searches each decision in sampled deals; see the module docstring.

    ``options`` are :class:`MasterConfig`'s fields, as values or command-line text: the budget
    (``iterations``, reproducible; ``seconds``, not; given both, the search stops at whichever
    comes first; given neither, DEFAULT_ITERATIONS rollouts within DEFAULT_SECONDS, so that
    "hard" answers promptly on a slow machine too), the match ``target`` whose approach makes
    the match result, not the deal's margin, the reward, and the search's and beliefs' knobs."""

    name = "master"
    searches: ClassVar[bool] = True

    def __init__(self, seed: int = 0, **options: object) -> None:
        self.seed = seed
        self.config = MasterConfig.from_options(options)
        self.beliefs = Beliefs(config=self.config)
        self.advisor = ExpertBot()
        self.reason: Reason | None = None
        self.challenge: Challenge | None = None

    def choose(self, view: View) -> Action:
        if not view.legal:
            nothing = {"seat": view.seat, "decision": view.decision.value}
            raise RequestError(Phrase("request.nothing_to_decide", nothing))
        config = self.config
        deadline = None if config.seconds is None else time.perf_counter() + config.seconds
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
            view, actions, self.beliefs, self._rng(view, "search"), config, deadline
        )
        self.challenge = (
            None
            if best is default
            else Challenge.of(best.action, advantage, default.action, config)
        )
        if self.challenge is not None and self.challenge.taken:
            self.reason = with_odds(why(view, best.action, self.beliefs), best, default, True)
            return best.action
        assert self.advisor.reason is not None
        self.reason = with_odds(self.advisor.reason, default, best, False)
        return default.action

    def thought(self) -> Thought:
        return Thought(self.beliefs, self.reason, self.challenge)

    def adopt(self, thought: Thought) -> None:
        self.beliefs = thought.beliefs
        self.reason = thought.reason
        self.challenge = thought.challenge

    def observe(self, view: View) -> None:
        """Take in a view of this seat without deciding: :meth:`choose` does it first, and a
        replayed game shows the bot the views it was shown before (``Recap``)."""
        self.beliefs.observe(view, self._rng(view, "beliefs"))

    def _rng(self, view: View, purpose: str) -> random.Random:
        """Seeded by the bot's seed, the view and what it is for alone: the same view gets the
        same answer."""
        return random.Random(view_seed(self.seed, view, purpose))
