"""The replay of a deal in the terminal: the tableaux after each action, the action in words,
and the hands shown (one seat's, or every hand once the deal is over), stepped with the arrows
and Home/End. The steps are ``review.replay``'s, as in the browser."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from ..core.cards import Card
from ..core.deal import Deal
from ..review.replay import Step, dealt, steps
from ..table import Table
from ..words import card_name, say
from .screens import named_binding, with_keys
from .widgets import SidePanel


def step_keys(language: str) -> tuple[Binding, ...]:
    """The keys that step through a deal and leave, in the footer in ``language`` (the replay's
    and the review's)."""

    def words(key: str) -> str:
        return say(language, f"review.{key}")

    return (
        named_binding(language, "escape,q", "back", words("key_back"), "esc"),
        Binding("left,comma", "move(-1)", words("key_previous"), key_display="←"),
        Binding("right,period", "move(1)", words("key_next"), key_display="→"),
        Binding("home", "move(-1000)", show=False),
        Binding("end", "move(1000)", show=False),
    )


class ReplayScreen(Screen[None]):
    """``deal`` step by step, from ``seat``'s view or (None) with every hand open."""

    @classmethod
    def create(
        cls, deal: Deal, seat: int | None, names: list[str], number: int, language: str
    ) -> ReplayScreen:
        """The replay of deal ``number`` (from 1), its seats called ``names``."""
        return with_keys(cls, step_keys(language))(deal, seat, names, number, language)

    def __init__(
        self, deal: Deal, seat: int | None, names: list[str], number: int, language: str
    ) -> None:
        super().__init__()
        self.deal, self.seat, self.names = deal, seat, names
        self.number, self.language = number, language
        # A seat's views (View), or the public ones with every hand (PublicView, seat None).
        self.steps: list[Step[Any]] = steps(deal, seat, names, language)[0]
        self.start: tuple[Any, Any] = dealt(deal, seat)
        self.position = 0  # 0 as dealt, n after the nth step

    def compose(self) -> ComposeResult:
        yield Header(show_clock=False)
        with Horizontal(id="sides"):
            for side in range(self.deal.sides_count):
                yield SidePanel(side, id=f"side-{side}")
        yield Static(id="replay-step")
        yield Static(id="replay-hands")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.title = self.page_words("title", n=self.number)
        shown = self.page_words("open") if self.seat is None else None
        self.sub_title = shown or self.names[self.seat or 0]
        self.show()

    def show(self) -> None:
        step = self.steps[self.position - 1] if self.position else None
        view, hands = self.start if step is None else (step.after, step.hands)
        for side, tableau in enumerate(view.sides):
            self.query_one(f"#side-{side}", SidePanel).show(
                tableau,
                race=view.race,
                language=self.language,
                seat_names=self.names,
                to_act=None if step is None else step.seat,
                yours=self.seat is not None and side == self.deal.side_of(self.seat),
                points=view.scores[side],
                target=False,
            )
        if step is None:
            said = self.page_words("dealt")
        else:
            last = self.steps[-1].index + 1
            said = say(
                self.language, "review.step", number=step.index + 1, total=last, text=step.text
            )
        if view.is_over:
            said = f"{said} {say(self.language, 'review.end')}"
        self.query_one("#replay-step", Static).update(Text(said, style="bold"))
        # Every hand, or a seat's own in its view.
        shown = list(enumerate(hands)) if hands is not None else [(view.seat, view.hand)]
        lines = [self.hand_line(self.names[seat], hand) for seat, hand in shown]
        self.query_one("#replay-hands", Static).update("\n".join(lines))

    def hand_line(self, name: str, hand: tuple[Card, ...]) -> str:
        cards = ", ".join(card_name(card, self.language) for card in hand)
        return f"{say(self.language, 'web.review_page.hand', name=name)} {cards}"

    def page_words(self, key: str, **values: object) -> str:
        """The browser's replay page's words, the same in the terminal."""
        return say(self.language, f"web.replay_page.{key}", **values)

    def action_move(self, by: int) -> None:
        self.position = min(len(self.steps), max(0, self.position + by))
        self.show()

    def action_back(self) -> None:
        self.dismiss(None)


def replay_screen(table: Table, language: str) -> ReplayScreen:
    """The replay of the deal ``table`` just finished, every hand open (it is over), as the
    score sheet's Replay opens it."""
    deal = table.match.finished[-1]
    return ReplayScreen.create(deal, None, table.names(), len(table.match.finished), language)


class ReplayApp(App[None]):
    """The replay alone, as ``millebornes replay --table`` opens it: leaving it ends the app."""

    CSS_PATH = "app.tcss"
    TITLE = "Mille Bornes"
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, screen: ReplayScreen) -> None:
        super().__init__()
        self.replay = screen

    def on_mount(self) -> None:
        self.push_screen(self.replay, lambda _: self.exit())
