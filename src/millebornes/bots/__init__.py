"""Computer opponents. Every bot is found by name with :func:`make_bot` and sees only views."""

from . import expert, greedy, master, random_bot, tutor  # noqa: F401  (each registers its bot)
from .base import (
    LEVELS,
    Bot,
    BotOptionError,
    Searcher,
    bot_names,
    bot_options,
    is_searcher,
    make_bot,
)
from .play import Recap, play_out
from .reasons import Reason

__all__ = [
    "LEVELS",
    "Bot",
    "BotOptionError",
    "Reason",
    "Recap",
    "Searcher",
    "bot_names",
    "bot_options",
    "is_searcher",
    "make_bot",
    "play_out",
]
