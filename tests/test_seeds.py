"""Every derived seed comes from ``seeds.derive`` and keeps the value it had before there was
one rule: stored games, records, tournaments and golden tests replay from these values. The
values below were printed by each place's own hashing before it called ``derive``."""

from __future__ import annotations

import doctest
import hashlib
import random

import pytest

from millebornes import Deal
from millebornes.bots.master import MasterBot
from millebornes.bots.master.search import view_seed
from millebornes.core import seeds
from millebornes.core.deal import below, shuffle
from millebornes.core.match import Match, deal_seed
from millebornes.core.seeds import derive
from millebornes.table import bot_seed
from millebornes.tournament.schedule import derive_seed


@pytest.mark.parametrize(
    ("parts", "size"),
    [((7, 1), 4), ((0, "beliefs", '{"a": 1}'), 8), ((2**127, 3, "hint"), 16)],
)
def test_a_seed_is_the_first_bytes_of_the_sha256_of_its_parts(
    parts: tuple[int | str, ...], size: int
) -> None:
    text = ":".join(str(part) for part in parts).encode()
    assert derive(*parts, size=size) == int.from_bytes(hashlib.sha256(text).digest()[:size], "big")
    assert derive(*parts, size=size) < 2 ** (8 * size)


def test_the_module_example_runs() -> None:
    assert doctest.testmod(seeds, raise_on_error=True).attempted == 1


@pytest.mark.parametrize(
    ("seed", "index", "expected"),
    [
        (0, 1, 4011020074),
        (7, 1, 3617640167),
        (7, 2, 2374935413),
        (2**32 - 1, 3, 2946804210),  # the largest seed of 32 bits: deal seeds of 32 bits
        (2**32, 1, 175818743513025342367382252548795557484),  # above: 128 bits
        (2**127 + 5, 2, 61708029198009686638415302181901750508),
        (12345678901234567890, 4, 226223455320943544169921043713227148732),
    ],
)
def test_a_matchs_deal_seeds_are_unchanged(seed: int, index: int, expected: int) -> None:
    assert deal_seed(seed, index) == expected


def test_a_match_shuffles_its_second_deal_from_those_seeds() -> None:
    match = Match("dujardin", 2, seed=7)
    first = Deal.new("dujardin", 2, 7)
    assert match.deal.stock == first.stock
    while not match.finished:
        match.apply(match.deal.legal_actions()[0])
    assert match.deal.stock == Deal.new("dujardin", 2, 3617640167, dealer=1).stock


@pytest.mark.parametrize(
    ("game_seed", "seat", "role", "expected"),
    [
        (0, 0, "seat", 12426054289685354689),
        (7, 1, "seat", 15537646209016443107),
        (2**127 + 3, 2, "stand-in", 12244326079080357390),
        (99, 4, "hint", 1066802918045834530),
    ],
)
def test_a_tables_bot_seeds_are_unchanged(
    game_seed: int, seat: int, role: str, expected: int
) -> None:
    assert bot_seed(game_seed, seat, role) == expected


@pytest.mark.parametrize(
    ("parts", "expected"),
    [
        ((0, 0), 2893166218),
        ((0, 3), 1993589486),
        ((5, 2, 1, 0), 1570419750),
        ((123, 7, 0, 3), 249271832),
    ],
)
def test_a_tournaments_deck_and_bot_seeds_are_unchanged(
    parts: tuple[int, ...], expected: int
) -> None:
    assert derive_seed(*parts) == expected


@pytest.mark.parametrize(
    ("seed", "purpose", "expected"),
    [
        (0, "beliefs", 13408923306895417329),
        (0, "review", 8052187885712161682),
        (42, "search", 4879894412541930503),
    ],
)
def test_the_seeds_master_and_the_review_draw_from_a_view_are_unchanged(
    seed: int, purpose: str, expected: int
) -> None:
    view = Deal.new("dujardin", 2, 3).view(0)
    assert view_seed(seed, view, purpose) == expected


def test_master_draws_its_random_numbers_from_those_seeds() -> None:
    view = Deal.new("dujardin", 2, 3).view(0)
    bot = MasterBot(seed=42)
    assert bot._rng(view, "search").random() == random.Random(4879894412541930503).random()


@pytest.mark.parametrize("seed", range(20))
def test_the_compiled_draws_are_pythons_own(seed: int) -> None:
    """``below`` and ``shuffle`` stand for ``randrange`` and ``shuffle`` in the compiled
    modules: the same numbers, and the generator left in the same state, so that no record
    replays otherwise."""
    ours, pythons = random.Random(seed), random.Random(seed)
    for size in (1, 2, 3, 7, 8, 9, 63, 64, 65, 106):
        items = list(range(size))
        expected = items[:]
        shuffle(items, ours)
        pythons.shuffle(expected)
        assert items == expected
        assert below(ours, size) == pythons.randrange(size)
    assert ours.getstate() == pythons.getstate()


def test_nothing_is_drawn_below_zero() -> None:
    with pytest.raises(ValueError, match="nothing to draw below 0"):
        below(random.Random(0), 0)
