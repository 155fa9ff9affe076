"""Computer opponents. Every bot is found by name with :func:`make_bot` and sees only views."""

from . import random_bot  # noqa: F401  (registers the bot)
from .base import LEVELS, Bot, bot_names, make_bot
from .play import play_out

__all__ = ["LEVELS", "Bot", "bot_names", "make_bot", "play_out"]
