"""RULES.md sections 2, 3 and 10: the deck, what each preset allows (and the errors otherwise),
dealing, and the match."""

from __future__ import annotations

import hashlib
from collections import Counter

import pytest

from millebornes import Card, Deal, Match
from millebornes.bots import Bot, make_bot
from millebornes.core.match import deal_seed
from millebornes.core.position import position_data
from scenarios import deal_at, played, tableau

ALLOWED = [
    # rules, players, race (None: the default), sides, race played, deck size
    ("dujardin", 2, None, 2, 1000, 106),
    ("dujardin", 3, None, 3, 1000, 106),
    ("dujardin", 4, None, 4, 1000, 106),
    ("dujardin", 4, 700, 4, 700, 106),
    ("dujardin", 6, None, 3, 1000, 106),
    ("dujardin", 8, None, 4, 1000, 106),
    ("dujardin", 8, 700, 4, 700, 106),
    ("dujardin", 2, 1000, 2, 1000, 106),
    ("winning-moves", 4, None, 2, 1000, 106),
    ("parker", 2, None, 2, 700, 101),
    ("parker", 3, 700, 3, 700, 101),
    ("parker", 4, None, 2, 1000, 106),
    ("parker", 6, None, 3, 700, 106),
]


@pytest.mark.parametrize(
    ("rules", "players", "race", "sides", "race_played", "deck"),
    ALLOWED,
    ids=[f"{r}-{n}-{race or 'default'}" for r, n, race, *_ in ALLOWED],
)
def test_every_allowed_table_deals(
    rules: str, players: int, race: int | None, sides: int, race_played: int, deck: int
) -> None:
    deal = Deal.new(rules, players, seed=11, race=race)
    view = deal.view(0)
    assert view.race == race_played
    assert len(view.sides) == sides
    assert sum(view.hand_sizes) + view.stock_size == deck
    for side, tableau_ in enumerate(view.sides):
        assert tableau_.seats == tuple(range(side, players, sides))  # partners alternate
    match = Match(rules, players, seed=11, race=race)
    assert match.view(0).race == race_played
    assert len(match.scores) == sides


def test_parker_two_and_three_players_play_without_one_of_each_hazard() -> None:
    deal = Deal.new("parker", 3, seed=2)
    everything = Counter(deal.hand(0) + deal.hand(1) + deal.hand(2))
    everything.update(Card.parse(c) for c in position_data(deal)["stock"])
    assert {card: everything[card] for card in Card if card.is_hazard} == {
        Card.STOP: 4,
        Card.SPEED_LIMIT: 3,
        Card.OUT_OF_GAS: 2,
        Card.FLAT_TIRE: 2,
        Card.ACCIDENT: 2,
    }
    assert sum(everything.values()) == 101
    assert everything[Card.ROLL] == 14
    assert everything[Card.D100] == 12


REFUSED = [
    ("dujardin", 1, None, "dujardin is played by 2, 3, 4, 6, 8 players, not 1"),
    ("dujardin", 5, None, "not 5"),
    ("dujardin", 7, None, "not 7"),
    ("dujardin", 9, None, "not 9"),
    ("winning-moves", 2, None, "winning-moves is played by 4 players, not 2"),
    ("winning-moves", 6, None, "not 6"),
    ("parker", 5, None, "parker is played by 2, 3, 4, 6 players, not 5"),
    ("parker", 8, None, "not 8"),
    ("dujardin", 2, 700, "dujardin with 2 players races to 1000 km, not 700"),
    ("dujardin", 3, 700, "races to 1000 km, not 700"),
    ("dujardin", 6, 700, "dujardin with 6 players races to 1000 km, not 700"),
    ("dujardin", 4, 500, "dujardin with 4 players races to 1000 or 700 km, not 500"),
    ("winning-moves", 4, 700, "winning-moves with 4 players races to 1000 km, not 700"),
    ("parker", 2, 1000, "parker with 2 players races to 700 km, not 1000"),
    ("parker", 4, 700, "parker with 4 players races to 1000 km, not 700"),
    ("parker", 6, 1000, "parker with 6 players races to 700 km, not 1000"),
    (
        "classic",
        4,
        None,
        "unknown rules 'classic'; the presets are: dujardin, winning-moves, parker",
    ),
]


@pytest.mark.parametrize(
    ("rules", "players", "race", "message"),
    REFUSED,
    ids=[f"{r}-{n}-{race or 'default'}" for r, n, race, _ in REFUSED],
)
def test_other_tables_are_refused_with_a_clear_error(
    rules: str, players: int, race: int | None, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        Deal.new(rules, players, race=race)
    with pytest.raises(ValueError, match=message):
        Match(rules, players, race=race)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_cards_are_dealt_from_the_left_of_the_dealer(players: int) -> None:
    """The same shuffle gives the same hands counted from the dealer's left, whoever deals; the
    seat on the dealer's left plays first and holds the seventh card."""
    by_last = Deal.new("dujardin", players, seed=8)
    for dealer in range(players):
        deal = Deal.new("dujardin", players, seed=8, dealer=dealer)
        assert deal.to_act == (dealer + 1) % players
        for offset in range(players):
            seat = (dealer + 1 + offset) % players
            assert deal.hand(seat) == by_last.hand(offset)


def test_a_dealer_that_is_not_a_seat_is_refused() -> None:
    with pytest.raises(ValueError, match="dealer must be a seat from 0 to 2, not 3"):
        Deal.new("dujardin", 3, dealer=3)


# ----------------------------------------------------------------- section 10: the match


def play_deal(match: Match, bot: Bot) -> None:
    """The match's deal in play, played to its end by ``bot`` at every seat."""
    deals = len(match.finished)
    played(match, [bot] * match.players, until=lambda match: len(match.finished) > deals)


def test_scores_carry_over_and_the_deal_passes_left() -> None:
    match = Match("dujardin", 3, seed=4)
    bot = make_bot("random", 4)  # one stream of random draws over the three deals
    assert (match.deal.dealer, match.to_act) == (2, 0)
    for number in range(1, 4):
        play_deal(match, bot)
        totals = [sum(deal.score()[side]["total"] for deal in match.finished) for side in range(3)]
        assert match.scores == totals
        assert list(match.view(0).scores) == totals
        assert match.deal.dealer == (2 + number) % 3
        assert match.to_act == (match.deal.dealer + 1) % 3
    assert [deal.dealer for deal in match.finished] == [2, 0, 1]


def finish_with(match: Match, before: list[int], s0: str, s1: str) -> None:
    """Play the match's current deal from a position: scores ``before``; side 0 and side 1 at
    the distances given; seat 0 discards the deal's last card, so nobody completes."""
    match.scores = before
    match.deal = deal_at(
        "dujardin",
        2,
        hands={0: "stop"},
        sides={0: tableau("roll", distance=s0), 1: tableau("roll", distance=s1)},
        stock="",
        dealer=match.deal.dealer,
        scores=before,
    )
    match.apply("discard stop")


def test_the_side_with_the_highest_total_wins_once_a_side_reaches_the_target() -> None:
    match = Match("dujardin", 2, seed=1)
    finish_with(match, [4950, 4500], "100 100", "100 100 100")  # +200, +300+400+200
    assert match.scores == [5150, 5400]
    assert match.is_over
    assert match.winner == 1


def test_below_the_target_the_match_goes_on() -> None:
    match = Match("dujardin", 2, seed=1)
    finish_with(match, [4000, 4500], "100 100 100", "100 100")  # +900, +200
    assert match.scores == [4900, 4700]
    assert not match.is_over
    assert match.winner is None
    assert match.deal.dealer == 0
    assert match.to_act == 1
    assert list(match.view(1).scores) == [4900, 4700]


def test_a_tie_at_the_top_at_the_target_plays_another_deal() -> None:
    match = Match("dujardin", 2, seed=1)
    finish_with(match, [4800, 4800], "100 100 100", "100 100 100")  # a tie: no winner, +300 each
    assert match.scores == [5100, 5100]
    assert not match.is_over
    finish_with(match, match.scores, "100 100 100", "100 100")
    assert match.is_over
    assert match.winner == 0


@pytest.mark.parametrize(
    ("s0", "s1", "winner"),
    [("100 100", "100 100 100", 1), ("100 100", "100 100", None)],
    ids=["a winner", "a tie: no winner"],
)
def test_a_match_of_a_single_deal(s0: str, s1: str, winner: int | None) -> None:
    match = Match("dujardin", 2, seed=1, target=None)
    finish_with(match, [0, 0], s0, s1)
    assert match.is_over
    assert match.winner == winner
    assert len(match.finished) == 1
    assert match.to_act is None


@pytest.mark.parametrize("target", [0, -100])
def test_a_target_must_be_positive(target: int) -> None:
    with pytest.raises(ValueError, match="positive number of points"):
        Match("dujardin", 2, target=target)


def test_later_deals_of_a_secret_seed_get_128_bits_and_old_seeds_keep_theirs() -> None:
    """A 128-bit match seed gives later deals seeds no search can find; a seed that fits 32 bits
    keeps the 32-bit deal seeds every stored game was played with."""
    assert deal_seed(7, 1) == int.from_bytes(hashlib.sha256(b"7:1").digest()[:4], "big")
    secret = 2**127 + 12345
    later = [deal_seed(secret, index) for index in range(1, 6)]
    assert all(seed.bit_length() > 100 for seed in later)
    assert len(set(later)) == 5
