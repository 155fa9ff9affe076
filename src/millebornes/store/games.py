"""Games kept in a SQL database, action by action, so that no crash, disconnect or restart loses
one; and the leases that let several servers share the database, each room played by one.

A game is its settings (enough to start the same ``Match``: rules, players, race, target, seed)
plus the actions taken, in notation. Each action is committed before the caller shows or
broadcasts its effect; replaying the actions rebuilds the game exactly. Interfaces keep what
they need besides (seat names, bot levels, room codes) in the game's ``meta``, the browser
game's table chat with it (``add_chat``) and the summary of a table listed on its home page
(``list_game``).

:class:`GameStore` keeps them in a SQLite file (the default: nothing to install);
:class:`~millebornes.store.postgres.PostgresStore` runs the same queries on PostgreSQL, for
servers on several processes or machines (docs/scaling.md).
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
import uuid
from collections.abc import Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import platformdirs

from ..core.errors import SettingsError
from ..core.match import Match
from ..core.phrase import Phrase

# One schema for both databases: SQLite takes PostgreSQL's type names.
SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    settings TEXT NOT NULL,
    meta TEXT NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0,
    archived INTEGER NOT NULL DEFAULT 0,
    created DOUBLE PRECISION NOT NULL,
    updated DOUBLE PRECISION NOT NULL
);
CREATE TABLE IF NOT EXISTS actions (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (game_id, number)
);
CREATE TABLE IF NOT EXISTS reviews (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    deal INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    review TEXT NOT NULL,
    created DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, deal, seat)
);
CREATE TABLE IF NOT EXISTS review_links (
    token TEXT PRIMARY KEY,
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    deal INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    UNIQUE (game_id, deal, seat)
);
CREATE TABLE IF NOT EXISTS leases (
    game_id TEXT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    owner TEXT NOT NULL,
    epoch INTEGER NOT NULL,
    expires DOUBLE PRECISION NOT NULL,
    wanted_by TEXT
);
CREATE INDEX IF NOT EXISTS leases_owner ON leases (owner);
CREATE TABLE IF NOT EXISTS chat (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    message TEXT NOT NULL,
    PRIMARY KEY (game_id, number)
);
CREATE TABLE IF NOT EXISTS listings (
    game_id TEXT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    summary TEXT NOT NULL
);
"""
SETTING_KEYS = ("rules", "players", "race", "target", "seed")
LEASE_SECONDS = 10.0


def default_path(filename: str = "games.sqlite") -> Path:
    """A file in the user's data folder (``$XDG_DATA_HOME/millebornes`` on Linux)."""
    return platformdirs.user_data_path("millebornes") / filename


@dataclass(frozen=True)
class StoredGame:
    id: str
    settings: dict[str, Any]
    meta: dict[str, Any]
    actions: list[str]
    finished: bool
    created: float
    updated: float
    archived: bool = False  # closed for good: kept as a record, never resumed

    def replay(self) -> Match:
        """The match exactly as it stood after the last stored action."""
        match = new_match(self.settings)
        for action in self.actions:
            match.apply(action)
        return match


def new_match(settings: dict[str, Any]) -> Match:
    """A match from stored settings (unknown keys are refused, so typos do not pass silently)."""
    unknown = set(settings) - set(SETTING_KEYS)
    if unknown:
        raise SettingsError(
            Phrase("settings.unknown_settings", {"names": ", ".join(sorted(unknown))})
        )
    return Match(
        settings.get("rules", "dujardin"),
        settings.get("players", 2),
        settings.get("seed", 0),
        race=settings.get("race"),
        target=settings.get("target"),
    )


class StoreError(Exception):
    """The database refused a write (an action of an unknown game, a broken connection)."""


class StoreUnavailable(StoreError):
    """The database cannot be opened: ``where`` it was looked for (no password in it) and the
    ``detail`` its driver gave, for the command line to word."""

    def __init__(self, where: str, detail: str) -> None:
        super().__init__(f"cannot open the game database {where}: {detail}")
        self.where = where
        self.detail = detail


class LeaseLost(StoreError):
    """A write to a game whose lease this store no longer holds: another server took the room
    (this one stalled past the lease), and only that one may change it now."""


@dataclass
class _Append:
    """An action waiting to be committed; ``future`` tells its caller what the commit did."""

    game_id: str
    action: str
    finished: bool
    future: Future[int]


class GameStore:
    """Games in a SQLite file; safe to share between threads of one process.

    With an ``owner`` (a name unique to the server process), the store also keeps leases: a
    server plays a room only while it holds the room's lease in the database (:meth:`take`,
    renewed by :meth:`renew` well within ``lease_seconds``), and every change of a game is
    refused (:class:`LeaseLost`) in the very transaction that would make it, unless this owner
    still holds its lease. So a server that stalled past its lease and comes back cannot
    change a room another server took meanwhile. Without an owner (the terminal game, tools)
    nothing is leased.
    """

    # What the two databases spell differently (PostgresStore says it its way).
    begin = "BEGIN IMMEDIATE"  # a write transaction, taking the writer's lock at once
    now = "((julianday('now') - 2440587.5) * 86400.0)"  # the database's clock, in seconds
    lock_lease = ""  # SQLite's one writer serialises everything already
    _db: Any  # the connection: sqlite3's here, psycopg's on PostgreSQL

    def __init__(
        self,
        path: str | Path,
        *,
        owner: str | None = None,
        lease_seconds: float = LEASE_SECONDS,
    ) -> None:
        self.path = path
        self.owner = owner
        self.lease_seconds = lease_seconds
        self._lock = threading.Lock()  # one thread at a time uses the connection
        self._queue_lock = threading.Lock()
        self._queue: list[_Append] = []  # actions waiting for the next commit (see append)
        self._flushing = False  # the writer thread will commit the queue (see queue)
        self._epochs: dict[str, int] = {}  # the leases this store holds: game id -> epoch
        self._writer = ThreadPoolExecutor(1, thread_name_prefix="store-writer")
        self._open()

    # ----------------------------------------------------------------- the connection

    def _open(self) -> None:
        path = Path(self.path)
        if str(self.path) != ":memory:":
            path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(str(self.path), check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(games)")}
        if "archived" not in columns:  # a file from before archiving
            self._db.execute("ALTER TABLE games ADD COLUMN archived INTEGER NOT NULL DEFAULT 0")

    def _execute(self, query: str, parameters: Sequence[Any] = ()) -> Any:
        """Run ``query`` (its parameters written ``?``) on the connection: a cursor."""
        return self._db.execute(query, parameters)

    def _executemany(self, query: str, rows: Sequence[Sequence[Any]]) -> None:
        self._db.executemany(query, rows)

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        self._execute(self.begin)
        try:
            yield
        except BaseException:
            self._execute("ROLLBACK")
            raise
        self._execute("COMMIT")

    def close(self) -> None:
        self._writer.shutdown(wait=True)
        with self._lock:
            self._db.close()

    def ping(self) -> None:
        """Raise unless the database answers."""
        with self._lock:
            self._execute("SELECT 1").fetchone()

    # ----------------------------------------------------------------- games

    def create(
        self,
        settings: dict[str, Any],
        meta: dict[str, Any] | None = None,
        game_id: str | None = None,
    ) -> str:
        """Store a new game (its settings checked by starting it) and return its id; with an
        owner, its lease is this store's."""
        new_match(settings)
        game_id = game_id or uuid.uuid4().hex
        now = time.time()
        with self._lock, self._transaction():
            self._execute(
                "INSERT INTO games (id, settings, meta, created, updated) VALUES (?, ?, ?, ?, ?)",
                (game_id, json.dumps(settings), json.dumps(meta or {}), now, now),
            )
            if self.owner is not None:
                self._execute(
                    "INSERT INTO leases (game_id, owner, epoch, expires) "
                    f"VALUES (?, ?, 1, {self.now} + ?)",
                    (game_id, self.owner, self.lease_seconds),
                )
                self._epochs[game_id] = 1
        return game_id

    def queue(self, game_id: str, action: str, *, finished: bool = False) -> Future[int]:
        """Hand one more action of a game (and whether it ended the game) to the store's writer
        thread: the future says its number once it is committed, or the error that stopped the
        commit. Nobody may be told of the action before (``table.Commit`` waits for it).

        Actions queued while the writer commits go together into its next transaction, so one
        disk flush serves every room whose actions arrived meanwhile."""
        pending = _Append(game_id, action, finished, Future())
        with self._queue_lock:
            self._queue.append(pending)
            flush = not self._flushing
            self._flushing = True
        if flush:
            self._writer.submit(self._commit_queued)
        return pending.future

    def append(self, game_id: str, action: str, *, finished: bool = False) -> int:
        """Commit one more action of a game and wait for it: its number."""
        return self.queue(game_id, action, finished=finished).result()

    def _commit_queued(self) -> None:
        """Commit every action queued (in the writer thread)."""
        with self._lock:
            with self._queue_lock:
                batch, self._queue = self._queue, []
                self._flushing = False
            if batch:
                self._commit(batch)

    def _commit(self, batch: list[_Append]) -> None:
        """Write ``batch`` in one transaction (called with the writer's lock held), then tell
        each caller its action's number, or the error that stopped it."""
        # One statement an action, the lease checked in it: each statement hands the
        # interpreter over to the server's event loop and back.
        leased = self.owner is not None
        insert = (
            "INSERT INTO actions (game_id, number, action)"
            " SELECT ?, COALESCE(MAX(number), -1) + 1, ? FROM actions WHERE game_id = ?"
            + (f" HAVING {self._leased}" if leased else "")
            + " RETURNING number"
        )
        numbers: list[int] = []
        try:
            with self._transaction():
                for pending in batch:
                    game_id = pending.game_id
                    parameters: tuple[Any, ...] = (game_id, pending.action, game_id)
                    if leased:
                        parameters += (game_id, self.owner, self._epochs.get(game_id, 0))
                    row = self._execute(insert, parameters).fetchone()
                    if row is None:
                        self._epochs.pop(game_id, None)
                        raise LeaseLost(f"this server no longer holds the lease of {game_id!r}")
                    numbers.append(int(row[0]))
                now = time.time()
                self._executemany(
                    "UPDATE games SET updated = ?, finished = ? WHERE id = ?",
                    [(now, int(pending.finished), pending.game_id) for pending in batch],
                )
        except Exception as error:
            if len(batch) > 1:  # one bad action must not fail the others: each on its own
                for pending in batch:
                    self._commit([pending])
                return
            if not isinstance(error, StoreError):
                refused = StoreError(f"the action was not stored: {error}")
                refused.__cause__, error = error, refused
            batch[0].future.set_exception(error)
            return
        for pending, number in zip(batch, numbers, strict=True):
            pending.future.set_result(number)

    def set_meta(self, game_id: str, meta: dict[str, Any]) -> None:
        with self._lock, self._transaction():
            self._check_lease(game_id)
            self._execute(
                "UPDATE games SET meta = ?, updated = ? WHERE id = ?",
                (json.dumps(meta), time.time(), game_id),
            )

    def add_chat(self, game_id: str, message: dict[str, Any]) -> int:
        """Keep one more message of a game's table chat (a JSON object of the interface's);
        its number. Refused (LeaseLost) unless this owner holds the game's lease."""
        with self._lock, self._transaction():
            self._check_lease(game_id)
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
            self._check_lease(game_id)
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

    def load(self, game_id: str) -> StoredGame:
        with self._lock:
            row = self._execute(
                "SELECT id, settings, meta, finished, created, updated, archived FROM games "
                "WHERE id = ?",
                (game_id,),
            ).fetchone()
            if row is None:
                raise KeyError(f"no stored game {game_id!r}")
            actions = [
                action
                for (action,) in self._execute(
                    "SELECT action FROM actions WHERE game_id = ? ORDER BY number", (game_id,)
                ).fetchall()
            ]
        return StoredGame(
            id=row[0],
            settings=json.loads(row[1]),
            meta=json.loads(row[2]),
            actions=actions,
            finished=bool(row[3]),
            created=row[4],
            updated=row[5],
            archived=bool(row[6]),
        )

    def game_ids(
        self,
        *,
        finished: bool | None = None,
        archived: bool | None = None,
        updated_before: float | None = None,
    ) -> list[str]:
        """Ids of the stored games, the most recently played first; ``updated_before`` keeps
        those unchanged since that time (seconds since the epoch)."""
        conditions: dict[str, Any] = {"finished = ?": finished, "archived = ?": archived}
        chosen: dict[str, Any] = {
            sql: int(value) for sql, value in conditions.items() if value is not None
        }
        if updated_before is not None:
            chosen["updated <= ?"] = updated_before
        where = " AND ".join(chosen)
        query = "SELECT id FROM games" + (f" WHERE {where}" if where else "")
        with self._lock:
            rows = self._execute(query + " ORDER BY updated DESC", tuple(chosen.values()))
            return [game_id for (game_id,) in rows.fetchall()]

    def save_review(self, game_id: str, deal: int, seat: int, review: dict[str, Any]) -> None:
        """Keep the review of a seat's decisions in deal ``deal`` (from 0) of a game."""
        with self._lock:
            self._execute(
                "INSERT INTO reviews (game_id, deal, seat, review, created) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (game_id, deal, seat) DO UPDATE"
                " SET review = excluded.review, created = excluded.created",
                (game_id, deal, seat, json.dumps(review), time.time()),
            )

    def load_review(self, game_id: str, deal: int, seat: int) -> dict[str, Any] | None:
        with self._lock:
            row = self._execute(
                "SELECT review FROM reviews WHERE game_id = ? AND deal = ? AND seat = ?",
                (game_id, deal, seat),
            ).fetchone()
        return None if row is None else dict(json.loads(row[0]))

    def share_review(self, game_id: str, deal: int, seat: int) -> str:
        """The token of the read-only link to a seat's review of a deal (made once, then the
        same), whether the review is computed yet or not."""
        with self._lock, self._transaction():
            self._execute(
                "INSERT INTO review_links (token, game_id, deal, seat) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (game_id, deal, seat) DO NOTHING",
                (uuid.uuid4().hex, game_id, deal, seat),
            )
            (token,) = self._execute(
                "SELECT token FROM review_links WHERE game_id = ? AND deal = ? AND seat = ?",
                (game_id, deal, seat),
            ).fetchone()
        return str(token)

    def shared_review(self, token: str) -> tuple[str, int, int] | None:
        """The game, deal and seat of a review's link, None for an unknown token."""
        with self._lock:
            row = self._execute(
                "SELECT game_id, deal, seat FROM review_links WHERE token = ?", (token,)
            ).fetchone()
        return None if row is None else (str(row[0]), int(row[1]), int(row[2]))

    def archive(self, game_id: str) -> None:
        """Close a game for good: it stays as a record but is never resumed."""
        with self._lock, self._transaction():
            self._check_lease(game_id)
            self._execute("UPDATE games SET archived = 1 WHERE id = ?", (game_id,))

    def delete(self, game_id: str) -> None:
        with self._lock:
            self._execute("DELETE FROM games WHERE id = ?", (game_id,))

    # ----------------------------------------------------------------- leases

    def take(self, game_id: str) -> bool:
        """Take the lease of a stored game for this store's owner, if nobody else holds it
        (it is free, expired, or already this owner's: then it is renewed). A KeyError for an
        unknown game."""
        assert self.owner is not None, "a store without an owner takes no lease"
        with self._lock, self._transaction():
            row = self._execute(
                "INSERT INTO leases (game_id, owner, epoch, expires)"
                f" SELECT ?, ?, 1, {self.now} + ? WHERE EXISTS (SELECT 1 FROM games WHERE id = ?)"
                " ON CONFLICT (game_id) DO UPDATE SET"
                " epoch = leases.epoch + CASE WHEN leases.owner = excluded.owner THEN 0 ELSE 1 END,"
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

    def want(self, game_id: str) -> None:
        """Ask the owner of a game's lease to hand it over (it does at its next renewal)."""
        with self._lock:
            self._execute(
                "UPDATE leases SET wanted_by = ? WHERE game_id = ? AND owner <> ?",
                (self.owner, game_id, self.owner),
            )

    def renew(self) -> set[str]:
        """Renew every lease this store holds: the games whose lease it lost (it stalled past
        one, and another server may have taken it)."""
        with self._lock:
            with self._transaction():
                rows = self._execute(
                    f"UPDATE leases SET expires = {self.now} + ? WHERE owner = ?"
                    f" AND expires > {self.now} RETURNING game_id, epoch",
                    (self.lease_seconds, self.owner),
                ).fetchall()
            renewed = {game_id for game_id, epoch in rows if self._epochs.get(game_id) == epoch}
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

    @property
    def _leased(self) -> str:
        """Whether this owner holds a game's lease (its parameters: game, owner, epoch)."""
        return (
            "EXISTS (SELECT 1 FROM leases WHERE game_id = ? AND owner = ? AND epoch = ?"
            f" AND expires > {self.now}{self.lock_lease})"
        )

    def _check_lease(self, game_id: str) -> None:
        """Inside a write's transaction: refuse it unless this owner holds the game's lease."""
        if self.owner is None:
            return
        epoch = self._epochs.get(game_id)
        held = (
            epoch is not None
            and self._execute(f"SELECT {self._leased}", (game_id, self.owner, epoch)).fetchone()[0]
        )
        if not held:
            self._epochs.pop(game_id, None)
            raise LeaseLost(f"this server no longer holds the lease of game {game_id!r}")
