"""The project's own errors: what it raises for what it was asked, never for a bug of its own.

Each is a ValueError that carries what was wrong as a :class:`~millebornes.core.phrase.Phrase`
(``error.reason``), which ``millebornes.words`` words in the player's language; ``str()`` is its
English, for developers and logs. The command line reports these (and only these) in one line
with exit status 2; anything else surfaces as the bug it is.
"""

from __future__ import annotations

from .phrase import Phrase


class MillebornesError(ValueError):
    """Bad input to the project: the base of every error below. ``reason`` says what was wrong
    and what is accepted."""

    def __init__(self, reason: Phrase) -> None:
        super().__init__(reason)
        self.reason = reason

    @property
    def phrase(self) -> Phrase:
        """The whole message, as the command line says it."""
        return self.reason

    def __str__(self) -> str:
        return str(self.phrase)


class InvalidActionError(MillebornesError):
    """Action notation that cannot be read (``"fly"``, ``"play"``, ``"attack 75 1"``), or an
    action built by hand with a malformed shape."""


class IllegalActionError(MillebornesError):
    """A well-formed action (``action``, in notation) that is not legal now; ``reason`` says why
    (e.g. "75 km would take you past 1,000 km")."""

    def __init__(self, action: str, reason: Phrase) -> None:
        ValueError.__init__(self, action, reason)
        self.action = action
        self.reason = reason

    @property
    def phrase(self) -> Phrase:
        return Phrase("refusal.action", {"action": self.action, "reason": self.reason})


class PositionError(MillebornesError):
    """A position (or record) that cannot be read; the reason names the problem and where."""


class SettingsError(MillebornesError):
    """Settings no table, match, bot or tournament can take: an unknown preset or bot, a player
    count or race the preset does not offer, a count below its minimum."""


class RequestError(MillebornesError):
    """Something asked that the state of things cannot give: a deal scored before it ends, a
    seat the table does not have, hands that do not fit a deal, a bot asked to choose while its
    seat has nothing to decide, a review of a deal not over."""
