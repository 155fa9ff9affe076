"""The table in plain text, as ``render()`` shows it: from one seat's view, so a render never
shows more than that seat may see."""

from __future__ import annotations

from collections.abc import Sequence

from ..core.cards import Card
from ..core.view import View


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(card.notation for card in cards) or "-"


def table_text(view: View) -> str:
    """Every side's tableau, the stock and discard, and the seat's own hand and decision."""
    lines = [f"{view.rules}, {view.players} players, race {view.race} km"]
    for side, tableau in enumerate(view.sides):
        seats = ",".join(str(seat) for seat in tableau.seats)
        mark = " (you)" if side == view.side else ""
        lines.append(
            f"side {side}{mark} seats {seats}: {tableau.km} km, battle "
            f"{tableau.battle_top or '-'}, speed {tableau.speed_top or '-'}, safeties "
            f"{_cards(tableau.safeties)}, coups-fourres {_cards(tableau.coups_fourres)}"
        )
    top = view.discard[-1] if view.discard else "-"
    lines.append(f"stock {view.stock_size}, discard {len(view.discard)} (top {top})")
    lines.append(f"seat {view.seat} holds {_cards(view.hand)}; decision: {view.decision}")
    if view.attack is not None:
        lines.append(f"seat {view.attack.by} attacks with {view.attack.hazard}")
    return "\n".join(lines)
