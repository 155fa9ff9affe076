"""Mille Bornes: exact rules under three presets, views, notation, positions and records.

>>> from millebornes import Deal
>>> deal = Deal.new(rules="dujardin", players=2, seed=7)
>>> deal.to_act
0
"""

# First: importing it runs compiled modules from source where the source has changed.
from . import compiled  # noqa: F401
from .actions import Action, Decision, Verb
from .cards import Card, card_name
from .deal import Deal
from .errors import (
    IllegalActionError,
    InvalidActionError,
    MillebornesError,
    PositionError,
    SettingsError,
)
from .match import Match
from .records import load_record, match_record, replay_deal, replay_match
from .rules import PRESETS, get_rules
from .view import Attack, SideView, View

__all__ = [
    "PRESETS",
    "Action",
    "Attack",
    "Card",
    "Deal",
    "Decision",
    "IllegalActionError",
    "InvalidActionError",
    "Match",
    "MillebornesError",
    "PositionError",
    "SettingsError",
    "SideView",
    "Verb",
    "View",
    "card_name",
    "get_rules",
    "load_record",
    "match_record",
    "replay_deal",
    "replay_match",
]
__version__ = "0.1.0"
