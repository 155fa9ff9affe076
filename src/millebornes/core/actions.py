"""Actions as small frozen values with a text notation that round-trips.

Notation (lower-case words): ``play CARD``, ``attack HAZARD SIDE``, ``discard CARD``,
``coup-fourre``, ``decline``, ``extend``, ``finish``. Actions name card kinds, never hand
positions. Every action is interned, so the engine hands out the same objects again and again.

A seat is asked one :class:`Decision` at a time; an :class:`Action`'s :class:`Verb` answers it.
Both are ``StrEnum``s: equal to their JSON text, and compared by name everywhere else.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .cards import CARDS, HAZARDS, Card
from .errors import InvalidActionError
from .phrase import Phrase


class Verb(StrEnum):
    """What an action does; its value is the first word of the notation."""

    PLAY = "play"
    ATTACK = "attack"
    DISCARD = "discard"
    COUP_FOURRE = "coup-fourre"
    DECLINE = "decline"
    EXTEND = "extend"
    FINISH = "finish"


class Decision(StrEnum):
    """What a seat is asked now: a turn, whether to answer an attack with a coup-fourré, whether
    to extend the race (parker), nothing because the deal is over, or (in a view only) nothing
    because another seat is deciding."""

    TURN = "turn"
    COUP_FOURRE = "coup-fourre"
    EXTENSION = "extension"
    OVER = "over"
    WAIT = "wait"


MAX_SIDES = 4
_CARD_VERBS = (Verb.PLAY, Verb.DISCARD)


@dataclass(frozen=True, slots=True, repr=False)
class Action:
    """One decision: a verb, the card kind it uses (if any), and the attacked side (attacks)."""

    verb: Verb
    card: Card | None = None
    target: int | None = None

    def __post_init__(self) -> None:
        # Actions built by hand get the same checks as parsed ones, so none can bypass legality.
        if not isinstance(self.verb, Verb):
            try:
                object.__setattr__(self, "verb", Verb(self.verb))
            except ValueError:
                raise InvalidActionError(
                    Phrase("notation.unknown_verb", {"verb": repr(self.verb), "verbs": _VERB_LIST})
                ) from None
        if self.verb in _CARD_VERBS:
            shape_ok = isinstance(self.card, Card) and self.target is None
        elif self.verb is Verb.ATTACK:
            shape_ok = (
                isinstance(self.card, Card)
                and self.card.is_hazard
                and isinstance(self.target, int)
                and self.target >= 0
            )
        else:
            shape_ok = self.card is None and self.target is None
        if not shape_ok:
            shape = f"({self.verb!r}, {self.card!r}, {self.target!r})"
            raise InvalidActionError(Phrase("notation.malformed", {"shape": shape}))

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
        """The action written in notation; an InvalidActionError says what is accepted
        otherwise."""
        if not isinstance(text, str):
            raise InvalidActionError(Phrase("notation.not_text", {"value": repr(text)}))
        known = _BY_NOTATION.get(text)
        if known is not None:
            return known
        words = text.strip().lower().split()
        if not words:
            raise InvalidActionError(Phrase("notation.empty"))
        word, args = words[0], words[1:]
        if word not in _VERB_WORDS:
            raise InvalidActionError(
                Phrase("notation.unknown_action", {"word": repr(word), "verbs": _VERB_LIST})
            )
        verb = Verb(word)
        if verb in _SIMPLE:
            if args:
                raise InvalidActionError(Phrase("notation.takes_nothing", {"verb": verb.value}))
            return _SIMPLE[verb]
        if verb in _CARD_VERBS:
            if len(args) != 1:
                raise InvalidActionError(Phrase("notation.takes_a_card", {"verb": verb.value}))
            card = Card.parse(args[0])
            return PLAYS[card] if verb is Verb.PLAY else DISCARDS[card]
        if len(args) != 2:
            raise InvalidActionError(Phrase("notation.attack_shape"))
        card = Card.parse(args[0])
        if not card.is_hazard:
            raise InvalidActionError(Phrase("notation.not_a_hazard", {"card": card.notation}))
        if not (args[1].isascii() and args[1].isdigit()):
            raise InvalidActionError(Phrase("notation.side_number", {"text": repr(args[1])}))
        side = int(args[1])
        # Whether the table has that side is the deal's to say (why_illegal names its sides).
        return ATTACKS[card][side] if side < MAX_SIDES else Action(Verb.ATTACK, card, side)


def as_action(action: Action | str) -> Action:
    """Accept an action or its notation."""
    return action if isinstance(action, Action) else Action.parse(action)


# Keyed by card kind; a Card is an int, so the engine's plain-int card values index them too.
PLAYS: dict[int, Action] = {card: Action(Verb.PLAY, card) for card in CARDS}
DISCARDS: dict[int, Action] = {card: Action(Verb.DISCARD, card) for card in CARDS}
ATTACKS: dict[int, tuple[Action, ...]] = {
    card: tuple(Action(Verb.ATTACK, card, side) for side in range(MAX_SIDES)) for card in HAZARDS
}
CALL_COUP_FOURRE = Action(Verb.COUP_FOURRE)
DECLINE_COUP_FOURRE = Action(Verb.DECLINE)
EXTEND_RACE = Action(Verb.EXTEND)
FINISH_RACE = Action(Verb.FINISH)
_SIMPLE = {
    Verb.COUP_FOURRE: CALL_COUP_FOURRE,
    Verb.DECLINE: DECLINE_COUP_FOURRE,
    Verb.EXTEND: EXTEND_RACE,
    Verb.FINISH: FINISH_RACE,
}
_VERB_WORDS = frozenset(Verb)
# Every action a table can hold, by its notation as written: records and positions hold
# hundreds of them, and a lookup reads one about 30 times faster than the parser below.
_BY_NOTATION: dict[str, Action] = {
    str(action): action
    for action in [
        *PLAYS.values(),
        *DISCARDS.values(),
        *(attack for attacks in ATTACKS.values() for attack in attacks),
        *_SIMPLE.values(),
    ]
}
_VERB_LIST = ", ".join(Verb)
