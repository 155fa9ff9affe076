"""``millebornes admin rooms``: the browser game's rooms in the database, as a table that fits
the terminal (or JSON for tools): what an operator checks before closing or draining."""

from __future__ import annotations

import json
import shutil
import time
from collections.abc import Sequence
from typing import Any

from ..store import ServerStore
from ..store.server import GameState
from ..web.room import ROOM_KIND
from ..words import say

COLUMNS = ("code", "rules", "players", "names", "state", "deal", "updated", "server", "listed")
SQUEEZED = "names"  # the column cut to fit the terminal: the others are short
NARROWEST = 8  # the least of the names shown before the line runs past the terminal


def room_states(store: ServerStore, *, every: bool) -> list[dict[str, Any]]:
    """Each room's state, as ``--json`` gives it (times in seconds since the epoch)."""
    _, games = store.overview(every=every)
    return [_state(store, game) for game in games if game.meta.get("kind") == ROOM_KIND]


def _state(store: ServerStore, game: GameState) -> dict[str, Any]:
    match = store.load(game.id).replay()
    seats = game.meta.get("seats", [])
    return {
        "code": game.id,
        "rules": match.rules.name,
        "players": match.players,
        "names": [seat.get("name") for seat in seats],
        "state": _phase(game, seats),
        "deal": match.deal_index + 1,
        "updated": game.updated,
        "server": game.holder,
        "held_until": game.held_until,
        "listed": game.listed,
    }


def _phase(game: GameState, seats: Sequence[dict[str, Any]]) -> str:
    if game.finished:
        return "over"
    if game.archived:
        return "closed"
    if any(seat.get("name") is None for seat in seats):
        return "waiting"
    return "playing"


def as_json(states: list[dict[str, Any]]) -> str:
    return json.dumps(states, indent=2, ensure_ascii=False)


def as_table(states: list[dict[str, Any]], language: str, width: int | None = None) -> str:
    """The rooms one a line under their columns' names, cut to ``width`` (the terminal's)."""
    if not states:
        return say(language, "cli.admin.no_rooms")
    width = width or shutil.get_terminal_size().columns
    heads = [say(language, f"cli.admin.column.{column}") for column in COLUMNS]
    lines = [heads, *([_cell(state, column, language) for column in COLUMNS] for state in states)]
    widths = [max(len(line[n]) for line in lines) for n in range(len(COLUMNS))]
    squeezed = COLUMNS.index(SQUEEZED)
    others = sum(widths) - widths[squeezed] + 2 * (len(COLUMNS) - 1)
    widths[squeezed] = max(NARROWEST, min(widths[squeezed], width - others))
    return "\n".join(
        "  ".join(_fitted(cell, size) for cell, size in zip(line, widths, strict=True)).rstrip()
        for line in lines
    )


def _fitted(cell: str, size: int) -> str:
    return cell.ljust(size) if len(cell) <= size else cell[: size - 1] + "…"


def _cell(state: dict[str, Any], column: str, language: str) -> str:
    value = state[column]
    if column == "names":
        nobody = say(language, "cli.admin.free_seat")
        return ", ".join(name or nobody for name in value)
    if column == "state":
        return say(language, f"cli.admin.state.{value}")
    if column == "updated":
        return time.strftime("%Y-%m-%d %H:%M", time.gmtime(value))
    if column == "server":
        if value is None:
            return "-"
        until = time.strftime("%H:%M:%S", time.gmtime(state["held_until"]))
        return say(language, "cli.admin.held", server=value, until=until)
    if column == "listed":
        return say(language, f"cli.admin.listed.{str(value).lower()}")
    return str(value)
