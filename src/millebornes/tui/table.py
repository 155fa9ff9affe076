"""The table screen: every side's tableau, the log, the hand of the person at the screen.

It renders what the shared :class:`~millebornes.table.Table` tells and hands it the person's
keys and clicks; the table says who decides next, and a bot's choice runs in a worker thread.
The footer shows only the keys that work at the moment (Textual's ``check_action``)."""

from __future__ import annotations

import time

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal
from textual.screen import Screen
from textual.widgets import Button, Footer, Header, Static

from ..bots import Reason
from ..core.actions import DISCARDS, PLAYS, Action, Decision, Verb
from ..core.cards import SAFETY_FOR, Card
from ..core.errors import IllegalActionError
from ..core.phrase import Phrase
from ..core.view import PublicView, View
from ..review.decisions import hint
from ..review.jobs import ReviewJobs
from ..table import NOT_YOUR_TURN, BotTurn, Event, Played, TableError
from ..words import card_name, word
from .i18n import text
from .replay import replay_screen
from .review import review_screen
from .screens import (
    CoupFourreScreen,
    ExtensionScreen,
    HelpScreen,
    OpenNewGame,
    PassScreen,
    ScoreScreen,
    named_binding,
    preset_name,
    with_keys,
)
from .session import LogLine, Session, screen_timing
from .widgets import (
    HAND_ORDER,
    HAND_SLOTS,
    LAST_MARK,
    GameLog,
    HandCard,
    HandPanel,
    Painted,
    SidePanel,
    card_text,
    fit_panels,
)

LOG_STYLES = {
    Verb.COUP_FOURRE: "log--coup-fourre",
    Verb.ATTACK: "log--attack",
    "deal": "log--deal",
    Verb.DECLINE: "log--decline",
}
MOMENT_SECONDS = 4.0  # how long a coup-fourré's line stays above the log
MOMENT_PACES = 3  # and how many bot paces the bots wait after it, so that it can be read


class TableScreen(Screen[None]):
    """One game in play. The screen keeps only what is on it (the seat shown, the card
    picked, where each card of a hand is shown); the game itself lives in the session's
    ``Table``."""

    @staticmethod
    def key_bindings(language: str, sides: int) -> tuple[Binding, ...]:
        """The table's keys, described in the game's language for the footer; each shows only
        while it works (:meth:`check_action`)."""

        def t(key: str) -> str:
            return text(language, key)

        return (
            Binding("1", "pick(1)", t("key_pick"), key_display=f"1-{HAND_SLOTS}"),
            *(Binding(str(n), f"pick({n})", show=False) for n in range(2, HAND_SLOTS + 1)),
            Binding("1", "target(1)", t("key_target"), key_display=f"1-{sides}"),
            *(Binding(str(n), f"target({n})", show=False) for n in range(2, sides + 1)),
            Binding("p,enter,a", "play", t("key_play"), key_display="p"),
            Binding("p,enter,a", "attack", t("key_attack"), key_display="p"),
            named_binding(language, "enter", "next_deal", t("key_next_deal"), "enter"),
            Binding("d", "discard", t("key_discard")),
            named_binding(language, "escape", "cancel", t("key_cancel"), "esc"),
            Binding("h", "hint", t("key_hint")),
            Binding("s", "score", t("key_score")),
            Binding("b", "bell", t("key_bell")),
            Binding("b", "bell_aside", show=False),  # the same, while the footer is full
            Binding("f1,question_mark", "rules", t("key_rules"), key_display="F1"),
            Binding("q", "quit", t("key_quit")),
        )

    @classmethod
    def create(cls, session: Session, *, pace: float) -> TableScreen:
        """The screen of ``session`` with its keys in the game's language."""
        sides = len(session.table.told(None).sides)
        return with_keys(cls, cls.key_bindings(session.language, sides))(session, pace=pace)

    def __init__(self, session: Session, *, pace: float) -> None:
        super().__init__()
        self.session = session
        self.table = session.table
        self.table.timing = screen_timing(pace)
        self.language = session.language
        self.pace = pace
        people = self.table.people
        # The seat whose hand is shown: the one person, nobody yet in hot-seat, seat 0 when
        # only bots play (a game to watch).
        self.viewer: int | None = people[0] if len(people) == 1 else None
        if not people:
            self.viewer = 0
        self.selected: int | None = None  # a place of the hand
        self.choosing_target = False
        self.busy = False  # a bot is thinking, or a prompt is open
        # The table as the last deal ended, shown with its score until the next deal is asked.
        self.final: Event | None = None
        self.generation = 0  # bumps when the screen leaves, so late bot answers are dropped
        self.reviews = ReviewJobs(self.table.store)  # the deals reviewed, kept while reviewing
        self.ring = False  # the bell on the person's turn (b)
        self.hold_until = 0.0  # the bots wait until then (a coup-fourré's moment)
        self.keys_working: tuple[bool | None, ...] = ()  # as the footer last showed them

    def t(self, key: str, **values: object) -> str:
        return text(self.language, key, **values)

    # ----------------------------------------------------------------- layout

    def compose(self) -> ComposeResult:
        sides = len(self.table.told(None).sides)
        yield Header(show_clock=False)
        with Horizontal(id="sides"):
            for side in range(sides):
                yield SidePanel(side, id=f"side-{side}")
        yield Painted(id="moment")
        yield GameLog(id="log")
        yield Painted(id="message")
        with HandPanel(id="hand"):
            with Grid(id="hand-cards"):
                for index in HAND_ORDER:
                    yield HandCard(index, id=f"card-{index}")
                with Horizontal(id="hand-buttons"):
                    yield Button(self.t("play"), id="play", compact=True, variant="success")
                    yield Button(self.t("discard_button"), id="discard", compact=True)
            yield Static(self.t("hidden_hand"), id="hidden-hand")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.title = preset_name(self.table.settings["rules"], self.language)
        for button in self.query(Button):
            button.can_focus = False  # keys always reach the table's bindings
        log = self.query_one("#log", GameLog)
        for line in self.session.log:
            log.add(self._log_text(line))
        self.refresh_table()
        self.call_after_refresh(self.advance)

    def on_unmount(self) -> None:
        self.generation += 1
        self.reviews.close()

    # ----------------------------------------------------------------- drawing

    def shown_view(self) -> PublicView:
        """What the screen shows: the table as the deal ended while its score is read, else
        what the viewer was told (the public view while the keyboard passes between people)."""
        if self.final is not None:
            return self.final.view
        return self.table.told(self.viewer)

    def shown_deal(self) -> int:
        return self.final.deal if self.final is not None else self.table.told_deal(self.viewer)

    def _seat_view(self) -> View | None:
        view = self.shown_view()
        return view if isinstance(view, View) else None

    def hand_places(self, view: View) -> list[Card | None]:
        """``view``'s hand as shown: laid out by the table (:class:`~millebornes.table.Hand`),
        so that no number changes under the person's fingers, nor on resuming the game."""
        return list(self.table.hand(view.seat, self.shown_deal()).places)

    def last_move(self) -> Played | None:
        """The last move of the shown deal that the viewer saw."""
        seen = self.table.seen_log(self.viewer)
        last = seen[-1] if seen else None
        return last if last is not None and last.deal == self.shown_deal() else None

    def refresh_table(self) -> None:
        table = self.table
        view = self.shown_view()
        own = self._seat_view()
        self.sub_title = " · ".join(
            (self.t("race_km", race=view.race), self.t("deal", number=self.shown_deal() + 1))
        )
        names = table.names()
        # A finished deal's sides show the match's points after it, as its score sheet does.
        deal = self.shown_deal()
        scores = table.results[deal].totals if deal < len(table.results) else view.scores
        targets = self._targets(own)
        last = self.last_move()
        landed = self._landed(view, last)
        for side, tableau in enumerate(view.sides):
            self.query_one(f"#side-{side}", SidePanel).show(
                tableau,
                race=view.race,
                language=self.language,
                seat_names=names,
                to_act=view.to_act,
                yours=self._person_shown() and own is not None and side == own.side,
                points=scores[side],
                target=side in targets,
                last=landed[1] if landed is not None and landed[0] == side else None,
            )
        fit_panels(self.query(SidePanel))
        self._show_hand(view, own, discarded=last is not None and last.action.verb == Verb.DISCARD)
        self.refresh_keys()

    def _landed(self, view: PublicView, played: Played | None) -> tuple[int, Card] | None:
        """The side and the card where ``played`` landed on a tableau (none for a discard)."""
        if played is None:
            return None
        action = played.action
        card = played.safety if action.verb == Verb.COUP_FOURRE else action.card
        if card is None or action.verb not in (Verb.PLAY, Verb.ATTACK, Verb.COUP_FOURRE):
            return None
        if action.verb == Verb.ATTACK:
            assert action.target is not None
            return action.target, card
        side = next(n for n, tableau in enumerate(view.sides) if played.seat in tableau.seats)
        return side, card

    def _show_hand(self, view: PublicView, own: View | None, *, discarded: bool) -> None:
        """The hand, its owner and whose turn it is above it, the stock and the discard pile
        below it."""
        laid = self.table.hand(own.seat, self.shown_deal()) if own is not None else None
        places = list(laid.places) if laid is not None else []
        new = laid.new if laid is not None else frozenset()
        legal = own.legal if own is not None else ()
        playable = {action.card for action in legal if action.verb in (Verb.PLAY, Verb.ATTACK)}
        width = max((len(card_name(card, self.language)) for card in places if card), default=0)
        for index in range(HAND_SLOTS):
            card = places[index] if index < len(places) else None
            self.query_one(f"#card-{index}", HandCard).show(
                card,
                language=self.language,
                playable=card in playable,
                selected=index == self.selected,
                new=index in new,
                name_width=width,
                hand_size=len(places),
            )
        self.query_one("#hand-cards").display = own is not None
        self.query_one("#hidden-hand").display = own is None
        self.query_one("#play").disabled = self.check_action("play", ()) is False and (
            self.check_action("attack", ()) is False
        )
        self.query_one("#discard").disabled = self.check_action("discard", ()) is False
        hand = self.query_one("#hand", HandPanel)
        person = self._person_shown()
        hand.set_class(person and own is not None, "yours")
        hand.set_class(person and own is not None and self._to_act(own), "to-act")
        title = Text()
        if own is not None:
            whose = (
                self.t("your_hand") if person else self.t("hand", name=self.table.names()[own.seat])
            )
            title.append(whose, style="bold")
        status = self._status(view)
        if status and own is not None:
            title.append(" · ")
        title.append_text(status)
        hand.border_title = title
        info = Text(f"{self.t('stock')}: ", style="dim")
        info.append(self.t("cards", count=view.stock_size), style="bold")
        info.append(f" · {self.t('discard')}: ", style="dim")
        discard = card_text(hand, view.discard[-1] if view.discard else None, self.language)
        if discarded:
            discard.stylize(hand.get_component_rich_style("mark--last", partial=True))
            discard.append(" ")
            discard.append(
                LAST_MARK, style=hand.get_component_rich_style("mark--last", partial=True)
            )
        info.append_text(discard)
        hand.border_subtitle = info

    def _to_act(self, view: PublicView) -> bool:
        return view.decision != Decision.WAIT and view.to_act is not None

    def _status(self, view: PublicView) -> Text:
        """Whose turn it is: "▶ Your turn", "North is thinking…" or "Waiting for North."."""
        if view.to_act is None or self.final is not None:
            return Text()
        name = self.table.names()[view.to_act]
        if view.decision != Decision.WAIT and self._person_shown():
            discard = isinstance(view, View) and view.must_discard
            key = "must_discard_short" if discard else "your_turn_short"
            return Text(self.t(key), style="bold")
        if self.table.is_person(view.to_act):
            return Text(self.t("waiting", name=name))
        return Text(self.t("thinking", name=name))

    def on_resize(self) -> None:
        self.call_after_refresh(self.refresh_table)  # the tableaux may turn compact

    def _person_shown(self) -> bool:
        return self.viewer is not None and self.table.is_person(self.viewer)

    def _targets(self, view: View | None) -> set[int]:
        """The sides the picked hazard may attack (none unless a hazard is picked)."""
        if view is None:
            return set()
        card = self._picked_card(view)
        if card is None or not card.is_hazard:
            return set()
        return {
            action.target
            for action in view.legal
            if action.verb == Verb.ATTACK and action.card is card and action.target is not None
        }

    def _picked_card(self, view: View) -> Card | None:
        places = self.hand_places(view)
        if self.selected is None or self.selected >= len(places):
            return None
        return places[self.selected]

    def say(self, message: str | Text, style: str = "") -> None:
        """Write ``message`` under the log; ``style`` is one of the palette's (``say--hint``)."""
        line = self.query_one("#message", Painted)
        if isinstance(message, Text):
            line.update(message)
        else:
            line.update(Text(message, style=line.paint(style) if style else ""))

    def _log_text(self, line: LogLine) -> Text:
        log = self.query_one("#log", GameLog)
        style = LOG_STYLES.get(line.kind)
        return Text(
            line.text, style=log.get_component_rich_style(style, partial=True) if style else ""
        )

    def moment(self, line: LogLine, seat: int | None) -> None:
        """A coup-fourré's moment: its line above the log and the tableau lit for a few
        seconds, the bell, and the bots wait a little longer before their next move."""
        banner = self.query_one("#moment", Painted)
        banner.update(f"★ {line.text} ★")
        banner.add_class("shown")
        sides = self.shown_view().sides
        side = next((n for n, tableau in enumerate(sides) if seat in tableau.seats), None)
        if side is not None:
            self.query_one(f"#side-{side}").add_class("coup-fourre")
        self.hold_until = time.monotonic() + MOMENT_PACES * self.pace
        if self.ring:
            self.app.bell()
        self.set_timer(MOMENT_SECONDS, self._moment_over)

    def _moment_over(self) -> None:
        if time.monotonic() + 0.05 < self.hold_until:
            return  # another coup-fourré's moment goes on
        self.query_one("#moment").remove_class("shown")
        for panel in self.query(SidePanel):
            panel.remove_class("coup-fourre")

    # ----------------------------------------------------------------- asking in turn

    def advance(self) -> None:
        """Ask whoever the table waits on: a prompt or the hand for a person, a worker for a
        bot; or come back when the table's clock says."""
        table = self.table
        if table.is_over or self.busy:
            return
        turn = table.bot_turn()
        if turn is not None:
            self.busy = True
            self.refresh_table()
            self.think(turn, self.generation, time.monotonic())
            return
        seat = table.waiting_on()
        if seat is None or not table.is_person(seat):
            due = table.due()
            if due is not None:
                self.set_timer(max(0.0, due - time.monotonic()), self._tick)
            return
        if seat != self.viewer:
            self.viewer = None
            self.selected = None
            self.refresh_table()
            self.busy = True
            self.app.push_screen(
                PassScreen.create(table.names()[seat], self.language), lambda _: self._sit(seat)
            )
            return
        self._sit(seat)

    def _tick(self) -> None:
        if not self.busy:
            self.show(self.table.tick().wait())

    def _sit(self, seat: int) -> None:
        """Show ``seat``'s hand and ask what its decision needs."""
        self.busy = False
        self.viewer = seat
        self.refresh_table()
        view = self._seat_view()
        assert view is not None
        if self.ring and (not self.table.log or self.table.log[-1].seat != seat):
            self.app.bell()  # the turn comes back after others played
        if view.decision == Decision.COUP_FOURRE:
            assert view.attack is not None
            self.busy = True
            self.app.push_screen(self._coup_fourre_prompt(view), self._answered)
        elif view.decision == Decision.EXTENSION:
            self.busy = True
            body = self.t("extension_text")
            self.app.push_screen(
                ExtensionScreen.create(self.language, self.t("extension_title"), body),
                self._answered,
            )
        else:
            # What just happened stays in sight, then what to do.
            message = Text()
            last = self.session.log[-1] if self.session.log else None
            if last is not None and last.kind != "deal":
                message.append_text(self._log_text(last))
                message.append(" · ")
            message.append(self.t("must_discard" if view.must_discard else "your_turn"))
            self.say(message)
        self.refresh_keys()

    def _coup_fourre_prompt(self, view: View) -> CoupFourreScreen:
        assert view.attack is not None
        attack = Action(Verb.ATTACK, view.attack.hazard, view.side)
        body = self.t(
            "coup_text",
            attack=self.session.describe(attack, view.attack.by),
            safety=card_name(SAFETY_FOR[view.attack.hazard], self.language),
        )
        prompt = CoupFourreScreen.create(self.language, self.t("coup_title"), body)
        assert isinstance(prompt, CoupFourreScreen)
        return prompt

    def _answered(self, answer: str | None) -> None:
        self.busy = False
        if answer is not None:
            self.take(Action.parse(answer))

    @work(thread=True, exclusive=True, group="bot")
    def think(self, turn: BotTurn, generation: int, started: float) -> None:
        """A bot decides off the UI thread; its answer is played back on the UI thread."""
        action = turn.bot.choose(turn.view)
        self.app.call_from_thread(self._bot_chose, turn, action, generation, started)

    def _bot_chose(self, turn: BotTurn, action: Action, generation: int, started: float) -> None:
        if generation != self.generation:
            return
        now = time.monotonic()
        wait = max(self.pace - (now - started), self.hold_until - now)
        if wait > 0 and action.verb != Verb.DECLINE:
            self.set_timer(wait, lambda: self._bot_plays(turn, action, generation))
        else:
            self._bot_plays(turn, action, generation)

    def _bot_plays(self, turn: BotTurn, action: Action, generation: int) -> None:
        if generation != self.generation:
            return
        self.busy = False
        self.show(self.table.play_bot(turn, action).wait())

    def take(self, action: Action) -> bool:
        """Play ``action`` for the seat the table waits on; say why not if it may not."""
        seat = self.table.waiting_on()
        try:
            if seat is None:
                raise TableError(Phrase("refusal.not_your_turn"), NOT_YOUR_TURN)
            events = self.table.act(seat, action).wait()
        except (IllegalActionError, TableError) as error:
            reason = word(error.reason, self.language, self.table.side_names())
            self.say(f"✗ {reason}", style="say--refusal")
            return False
        self.selected = None
        self.choosing_target = False
        self.show(events)
        return True

    def show(self, events: list[Event]) -> None:
        """Write what the narrator was told, open the score sheet when a deal ended, and ask
        whoever decides next."""
        lines = self.session.hear(events)
        log = self.query_one("#log", GameLog)
        for line in lines:
            log.add(self._log_text(line))
        if lines:
            self.say(self._log_text(lines[-1]))
        for line in lines:
            if line.kind == Verb.COUP_FOURRE:
                called = [p for p in self.table.log if p.action.verb == Verb.COUP_FOURRE]
                self.moment(line, called[-1].seat)
        narrator = self.session.narrator()
        ended = [e for e in events if e.recipient == narrator and e.result is not None]
        if ended:
            self.final = ended[0]
            self.selected = None
            self.busy = True
            self.refresh_table()
            self.action_score()
            return
        self.refresh_table()
        self.call_later(self.advance)

    def action_score(self) -> None:
        """The score sheet of the deal that just ended (again)."""
        if self.final is not None and self.app.screen is self:
            self.app.push_screen(ScoreScreen.create(self.session), self._after_score)

    def _after_score(self, answer: str | None) -> None:
        if answer == "review":
            self.app.push_screen(review_screen(self.session, self.reviews), self._reviewed)
            return
        if answer == "replay":
            replay = replay_screen(self.table, self.session.language)
            self.app.push_screen(replay, self._reviewed)
            return
        if answer == "quit":
            self.action_quit()
        elif answer == "new":
            self.app.post_message(OpenNewGame())
        elif answer == "table":
            key = "final_table_over" if self.table.is_over else "final_table"
            self.say(self.t(key))
            self.refresh_keys()
        else:
            self.next_deal()

    def next_deal(self) -> None:
        """Leave the final table for the next deal: the bots may play it now."""
        self.final = None
        self.busy = False
        self.say("")
        self.table.next_deal()
        self.refresh_table()
        self.advance()

    def _reviewed(self, _answer: None) -> None:
        self.app.push_screen(ScoreScreen.create(self.session), self._after_score)

    # ----------------------------------------------------------------- the person's input

    def _turn_view(self) -> View | None:
        """The viewer's view if it is the viewer's turn to play a card, else None."""
        view = self._seat_view()
        if view is None or self.final is not None:
            return None
        if self.busy or view.decision != Decision.TURN or self.table.waiting_on() != view.seat:
            return None
        return view

    def _my_turn(self) -> View | None:
        """The viewer's view if it is the viewer's turn to play a card, else None (said why)."""
        view = self._turn_view()
        if view is None:
            self.say(self.t("not_your_turn"))
        return view

    def _card_to_play(self) -> tuple[View, Card] | None:
        """The viewer's view and the card picked, if it is the viewer's turn and a card is
        picked, else None (said why)."""
        view = self._my_turn()
        if view is None:
            return None
        card = self._picked_card(view)
        if card is None:
            self.say(self.t("pick_first"))
            return None
        return view, card

    def refresh_keys(self) -> None:
        """Show the footer's keys again if which of them work changed: Textual's footer builds
        every key anew each time it is asked, which was half of the restyling a turn made."""
        working = tuple(
            self.check_action(binding.action.split("(")[0], ())
            for binding in self.BINDINGS
            if isinstance(binding, Binding)
        )
        if working != self.keys_working:
            self.keys_working = working
            self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Only the keys that work now: picking on the person's turn, play or attack and
        discard once a card is picked, only a side's number or Esc while choosing whom to
        attack, the next deal and the score sheet on the final table."""
        view = self._turn_view()
        picked = self._picked_card(view) if view is not None else None
        if action == "pick":
            return view is not None and not self.choosing_target
        if action == "target":
            return self.choosing_target and view is not None
        if action == "play":
            return picked is not None and not picked.is_hazard
        if action == "attack":
            return picked is not None and picked.is_hazard and not self.choosing_target
        if action == "discard":
            return picked is not None and not self.choosing_target
        if action == "cancel":
            return picked is not None or self.choosing_target
        if action == "hint":
            return view is not None and not self.choosing_target
        if action == "bell":
            return picked is None
        if action == "next_deal":
            return self.final is not None and not self.table.is_over
        if action == "score":
            return self.final is not None
        return True

    def action_pick(self, number: int) -> None:
        self.choosing_target = False
        self.pick(number - 1)

    def action_target(self, number: int) -> None:
        view = self._my_turn()
        if view is not None:
            self._attack(view, number - 1)

    def pick(self, index: int) -> None:
        view = self._my_turn()
        if view is None:
            return
        places = self.hand_places(view)
        card = places[index] if index < len(places) else None
        if card is None:
            return
        self.selected = index
        name = card_name(card, self.language)
        why = self.table.why_not_words(view.seat, self.language).get(card)
        if why is not None:
            self.say(self.t("cannot_play", card=name, reason=why), style="say--refusal")
        else:
            self.say(self.t("selected_hazard" if card.is_hazard else "selected", card=name))
        self.refresh_table()

    def action_play(self) -> None:
        picked = self._card_to_play()
        if picked is None:
            return
        view, card = picked
        if not card.is_hazard:
            self.take(PLAYS[card])
            return
        targets = sorted(self._targets(view))
        if len(targets) == 1:
            self.take(Action(Verb.ATTACK, card, targets[0]))
        elif targets:
            self.choosing_target = True
            self.say(self.t("choose_target"))
            self.refresh_table()
        else:
            # No side may be attacked: let the engine say why for the first opponent.
            other = next(side for side in range(len(view.sides)) if side != view.side)
            self.take(Action(Verb.ATTACK, card, other))

    action_attack = action_play

    def action_next_deal(self) -> None:
        """Enter on the final table: on to the next deal."""
        self.next_deal()

    def _attack(self, view: View, side: int) -> None:
        card = self._picked_card(view)
        if card is None or not card.is_hazard or not 0 <= side < len(view.sides):
            return
        self.take(Action(Verb.ATTACK, card, side))

    def action_discard(self) -> None:
        picked = self._card_to_play()
        if picked is not None:
            _view, card = picked
            self.take(DISCARDS[card])

    def action_cancel(self) -> None:
        self.choosing_target = False
        self.selected = None
        self.say("")
        self.refresh_table()

    def action_hint(self) -> None:
        view = self._my_turn()
        if view is None:
            return
        self.say(self.t("hint_wait"), style="say--hint")
        self.ask_hint(view, self.generation)

    @work(thread=True, exclusive=True, group="hint")
    def ask_hint(self, view: View, generation: int) -> None:
        action, reason = hint(self.table.match.deal, view)
        self.app.call_from_thread(self._show_hint, view, action, reason, generation)

    def _show_hint(
        self, view: View, action: Action, reason: Reason | None, generation: int
    ) -> None:
        if generation != self.generation or self.table.told(view.seat) != view:
            return  # the game moved on
        told = self.session.describe(action, view.seat)
        why = "" if reason is None else reason.word(self.language, self.table.side_names())
        self.say(self.t("hint_line", action=told, reason=why).strip(), style="say--hint")

    def action_bell(self) -> None:
        self.ring = not self.ring
        self.say(self.t("bell_on" if self.ring else "bell_off"))
        if self.ring:
            self.app.bell()

    action_bell_aside = action_bell

    def on_hand_card_clicked(self, event: HandCard.Clicked) -> None:
        self.choosing_target = False
        self.pick(event.index)

    def on_side_panel_clicked(self, event: SidePanel.Clicked) -> None:
        view = self._my_turn()
        if view is not None:
            self._attack(view, event.side)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "play":
            self.action_play()
        elif event.button.id == "discard":
            self.action_discard()

    def action_rules(self) -> None:
        self.app.push_screen(HelpScreen.create(self.table.settings["rules"], self.language))

    def action_quit(self) -> None:
        kept = self.table.is_stored and not self.table.is_over
        self.app.exit(self.t("saved") if kept else None)
