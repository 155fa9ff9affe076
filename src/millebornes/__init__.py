"""Mille Bornes: exact rules under three presets, views, notation, positions and records.

>>> from millebornes import Deal
>>> deal = Deal.new(rules="dujardin", players=2, seed=7)
>>> deal.to_act
0
"""

# First: importing it runs compiled modules from source where the source has changed.
from . import compiled  # noqa: F401
from .core.actions import Action, Decision, Verb
from .core.cards import Card
from .core.deal import Deal
from .core.errors import (
    IllegalActionError,
    InvalidActionError,
    MillebornesError,
    PositionError,
    RequestError,
    SettingsError,
)
from .core.match import Match
from .core.position import from_position, to_position
from .core.records import deal_record, load_record, match_record, replay_deal, replay_match
from .core.rules import PRESETS, get_rules
from .core.view import Attack, SideView, View

# The words: card names, and the English that str() gives the core's phrases and errors.
from .words import card_name

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
    "RequestError",
    "SettingsError",
    "SideView",
    "Verb",
    "View",
    "card_name",
    "deal_record",
    "from_position",
    "get_rules",
    "load_record",
    "match_record",
    "replay_deal",
    "replay_match",
    "to_position",
]
__version__ = "0.1.0"
