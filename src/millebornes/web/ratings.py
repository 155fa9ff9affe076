"""Players' ratings (issue 46): openskill's Plackett-Luce model, as the tournament runner rates
bots, after every finished match (or single deal) whose people are all players, one rating for
each rule family and table size, partners rated as a team. Bots keep fixed ratings from their
measured win rates, so a game against them moves a player's rating honestly; a seat its player
left to the stand-in for good (``turnclock.py``) loses, whatever its side scored. A match closed
unfinished is rated too when someone abandoned it (``rate_closed``). Each game is rated once,
in the store's transaction that marks it rated (``store/ratings.py``).
The pages show them through ``leaderboard.py``."""

from __future__ import annotations

import functools
import logging
import weakref
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Protocol

from openskill.models import PlackettLuce, PlackettLuceRating

from ..store import ServerStore, StoreError
from ..store.ratings import Rating
from ..table import Table
from .executors import Executors
from .turnclock import TurnClock

log = logging.getLogger(__name__)
MODEL = PlackettLuce()
# Deals won by each level over the one below, 2-player dujardin (docs/bots.md): the expert
# (medium) 60.0% of 800 deals over greedy (easy), master (hard, default budget) 51.7% of 200
# over the expert. Greedy stands at a new player's mu.
WON_OVER_LEVEL_BELOW = {"medium": 0.600, "hard": 0.517}
# A bot's sigma: openskill's after the 800 games of docs/tournament.md's table (25.2±1.48).
BOT_SIGMA = 1.48
# Above it a rating is provisional: openskill's sigma starts at 8.33 and falls to 5.0 after
# about 10 games (measured against a fixed bot, winning and losing in turn).
PROVISIONAL_SIGMA = 5.0


class _Registry(Protocol):
    @property
    def store(self) -> ServerStore: ...


class Finishing(Protocol):
    """What rating needs of a room (``room.Room``)."""

    @property
    def code(self) -> str: ...
    @property
    def table(self) -> Table: ...
    @property
    def turn_clock(self) -> TurnClock: ...
    @property
    def executors(self) -> Executors: ...
    @property
    def rooms(self) -> _Registry: ...


_rated: weakref.WeakSet[Finishing] = weakref.WeakSet()  # the rooms whose match was rated here


def _level_above(below: PlackettLuceRating, won: float) -> PlackettLuceRating:
    """The rating that openskill predicts wins ``won`` of its games against ``below``."""
    low, high = below.mu, below.mu + 50
    for _ in range(60):  # halving 50 sixty times: far below a rating's last digit shown
        middle = MODEL.rating(mu=(low + high) / 2, sigma=BOT_SIGMA)
        if MODEL.predict_win([[middle], [below]])[0] < won:
            low = middle.mu
        else:
            high = middle.mu
    return MODEL.rating(mu=low, sigma=BOT_SIGMA)


@functools.cache
def bot_ratings() -> dict[str, PlackettLuceRating]:
    """Each bot level's fixed rating."""
    found = {"easy": MODEL.rating(mu=MODEL.mu, sigma=BOT_SIGMA)}
    for level, below in (("medium", "easy"), ("hard", "medium")):
        found[level] = _level_above(found[below], WON_OVER_LEVEL_BELOW[level])
    return found


@dataclass(frozen=True)
class Finished:
    """A finished match as rating sees it: who sat where, each side's score, who abandoned."""

    code: str
    rules: str
    levels: tuple[str | None, ...]  # each seat's bot level, None for a person
    scores: tuple[int, ...]  # each side's
    abandoned: frozenset[int]  # the seats left to their stand-in for good

    def ranks(self) -> list[int]:
        """Each side's place (1 the best, ties shared): a side with a seat abandoned is behind
        every other, then the higher score is ahead."""
        sides = len(self.scores)
        keys = [
            (not any(seat % sides == side for seat in self.abandoned), score)
            for side, score in enumerate(self.scores)
        ]
        return [1 + sum(other > key for other in keys) for key in keys]


def rate_finished(store: ServerStore, finished: Finished) -> bool:
    """Rate a finished match once (in the store's thread), if each person's seat is a
    different player's: whether it was rated now."""
    holders = store.seat_players(finished.code)
    people = [seat for seat, level in enumerate(finished.levels) if level is None]
    taken = [holders.get(seat) for seat in people]
    if not people or None in taken or len(set(taken)) < len(taken):
        return False
    if any(level is not None and level not in bot_ratings() for level in finished.levels):
        return False  # a bot with no measured rating (a lesson's tutor) rates nobody
    sides = len(finished.scores)

    def rate(before: dict[str, Rating | None]) -> dict[str, Rating]:
        teams: list[list[PlackettLuceRating]] = [[] for _ in range(sides)]
        for seat, level in enumerate(finished.levels):
            if level is None:
                was = before[holders[seat]]
                now = MODEL.rating() if was is None else MODEL.rating(mu=was.mu, sigma=was.sigma)
                teams[seat % sides].append(now)
            else:
                teams[seat % sides].append(bot_ratings()[level])
        after = MODEL.rate(teams, ranks=[float(rank) for rank in finished.ranks()])
        rated: dict[str, Rating] = {}
        for seat in people:
            was, new = before[holders[seat]], after[seat % sides][seat // sides]
            rated[holders[seat]] = Rating(new.mu, new.sigma, 1 + (0 if was is None else was.games))
        return rated

    players = len(finished.levels)
    return store.rate_game(finished.code, finished.rules, players, [*map(str, taken)], rate)


async def rate_if_over(room: Finishing) -> None:
    """Rate the room's match once it is over (called after each change is stored, before it
    is told, under the room's lock)."""
    table = room.table
    if not table.is_over or room in _rated:
        return
    _rated.add(room)
    await _rate(room, frozenset(room.turn_clock.abandoned))


async def rate_closed(room: Finishing, absent: Collection[int]) -> None:
    """Rate a match closed unfinished (idle, or by the operator: ``rooms.py``) if someone
    abandoned it: the seats left to the stand-in for good, and the people ``absent`` when it
    closed if anyone stayed (a bot, or a person still there). Their sides rank behind the
    others, then the higher score so far is ahead (``Finished.ranks``)."""
    table = room.table
    people = set(table.people)
    stayed = len(people) < len(table.players) or bool(people - set(absent))
    abandoned = room.turn_clock.abandoned | (set(absent) if stayed else set())
    if not table.is_over and abandoned:
        await _rate(room, frozenset(abandoned))


async def rate_stored(load: Callable[[], Finishing], code: str) -> None:
    """Rate room ``code``, closed unfinished while no server played it (everyone had left it
    long ago), as ``load`` loads it from the store; one that cannot be loaded is not rated."""
    try:
        room = load()
    except Exception:  # an old record this version cannot replay: it is archived all the same
        log.exception("room %s: could not be loaded to rate it", code)
        return
    await rate_closed(room, room.table.people)


async def _rate(room: Finishing, abandoned: frozenset[int]) -> None:
    """Rate the room's match as it stands, ``abandoned`` the seats that lose it."""
    table = room.table
    finished = Finished(
        room.code,
        table.match.rules.name,
        tuple(player.level for player in table.players),
        tuple(table.match.scores),
        abandoned,
    )
    store = room.rooms.store
    refusals: tuple[type[Exception], ...] = (StoreError, *store.retried_errors)
    try:
        await room.executors.store(rate_finished, store, finished)
    except refusals as error:
        log.error("room %s: could not rate its match: %s", room.code, error)
    except Exception:  # a rating's bug must not keep the end of the match from the table
        log.exception("room %s: rating its match failed", room.code)
