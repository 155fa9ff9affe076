"""The review of a finished deal, step by step: the table as the reviewed seat saw it before each
action, the action, master's choice and the points lost; the costliest decisions a key away;
what the seat's choices cost and what its draws brought. The analysis runs in the background
(:class:`~millebornes.review.jobs.ReviewJob`) with a progress bar, each verdict shown as it
comes, and is kept in the store, so opening the review again shows it at once."""

from __future__ import annotations

from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, ProgressBar, Static

from ..core.phrase import Phrase
from ..core.view import View
from ..review import told
from ..review.decisions import FORCED, costliest
from ..review.jobs import ReviewJob, ReviewJobs
from ..review.replay import Step, steps
from ..table import Table, laid_out
from ..words import card_name, say, word
from .i18n import text
from .replay import step_keys
from .screens import with_keys
from .session import Session
from .widgets import HAND_ORDER, HAND_SLOTS, HandCard, HandPanel, SidePanel, fit_panels

POLL_SECONDS = 0.25
LABELS = ("best", "good", "inaccuracy", "mistake", "blunder", FORCED)


class ReviewScreen(Screen[None]):
    """A finished deal of the table's game, reviewed for ``seat``."""

    # The labels' colours, set in app.tcss.
    COMPONENT_CLASSES: ClassVar[set[str]] = {f"review--{label}" for label in (*LABELS, "failed")}

    @classmethod
    def create(cls, table: Table, deal: int, seat: int, job: ReviewJob) -> ReviewScreen:
        """The review with its keys in the game's language."""

        costly = Binding("c", "costly", say(table.language, "review.key_costly"))
        bindings = (*step_keys(table.language), costly)
        return with_keys(cls, bindings)(table, deal, seat, job)

    def __init__(self, table: Table, deal: int, seat: int, job: ReviewJob) -> None:
        super().__init__()
        self.table = table
        self.deal = deal
        self.seat = seat
        self.job = job
        self.language = table.language
        self.finished = table.match.finished[deal]
        self.steps, self.end = steps(self.finished, seat, table.names(), self.language)
        # The hand at each step and at the end, numbered as the game numbered it.
        self.hands = laid_out([*(step.view.hand for step in self.steps), self.end.hand])
        self.position = 0  # a step, or len(steps) for the end of the deal
        self.costly_seen = -1

    def review_text(self, key: str, **values: object) -> str:
        return say(self.language, f"review.{key}", **values)

    def told(self, phrase: Phrase) -> str:
        """A phrase of the review in the screen's language, sides named as the table names them."""
        return word(phrase, self.language, self.table.side_names())

    def compose(self) -> ComposeResult:
        yield Header(show_clock=False)
        with Horizontal(id="sides"):
            for side in range(len(self.end.sides)):
                yield SidePanel(side, id=f"side-{side}")
        yield Static(id="review-step")
        yield Static(id="review-verdict")
        yield ProgressBar(id="review-progress", show_eta=False)
        with VerticalScroll(id="review-summary-box"):
            yield Static(id="review-summary")
        with HandPanel(id="hand"), Grid(id="hand-cards"):
            for index in HAND_ORDER:
                yield HandCard(index, id=f"card-{index}")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.title = self.review_text("title", deal=self.deal + 1)
        self.sub_title = self.table.names()[self.seat]
        self.job.start()
        self.set_interval(POLL_SECONDS, self.refresh_review)
        self.refresh_review()

    # ----------------------------------------------------------------- the review

    def costliest(self) -> list[int]:
        """The steps of the costliest decisions, costliest first."""
        where = {step.index: number for number, step in enumerate(self.steps)}
        return [where[j["index"]] for j in costliest(self.job.judgements.values())]

    def refresh_review(self) -> None:
        step = self.steps[self.position] if self.position < len(self.steps) else None
        view = self.end if step is None else step.view
        names = self.table.names()
        for side, tableau in enumerate(view.sides):
            self.query_one(f"#side-{side}", SidePanel).show(
                tableau,
                race=view.race,
                language=self.language,
                seat_names=names,
                to_act=None if step is None else step.seat,
                yours=side == view.side,
                points=view.scores[side],
                target=False,
            )
        fit_panels(self.query(SidePanel))
        laid = self.hands[self.position]
        width = max((len(card_name(card, self.language)) for card in view.hand), default=0)
        for index in range(HAND_SLOTS):
            card = laid.places[index] if index < len(laid.places) else None
            self.query_one(f"#card-{index}", HandCard).show(
                card,
                language=self.language,
                playable=False,
                selected=False,
                new=index in laid.new,
                name_width=width,
                hand_size=len(laid.places),
            )
        hand = self.query_one("#hand", HandPanel)
        hand.border_title = text(self.language, "hand", name=self.table.names()[view.seat])
        self.query_one("#review-step", Static).update(self._step_text(step))
        self.query_one("#review-verdict", Static).update(self._verdict(step))
        progress = self.query_one("#review-progress", ProgressBar)
        progress.display = not self.job.finished
        progress.update(total=max(1, self.job.total), progress=self.job.done)
        self.query_one("#review-summary", Static).update(self._summary())

    def _step_text(self, step: Step[View] | None) -> Text:
        if step is None:
            return Text(self.review_text("end"), style="bold")
        return Text(
            self.review_text("step", number=step.index + 1, total=len(self.steps), text=step.text),
            style="bold",
        )

    def _verdict(self, step: Step[View] | None) -> Text:
        if step is None:
            return Text("")
        if step.seat != self.seat:
            return Text(self.review_text("not_yours"), style="dim")
        if self.job.error is not None:
            error = word(self.job.error, self.language)
            return Text(self.review_text("failed", error=error), style=self.label_style("failed"))
        judgement = self.job.judgements.get(step.index)
        if judgement is None:
            return Text(
                self.review_text("working", done=self.job.done, total=self.job.total or "?")
            )
        verdict = self.told(told.verdict(judgement, self.finished))
        return Text(verdict, style=self.label_style(judgement["label"]))

    def label_style(self, label: str) -> Style:
        return self.get_component_rich_style(f"review--{label}", partial=True)

    def _summary(self) -> Text:
        result = self.job.result
        if result is None:
            return Text("")
        lines = Text(self.told(told.summary(result["summary"])))
        lessons = [self.told(told.lesson(j, self.finished)) for j in costliest(result["decisions"])]
        if lessons:
            lines.append(" " + self.review_text("costliest_key"))
        for lesson in lessons:
            lines.append(f"\n  {lesson}")
        for line in told.skill_and_luck(result["summary"]):
            lines.append(f"\n{self.told(line)}")
        return lines

    # ----------------------------------------------------------------- keys

    def action_move(self, steps: int) -> None:
        self.position = min(len(self.steps), max(0, self.position + steps))
        self.refresh_review()

    def action_costly(self) -> None:
        """Go to the next of the costliest decisions, in turn."""
        costly = self.costliest()
        if costly:
            self.costly_seen = (self.costly_seen + 1) % len(costly)
            self.position = costly[self.costly_seen]
            self.refresh_review()

    def action_back(self) -> None:
        self.dismiss(None)


def review_screen(session: Session, reviews: ReviewJobs) -> ReviewScreen:
    """The review of the deal just finished, for the person at the screen (the first person in
    hot-seat, seat 0 when only bots played)."""
    table = session.table
    narrator = session.narrator()
    seat = narrator if narrator is not None else (table.people or [0])[0]
    deal = len(table.match.finished) - 1
    return ReviewScreen.create(table, deal, seat, reviews.get(table.game_id, deal, seat))
