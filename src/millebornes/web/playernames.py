"""Players' names, unique on the server as people read them: two names are the same when their
skeletons are (``skeleton``), and a name may not hold a word that speaks for the server ("bot",
"you": the page's own words in every language, and the bots' names).

The skeleton follows Unicode's (UTS #39) with a small map of look-alikes of its own instead of
the full confusables.txt (docs/security.md says so): the letters of other scripts that look like
Latin ones, and the digits that look like letters."""

from __future__ import annotations

import functools
import unicodedata

from ..bots import bot_names
from ..core.phrase import Phrase
from ..words import LANGUAGES, say, word
from .protocol import NAME_CHARS, ProtocolError, name_of

NAME_TAKEN = "name-taken"
NAME_RESERVED = "name-reserved"

# Look-alikes of Latin letters, read after NFKC and casefolding: Cyrillic and Greek letters
# drawn as Latin ones in common fonts (UTS #39's confusables.txt maps these the same way), and
# the digits and signs people put for letters.
LOOK_ALIKES = str.maketrans(
    "\u0430\u0432\u0441\u0501\u0435\u0451\u04bb\u0456\u0457\u0458\u043a\u043c"
    "\u043d\u043e\u0440\u051b\u0433\u0455\u0442\u0443\u0445\u051d\u044c\u0261"
    "\u03b1\u03b2\u03b5\u03b7\u03b9\u03ba\u03bc\u03bd\u03bf\u03c1\u03c4\u03c5"
    "\u03c7\u03c9\u03f2\u01310135|$@",
    "abcdeehiijkmhopqrstyxwbgabenikuvoptuxwcioleslsa",
)


def _mapped(name: str) -> str:
    """``name`` folded as the skeleton reads it, its marks and invisible characters gone."""
    folded = unicodedata.normalize("NFKC", name).casefold().translate(LOOK_ALIKES)
    kept = unicodedata.normalize("NFD", folded)
    return "".join(c for c in kept if unicodedata.category(c)[0] not in "MC")


def skeleton(name: str) -> str:
    """What people read in ``name``: case, accents, spaces, signs and look-alikes aside."""
    return "".join(c for c in _mapped(name) if c.isalnum())


def _words(name: str) -> set[str]:
    mapped = _mapped(name)
    return set("".join(c if c.isalnum() else " " for c in mapped).split())


@functools.cache
def reserved() -> frozenset[str]:
    """The words no player's name may hold, as the skeleton reads them."""
    said = {say(language, key) for language in LANGUAGES for key in ("web.bot", "web.you")}
    return frozenset(w for text in {*said, *bot_names()} for w in _words(text))


def seat_name(value: object, others: list[str], *, numbered: bool = False) -> str:
    """A name a person may take at a table: a player's name, and no one else's at the table
    (bots' included) however it is written; a ProtocolError otherwise. ``numbered``: a name
    taken is told apart by a number instead ("Ann 2": strangers of a quick game)."""
    name = player_name(value)
    taken = {skeleton(other) for other in others}
    if skeleton(name) not in taken:
        return name
    if not numbered:
        raise ProtocolError(word(Phrase("refusal.name_at_table"), "en"), NAME_TAKEN)
    for number in range(2, len(others) + 3):  # one of these is free
        suffix = f" {number}"
        told = name[: NAME_CHARS - len(suffix)] + suffix
        if skeleton(told) not in taken:
            return told
    raise AssertionError("a table has fewer people than numbers tried")


def player_name(value: object) -> str:
    """A name a player may take (a table's name, none of its words reserved); a
    ProtocolError in the catalog's words otherwise."""
    name = name_of(value)
    if _words(name) & reserved():
        raise ProtocolError(word(Phrase("refusal.name_reserved"), "en"), NAME_RESERVED)
    return name
