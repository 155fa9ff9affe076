"""The pieces of the table: a side's tableau, a card in hand, the score sheet.

Widgets draw what they are given (parts of a seat's ``View``) and report clicks; they decide
nothing about the rules.
"""

from __future__ import annotations

from rich import box
from rich.console import RenderableType
from rich.table import Table
from rich.text import Text
from textual.message import Message
from textual.widget import Widget

from ..core.cards import HAZARDS, REMEDIES, Card, card_name
from ..core.view import SideView
from .i18n import score_item, text

KIND_STYLES = {
    "distance": "bold #5fafff",
    "hazard": "bold #ff5f5f",
    "remedy": "bold #5fd75f",
    "safety": "bold #ffd75f",
}


def card_kind(card: Card) -> str:
    if card.is_distance:
        return "distance"
    if card.is_hazard:
        return "hazard"
    if card.is_remedy:
        return "remedy"
    return "safety"


def card_text(card: Card | None, language: str) -> Text:
    """A card's name in the colour of its kind (a dash for no card)."""
    if card is None:
        return Text(text(language, "none"), style="dim")
    return Text(card_name(card, language), style=KIND_STYLES[card_kind(card)])


def progress_bar(km: int, race: int, width: int) -> Text:
    """Blocks of background colour rather than glyphs, so that every font draws them whole."""
    filled = round(width * km / race) if race else 0
    bar = Text(" " * filled, style="on #5fafff")
    bar.append(" " * (width - filled), style="on #3a3a3a")
    return bar


class SidePanel(Widget):
    """One side's tableau: battle and speed piles, safeties (★: coup-fourré) and distance."""

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
    ) -> None:
        """Draw ``tableau``; ``target`` marks it as a side the chosen hazard may attack."""
        self.tableau = tableau
        self.race = race
        self.language = language
        self.seat_names = seat_names
        compact = self.is_compact()
        title = self.title_text(tableau.seats, to_act, tight=compact)
        if len(title) > self.content_size.width:
            title = self.title_text(tableau.seats, to_act, tight=True)
        you = f" ({text(language, 'you_mark')})"
        if yours and len(title) + len(you) <= self.content_size.width:
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
            marker = ("▶" if tight else "▶ ") if seat == to_act else ""
            style = "bold #ffd75f" if marker else "bold"
            title.append(f"{marker}{self.seat_names[seat]}", style=style)
        return title

    def render(self) -> RenderableType:
        return self.tableau_text()

    def lines_needed(self) -> int:
        """How many lines the tableau takes at the panel's present width."""
        return self.tableau_text().plain.count("\n") + 1

    def label_width(self) -> int:
        return max(len(text(self.language, key)) for key in ("battle", "speed", "safeties", "twos"))

    def is_compact(self) -> bool:
        """Too narrow for a battle card beside its label (four sides at 80 columns): the
        cards go without labels and the 200s beside the points, so that every line fits."""
        longest = max(len(card_name(card, self.language)) for card in (*HAZARDS, *REMEDIES))
        return 0 < self.content_size.width < self.label_width() + 1 + longest

    def tableau_text(self) -> Text:
        tableau = self.tableau
        if tableau is None:
            return Text()
        if self.is_compact():
            return self.compact_text(tableau)
        language = self.language
        lines = Text()
        label_width = self.label_width()

        def label(key: str) -> None:
            lines.append(f"{text(language, key):<{label_width}} ", style="dim")

        label("battle")
        lines.append_text(card_text(tableau.battle_top, language))
        lines.append("\n")
        label("speed")
        if tableau.speed_top is Card.SPEED_LIMIT:
            lines.append_text(card_text(Card.SPEED_LIMIT, language))
        else:
            lines.append(text(language, "no_limit"), style="dim")
        lines.append("\n")
        label("safeties")
        if not tableau.safeties:
            lines.append(text(language, "none"), style="dim")
        names = []
        for safety in tableau.safeties:
            name = card_text(safety, language)
            if safety in tableau.coups_fourres:
                name.append("★", style="bold #ff875f")
            names.append(name)
        room = self.content_size.width - label_width - 1
        if any(len(name) > room for name in names):
            # Too narrow beside the label: one safety a line, under it.
            for name in names:
                lines.append("\n")
                lines.append_text(name)
        else:
            used = 0
            for number, name in enumerate(names):
                if number and used + 2 + len(name) > room:
                    lines.append("\n" + " " * (label_width + 1))  # wrap under the first one
                    used = 0
                elif number:
                    lines.append(", ")
                    used += 2
                lines.append_text(name)
                used += len(name)
        lines.append("\n")
        label("twos")
        lines.append(f"{tableau.twos_hundred}/2", style="bold" if tableau.twos_hundred else "dim")
        lines.append("\n")
        lines.append_text(self.distance_line())
        return lines

    def compact_text(self, tableau: SideView) -> Text:
        """Battle, speed, safeties (one a line) and distance, each on its own line, cards
        named without labels (their colour says their kind); a label only says "none"."""
        language = self.language
        lines = Text()
        if tableau.battle_top is None:
            lines.append(f"{text(language, 'battle')} {text(language, 'none')}", style="dim")
        else:
            lines.append_text(card_text(tableau.battle_top, language))
        lines.append("\n")
        if tableau.speed_top is Card.SPEED_LIMIT:
            lines.append_text(card_text(Card.SPEED_LIMIT, language))
        else:
            lines.append(text(language, "no_limit"), style="dim")
        lines.append("\n")
        if not tableau.safeties:
            lines.append(f"{text(language, 'safeties')} {text(language, 'none')}", style="dim")
            lines.append("\n")
        for safety in tableau.safeties:
            lines.append_text(card_text(safety, language))
            if safety in tableau.coups_fourres:
                lines.append("★", style="bold #ff875f")
            lines.append("\n")
        lines.append_text(self.distance_line())
        return lines

    def distance_line(self) -> Text:
        assert self.tableau is not None
        figure = f" {self.tableau.km}/{self.race}"
        width = max(4, self.content_size.width - len(figure))
        line = Text()
        line.append_text(progress_bar(self.tableau.km, self.race, width))
        line.append(figure, style="bold")
        return line

    def on_click(self) -> None:
        self.post_message(self.Clicked(self.side))


class CardButton(Widget):
    """A card in hand: its key, name and kind, coloured by kind; dimmed when only a discard."""

    class Clicked(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, index: int, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.index = index
        self.card: Card | None = None
        self.language = "en"

    def show(self, card: Card | None, *, language: str, playable: bool, selected: bool) -> None:
        self.card = card
        self.language = language
        self.display = card is not None
        for kind in KIND_STYLES:
            self.set_class(card is not None and card_kind(card) == kind, kind)
        self.set_class(playable, "playable")
        self.set_class(selected, "selected")
        self.refresh()

    def render(self) -> RenderableType:
        if self.card is None:
            return ""
        kind = card_kind(self.card)
        lines = Text(f"{self.index + 1}\n", style="bold")
        lines.append_text(card_text(self.card, self.language))
        lines.append(f"\n{text(self.language, kind)}", style="dim italic")
        return lines

    def on_click(self) -> None:
        self.post_message(self.Clicked(self.index))


def score_table(
    sheets: list[dict[str, int]],
    side_names: list[str],
    match_scores: list[int],
    language: str,
) -> Table:
    """The itemised score of a deal, one column per side, every item of the preset named."""
    table = Table(expand=True, box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    table.add_column("")
    for name in side_names:
        table.add_column(name, justify="right")
    for item in sheets[0]:
        if item == "total":
            continue
        cells = [Text(str(sheet[item]), style="bold" if sheet[item] else "dim") for sheet in sheets]
        table.add_row(score_item(language, item), *cells)
    table.add_section()
    table.add_row(
        Text(text(language, "total"), style="bold"),
        *(Text(str(sheet["total"]), style="bold") for sheet in sheets),
    )
    table.add_row(
        Text(text(language, "match_total"), style="bold #ffd75f"),
        *(Text(str(points), style="bold #ffd75f") for points in match_scores),
    )
    return table
