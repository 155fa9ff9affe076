"""Bot tournaments on duplicate deals: the schedule, parallel play, statistics, a SQLite store
and a chart. ``millebornes tournament`` (``cli/tournament.py``) and benchmarks/strength.py use
this API."""

from .game import GameResult, play_game
from .runner import run_tournament
from .schedule import GameSpec, TournamentSettings
from .stats import BotSummary, format_table, summarize, wilson_interval
from .store import TournamentStore

__all__ = [
    "BotSummary",
    "GameResult",
    "GameSpec",
    "TournamentSettings",
    "TournamentStore",
    "format_table",
    "play_game",
    "run_tournament",
    "summarize",
    "wilson_interval",
]
