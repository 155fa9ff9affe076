"""The guided first deal: one fixed deal against a scripted opponent that stages each idea of
the game once, the player making every move. Both games read this script; it holds no word,
only which move each step expects and the catalog key of the line that says why
(``tutorial.IDEA``).

The deal is a fixed deck order (a position, docs/position.md), not a seed: a seed would have to
be searched for among billions to deal exactly these cards in this order. You are South
(seat 0) and play first; North (seat 1) is the scripted opponent. tests/test_tutorial.py
plays the script through and checks that each idea is staged where its line says.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass

from .actions import Action, Verb
from .cards import FULL_DECK, Card
from .phrase import Phrase

RULES = "dujardin"
PLAYERS = 2
YOU = 0
OPPONENT = 1


@dataclass(frozen=True)
class Step:
    """One move of the script: who makes it, the action, and for the player's moves the idea
    it stages (its line is the catalog's ``tutorial.IDEA``)."""

    seat: int
    action: Action
    idea: str | None = None

    @property
    def line(self) -> Phrase | None:
        return None if self.idea is None else Phrase(f"tutorial.{self.idea}")


def _step(seat: int, notation: str, idea: str | None = None) -> Step:
    return Step(seat, Action.parse(notation), idea)


# The deal's every move, in order: the player's with the idea they stage.
SCRIPT: tuple[Step, ...] = (
    _step(YOU, "play roll", "roll"),
    _step(OPPONENT, "play roll"),
    _step(YOU, "play 100", "distance"),
    _step(OPPONENT, "attack flat-tire 0"),
    _step(YOU, "play spare-tire", "remedy"),
    _step(OPPONENT, "play 100"),
    _step(YOU, "play roll", "roll_again"),
    _step(OPPONENT, "attack speed-limit 0"),
    _step(YOU, "play 50", "speed_limit"),
    _step(OPPONENT, "play 75"),
    _step(YOU, "play end-of-limit", "end_of_limit"),
    _step(OPPONENT, "play 100"),
    _step(YOU, "play puncture-proof", "safety"),
    _step(YOU, "play 200", "another_turn"),
    _step(OPPONENT, "attack accident 0"),
    _step(YOU, "coup-fourre", "coup_fourre"),
    _step(YOU, "play 200", "after_coup_fourre"),
    _step(OPPONENT, "play 50"),
    _step(YOU, "play 100", "keep_going"),
    _step(OPPONENT, "play 100"),
    _step(YOU, "play 100", "two_200s"),
    _step(OPPONENT, "play 75"),
    _step(YOU, "play 100", "keep_going"),
    _step(OPPONENT, "play 25"),
    _step(YOU, "play 100", "near_the_end"),
    _step(OPPONENT, "play 25"),
    _step(YOU, "play 50", "exactly"),
)
# The ideas in the order the deal stages them, then the score sheet's (read, not played).
IDEAS = (*dict.fromkeys(step.idea for step in SCRIPT if step.idea is not None), "score")
LESSONS = sum(1 for step in SCRIPT if step.idea is not None)

# The deck order was found once by playing the script with each seat drawing the card it plays
# next (tests/test_tutorial.py pins that the script is legal move by move on it). South holds
# seven cards: it has drawn for its first turn.
_HANDS = (
    ("roll", "100", "driving-ace", "200", "100", "stop", "roll"),
    ("roll", "flat-tire", "100", "speed-limit", "accident", "75"),
)
_DRAWS = (
    "100", "spare-tire", "50", "50", "100", "end-of-limit", "75", "puncture-proof", "25", "200",
    "25", "100", "100", "50", "50", "100", "gasoline", "200", "repairs", "100", "25", "25",
    "stop", "gasoline", "repairs", "repairs",
)  # fmt: skip


def _stock() -> list[str]:
    """The scripted draws, then the rest of the deck by kind (never reached: the deal ends)."""
    left = Counter({card.notation: count for card, count in FULL_DECK.items()})
    left.subtract([*_HANDS[0], *_HANDS[1], *_DRAWS])
    rest = [card.notation for card in Card for _ in range(left[card.notation])]
    return [*_DRAWS, *rest]


def start_position() -> str:
    """The guided deal as a position (JSON), South to play its first turn."""
    return json.dumps(
        {
            "rules": RULES,
            "players": PLAYERS,
            "dealer": OPPONENT,
            "to_act": YOU,
            "decision": "turn",
            "hands": [list(hand) for hand in _HANDS],
            "sides": [{}, {}],
            "stock": _stock(),
        }
    )


def step_at(moves: int) -> Step | None:
    """The script's step once ``moves`` moves of the deal are made (None: the script is over)."""
    return SCRIPT[moves] if moves < len(SCRIPT) else None


def lesson_number(moves: int) -> int:
    """The lesson the player is at once ``moves`` moves are made, counted from 1."""
    return min(LESSONS, 1 + sum(1 for step in SCRIPT[:moves] if step.idea is not None))


def next_line(moves: int) -> Phrase:
    """What the player is told once ``moves`` moves are made: the next move of theirs and why,
    or, once the deal is over, what the score sheet shows."""
    for step in SCRIPT[moves:]:
        if step.line is not None:
            return step.line
    return Phrase("tutorial.score")


def refusal(moves: int, action: Action) -> Phrase | None:
    """Why ``action`` is not this step's move (None: it is). Every other move is refused, a
    harmless one too: each step teaches one move, and the deal stays the script's."""
    step = step_at(moves)
    if step is None or step.action == action:
        return None
    expected = step.action
    if expected.verb == Verb.COUP_FOURRE:
        return Phrase("tutorial.refused_coup_fourre")
    assert expected.card is not None
    return Phrase("tutorial.refused", {"card": expected.card})
