"""RULES.md sections 7 to 9: the parker extension, the end of a deal, and the itemised score of
each preset. Every sheet below is worked out from the tables of section 9."""

from __future__ import annotations

import pytest

from millebornes import Deal
from scenarios import ROLLING, assert_illegal, deal_at, tableau

DUJARDIN_ITEMS = ("distance", "safeties", "coups_fourres", "winner", "no_200", "capot")
BONUS_ITEMS = (
    "distance",
    "safeties",
    "all_safeties",
    "coups_fourres",
    "trip",
    "delayed_action",
    "safe_trip",
    "shut_out",
    "extension",
)


def sheet(rules: str, **items: int) -> dict[str, int]:
    """A score sheet: every item of the preset, zero unless given, then the total."""
    names = DUJARDIN_ITEMS if rules == "dujardin" else BONUS_ITEMS
    assert set(items) <= set(names)
    points = {name: items.get(name, 0) for name in names}
    return {**points, "total": sum(points.values())}


def play(deal: Deal, *actions: str) -> Deal:
    for action in actions:
        deal.apply(action)
    return deal


def discard_until_over(deal: Deal) -> Deal:
    while not deal.is_over:
        assert deal.to_act is not None
        deal.apply(f"discard {deal.hand(deal.to_act)[0]}")
    return deal


# ----------------------------------------------------------------- seed 002's worked example


def test_seed_002_worked_example_1500_to_650() -> None:
    """1000 with one safety and a 200 used, stock left, against 650: 1000 + 100 + 400 = 1500."""
    deal = deal_at(
        "winning-moves",
        4,
        hands={0: "100 25 25 25 25 25 25"},
        sides={
            0: tableau("roll", safeties="extra-tank", distance="200 100 100 100 100 100 100 50 50"),
            1: tableau("roll", distance="100 100 100 100 100 75 75"),
        },
        stock="75 50",
    )
    play(deal, "play 100")
    assert deal.is_over
    assert deal.score() == [
        sheet("winning-moves", distance=1000, safeties=100, trip=400),
        sheet("winning-moves", distance=650),
    ]
    assert [side["total"] for side in deal.score()] == [1500, 650]


# ----------------------------------------------------------------- section 8: the end of a deal


def test_the_deal_ends_the_moment_a_side_completes_the_trip() -> None:
    deal = deal_at(
        "dujardin",
        3,
        hands={0: "25 25 25 25 25 25 25", 1: "50 50 50 50 50 50", 2: "75 75 75 75 75 75"},
        sides={0: tableau("roll", distance="200 200 100 100 100 100 75 50 50")},
        stock="100 100",
    )
    play(deal, "play 25")
    assert deal.is_over
    assert deal.to_act is None
    assert deal.hand_sizes == [6, 6, 6]
    assert deal.view(1).stock_size == 2
    assert deal.winner_side() == 0


def test_a_deal_is_scored_only_once_it_is_over() -> None:
    with pytest.raises(ValueError, match="not over"):
        deal_at(hands={0: "25"}, stock="50").score()


# ----------------------------------------------------------------- section 9: one preset each


def completing(rules: str, players: int, stock: str = "75", **sides: str) -> Deal:
    """Seat 0 completes side 0's trip with a 100 from ``race - 100``; ``sides`` give the other
    distances (``s1="100 75"``) and side 0's own (``s0``)."""
    tableaux = {
        int(name[1:]): tableau("roll", distance=distance) for name, distance in sides.items()
    }
    deal = deal_at(rules, players, hands={0: "100 25 25 25 25 25 25"}, sides=tableaux, stock=stock)
    deal.apply("play 100")
    if deal.decision == "extension":
        deal.apply("finish")
    assert deal.is_over
    return deal


D900_TWO_200S = "200 200 100 100 100 100 50 50"
D900_ONE_200 = "200 100 100 100 100 100 100 50 50"
D900_NO_200 = "100 100 100 100 100 100 100 75 75 50"
D600_NO_200 = "100 100 100 75 75 50 50 25 25"


@pytest.mark.parametrize(
    ("rules", "players", "s0", "expected"),
    [
        ("dujardin", 2, D900_NO_200, {"winner": 400, "no_200": 200}),
        ("winning-moves", 4, D900_NO_200, {"trip": 400, "safe_trip": 300}),
        ("parker", 4, D900_NO_200, {"trip": 400, "safe_trip": 300}),
        ("parker", 2, D600_NO_200, {"trip": 400, "safe_trip": 300}),
        ("dujardin", 2, D900_ONE_200, {"winner": 400}),
        ("winning-moves", 4, D900_ONE_200, {"trip": 400}),
        ("parker", 2, "200 100 100 100 100", {"trip": 400}),
    ],
    ids=[
        "dujardin: winner without a 200 scores 200 more",
        "winning-moves: safe trip scores 300 more",
        "parker-4: safe trip scores 300 more",
        "parker-2 at 700: safe trip scores 300 more",
        "dujardin: no bonus with a 200",
        "winning-moves: no safe trip with a 200",
        "parker-2: no safe trip with a 200",
    ],
)
def test_the_no_200_bonus_differs_on_purpose(
    rules: str, players: int, s0: str, expected: dict[str, int]
) -> None:
    deal = completing(rules, players, s0=s0, s1="75 75")
    race = deal.race
    assert deal.score() == [
        sheet(rules, distance=race, **expected),
        sheet(rules, distance=150),
    ]


@pytest.mark.parametrize(
    ("rules", "players", "expected"),
    [
        ("dujardin", 2, [{"winner": 400, "capot": 500}, {}]),
        ("winning-moves", 4, [{"trip": 400, "shut_out": 500}, {}]),
        ("parker", 4, [{"trip": 400, "shut_out": 500}, {}]),
        ("dujardin", 3, [{"winner": 400, "capot": 1000}, {"capot": 500}, {"capot": 500}]),
    ],
    ids=[
        "dujardin capot",
        "winning-moves shut-out",
        "parker shut-out",
        "dujardin capot for each side at 0 km, to every other side",
    ],
)
def test_capot_and_shut_out(rules: str, players: int, expected: list[dict[str, int]]) -> None:
    deal = completing(rules, players, s0=D900_TWO_200S)
    assert deal.score() == [
        sheet(rules, distance=1000 if side == 0 else 0, **items)
        for side, items in enumerate(expected)
    ]


def test_parker_shut_out_needs_every_other_side_at_zero() -> None:
    deal = completing("parker", 6, s0="200 200 100 50 50", s1="25")
    assert deal.score() == [
        sheet("parker", distance=700, trip=400),
        sheet("parker", distance=25),
        sheet("parker"),
    ]
    deal = completing("parker", 3, s0="200 200 100 50 50")
    assert deal.score()[0] == sheet("parker", distance=700, trip=400, shut_out=500)


@pytest.mark.parametrize(
    ("rules", "players", "stock", "expected"),
    [
        ("winning-moves", 4, "", {"trip": 400, "delayed_action": 300}),
        ("winning-moves", 4, "75", {"trip": 400}),
        ("parker", 4, "", {"trip": 400, "delayed_action": 300}),
        ("dujardin", 2, "", {"winner": 400}),
    ],
    ids=[
        "delayed action: completed with the stock empty",
        "no delayed action with stock left",
        "parker delayed action",
        "dujardin has no delayed action",
    ],
)
def test_delayed_action(rules: str, players: int, stock: str, expected: dict[str, int]) -> None:
    deal = completing(rules, players, stock=stock, s0=D900_ONE_200, s1="75 75")
    assert deal.score()[0] == sheet(rules, distance=1000, **expected)


@pytest.mark.parametrize(
    ("rules", "players", "expected"),
    [
        ("dujardin", 2, {"winner": 400}),
        ("winning-moves", 4, {"all_safeties": 300, "trip": 400}),
        ("parker", 4, {"all_safeties": 300, "trip": 400}),
    ],
)
def test_safeties_and_coups_fourres(rules: str, players: int, expected: dict[str, int]) -> None:
    """Four safeties, two of them coups-fourrés: 400 + 600, and 300 more outside dujardin."""
    all_four = "right-of-way extra-tank puncture-proof driving-ace"
    deal = deal_at(
        rules,
        players,
        hands={0: "100 25"},
        sides={
            0: tableau(
                "roll",
                safeties=all_four,
                coups="extra-tank driving-ace",
                distance=D900_ONE_200,
            ),
            1: tableau("roll", distance="75 75"),
        },
        stock="50",
    )
    play(deal, "play 100")
    assert deal.score() == [
        sheet(rules, distance=1000, safeties=400, coups_fourres=600, **expected),
        sheet(rules, distance=150),
    ]


def test_a_safety_held_at_the_end_scores_nothing() -> None:
    deal = completing("winning-moves", 4, s0=D900_ONE_200, s1="75 75")
    deal_with_safety = deal_at(
        "winning-moves",
        4,
        hands={0: "100 25", 1: "extra-tank"},
        sides={0: tableau("roll", distance=D900_ONE_200), 1: tableau("roll", distance="75 75")},
        stock="50",
    )
    play(deal_with_safety, "play 100")
    assert deal_with_safety.score() == deal.score()


def ended_without_finisher(rules: str, players: int, **sides: str) -> Deal:
    """Every hand empties with nobody at the race length; ``sides`` give the distances."""
    tableaux = {
        int(name[1:]): tableau("roll", distance=distance) for name, distance in sides.items()
    }
    deal = deal_at(rules, players, hands={0: "stop"}, sides=tableaux, stock="")
    deal.apply("discard stop")
    assert deal.is_over
    assert deal.winner_side() is None
    return deal


@pytest.mark.parametrize(
    ("rules", "players", "sides", "expected"),
    [
        (
            "dujardin",
            2,
            {"s0": D600_NO_200, "s1": "200 200"},
            [{"distance": 600, "winner": 400, "no_200": 200}, {"distance": 400}],
        ),
        (
            "dujardin",
            2,
            {"s0": "200 200 100 100 100", "s1": "50"},
            [{"distance": 700, "winner": 400}, {"distance": 50}],
        ),
        (
            "dujardin",
            3,
            {"s0": D600_NO_200, "s1": "200 200 100 100", "s2": "200"},
            [{"distance": 600}, {"distance": 600}, {"distance": 200}],
        ),
        ("dujardin", 2, {}, [{"capot": 500}, {"capot": 500}]),
        (
            "winning-moves",
            4,
            {"s0": D600_NO_200, "s1": "200 200"},
            [{"distance": 600}, {"distance": 400}],
        ),
        ("parker", 2, {"s0": "100 100 100 100 100 100 75", "s1": ""}, [{"distance": 675}, {}]),
    ],
    ids=[
        "dujardin: most km wins 400, and 200 with no 200",
        "dujardin: most km with a 200",
        "dujardin: a tie at the top has no winner",
        "dujardin: two sides at 0 km, no winner, capot each",
        "winning-moves: no trip, no bonus for the most km",
        "parker: no trip, no shut-out without a finisher",
    ],
)
def test_when_nobody_completes_the_trip(
    rules: str, players: int, sides: dict[str, str], expected: list[dict[str, int]]
) -> None:
    deal = ended_without_finisher(rules, players, **sides)
    assert deal.score() == [sheet(rules, **items) for items in expected]


def test_dujardin_at_700_with_four_players() -> None:
    deal = deal_at(
        "dujardin",
        4,
        race=700,
        hands={0: "100 25 25 25 25 25 25"},
        sides={
            0: tableau("roll", distance="200 200 100 50 50"),
            1: tableau("roll", distance="25"),
            2: tableau("roll", distance="50"),
            3: tableau("roll", distance="75"),
        },
        stock="75",
    )
    play(deal, "play 100")
    assert deal.is_over
    assert deal.score() == [
        sheet("dujardin", distance=700, winner=400),
        sheet("dujardin", distance=25),
        sheet("dujardin", distance=50),
        sheet("dujardin", distance=75),
    ]


def test_partners_score_as_one_side() -> None:
    deal = deal_at(
        "dujardin",
        6,
        to_act=3,
        hands={3: "100 25 25 25 25 25 25"},
        sides={
            0: tableau("roll", safeties="extra-tank", distance=D900_ONE_200),
            1: tableau("roll", distance="25"),
            2: tableau("roll", distance="50"),
        },
        stock="75",
    )
    play(deal, "play 100")
    assert deal.score()[0] == sheet("dujardin", distance=1000, safeties=100, winner=400)


# ----------------------------------------------------------------- section 7: the extension


def at_600(stock: str = "75 75 75 75 75") -> Deal:
    """parker, 2 players, race 700: seat 0 at 600 (one 200 used) holds the 100 that reaches 700;
    seat 1 at 600 holds two 200s."""
    return deal_at(
        "parker",
        2,
        hands={0: "100 100 200 25 25 25 25", 1: "200 200 50 50 50 50"},
        sides={
            0: tableau("roll", distance="200 100 100 100 50 50"),
            1: tableau("roll", distance="100 100 100 100 100 100"),
        },
        stock=stock,
    )


def test_reaching_700_asks_the_seat_that_played_it() -> None:
    deal = play(at_600(), "play 100")
    assert (deal.decision, deal.to_act) == ("extension", 0)
    assert [str(a) for a in deal.legal_actions()] == ["extend", "finish"]
    assert deal.view(1).decision == "wait"
    assert_illegal(deal, "discard 25", "decide first")


def test_extending_makes_the_race_1000_and_play_goes_on() -> None:
    deal = play(at_600(), "play 100", "extend")
    assert deal.race == 1000
    assert deal.view(1).race == 1000
    assert deal.view(1).extended_by == 0
    assert (deal.to_act, deal.decision) == (1, "turn")
    assert deal.hand_sizes == [6, 7]


@pytest.mark.parametrize(
    ("actions", "expected"),
    [
        (
            ["play 100", "extend", "discard 75", "play 200", "discard 75", "play 100"],
            [{"distance": 1000, "trip": 400, "extension": 200}, {"distance": 600}],
        ),
        (
            ["play 100", "extend", "play 200", "discard 25", "play 200"],
            [{"distance": 700}, {"distance": 1000, "trip": 400, "extension": 200}],
        ),
        (
            ["play 100", "extend", "..."],
            [{"distance": 700}, {"distance": 600, "extension": 200}],
        ),
        (["play 100", "finish"], [{"distance": 700, "trip": 400}, {"distance": 600}]),
    ],
    ids=[
        "extend, and the extender completes 1000",
        "extend, and another side completes 1000",
        "extend, and nobody completes",
        "finish at 700",
    ],
)
def test_the_four_outcomes_of_the_extension(
    actions: list[str], expected: list[dict[str, int]]
) -> None:
    deal = at_600()
    for action in actions:
        if action == "...":
            discard_until_over(deal)
        else:
            deal.apply(action)
    assert deal.is_over
    assert deal.score() == [sheet("parker", **items) for items in expected]


def test_a_failed_extension_pays_every_other_side() -> None:
    deal = deal_at(
        "parker",
        3,
        race=1000,
        extended_by=0,
        to_act=1,
        hands={1: "100 25"},
        sides={
            0: tableau("roll", distance="200 200 100 100 100"),
            1: tableau("roll", distance="100 100 100 100 100 100 75 75 75 50 25"),
            2: tableau("roll", distance="50"),
        },
        stock="75",
    )
    play(deal, "play 100")
    assert deal.score() == [
        sheet("parker", distance=700),
        sheet("parker", distance=1000, trip=400, safe_trip=300, extension=200),
        sheet("parker", distance=50, extension=200),
    ]


def test_in_teams_the_extension_belongs_to_the_side() -> None:
    deal = deal_at(
        "parker",
        6,
        to_act=3,
        hands={3: "100 25 25 25 25 25 25"},
        sides={0: tableau("roll", distance="200 100 100 100 50 50"), 1: ROLLING, 2: ROLLING},
        stock="75 75",
    )
    play(deal, "play 100")
    assert (deal.decision, deal.to_act) == ("extension", 3)
    play(deal, "extend")
    assert (deal.extended_by, deal.to_act) == (3, 4)
    deal = deal_at(
        "parker",
        6,
        race=1000,
        extended_by=3,
        hands={0: "100 25"},
        sides={
            0: tableau("roll", distance=D900_ONE_200),
            1: tableau("roll", distance="25"),
            2: ROLLING,
        },
        stock="75",
    )
    play(deal, "play 100")
    assert deal.score() == [
        sheet("parker", distance=1000, trip=400, extension=200),
        sheet("parker", distance=25),
        sheet("parker"),
    ]


def test_the_extension_is_asked_once() -> None:
    deal = deal_at(
        "parker",
        2,
        race=1000,
        extended_by=1,
        hands={0: "100 25"},
        sides={
            0: tableau("roll", distance="200 100 100 100 50 50"),
            1: tableau("roll", distance="100 100 100 100 100 100 100"),
        },
        stock="75",
    )
    play(deal, "play 100")
    assert (deal.decision, deal.to_act, deal.race) == ("turn", 1, 1000)


def test_the_extension_is_asked_even_when_700_was_the_last_card() -> None:
    def last_card() -> Deal:
        return deal_at(
            "parker",
            2,
            hands={0: "100"},
            sides={0: tableau("roll", distance="200 200 100 100")},
            stock="",
        )

    deal = play(last_card(), "play 100")
    assert deal.decision == "extension"
    play(deal, "extend")
    assert deal.is_over
    assert deal.score() == [sheet("parker", distance=700), sheet("parker", extension=200)]
    deal = play(last_card(), "play 100", "finish")
    assert deal.score()[0] == sheet(
        "parker", distance=700, trip=400, delayed_action=300, shut_out=500
    )


@pytest.mark.parametrize(
    ("rules", "players", "race"),
    [("parker", 4, 1000), ("dujardin", 4, 700), ("dujardin", 8, 700), ("dujardin", 2, 1000)],
)
def test_no_extension_outside_parker_700(rules: str, players: int, race: int) -> None:
    distance = "200 200 100 50 50" if race == 700 else D900_ONE_200
    deal = deal_at(
        rules,
        players,
        race=race,
        hands={0: "100 25"},
        sides={0: tableau("roll", distance=distance)},
        stock="75",
    )
    play(deal, "play 100")
    assert deal.is_over
    assert_illegal(deal, "extend", "the deal is over")
