"""Actions told in plain words for game logs ("North attacks you with a Flat Tire"), in English
or French: the phrases are the catalog's ``narrate`` group (``millebornes.words``)."""

from __future__ import annotations

from collections.abc import Sequence

from ..core.actions import Action, Verb
from ..core.cards import Card
from .catalog import say
from .names import card_noun


def describe(
    action: Action,
    seat: int,
    names: Sequence[str],
    *,
    sides: Sequence[str],
    viewer: int | None = None,
    viewer_side: int | None = None,
    teams: bool = False,
    safety: Card | None = None,
    timed_out: bool = False,
    language: str = "en",
) -> str:
    """One log line for ``seat`` taking ``action``.

    ``names`` are the seats' names, ``sides`` the sides' names (for the attacked side),
    ``viewer`` the seat reading the log (it becomes "you"), ``viewer_side`` its side (attacks on
    it read "attacks you", or "your team" when ``teams``), and ``safety`` the card a coup-fourré
    was called with; ``timed_out`` says a question's default answer came as its time ran out
    (a coup-fourré let pass, a race finished), not by choice.
    """
    you = viewer is not None and seat == viewer
    words: dict[str, object] = {"you": "yes" if you else "no"}
    you_said = say(language, "narrate.you")
    words["who"] = (you_said if timed_out else you_said.capitalize()) if you else names[seat]
    card = action.card if action.card is not None else safety
    words["card"] = card_noun(card, language) if card is not None else ""
    target = action.target
    if target is not None:  # an attack
        key = "attack"
        if target == viewer_side:
            key = "attack_your_team" if teams else "attack_you"
        else:
            words["target"] = sides[target]
    elif action.verb == Verb.PLAY and card is not None:
        key = "play_distance" if card.is_distance else "play_remedy"
        if card.is_safety:
            key = "play_safety"
    else:  # discard, coup-fourre, decline, extend, finish
        key = f"{action.verb}_timed_out" if timed_out else action.verb
    return say(language, f"narrate.{key}", **words)
