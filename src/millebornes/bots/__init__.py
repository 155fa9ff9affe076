"""Computer opponents. Every bot is found by name with :func:`make_bot` and sees only views."""

from . import expert, greedy, master, random_bot  # noqa: F401  (each registers its bot)
from .base import LEVELS, Bot, BotOptionError, bot_names, bot_options, make_bot
from .play import Recap, play_out
from .reasons import Reason

__all__ = [
    "LEVELS",
    "Bot",
    "BotOptionError",
    "Reason",
    "Recap",
    "bot_names",
    "bot_options",
    "make_bot",
    "play_out",
]
