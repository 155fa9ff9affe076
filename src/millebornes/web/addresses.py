"""The client's address behind a chain of reverse proxies (docs/deploy.md): every proxy appends
the address it was reached from to ``X-Forwarded-For``, and a client may write anything before
those. So the address is read from the right: the first entry that is not one of the trusted
proxies is the client's; everything to its left is what that client claimed, never believed.
Every per-address limit, a spectator's id and the access log take the address from here."""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass

from starlette.datastructures import Headers
from starlette.types import Scope

from .options import Network

Address = ipaddress.IPv4Address | ipaddress.IPv6Address
MAX_ENTRY_CHARS = 64  # an address not parsed is kept to this length (a key of the limits)
# The network of IPv6 addresses that counts as one client for the limits: a provider gives a
# home, an office or a phone a /64 at least (RFC 6177), whose 2**64 addresses its one client
# may take in turn; a ban still names what the operator chose.
SUBSCRIBER_PREFIX = 64


def parsed(entry: str) -> Address | None:
    """The address of one ``X-Forwarded-For`` entry (a plain address, ``[v6]`` or ``[v6]:port``
    or ``v4:port`` as some proxies write it), an IPv4 address mapped in IPv6 as IPv4; None
    when it is no address."""
    text = entry.strip()
    if text.startswith("["):
        text = text[1:].partition("]")[0]
    elif text.count(":") == 1:
        text = text.partition(":")[0]
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def limited_as(address: str) -> str:
    """What the per-address limits count ``address`` under: an IPv6 address's /64 network, so
    that walking through its own network gives a client no more allowance; any other as it is."""
    found = parsed(address)
    if isinstance(found, ipaddress.IPv6Address):
        return str(ipaddress.IPv6Network((found, SUBSCRIBER_PREFIX), strict=False))
    return address


@dataclass(frozen=True)
class ClientAddresses:
    """Reads a connection's client address. ``trusted`` are the proxies' networks; with
    ``peer_is_proxy`` (``--behind-proxy``) the connection's own peer is a proxy whatever its
    address (Caddy in a container, whose address is not known beforehand). With neither, the
    address is the connection's peer and ``X-Forwarded-For`` is never read."""

    trusted: tuple[Network, ...] = ()
    peer_is_proxy: bool = False

    def trusts(self, address: Address | None) -> bool:
        return address is not None and any(address in network for network in self.trusted)

    def __call__(self, scope: Scope) -> str:
        client = scope.get("client")
        peer = str(client[0]) if client else "unknown"
        if not (self.peer_is_proxy or self.trusts(parsed(peer))):
            return peer
        chain = [
            entry
            for header in Headers(scope=scope).getlist("x-forwarded-for")
            for entry in header.split(",")
        ]
        for entry in reversed(chain):
            address = parsed(entry)
            if not self.trusts(address):
                return str(address) if address else entry.strip()[:MAX_ENTRY_CHARS] or "unknown"
        first = parsed(chain[0]) if chain else None
        return str(first) if first else peer
