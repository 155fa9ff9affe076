"""The project's own errors: what it raises for what it was asked, never for a bug of its own.

Each is a ValueError whose message says what was wrong and what is accepted. The command line
reports these (and only these) in one line with exit status 2; anything else surfaces as the bug
it is.
"""


class MillebornesError(ValueError):
    """Bad input to the project: the base of every error below."""


class InvalidActionError(MillebornesError):
    """Action notation that cannot be read (``"fly"``, ``"play"``, ``"attack 75 1"``), or an
    action built by hand with a malformed shape."""


class IllegalActionError(MillebornesError):
    """A well-formed action that is not legal now; the message says why (e.g. "75 would take you
    past 1000 km")."""


class PositionError(MillebornesError):
    """A position (or record) that cannot be read; the message names the problem and where."""


class SettingsError(MillebornesError):
    """Settings no table, match, bot or tournament can take: an unknown preset or bot, a player
    count or race the preset does not offer, a count below its minimum."""
