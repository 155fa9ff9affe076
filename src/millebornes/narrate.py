"""Actions told in plain words for game logs ("North attacks you with a Flat Tire"), in English
or French."""

from __future__ import annotations

from collections.abc import Sequence

from .actions import Action, Verb
from .cards import NAMES, Card

_TEMPLATES = {
    "en": {
        "play_distance": "{who} {drives} {card}",
        "play_remedy": "{who} {plays} {card}",
        "play_safety": "{who} {plays} {card} and {plays_again}",
        "attack": "{who} {attacks} {target} with {card}",
        "attack_you": "{who} {attacks} you with {card}",
        "attack_your_team": "{who} {attacks} your team with {card}",
        "discard": "{who} {discards} {card}",
        Verb.COUP_FOURRE: "COUP-FOURRÉ! {who} {answers} with {card}",
        Verb.DECLINE: "{who} {lets} the attack pass",
        Verb.EXTEND: "{who} {extends} the race to 1000",
        Verb.FINISH: "{who} {stops} at 700",
    },
    "fr": {
        "play_distance": "{who} {drives} {card}",
        "play_remedy": "{who} {plays} {card}",
        "play_safety": "{who} {plays} {card} et {plays_again}",
        "attack": "{who} {attacks} {target} avec {card}",
        "attack_you": "{who} vous {attacks} avec {card}",
        "attack_your_team": "{who} {attacks} votre équipe avec {card}",
        "discard": "{who} {discards} {card}",
        Verb.COUP_FOURRE: "COUP-FOURRÉ ! {who} {answers} avec {card}",
        Verb.DECLINE: "{who} {lets} passer l'attaque",
        Verb.EXTEND: "{who} {extends} la course à 1000",
        Verb.FINISH: "{who} {stops} à 700",
    },
}
_YOU = {"en": "you", "fr": "vous"}
_SIDE = {"en": "side {side}", "fr": "l'équipe {side}"}
# Verb forms for another seat (third person) and for the reader ("you").
_VERBS = {
    "en": {
        "drives": ("drives", "drive"),
        "plays": ("plays", "play"),
        "plays_again": ("plays again", "play again"),
        "attacks": ("attacks", "attack"),
        "discards": ("discards", "discard"),
        "answers": ("answers", "answer"),
        "lets": ("lets", "let"),
        "extends": ("extends", "extend"),
        "stops": ("stops", "stop"),
    },
    "fr": {
        "drives": ("roule", "roulez"),
        "plays": ("pose", "posez"),
        "plays_again": ("rejoue", "rejouez"),
        "attacks": ("attaque", "attaquez"),
        "discards": ("défausse", "défaussez"),
        "answers": ("répond", "répondez"),
        "lets": ("laisse", "laissez"),
        "extends": ("prolonge", "prolongez"),
        "stops": ("s'arrête", "vous arrêtez"),
    },
}


def describe(
    action: Action,
    seat: int,
    names: Sequence[str],
    *,
    viewer: int | None = None,
    viewer_side: int | None = None,
    teams: bool = False,
    sides: Sequence[str] | None = None,
    safety: Card | None = None,
    language: str = "en",
) -> str:
    """One log line for ``seat`` taking ``action``.

    ``names`` are the seats' names, ``sides`` the sides' names (for the attacked side; by default
    "side N"), ``viewer`` the seat reading the log (it becomes "you"), ``viewer_side`` its side
    (attacks on it read "attacks you", or "your team" when ``teams``), and ``safety`` the card a
    coup-fourré was called with.
    """
    you = viewer is not None and seat == viewer
    words = {verb: forms[you] for verb, forms in _VERBS[language].items()}
    words["who"] = _YOU[language].capitalize() if you else names[seat]
    if action.verb == Verb.ATTACK:
        assert action.card is not None and action.target is not None
        key = "attack"
        if action.target == viewer_side:
            key = "attack_your_team" if teams else "attack_you"
        elif sides is not None:
            words["target"] = sides[action.target]
        else:
            words["target"] = _SIDE[language].format(side=action.target)
    elif action.verb == Verb.PLAY:
        assert action.card is not None
        if action.card.is_distance:
            key = "play_distance"
        elif action.card.is_safety:
            key = "play_safety"
        else:
            key = "play_remedy"
    elif action.verb == Verb.DISCARD:
        key = "discard"
    else:
        key = action.verb
    card = action.card if action.card is not None else safety
    words["card"] = NAMES[language][card] if card is not None else ""
    return _TEMPLATES[language][key].format(**words)
