"""``random``: a uniformly random legal action, the baseline every other bot must beat."""

from __future__ import annotations

import random

from ..actions import Action
from ..view import View
from .base import register


@register("random")
class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.reason = ""

    def choose(self, view: View) -> Action:
        self.reason = "a random legal action"
        return self.rng.choice(view.legal)
