"""A player's games as their page tells them (``GET /api/me/games``): those in progress and
whose turn it is, those finished with their result and score, each with its rules, opponents,
date, and links to its table and to the review of its last finished deal, read from the store
(every server's games: they share it). What a game tells is what its players all see at the
table: its names, scores and whose turn it is, never a hand."""

from __future__ import annotations

from typing import Any

from ..store import ServerStore, StoredGame
from ..words.names import teams

# What became of a game, from the player's side.
WAITING, PLAYING, WON, LOST, DRAWN, CLOSED = "waiting", "playing", "won", "lost", "drawn", "closed"


def _names(game: StoredGame) -> list[str]:
    return [seat.get("name") or f"#{n + 1}" for n, seat in enumerate(game.meta["seats"])]


def _free(game: StoredGame) -> bool:
    """Whether a person's seat is still free (the game has not started)."""
    seats = game.meta["seats"]
    return any(seat.get("name") is None and seat.get("level") is None for seat in seats)


def _state(game: StoredGame, won: bool | None, free: bool) -> str:
    if won is not None:
        return WON if won else LOST
    if game.finished:
        return DRAWN
    if game.archived:
        return CLOSED
    return WAITING if free else PLAYING


def told_game(store: ServerStore, game: StoredGame, mine: tuple[int, ...]) -> dict[str, Any]:
    """One game of a player's, who took ``mine`` of its seats."""
    match = game.replay()
    names = _names(game)
    sides = len(match.scores)
    side = mine[0] % sides
    won = None if match.winner is None or not match.is_over else match.winner == side
    to_act = None if match.is_over or game.archived else match.to_act
    deals = len(match.finished)
    review = store.share_review(game.id, deals - 1, mine[0]) if deals else None
    return {
        "code": game.id,
        "rules": match.rules.name,
        "players": match.players,
        "single_deal": match.target is None,
        "state": _state(game, won, _free(game)),
        "names": names,
        "opponents": [name for n, name in enumerate(names) if n % sides != side],
        "side": teams(names, sides)[side],
        "to_act": None if to_act is None else names[to_act],
        "your_turn": to_act in mine,
        "score": match.scores[side],
        "others": [score for n, score in enumerate(match.scores) if n != side],
        "deals": deals,
        "updated": game.updated,
        "review": None if review is None else f"/review/{review}",
        "replay": None if review is None else f"/replay/{review}",  # the same link shows both
    }


def told_history(store: ServerStore, player_id: str) -> list[dict[str, Any]]:
    """A player's games, the latest played first."""
    return [told_game(store, game, mine) for game, mine in store.history(player_id)]
