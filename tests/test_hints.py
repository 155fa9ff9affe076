"""Hints and bots' reasons in words: in the game's language, with the sides named as the table
shows them, and master's figures in the order a reader weighs them."""

from __future__ import annotations

import pytest

from millebornes import Action, Card
from millebornes.bots import Reason, make_bot
from millebornes.bots.master.explain import with_odds
from millebornes.bots.master.search import Candidate
from scenarios import deal_at, tableau

SIDES = {"en": ["South", "North"], "fr": ["Sud", "Nord"]}


def north_near_the_finish() -> Reason:
    """The expert's reason for stopping side 1 (North), 200 km from the finish."""
    deal = deal_at(
        hands={0: "stop 25 25 25 gasoline gasoline", 1: "100 100 75 roll gasoline spare-tire"},
        sides={
            0: tableau(battle="roll", distance="100 50"),
            1: tableau(battle="roll", distance="200 200 100 100 100 100"),
        },
        stock=None,
        seed=3,
    )
    expert = make_bot("expert")
    assert expert.choose(deal.view(0)) == Action.parse("attack stop 1")
    assert expert.reason is not None
    return expert.reason


@pytest.mark.parametrize(
    ("language", "worded"),
    [
        ("en", "Stop on North: 7% risk of Right of Way answering it"),
        ("fr", "Feu rouge sur Nord : 7 % de risque d'une réponse par Véhicule prioritaire"),
    ],
)
def test_an_attack_names_the_side_as_the_table_does(language: str, worded: str) -> None:
    assert north_near_the_finish().word(language, SIDES[language]) == worded


def test_a_side_without_a_name_is_counted_from_one() -> None:
    reason = north_near_the_finish()
    assert str(reason) == "Stop on side 2: 7% risk of Right of Way answering it"
    assert reason.word("fr").startswith("Feu rouge sur l'équipe 2 :")


def candidate(action: str, wins: int, rollouts: int = 80) -> Candidate:
    return Candidate(Action.parse(action), [0.0] * rollouts, float(wins))


SPARE = Reason("expert.discard", {"card": Card.D50, "why": Reason("expert.spare_copy")})
DISCARD_50 = candidate("discard 50", wins=44)  # 55%
DISCARD_25 = candidate("discard 25", wins=47)  # 58.75%, shown 59%
ATTACK = candidate("attack accident 1", wins=40)  # 50%


@pytest.mark.parametrize(
    ("language", "worded"),
    [
        ("en", "Discard 50 km: a spare copy; it wins 55% of 80 simulated endings"),
        ("fr", "Défausser 50 bornes : un exemplaire en double ; ce choix gagne 55 % de 80 fins "
         "simulées"),
    ],
)  # fmt: skip
def test_master_keeping_the_experts_choice_gives_its_figure(language: str, worded: str) -> None:
    # The search's best was the expert's choice, or won fewer endings.
    for other in (DISCARD_50, candidate("discard 25", wins=40)):
        reason = with_odds(SPARE, DISCARD_50, other, departs=False)
        assert reason.word(language, SIDES[language]) == worded


@pytest.mark.parametrize(
    ("language", "worded"),
    [
        ("en", "Discard 50 km: a spare copy; it wins 55% of 80 simulated endings, against 59% "
         "for discarding 25 km, but the difference is within the noise of the simulation, so it "
         "keeps the expert's choice"),
        ("fr", "Défausser 50 bornes : un exemplaire en double ; ce choix gagne 55 % de 80 fins "
         "simulées, contre 59 % pour défausser un 25 bornes, mais l'écart reste dans le bruit de "
         "la simulation : il garde le choix de l'expert"),
    ],
)  # fmt: skip
def test_master_says_why_it_keeps_a_choice_that_won_fewer_endings(
    language: str, worded: str
) -> None:
    reason = with_odds(SPARE, DISCARD_50, DISCARD_25, departs=False)
    assert reason.word(language, SIDES[language]) == worded


@pytest.mark.parametrize(
    ("language", "worded"),
    [
        ("en", "Discard 25 km: the card the simulated endings miss least; it wins 59% of 80 "
         "simulated endings, against 55% for discarding 50 km"),
        ("fr", "Défausser 25 bornes : la carte qui manque le moins aux fins simulées ; ce choix "
         "gagne 59 % de 80 fins simulées, contre 55 % pour défausser un 50 bornes"),
    ],
)  # fmt: skip
def test_master_departing_gives_its_figure_then_the_experts(language: str, worded: str) -> None:
    why = Reason("master.discard", {"card": Card.D25})
    reason = with_odds(why, DISCARD_25, DISCARD_50, departs=True)
    assert reason.word(language, SIDES[language]) == worded


@pytest.mark.parametrize(
    ("language", "worded"),
    [
        ("en", "Attack North with Accident: it leads by 300 km and you hold Driving Ace; it wins "
         "50% of 80 simulated endings, against 55% for discarding 50 km: fewer wins, but a "
         "better result on average (more points, or the match near its end)"),
        ("fr", "Attaquer Nord avec un Accident : 300 bornes d'avance sur vous et vous avez "
         "l'As du volant ; ce choix gagne 50 % de 80 fins simulées, contre 55 % pour défausser un "
         "50 bornes : moins de victoires, mais un meilleur résultat en moyenne (plus de points, "
         "ou la partie près de sa fin)"),
    ],
)  # fmt: skip
def test_master_says_why_it_departs_for_fewer_wins(language: str, worded: str) -> None:
    why = Reason(
        "master.attack",
        {
            "card": Card.ACCIDENT,
            "side": 1,
            "standing": Reason("master.leads", {"km": 300}),
            "guard": Reason("master.you_hold", {"card": Card.DRIVING_ACE}),
        },
    )
    reason = with_odds(why, ATTACK, DISCARD_50, departs=True)
    assert reason.word(language, SIDES[language]) == worded


@pytest.mark.parametrize(
    "standing",
    [
        Reason("master.leads", {"km": 300}),
        Reason("master.trails", {"km": 100}),
        Reason("master.level"),
    ],
)
@pytest.mark.parametrize(
    "guard", ["master.you_hold", "master.already_out", "master.cannot_hold", "master.unseen"]
)
def test_master_s_attack_in_french_speaks_of_no_team_when_it_attacks_one_player(
    standing: Reason, guard: str
) -> None:
    why = Reason(
        "master.attack",
        {
            "card": Card.ACCIDENT,
            "side": 1,
            "standing": standing,
            "guard": Reason(guard, {"card": Card.DRIVING_ACE}),
        },
    )
    worded = why.word("fr", SIDES["fr"])
    assert worded.startswith("Attaquer Nord avec un Accident : ")
    assert "équipe" not in worded, worded
