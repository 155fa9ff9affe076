"""The bot interface: a bot sees one seat's view (with its legal actions) and returns one of them.

Bots never receive a Deal: whatever they know of hidden cards they must infer from views.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from ..actions import Action
from ..view import View


class Bot(Protocol):
    """Answers every decision of one seat: turns, coups-fourrés and extensions."""

    name: str
    reason: str  # one short line on why the last choice was made (for hints and logs)

    def choose(self, view: View) -> Action:
        """One of ``view.legal``."""
        ...


BotFactory = Callable[..., Bot]
_REGISTRY: dict[str, BotFactory] = {}
LEVELS = {"easy": "greedy", "medium": "expert", "hard": "master"}


def register(name: str) -> Callable[[BotFactory], BotFactory]:
    def add(factory: BotFactory) -> BotFactory:
        _REGISTRY[name] = factory
        return factory

    return add


def bot_names() -> list[str]:
    return list(_REGISTRY)


def make_bot(name: str, seed: int = 0, **options: object) -> Bot:
    """The bot called ``name`` (or a level: easy, medium, hard), seeded for reproducible games."""
    name = LEVELS.get(name, name)
    if name not in _REGISTRY:
        known = ", ".join([*_REGISTRY, *LEVELS])
        raise ValueError(f"unknown bot {name!r}; bots are: {known}")
    return _REGISTRY[name](seed=seed, **options)
