"""Typed errors: both are ValueErrors whose message tells the user what was wrong."""


class IllegalActionError(ValueError):
    """An action that is not legal now; the message says why (e.g. "75 would take you past
    1000 km")."""


class PositionError(ValueError):
    """A position (or record) that cannot be read; the message names the problem."""
