"""The server's settings: the timings and bounds every room of a server shares, as
``millebornes serve`` takes them (docs/security.md says why each bound is what it is)."""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from dataclasses import dataclass

from ..table import Timing

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
# A ban stored by ``millebornes admin ban`` takes effect on a running server this long after, at
# most: each server reads the bans again once this old (web/bans.py), one small query each time.
BAN_SECONDS = 5.0


def networks(values: Iterable[str]) -> tuple[Network, ...]:
    """The networks written in ``values`` (addresses or networks, several to a value separated
    by commas or spaces, as a flag or an environment variable gives them); ValueError names
    the first that is neither."""
    found: list[Network] = []
    for value in values:
        for written in value.replace(",", " ").split():
            try:
                found.append(ipaddress.ip_network(written, strict=False))
            except ValueError:
                raise ValueError(written) from None
    return tuple(found)


@dataclass(frozen=True)
class RoomOptions:
    """Timings and bounds shared by every room of a server."""

    coup_fourre_seconds: float = 10.0
    extension_seconds: float = 30.0
    settle_seconds: float = 1.0  # how long the seat after an answerable attack is held
    away_seconds: float = 60.0
    bot_delay: float = 0.8
    # How long bots wait after a deal for every person at the table to close the score sheet.
    deal_pause: float = 30.0
    # How long a person who opens the review of the deal just ended may hold the next one: the
    # review takes seconds, reading its five costliest moments a minute or two.
    review_hold: float = 180.0
    max_rooms: int = 1000
    max_spectators: int = 50
    seed: int | None = None  # every room deals from this seed (tests, demos); None: secret
    # Per client address (docs/security.md): a token bucket each for creating rooms and for
    # connecting (joins and WebSockets), and the open rooms it may hold.
    rooms_per_minute: float = 10.0
    rooms_burst: int = 10
    connects_per_minute: float = 120.0
    connects_burst: int = 30
    rooms_per_address: int = 20
    # The public list of tables, a bucket per address: a home page polls it every 10 s.
    tables_per_minute: float = 30.0
    tables_burst: int = 10
    # Per connection: its messages, a token bucket (a person sends a few a second at most).
    messages_per_second: float = 20.0
    message_burst: int = 40
    # Per author in a room's chat (a seat, or a spectator's address), token buckets: a person
    # chatting writes a line every few seconds; five at once then one every two seconds is well
    # above that. Reactions likewise, a player's.
    chat_per_second: float = 0.5
    chat_burst: int = 5
    reactions_per_second: float = 1 / 3
    reaction_burst: int = 3
    listing_seconds: float = 1.0  # the public list is read from the store at most once in this
    # Reverse proxies (web/addresses.py): the connection's peer is one (``--behind-proxy``),
    # and these networks are (``--trusted-proxy``); the client's address is then the first
    # entry of X-Forwarded-For from the right that is not a trusted proxy.
    behind_proxy: bool = False
    trusted_proxies: tuple[Network, ...] = ()
    idle_hours: float = 24.0  # a room nobody has been connected to this long is closed
    # A game over (finished, or closed idle) that nobody played or reviewed this long is
    # deleted (ServerStore.purge); 0 keeps every game. A year: a player's season of games.
    keep_finished_days: float = 365.0
    # A connection is dropped when one message takes longer than this to send (it stopped
    # reading), or when it answers no WebSocket ping for this long after one was sent.
    send_seconds: float = 5.0
    ping_seconds: float = 5.0
    # The heartbeat the page sees (docs/web.md): a ``ping`` message to every connection this
    # often, which the page answers; a connection silent this long (a stalled network that
    # closes nothing) counts as gone, so its seats are left and a stand-in may play for them.
    heartbeat_seconds: float = 5.0
    silent_seconds: float = 20.0
    # A room is played by the server holding its lease in the store, renewed every quarter of
    # this; when a server dies, another takes its rooms this long after its last renewal.
    lease_seconds: float = 10.0
    search_processes: int | None = None  # processes for hard bots' searches (None: a core each)

    @property
    def idle_seconds(self) -> float:
        return self.idle_hours * 3600

    @property
    def keep_finished_seconds(self) -> float:
        return self.keep_finished_days * 86400

    def timing(self) -> Timing:
        return Timing(
            coup_fourre_seconds=self.coup_fourre_seconds,
            extension_seconds=self.extension_seconds,
            settle_seconds=self.settle_seconds,
            deal_pause=self.deal_pause,
        )
