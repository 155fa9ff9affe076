"""Golden playthroughs, in OpenSpiel's style: for two seeded deals of each preset, every step's
seat to act, that seat's view (its hand; each side's battle and speed piles' tops, safeties and
km; the discard pile's top; the stock), its legal actions and the action the fixed bots took
(expert and greedy: fast and deterministic). One text file a deal, in tests/golden/playthroughs/;
a line never shows a hand but the acting seat's own.

Any change of the rules or of those two bots shows as a readable diff: the rules are checked by
replaying each file's actions through the engine, the bots by letting them play each deal again.
A deliberate change rewrites the files (``python tests/test_playthroughs.py``) and says so in its
commit.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from millebornes import Action, Card, Deal, IllegalActionError
from millebornes.bots import make_bot
from millebornes.core.view import SideView, View

PLAYTHROUGHS = Path(__file__).parent / "golden" / "playthroughs"
ACTION = "  action: "


@dataclass(frozen=True)
class Playthrough:
    """A seeded deal, the bot of each seat, what it was chosen to show and a line of the
    playthrough that shows it."""

    rules: str
    players: int
    seed: int
    bots: tuple[str, ...]
    shows: str
    sign: str

    @property
    def path(self) -> Path:
        return PLAYTHROUGHS / f"{self.rules}-{self.players}p-seed{self.seed}.txt"


E, G = "expert", "greedy"
DEALS = [
    Playthrough("dujardin", 2, 4, (E, G), "two coups-fourrés", "action: coup-fourre\n"),
    Playthrough("dujardin", 4, 0, (E, G, E, G), "four sides", "side 3 (seat 3)"),
    Playthrough("parker", 2, 3, (G, E), "an extension", "action: extend\n"),
    Playthrough("parker", 3, 4, (E, G, E), "an extension declined", "action: finish\n"),
    Playthrough("winning-moves", 4, 2, (E, G, E, G), "partners", "side 1 (seats 1 3)"),
    Playthrough("winning-moves", 4, 5, (G, E, G, E), "coups-fourrés", "action: coup-fourre\n"),
]


def _cards(cards: tuple[Card, ...]) -> str:
    return " ".join(card.notation for card in cards) or "-"


def _side(number: int, side: SideView) -> str:
    seats = " ".join(map(str, side.seats))
    safeties = " ".join(
        card.notation + ("*" if card in side.coups_fourres else "") for card in side.safeties
    )
    twos = side.twos_hundred
    return (
        f"  side {number} (seat{'s' if len(side.seats) > 1 else ''} {seats}):"
        f" battle {_cards(side.battle[-1:])}, speed {_cards(side.speed[-1:])},"
        f" safeties {safeties or '-'}, {side.km} km{f' ({twos} × 200)' if twos else ''}"
    )


def step_lines(step: int, view: View) -> list[str]:
    """One step as the seat to act sees it (coups-fourrés called marked with *)."""
    attack = view.attack
    asked = "" if attack is None else f" against {attack.hazard.notation} by seat {attack.by}"
    return [
        f"step {step}: seat {view.seat}, {view.decision}{asked}",
        f"  hand: {_cards(view.hand)}",
        *(_side(number, side) for number, side in enumerate(view.sides)),
        f"  discard {_cards(view.discard[-1:])}, stock {view.stock_size}",
        f"  legal: {', '.join(map(str, view.legal))}",
    ]


def written(deal: Playthrough, choose: Callable[[View], Action | None]) -> list[str]:
    """The playthrough's lines, each step's action chosen by ``choose`` (None: stop there)."""
    played = Deal.new(deal.rules, deal.players, deal.seed)
    names = ", ".join(f"{seat} {name}" for seat, name in enumerate(deal.bots))
    lines = [
        f"# {deal.rules}, {deal.players} players, race {played.race}, deck seed {deal.seed},"
        f" dealer {played.dealer}; chosen for {deal.shows}",
        f"# seats: {names}",
        "# each step: the seat to act, its view, its legal actions and the action taken",
        "",
    ]
    step = 0
    while (seat := played.to_act) is not None:
        view = played.view(seat)
        action = choose(view)
        if action is None:
            return lines
        step += 1
        lines += [*step_lines(step, view), ACTION + str(action)]
        try:
            played.apply(action)
        except IllegalActionError as error:  # a recorded action the rules now refuse
            return [*lines, f"  refused: {error}"]
    totals = ", ".join(f"side {side} {sheet['total']}" for side, sheet in enumerate(played.score()))
    return [*lines, f"over after {step} steps: {totals}"]


def by_bots(deal: Playthrough) -> list[str]:
    bots = [make_bot(name, seat) for seat, name in enumerate(deal.bots)]
    return written(deal, lambda view: bots[view.seat].choose(view))


def by_record(deal: Playthrough, lines: list[str]) -> list[str]:
    """The playthrough of the actions ``lines`` record, replayed through the engine."""
    actions: Iterator[str] = (line[len(ACTION) :] for line in lines if line.startswith(ACTION))
    return written(deal, lambda view: next(map(Action.parse, actions), None))


def assert_same(produced: list[str], deal: Playthrough) -> None:
    golden = deal.path.read_text(encoding="utf-8").splitlines()
    if produced != golden:
        diff = difflib.unified_diff(golden, produced, str(deal.path), "now", lineterm="")
        hint = "a deliberate change? python tests/test_playthroughs.py writes the files again"
        pytest.fail("\n".join([*list(diff)[:80], "", hint]))


@pytest.mark.parametrize("deal", DEALS, ids=lambda deal: deal.path.stem)
def test_the_rules_replay_each_playthrough(deal: Playthrough) -> None:
    """Every view and list of legal actions the file records, step by step, from its actions."""
    golden = deal.path.read_text(encoding="utf-8").splitlines()
    assert_same(by_record(deal, golden), deal)


@pytest.mark.parametrize("deal", DEALS, ids=lambda deal: deal.path.stem)
def test_the_bots_play_each_playthrough_again(deal: Playthrough) -> None:
    assert_same(by_bots(deal), deal)


@pytest.mark.parametrize("deal", DEALS, ids=lambda deal: deal.path.stem)
def test_each_playthrough_shows_what_it_was_chosen_for(deal: Playthrough) -> None:
    text = deal.path.read_text(encoding="utf-8")
    assert deal.sign in text
    assert text.splitlines()[-1].startswith("over after ")


if __name__ == "__main__":
    PLAYTHROUGHS.mkdir(parents=True, exist_ok=True)
    for deal in DEALS:
        deal.path.write_text("\n".join(by_bots(deal)) + "\n", encoding="utf-8")
        print(f"wrote {deal.path}")
