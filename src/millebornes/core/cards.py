"""The 19 kinds of Mille Bornes card, their notation and the deck (RULES.md section 2); their
names are the catalogs' (``millebornes.words.card_name``)."""

from __future__ import annotations

from enum import IntEnum

from .errors import InvalidActionError
from .phrase import Phrase


class Card(IntEnum):
    """A kind of card. The value indexes per-kind tables (hand counts, deck counts)."""

    D25 = 0
    D50 = 1
    D75 = 2
    D100 = 3
    D200 = 4
    STOP = 5
    SPEED_LIMIT = 6
    OUT_OF_GAS = 7
    FLAT_TIRE = 8
    ACCIDENT = 9
    ROLL = 10
    END_OF_LIMIT = 11
    GASOLINE = 12
    SPARE_TIRE = 13
    REPAIRS = 14
    RIGHT_OF_WAY = 15
    EXTRA_TANK = 16
    PUNCTURE_PROOF = 17
    DRIVING_ACE = 18

    @property
    def notation(self) -> str:
        return NOTATION[self]

    @property
    def is_distance(self) -> bool:
        return self <= Card.D200

    @property
    def is_hazard(self) -> bool:
        return Card.STOP <= self <= Card.ACCIDENT

    @property
    def is_remedy(self) -> bool:
        return Card.ROLL <= self <= Card.REPAIRS

    @property
    def is_safety(self) -> bool:
        return self >= Card.RIGHT_OF_WAY

    @property
    def kind(self) -> str:
        """``distance``, ``hazard``, ``remedy`` or ``safety``: the name both games colour by."""
        if self.is_distance:
            return "distance"
        if self.is_hazard:
            return "hazard"
        return "remedy" if self.is_remedy else "safety"

    @classmethod
    def parse(cls, text: str) -> Card:
        """The card named by its notation (``"75"``, ``"flat-tire"``), case-insensitively."""
        known = _BY_NOTATION.get(text)  # as written in records, without case or spaces to undo
        if known is not None:
            return known
        try:
            return _BY_NOTATION[text.strip().lower()]
        except KeyError:
            cards = ", ".join(NOTATION.values())
            raise InvalidActionError(
                Phrase("notation.unknown_card", {"text": repr(text), "cards": cards})
            ) from None

    def __str__(self) -> str:
        return NOTATION[self]


CARDS: tuple[Card, ...] = tuple(Card)
DISTANCES = (Card.D25, Card.D50, Card.D75, Card.D100, Card.D200)
HAZARDS = (Card.STOP, Card.SPEED_LIMIT, Card.OUT_OF_GAS, Card.FLAT_TIRE, Card.ACCIDENT)
REMEDIES = (Card.ROLL, Card.END_OF_LIMIT, Card.GASOLINE, Card.SPARE_TIRE, Card.REPAIRS)
SAFETIES = (Card.RIGHT_OF_WAY, Card.EXTRA_TANK, Card.PUNCTURE_PROOF, Card.DRIVING_ACE)

KM: dict[Card, int] = {Card.D25: 25, Card.D50: 50, Card.D75: 75, Card.D100: 100, Card.D200: 200}

REMEDY_FOR: dict[Card, Card] = {
    Card.STOP: Card.ROLL,
    Card.SPEED_LIMIT: Card.END_OF_LIMIT,
    Card.OUT_OF_GAS: Card.GASOLINE,
    Card.FLAT_TIRE: Card.SPARE_TIRE,
    Card.ACCIDENT: Card.REPAIRS,
}
SAFETY_FOR: dict[Card, Card] = {
    Card.STOP: Card.RIGHT_OF_WAY,
    Card.SPEED_LIMIT: Card.RIGHT_OF_WAY,
    Card.OUT_OF_GAS: Card.EXTRA_TANK,
    Card.FLAT_TIRE: Card.PUNCTURE_PROOF,
    Card.ACCIDENT: Card.DRIVING_ACE,
}

NOTATION: dict[Card, str] = {
    Card.D25: "25",
    Card.D50: "50",
    Card.D75: "75",
    Card.D100: "100",
    Card.D200: "200",
    Card.STOP: "stop",
    Card.SPEED_LIMIT: "speed-limit",
    Card.OUT_OF_GAS: "out-of-gas",
    Card.FLAT_TIRE: "flat-tire",
    Card.ACCIDENT: "accident",
    Card.ROLL: "roll",
    Card.END_OF_LIMIT: "end-of-limit",
    Card.GASOLINE: "gasoline",
    Card.SPARE_TIRE: "spare-tire",
    Card.REPAIRS: "repairs",
    Card.RIGHT_OF_WAY: "right-of-way",
    Card.EXTRA_TANK: "extra-tank",
    Card.PUNCTURE_PROOF: "puncture-proof",
    Card.DRIVING_ACE: "driving-ace",
}
_BY_NOTATION = {name: card for card, name in NOTATION.items()}

FULL_DECK: dict[Card, int] = {
    Card.D25: 10,
    Card.D50: 10,
    Card.D75: 10,
    Card.D100: 12,
    Card.D200: 4,
    Card.STOP: 5,
    Card.SPEED_LIMIT: 4,
    Card.OUT_OF_GAS: 3,
    Card.FLAT_TIRE: 3,
    Card.ACCIDENT: 3,
    Card.ROLL: 14,
    Card.END_OF_LIMIT: 6,
    Card.GASOLINE: 6,
    Card.SPARE_TIRE: 6,
    Card.REPAIRS: 6,
    Card.RIGHT_OF_WAY: 1,
    Card.EXTRA_TANK: 1,
    Card.PUNCTURE_PROOF: 1,
    Card.DRIVING_ACE: 1,
}
# parker with 2 or 3 players plays without one of each hazard (101 cards).
SHORT_DECK: dict[Card, int] = {
    card: count - (1 if card.is_hazard else 0) for card, count in FULL_DECK.items()
}
