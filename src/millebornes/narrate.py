"""Actions told in plain words for game logs ("North attacks you with a Flat Tire"), in English
or French."""

from __future__ import annotations

from collections.abc import Sequence

from .actions import ATTACK, COUP_FOURRE, DECLINE, DISCARD, EXTEND, FINISH, PLAY, Action
from .cards import NAMES, Card

_PHRASES = {
    "en": {
        "play_distance": "{who} {drives} {card}",
        "play_remedy": "{who} {plays} {card}",
        "play_safety": "{who} {plays} {card} and {plays_again}",
        "attack": "{who} {attacks} {target} with {card}",
        "discard": "{who} {discards} {card}",
        COUP_FOURRE: "COUP-FOURRÉ! {who} {answers} with {card}",
        DECLINE: "{who} {lets} the attack pass",
        EXTEND: "{who} {extends} the race to 1000",
        FINISH: "{who} {stops} at 700",
        "you": "you",
        "side": "side {side}",
        "verbs_you": {
            "drives": "drive",
            "plays": "play",
            "plays_again": "play again",
            "attacks": "attack",
            "discards": "discard",
            "answers": "answer",
            "lets": "let",
            "extends": "extend",
            "stops": "stop",
        },
        "verbs": {
            "drives": "drives",
            "plays": "plays",
            "plays_again": "plays again",
            "attacks": "attacks",
            "discards": "discards",
            "answers": "answers",
            "lets": "lets",
            "extends": "extends",
            "stops": "stops",
        },
    },
    "fr": {
        "play_distance": "{who} {drives} {card}",
        "play_remedy": "{who} {plays} {card}",
        "play_safety": "{who} {plays} {card} et {plays_again}",
        "attack": "{who} {attacks} {target} avec {card}",
        "discard": "{who} {discards} {card}",
        COUP_FOURRE: "COUP-FOURRÉ ! {who} {answers} avec {card}",
        DECLINE: "{who} {lets} passer l'attaque",
        EXTEND: "{who} {extends} la course à 1000",
        FINISH: "{who} {stops} à 700",
        "you": "vous",
        "side": "l'équipe {side}",
        "verbs_you": {
            "drives": "roulez",
            "plays": "posez",
            "plays_again": "rejouez",
            "attacks": "attaquez",
            "discards": "défaussez",
            "answers": "répondez",
            "lets": "laissez",
            "extends": "prolongez",
            "stops": "arrêtez",
        },
        "verbs": {
            "drives": "roule",
            "plays": "pose",
            "plays_again": "rejoue",
            "attacks": "attaque",
            "discards": "défausse",
            "answers": "répond",
            "lets": "laisse",
            "extends": "prolonge",
            "stops": "s'arrête",
        },
    },
}


def describe(
    action: Action,
    seat: int,
    names: Sequence[str],
    *,
    viewer: int | None = None,
    sides: Sequence[str] | None = None,
    safety: Card | None = None,
    language: str = "en",
) -> str:
    """One log line for ``seat`` taking ``action``.

    ``names`` are the seats' names, ``sides`` the sides' names (the attacked side's name; defaults
    to its seats' names), ``viewer`` the seat reading the log (it becomes "you"), and ``safety`` the
    card a coup-fourré was called with.
    """
    phrases = _PHRASES[language]
    you = viewer is not None and seat == viewer
    verbs: dict[str, str] = phrases["verbs_you" if you else "verbs"]  # type: ignore[assignment]
    card_names = NAMES[language]
    words: dict[str, str] = {"who": str(phrases["you"]) if you else names[seat], **verbs}
    if you:
        words["who"] = words["who"].capitalize()
    if action.verb == ATTACK:
        assert action.card is not None and action.target is not None
        key = "attack"
        if sides is not None:
            words["target"] = sides[action.target]
        else:
            words["target"] = str(phrases["side"]).format(side=action.target)
    elif action.verb == PLAY:
        assert action.card is not None
        if action.card.is_distance:
            key = "play_distance"
        elif action.card.is_safety:
            key = "play_safety"
        else:
            key = "play_remedy"
    elif action.verb == DISCARD:
        key = "discard"
    else:
        key = action.verb
    card = action.card if action.card is not None else safety
    words["card"] = card_names[card] if card is not None else ""
    return str(phrases[key]).format(**words)
