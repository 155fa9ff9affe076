"""A review told in the player's language: every sentence of a French review of a whole recorded
match (its steps, verdicts, lessons, summary and labels, on the terminal's screen and from the
command line) has no English word, no notation and no side counted from 0; and the numbers are
written the French way, with plurals that agree."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest
from fluent.syntax import ast
from fluent.syntax.visitor import Visitor

from budgets import quick_review
from millebornes import Action, Match, load_record, match_record
from millebornes.bots import make_bot
from millebornes.cli.review import print_review
from millebornes.core.actions import Verb
from millebornes.core.cards import CARDS
from millebornes.core.deal import Deal
from millebornes.core.phrase import Phrase
from millebornes.review import told
from millebornes.review.decisions import LABELS, Review, costliest, deal_start, review
from millebornes.review.replay import steps
from millebornes.words import messages, say, seat_names, side_names, variables, word

WORD = re.compile(r"[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ'\u2019-]*")


class _Texts(Visitor):
    def __init__(self) -> None:
        super().__init__()
        self.words: set[str] = set()

    def visit_TextElement(self, node: ast.TextElement) -> None:
        self.words |= {found.lower() for found in WORD.findall(node.value)}


def vocabulary(language: str) -> set[str]:
    """Every word of a catalog's text, in every variant of every message."""
    found = _Texts()
    for message in messages(language).values():
        found.visit(message)
    return found.words


# Every word of the English catalog that the French one never uses.
ONLY_ENGLISH = vocabulary("en") - vocabulary("fr")
# The notation: its verbs, its cards (lower-case, as written) and actions with their arguments.
NOTATION = re.compile(
    r"\b(?:play|attack|discard|coup-fourre|decline|extend|finish)\b"
    r"|\b(?:"
    + "|".join(re.escape(card.notation) for card in CARDS if not card.is_distance)
    + r")\b"
)
SIDE_BY_NUMBER = re.compile(r"\b(?:side|équipe|seat|place)\s+\d", re.IGNORECASE)


def recorded_match() -> Match:
    """A whole match of the 4-player winning-moves table (two teams), read back from its
    record: two experts and two greedy bots."""
    match = Match("winning-moves", 4, 11)
    bots = [make_bot(name, seed=seat) for seat, name in enumerate(["expert", "greedy"] * 2)]
    while not match.is_over:
        seat = match.to_act
        assert seat is not None
        match.apply(bots[seat].choose(match.view(seat)))
    game = load_record(json.dumps(match_record(match)))
    assert isinstance(game, Match)
    return game


def told_in_french(
    deal: Deal, result: Review, seat: int, capsys: pytest.CaptureFixture[str]
) -> Iterator[str]:
    """Every sentence the terminal's review screen and the command line say of ``result``."""
    names = list(seat_names("fr", deal.players))
    sides = side_names("fr", deal.players, deal.sides_count)
    shown, _ = steps(deal, seat, names, "fr")
    for step in shown:
        yield say("fr", "review.step", number=step.index + 1, total=len(shown), text=step.text)
    decisions = result.to_dict()["decisions"]
    for judged in decisions:
        yield word(told.verdict(judged, deal), "fr", sides)
    for judged in costliest(decisions):
        yield word(told.lesson(judged, deal), "fr", sides)
    yield word(told.summary(result.summary()), "fr")
    for name in LABELS:
        yield word(told.label(name), "fr")
    for key in ("title", "end", "not_yours", "forced", "best", "costliest_key", "working"):
        message = messages("fr")[f"review-{key}"]
        yield say("fr", f"review.{key}", **dict.fromkeys(variables(message), 1))
    capsys.readouterr()
    print_review(result, deal, "fr")
    yield from capsys.readouterr().out.splitlines()


@pytest.mark.slow
def test_a_french_review_of_a_whole_match_has_no_english_no_notation_and_no_side_number(
    capsys: pytest.CaptureFixture[str],
) -> None:
    game = recorded_match()
    assert len(game.finished) > 2
    said: list[str] = []
    kinds: set[str] = set()
    for deal in game.finished:
        start, actions = deal_start(deal)
        result = review(start, actions, 1, budget=quick_review(20))
        kinds |= {judged.label for judged in result.decisions}
        kinds |= {Action.parse(judged.played).verb for judged in result.decisions}
        said += told_in_french(deal, result, 1, capsys)
    # The review said every kind of thing: decisions master agreed with, costly ones, attacks.
    assert {"best", Verb.ATTACK, Verb.PLAY, Verb.DISCARD} <= kinds
    assert kinds & {"inaccuracy", "mistake", "blunder"}
    english = {
        line: found for line in said if (found := set(WORD.findall(line.lower())) & ONLY_ENGLISH)
    }
    assert english == {}
    assert [line for line in said if NOTATION.search(line)] == []
    assert [line for line in said if SIDE_BY_NUMBER.search(line)] == []
    assert any("Ouest & Est" in line or "Sud & Nord" in line for line in said)  # sides by name


def test_the_checks_see_what_they_look_for() -> None:
    english = "Action 3 of 40: you played Roll; master's choice: discard roll; side 1"
    assert set(WORD.findall(english.lower())) & ONLY_ENGLISH >= {"of", "you", "played", "choice"}
    assert NOTATION.search(english)
    assert SIDE_BY_NUMBER.search(english)
    assert not NOTATION.search("vous avez posé un Feu vert ; le choix du maître : défausser")


@pytest.mark.parametrize(
    ("accuracy", "mistakes", "blunders", "said"),
    [
        (85.7, 1, 1, "Précision 85,7 %, 1\u202f250 points perdus en tout (1 erreur, 1 gaffe)."),
        (50.0, 2, 3, "Précision 50 %, 1\u202f250 points perdus en tout (2 erreurs, 3 gaffes)."),
    ],
)
def test_the_summary_writes_numbers_the_french_way_and_plurals_agree(
    accuracy: float, mistakes: int, blunders: int, said: str
) -> None:
    summary = {
        "accuracy": accuracy,
        "points_lost": 1250,
        "labels": {"mistake": mistakes, "blunder": blunders},
    }
    assert word(told.summary(summary), "fr") == said


@pytest.mark.parametrize(
    ("language", "loss", "said"),
    [
        ("en", 1, "Blunder: you discarded Driving Ace; master's choice: playing Driving Ace; "
         "lost about 1 point"),
        ("en", 1250, "Blunder: you discarded Driving Ace; master's choice: playing Driving Ace; "
         "lost about 1,250 points"),
        ("fr", 1, "Gaffe : vous avez défaussé un As du volant ; le choix du maître : poser un "
         "As du volant ; environ 1 point perdu"),
        ("fr", 1250, "Gaffe : vous avez défaussé un As du volant ; le choix du maître : poser un "
         "As du volant ; environ 1\u202f250 points perdus"),
    ],
)  # fmt: skip
def test_a_verdict_is_told_in_words_with_its_plural(language: str, loss: int, said: str) -> None:
    judged = {
        "index": 4,
        "played": "discard driving-ace",
        "best": "play driving-ace",
        "loss": loss,
        "label": "blunder",
    }
    verdict = told.verdict(judged, Deal.new("dujardin", 2, 1))
    assert isinstance(verdict, Phrase)
    assert word(verdict, language) == said


def test_an_attack_in_a_review_names_the_side_as_the_table_does() -> None:
    judged = {"index": 0, "played": "attack stop 1", "best": "discard 25", "loss": 120.0}
    deal = Deal.new("winning-moves", 4, 1)
    assert word(told.lesson(judged, deal), "fr", ["Ann & Cy", "Bob & Di"]) == (
        "Coup 1 : vous avez attaqué Bob & Di avec un Feu rouge ; défausser un 25 bornes valait "
        "environ 120 points de plus"
    )
    assert str(told.lesson(judged, deal)) == (
        "Action 1: you attacked West & East with Stop; discarding 25 km was worth about 120 "
        "points more"
    )


def test_the_list_and_the_detail_give_one_figure_and_no_decision_of_0_points_is_listed() -> None:
    deal = Deal.new("dujardin", 2, 1)
    costly = {
        "index": 5,
        "played": "discard 75",
        "best": "play 75",
        "loss": 117.4,
        "label": "mistake",
    }
    slight = {
        "index": 7,
        "played": "discard 25",
        "best": "discard 50",
        "loss": 0.4,
        "label": "best",
    }
    assert costliest([costly, slight]) == [costly]
    assert "about 117 points more" in str(told.lesson(costly, deal))
    assert "lost about 117 points" in str(told.verdict(costly, deal))
    assert told.verdict(slight, deal) == Phrase("review.best")


@pytest.mark.parametrize(
    ("parts", "said"),
    [
        (
            {"start": -188, "choices": -287, "draws": 482, "others": 468, "margin": 475},
            [
                "Vos choix vous ont coûté 287 points, les tirages vous en ont rapporté 482.",
                "En points : -188 attendus au départ, -287 par vos choix, 482 par vos tirages, "
                "468 par les tours des autres ; 475 à la fin.",
            ],
        ),
        (
            {"start": 40, "choices": 0, "draws": -1, "others": None, "margin": None},
            [
                "Vos choix vous ont coûté 0 point, les tirages vous en ont coûté 1.",
                "En points : 40 attendus au départ, 0 par vos choix, -1 par vos tirages ; la "
                "manche continue.",
            ],
        ),
    ],
)
def test_skill_and_luck_are_told_in_french_with_the_singular_of_0_and_1(
    parts: dict[str, int | None], said: list[str]
) -> None:
    assert [word(line, "fr") for line in told.skill_and_luck({"luck": parts})] == said
