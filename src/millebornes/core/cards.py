"""The 19 kinds of Mille Bornes card, their names and the deck (RULES.md section 2)."""

from __future__ import annotations

from enum import IntEnum


class Card(IntEnum):
    """A kind of card. The value indexes per-kind tables (hand counts, names)."""

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

    @classmethod
    def parse(cls, text: str) -> Card:
        """The card named by its notation (``"75"``, ``"flat-tire"``), case-insensitively."""
        try:
            return _BY_NOTATION[text.strip().lower()]
        except KeyError:
            raise ValueError(
                f"unknown card {text!r}; cards are: {', '.join(NOTATION.values())}"
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

NAMES: dict[str, dict[Card, str]] = {
    "en": {
        Card.D25: "25 km",
        Card.D50: "50 km",
        Card.D75: "75 km",
        Card.D100: "100 km",
        Card.D200: "200 km",
        Card.STOP: "Stop",
        Card.SPEED_LIMIT: "Speed Limit",
        Card.OUT_OF_GAS: "Out of Gas",
        Card.FLAT_TIRE: "Flat Tire",
        Card.ACCIDENT: "Accident",
        Card.ROLL: "Roll",
        Card.END_OF_LIMIT: "End of Limit",
        Card.GASOLINE: "Gasoline",
        Card.SPARE_TIRE: "Spare Tire",
        Card.REPAIRS: "Repairs",
        Card.RIGHT_OF_WAY: "Right of Way",
        Card.EXTRA_TANK: "Extra Tank",
        Card.PUNCTURE_PROOF: "Puncture-Proof",
        Card.DRIVING_ACE: "Driving Ace",
    },
    "fr": {
        Card.D25: "25 bornes",
        Card.D50: "50 bornes",
        Card.D75: "75 bornes",
        Card.D100: "100 bornes",
        Card.D200: "200 bornes",
        Card.STOP: "Feu rouge",
        Card.SPEED_LIMIT: "Limite de vitesse",
        Card.OUT_OF_GAS: "Panne d'essence",
        Card.FLAT_TIRE: "Crevaison",
        Card.ACCIDENT: "Accident",
        Card.ROLL: "Feu vert",
        Card.END_OF_LIMIT: "Fin de limite",
        Card.GASOLINE: "Essence",
        Card.SPARE_TIRE: "Roue de secours",
        Card.REPAIRS: "Réparations",
        Card.RIGHT_OF_WAY: "Véhicule prioritaire",
        Card.EXTRA_TANK: "Citerne d'essence",
        Card.PUNCTURE_PROOF: "Increvable",
        Card.DRIVING_ACE: "As du volant",
    },
}

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


def card_name(card: Card, language: str = "en") -> str:
    """The card's printed name in English (``"en"``) or French (``"fr"``)."""
    return NAMES[language][card]
