"""A game at one screen: the shared :class:`~millebornes.table.Table` and the log it reads.

The table owns the match, the bots, the questions and the store; this adapter only keeps the
lines of the log, told to the screen's narrator (the one person at the screen, or the whole
table in hot-seat and when only bots play). No Textual here: it is tested without a screen.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.actions import Action
from ..core.cards import Card
from ..store import GameStore, StoredGame
from ..table import DealResult, Event, Played, Player, Table, Timing
from .i18n import text

INTERFACE = "tui"  # marks the games this interface stored (a games file may hold others)


@dataclass(frozen=True)
class LogLine:
    """One line of the game log; ``kind`` picks its colour (``coup-fourre`` gets emphasis)."""

    text: str
    kind: str = "action"


class Session:
    """One stored game at this screen: open it with :meth:`start` or :meth:`resume`."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.language = table.language
        self.log: list[LogLine] = []
        self._logged_deal = -1
        narrator = self.narrator()
        seen = table.seen_log(narrator)
        for deal in range(table.told_deal(narrator) + 1):
            self._log_deal_start(deal)
            for played in seen:
                if played.deal == deal:
                    self._log_move(played)
            if deal < len(table.results):
                self._log_result(table.results[deal])

    @classmethod
    def start(cls, store: GameStore, **settings: Any) -> Session:
        """A new game, stored at once: ``settings`` are :meth:`Table.create`'s."""
        return cls(Table.create(store, meta={"interface": INTERFACE}, **settings))

    @classmethod
    def resume(cls, store: GameStore, game_id: str) -> Session:
        return cls(Table(store, store.load(game_id)))

    @staticmethod
    def unfinished(store: GameStore) -> list[StoredGame]:
        """The games of this interface still in play, the most recently played first."""
        games = (store.load(game_id) for game_id in store.game_ids(finished=False))
        return [game for game in games if game.meta.get("interface") == INTERFACE]

    # ----------------------------------------------------------------- the log

    def narrator(self) -> int | None:
        """The seat the log speaks to as "you": the one person at the screen, if only one."""
        people = self.table.people
        return people[0] if len(people) == 1 else None

    def hear(self, events: list[Event]) -> list[LogLine]:
        """The log lines ``events`` add for the narrator (the other seats' events are read from
        the table when their turn comes)."""
        start = len(self.log)
        narrator = self.narrator()
        for event in events:
            if event.recipient != narrator:
                continue
            for played in event.moves:
                self._log_move(played)
            if event.result is not None:
                self._log_result(event.result)
            elif event.deal > self._logged_deal:
                self._log_deal_start(event.deal)
        return self.log[start:]

    def describe(self, action: Action, seat: int, *, safety: Card | None = None) -> str:
        """``action`` by ``seat`` in plain words, "you" being the one person at the screen."""
        played = Played(self.table.deal_index, seat, action, safety)
        return self.table.describe(played, self.narrator())

    def _log_move(self, played: Played) -> None:
        if played.deal > self._logged_deal:
            self._log_deal_start(played.deal)
        line = self.table.describe(played, self.narrator())
        self.log.append(LogLine(line, played.action.verb))

    def _log_deal_start(self, deal: int) -> None:
        self._logged_deal = deal
        finished = self.table.match.finished
        dealer = (finished[deal] if deal < len(finished) else self.table.match.deal).dealer
        line = text(
            self.language, "deal_start_log", number=deal + 1, dealer=self.table.names()[dealer]
        )
        self.log.append(LogLine(line, "deal"))

    def _log_result(self, result: DealResult) -> None:
        scores = ", ".join(
            text(self.language, "side_total", name=name, points=sheet["total"])
            for name, sheet in zip(self.table.side_names(), result.sheets, strict=True)
        )
        line = text(self.language, "deal_over_log", number=result.deal + 1, scores=scores)
        self.log.append(LogLine(line, "deal"))


def screen_timing(pace: float) -> Timing:
    """The terminal's clocks: questions wait for the person at the screen, the seat after an
    answerable attack is held as long as a bot's move stays on screen, and bots wait for the
    score sheet to close before the next deal."""
    return Timing(settle_seconds=pace, deal_pause=None)


def who_plays(seats: list[dict[str, Any]], language: str) -> str:
    """Who plays a stored game, from its seats: one person against bots ("Ann against 3 bots"),
    a hot-seat game ("hot seat: 2 people, 1 bot"), or bots alone."""
    players = [Player.from_meta(seat) for seat in seats]
    people = [player.name or "" for player in players if player.level is None]
    bots = len(seats) - len(people)
    if len(people) == 1:
        return text(language, "resume_against_bots", person=people[0], bots=bots)
    if people:
        return text(language, "resume_hot_seat", people=len(people), bots=bots)
    return text(language, "resume_bots_only", bots=bots)
