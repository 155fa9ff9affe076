"""What a room keeps of its people besides the game: its table chat's rules and the creator's
choices (listed on the home page, names shown there, spectators quiet during a deal, who is
muted by whom, which spectators were removed, when bots take a quick game's free seats, which
seats were abandoned).

A mute belongs to players, not seats: a person with a player mutes as ``player:ID`` and mutes
another seat's player as ``player:ID`` (``talk.py`` says who is whose), so that it holds when
either takes another seat, joins again or plays the rematch. A person with no player (a script,
a room joined before players) mutes, and is muted, as their seat ``seat:N``, as rooms stored
before did.

A chat message or a reaction is words between people: it never carries a view or anything the
table knows, and a reaction is a key (``REACTIONS``) each page says in its own language.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

CHAT_CHARS = 200  # a message's length, once its runs of spaces and lines are one space
CHAT_KEPT = 50  # messages a room keeps in memory and sends a page when it connects
REACTIONS = ("well-played", "oops", "thanks", "hurry-up", "good-game")
WATCHER_CHARS = 8  # hex digits of a spectator's id


def seat_author(seat: int) -> str:
    return f"seat:{seat}"


def player_author(player: str) -> str:
    """How a mute names a player, muting or muted (never sent to a page)."""
    return f"player:{player}"


def watcher_id(code: str, who: str) -> str:
    """A spectator's id in room ``code``: the same for the same player (``who``: their id), or
    from the same address for a connection without one, so that muting or removing one holds
    when it reconnects and removing one player leaves the others of their address; it tells
    nothing of either."""
    digest = hashlib.sha256(f"{code}\n{who}".encode()).hexdigest()
    return digest[:WATCHER_CHARS]


def watcher_author(watcher: str) -> str:
    return f"watcher:{watcher}"


def is_author(value: str, seats: int) -> bool:
    """Whether ``value`` names an author of a room of ``seats`` seats."""
    kind, _, rest = value.partition(":")
    if kind == "seat":
        return rest.isdigit() and int(rest) < seats
    return (
        kind == "watcher"
        and len(rest) == WATCHER_CHARS
        and all(c in "0123456789abcdef" for c in rest)
    )


@dataclass
class Social:
    """The creator's choices for a room, kept in its stored ``meta`` (``social``). ``host`` is
    the SHA-256 hash of the creator's secret token (None: a room with no creator to act)."""

    host: str | None = None
    language: str = "en"  # the creator's, shown in the public list
    listed: bool = False
    show_names: bool = False  # the people's names in the public list
    quiet_spectators: bool = False  # spectators' messages are not sent to players in a deal
    # who mutes (player:ID, or seat:N for a person with no player) -> whom (player:ID, or an
    # author: seat:N, watcher:ID)
    muted: dict[str, set[str]] = field(default_factory=dict)
    removed: set[str] = field(default_factory=set)  # watcher ids
    time_control: str = "none"  # a key of turnclock.TIME_CONTROLS
    long_coup_fourre: bool = False  # a longer time to call a coup-fourré (turnclock.py)
    # A quick game's: its free seats go to bots of ``bot_level`` this long after it was opened
    # (None: they wait for people).
    bots_after: float | None = None
    bot_level: str = "medium"
    # The seats whose person left them to the stand-in for good (``turnclock.py``).
    abandoned: set[int] = field(default_factory=set)

    def to_meta(self) -> dict[str, Any]:
        return {
            "host": self.host,
            "language": self.language,
            "listed": self.listed,
            "show_names": self.show_names,
            "quiet_spectators": self.quiet_spectators,
            "muted": {muter: sorted(authors) for muter, authors in self.muted.items()},
            "removed": sorted(self.removed),
            "time_control": self.time_control,
            "long_coup_fourre": self.long_coup_fourre,
            "bots_after": self.bots_after,
            "bot_level": self.bot_level,
            "abandoned": sorted(self.abandoned),
        }

    @classmethod
    def from_meta(cls, data: dict[str, Any] | None) -> Social:
        data = data or {}
        return cls(
            host=data.get("host"),
            language=data.get("language", "en"),
            listed=bool(data.get("listed")),
            show_names=bool(data.get("show_names")),
            quiet_spectators=bool(data.get("quiet_spectators")),
            muted={_muter(key): set(authors) for key, authors in data.get("muted", {}).items()},
            removed=set(data.get("removed", ())),
            time_control=data.get("time_control", "none"),
            long_coup_fourre=bool(data.get("long_coup_fourre")),
            bots_after=data.get("bots_after"),
            bot_level=data.get("bot_level", "medium"),
            abandoned=set(data.get("abandoned", ())),
        )


def _muter(key: str) -> str:
    """Who mutes, as stored: a room stored before players kept its seat's number alone."""
    return seat_author(int(key)) if key.isdigit() else key
