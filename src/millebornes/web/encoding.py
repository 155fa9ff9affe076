"""JSON text for the server's messages: anything as compact JSON, and views assembled from the
text of their parts, the parts an action leaves alone encoded once.

A view's text is what ``encode(view.to_dict(moves=False))`` gives, character for character
(tests/test_web_encoding.py checks it over whole games). A room sends four or five views an
action, each rebuilt card by card before, when most actions change one side's tableau, one hand
and the discard pile: kept by part, the game layer's CPU an action fell by a tenth
(``benchmarks.rooms``, docs/scaling.md).
"""

from __future__ import annotations

from typing import Any

import orjson

from ..core.actions import Action
from ..core.cards import NOTATION, Card
from ..core.view import PublicView, SideView, View


def encode(data: Any) -> str:
    """``data`` as compact JSON text (orjson: a state encodes in a fifth of json's time)."""
    return orjson.dumps(data).decode()


# Each card's notation as JSON text, indexed by the card's value.
_CARD_TEXT = tuple(encode(NOTATION[card]) for card in Card)


def _cards(cards: tuple[Card, ...]) -> str:
    return "[" + ",".join([_CARD_TEXT[card] for card in cards]) + "]"


class ViewText:
    """One room's views as JSON text without their moves (clients are told moves one by one).

    A deal hands out the same tableau object for a side, and the same discard pile, until they
    change (``Deal._side_view``), so their text is kept by identity: one slot a side and one for
    the pile, which keep their objects alive, so an identity is never mistaken for another's."""

    def __init__(self) -> None:
        self._sides: dict[int, tuple[SideView, str]] = {}
        self._discard: tuple[tuple[Card, ...], str] = ((), "[]")
        self._actions: dict[Action, str] = {}  # each legal action's notation as JSON text

    def text(self, view: PublicView) -> str:
        head = encode(
            {
                "rules": view.rules,
                "players": view.players,
                "race": view.race,
                "dealer": view.dealer,
                "decision": view.decision,
                "to_act": view.to_act,
                "hand_sizes": view.hand_sizes,
            }
        )
        sides = ",".join([self._side(n, side) for n, side in enumerate(view.sides)])
        tail = {
            "stock_size": view.stock_size,
            "extended_by": view.extended_by,
            "scores": view.scores,
        }
        parts = [head[:-1], ',"sides":[', sides, '],"discard":', self._pile(view.discard), ","]
        if isinstance(view, View):
            tail["seat"] = view.seat
            tail["side"] = view.side
            attack = view.attack
            hazard = None if attack is None else NOTATION[attack.hazard]
            attacked = None if attack is None else {"by": attack.by, "hazard": hazard}
            parts += [encode(tail)[1:-1], ',"hand":', _cards(view.hand), ',"attack":']
            parts += [encode(attacked), ',"legal":[']
            parts += [",".join([self._action(action) for action in view.legal]), "]}"]
        else:
            parts.append(encode(tail)[1:])
        return "".join(parts)

    def _side(self, number: int, side: SideView) -> str:
        kept = self._sides.get(number)
        if kept is not None and kept[0] is side:
            return kept[1]
        text = (
            f'{{"seats":{encode(side.seats)},"battle":{_cards(side.battle)},'
            f'"speed":{_cards(side.speed)},"safeties":{_cards(side.safeties)},'
            f'"coups_fourres":{_cards(side.coups_fourres)},'
            f'"distance":{_cards(side.distance)},"km":{side.km}}}'
        )
        self._sides[number] = (side, text)
        return text

    def _pile(self, discard: tuple[Card, ...]) -> str:
        if self._discard[0] is not discard:
            self._discard = (discard, _cards(discard))
        return self._discard[1]

    def _action(self, action: Action) -> str:
        text = self._actions.get(action)
        if text is None:
            text = self._actions[action] = encode(str(action))
        return text
