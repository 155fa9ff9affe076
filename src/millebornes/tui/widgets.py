"""The pieces of the table: a side's tableau, the hand, the log, the score sheet.

Widgets draw what they are given (parts of a seat's ``View``) and report clicks; they decide
nothing about the rules. Their colours are component classes styled in ``app.tcss``
(:data:`PALETTE`), and their text is wrapped here, at word boundaries, so that a card's name
never breaks in the middle of a word.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable
from typing import ClassVar

from rich import box
from rich.console import RenderableType
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.containers import Vertical
from textual.css.scalar import Scalar
from textual.events import Resize
from textual.message import Message
from textual.widget import Widget
from textual.widgets import RichLog, Static

from ..core.cards import HAZARDS, REMEDIES, Card
from ..core.view import SideView
from ..words import card_name
from ..words.names import card_noun
from .i18n import score_item, text

# The game's colours and emphases, one component class each, styled in app.tcss: the kinds of
# card, the marks of the table (the seat to act, a coup-fourré, the last move, a card just
# drawn, a playable card), the distance bar, the log's lines and the messages. A widget declares
# only those it paints with: Textual styles each of a widget's component classes again whenever
# the widget's own classes change, which made the hand's seven places most of a refresh's time.
KIND_COLOURS = frozenset({"kind--distance", "kind--hazard", "kind--remedy", "kind--safety"})
PALETTE = KIND_COLOURS | frozenset(
    {
        "mark--turn",
        "mark--coup-fourre",
        "mark--last",
        "mark--new",
        "mark--playable",
        "mark--picked",
        "bar--done",
        "bar--left",
        "log--deal",
        "log--attack",
        "log--coup-fourre",
        "log--decline",
        "say--refusal",
        "say--hint",
        "say--turn",
        "score--match",
    }
)

HAND_SLOTS = 7
PANEL_BORDER = 2  # a tableau's border lines, above and below it
LAST_MARK = "←"  # after the card the last move laid on a tableau, or the last discard
COUP_FOURRE_MARK = "★"
PLAYABLE_MARK = "✓"
PICKED_MARK = "▶"
TURN_MARK = "▶"


def paint(widget: Widget, name: str) -> Style:
    """The style of ``name`` (one of :data:`PALETTE`) as ``app.tcss`` sets it."""
    return widget.get_component_rich_style(name, partial=True)


def card_text(widget: Widget, card: Card | None, language: str) -> Text:
    """A card's name in the colour of its kind (a dash for no card)."""
    if card is None:
        return Text(text(language, "none"), style="dim")
    return Text(card_name(card, language), style=paint(widget, f"kind--{card.kind}"))


def wrap(words: str, width: int) -> list[str]:
    """``words`` in lines of at most ``width`` cells, broken only between words or after a
    hyphen (a word longer than the line stays whole)."""
    return textwrap.wrap(words, max(1, width), break_long_words=False) or [""]


class Painted(Static):
    """A line of the screen (the message, the score sheet, the coup-fourré's moment) drawn in
    the palette's styles."""

    COMPONENT_CLASSES: ClassVar[set[str]] = set(PALETTE)

    def paint(self, name: str) -> Style:
        return paint(self, name)


class SidePanel(Widget):
    """One side's tableau: its state in words (rolling, or stopped and what it needs, and the
    speed limit), safeties (★: coup-fourré) and distance; the card the last move laid there is
    marked (←)."""

    COMPONENT_CLASSES: ClassVar[set[str]] = set(
        KIND_COLOURS | {"mark--turn", "mark--coup-fourre", "mark--last", "bar--done", "bar--left"}
    )

    class Clicked(Message):
        def __init__(self, side: int) -> None:
            super().__init__()
            self.side = side

    def __init__(self, side: int, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.side = side
        self.tableau: SideView | None = None
        self.race = 1000
        self.language = "en"
        self.seat_names: list[str] = []
        self.last: Card | None = None
        self.to_act: int | None = None
        self.names_inside = False

    def show(
        self,
        tableau: SideView,
        *,
        race: int,
        language: str,
        seat_names: list[str],
        to_act: int | None,
        yours: bool,
        points: int,
        target: bool,
        last: Card | None = None,
    ) -> None:
        """Draw ``tableau``; ``target`` marks it as a side the chosen hazard may attack, and
        ``last`` is the card the last move laid on it."""
        self.tableau = tableau
        self.race = race
        self.language = language
        self.seat_names = seat_names
        self.last = last
        self.to_act = to_act
        compact = self.is_compact()
        room = self.content_size.width - 2  # the title keeps a margin from the corners
        title = self.title_text(tableau.seats, to_act, tight=compact)
        if len(title) > room:
            title = self.title_text(tableau.seats, to_act, tight=True)
        # Names too long for the border (8 players at 80 or 100 columns): inside, wrapped.
        self.names_inside = len(title) > room
        if self.names_inside:
            title = Text(f"{self.side + 1}", style="bold")
            if to_act in tableau.seats:
                title.append(f" {TURN_MARK}", style=paint(self, "mark--turn"))
        you = f" ({text(language, 'you_mark')})"
        if yours and len(title) + len(you) <= room:
            title.append(you, style="italic")
        self.border_title = title
        subtitle = text(language, "points", points=points)
        if compact and tableau.twos_hundred:  # no line of its own: beside the points
            subtitle = f"200×{tableau.twos_hundred} {subtitle}"
        self.border_subtitle = subtitle
        self.set_class(yours, "yours")
        self.set_class(to_act in tableau.seats, "to-act")
        self.set_class(target, "target")
        self.refresh()

    def title_text(self, seats: tuple[int, ...], to_act: int | None, *, tight: bool) -> Text:
        """ "1 · ▶ South & North", or tight "1 ▶South/North" where that would not fit."""
        title = Text(f"{self.side + 1} " if tight else f"{self.side + 1} · ", style="bold")
        for number, seat in enumerate(seats):
            if number:
                title.append("/" if tight else " & ")
            if seat == to_act:
                title.append(
                    TURN_MARK if tight else f"{TURN_MARK} ", style=paint(self, "mark--turn")
                )
                title.append(self.seat_names[seat], style=paint(self, "mark--turn"))
            else:
                title.append(self.seat_names[seat], style="bold")
        return title

    def render(self) -> RenderableType:
        return self.tableau_text()

    def lines_needed(self) -> int:
        """How many lines the tableau takes at the panel's present width."""
        return len(self.tableau_text().split())

    def label_width(self) -> int:
        return max(len(text(self.language, key)) for key in ("safeties", "twos"))

    def is_compact(self) -> bool:
        """Too narrow for a card beside its label (four sides at 80 columns): the cards go
        without labels and the 200s beside the points, so that every line fits."""
        longest = max(len(card_name(card, self.language)) for card in (*HAZARDS, *REMEDIES))
        return 0 < self.content_size.width < self.label_width() + 1 + longest

    def card_lines(self, card: Card, width: int) -> list[Text]:
        """``card``'s name in lines of ``width``, with its marks: ★ a coup-fourré, ← the last
        move."""
        assert self.tableau is not None
        marks = Text()
        if card in self.tableau.coups_fourres:
            marks.append(COUP_FOURRE_MARK, style=paint(self, "mark--coup-fourre"))
        name = card_name(card, self.language)
        return self.marked_lines(name, card.kind, width, marks, laid=card is self.last)

    def marked_lines(
        self, words: str, kind: str, width: int, marks: Text, *, laid: bool
    ) -> list[Text]:
        """``words`` in lines of ``width`` in the colour of a card's ``kind``, ``marks`` after
        them, and ← when the last move ``laid`` the card they tell."""
        style = paint(self, f"kind--{kind}")
        if laid:
            marks.append(" ")
            marks.append(LAST_MARK, style=paint(self, "mark--last"))
            style += paint(self, "mark--last")
        lines = [Text(line, style=style) for line in wrap(words, width - len(marks))]
        lines[-1].append_text(marks)
        return lines

    def state_lines(self, width: int) -> list[Text]:
        """The tableau's state in words: "rolling" in a remedy's colour, or "stopped: needs
        Roll" in a hazard's; then "speed limit" under a Speed Limit."""
        tableau = self.tableau
        assert tableau is not None
        needs = tableau.needs
        if needs is None:
            state = text(self.language, "state.rolling")
        else:
            state = text(self.language, "state.stopped", card=card_noun(needs, self.language))
        top = tableau.battle_top
        kind = "remedy" if needs is None else "hazard"
        lines = self.marked_lines(
            state, kind, width, Text(), laid=top is not None and top is self.last
        )
        speed = tableau.speed_top
        if speed is Card.SPEED_LIMIT or (speed is not None and speed is self.last):
            limited = speed is Card.SPEED_LIMIT
            limit = text(self.language, "state.limited" if limited else "state.unlimited")
            lines += self.marked_lines(limit, speed.kind, width, Text(), laid=speed is self.last)
        return lines

    def tableau_text(self) -> Text:
        tableau = self.tableau
        if tableau is None:
            return Text()
        width = self.content_size.width
        compact = self.is_compact()
        indent = 0 if compact else self.label_width() + 1
        room = max(1, width - indent)
        lines: list[Text] = []
        if self.names_inside:
            seats = " / ".join(
                (TURN_MARK if seat == self.to_act else "") + self.seat_names[seat]
                for seat in tableau.seats
            )
            lines = [Text(line, style="bold") for line in wrap(seats, width)]
            for line in lines:
                line.highlight_words([TURN_MARK], paint(self, "mark--turn"))
        lines += self.state_lines(width)
        safeties = [line for card in tableau.safeties for line in self.card_lines(card, room)]
        rows: list[tuple[str, list[Text]]] = [("safeties", safeties)]
        if not compact:
            twos = Text(
                f"{tableau.twos_hundred}/2", style="bold" if tableau.twos_hundred else "dim"
            )
            rows.append(("twos", [twos]))
        none = text(self.language, "none")
        for label, values in rows:
            name = text(self.language, label)
            if not values:  # "Safeties —": the label says what is missing, even when compact
                shown = f"{name} {none}" if compact else f"{name:<{indent}}{none}"
                lines.append(Text(shown, style="dim"))
            for number, value in enumerate(values):
                line = Text()
                if not compact:  # the label on the first line, continuations under the value
                    line.append(f"{name if number == 0 else '':<{indent}}", style="dim")
                line.append_text(value)
                lines.append(line)
        lines.append(self.distance_line())
        return Text("\n").join(lines)

    def distance_line(self) -> Text:
        assert self.tableau is not None
        figure = Text(f" {self.tableau.km}/{self.race}", style="bold")
        if self.last is not None and self.last.is_distance:
            figure.append(" ")
            figure.append(LAST_MARK, style=paint(self, "mark--last"))
        filled_width = max(4, self.content_size.width - len(figure))
        filled = round(filled_width * self.tableau.km / self.race) if self.race else 0
        # Blocks of background colour rather than glyphs, so that every font draws them whole.
        line = Text(" " * filled, style=paint(self, "bar--done"))
        line.append(" " * (filled_width - filled), style=paint(self, "bar--left"))
        line.append_text(figure)
        return line

    def on_click(self) -> None:
        self.post_message(self.Clicked(self.side))


def fit_panels(panels: Iterable[SidePanel]) -> None:
    """Make every tableau as tall as the fullest one needs, so that they line up and what is
    under them gets the rest of the screen."""
    shown = list(panels)
    height = max(panel.lines_needed() for panel in shown) + PANEL_BORDER
    for panel in shown:
        if panel.styles.height != Scalar.from_number(height):
            panel.styles.height = height


class HandCard(Widget):
    """A place of the hand, one line: its key, ▶ when picked, ✓ when it can be played (or
    attack), the card's name in its kind's colour, its kind, and "new" when just drawn."""

    COMPONENT_CLASSES: ClassVar[set[str]] = set(
        KIND_COLOURS | {"mark--picked", "mark--playable", "mark--new"}
    )

    class Clicked(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, index: int, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.index = index
        self.card: Card | None = None
        self.language = "en"
        self.playable = False
        self.selected = False
        self.new = False
        self.name_width = 0
        self.hand_size = 0

    def show(
        self,
        card: Card | None,
        *,
        language: str,
        playable: bool,
        selected: bool,
        new: bool = False,
        name_width: int = 0,
        hand_size: int = HAND_SLOTS,
    ) -> None:
        """``card`` in this place (None: a place the hand has left empty, or none at all
        past ``hand_size``)."""
        self.card = card
        self.language = language
        self.playable = playable
        self.selected = selected
        self.new = new
        self.name_width = name_width
        self.hand_size = hand_size
        # Only the classes app.tcss styles: a change of any class restyles the place, and the
        # card's kind and whether it is playable are painted by render().
        self.set_class(card is None, "empty")
        self.set_class(selected, "selected")
        self.refresh()

    def render(self) -> RenderableType:
        line = Text()
        if self.index >= self.hand_size:
            return line  # no place: the hand is smaller
        line.append(PICKED_MARK if self.selected else " ", style=paint(self, "mark--picked"))
        line.append(f"{self.index + 1} ", style="bold")
        if self.card is None:
            line.append(text(self.language, "none"), style="dim")
            return line
        line.append(PLAYABLE_MARK if self.playable else " ", style=paint(self, "mark--playable"))
        line.append(" ")
        line.append_text(card_text(self, self.card, self.language))
        line.pad_right(self.name_width - len(card_name(self.card, self.language)))
        # Its kind, but for a distance, whose name says it ("100 km").
        kind = (
            Text()
            if self.card.is_distance
            else Text(f"  {text(self.language, self.card.kind)}", style="dim italic")
        )
        new = Text(f"  {text(self.language, 'new_card')}", style=paint(self, "mark--new"))
        room = self.content_size.width - len(line)
        if self.new and len(kind) + len(new) > room:
            kind = Text()  # the colour still tells the kind; "new" matters more here
        if len(kind) <= room:
            line.append_text(kind)
        if self.new:
            line.append_text(new)
        return line

    def on_click(self) -> None:
        self.post_message(self.Clicked(self.index))


class HandPanel(Vertical):
    """The hand's frame: whose hand and whose turn above it, the stock and the discard pile
    below it, drawn in the palette's styles."""

    COMPONENT_CLASSES: ClassVar[set[str]] = set(KIND_COLOURS | {"mark--last"})


# The order of the places on the screen: two columns read downwards (1-4, then 5-7).
HAND_ORDER = (0, 4, 1, 5, 2, 6, 3)


class GameLog(RichLog):
    """The game's log, newest line last and always in sight: its lines are written again at
    the new width when the screen is resized, so that a long line wraps rather than runs out of
    sight."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "log--deal",
        "log--attack",
        "log--coup-fourre",
        "log--decline",
    }

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, wrap=True, markup=False, auto_scroll=True, min_width=1)
        self.written: list[Text] = []
        self.width_written = 0

    def add(self, line: Text) -> None:
        self.written.append(line)
        self.write(line)

    def on_resize(self, _event: Resize) -> None:
        self.call_after_refresh(self.rewrap)  # after RichLog's own handler

    def rewrap(self) -> None:
        """Every line again at the log's present width (if it changed), the newest in sight
        (the log also shrinks while a long hint is shown)."""
        width = self.scrollable_content_region.width
        if width and width != self.width_written:
            self.width_written = width
            self.clear()
            for line in self.written:
                self.write(line)
        self.scroll_end(animate=False)


def score_table(
    widget: Widget,
    sheets: list[dict[str, int]],
    side_names: list[str],
    match_scores: list[int],
    language: str,
    *,
    extension: bool = False,
) -> Table:
    """The itemised score of a deal, one column per side, every item of the preset named; the
    extension's only at a table whose race may be extended (parker's 700 races), as its rules
    score it nowhere else."""
    table = Table(expand=True, box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    table.add_column("")
    for name in side_names:
        table.add_column(name, justify="right")
    for item in sheets[0]:
        if item == "total" or (item == "extension" and not extension):
            continue
        cells = [
            Text(
                text(language, "number", value=sheet[item]), style="bold" if sheet[item] else "dim"
            )
            for sheet in sheets
        ]
        table.add_row(score_item(language, item), *cells)
    table.add_section()
    table.add_row(
        Text(text(language, "total"), style="bold"),
        *(Text(text(language, "number", value=sheet["total"]), style="bold") for sheet in sheets),
    )
    match = paint(widget, "score--match")
    table.add_row(
        Text(text(language, "match_total"), style=match),
        *(Text(text(language, "number", value=points), style=match) for points in match_scores),
    )
    return table
