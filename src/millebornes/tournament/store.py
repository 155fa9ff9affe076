"""Tournament results in a SQLite file: one row per run (its settings) and one per game, with
the game's record so that any game can be replayed (``millebornes replay``).

Games are written as they finish and committed about once a second, so an interrupted run keeps
what it played; ``finished`` stays empty for such a run.
"""

from __future__ import annotations

import json
import sqlite3
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..core.errors import MillebornesError
from ..core.phrase import Phrase
from .game import GameResult
from .schedule import TournamentSettings

SCHEMA = """
CREATE TABLE IF NOT EXISTS runs (
    id INTEGER PRIMARY KEY,
    started TEXT NOT NULL,
    finished TEXT,
    settings TEXT NOT NULL  -- JSON: TournamentSettings.to_dict()
);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    run INTEGER NOT NULL REFERENCES runs (id),
    number INTEGER NOT NULL,  -- the game's place in the run's schedule
    deck INTEGER NOT NULL,
    rotation INTEGER NOT NULL,
    seat_bots TEXT NOT NULL,  -- JSON: the bot of each seat
    totals TEXT NOT NULL,  -- JSON: points per side (match totals for matches)
    decision_times TEXT NOT NULL,  -- JSON: seconds per decision, one list per seat
    seconds REAL NOT NULL,
    record TEXT NOT NULL,  -- JSON: the deal or match record, as millebornes replay reads it
    UNIQUE (run, number)
);
"""
COMMIT_EVERY = 1.0  # seconds


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class TournamentStore:
    """A tournament database; ValueError when the file cannot be used."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        try:
            self.db = sqlite3.connect(self.path)
            self.db.executescript(SCHEMA)
        except sqlite3.Error as error:
            problem = {"path": str(self.path), "error": str(error)}
            raise MillebornesError(Phrase("request.tournament_database", problem)) from None
        self._last_commit = time.monotonic()

    def close(self) -> None:
        self.db.commit()
        self.db.close()

    def __enter__(self) -> TournamentStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def start_run(self, settings: TournamentSettings) -> int:
        cursor = self.db.execute(
            "INSERT INTO runs (started, settings) VALUES (?, ?)",
            (_now(), json.dumps(settings.to_dict())),
        )
        self.db.commit()
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def add_game(self, run: int, result: GameResult) -> None:
        self.db.execute(
            "INSERT INTO games (run, number, deck, rotation, seat_bots, totals, decision_times,"
            " seconds, record) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                run,
                result.number,
                result.deck,
                result.rotation,
                json.dumps(result.seat_bots),
                json.dumps(result.totals),
                json.dumps(result.decision_times),
                result.seconds,
                json.dumps(result.record),
            ),
        )
        if time.monotonic() - self._last_commit >= COMMIT_EVERY:
            self.db.commit()
            self._last_commit = time.monotonic()

    def finish_run(self, run: int) -> None:
        self.db.execute("UPDATE runs SET finished = ? WHERE id = ?", (_now(), run))
        self.db.commit()

    def latest_run(self) -> int:
        row = self.db.execute("SELECT max(id) FROM runs").fetchone()
        if row[0] is None:
            raise MillebornesError(Phrase("request.no_run", {"path": str(self.path)}))
        return int(row[0])

    def settings(self, run: int) -> TournamentSettings:
        query = "SELECT settings FROM runs WHERE id = ?"
        row = self.db.execute(query, (run,)).fetchone() if _is_row_id(run) else None
        if row is None:
            raise MillebornesError(
                Phrase("request.no_such_run", {"path": str(self.path), "run": run})
            )
        return TournamentSettings.from_dict(json.loads(row[0]))

    def games(self, run: int) -> list[tuple[int, GameResult]]:
        """The run's games in schedule order, each with its game id."""
        rows = self.db.execute(
            "SELECT id, number, deck, rotation, seat_bots, totals, decision_times, seconds, record"
            " FROM games WHERE run = ? ORDER BY number",
            (run,),
        )
        return [
            (
                game_id,
                GameResult(
                    number=number,
                    deck=deck,
                    rotation=rotation,
                    seat_bots=tuple(json.loads(seat_bots)),
                    totals=tuple(json.loads(totals)),
                    decision_times=tuple(tuple(seat) for seat in json.loads(times)),
                    seconds=seconds,
                    record=json.loads(record),
                ),
            )
            for game_id, number, deck, rotation, seat_bots, totals, times, seconds, record in rows
        ]

    def game_ids(self, run: int) -> tuple[int, int]:
        """The first and last game ids of a run."""
        first, last = self.db.execute(
            "SELECT min(id), max(id) FROM games WHERE run = ?", (run,)
        ).fetchone()
        if first is None:
            raise MillebornesError(
                Phrase("request.empty_run", {"path": str(self.path), "run": run})
            )
        return int(first), int(last)

    def record(self, game_id: int) -> dict[str, Any]:
        """The game's record, with the bot of each seat (``seats``) for ``millebornes replay``."""
        query = "SELECT record, seat_bots FROM games WHERE id = ?"
        row = self.db.execute(query, (game_id,)).fetchone() if _is_row_id(game_id) else None
        if row is None:
            missing = {"path": str(self.path), "game": game_id}
            raise MillebornesError(Phrase("request.no_such_game", missing))
        record: dict[str, Any] = json.loads(row[0])
        return {**record, "seats": json.loads(row[1])}


def _is_row_id(number: int) -> bool:
    """Whether SQLite can hold ``number`` as an id (a signed 64-bit integer): any other is the
    id of no row, not an error of the database."""
    return -(2**63) <= number < 2**63
