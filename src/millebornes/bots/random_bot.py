"""``random``: a uniformly random legal action, the baseline every other bot must beat."""

from __future__ import annotations

import random
from typing import ClassVar

from ..core.actions import Action
from ..core.view import View
from .base import register
from .reasons import Reason


@register("random")
class RandomBot:
    name = "random"
    searches: ClassVar[bool] = False

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.reason: Reason | None = None

    def choose(self, view: View) -> Action:
        self.reason = Reason("random")
        return self.rng.choice(view.legal)
