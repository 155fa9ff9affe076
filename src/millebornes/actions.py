"""Actions as small frozen values with a text notation that round-trips.

Notation (lower-case words): ``play CARD``, ``attack HAZARD SIDE``, ``discard CARD``,
``coup-fourre``, ``decline``, ``extend``, ``finish``. Actions name card kinds, never hand
positions. Every action is interned, so the engine hands out the same objects again and again.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import CARDS, HAZARDS, Card

PLAY = "play"
ATTACK = "attack"
DISCARD = "discard"
COUP_FOURRE = "coup-fourre"
DECLINE = "decline"
EXTEND = "extend"
FINISH = "finish"
VERBS = (PLAY, ATTACK, DISCARD, COUP_FOURRE, DECLINE, EXTEND, FINISH)
MAX_SIDES = 4


@dataclass(frozen=True, slots=True, repr=False)
class Action:
    """One decision: a verb, the card kind it uses (if any), and the attacked side (attacks)."""

    verb: str
    card: Card | None = None
    target: int | None = None

    def __post_init__(self) -> None:
        # Actions built by hand get the same checks as parsed ones, so none can bypass legality.
        if self.verb in (PLAY, DISCARD):
            shape_ok = isinstance(self.card, Card) and self.target is None
        elif self.verb == ATTACK:
            shape_ok = (
                isinstance(self.card, Card)
                and self.card.is_hazard
                and isinstance(self.target, int)
                and 0 <= self.target < MAX_SIDES
            )
        else:
            shape_ok = self.verb in VERBS and self.card is None and self.target is None
        if not shape_ok:
            raise ValueError(
                f"malformed action ({self.verb!r}, {self.card!r}, {self.target!r}): play and"
                " discard take a card, attack takes a hazard and a side, the others nothing"
            )

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"

    def __str__(self) -> str:
        if self.card is None:
            return self.verb
        if self.target is None:
            return f"{self.verb} {self.card.notation}"
        return f"{self.verb} {self.card.notation} {self.target}"

    @classmethod
    def parse(cls, text: str) -> Action:
        """The action written in notation; a ValueError says what is accepted otherwise."""
        words = text.strip().lower().split()
        if not words:
            raise ValueError(
                "empty action; write e.g. 'play 75', 'attack stop 1' or 'discard roll'"
            )
        verb, args = words[0], words[1:]
        if verb in (COUP_FOURRE, DECLINE, EXTEND, FINISH):
            if args:
                raise ValueError(f"'{verb}' takes no card: write just '{verb}'")
            return _SIMPLE[verb]
        if verb in (PLAY, DISCARD):
            if len(args) != 1:
                raise ValueError(f"write '{verb} CARD', e.g. '{verb} 75'")
            card = Card.parse(args[0])
            return PLAYS[card] if verb == PLAY else DISCARDS[card]
        if verb == ATTACK:
            if len(args) != 2:
                raise ValueError("write 'attack HAZARD SIDE', e.g. 'attack flat-tire 1'")
            card = Card.parse(args[0])
            if not card.is_hazard:
                raise ValueError(f"{card.notation} is not a hazard: only hazards attack")
            if not args[1].isdigit() or int(args[1]) >= MAX_SIDES:
                raise ValueError(
                    f"side must be a number from 0 to {MAX_SIDES - 1}, not {args[1]!r}"
                )
            return ATTACKS[card][int(args[1])]
        raise ValueError(f"unknown action {verb!r}; actions start with one of: {', '.join(VERBS)}")


def as_action(action: Action | str) -> Action:
    """Accept an action or its notation."""
    return action if isinstance(action, Action) else Action.parse(action)


# Keyed by card kind; a Card is an int, so the engine's plain-int card values index them too.
PLAYS: dict[int, Action] = {card: Action(PLAY, card) for card in CARDS}
DISCARDS: dict[int, Action] = {card: Action(DISCARD, card) for card in CARDS}
ATTACKS: dict[int, tuple[Action, ...]] = {
    card: tuple(Action(ATTACK, card, side) for side in range(MAX_SIDES)) for card in HAZARDS
}
CALL_COUP_FOURRE = Action(COUP_FOURRE)
DECLINE_COUP_FOURRE = Action(DECLINE)
EXTEND_RACE = Action(EXTEND)
FINISH_RACE = Action(FINISH)
_SIMPLE = {
    COUP_FOURRE: CALL_COUP_FOURRE,
    DECLINE: DECLINE_COUP_FOURRE,
    EXTEND: EXTEND_RACE,
    FINISH: FINISH_RACE,
}
