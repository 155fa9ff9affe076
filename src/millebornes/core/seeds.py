"""Seeds derived from other seeds: one rule for the whole program, so that a game, a record, a
tournament or a review replays from the seed it was started with.

A derived seed is the first ``size`` bytes (big-endian) of the SHA-256 of its parts written in
decimal or as text and joined by ":". Every place that derives one names its parts and its size
here, and stored records rely on the values: they must never change.

>>> derive(7, 1, size=4)  # the second deal of a match seeded 7 (``match.deal_seed``)
3617640167
"""

from __future__ import annotations

import hashlib


def derive(*parts: int | str, size: int) -> int:
    """A seed of ``size`` bytes from ``parts`` (a seed first, then whatever tells its uses
    apart: a deal's number, a seat, a purpose)."""
    text = ":".join(str(part) for part in parts)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:size], "big")
