"""One table under every interface: the match, who sits where, the bots, the questions and their
clocks, the stored record, and what each seat and the spectators are told.

The terminal and the browser games are adapters over a :class:`Table`: they render the
:class:`Event` s it returns and turn keys, clicks and messages into actions. Every event is
built from its recipient's view (a seat's :class:`~millebornes.core.view.View`, or the spectators'
:class:`~millebornes.core.view.PublicView`).

Every action is stored before it is told, and one object makes that visible: each call that
changes the match (:meth:`Table.act`, :meth:`Table.play_bot`, :meth:`Table.tick`) queues its
actions for the store's writer and returns a :class:`Commit`, which hands out the events only
once every action is committed: ``commit.wait()`` in the terminal, ``await commit.stored()`` in
the server's event loop (which meanwhile serves other rooms, their actions joining the same
transaction).

Nothing reveals an open coup-fourré question. While a seat is asked, every other seat already
sees the table as it is when nobody can answer (:meth:`Deal.view`); only the seat that plays
next could tell, since its turn would not have come. So after every attack that could be
answered (its safety is not in sight), that seat is *held*: it is told nothing, may not act and
its bot is not asked until the question is settled and ``settle_seconds`` have passed since the
attack, whether or not anyone was asked. A person's hesitation could still show in how long the
hold lasts; a person who sets ``auto_coup_fourre`` answers at once, so it tells nothing.
"""

from __future__ import annotations

import asyncio
import secrets
import time
import uuid
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

from .bots import Bot, Recap, bot_options, make_bot
from .core.actions import (
    CALL_COUP_FOURRE,
    DECLINE_COUP_FOURRE,
    FINISH_RACE,
    PLAYS,
    Action,
    Decision,
    Verb,
    as_action,
)
from .core.cards import SAFETY_FOR, Card
from .core.deal import Deal
from .core.errors import MillebornesError
from .core.match import DEFAULT_TARGET
from .core.phrase import Phrase
from .core.seeds import derive
from .core.view import PublicView, View
from .store import GameStore, StoredGame, new_match
from .words import say, word
from .words.names import teams
from .words.narrate import describe

Recipient = int | None  # a seat, or None: the spectators
STAND_IN_LEVEL = "medium"  # plays for a person who has been away too long


SEED_BITS = 128  # far past any search of seeds against one's own hand and draws


def new_seed() -> int:
    """A fresh secret game seed, stored with the game so that it replays."""
    return secrets.randbits(SEED_BITS)


def bot_seed(game_seed: int, seat: int, role: str = "seat") -> int:
    """The seed of a bot: derived from the game's, never drawn, so that a resumed game re-creates
    the same bots. ``role`` tells apart a seat's own bot, its stand-in and the hint giver."""
    parts = (game_seed, seat) if role == "seat" else (game_seed, seat, role)
    return derive(*parts, size=8)


def make_level_bot(level: str, seed: int, **options: object) -> Bot:
    """The bot for ``level`` with those of ``options`` it takes (a search budget means nothing
    to a bot that does not search)."""
    taken = bot_options(level)
    return make_bot(level, seed=seed, **{k: v for k, v in options.items() if k in taken})


class TableError(MillebornesError):
    """An action the table refuses before the rules see it; ``code`` says which case."""

    def __init__(self, reason: Phrase, code: str) -> None:
        ValueError.__init__(self, reason, code)
        self.reason = reason
        self.code = code


NOT_YOUR_TURN = "not-your-turn"
GAME_OVER = "game-over"
NOT_SAVED = "not-saved"


@dataclass(frozen=True)
class Player:
    """Who sits at a seat: a name (None until a person takes a free seat), and a bot level or
    None for a person. ``auto_coup_fourre``: a person who always calls a coup-fourré at once."""

    name: str | None = None
    level: str | None = None
    auto_coup_fourre: bool = False

    @property
    def is_person(self) -> bool:
        return self.level is None

    def to_meta(self) -> dict[str, Any]:
        return {"name": self.name, "level": self.level, "auto_coup_fourre": self.auto_coup_fourre}

    @classmethod
    def from_meta(cls, data: dict[str, Any]) -> Player:
        # Rooms stored before the shared table named a seat's level "bot".
        level = data.get("level", data.get("bot"))
        return cls(data.get("name"), level, bool(data.get("auto_coup_fourre", False)))


@dataclass(frozen=True)
class Timing:
    """The table's clocks, in seconds. None: no limit (the question waits for its answer)."""

    coup_fourre_seconds: float | None = None  # a person's time to answer; then "decline"
    extension_seconds: float | None = None  # a person's time to decide; then "finish"
    settle_seconds: float = 0.0  # the hold after every attack that could be answered
    deal_pause: float | None = 0.0  # how long bots wait after a deal; None: until next_deal()


@dataclass(frozen=True)
class Played:
    """An action as the table saw it: who, what, in which deal, the safety a coup-fourré
    was called with (the action's notation does not name it), whether a bot took it for a
    person away and whether the clock gave it as a question's time ran out (both known while the
    table runs: the record keeps actions only)."""

    deal: int  # 0-based index of the deal in the match
    seat: int
    action: Action
    safety: Card | None = None
    stand_in: bool = False
    timed_out: bool = False  # a question's default answer, given when its time ran out

    @property
    def is_private(self) -> bool:
        """Only the seat that declined a coup-fourré may know it was offered."""
        return self.action.verb == Verb.DECLINE

    def seen_by(self, recipient: Recipient) -> bool:
        return not self.is_private or self.seat == recipient


@dataclass(frozen=True)
class DealResult:
    """A finished deal's itemised score and the match totals after it."""

    deal: int  # 0-based
    sheets: list[dict[str, int]]
    totals: list[int]


@dataclass(frozen=True)
class Event:
    """What one recipient is told: its view now, the moves it has just seen, and the result of
    the deal those moves ended. A recipient is told nothing when it would learn nothing.

    When a deal ends, a recipient gets two events: the final table with the last moves and the
    ``result``, then the next deal's table."""

    recipient: Recipient
    view: PublicView  # a View for a seat
    deal: int  # 0-based index of the deal ``view`` shows
    moves: tuple[Played, ...] = ()
    result: DealResult | None = None


class Commit:
    """The events of one change of the table, told only once its actions are stored.

    A database that cannot write now is tried again by the server's store until it can (the
    change is told once stored, however long that takes: ``GameStore.queue``). A store that
    refuses the change leaves nothing told: :meth:`wait` puts the table back as the store kept
    it and refuses the change (``TableError`` ``not-saved``), as the terminal game shows;
    :meth:`stored` raises the store's error, on which the server lets the room go, to be
    loaded again from the store (it cannot read the store back in its event loop)."""

    def __init__(
        self, events: list[Event], actions: list[Future[int]], restore: Callable[[], None]
    ) -> None:
        self._events = events
        self._actions = actions
        self._restore = restore

    def wait(self) -> list[Event]:
        """The events, once every action is committed (blocking)."""
        try:
            for action in self._actions:
                action.result()
        except Exception:
            self._restore()
            raise TableError(Phrase("refusal.not_saved"), NOT_SAVED) from None
        return self._events

    async def stored(self) -> list[Event]:
        """The events, once every action is committed (awaited in an event loop)."""
        for action in self._actions:
            await asyncio.wrap_future(action)
        return self._events


@dataclass(frozen=True)
class Hand:
    """A seat's hand as both games lay it out: sorted once as dealt, then each card kept in its
    place, a card drawn in the place the last one played left (else at the end), so that no
    card moves under the player's fingers. ``places`` holds None where a card left and none
    came yet; ``new`` the places of the cards just drawn."""

    places: tuple[Card | None, ...]
    new: frozenset[int] = frozenset()


def keep_places(
    places: Sequence[Card | None], hand: Sequence[Card]
) -> tuple[list[Card | None], set[int]]:
    """The hand laid out so that no card changes its place: each card of ``places`` (the hand as
    it was, None where a card left) still in ``hand`` keeps its place (of two copies, the one
    further on stays), and the cards new to it fill the empty places first, then go at the end.
    Returns the places and those of the new cards (none when ``places`` is empty: a hand seen
    first)."""
    still = Counter(hand)
    kept: list[Card | None] = []
    for card in reversed(places):  # of two copies, the first is the one that left
        if card is not None and still[card] > 0:
            still[card] -= 1
            kept.append(card)
        else:
            kept.append(None)
    kept.reverse()
    new: set[int] = set()
    for card in hand:
        if still[card] == 0:
            continue
        still[card] -= 1
        place = kept.index(None) if None in kept else len(kept)
        if place == len(kept):
            kept.append(card)
        else:
            kept[place] = card
        new.add(place)
    while kept and kept[-1] is None:
        kept.pop()
    return kept, new if places else set()


def laid_out(hands: Iterable[Sequence[Card]]) -> list[Hand]:
    """A seat's successive ``hands`` in a deal laid out as the table lays them: the first as
    dealt, then each card kept in its place (:func:`keep_places`), a hand that did not change
    kept as it was; so that a replay of the deal numbers the hand as the game did."""
    laid: list[Hand] = []
    for hand in hands:
        if not laid:
            laid.append(Hand(tuple(hand)))
            continue
        places = laid[-1].places
        if Counter(card for card in places if card is not None) == Counter(hand):
            laid.append(laid[-1])
            continue
        kept, new = keep_places(places, hand)
        laid.append(Hand(tuple(kept), frozenset(new)))
    return laid


@dataclass(frozen=True)
class _Laid:
    """A seat's hand as laid out once ``version`` actions were taken, in deal ``deal``."""

    deal: int
    version: int
    counts: tuple[int, ...]  # the deal's count of each card in that hand, to see it change
    hand: Hand


@dataclass(frozen=True)
class BotTurn:
    """A decision a bot must take now; :meth:`Table.play_bot` drops it if the table moved on."""

    seat: int
    bot: Bot
    view: View
    version: int


@dataclass(frozen=True)
class _Told:
    view: PublicView
    deal: int
    upto: int  # how many actions of the log had been taken when it was told


@dataclass(frozen=True)
class _Hold:
    """The seat that plays next if nobody answers an attack, told nothing until ``until`` and
    until the question is settled; ``before`` is what it keeps seeing meanwhile."""

    seat: int
    until: float
    version: int  # the log's length once the attack was taken
    before: _Told


class Table:
    """A match being played: create one with :meth:`create`, or :meth:`load` a stored one.

    The table is synchronous: an interface calls it from one place at a time (the terminal's UI
    thread, a room under its lock on the server), runs bots' ``choose`` wherever it likes, and
    calls :meth:`tick` when :meth:`due` says a clock runs out.
    """

    def __init__(
        self,
        store: GameStore,
        game: StoredGame,
        *,
        timing: Timing | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.store = store
        self.game_id = game.id
        self.settings = game.settings
        self.players = [Player.from_meta(seat) for seat in game.meta["seats"]]
        self.language: str = game.meta.get("language", "en")
        self.timing = timing or Timing()
        self.clock = clock
        self._stand_ins: dict[int, Bot] = {}
        self._standing_in: set[int] = set()
        self._unstored: StoredGame | None = None  # created, not yet stored (Table.create)
        self._replay(game.actions)

    @classmethod
    def create(
        cls,
        store: GameStore,
        *,
        rules: str,
        players: list[Player],
        race: int | None = None,
        single_deal: bool = False,
        seed: int | None = None,
        language: str = "en",
        timing: Timing | None = None,
        meta: dict[str, Any] | None = None,
        game_id: str | None = None,
        clock: Callable[[], float] = time.monotonic,
        store_now: bool = True,
        start: str | None = None,
    ) -> Table:
        """A new match with its settings and who sits where; ``meta`` holds what the interface
        keeps besides. It is stored at once, or with ``store_now=False`` with its first action,
        so that a game left before anyone played leaves nothing to resume. ``start``: the first
        deal's position (:class:`~millebornes.core.match.Match`), kept in the settings so that
        the game replays."""
        settings: dict[str, Any] = {
            "rules": rules,
            "players": len(players),
            "race": race,
            "target": None if single_deal else DEFAULT_TARGET,
            "seed": new_seed() if seed is None else seed,
        }
        if start is not None:
            settings["start"] = start
        stored = {**(meta or {}), **_seating(players, language)}
        if store_now:
            game_id = store.create(settings, stored, game_id=game_id)
            return cls(store, store.load(game_id), timing=timing, clock=clock)
        now = time.time()
        game = StoredGame(game_id or uuid.uuid4().hex, settings, stored, [], False, now, now)
        new_match(settings)  # settings refused now, as the store would
        table = cls(store, game, timing=timing, clock=clock)
        table._unstored = game
        return table

    @property
    def is_stored(self) -> bool:
        """Whether the store holds the game (one created with ``store_now=False`` waits for
        its first action)."""
        return self._unstored is None

    def _replay(self, actions: Iterable[str]) -> None:
        """Bring the match to where the stored actions left it, bots reminded of what their
        seats saw, and any open question asked again with a full clock."""
        self.match = new_match(self.settings)
        seed = int(self.settings["seed"])
        self.bots: dict[int, Bot] = {
            seat: make_level_bot(player.level, bot_seed(seed, seat))
            for seat, player in enumerate(self.players)
            if player.level is not None
        }
        self.log: list[Played] = []
        self.results: list[DealResult] = []
        self._hold: _Hold | None = None
        self._question: tuple[int, float] | None = None  # the seat asked, until when
        self._bots_wait_until: float | None = 0.0
        self._laid: list[list[_Laid]] = [[] for _ in self.players]
        self._lay_deal(0)
        recap = Recap(self.bots)
        for text in actions:
            recap.before(self.match)
            self._apply(as_action(text))
        recap.remind()
        self._told = {recipient: self._current(recipient) for recipient in self.recipients}
        if self._hold is not None and self._asking(self._hold):
            self._told[self._hold.seat] = self._hold.before
        else:
            self._hold = None
        queued: list[Future[int]] = []
        self._ask(queued)  # a person who calls every coup-fourré answers one left open
        for action in queued:
            action.result()

    # ----------------------------------------------------------------- who sits where

    @property
    def recipients(self) -> list[Recipient]:
        return [*range(len(self.players)), None]

    @property
    def version(self) -> int:
        """The number of actions taken: a bot's answer counts only if it has not changed."""
        return len(self.log)

    @property
    def is_over(self) -> bool:
        return self.match.is_over

    @property
    def deal_index(self) -> int:
        """The 0-based index of the deal in play (of the last one once the match is over)."""
        return self.match.deal_index

    def names(self) -> list[str]:
        return [player.name or f"#{n + 1}" for n, player in enumerate(self.players)]

    def side_names(self) -> list[str]:
        return teams(self.names(), self.match.deal.sides_count)

    def is_person(self, seat: int) -> bool:
        return self.players[seat].is_person

    @property
    def people(self) -> list[int]:
        return [seat for seat, player in enumerate(self.players) if player.is_person]

    def keep_meta(self, meta: dict[str, Any]) -> None:
        """Store the interface's ``meta`` again (something of its own changed), with who sits
        where."""
        self._store_created()
        self.store.set_meta(self.game_id, {**meta, **_seating(self.players, self.language)})

    def seat_player(self, seat: int, player: Player, meta: dict[str, Any]) -> None:
        """Seat ``player`` at a free seat (a person, or a bot of a level: the one a replay
        makes), stored with the interface's ``meta``."""
        previous = self.players[seat]
        self.players[seat] = player
        try:
            self._store_created()
            self.store.set_meta(self.game_id, {**meta, **_seating(self.players, self.language)})
        except Exception:
            self.players[seat] = previous
            raise
        if player.level is not None:
            seed = bot_seed(int(self.settings["seed"]), seat)
            self.bots[seat] = make_level_bot(player.level, seed)

    def stand_in(self, seat: int, active: bool) -> None:
        """Let a bot play for the person at ``seat`` (away too long), or stop it."""
        if active:
            self._standing_in.add(seat)
        else:
            self._standing_in.discard(seat)

    def _bot_for(self, seat: int) -> Bot | None:
        if seat in self.bots:
            return self.bots[seat]
        if seat not in self._standing_in:
            return None
        if seat not in self._stand_ins:
            seed = bot_seed(int(self.settings["seed"]), seat, "stand-in")
            self._stand_ins[seat] = make_level_bot(STAND_IN_LEVEL, seed)
        return self._stand_ins[seat]

    # ----------------------------------------------------------------- what is told

    def told(self, recipient: Recipient) -> PublicView:
        """The view ``recipient`` was last told: a seat held after an attack has not seen it."""
        return self._told[recipient].view

    def told_deal(self, recipient: Recipient) -> int:
        """The 0-based index of the deal ``recipient`` was last told of."""
        return self._told[recipient].deal

    def seen_log(self, recipient: Recipient) -> list[Played]:
        """The moves ``recipient`` has been told of, every deal, oldest first."""
        upto = self._told[recipient].upto
        return [p for p in self.log[:upto] if p.seen_by(recipient)]

    def hand(self, seat: int, deal: int | None = None) -> Hand:
        """``seat``'s hand as laid out in the view it was last told (or the final table of
        ``deal``, 0-based): derived from the actions alone, so a resumed game lays it out as
        it was."""
        told = self._told[seat]
        deal = told.deal if deal is None else deal
        for entry in reversed(self._laid[seat]):
            if entry.deal == deal and entry.version <= told.upto:
                return entry.hand
        finished = self.match.finished
        return Hand(tuple((finished[deal] if deal < len(finished) else self.match.deal).hand(seat)))

    def why_not(self, seat: int) -> dict[Card, list[Phrase]]:
        """Why each card of ``seat``'s hand that can be neither played nor attack with cannot,
        while it is that seat's turn: the rules' refusal (a hazard's, for each other side)."""
        view = self.told(seat)
        if not isinstance(view, View) or view.decision != Decision.TURN:
            return {}
        if self.waiting_on() != seat:
            return {}
        deal = self.match.deal
        usable = {a.card for a in view.legal if a.verb in (Verb.PLAY, Verb.ATTACK)}
        others = [side for side in range(deal.sides_count) if side != view.side]
        reasons: dict[Card, list[Phrase]] = {}
        for card in dict.fromkeys(view.hand):
            if card in usable:
                continue
            if card.is_hazard:
                tried = [Action(Verb.ATTACK, card, side) for side in others]
            else:
                tried = [PLAYS[card]]
            why = [deal.why_illegal(action) for action in tried]
            reasons[card] = [phrase for phrase in why if phrase is not None]
        return reasons

    def why_not_words(self, seat: int, language: str) -> dict[Card, str]:
        """:meth:`why_not` in ``language``, the sides named as the table names them."""
        sides = self.side_names()
        return {
            card: "; ".join(word(phrase, language, sides) for phrase in phrases)
            for card, phrases in self.why_not(seat).items()
        }

    def describe(self, played: Played, viewer: Recipient, language: str | None = None) -> str:
        """``played`` in plain words for ``viewer`` (that seat is "you"; a move a bot made
        standing in for a person is the bot's, even for that person)."""
        deal = self.match.deal
        names = self.names()
        if played.stand_in:
            language = language or self.language
            names[played.seat] = say(language, "narrate.stand_in", name=names[played.seat])
            viewer = None if viewer == played.seat else viewer
        return describe(
            played.action,
            played.seat,
            names,
            viewer=viewer,
            viewer_side=None if viewer is None else deal.side_of(viewer),
            teams=deal.sides_count < deal.players,
            sides=self.side_names(),
            safety=played.safety,
            timed_out=played.timed_out,
            language=language or self.language,
        )

    def _current(self, recipient: Recipient) -> _Told:
        deal = self.match.deal
        view = deal.public_view() if recipient is None else deal.view(recipient)
        return _Told(view, self.deal_index, len(self.log))

    def _tell(self, recipients: Iterable[Recipient]) -> list[Event]:
        """An event for each recipient that has something new to see."""
        events = []
        for recipient in recipients:
            if recipient is not None and self.is_held(recipient):
                continue
            before = self._told[recipient]
            now = self._current(recipient)
            unseen = [p for p in self.log[before.upto :] if p.seen_by(recipient)]
            if not unseen and now.view == before.view:
                continue
            self._told[recipient] = now
            ended = sorted({p.deal for p in unseen if p.deal < now.deal})
            for deal in ended:  # the final table of each deal that ended, with its score
                final = self.match.finished[deal]
                view = final.public_view() if recipient is None else final.view(recipient)
                moves = tuple(p for p in unseen if p.deal == deal)
                events.append(Event(recipient, view, deal, moves, self.results[deal]))
            moves = tuple(p for p in unseen if p.deal == now.deal)
            if moves or not ended or now.view != before.view:
                result = self.results[now.deal] if self.is_over else None
                events.append(Event(recipient, now.view, now.deal, moves, result))
        return events

    # ----------------------------------------------------------------- clocks

    def is_held(self, seat: int) -> bool:
        return self._hold is not None and self._hold.seat == seat

    def question_deadline(self, seat: int) -> float | None:
        """When the question ``seat`` is asked gets its default answer (None: it waits)."""
        question = self._question
        return question[1] if question is not None and question[0] == seat else None

    def due(self) -> float | None:
        """When :meth:`tick` next has something to do: a question's time-out, the end of a
        hold, or of the bots' pause after a deal."""
        times = [None if self._question is None else self._question[1]]
        times.append(self._bots_wait_until or None)
        if self._hold is not None and not self._asking(self._hold):
            # A hold outlasts its time while the question is open: the answer ends it.
            times.append(self._hold.until)
        pending = [t for t in times if t is not None]
        return min(pending) if pending else None

    def tick(self) -> Commit:
        """Give the default answer to a question whose time ran out, end a hold or a pause
        whose time came; what that tells."""
        now = self.clock()
        if self._bots_wait_until is not None and self._bots_wait_until <= now:
            self._bots_wait_until = 0.0
        if self._question is not None and self._question[1] <= now:
            seat = self._question[0]
            coup_fourre = self.match.deal.decision == Decision.COUP_FOURRE
            action = DECLINE_COUP_FOURRE if coup_fourre else FINISH_RACE
            return self._commit(seat, action, timed_out=True)
        queued: list[Future[int]] = []
        return Commit(self._release(queued), queued, self._restore)

    def next_deal(self) -> None:
        """Let bots play the next deal now: the players have seen the score."""
        self._bots_wait_until = 0.0

    def hold_pause(self, seconds: float) -> None:
        """Keep bots waiting after a deal at least ``seconds`` more (a player reads its review);
        a pause with no limit keeps none."""
        until = self._bots_wait_until
        if until is not None and until > self.clock():
            self._bots_wait_until = max(until, self.clock() + seconds)

    @property
    def pausing(self) -> bool:
        """Whether bots wait after a deal, for :meth:`next_deal` or the end of the pause."""
        return self._bots_wait_until is None or self._bots_wait_until > self.clock()

    @property
    def pause_left(self) -> float | None:
        """Seconds until the bots start the next deal by themselves (None: not pausing, or
        waiting for :meth:`next_deal` with no limit)."""
        until = self._bots_wait_until
        return until - self.clock() if until is not None and self.pausing else None

    # ----------------------------------------------------------------- decisions

    def waiting_on(self) -> int | None:
        """The seat whose decision the table waits for now, if anyone may decide."""
        seat = self.match.to_act
        if seat is None or self.is_held(seat):
            return None
        return seat

    def bot_turn(self) -> BotTurn | None:
        """The decision a bot must take now, if any (never during a hold, nor while bots pause
        after a deal)."""
        seat = self.waiting_on()
        if seat is None or self.pausing:
            return None
        bot = self._bot_for(seat)
        if bot is None:
            return None
        return BotTurn(seat, bot, self.match.view(seat), self.version)

    def play_bot(self, turn: BotTurn, action: Action) -> Commit:
        """The bot's answer to ``turn``; nothing if the table moved on meanwhile."""
        if turn.version != self.version or self._bot_for(turn.seat) is not turn.bot:
            return Commit([], [], self._restore)
        return self._commit(turn.seat, action, stand_in=turn.seat not in self.bots)

    def act(self, seat: int, action: Action | str) -> Commit:
        """A person's action for ``seat``: checked, applied, stored, then told.

        Raises :class:`TableError` (not this seat's turn, the game is over, the store failed)
        or :class:`~millebornes.core.errors.IllegalActionError` (the rules say no, and why)."""
        if self.is_over:
            raise TableError(Phrase("refusal.game_over"), GAME_OVER)
        if self.waiting_on() != seat:
            raise TableError(Phrase("refusal.not_your_turn"), NOT_YOUR_TURN)
        return self._commit(seat, as_action(action))

    def run_bots(self) -> list[Event]:
        """Let bots decide until a person must or a clock must run (scripts and tests)."""
        events: list[Event] = []
        while (turn := self.bot_turn()) is not None:
            events += self.play_bot(turn, turn.bot.choose(turn.view)).wait()
        return events

    def replace_failed_bot(self, turn: BotTurn) -> None:
        """A bot whose ``choose`` raised: a random bot plays on for that seat, so that a bug in
        one bot never stops a table."""
        bots = self.bots if turn.seat in self.bots else self._stand_ins
        bots[turn.seat] = make_bot("random", seed=turn.version)

    # ----------------------------------------------------------------- changes

    def _commit(
        self, seat: int, action: Action, stand_in: bool = False, *, timed_out: bool = False
    ) -> Commit:
        """Take ``action`` and any the table takes at once after it (a person's automatic
        coup-fourré), each queued for the store: their events, told once they are stored."""
        queued: list[Future[int]] = []
        events = self._take(seat, action, stand_in, queued, timed_out=timed_out)
        return Commit(events, queued, self._restore)

    def _restore(self) -> None:
        """Put the match back as the store kept it (a change it could not store)."""
        self._replay((self._unstored or self.store.load(self.game_id)).actions)

    def _take(
        self,
        seat: int,
        action: Action,
        stand_in: bool,
        queued: list[Future[int]],
        *,
        timed_out: bool = False,
    ) -> list[Event]:
        """Apply, queue for the store (``queued``), and say what each recipient will be told."""
        deals = len(self.match.finished)
        self._apply(action, stand_in, timed_out)  # an IllegalActionError here changes nothing
        try:
            self._store_created()
        except Exception:
            self._restore()
            raise TableError(Phrase("refusal.not_saved"), NOT_SAVED) from None
        number = len(self.log) - 1  # its place in the game: see GameStore.queue
        stored = self.store.queue(self.game_id, str(action), finished=self.is_over, number=number)
        queued.append(stored)
        if len(self.match.finished) > deals and not self.is_over:
            pause = self.timing.deal_pause
            self._bots_wait_until = None if pause is None else self.clock() + pause
        events = self._tell(self.recipients)
        return events + self._ask(queued) + self._release(queued)

    def _store_created(self) -> None:
        """Store a game created with ``store_now=False``, once something must be kept."""
        game = self._unstored
        if game is not None:
            self.store.create(game.settings, game.meta, game_id=game.id)
            self._unstored = None

    def _apply(self, action: Action, stand_in: bool = False, timed_out: bool = False) -> None:
        deal = self.match.deal
        index = len(self.match.finished)
        safety = None
        if action.verb == Verb.COUP_FOURRE and deal.attack is not None:
            safety = SAFETY_FOR[Card(deal.attack[1])]
        hazard, target = action.card, action.target
        before = deal.copy() if target is not None else None  # an attack: the table it hit
        self.match.apply(action)  # after the end of the match too, the rules refuse it
        played = Played(index, deal.played_by[-1], action, safety, stand_in, timed_out)
        self.log.append(played)
        self._lay(deal, index)
        if len(self.match.finished) > index:
            finished = self.match.finished[-1]
            self.results.append(DealResult(index, finished.score(), list(self.match.scores)))
            if not self.match.is_over:
                self._lay_deal(index + 1)
        if before is not None and hazard is not None and target is not None:
            self._hold_after(hazard, target, before, index)

    def _lay_deal(self, index: int) -> None:
        """Each hand of deal ``index`` (0-based) as dealt, sorted once; of the deal before, only
        its final hands are kept (for its final table)."""
        deal = self.match.deal
        for seat, laid in enumerate(self._laid):
            laid[:] = [entry for entry in laid if entry.deal == index - 1][-1:]
            hand = Hand(tuple(deal.hand(seat)))
            laid.append(_Laid(index, len(self.log), tuple(deal.hands[seat]), hand))

    def _lay(self, deal: Deal, index: int) -> None:
        """Each hand the last action changed in ``deal`` (deal ``index``), laid out anew."""
        for seat, laid in enumerate(self._laid):
            counts = tuple(deal.hands[seat])
            if counts == laid[-1].counts:
                continue
            places, new = keep_places(laid[-1].hand.places, deal.hand(seat))
            hand = Hand(tuple(places), frozenset(new))
            laid.append(_Laid(index, len(self.log), counts, hand))

    def _hold_after(self, hazard: Card, target: int, before: Deal, deal_index: int) -> None:
        """Hold the seat that plays next if nobody answers the attack of ``target`` with
        ``hazard``, unless the table shows that nobody can (its safety is in sight) or that
        seat alone could (it is asked, or it is the only seat of the attacked side)."""
        deal = self.match.deal
        public = deal.public_view()
        safety = SAFETY_FOR[hazard]
        in_sight = any(safety in side.safeties for side in public.sides) or (
            safety in public.discard
        )
        nxt = public.to_act
        if in_sight or nxt is None or deal.to_act == nxt:
            return
        if set(deal.seats_of(target)) <= {nxt}:
            return
        view = before.public_view() if nxt is None else before.view(nxt)
        until = self.clock() + self.timing.settle_seconds
        self._hold = _Hold(nxt, until, len(self.log), _Told(view, deal_index, len(self.log) - 1))

    def _ask(self, queued: list[Future[int]]) -> list[Event]:
        """Start the clock of a person's question, or answer it at once for a person who calls
        every coup-fourré (that action ``queued`` for the store)."""
        self._question = None
        seat = self.waiting_on()
        if seat is None or not self.players[seat].is_person:
            return []
        decision = self.match.deal.decision
        if decision == Decision.COUP_FOURRE and self.players[seat].auto_coup_fourre:
            return self._take(seat, CALL_COUP_FOURRE, False, queued)
        limit = {
            Decision.COUP_FOURRE: self.timing.coup_fourre_seconds,
            Decision.EXTENSION: self.timing.extension_seconds,
        }.get(decision)
        if limit is not None:
            self._question = (seat, self.clock() + limit)
        return []

    def _asking(self, hold: _Hold) -> bool:
        """Whether the question of the attack behind ``hold`` is still open."""
        deal = self.match.deal
        return self.deal_index == hold.before.deal and deal.decision == Decision.COUP_FOURRE

    def _release(self, queued: list[Future[int]]) -> list[Event]:
        """Tell the held seat what it missed, once the question is settled and either its time
        has passed or a coup-fourré told everyone anyway."""
        hold = self._hold
        if hold is None:
            return []
        called = any(p.action.verb == Verb.COUP_FOURRE for p in self.log[hold.version :])
        if self._asking(hold) or (hold.until > self.clock() and not called):
            return []
        self._hold = None
        return self._tell([hold.seat]) + self._ask(queued)


def _seating(players: list[Player], language: str) -> dict[str, Any]:
    """What the store keeps of who sits where, besides the interface's own data."""
    return {"seats": [player.to_meta() for player in players], "language": language}
