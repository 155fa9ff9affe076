"""The players' ratings (``web/ratings.py`` computes them): openskill's mu and sigma for each
rule family and table size, with the number of games rated, and the games already rated, so
that each is rated once, whichever server saw it finish."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .players import PlayerStore

ORDINAL_SIGMAS = 3  # a rating shown is mu - 3 sigma, openskill's ordinal: sure to 99.7%
BOARD_ROWS = 50  # the players a leaderboard lists


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float
    games: int  # the games rated so far

    @property
    def ordinal(self) -> float:
        return self.mu - ORDINAL_SIGMAS * self.sigma


@dataclass(frozen=True)
class Rated:
    """One rating of a player's: its rule family and table size."""

    rules: str
    players: int
    rating: Rating


# What rating a game does: its players' ratings before (None: their first game of this kind)
# to their ratings after.
Rate = Callable[[dict[str, Rating | None]], dict[str, Rating]]


class RatingStore(PlayerStore):
    """The ratings, in the games' database (SQLite or PostgreSQL alike)."""

    # How a rating transaction holds its players against another server's (PostgreSQL's
    # " FOR UPDATE"): SQLite's one writer serialises them already.
    lock_players = ""

    def rate_game(
        self, game_id: str, rules: str, players: int, player_ids: Sequence[str], rate: Rate
    ) -> bool:
        """Rate a finished game once, in the transaction that marks it rated: False if it was
        rated already."""
        with self._lock, self._transaction():
            first = self._execute(
                "INSERT INTO rated_games (game_id, rated) VALUES (?, ?)"
                " ON CONFLICT (game_id) DO NOTHING RETURNING game_id",
                (game_id, time.time()),
            ).fetchone()
            if first is None:
                return False
            for player in sorted(player_ids):  # in one order, so that two never wait in a circle
                self._execute(f"SELECT id FROM players WHERE id = ?{self.lock_players}", (player,))
            before = {player: self._rating(player, rules, players) for player in player_ids}
            for player, after in rate(before).items():
                self._execute(
                    "INSERT INTO ratings (player_id, rules, players, mu, sigma, games)"
                    " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (player_id, rules, players)"
                    " DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,"
                    " games = excluded.games",
                    (player, rules, players, after.mu, after.sigma, after.games),
                )
        return True

    def seat_players(self, game_id: str) -> dict[int, str]:
        """The players who took a game's seats, by seat."""
        with self._lock:
            rows = self._execute(
                "SELECT seat, player_id FROM player_seats WHERE game_id = ?", (game_id,)
            ).fetchall()
        return {int(seat): str(player) for seat, player in rows}

    def _rating(self, player_id: str, rules: str, players: int) -> Rating | None:
        row = self._execute(
            "SELECT mu, sigma, games FROM ratings"
            " WHERE player_id = ? AND rules = ? AND players = ?",
            (player_id, rules, players),
        ).fetchone()
        return None if row is None else _rating(row)

    def ratings(self, player_id: str) -> list[Rated]:
        """A player's ratings, by rule family and table size."""
        with self._lock:
            rows = self._execute(
                "SELECT rules, players, mu, sigma, games FROM ratings WHERE player_id = ?"
                " ORDER BY rules, players",
                (player_id,),
            ).fetchall()
        return [
            Rated(str(r[0]), int(r[1]), Rating(float(r[2]), float(r[3]), int(r[4]))) for r in rows
        ]

    def boards(self) -> list[tuple[str, int]]:
        """The kinds of rating some player has: (rule family, table size)."""
        with self._lock:
            rows = self._execute(
                "SELECT DISTINCT rules, players FROM ratings ORDER BY rules, players"
            ).fetchall()
        return [(str(rules), int(players)) for rules, players in rows]

    def board(self, rules: str, players: int) -> list[tuple[str, Rating]]:
        """The named players best rated for a rule family and table size (``BOARD_ROWS``),
        best first: their names and ratings."""
        with self._lock:
            rows = self._execute(
                "SELECT p.name, r.mu, r.sigma, r.games FROM ratings r"
                " JOIN players p ON p.id = r.player_id"
                " WHERE r.rules = ? AND r.players = ? AND p.name IS NOT NULL"
                f" ORDER BY r.mu - {ORDINAL_SIGMAS} * r.sigma DESC, p.name LIMIT {BOARD_ROWS}",
                (rules, players),
            ).fetchall()
        return [(str(row[0]), _rating(row[1:])) for row in rows]


def _rating(row: Sequence[Any]) -> Rating:
    """A rating from its columns: mu, sigma, games."""
    return Rating(float(row[0]), float(row[1]), int(row[2]))
