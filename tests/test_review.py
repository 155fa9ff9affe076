"""The review of a seat's decisions: planted blunders are found while the expert's own decisions
are rarely called mistakes, judgements come from the seat's views alone, and the ``review``
command prints them (JSON too) or refuses bad input in one line."""

from __future__ import annotations

import itertools
import json
import sys
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from budgets import quick_review
from millebornes import Action, Card, Deal, Match, match_record
from millebornes.bots import make_bot, play_out
from millebornes.cli.main import main
from millebornes.core.actions import DECLINE_COUP_FOURRE, DISCARDS, Decision
from millebornes.core.records import deal_record
from millebornes.core.view import View
from millebornes.review import decisions
from millebornes.review.decisions import (
    BLUNDER_LOSS,
    FORCED,
    GOOD_LOSS,
    MISTAKE_LOSS,
    Budget,
    Judgement,
    best_now,
    label,
    review,
    trivial,
)
from millebornes.review.told import lesson
from millebornes.words import word
from scenarios import played

# Small enough to keep the suite fast: the loss of an action is then measured to about 30
# points (one standard error), against 14 at the default budget.
SMALL = Budget(iterations=200)
COSTLY = ("mistake", "blunder")
Plant = Callable[[View], Action | None]


def discard_a_safety(view: View) -> Action | None:
    """On the seat's first turn holding a safety: discard it."""
    safeties = [card for card in view.hand if card.is_safety]
    return DISCARDS[safeties[0]] if view.decision == Decision.TURN and safeties else None


def let_a_coup_fourre_pass(view: View) -> Action | None:
    return DECLINE_COUP_FOURRE if view.decision == Decision.COUP_FOURRE else None


def discard_the_remedy_needed(view: View) -> Action | None:
    """Stopped by a hazard while holding its remedy: discard the remedy."""
    top = view.sides[view.side].battle_top
    if view.decision != Decision.TURN or top is None or not top.is_hazard or top is Card.STOP:
        return None
    remedy = {
        Card.OUT_OF_GAS: Card.GASOLINE,
        Card.FLAT_TIRE: Card.SPARE_TIRE,
        Card.ACCIDENT: Card.REPAIRS,
    }[top]
    return DISCARDS[remedy] if remedy in view.hand else None


def between_experts(seed: int) -> tuple[Deal, list[Action]]:
    """A 2-player deal played by experts: its start and its actions."""
    start, actions, _ = planted(seed, lambda view: None)
    return start, actions


def planted(seed: int, plant: Plant) -> tuple[Deal, list[Action], int]:
    """A 2-player deal between experts in which the first decision ``plant`` answers is played
    its way; the start, the actions and the index of the planted one."""
    deal = Deal.new("dujardin", 2, seed)
    start = deal.copy()
    experts = [make_bot("expert") for _ in range(2)]
    index = -1
    while not deal.is_over:
        seat = deal.to_act
        assert seat is not None
        view = deal.view(seat)
        action = experts[seat].choose(view)
        if index < 0 and (blunder := plant(view)) is not None:
            index, action = len(deal.history), blunder
        deal.apply(action)
    return start, deal.history, index


@pytest.mark.slow
@pytest.mark.parametrize(
    ("plant", "seed"),
    [
        (discard_a_safety, 0),
        (discard_a_safety, 1),
        (discard_a_safety, 2),
        (let_a_coup_fourre_pass, 8),
        (let_a_coup_fourre_pass, 33),
        (discard_the_remedy_needed, 3),
    ],
)
def test_a_planted_blunder_is_found_among_the_experts_sound_decisions(
    plant: Plant, seed: int
) -> None:
    start, actions, index = planted(seed, plant)
    assert index >= 0, "the deal never offered the planted blunder"
    replay = start.copy()
    for action in actions[:index]:
        replay.apply(action)
    seat = replay.to_act
    assert seat is not None
    result = review(start, actions, seat, budget=SMALL, seed=seed)
    blunder = next(j for j in result.decisions if j.index == index)
    assert blunder.label in COSTLY
    assert blunder.loss is not None
    assert blunder.loss >= MISTAKE_LOSS
    assert blunder.best != blunder.played
    others = [j for j in result.judged if j.index != index]
    assert len(others) >= 10
    assert sum(j.label in COSTLY for j in others) <= len(others) / 5


def swap_unplayed_cards(start: Deal, actions: list[Action], seat: int) -> Deal:
    """``start`` with one card of ``seat``'s hand that it holds all deal long traded for a card
    never drawn from the stock: every other seat's views stay the same, its own do not."""
    deal = start.copy()
    held = start.hands[seat][:]
    lowest = held[:]
    for action in actions:
        deal.apply(action)
        lowest = [min(a, b) for a, b in zip(lowest, deal.hands[seat], strict=True)]
    assert deal.stock, "the deal used the whole stock: no card was left undrawn"
    kept = next(kind for kind, n in enumerate(lowest) if n and not Card(kind).is_safety)
    undrawn = next(
        (i, kind)
        for i, kind in enumerate(start.stock[: len(deal.stock)])
        if kind != kept and not Card(kind).is_safety
    )
    hand = held[:]
    hand[kept] -= 1
    hand[undrawn[1]] += 1
    stock = start.stock[:]
    stock[undrawn[0]] = kept
    swapped = start.copy()
    swapped.redeal({seat: hand}, stock)
    return swapped


@pytest.mark.slow
def test_judgements_come_from_the_seats_views_alone() -> None:
    start, actions = between_experts(12)
    swapped = swap_unplayed_cards(start, actions, seat=1)
    assert swapped.hands[1] != start.hands[1]
    budget = quick_review(60)
    same = review(start, actions, 0, budget=budget, seed=3)
    assert review(swapped, actions, 0, budget=budget, seed=3) == same
    assert [j.label for j in same.judged].count("best") < len(same.judged)  # something judged
    # The seat whose hidden cards changed sees them: its own review may change, and does here.
    assert review(swapped, actions, 1, budget=budget, seed=3) != review(
        start, actions, 1, budget=budget, seed=3
    )


@pytest.mark.slow
@pytest.mark.parametrize(("seed", "seat"), [(3, 0), (8, 1)])
def test_the_parts_of_a_review_add_up_to_the_deals_margin(seed: int, seat: int) -> None:
    start, actions = between_experts(seed)
    result = review(start, actions, seat, budget=quick_review(20), seed=seed)
    deal = start.copy()
    for action in actions:
        deal.apply(action)
    totals = [sheet["total"] for sheet in deal.score()]
    side = deal.side_of(seat)
    margin = totals[side] - max(t for s, t in enumerate(totals) if s != side)
    parts = result.summary()["luck"]
    assert parts["margin"] == margin
    assert parts["start"] + parts["choices"] + parts["draws"] + parts["others"] == margin
    assert parts["choices"] == -result.summary()["points_lost"]
    drawn = [j for j in result.decisions if j.drawn]
    assert len(drawn) >= len(result.decisions) / 2  # nearly every turn starts with a draw
    assert all(j.luck is not None for j in drawn)
    assert all(j.luck is None for j in result.decisions if not j.drawn)


def test_drawing_a_safety_is_luck() -> None:
    """Seat 0 draws Puncture-Proof before its second turn (deal 0 between experts): worth far
    more than the average card it could have drawn."""
    start, actions = between_experts(0)
    second = review(start, actions[:3], 0, budget=Budget(iterations=20)).decisions[1]
    assert second.drawn == ("puncture-proof",)
    assert second.luck is not None
    assert second.luck > 200


def test_a_budget_sets_the_hands_followed_and_the_deals_a_draw_is_judged_in(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The review's fixed costs are its budget's: the hint follows ``particles`` hands of the
    other seat, and each draw is judged in ``luck_deals`` sampled deals, spread over the stock."""
    start, actions = between_experts(0)
    budget = Budget(iterations=8, particles=60, luck_deals=5)
    _, beliefs, _ = best_now(start, actions[:2], 0, budget=budget)
    assert len(beliefs.their_hands[1]) == 60
    shares: list[float] = []
    redraw = decisions._redraw

    def counted(world: Deal, seat: int, drawn: Any, rng: Any, share: float) -> None:
        shares.append(share)
        redraw(world, seat, drawn, rng, share)

    monkeypatch.setattr(decisions, "_redraw", counted)
    second = review(start, actions[:3], 0, budget=budget).decisions[1]
    assert second.drawn == ("puncture-proof",)
    assert len(shares) == 5
    assert [round(b - a, 9) for a, b in itertools.pairwise(shares)] == [0.2] * 4


@pytest.mark.slow
def test_a_deal_in_progress_is_reviewed_from_the_seats_views_alone() -> None:
    """Its review is the same whatever the cards the seat never saw, and names no card but the
    seat's own draws; nothing is said of the margin, which is not known yet."""
    start, actions = between_experts(12)
    so_far = actions[:40]
    swapped = swap_unplayed_cards(start, actions, seat=1)
    budget = quick_review(20)
    result = review(start, so_far, 0, budget=budget, seed=3)
    assert review(swapped, so_far, 0, budget=budget, seed=3) == result
    deal = start.copy()
    held: set[str] = set()
    for action in so_far:
        held |= {card.notation for card in deal.view(0).hand}
        deal.apply(action)
    assert {card for j in result.decisions for card in j.drawn} <= held
    parts = result.summary()["luck"]
    assert parts["margin"] is None
    assert parts["others"] is None


@pytest.mark.slow
def test_the_jobs_do_not_change_the_review() -> None:
    start, actions, _ = planted(2, discard_a_safety)
    budget = quick_review(40)
    assert review(start, actions[:30], 0, budget=budget, jobs=2) == review(
        start, actions[:30], 0, budget=budget, jobs=1
    )


@pytest.mark.slow
def test_decisions_with_one_legal_action_are_forced_and_not_judged() -> None:
    start, actions = between_experts(9)
    result = review(start, actions, 0, budget=quick_review(20))
    forced = [j for j in result.decisions if j.label == FORCED]
    assert [j.index for j in forced] == [104]
    assert forced[0].best is None
    assert forced[0].loss is None
    assert len(result.decisions) == len(result.judged) + 1


@pytest.mark.parametrize(
    ("legal", "played", "expected"),
    [
        (("play roll",), "play roll", True),
        (("play roll", "discard right-of-way"), "play roll", True),  # a safety is laid, not lost
        (("play roll", "discard right-of-way"), "discard right-of-way", False),
        (("play roll", "discard 25"), "discard 25", False),
        (("coup-fourre", "decline"), "decline", False),
    ],
)
def test_a_decision_is_trivial_when_the_action_played_is_the_only_candidate(
    legal: tuple[str, ...], played: str, expected: bool
) -> None:
    assert trivial([Action.parse(a) for a in legal], Action.parse(played)) is expected


@pytest.mark.slow
def test_judgements_are_given_as_they_come_and_the_pool_does_not_change_them() -> None:
    start, actions = between_experts(4)
    budget = quick_review(20)
    given: list[Judgement] = []
    with ThreadPoolExecutor(2) as pool:
        pooled = review(start, actions[:16], 0, budget=budget, pool=pool, judged=given.append)
    assert sorted(given, key=lambda j: j.index) == pooled.decisions
    assert len(pooled.decisions) == 8
    assert pooled == review(start, actions[:16], 0, budget=budget)


@pytest.mark.slow
def test_a_time_budget_too_short_for_the_rounds_still_measures_each_loss() -> None:
    """The measure always gets two fresh deals, so a loss has a standard error however little
    time there was (it divided by zero before)."""
    start, actions = between_experts(5)
    result = review(start, actions[:24], 0, budget=Budget(iterations=None, seconds=1e-6))
    measured = [j for j in result.judged if j.error is not None]
    assert measured
    assert all(j.error is not None for j in result.judged if j.loss)


@pytest.mark.parametrize(
    ("loss", "expected"),
    [
        (0.0, "best"),
        (GOOD_LOSS - 1, "good"),
        (GOOD_LOSS, "inaccuracy"),
        (MISTAKE_LOSS, "mistake"),
        (BLUNDER_LOSS - 1, "mistake"),
        (BLUNDER_LOSS, "blunder"),
    ],
)
def test_labels_follow_the_documented_thresholds(loss: float, expected: str) -> None:
    assert label(loss) == expected


@pytest.mark.parametrize(
    ("played", "best", "told"),
    [
        (
            "discard driving-ace",
            "play driving-ace",
            "you discarded Driving Ace; playing Driving Ace",
        ),
        ("discard 75", "play 75", "you discarded 75 km; driving 75 km"),
        ("decline", "coup-fourre", "you let the attack pass; calling coup-fourré"),
        ("attack stop 1", "finish", "you attacked North with Stop; stopping the race here"),
    ],
)
def test_a_costly_decision_is_told_in_plain_words(played: str, best: str, told: str) -> None:
    judgement = Judgement(5, 0, "turn", played, best, 243.0, 20.0, "blunder")
    told_lesson = lesson(judgement.to_dict(), Deal.new("dujardin", 2, 1))
    assert str(told_lesson) == f"Action 6: {told} was worth about 243 points more"
    assert word(told_lesson, "en", ["Ann", "Bob"]) == str(told_lesson).replace("North", "Bob")


# ------------------------------------------------------------------ golden judgements

GOLDEN = Path(__file__).parent / "golden" / "reviews.json"
# The review of seat 0 in a deal between experts: (players, deck seed and review seed, rollouts a
# decision, the actions reviewed: None for all). Pinned before master's search and the review
# shared one halving; a deliberate change of judgement regenerates the file
# (``python tests/test_review.py``) and says so in its commit.
GOLDEN_REVIEWS = {
    "dujardin-2p-seed6-seat0-40": (2, 6, 40, None),
    "dujardin-3p-seed7-seat0-2-first60": (3, 7, 2, 60),
}


def golden_review(players: int, seed: int, iterations: int, reviewed: int | None) -> Any:
    deal = Deal.new("dujardin", players, seed)
    start = deal.copy()
    play_out(deal, [make_bot("expert") for _ in range(players)])
    actions = deal.history[:reviewed]
    result = review(start, actions, 0, budget=Budget(iterations=iterations), seed=seed)
    return result.to_dict()["decisions"]


@pytest.mark.slow
@pytest.mark.parametrize("key", GOLDEN_REVIEWS)
def test_the_review_gives_the_golden_judgements(key: str) -> None:
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert golden_review(*GOLDEN_REVIEWS[key]) == golden[key]


# ------------------------------------------------------------------ the command


@pytest.mark.slow
def test_the_command_prints_the_review_as_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    start, actions, _index = planted(2, discard_a_safety)
    deal = start.copy()
    for action in actions:
        deal.apply(action)
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(deal_record(deal)))
    status = main(["review", str(path), "--iterations", "40", "--json"])
    out, err = capsys.readouterr()
    assert status == 0
    data = json.loads(out)
    decisions = data["decisions"]
    assert [d["index"] for d in decisions] == [
        i for i, seat in enumerate(deal.played_by) if seat == 0
    ]
    assert all(d["played"] == str(actions[d["index"]]) for d in decisions)
    assert {"index", "seat", "played", "best", "loss", "label"} <= set(decisions[0])
    assert data["summary"]["judged"] == len(decisions)
    assert f"{len(decisions)}/{len(decisions)} decisions" in err  # the progress bar, once done


@pytest.mark.slow
def test_the_command_reviews_a_deal_of_a_match(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match = played(Match("dujardin", 2, 4), "expert", until=lambda match: len(match.finished) == 2)
    path = tmp_path / "match.json"
    path.write_text(json.dumps(match_record(match)))
    status = main(["review", str(path), "--deal", "2", "--seat", "1", "--iterations", "10"])
    out, _ = capsys.readouterr()
    assert status == 0
    assert "North:" in out
    assert "accuracy" in out


@pytest.mark.parametrize(
    ("arguments", "words"),
    [
        (["--seat", "2"], "--seat must be from 0 to 1"),
        (["--deal", "2"], "--deal may only be 1"),
        (["--iterations", "0"], "--iterations must be at least 1"),
        (["--seconds", "-1"], "--seconds must be above 0"),
        (["--jobs", "0"], "--jobs is from 1 to 256, not 0"),
    ],
)
def test_bad_arguments_are_a_one_line_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], arguments: list[str], words: str
) -> None:
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(deal_record(Deal.new("dujardin", 2, 1))))
    status = main(["review", str(path), *arguments])
    out, err = capsys.readouterr()
    assert status == 2
    assert out == ""
    assert words in err
    assert len(err.strip().splitlines()) == 1


def test_without_rich_the_command_says_which_extra_brings_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Importing a module whose entry is None fails as if it were not installed.
    loaded = [name for name in sys.modules if name.startswith("rich.")]
    for name in ["rich", *loaded, "millebornes.cli.progress"]:
        monkeypatch.setitem(sys.modules, name, None)
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(deal_record(Deal.new("dujardin", 2, 1))))
    status = main(["review", str(path)])
    assert status == 2
    assert capsys.readouterr().err == (
        "millebornes: error: the review needs rich: pip install 'millebornes[bots]'\n"
    )


if __name__ == "__main__":
    GOLDEN.write_text(
        json.dumps({key: golden_review(*game) for key, game in GOLDEN_REVIEWS.items()}, indent=1)
        + "\n"
    )
