"""The ratings as the pages show them (``ratings.py`` computes them): ``GET /api/me/ratings``
the player's own, each marked provisional while its sigma is high; ``GET /api/leaderboard``
every rating's board, its named players the best rated first."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fastapi import APIRouter, Request

from ..store import ServerStore
from ..store.ratings import Rating
from .identity import current_player
from .ratings import PROVISIONAL_SIGMA
from .site import SiteDep

router = APIRouter()


def told_rating(rating: Rating) -> dict[str, Any]:
    """A rating as the pages show it: its ordinal (mu - 3 sigma), mu and sigma, games, and
    whether it is still provisional."""
    return {
        "rating": round(rating.ordinal, 1),
        "mu": round(rating.mu, 2),
        "sigma": round(rating.sigma, 2),
        "games": rating.games,
        "provisional": rating.sigma > PROVISIONAL_SIGMA,
    }


def _told_boards(store: ServerStore) -> list[dict[str, Any]]:
    return [
        {
            "rules": rules,
            "players": players,
            "rows": [{"name": name, **told_rating(rating)} for name, rating in board],
        }
        for rules, players in store.boards()
        if (board := store.board(rules, players))
    ]


@router.get("/api/me/ratings")
async def my_ratings(request: Request, site: SiteDep) -> dict[str, Any]:
    """The player's ratings (none for a device that has no player yet)."""
    player = await current_player(site.rooms, request)
    if player is None:
        return {"ratings": []}
    found: Sequence[Any] = await site.rooms.executors.store(site.store.ratings, player.id)
    return {
        "ratings": [
            {"rules": rated.rules, "players": rated.players, **told_rating(rated.rating)}
            for rated in found
        ]
    }


@router.get("/api/leaderboard")
async def leaderboard(site: SiteDep) -> dict[str, Any]:
    """Each rating's board: its named players, the best rated first."""
    return {"boards": await site.rooms.executors.store(_told_boards, site.store)}
