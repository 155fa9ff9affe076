"""The addresses and networks the operator banned (``millebornes admin ban``), as a server
checks them on every connection, join and new room: read from the store at most every
``BAN_SECONDS``, so that a ban stored by the command reaches every server of the database
within that long, for one small query a server every few seconds however busy it is. Players
have no identity yet: a ban is of an address (docs/deploy.md, Administration)."""

from __future__ import annotations

import logging
import time

from ..store import ServerStore
from .addresses import parsed
from .clock import Clock
from .executors import Executors
from .options import BAN_SECONDS, Network, networks
from .protocol import BANNED, ProtocolError

log = logging.getLogger(__name__)


class Bans:
    """The banned networks, as last read from ``store``."""

    def __init__(self, store: ServerStore, executors: Executors, clock: Clock = time) -> None:
        self.store, self.executors, self.clock = store, executors, clock
        self.networks: tuple[Network, ...] = ()
        self.read_at: float | None = None

    async def check(self, address: str) -> None:
        """Refuse (ProtocolError ``banned``) a client whose address is banned."""
        now = self.clock.monotonic()
        if self.read_at is None or now - self.read_at >= BAN_SECONDS:
            self.read_at = now
            try:
                self.networks = networks(await self.executors.store(self.store.bans))
            except self.store.database_errors as error:  # the last read holds meanwhile
                log.warning("could not read the bans: %s", type(error).__name__)
        found = parsed(address)
        if found is not None and any(found in network for network in self.networks):
            raise ProtocolError("this server does not take connections from your address", BANNED)
