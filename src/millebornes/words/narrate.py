"""Actions told in plain words for game logs ("North attacks you with a Flat Tire"), in English
or French: the phrases are the catalog's ``narrate`` group (``millebornes.words``)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from ..core.actions import Action, Verb
from ..core.cards import Card
from .catalog import say
from .names import card_noun

# Stand-ins for the names while a line's phrase is formatted (see _template): private-use
# characters, which neither catalog writes.
WHO_MARK = "\ue000"
TARGET_MARK = "\ue001"


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
    language: str = "en",
) -> str:
    """One log line for ``seat`` taking ``action``.

    ``names`` are the seats' names, ``sides`` the sides' names (for the attacked side),
    ``viewer`` the seat reading the log (it becomes "you"), ``viewer_side`` its side (attacks on
    it read "attacks you", or "your team" when ``teams``), and ``safety`` the card a coup-fourré
    was called with.
    """
    you = viewer is not None and seat == viewer
    card = action.card if action.card is not None else safety
    target = action.target
    if target is not None:  # an attack
        key = "attack"
        if target == viewer_side:
            key = "attack_your_team" if teams else "attack_you"
    elif action.verb == Verb.PLAY and card is not None:
        key = "play_distance" if card.is_distance else "play_remedy"
        if card.is_safety:
            key = "play_safety"
    else:  # discard, coup-fourre, decline, extend, finish
        key = action.verb
    template = _template(language, key, you, card)
    named = "" if key != "attack" or target is None else sides[target]
    return template.format(who=names[seat], target=named)


@cache
def _template(language: str, key: str, you: bool, card: Card | None) -> str:
    """The line of a move but its names, as a ``str.format`` template (``{who}``, ``{target}``):
    formatting a phrase was the server's largest cost an action, and a line's words depend on
    nothing else, so each is formatted once a process, whatever table it is told at."""
    words: dict[str, object] = {"you": "yes" if you else "no"}
    words["who"] = say(language, "narrate.you").capitalize() if you else WHO_MARK
    words["card"] = card_noun(card, language) if card is not None else ""
    if key == "attack":
        words["target"] = TARGET_MARK
    text = say(language, f"narrate.{key}", **words)
    escaped = text.replace("{", "{{").replace("}", "}}")
    return escaped.replace(WHO_MARK, "{who}").replace(TARGET_MARK, "{target}")
