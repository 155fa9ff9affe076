"""Phrases in words: a :class:`~millebornes.core.phrase.Phrase` (a refusal, an error, a bot's
reason, a line of a review) worded in a language, its sides by the table's names for them.

Importing this module (which importing :mod:`millebornes.words` does) makes ``str()`` of every
phrase, and of every error that carries one, its English here.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.actions import Action, Verb
from ..core.cards import Card
from ..core.phrase import Listed, Phrase, Side, speak_english_with
from .catalog import say
from .names import TEAM, card_noun, seat_names


def word(phrase: Phrase, language: str = "en", sides: Sequence[str] | None = None) -> str:
    """``phrase`` in ``language``; ``sides`` are the sides' names as the table shows them (by
    default the seats' default names, see :func:`side_name`)."""
    values = {name: _worded(value, language, sides) for name, value in phrase.params.items()}
    return say(language, phrase.message, **values)


def _worded(value: object, language: str, sides: Sequence[str] | None) -> object:
    """A phrase's value as the catalog takes it: text, a number or a card's noun."""
    if isinstance(value, Phrase):
        return word(value, language, sides)
    if isinstance(value, Side):
        return side_name(value, language, sides)
    if isinstance(value, Card):
        return card_noun(value, language)
    if isinstance(value, Action):
        return word(option(value), language, sides)
    if isinstance(value, Listed):
        items = [str(_worded(item, language, sides)) for item in value.items]
        return listed(items, language, either=value.either)
    if isinstance(value, str | float) or (isinstance(value, int) and not isinstance(value, bool)):
        return value
    raise TypeError(f"a phrase cannot word {value!r}")


def side_name(side: Side, language: str, sides: Sequence[str] | None = None) -> str:
    """``side`` by the name the table shows (``sides``), or by its seats' default names
    ("North", "West & East"), or "side 2" (counted from 1) when its table is not known."""
    if sides is not None:
        return sides[side.number]
    if side.players:
        names = seat_names(language, side.players)
        return TEAM.join(names[seat] for seat in side.seats)
    return say(language, "side", number=side.number + 1)


def option(action: Action, side: Side | None = None) -> Phrase:
    """``action`` as an option weighed against another: "discarding 50 km" ("against 57% for
    discarding 50 km"); ``side`` is the attacked side, where the table is known."""
    card = action.card
    if card is None:  # coup-fourre, decline, extend, finish
        return Phrase(f"option.{action.verb}")
    if action.target is None:
        drive = action.verb == Verb.PLAY and card.is_distance
        return Phrase("option.drive" if drive else f"option.{action.verb}", {"card": card})
    attacked = Side(action.target) if side is None else side
    return Phrase("option.attack", {"card": card, "side": attacked})


def listed(items: Sequence[str], language: str, *, either: bool = False) -> str:
    """Items in a list: "a, b and c", or with ``either`` "a, b or c"."""
    if len(items) < 2:
        return "".join(items)
    key = "list.or" if either else "list.and"
    return say(language, key, items=", ".join(items[:-1]), last=items[-1])


speak_english_with(word)
