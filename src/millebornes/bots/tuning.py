"""The constants of the rules of thumb (``judge.py``) that ``expert`` and ``master``'s rollouts
decide with, in one table.

Both judge cards in the same unit, kilometres, with the same constants, so a retuning reaches
both. Unless a line says otherwise, a value was set by coordinate search on the per-deal win rate
of expert against greedy over 2000 duplicate deals (seeds apart from the checks), which took that
rate from 59.9% to 62.2%; a later search of twelve of them (1000 decks) found no change beyond the
noise (docs/lab/2026-11-30-what-limits-master.md).
"""

from __future__ import annotations

from ..core.cards import Card

# What a turn is worth, in kilometres: the common unit of every judgment below. Twice a card of
# driving: a side kept waiting loses more than one turn's distance (its hand clogs).
TURN_KM = 140

# --- attacks
# The most turns a side is expected to wait for a remedy it lacks (the deal moves on).
MAX_WAIT = 4.0
# The turns a Speed Limit costs a side that holds big distances.
SPEED_LIMIT_TURNS = 0.5
# A side's danger starts at this and grows with the share of the race it has driven...
DANGER_BASE = 0.5
# ... and by this more while it leads the match.
LEADER_DANGER = 0.25
# The odds a side holds a safety, scaled by this while a hazard it prevents lies unanswered on its
# tableau (it would have laid it)...
UNANSWERED_NOW = 0.2
# ... and by this when it let such a hazard pass earlier (it may have drawn the safety since).
UNANSWERED_BEFORE = 0.6

# With two sides of partners, an attack stops both seats of the other side, and every turn it costs
# them is this side's gain alone: the turns it costs count this many times (the seats stopped).
# Learnt from master's departures; 2 won 55.2% of 2000 decks against the expert without it, and
# nothing at three sides (tournaments); docs/lab/2026-12-03-expert-learns-team-attack.md
TWO_TEAMS_ATTACK = 2.0


def attack_weight(players: int, sides: int) -> float:
    """How many times the turns an attack costs count, at a table of ``players`` in ``sides``."""
    return TWO_TEAMS_ATTACK if sides == 2 and players > sides else 1.0


# --- mending and driving
# Playing a remedy that brings the car closer to rolling.
MEND_VALUE = 110
# Lifting a Speed Limit with big distances in hand...
END_OF_LIMIT_VALUE = 60
# ... or with small ones only.
END_OF_LIMIT_SMALL = 15
# The bonus a side forfeits by laying a 200: dujardin's winner bonus, or the safe-trip bonus
# (set from the rules, not tuned)...
NO_200_BONUS = {"dujardin": 200, "bonus": 300}
# ... and the share of it a 200 is charged while the trip still looks safe.
NO_200_WEIGHT = 0.5
# The last kilometres of the race are planned with the cards in hand...
PLANNING_HORIZON = 300
# ... a remainder the hand cannot make costs up to this much...
AWKWARD_REMAINDER = 120
# ... less the more unseen cards would complete it; this many make it sure.
COMPLETING_ENOUGH = 12

# --- keeping a card: what losing it would cost
# A hazard, by kind (Stop is the most useful attack, Speed Limit the weakest).
KEEP_HAZARD = {
    Card.STOP: 60,
    Card.SPEED_LIMIT: 35,
    Card.OUT_OF_GAS: 80,
    Card.FLAT_TIRE: 80,
    Card.ACCIDENT: 80,
}
# A remedy for the hazard the side is under.
KEEP_NEEDED_REMEDY = 150
# Another remedy (insurance against the next attack), and a Roll.
KEEP_REMEDY = 45
KEEP_ROLL = 55
# A second copy of a card is worth this share of the first.
KEEP_EXTRA_COPY = 0.4
# Distance is worth this share of its kilometres...
KEEP_DISTANCE = 0.3
# ... and this share of that once the hand holds more than the trip needs.
KEEP_SURPLUS = 0.5
# A card that completes the trip with the rest of the hand.
KEEP_FINISHER = 100

# --- safeties
# What the fresh card drawn after laying a safety is worth...
DRAW_VALUE = 30
# ... and when the hand holds nothing worth playing.
STUCK_DRAW_VALUE = 80
# The stock size, per player, below which the deal may end at any time (keep no safety back).
STOCK_ENDING = 2

# --- parker's extension
# Extend to 1000 only when every other side is this far from 700 (or stopped)...
EXTEND_LEAD = 300
# ... and the hand holds this much distance.
EXTEND_HAND_KM = 200
