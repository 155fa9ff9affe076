"""Actions told in plain words for game logs ("North attacks you with a Flat Tire"), in English
or French: the phrases are the catalog's ``[narrate]`` table (``millebornes.words``)."""

from __future__ import annotations

from collections.abc import Sequence

from ..core.actions import Action, Verb
from ..core.cards import NAMES, Card
from .catalog import say, section


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
    words = dict(section(language, "narrate.verb_you" if you else "narrate.verb"))
    words["who"] = say(language, "narrate.you").capitalize() if you else names[seat]
    if action.verb == Verb.ATTACK:
        assert action.card is not None
        assert action.target is not None
        key = "attack"
        if action.target == viewer_side:
            key = "attack_your_team" if teams else "attack_you"
        elif sides is not None:
            words["target"] = sides[action.target]
        else:
            words["target"] = say(language, "narrate.side", side=action.target)
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
    return say(language, f"narrate.{key}", **words)
