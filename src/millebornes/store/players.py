"""The players a server knows (docs/security.md): each made at a first visit, known by the
hashes of their devices' secrets (each device with what it is and when it was last seen, until
it is signed out), carried to another device by a one-time code, with a name
unique by its skeleton, a password's argon2 hash if they chose one, and the seats they took.
The store keeps hashes only: a secret, a code or a password is never written here."""

from __future__ import annotations

import time
from dataclasses import dataclass

from .records import GameStore, StoredGame

HISTORY_GAMES = 50  # the most recent games a player's page lists
# A device's last visit is written at most this often: a minute is exact enough for "last
# seen", and spares the database a write at every request.
SEEN_STEP_SECONDS = 60.0
MAX_AGENT_CHARS = 512  # of a device's User-Agent header, kept to tell what it is


@dataclass(frozen=True)
class PlayerRecord:
    id: str
    name: str | None  # None until the player chooses one
    password: str | None  # the argon2 hash of their password, None without one


@dataclass(frozen=True)
class Device:
    """A device a player is signed in on: its secret's hash, its User-Agent header (None if it
    sent none, or signed in before devices were kept), when it signed in and was last seen."""

    secret_hash: str
    agent: str | None
    created: float
    seen: float


class NameTaken(Exception):
    """A name whose skeleton another player holds."""


class PlayerStore(GameStore):
    """The players, in the games' database (SQLite or PostgreSQL alike)."""

    def add_player(self, player_id: str, secret_hash: str, agent: str | None = None) -> None:
        """A new player, with the hash of their first device's secret (and its User-Agent)."""
        with self._lock, self._transaction():
            self._execute(
                "INSERT INTO players (id, created) VALUES (?, ?)", (player_id, time.time())
            )
            self._add_session(player_id, secret_hash, agent)

    def add_session(self, player_id: str, secret_hash: str, agent: str | None = None) -> None:
        """One more device of a player's, known by its secret's hash (and its User-Agent)."""
        with self._lock, self._transaction():
            self._add_session(player_id, secret_hash, agent)

    def _add_session(self, player_id: str, secret_hash: str, agent: str | None) -> None:
        now = time.time()
        self._execute(
            "INSERT INTO player_sessions (secret_hash, player_id, created, agent, seen)"
            " VALUES (?, ?, ?, ?, ?)",
            (secret_hash, player_id, now, None if agent is None else agent[:MAX_AGENT_CHARS], now),
        )

    def player_of(self, secret_hash: str) -> PlayerRecord | None:
        """The player a device's secret (its hash) is one of, None for an unknown one (or one
        signed out); the device is seen now (written once in ``SEEN_STEP_SECONDS``)."""
        with self._lock:
            row = self._execute(
                "SELECT p.id, p.name, p.password, s.seen FROM player_sessions s"
                " JOIN players p ON p.id = s.player_id WHERE s.secret_hash = ?",
                (secret_hash,),
            ).fetchone()
            now = time.time()
            if row is not None and (row[3] is None or now - row[3] >= SEEN_STEP_SECONDS):
                self._execute(
                    "UPDATE player_sessions SET seen = ? WHERE secret_hash = ?", (now, secret_hash)
                )
        return None if row is None else PlayerRecord(str(row[0]), row[1], row[2])

    def devices(self, player_id: str) -> list[Device]:
        """The devices a player is signed in on, the last seen first."""
        with self._lock:
            rows = self._execute(
                "SELECT secret_hash, agent, created, COALESCE(seen, created) AS last"
                " FROM player_sessions WHERE player_id = ? ORDER BY last DESC, secret_hash",
                (player_id,),
            ).fetchall()
        return [Device(str(row[0]), row[1], float(row[2]), float(row[3])) for row in rows]

    def sign_out(self, player_id: str, secret_hashes: list[str]) -> int:
        """Sign the player's devices of these secrets' hashes out: their secrets no longer
        find the player. How many were signed out (another player's devices never are)."""
        if not secret_hashes:
            return 0
        marks = ", ".join("?" * len(secret_hashes))
        with self._lock:
            ended = self._execute(
                f"DELETE FROM player_sessions WHERE player_id = ? AND secret_hash IN ({marks})"
                " RETURNING secret_hash",
                (player_id, *secret_hashes),
            ).fetchall()
        return len(ended)

    def player(self, player_id: str) -> PlayerRecord:
        """A player known to exist."""
        found = self._player_where("players p WHERE p.id = ?", player_id)
        assert found is not None, f"no player {player_id!r}"
        return found

    def named(self, skeleton: str) -> PlayerRecord | None:
        """The player whose name has ``skeleton``, if any."""
        return self._player_where(
            "player_names n JOIN players p ON p.id = n.player_id WHERE n.skeleton = ?", skeleton
        )

    def _player_where(self, where: str, value: str) -> PlayerRecord | None:
        with self._lock:
            query = f"SELECT p.id, p.name, p.password FROM {where}"
            row = self._execute(query, (value,)).fetchone()
        return None if row is None else PlayerRecord(str(row[0]), row[1], row[2])

    def name_player(self, player_id: str, name: str, skeleton: str) -> None:
        """Give a player ``name``, unless another holds its ``skeleton`` (NameTaken)."""
        with self._lock, self._transaction():
            self._execute("DELETE FROM player_names WHERE player_id = ?", (player_id,))
            taken = self._execute(
                "INSERT INTO player_names (skeleton, player_id) VALUES (?, ?)"
                " ON CONFLICT (skeleton) DO NOTHING RETURNING skeleton",
                (skeleton, player_id),
            ).fetchone()
            if taken is None:
                raise NameTaken(name)  # rolled back: the player keeps their name
            self._execute("UPDATE players SET name = ? WHERE id = ?", (name, player_id))

    def set_password(self, player_id: str, password_hash: str) -> None:
        with self._lock:
            self._execute(
                "UPDATE players SET password = ? WHERE id = ?", (password_hash, player_id)
            )

    def add_code(self, player_id: str, code_hash: str, seconds: float) -> None:
        """A one-time code (its hash) that carries the player to another device within
        ``seconds`` (the database's clock); a player's earlier codes no longer work."""
        with self._lock, self._transaction():
            self._execute("DELETE FROM player_codes WHERE player_id = ?", (player_id,))
            self._execute(
                "INSERT INTO player_codes (code_hash, player_id, expires)"
                f" VALUES (?, ?, {self.now} + ?)",
                (code_hash, player_id, seconds),
            )

    def use_code(self, code_hash: str) -> str | None:
        """The player of a one-time code still valid, which it uses up; None otherwise."""
        found = self._used_once("player_codes", "code_hash", code_hash)
        return found[0] if found is not None and found[1] else None

    def _used_once(self, table: str, column: str, value: str) -> tuple[str | None, bool] | None:
        """Delete the row of ``table`` (a one-time key's) whose ``column`` is ``value``: its
        player and whether it had not expired; None without one."""
        with self._lock, self._transaction():
            row = self._execute(
                f"DELETE FROM {table} WHERE {column} = ? RETURNING player_id, expires > {self.now}",
                (value,),
            ).fetchone()
        return None if row is None else (row[0], bool(row[1]))

    def link_seat(self, game_id: str, seat: int, player_id: str) -> None:
        """A seat a player took (a seat is taken once: a second link changes nothing)."""
        with self._lock:
            self._execute(
                "INSERT INTO player_seats (game_id, seat, player_id) VALUES (?, ?, ?)"
                " ON CONFLICT (game_id, seat) DO NOTHING",
                (game_id, seat, player_id),
            )

    def copy_seats(self, game_id: str, into: str) -> None:
        """The players of a game's seats hold the same seats of ``into`` (its rematch)."""
        with self._lock:
            self._execute(
                "INSERT INTO player_seats (game_id, seat, player_id)"
                " SELECT ?, seat, player_id FROM player_seats WHERE game_id = ?"
                " ON CONFLICT (game_id, seat) DO NOTHING",
                (into, game_id),
            )

    def linked_seats(self, game_id: str, player_id: str) -> tuple[int, ...]:
        """The seats of a game a player took."""
        with self._lock:
            rows = self._execute(
                "SELECT seat FROM player_seats WHERE game_id = ? AND player_id = ? ORDER BY seat",
                (game_id, player_id),
            ).fetchall()
        return tuple(int(seat) for (seat,) in rows)

    def history(self, player_id: str) -> list[tuple[StoredGame, tuple[int, ...]]]:
        """A player's most recent games (``HISTORY_GAMES``), the latest played first, each
        with the seats they took there."""
        with self._lock:
            rows = self._execute(
                "SELECT s.game_id, s.seat FROM player_seats s JOIN games g ON g.id = s.game_id"
                " WHERE s.player_id = ? ORDER BY g.updated DESC, s.seat",
                (player_id,),
            ).fetchall()
        seats: dict[str, list[int]] = {}
        for game_id, seat in rows:
            if game_id in seats or len(seats) < HISTORY_GAMES:
                seats.setdefault(str(game_id), []).append(int(seat))
        return [(self.load(game_id), tuple(taken)) for game_id, taken in seats.items()]
