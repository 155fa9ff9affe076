"""The table screen: every side's tableau, the log, the hand of the person at the screen.

It renders what the shared :class:`~millebornes.table.Table` tells and hands it the person's
keys and clicks; the table says who decides next, and a bot's choice runs in a worker thread."""

from __future__ import annotations

import time

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.css.scalar import Scalar
from textual.screen import Screen
from textual.widgets import Button, Footer, Header, RichLog, Static

from ..bots import Reason
from ..core.actions import DISCARDS, PLAYS, Action, Decision, Verb
from ..core.cards import SAFETY_FOR, Card, card_name
from ..core.errors import IllegalActionError
from ..core.view import PublicView, View
from ..review.jobs import ReviewJobs
from ..table import BotTurn, Event, TableError
from .i18n import text
from .review import review_screen
from .screens import (
    CoupFourreScreen,
    ExtensionScreen,
    HelpScreen,
    OpenNewGame,
    PassScreen,
    ScoreScreen,
    localize_keys,
)
from .session import LogLine, Session, screen_timing
from .widgets import CardButton, SidePanel, card_text

HAND_SLOTS = 7
PANEL_BORDER = 2
LOG_STYLES = {
    Verb.COUP_FOURRE: "bold black on #ffd75f",
    Verb.ATTACK: "#ff8787",
    "deal": "bold #87d7ff",
    Verb.DECLINE: "dim",
}


class TableScreen(Screen[None]):
    """One game in play. The screen keeps only what is on it (the seat shown, the card
    picked); the game itself lives in the session's ``Table``."""

    @staticmethod
    def key_bindings(language: str) -> list[Binding]:
        """The table's keys, described in the game's language for the footer."""

        def t(key: str) -> str:
            return text(language, key)

        return [
            Binding("1", "digit(1)", t("key_pick"), key_display="1-7"),
            *(Binding(str(n), f"digit({n})", show=False) for n in range(2, HAND_SLOTS + 1)),
            Binding("p,enter", "play", t("key_play"), key_display="p"),
            Binding("a", "play", show=False),
            Binding("d", "discard", t("key_discard")),
            Binding("h", "hint", t("key_hint")),
            Binding("escape", "cancel", show=False),
            Binding("s", "score", t("key_score"), show=False),
            Binding("f1,question_mark", "rules", t("key_rules"), key_display="F1"),
            Binding("q", "quit", t("key_quit")),
        ]

    def __init__(self, session: Session, *, pace: float) -> None:
        super().__init__()
        self.session = session
        self.table = session.table
        self.table.timing = screen_timing(pace)
        self.language = session.language
        localize_keys(self, self.key_bindings(self.language))
        self.pace = pace
        people = self.table.people
        # The seat whose hand is shown: the one person, nobody yet in hot-seat, seat 0 when
        # only bots play (a game to watch).
        self.viewer: int | None = people[0] if len(people) == 1 else None
        if not people:
            self.viewer = 0
        self.selected: int | None = None
        self.choosing_target = False
        self.busy = False  # a bot is thinking, or a prompt is open
        # The table as the last deal ended, shown with its score until the next deal is asked.
        self.final: Event | None = None
        self.generation = 0  # bumps when the screen leaves, so late bot answers are dropped
        self.reviews = ReviewJobs(self.table.store)  # the deals reviewed, kept while reviewing

    def t(self, key: str, **values: object) -> str:
        return text(self.language, key, **values)

    # ----------------------------------------------------------------- layout

    def compose(self) -> ComposeResult:
        sides = len(self.table.told(None).sides)
        yield Header(show_clock=False)
        with Horizontal(id="sides"):
            for side in range(sides):
                yield SidePanel(side, id=f"side-{side}")
        with Horizontal(id="middle"):
            yield RichLog(id="log", wrap=True, markup=False, auto_scroll=True)
            with Vertical(id="side-column"):
                yield Static(id="info")
                with Grid(id="buttons"):
                    yield Button(self.t("play"), id="play", compact=True, variant="success")
                    yield Button(self.t("discard_button"), id="discard", compact=True)
                    yield Button(self.t("hint"), id="hint", compact=True)
                    yield Button(self.t("help"), id="rules", compact=True)
        yield Static(id="message")
        with Horizontal(id="hand"):
            for index in range(HAND_SLOTS):
                yield CardButton(index, id=f"card-{index}")
            yield Static(id="hidden-hand")
        yield Footer()

    def on_mount(self) -> None:
        self.title = self.t("title")
        for button in self.query(Button):
            button.can_focus = False  # keys always reach the table's bindings
        log = self.query_one("#log", RichLog)
        for line in self.session.log:
            log.write(self._log_text(line))
        self.refresh_table()
        self.call_after_refresh(self.advance)

    def on_unmount(self) -> None:
        self.generation += 1

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

    def refresh_table(self) -> None:
        table = self.table
        view = self.shown_view()
        own = self._seat_view()
        hand = own.hand if own is not None else ()
        legal = own.legal if own is not None else ()
        self.sub_title = " · ".join(
            (
                table.settings["rules"],
                self.t("race_km", race=view.race),
                self.t("deal", number=self.shown_deal() + 1),
            )
        )
        names = table.names()
        targets = self._targets(own)
        for side, tableau in enumerate(view.sides):
            self.query_one(f"#side-{side}", SidePanel).show(
                tableau,
                race=view.race,
                language=self.language,
                seat_names=names,
                to_act=view.to_act,
                yours=self._person_shown() and own is not None and side == own.side,
                points=view.scores[side],
                target=side in targets,
            )
        playable = {action.card for action in legal if action.verb in (Verb.PLAY, Verb.ATTACK)}
        for index in range(HAND_SLOTS):
            card = hand[index] if index < len(hand) else None
            self.query_one(f"#card-{index}", CardButton).show(
                card,
                language=self.language,
                playable=card in playable,
                selected=index == self.selected,
            )
        self._fit_panels()
        hidden_hand = self.query_one("#hidden-hand", Static)
        hidden_hand.display = own is None
        hidden_hand.update(self.t("hidden_hand"))
        self.query_one("#info", Static).update(self._info(view))

    def _fit_panels(self) -> None:
        """Make every tableau as tall as the fullest one needs, so that they line up and the
        log gets the rest of the screen."""
        panels = list(self.query(SidePanel))
        height = max(panel.lines_needed() for panel in panels) + PANEL_BORDER
        for panel in panels:
            if panel.styles.height != Scalar.from_number(height):
                panel.styles.height = height

    def on_resize(self) -> None:
        self.call_after_refresh(self.refresh_table)  # the tableaux may turn compact

    def _info(self, view: PublicView) -> Text:
        info = Text()
        info.append(f"{self.t('stock')}: ", style="dim")
        info.append(self.t("cards", count=view.stock_size), style="bold")
        info.append(f"\n{self.t('discard')}: ", style="dim")
        info.append_text(card_text(view.discard[-1] if view.discard else None, self.language))
        info.append("\n\n")
        if view.to_act is not None:
            name = self.table.names()[view.to_act]
            if view.decision != Decision.WAIT and self._person_shown():
                info.append(self.t("your_turn_short"), style="bold #5fd75f")
            elif self.table.is_person(view.to_act):
                info.append(self.t("waiting", name=name), style="bold")
            else:
                info.append(self.t("thinking", name=name), style="bold")
        return info

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
        if self.selected is None or self.selected >= len(view.hand):
            return None
        return view.hand[self.selected]

    def say(self, message: str | Text, style: str = "") -> None:
        self.query_one("#message", Static).update(
            message if isinstance(message, Text) else Text(message, style=style)
        )

    def _log_text(self, line: LogLine) -> Text:
        return Text(line.text, style=LOG_STYLES.get(line.kind, ""))

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
                PassScreen(table.names()[seat], self.language), lambda _: self._sit(seat)
            )
            return
        self._sit(seat)

    def _tick(self) -> None:
        if not self.busy:
            self.show(self.table.tick())

    def _sit(self, seat: int) -> None:
        """Show ``seat``'s hand and ask what its decision needs."""
        self.busy = False
        self.viewer = seat
        self.refresh_table()
        view = self._seat_view()
        assert view is not None
        if view.decision == Decision.COUP_FOURRE:
            assert view.attack is not None
            self.busy = True
            self.app.push_screen(self._coup_fourre_prompt(view), self._answered)
        elif view.decision == Decision.EXTENSION:
            self.busy = True
            body = self.t("extension_text")
            self.app.push_screen(
                ExtensionScreen(self.language, self.t("extension_title"), body), self._answered
            )
        else:
            # What just happened stays in sight, then what to do.
            message = Text()
            last = self.session.log[-1] if self.session.log else None
            if last is not None and last.kind != "deal":
                message.append_text(self._log_text(last))
                message.append(" · ")
            message.append(self.t("your_turn"))
            self.say(message)

    def _coup_fourre_prompt(self, view: View) -> CoupFourreScreen:
        assert view.attack is not None
        attack = Action(Verb.ATTACK, view.attack.hazard, view.side)
        body = self.t(
            "coup_text",
            attack=self.session.describe(attack, view.attack.by),
            safety=card_name(SAFETY_FOR[view.attack.hazard], self.language),
        )
        return CoupFourreScreen(self.language, self.t("coup_title"), body)

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
        wait = self.pace - (time.monotonic() - started)
        if wait > 0 and action.verb != Verb.DECLINE:
            self.set_timer(wait, lambda: self._bot_plays(turn, action, generation))
        else:
            self._bot_plays(turn, action, generation)

    def _bot_plays(self, turn: BotTurn, action: Action, generation: int) -> None:
        if generation != self.generation:
            return
        self.busy = False
        self.show(self.table.play_bot(turn, action))

    def take(self, action: Action) -> bool:
        """Play ``action`` for the seat the table waits on; say why not if it may not."""
        seat = self.table.waiting_on()
        try:
            if seat is None:
                raise TableError(self.t("not_your_turn"), "not-your-turn")
            events = self.table.act(seat, action)
        except (IllegalActionError, TableError) as error:
            reason = str(error).removeprefix(f"{action}: ")
            self.say(f"✗ {reason}", style="bold #ff5f5f")
            return False
        self.selected = None
        self.choosing_target = False
        self.show(events)
        return True

    def show(self, events: list[Event]) -> None:
        """Write what the narrator was told, open the score sheet when a deal ended, and ask
        whoever decides next."""
        lines = self.session.hear(events)
        log = self.query_one("#log", RichLog)
        for line in lines:
            log.write(self._log_text(line))
        if lines:
            self.say(self._log_text(lines[-1]))
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
            self.app.push_screen(ScoreScreen(self.session), self._after_score)

    def _after_score(self, answer: str | None) -> None:
        if answer == "review":
            self.app.push_screen(review_screen(self.session, self.reviews), self._reviewed)
            return
        if answer == "quit":
            self.action_quit()
        elif answer == "new":
            self.app.post_message(OpenNewGame())
        elif answer == "table":
            key = "final_table_over" if self.table.is_over else "final_table"
            self.say(self.t(key), style="bold")
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
        self.app.push_screen(ScoreScreen(self.session), self._after_score)

    # ----------------------------------------------------------------- the person's input

    def _my_turn(self) -> View | None:
        """The viewer's view if it is the viewer's turn to play a card, else None (said why)."""
        view = self._seat_view()
        if view is None:
            return None
        if self.busy or view.decision != Decision.TURN or self.table.waiting_on() != view.seat:
            self.say(self.t("not_your_turn"))
            return None
        return view

    def action_digit(self, number: int) -> None:
        view = self._my_turn()
        if view is None:
            return
        if self.choosing_target:
            self._attack(view, number - 1)
            return
        self.pick(number - 1)

    def pick(self, index: int) -> None:
        view = self._my_turn()
        if view is None or index >= len(view.hand):
            return
        self.selected = index
        card = view.hand[index]
        key = "selected_hazard" if card.is_hazard else "selected"
        self.say(self.t(key, card=card_name(card, self.language)))
        self.refresh_table()

    def action_play(self) -> None:
        if self.final is not None:  # Enter on the final table: on to the next deal
            if not self.table.is_over:
                self.next_deal()
            return
        view = self._my_turn()
        if view is None:
            return
        card = self._picked_card(view)
        if card is None:
            self.say(self.t("pick_first"))
            return
        if not card.is_hazard:
            self.take(PLAYS[card])
            return
        targets = sorted(self._targets(view))
        if len(targets) == 1:
            self.take(Action(Verb.ATTACK, card, targets[0]))
        elif targets:
            self.choosing_target = True
            self.say(self.t("choose_target"), style="bold")
        else:
            # No side may be attacked: let the engine say why for the first opponent.
            other = next(side for side in range(len(view.sides)) if side != view.side)
            self.take(Action(Verb.ATTACK, card, other))

    def _attack(self, view: View, side: int) -> None:
        card = self._picked_card(view)
        if card is None or not card.is_hazard or not 0 <= side < len(view.sides):
            return
        self.take(Action(Verb.ATTACK, card, side))

    def action_discard(self) -> None:
        view = self._my_turn()
        if view is None:
            return
        card = self._picked_card(view)
        if card is None:
            self.say(self.t("pick_first"))
            return
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
        self.say(self.t("hint_wait"), style="italic")
        self.ask_hint(view, self.generation)

    @work(thread=True, exclusive=True, group="hint")
    def ask_hint(self, view: View, generation: int) -> None:
        action, reason = self.table.hint(view)
        self.app.call_from_thread(self._show_hint, view, action, reason, generation)

    def _show_hint(self, view: View, action: Action, reason: Reason, generation: int) -> None:
        if generation != self.generation or self.table.told(view.seat) != view:
            return  # the game moved on
        told = self.session.describe(action, view.seat)
        why = reason.word(self.language, self.table.side_names())
        self.say(self.t("hint_line", action=told, reason=why).strip(), style="#87d7ff")

    def on_card_button_clicked(self, event: CardButton.Clicked) -> None:
        self.choosing_target = False
        self.pick(event.index)

    def on_side_panel_clicked(self, event: SidePanel.Clicked) -> None:
        view = self._my_turn()
        if view is not None:
            self._attack(view, event.side)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        actions = {
            "play": self.action_play,
            "discard": self.action_discard,
            "hint": self.action_hint,
            "rules": self.action_rules,
        }
        actions[event.button.id or ""]()

    def action_rules(self) -> None:
        self.app.push_screen(HelpScreen(self.table.settings["rules"], self.language))

    def action_quit(self) -> None:
        kept = self.table.is_stored and not self.table.is_over
        self.app.exit(self.t("saved") if kept else None)
