"""The itemised score of a finished deal (RULES.md section 9).

``dujardin`` follows seeds 000 and 001; ``winning-moves`` and ``parker`` share the bonus table of
seed 002 and the Parker Brothers rules, with parker's extension on top.
"""

from __future__ import annotations

from typing import Protocol

from .rules import Rules


class Finished(Protocol):
    """What scoring reads of a finished deal (a :class:`~millebornes.core.deal.Deal`): scoring
    sits below the deal, which scores itself with it."""

    rules: Rules
    sides_count: int
    km: list[int]
    twos: list[int]
    safeties: list[list[int]]
    coups: list[list[int]]
    stock: list[int]
    extended_by: int | None

    def winner_side(self) -> int | None: ...

    def side_of(self, seat: int) -> int: ...


DUJARDIN_ITEMS = ("distance", "safeties", "coups_fourres", "winner", "no_200", "capot")
BONUS_ITEMS = (
    "distance",
    "safeties",
    "all_safeties",
    "coups_fourres",
    "trip",
    "delayed_action",
    "safe_trip",
    "shut_out",
    "extension",
)
SAFETY_POINTS = 100
COUP_FOURRE_POINTS = 300


def items_of(scoring: str) -> tuple[str, ...]:
    return DUJARDIN_ITEMS if scoring == "dujardin" else BONUS_ITEMS


def score_deal(deal: Finished) -> list[dict[str, int]]:
    """Points per side, every item of the preset in order (zeros included), then ``total``."""
    k = deal.sides_count
    sheets = [dict.fromkeys(items_of(deal.rules.scoring), 0) for _ in range(k)]
    finisher = deal.winner_side()
    for side, sheet in enumerate(sheets):
        sheet["distance"] = deal.km[side]
        sheet["safeties"] = SAFETY_POINTS * len(deal.safeties[side])
        sheet["coups_fourres"] = COUP_FOURRE_POINTS * len(deal.coups[side])
    if deal.rules.scoring == "dujardin":
        _score_dujardin(deal, sheets, finisher)
    else:
        _score_bonus(deal, sheets, finisher)
    for sheet in sheets:
        sheet["total"] = sum(sheet.values())
    return sheets


def _score_dujardin(deal: Finished, sheets: list[dict[str, int]], finisher: int | None) -> None:
    winner = finisher
    if winner is None:
        best = max(deal.km)
        leaders = [side for side, km in enumerate(deal.km) if km == best]
        winner = leaders[0] if len(leaders) == 1 else None
    if winner is not None:
        sheets[winner]["winner"] = 400
        if deal.twos[winner] == 0:
            sheets[winner]["no_200"] = 200
    for shut_out in (side for side, km in enumerate(deal.km) if km == 0):
        for side, sheet in enumerate(sheets):
            if side != shut_out:
                sheet["capot"] += 500


def _score_bonus(deal: Finished, sheets: list[dict[str, int]], finisher: int | None) -> None:
    for side, sheet in enumerate(sheets):
        if len(deal.safeties[side]) == 4:
            sheet["all_safeties"] = 300
    if finisher is not None:
        sheet = sheets[finisher]
        sheet["trip"] = 400
        if not deal.stock:
            sheet["delayed_action"] = 300
        if deal.twos[finisher] == 0:
            sheet["safe_trip"] = 300
        if all(km == 0 for side, km in enumerate(deal.km) if side != finisher):
            sheet["shut_out"] = 500
    if deal.extended_by is not None:
        extender = deal.side_of(deal.extended_by)
        # 200 to the extender if it completed 1000, otherwise to every other side.
        for side, sheet in enumerate(sheets):
            if (side == extender) == (finisher == extender):
                sheet["extension"] = 200
