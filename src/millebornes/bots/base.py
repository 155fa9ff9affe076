"""The bot interface: a bot sees one seat's view (with its legal actions) and returns one of them.

Bots never receive a Deal: whatever they know of hidden cards they must infer from views.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from typing import Any, ClassVar, Protocol, TypeGuard, TypeVar

from ..core.actions import Action
from ..core.errors import SettingsError
from ..core.phrase import Phrase
from ..core.view import View
from .reasons import Reason


class Bot(Protocol):
    """Answers every decision of one seat: turns, coups-fourrés and extensions."""

    name: str
    # Why the last choice was made (for hints and logs), None before the first.
    reason: Reason | None
    # Whether its choices are searches, long enough that a server makes them in another
    # process: such a bot is a :class:`Searcher`.
    searches: ClassVar[bool]

    def choose(self, view: View) -> Action:
        """One of ``view.legal``."""
        ...


T = TypeVar("T")


class Searcher(Bot, Protocol[T]):
    """A bot that searches (``searches`` is True). A copy of it may choose in another process;
    what that copy came to believe choosing (``thought``) is then ``adopt``ed by the bot itself,
    which goes on as if it had chosen."""

    def thought(self) -> T:
        """What the bot believes now, as far as its next choices depend on it."""
        ...

    def adopt(self, thought: T) -> None:
        """Believe what a copy of this bot came to believe (its ``thought``)."""
        ...


def is_searcher(bot: Bot) -> TypeGuard[Searcher[Any]]:
    """Whether ``bot`` searches, as it declares."""
    return bot.searches


BotFactory = Callable[..., Bot]
_REGISTRY: dict[str, BotFactory] = {}
_OPTIONS: dict[str, frozenset[str]] = {}
LEVELS = {"easy": "greedy", "medium": "expert", "hard": "master"}


class BotOptionError(SettingsError):
    """An option a bot does not take, or a value it cannot take."""


def register(name: str, options: Iterable[str] = ()) -> Callable[[BotFactory], BotFactory]:
    """Register a bot under ``name``, with the keyword options its factory takes besides
    ``seed`` (master's: the fields of its ``MasterConfig``)."""

    def add(factory: BotFactory) -> BotFactory:
        _REGISTRY[name] = factory
        _OPTIONS[name] = frozenset(options)
        return factory

    return add


def refuse_unknown(name: str, declared: Collection[str], given: Iterable[str]) -> None:
    """A BotOptionError naming the options in ``given`` that bot ``name`` does not take, and
    those it does."""
    unknown = [key for key in given if key not in declared]
    if unknown:
        takes = ", ".join([*sorted(declared), "seed"]) if declared else Phrase("settings.only_seed")
        refused = ", ".join(repr(key) for key in unknown)
        options = {"bot": name, "takes": takes, "refused": refused}
        raise BotOptionError(Phrase("settings.bot_options", options))


def bot_names() -> list[str]:
    return list(_REGISTRY)


def _registered(name: str) -> str:
    """The registered bot called ``name`` or playing the level ``name``."""
    name = LEVELS.get(name, name)
    if name not in _REGISTRY:
        known = ", ".join([*_REGISTRY, *LEVELS])
        raise SettingsError(Phrase("settings.unknown_bot", {"name": repr(name), "bots": known}))
    return name


def bot_options(name: str) -> frozenset[str]:
    """The options the bot (or level) ``name`` takes, besides ``seed``."""
    return _OPTIONS[_registered(name)]


def make_bot(name: str, seed: int = 0, **options: object) -> Bot:
    """The bot called ``name`` (or a level: easy, medium, hard), seeded for reproducible games;
    a BotOptionError names an option it does not take and those it does."""
    name = _registered(name)
    refuse_unknown(name, _OPTIONS[name], options)
    return _REGISTRY[name](seed=seed, **options)
