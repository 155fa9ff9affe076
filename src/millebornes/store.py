"""Games kept in SQLite, action by action, so that no crash, disconnect or restart loses one.

A game is its settings (enough to start the same ``Match``: rules, players, race, target, seed)
plus the actions taken, in notation. Each action is committed before the caller shows or
broadcasts its effect; replaying the actions rebuilds the game exactly. Interfaces keep what
they need besides (seat names, bot levels, room codes) in the game's ``meta``.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import platformdirs

from .core.errors import SettingsError
from .core.match import Match

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    settings TEXT NOT NULL,
    meta TEXT NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0,
    archived INTEGER NOT NULL DEFAULT 0,
    created REAL NOT NULL,
    updated REAL NOT NULL
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
    created REAL NOT NULL,
    PRIMARY KEY (game_id, deal, seat)
);
CREATE TABLE IF NOT EXISTS review_links (
    token TEXT PRIMARY KEY,
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    deal INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    UNIQUE (game_id, deal, seat)
);
"""
SETTING_KEYS = ("rules", "players", "race", "target", "seed")


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
        raise SettingsError(f"unknown game settings: {', '.join(sorted(unknown))}")
    return Match(
        settings.get("rules", "dujardin"),
        settings.get("players", 2),
        settings.get("seed", 0),
        race=settings.get("race"),
        target=settings.get("target"),
    )


@dataclass
class _Append:
    """An action waiting to be committed, and what its commit said."""

    game_id: str
    action: str
    finished: bool
    number: int = -1
    error: Exception | None = None
    committed: bool = False  # read and set under the writer's lock


class GameStore:
    """A SQLite file of games; safe to share between threads of one process."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        if str(path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()  # one thread at a time uses the connection
        self._queue_lock = threading.Lock()
        self._queue: list[_Append] = []  # actions waiting for the next commit (see append)
        self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(games)")}
        if "archived" not in columns:  # a file from before archiving
            self._db.execute("ALTER TABLE games ADD COLUMN archived INTEGER NOT NULL DEFAULT 0")

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def ping(self) -> None:
        """Raise unless the database answers."""
        with self._lock:
            self._db.execute("SELECT 1").fetchone()

    def create(
        self,
        settings: dict[str, Any],
        meta: dict[str, Any] | None = None,
        game_id: str | None = None,
    ) -> str:
        """Store a new game (its settings checked by starting it) and return its id."""
        new_match(settings)
        game_id = game_id or uuid.uuid4().hex
        now = time.time()
        with self._lock:
            self._db.execute(
                "INSERT INTO games (id, settings, meta, created, updated) VALUES (?, ?, ?, ?, ?)",
                (game_id, json.dumps(settings), json.dumps(meta or {}), now, now),
            )
        return game_id

    def append(self, game_id: str, action: str, *, finished: bool = False) -> int:
        """Commit one more action of a game (and whether it ended the game); its number.

        Appends made from several threads at once share one commit, so one disk flush serves
        them all: each caller queues its action, and whichever takes the writer's lock first
        commits every action queued by then. A caller returns once its own action is committed
        (or raises the error that stopped the commit): by the time it holds the writer's lock,
        its action is either committed by the caller before it or in the queue."""
        pending = _Append(game_id, action, finished)
        with self._queue_lock:
            self._queue.append(pending)
        with self._lock:
            if not pending.committed:
                with self._queue_lock:
                    batch, self._queue = self._queue, []
                self._commit(batch)
        if pending.error is not None:
            raise pending.error
        return pending.number

    def _commit(self, batch: list[_Append]) -> None:
        """Write ``batch`` in one transaction (called with the writer's lock held)."""
        try:
            with self._db:
                self._db.execute("BEGIN IMMEDIATE")
                for pending in batch:
                    (pending.number,) = self._db.execute(
                        "SELECT COUNT(*) FROM actions WHERE game_id = ?", (pending.game_id,)
                    ).fetchone()
                    self._db.execute(
                        "INSERT INTO actions (game_id, number, action) VALUES (?, ?, ?)",
                        (pending.game_id, pending.number, pending.action),
                    )
                    self._db.execute(
                        "UPDATE games SET updated = ?, finished = ? WHERE id = ?",
                        (time.time(), int(pending.finished), pending.game_id),
                    )
        except Exception as error:
            if len(batch) > 1:  # one bad action must not fail the others: each on its own
                for pending in batch:
                    self._commit([pending])
                return
            batch[0].error = error
        for pending in batch:
            pending.committed = True

    def set_meta(self, game_id: str, meta: dict[str, Any]) -> None:
        with self._lock:
            self._db.execute(
                "UPDATE games SET meta = ?, updated = ? WHERE id = ?",
                (json.dumps(meta), time.time(), game_id),
            )

    def load(self, game_id: str) -> StoredGame:
        with self._lock:
            row = self._db.execute(
                "SELECT id, settings, meta, finished, created, updated, archived FROM games "
                "WHERE id = ?",
                (game_id,),
            ).fetchone()
            if row is None:
                raise KeyError(f"no stored game {game_id!r}")
            actions = [
                action
                for (action,) in self._db.execute(
                    "SELECT action FROM actions WHERE game_id = ? ORDER BY number", (game_id,)
                )
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

    def game_ids(self, *, finished: bool | None = None, archived: bool | None = None) -> list[str]:
        """Ids of the stored games, the most recently played first."""
        conditions = {"finished": finished, "archived": archived}
        chosen = {column: int(value) for column, value in conditions.items() if value is not None}
        where = " AND ".join(f"{column} = ?" for column in chosen)
        query = "SELECT id FROM games" + (f" WHERE {where}" if where else "")
        with self._lock:
            cursor = self._db.execute(query + " ORDER BY updated DESC", tuple(chosen.values()))
            rows = cursor.fetchall()
        return [game_id for (game_id,) in rows]

    def save_review(self, game_id: str, deal: int, seat: int, review: dict[str, Any]) -> None:
        """Keep the review of a seat's decisions in deal ``deal`` (from 0) of a game."""
        with self._lock:
            self._db.execute(
                "INSERT OR REPLACE INTO reviews (game_id, deal, seat, review, created)"
                " VALUES (?, ?, ?, ?, ?)",
                (game_id, deal, seat, json.dumps(review), time.time()),
            )

    def load_review(self, game_id: str, deal: int, seat: int) -> dict[str, Any] | None:
        with self._lock:
            row = self._db.execute(
                "SELECT review FROM reviews WHERE game_id = ? AND deal = ? AND seat = ?",
                (game_id, deal, seat),
            ).fetchone()
        return None if row is None else dict(json.loads(row[0]))

    def share_review(self, game_id: str, deal: int, seat: int) -> str:
        """The token of the read-only link to a seat's review of a deal (made once, then the
        same), whether the review is computed yet or not."""
        with self._lock, self._db:
            self._db.execute("BEGIN IMMEDIATE")
            row = self._db.execute(
                "SELECT token FROM review_links WHERE game_id = ? AND deal = ? AND seat = ?",
                (game_id, deal, seat),
            ).fetchone()
            if row is not None:
                return str(row[0])
            token = uuid.uuid4().hex
            self._db.execute(
                "INSERT INTO review_links (token, game_id, deal, seat) VALUES (?, ?, ?, ?)",
                (token, game_id, deal, seat),
            )
        return token

    def shared_review(self, token: str) -> tuple[str, int, int] | None:
        """The game, deal and seat of a review's link, None for an unknown token."""
        with self._lock:
            row = self._db.execute(
                "SELECT game_id, deal, seat FROM review_links WHERE token = ?", (token,)
            ).fetchone()
        return None if row is None else (str(row[0]), int(row[1]), int(row[2]))

    def archive(self, game_id: str) -> None:
        """Close a game for good: it stays as a record but is never resumed."""
        with self._lock:
            self._db.execute("UPDATE games SET archived = 1 WHERE id = ?", (game_id,))

    def delete(self, game_id: str) -> None:
        with self._lock:
            self._db.execute("DELETE FROM games WHERE id = ?", (game_id,))
