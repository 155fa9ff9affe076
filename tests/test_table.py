"""The shared table on its own: no Textual, no server."""

from __future__ import annotations

import asyncio
import dataclasses
import random
from concurrent.futures import Future
from typing import ClassVar

import pytest

from millebornes import IllegalActionError
from millebornes.bots.master import MasterBot
from millebornes.core.actions import DECLINE_COUP_FOURRE, Action, Decision, Verb
from millebornes.core.cards import SAFETY_FOR, Card
from millebornes.core.match import Match
from millebornes.core.view import View
from millebornes.store import GameStore, StoreError
from millebornes.table import (
    NOT_YOUR_TURN,
    Event,
    Player,
    Table,
    TableError,
    Timing,
    keep_places,
)


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def people(count: int) -> list[Player]:
    return [Player(f"P{seat}") for seat in range(count)]


def new_table(
    players: list[Player], *, rules: str = "dujardin", seed: int = 1, **options: object
) -> Table:
    return Table.create(GameStore(":memory:"), rules=rules, players=players, seed=seed, **options)  # type: ignore[arg-type]


def by_recipient(events: list[Event]) -> dict[int | None, list[Event]]:
    told: dict[int | None, list[Event]] = {}
    for event in events:
        told.setdefault(event.recipient, []).append(event)
    return told


# ----------------------------------------------------------------- a whole match


def test_a_match_between_bots_plays_to_its_end_and_replays_from_the_store() -> None:
    store = GameStore(":memory:")
    players = [Player("A", "easy"), Player("B", "medium"), Player("C", "easy")]
    table = Table.create(store, rules="dujardin", players=players, seed=3)
    events = table.run_bots()
    assert table.is_over
    assert max(table.match.scores) >= 5000
    stored = store.load(table.game_id)
    assert stored.finished
    assert len(stored.actions) == table.version
    assert stored.replay().scores == table.match.scores
    # Each deal's end reaches every seat and the spectators, with the same result.
    results = [(e.recipient, e.result.deal) for e in events if e.result is not None]
    deals = len(table.results)
    assert sorted(results, key=str) == sorted(
        [(r, d) for r in table.recipients for d in range(deals)], key=str
    )
    # Spectators get public views: no hand, no legal actions, at any time.
    for event in events:
        if event.recipient is None:
            assert not isinstance(event.view, View)
            assert "hand" not in event.view.to_dict()


def test_a_persons_action_is_stored_before_it_is_told_and_refused_out_of_turn() -> None:
    store = GameStore(":memory:")
    table = Table.create(store, rules="dujardin", players=people(2), seed=7)
    first = table.waiting_on()
    assert first == 0
    with pytest.raises(TableError) as refused:
        table.act(1, "discard 25").wait()
    assert refused.value.code == NOT_YOUR_TURN
    with pytest.raises(IllegalActionError):
        table.act(0, "play 200").wait()  # not rolling yet
    assert store.load(table.game_id).actions == []
    action = table.match.view(0).legal[0]
    events = table.act(0, action).wait()
    assert store.load(table.game_id).actions == [str(action)]
    told = by_recipient(events)
    assert set(told) == {0, 1, None}
    assert all(event.moves[-1].action == action for event in events)
    assert told[1][0].view.hand_sizes[1] == 7  # seat 1 has drawn for its turn
    assert table.told(1) == table.match.view(1)


def test_a_failed_write_tells_nobody_and_keeps_the_stored_game() -> None:
    class FailingStore(GameStore):
        fail = False

        def queue(
            self, game_id: str, action: str, *, finished: bool = False, number: int | None = None
        ) -> Future[int]:
            if not self.fail:
                return super().queue(game_id, action, finished=finished, number=number)
            refused: Future[int] = Future()  # as the writer says a commit that failed
            refused.set_exception(StoreError("disk full"))
            return refused

    store = FailingStore(":memory:")
    table = Table.create(store, rules="dujardin", players=people(2), seed=7)
    before = table.match.view(0)
    store.fail = True
    with pytest.raises(TableError):
        table.act(0, before.legal[0]).wait()
    assert table.match.view(0) == before
    assert table.version == 0
    assert table.told(0) == before


def test_a_change_is_told_only_once_its_actions_are_stored() -> None:
    """The commit hands out the events when the store's writer says the action is committed,
    not before; and the store then holds it."""

    class HeldStore(GameStore):
        held: ClassVar[list[tuple[Future[int], Future[int]]]] = []

        def queue(
            self, game_id: str, action: str, *, finished: bool = False, number: int | None = None
        ) -> Future[int]:
            told: Future[int] = Future()
            stored = super().queue(game_id, action, finished=finished, number=number)
            self.held.append((stored, told))
            return told

    async def play() -> None:
        store = HeldStore(":memory:")
        table = Table.create(store, rules="dujardin", players=people(2), seed=7)
        action = table.match.view(0).legal[0]
        told = asyncio.ensure_future(table.act(0, action).stored())
        for _ in range(10):
            await asyncio.sleep(0)
        assert not told.done()
        ((committed, release),) = store.held
        release.set_result(committed.result())
        events = await told
        assert {event.recipient for event in events} == {0, 1, None}
        assert store.load(table.game_id).actions == [str(action)]

    asyncio.run(play())


def test_a_game_created_to_store_later_is_stored_with_its_first_action() -> None:
    store = GameStore(":memory:")
    table = Table.create(
        store, rules="dujardin", players=people(2), seed=7, meta={"by": "test"}, store_now=False
    )
    assert not table.is_stored
    assert store.game_ids() == []
    with pytest.raises(IllegalActionError):
        table.act(0, "play 200").wait()  # refused: still nothing stored
    assert store.game_ids() == []
    action = table.match.view(0).legal[0]
    table.act(0, action).wait()
    assert table.is_stored
    assert store.game_ids() == [table.game_id]
    stored = store.load(table.game_id)
    assert stored.actions == [str(action)]
    assert stored.meta["by"] == "test"
    assert Table(store, stored).match.view(1) == table.match.view(1)


def test_a_failed_first_write_keeps_a_game_created_to_store_later_unstored() -> None:
    class FailingStore(GameStore):
        def create(self, *args: object, **kwargs: object) -> str:
            raise OSError("disk full")

    store = FailingStore(":memory:")
    table = Table.create(store, rules="dujardin", players=people(2), seed=7, store_now=False)
    before = table.match.view(0)
    with pytest.raises(TableError):
        table.act(0, before.legal[0]).wait()
    assert table.match.view(0) == before
    assert not table.is_stored


# ----------------------------------------------------------------- questions


def find_question(players: int, seed: int, eager: bool = True) -> tuple[list[str], Action, int]:
    """The actions of a seeded random deal up to an attack that asks a coup-fourré, the attack
    and the seat asked; LookupError if the deal has none. The stock keeps two cards or more, so
    that the next draw is the same card with the safety moved to its bottom.
    ``eager``: the first such attack, else one chance in two at each."""
    table = new_table(people(players), seed=seed)
    rng = random.Random(seed)
    actions: list[str] = []
    while not table.match.deal.is_over:
        deal = table.match.deal
        seat = table.waiting_on()
        assert seat is not None
        legal = deal.legal_actions()
        questions = []
        for action in legal:
            if action.verb == Verb.ATTACK and len(deal.stock) >= 2:
                assert action.card is not None
                assert action.target is not None
                safety = int(SAFETY_FOR[action.card])
                holders = [s for s in deal.seats_of(action.target) if deal.hands[s][safety]]
                if holders:
                    questions.append((action, holders[0]))
        if questions and (eager or rng.random() < 0.5):
            attack, asked = rng.choice(questions)
            return actions, attack, asked
        action = rng.choice([a for a in legal if a.verb != Verb.ATTACK] or legal)
        table.act(seat, action).wait()
        actions.append(str(action))
    raise LookupError(f"no coup-fourré question in deal {seed}")


def first_question(players: int) -> tuple[int, list[str], Action, int]:
    for seed in range(100):
        try:
            return (seed, *find_question(players, seed))
        except LookupError:
            continue
    raise AssertionError("no coup-fourré question in 100 deals")


def test_a_persons_coup_fourre_question_is_declined_when_its_time_runs_out() -> None:
    seed, actions, attack, asked = first_question(2)
    clock = Clock()
    timing = Timing(coup_fourre_seconds=10)
    table = new_table(people(2), seed=seed, timing=timing, clock=clock)
    for action in actions:
        table.act(table.waiting_on() or 0, action).wait()
    table.act(table.waiting_on() or 0, attack).wait()
    assert table.waiting_on() == asked
    assert table.match.deal.decision == Decision.COUP_FOURRE
    assert table.question_deadline(asked) == clock.now + 10
    clock.now += 9.9
    assert table.tick().wait() == []
    assert table.waiting_on() == asked
    clock.now += 0.2
    table.tick().wait()
    assert table.log[-1].action == DECLINE_COUP_FOURRE
    assert table.log[-1].seat == asked
    assert table.store.load(table.game_id).actions[-1] == "decline"
    # Told as a timeout, not as a choice.
    assert table.log[-1].timed_out
    assert table.describe(table.log[-1], asked) == "Time ran out: the attack passed"
    assert table.describe(table.log[-1], asked, "fr") == "Temps écoulé : l'attaque est passée"
    chosen = dataclasses.replace(table.log[-1], timed_out=False)
    assert table.describe(chosen, asked) == "You let the attack pass"


def test_a_question_without_a_clock_waits_for_its_answer() -> None:
    seed, actions, attack, asked = first_question(2)
    clock = Clock()
    table = new_table(people(2), seed=seed, clock=clock)
    for action in [*actions, str(attack)]:
        table.act(table.waiting_on() or 0, action).wait()
    clock.now += 3600
    assert table.tick().wait() == []
    assert table.due() is None
    table.act(asked, "coup-fourre").wait()
    assert table.log[-1].safety == SAFETY_FOR[attack.card]  # type: ignore[index]
    assert table.match.view(0).sides[asked].coups_fourres == (table.log[-1].safety,)


def test_a_person_who_calls_every_coup_fourre_answers_at_once() -> None:
    seed, actions, attack, asked = first_question(2)
    players = people(2)
    players[asked] = Player("Quick", auto_coup_fourre=True)
    table = new_table(players, seed=seed)
    for action in actions:
        table.act(table.waiting_on() or 0, action).wait()
    events = table.act(table.waiting_on() or 0, attack).wait()
    assert [p.action.verb for p in table.log[-2:]] == [Verb.ATTACK, Verb.COUP_FOURRE]
    assert table.log[-1].safety == SAFETY_FOR[attack.card]  # type: ignore[index]
    assert table.waiting_on() == asked  # its own turn after the coup-fourré
    assert any("coup-fourre" in [p.action.verb for p in e.moves] for e in events)


def test_a_persons_extension_question_finishes_the_race_when_its_time_runs_out() -> None:
    clock = Clock()
    timing = Timing(extension_seconds=5)

    def asked_to_extend(table: Table) -> bool:  # a call: mypy keeps no narrowing across bots' moves
        return table.match.deal.decision == Decision.EXTENSION

    for seed in range(100):
        table = new_table(
            [Player("Me"), Player("Bot", "easy")],
            rules="parker",
            seed=seed,
            timing=timing,
            clock=clock,
            single_deal=True,
        )
        rng = random.Random(seed)
        while not table.is_over and not asked_to_extend(table):
            table.run_bots()
            if table.waiting_on() == 0 and not asked_to_extend(table):
                legal = table.match.view(0).legal
                plays = [a for a in legal if a.verb == "play"]
                table.act(0, rng.choice(plays or list(legal))).wait()
        if asked_to_extend(table) and table.waiting_on() == 0:
            assert table.question_deadline(0) == clock.now + 5
            clock.now += 5
            table.tick().wait()
            assert table.log[-1].action.verb == "finish"
            assert table.describe(table.log[-1], 0) == "Time ran out: you stop at 700"
            assert table.describe(table.log[-1], None) == "Time ran out: Me stops at 700"
            assert table.is_over
            return
    raise AssertionError("no extension question found")


# ----------------------------------------------------------------- no leak


def play_world(
    seed: int, players: int, actions: list[str], attack: Action, asked: int, holds: bool
) -> dict[int | None, list[Event]]:
    """The events every recipient gets from the attack until the next seat has been told its
    turn: the asked seat declines (``holds``), or the safety was in the stock all along."""
    clock = Clock()
    table = new_table(people(players), seed=seed, timing=Timing(settle_seconds=2), clock=clock)
    for action in actions:
        table.act(table.waiting_on() or 0, action).wait()
    if not holds:  # the safety sits at the bottom of the stock instead of in the asked hand
        deal = table.match.deal
        assert attack.card is not None
        safety = int(SAFETY_FOR[attack.card])
        bottom = deal.stock[0]
        deal.hands[asked][safety] -= 1
        deal.hands[asked][bottom] += 1
        deal.stock[0] = safety
    events = table.act(table.waiting_on() or 0, attack).wait()
    clock.now += 0.5
    if holds:
        assert table.waiting_on() == asked
        events += table.act(asked, DECLINE_COUP_FOURRE).wait()
    events += table.tick().wait()
    clock.now += 2
    events += table.tick().wait()
    return by_recipient(events)


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 6])
def test_nobody_but_the_asked_seat_learns_of_a_coup_fourre_question(players: int) -> None:
    """Each attack that asks a coup-fourré, against the same deal with the safety in the stock
    instead: every other seat and the spectators are told exactly the same things."""
    checked = 0
    for seed in range(60):
        try:
            actions, attack, asked = find_question(players, seed, eager=False)
        except LookupError:
            continue
        held = play_world(seed, players, actions, attack, asked, holds=True)
        free = play_world(seed, players, actions, attack, asked, holds=False)
        for recipient in [*range(players), None]:
            if recipient != asked:
                assert held.get(recipient, []) == free.get(recipient, []), (seed, recipient)
        assert free.get(None), "the spectators saw the attack"
        checked += 1
    assert checked >= 40


# ----------------------------------------------------------------- resume


def reopened(table: Table) -> Table:
    """The same game loaded from another store holding the same record: a restart."""
    store = GameStore(":memory:")
    stored = table.store.load(table.game_id)
    store.create(stored.settings, stored.meta, game_id=stored.id)
    for action in stored.actions:
        store.append(stored.id, action)
    return Table(store, store.load(stored.id))


def with_budget(table: Table) -> Table:
    for bot in table.bots.values():
        if isinstance(bot, MasterBot):  # a small search budget: the beliefs do not depend on it
            # and no time cap, which a loaded machine would reach at different rollouts
            bot.config = dataclasses.replace(bot.config, iterations=30, seconds=None)
    return table


@pytest.mark.slow
@pytest.mark.parametrize("level", ["medium", "hard"])
def test_a_restarted_table_makes_the_same_bot_choices_as_one_that_went_on(level: str) -> None:
    players = [Player("Me"), Player("Bot", level), Player("Other", "easy")]
    going_on = with_budget(new_table(players, seed=5, single_deal=True))
    rng = random.Random(5)

    def step(table: Table, person: Action | None = None) -> Action:
        turn = table.bot_turn()
        if turn is None:
            seat = table.waiting_on()
            assert seat == 0
            assert person is not None
            table.act(seat, person).wait()
            return person
        action = turn.bot.choose(turn.view)
        table.play_bot(turn, action).wait()
        return action

    def person_move(table: Table) -> Action | None:
        if table.bot_turn() is not None:
            return None
        return rng.choice(table.match.view(0).legal)

    for _ in range(25):
        step(going_on, person_move(going_on))
    restarted = with_budget(reopened(going_on))
    assert restarted.match.deal == going_on.match.deal
    bot_choices = 0
    for _ in range(30):
        if going_on.is_over:
            break
        person = person_move(going_on)
        bot_choices += person is None and going_on.bot_turn() is not None
        assert step(restarted, person) == step(going_on, person)
    assert bot_choices >= 10
    if level == "hard":
        assert restarted.bots[1].beliefs == going_on.bots[1].beliefs  # type: ignore[attr-defined]


def a_table_at_a_question(timing: Timing, clock: Clock) -> tuple[Table, Action, int]:
    """A 3-player table of people played up to an attack that asks a coup-fourré (the first
    found among 60 seeds), that attack and the seat it asks."""
    for seed in range(60):
        try:
            actions, attack, asked = find_question(3, seed)
        except LookupError:
            continue
        table = new_table(people(3), seed=seed, timing=timing, clock=clock)
        for action in actions:
            table.act(table.waiting_on() or 0, action).wait()
        return table, attack, asked
    raise AssertionError("no 3-player question found")


def test_the_seat_after_an_answerable_attack_is_told_once_the_hold_is_over() -> None:
    clock = Clock()
    table, attack, asked = a_table_at_a_question(Timing(settle_seconds=2), clock)
    attacker = table.waiting_on()
    assert attacker is not None
    following = table.match.deal.public_view()
    events = table.act(attacker, attack).wait()
    held = table.match.deal.public_view().to_act
    assert held is not None
    assert held != asked
    assert held not in {event.recipient for event in events}
    assert table.told(held).moves == following.moves  # it has not seen the attack
    with pytest.raises(TableError):
        table.act(held, "discard 25").wait()  # the same answer whether or not anyone is asked
    table.act(asked, DECLINE_COUP_FOURRE).wait()
    assert table.waiting_on() is None
    assert table.bot_turn() is None
    clock.now += 1.9
    assert table.tick().wait() == []
    clock.now += 0.1
    told = table.tick().wait()
    assert [event.recipient for event in told] == [held]
    assert [p.action for p in told[0].moves] == [attack]
    assert table.waiting_on() == held


def test_a_hold_past_its_time_waits_for_the_question_without_asking_for_ticks() -> None:
    """While the question behind a hold is open, the hold's time is not a clock to run: a
    driver that ticks when ``due()`` says would otherwise tick without end."""
    clock = Clock()
    timing = Timing(coup_fourre_seconds=10, settle_seconds=2)
    table, attack, asked = a_table_at_a_question(timing, clock)
    table.act(table.waiting_on() or 0, attack).wait()
    held = table.match.deal.public_view().to_act
    assert held is not None
    assert held != asked
    deadline = clock.now + 10
    clock.now += 3  # the hold's time has passed; the question is still open
    assert table.due() == deadline
    assert table.tick().wait() == []
    assert table.waiting_on() == asked
    told = table.act(asked, DECLINE_COUP_FOURRE).wait()  # the answer releases the held seat
    assert held in {event.recipient for event in told}
    assert table.waiting_on() == held
    assert table.due() is None


def test_a_move_a_bot_makes_standing_in_for_a_person_is_told_as_the_bots() -> None:
    table = new_table([Player("Ann"), Player("Bob")])
    seat = table.waiting_on()
    assert seat is not None
    table.stand_in(seat, True)
    turn = table.bot_turn()
    assert turn is not None
    assert turn.seat == seat
    events = table.play_bot(turn, turn.bot.choose(turn.view)).wait()
    played = next(move for event in events for move in event.moves)
    assert played.stand_in
    assert played.seat == seat
    name = ("Ann", "Bob")[seat]
    for viewer in (seat, 1 - seat, None):  # even for the person stood in for: not "You ..."
        assert table.describe(played, viewer).startswith(f"{name}'s stand-in bot ")
    assert table.describe(played, seat, "fr").startswith(f"Le robot qui remplace {name} ")
    # A person's own move is theirs.
    other = table.waiting_on()
    assert other is not None
    own = table.act(other, table.match.view(other).legal[0]).wait()
    assert not next(move for event in own for move in event.moves).stand_in


# ----------------------------------------------------------------- the hand as laid out


def test_a_card_keeps_its_place_and_a_drawn_card_takes_the_empty_one() -> None:
    hand = (Card.D25, Card.D100, Card.D100, Card.STOP, Card.ROLL, Card.REPAIRS)
    places, new = keep_places([], hand)
    assert (places, new) == (list(hand), set())  # a hand seen first: as dealt, nothing new
    played = (Card.D25, Card.D100, Card.STOP, Card.ROLL, Card.REPAIRS)  # one 100 km played
    places, new = keep_places(places, played)
    assert places == [Card.D25, None, Card.D100, Card.STOP, Card.ROLL, Card.REPAIRS]  # the first
    assert new == set()
    drawn = (Card.D25, Card.D100, Card.STOP, Card.ROLL, Card.REPAIRS, Card.ACCIDENT, Card.D50)
    places, new = keep_places(places, drawn)
    assert places == [
        Card.D25,
        Card.ACCIDENT,  # in the place the 100 km left
        Card.D100,
        Card.STOP,
        Card.ROLL,
        Card.REPAIRS,
        Card.D50,  # no empty place left: at the end
    ]
    assert new == {1, 6}
    places, new = keep_places(places, drawn[:-1])  # the last card played: no empty place left
    assert places == [Card.D25, Card.ACCIDENT, Card.D100, Card.STOP, Card.ROLL, Card.REPAIRS]


def test_a_hand_keeps_its_places_through_a_deal_and_after_a_restart() -> None:
    """Sorted once as dealt; then a card played leaves its place empty, a card drawn fills it
    (marked new) and no other card moves; a restart lays every hand out the same."""
    table = new_table(people(2), seed=3)
    dealt = table.hand(0)
    assert list(dealt.places) == sorted(dealt.places)  # type: ignore[type-var]
    assert dealt.new == frozenset()
    rng = random.Random(3)
    for _ in range(30):
        seat = table.waiting_on()
        assert seat is not None
        before = table.hand(seat).places
        view = table.match.view(seat)
        action = rng.choice(view.legal)
        table.act(seat, action).wait()
        after = table.hand(seat)
        assert sorted(c for c in after.places if c is not None) == sorted(
            table.match.view(seat).hand
        )
        moved = [
            n for n, card in enumerate(before) if n < len(after.places) and after.places[n] != card
        ]
        assert len(moved) <= 1  # only the card played left (no draw until its next turn)
        nxt = table.waiting_on()
        if nxt is not None and nxt != seat and table.match.deal.decision == Decision.TURN:
            drawn = table.hand(nxt)
            assert len(drawn.new) == 1 or table.match.deal.public_view().stock_size == 0
            for place in drawn.new:
                assert drawn.places[place] is not None
    again = reopened(table)
    assert [again.hand(seat) for seat in range(2)] == [table.hand(seat) for seat in range(2)]


def test_why_a_card_cannot_be_played_is_the_rules_refusal_only_on_the_seats_turn() -> None:
    seed = next(s for s in range(200) if Match("dujardin", 2, s).view(0).must_discard)
    table = new_table(people(2), seed=seed)
    view = table.told(0)
    assert isinstance(view, View)
    why = table.why_not(0)
    assert set(why) == set(view.hand)  # nothing can be played: every card says why
    for card, phrases in why.items():
        assert phrases
        if not card.is_hazard:
            assert phrases == [table.match.deal.why_illegal(f"play {card.notation}")]
    assert table.why_not(1) == {}  # not its turn
