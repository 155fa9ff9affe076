"""What a server keeps beside the game records: the leases that let several servers share one
database (each room played by one of them), the tables' chat, the public list of tables, the
turn to seat a quick game, the read-only links to reviews (docs/scaling.md) and the players
(``players.py``) and their passkeys (``passkeys.py``)."""

from __future__ import annotations

import json
import sqlite3
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .passkeys import PasskeyStore
from .ratings import RatingStore
from .records import StoreError, StoreUnavailable

LEASE_SECONDS = 10.0


@dataclass(frozen=True)
class GameState:
    """A stored game as an operator sees it: who holds its lease (None: no server plays it)
    and until when, on the database's clock, and whether it is in the public list."""

    id: str
    settings: dict[str, Any]
    meta: dict[str, Any]
    finished: bool
    archived: bool
    updated: float
    holder: str | None
    held_until: float | None
    listed: bool


class LeaseLost(StoreError):
    """A write to a game whose lease this store no longer holds: another server took the room
    (this one stalled past the lease), and only that one may change it now."""


class ServerStore(RatingStore, PasskeyStore):
    """The game records and the server's state, in a SQLite file (PostgresStore: the same on
    PostgreSQL).

    With an ``owner`` (a name unique to the server process), the store keeps leases: a server
    plays a room only while it holds the room's lease in the database (:meth:`take`, renewed
    by :meth:`renew` well within ``lease_seconds``), and every change of a game is refused
    (:class:`LeaseLost`) in the very transaction that would make it, unless this owner still
    holds its lease. So a server that stalled past its lease and comes back cannot change a
    room another server took meanwhile. Without an owner (tools) nothing is leased.
    """

    retried_errors: tuple[type[Exception], ...] = (sqlite3.OperationalError, StoreUnavailable)
    lock_lease = ""  # SQLite's one writer serialises everything already

    def __init__(
        self, path: str | Path, *, owner: str | None = None, lease_seconds: float = LEASE_SECONDS
    ) -> None:
        self.owner = owner
        self.lease_seconds = lease_seconds
        self._epochs: dict[str, int] = {}  # the leases this store holds: game id -> epoch
        super().__init__(path)

    # ----------------------------------------------------------------- chat and listings

    def add_chat(self, game_id: str, message: dict[str, Any]) -> int:
        """Keep one more message of a game's table chat (a JSON object of the interface's);
        its number. Refused (LeaseLost) unless this owner holds the game's lease."""
        with self._lock, self._transaction():
            self._check_guard(game_id)
            (number,) = self._execute(
                "INSERT INTO chat (game_id, number, message)"
                " SELECT ?, COALESCE(MAX(number), -1) + 1, ? FROM chat WHERE game_id = ?"
                " RETURNING number",
                (game_id, json.dumps(message), game_id),
            ).fetchone()
        return int(number)

    def chat(self, game_id: str, last: int) -> list[dict[str, Any]]:
        """The ``last`` messages of a game's chat, oldest first."""
        with self._lock:
            rows = self._execute(
                "SELECT message FROM chat WHERE game_id = ? ORDER BY number DESC LIMIT ?",
                (game_id, last),
            ).fetchall()
        return [json.loads(message) for (message,) in reversed(rows)]

    def list_game(self, game_id: str, summary: dict[str, Any] | None) -> None:
        """Show a game in the public list with ``summary`` (what anyone may read of it), or
        take it off (None)."""
        with self._lock, self._transaction():
            self._check_guard(game_id)
            if summary is None:
                self._execute("DELETE FROM listings WHERE game_id = ?", (game_id,))
            else:
                self._execute(
                    "INSERT INTO listings (game_id, summary) VALUES (?, ?)"
                    " ON CONFLICT (game_id) DO UPDATE SET summary = excluded.summary",
                    (game_id, json.dumps(summary)),
                )

    def listed(self) -> list[tuple[str, dict[str, Any]]]:
        """The games in the public list that are neither finished nor archived, with their
        summaries, the longest waiting first."""
        with self._lock:
            rows = self._execute(
                "SELECT l.game_id, l.summary FROM listings l JOIN games g ON g.id = l.game_id"
                " WHERE g.finished = 0 AND g.archived = 0 ORDER BY g.created"
            ).fetchall()
        return [(str(game_id), json.loads(summary)) for game_id, summary in rows]

    def take_matchmaking(self, holder: str, seconds: float) -> bool:
        """Take the turn to seat a quick game, shared by every server of the store, for
        ``seconds`` at most, unless another ``holder`` has it: whether this one did."""
        with self._lock, self._transaction():
            row = self._execute(
                f"INSERT INTO matchmaking (turn, holder, expires) VALUES (1, ?, {self.now} + ?)"
                " ON CONFLICT (turn) DO UPDATE SET holder = excluded.holder,"
                f" expires = excluded.expires WHERE matchmaking.expires <= {self.now}"
                " RETURNING holder",
                (holder, seconds),
            ).fetchone()
        return row is not None

    def give_matchmaking(self, holder: str) -> None:
        """Give the turn to seat a quick game up (``take_matchmaking``)."""
        with self._lock:
            self._execute("UPDATE matchmaking SET expires = 0 WHERE holder = ?", (holder,))

    # ----------------------------------------------------------------- operators

    def overview(self, *, every: bool = False) -> tuple[float, list[GameState]]:
        """The database's clock and the stored games as an operator sees them (``millebornes
        admin rooms``), the most recently played first: those in progress, or ``every`` one."""
        where = "" if every else " WHERE g.finished = 0 AND g.archived = 0"
        with self._lock:
            (now,) = self._execute(f"SELECT {self.now}").fetchone()
            rows = self._execute(
                "SELECT g.id, g.settings, g.meta, g.finished, g.archived, g.updated,"
                " l.owner, l.expires, li.game_id FROM games g"
                " LEFT JOIN leases l ON l.game_id = g.id"
                f" LEFT JOIN listings li ON li.game_id = g.id{where} ORDER BY g.updated DESC"
            ).fetchall()
        states = [
            GameState(
                id=str(row[0]),
                settings=json.loads(row[1]),
                meta=json.loads(row[2]),
                finished=bool(row[3]),
                archived=bool(row[4]),
                updated=float(row[5]),
                holder=None if row[7] is None or row[7] <= now else str(row[6]),
                held_until=None if row[7] is None or row[7] <= now else float(row[7]),
                listed=row[8] is not None,
            )
            for row in rows
        ]
        return float(now), states

    def ban(self, network: str) -> bool:
        """Ban an address or network (written as ``ipaddress`` writes it): whether it is new."""
        with self._lock, self._transaction():
            row = self._execute(
                "INSERT INTO bans (network, created) VALUES (?, ?)"
                " ON CONFLICT (network) DO NOTHING RETURNING network",
                (network, time.time()),
            ).fetchone()
        return row is not None

    def unban(self, network: str) -> bool:
        """Lift a ban: whether there was one."""
        with self._lock, self._transaction():
            deleted = self._execute("DELETE FROM bans WHERE network = ?", (network,))
        return int(deleted.rowcount) > 0

    def bans(self) -> list[str]:
        """The banned addresses and networks, the oldest first."""
        with self._lock:
            rows = self._execute("SELECT network FROM bans ORDER BY created").fetchall()
        return [str(network) for (network,) in rows]

    # ----------------------------------------------------------------- review links

    def share_review(self, game_id: str, deal: int, seat: int) -> str:
        """The token of the read-only link to a seat's review of a deal (made once, then the
        same), whether the review is computed yet or not. Only the first asking writes: a
        player's history asks for every finished game it lists."""
        find = "SELECT token FROM review_links WHERE game_id = ? AND deal = ? AND seat = ?"
        with self._lock:
            found = self._execute(find, (game_id, deal, seat)).fetchone()
            if found is not None:
                return str(found[0])
            with self._transaction():
                self._execute(
                    "INSERT INTO review_links (token, game_id, deal, seat) VALUES (?, ?, ?, ?)"
                    " ON CONFLICT (game_id, deal, seat) DO NOTHING",
                    (uuid.uuid4().hex, game_id, deal, seat),
                )
                (token,) = self._execute(find, (game_id, deal, seat)).fetchone()
        return str(token)

    def shared_review(self, token: str) -> tuple[str, int, int] | None:
        """The game, deal and seat of a review's link, None for an unknown token."""
        with self._lock:
            row = self._execute(
                "SELECT game_id, deal, seat FROM review_links WHERE token = ?", (token,)
            ).fetchone()
        return None if row is None else (str(row[0]), int(row[1]), int(row[2]))

    # ----------------------------------------------------------------- retention

    def purge(self, before: float) -> int:
        """Delete the games that are over (finished, or closed for good) and that nobody has
        kept since ``before`` (seconds since the epoch): no move and no review asked since, and
        no server playing them still. Their actions, reviews, chat and links go with them; a
        game in progress is never deleted. How many were deleted."""
        with self._lock, self._transaction():
            deleted = self._execute(
                "DELETE FROM games WHERE (finished = 1 OR archived = 1) AND updated <= ?"
                " AND NOT EXISTS (SELECT 1 FROM reviews r WHERE r.game_id = games.id"
                " AND r.created > ?)"
                " AND NOT EXISTS (SELECT 1 FROM leases l WHERE l.game_id = games.id"
                f" AND l.expires > {self.now})",
                (before, before),
            )
        return int(deleted.rowcount)

    # ----------------------------------------------------------------- leases

    def take(self, game_id: str) -> bool:
        """Take the lease of a stored game for this store's owner, if nobody else holds it
        (it is free, expired, or already this owner's: then it is renewed). A lease taken anew
        gets a new epoch, even from a past process of the same name (see :meth:`reclaim`), so
        no earlier holder can write with it again. A KeyError for an unknown game."""
        assert self.owner is not None, "a store without an owner takes no lease"
        with self._lock, self._transaction():
            row = self._execute(
                "INSERT INTO leases (game_id, owner, epoch, expires)"
                f" SELECT ?, ?, 1, {self.now} + ? WHERE EXISTS (SELECT 1 FROM games WHERE id = ?)"
                " ON CONFLICT (game_id) DO UPDATE SET"
                " epoch = leases.epoch + CASE WHEN leases.owner = excluded.owner"
                f" AND leases.expires > {self.now} THEN 0 ELSE 1 END,"
                " owner = excluded.owner, expires = excluded.expires, wanted_by = NULL"
                f" WHERE leases.owner = excluded.owner OR leases.expires <= {self.now}"
                " RETURNING epoch",
                (game_id, self.owner, self.lease_seconds, game_id),
            ).fetchone()
            if row is None:
                exists = self._execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone()
                if exists is None:
                    raise KeyError(f"no stored game {game_id!r}")
                return False
            self._epochs[game_id] = int(row[0])
            return True

    def reclaim(self) -> None:
        """Let go at once of the leases a past process of this owner's name held: a name
        given to a process (``--worker-name``) is one running process's, so that one died,
        and whichever server its rooms' players reach takes them without waiting out the
        leases. Called once, before this store takes any (a random name has none)."""
        assert self.owner is not None, "a store without an owner has no leases"
        assert not self._epochs, "before any lease is taken"
        with self._lock, self._transaction():
            self._execute("UPDATE leases SET expires = 0 WHERE owner = ?", (self.owner,))

    def want(self, game_id: str) -> None:
        """Ask the owner of a game's lease to hand it over (it does at its next renewal)."""
        with self._lock:
            self._execute(
                "UPDATE leases SET wanted_by = ? WHERE game_id = ? AND owner <> ?",
                (self.owner, game_id, self.owner),
            )

    def held_elsewhere(self, game_id: str) -> bool:
        """Whether another server holds a game's lease and renewed it within the last half
        lease (two renewals): it is alive and plays the room, so the room stays there. One
        that died stops renewing, and within half a lease this says no, so that its rooms
        are taken (``web/rooms.py``)."""
        with self._lock:
            row = self._execute(
                "SELECT 1 FROM leases WHERE game_id = ? AND owner <> ?"
                f" AND expires > {self.now} + ?",
                (game_id, self.owner, self.lease_seconds / 2),
            ).fetchone()
        return row is not None

    def renew(self) -> set[str]:
        """Renew every lease this store holds: the games whose lease it lost (another server
        took it while this one stalled, or while the database could not be written)."""
        with self._lock:
            with self._transaction():
                rows = self._execute(
                    f"UPDATE leases SET expires = {self.now} + ? WHERE owner = ?"
                    f" AND expires > {self.now} RETURNING game_id, epoch",
                    (self.lease_seconds, self.owner),
                ).fetchall()
                renewed = {g for g, epoch in rows if self._epochs.get(g) == epoch}
                renewed |= {g for g in set(self._epochs) - renewed if self._keep_expired(g)}
            lost = set(self._epochs) - renewed
            for game_id in lost:
                del self._epochs[game_id]
        return lost

    def wanted(self) -> set[str]:
        """The games whose lease this store holds and another server asks for."""
        with self._lock:
            rows = self._execute(
                "SELECT game_id FROM leases WHERE owner = ? AND wanted_by IS NOT NULL",
                (self.owner,),
            ).fetchall()
            return {game_id for (game_id,) in rows if game_id in self._epochs}

    def _keep_expired(self, game_id: str) -> bool:
        """Renew a lease of this store's that ran out (the database could not be written for
        longer than the lease) if nobody took it meanwhile: its owner and epoch are still this
        store's, as :meth:`take` would keep them, so no other server changed the game.
        Called where a write finds it ran out too, before the next renewal."""
        row = self._execute(
            f"UPDATE leases SET expires = {self.now} + ?"
            " WHERE game_id = ? AND owner = ? AND epoch = ? RETURNING game_id",
            (self.lease_seconds, game_id, self.owner, self._epochs.get(game_id, 0)),
        ).fetchone()
        return row is not None

    def release(self, game_id: str) -> None:
        """Give a game's lease up: another server may take it at once."""
        with self._lock:
            epoch = self._epochs.pop(game_id, None)
            if epoch is None:
                return
            self._execute(
                "UPDATE leases SET expires = 0 WHERE game_id = ? AND owner = ? AND epoch = ?",
                (game_id, self.owner, epoch),
            )

    def holds(self, game_id: str) -> bool:
        """Whether this store took the game's lease and has not lost or released it since."""
        return game_id in self._epochs

    def _created(self, game_id: str) -> None:
        """A new game's lease is its creator's."""
        if self.owner is not None:
            self._execute(
                "INSERT INTO leases (game_id, owner, epoch, expires) "
                f"VALUES (?, ?, 1, {self.now} + ?)",
                (game_id, self.owner, self.lease_seconds),
            )
            self._epochs[game_id] = 1

    def _guard(self, game_id: str) -> tuple[str, tuple[Any, ...]]:
        """Whether this owner holds a game's lease (none: every write is made)."""
        if self.owner is None:
            return super()._guard(game_id)
        return (
            "EXISTS (SELECT 1 FROM leases WHERE game_id = ? AND owner = ? AND epoch = ?"
            f" AND expires > {self.now}{self.lock_lease})",
            (game_id, self.owner, self._epochs.get(game_id, 0)),
        )

    def _check_guard(self, game_id: str) -> None:
        if self.owner is None:
            return
        guard, guarded = self._guard(game_id)
        held = self._execute(f"SELECT {guard}", guarded).fetchone()[0]
        if not held and not self._keep_expired(game_id):
            raise self._refused(game_id)

    def _refused(self, game_id: str) -> StoreError:
        self._epochs.pop(game_id, None)
        return LeaseLost(f"this server no longer holds the lease of game {game_id!r}")
