"""Legal-action counts on fixed positions, like chess "perft": how many actions at depth 1, and
how many at depth 2 summed over every first action. Every number is worked out by hand from
RULES.md section 5 in the comments; a rules bug shows up as a wrong count."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from millebornes import Deal
from scenarios import deal_at, tableau


def perft(deal: Deal, depth: int) -> int:
    if depth == 0 or deal.is_over:
        return 1
    total = 0
    for action in deal.legal_actions():
        child = deal.copy()
        child.apply(action)
        total += perft(child, depth - 1)
    return total


def opening() -> Deal:
    """dujardin, 2 players, nothing on the table.

    Seat 0 (7 cards): 25 75 stop speed-limit roll gasoline right-of-way. Depth 1: a discard for
    each of the 7 kinds, plus attack speed-limit 1, play roll, play right-of-way = 10 (not
    rolling: no distance; side 1 not rolling: no Stop; nothing to repair).

    Depth 2, seat 1 draws the 200 (hand 50 100 roll accident repairs extra-tank 200): 7 discards
    plus play roll and play extra-tank = 9 after each of the 7 discards and after the Speed Limit
    (it holds no End of Limit); 10 after play roll (Accident on side 0 is now legal). After
    play right-of-way seat 0 plays again with the 200: 7 discards, play 25, 75, 200 (rolling with
    Right of Way) and attack speed-limit 1 = 11. 63 + 9 + 10 + 11 = 93.
    """
    return deal_at(
        hands={
            0: "25 75 stop speed-limit roll gasoline right-of-way",
            1: "50 100 roll accident repairs extra-tank",
        },
        stock="200 25",
    )


def six_players() -> Deal:
    """dujardin, 6 players (sides 0-3, 1-4, 2-5). Side 0 rolls under a Speed Limit at 300;
    side 1 rolls with Driving Ace; side 2 is stopped. Seat 4 holds Right of Way.

    Seat 0 (stop accident 100 200 end-of-limit spare-tire puncture-proof): 7 discards, attack
    stop 1 (side 2 is stopped; Accident meets Driving Ace or a stopped side; 100 and 200 are
    limited), play end-of-limit, play puncture-proof = 10.

    Depth 2: attack stop 1 asks seat 4 for a coup-fourré: 2. Otherwise seat 1 draws Repairs
    (flat-tire speed-limit 25 50 gasoline roll repairs): 7 discards, attack flat-tire 0,
    attack speed-limit 2 (side 0 is already limited), play 25, play 50 = 11 after the 7
    discards; 12 after play end-of-limit (Speed Limit on side 0 again). After play
    puncture-proof, seat 0 plays again with Repairs: 7 discards, attack stop 1, play
    end-of-limit = 9. 2 + 77 + 12 + 9 = 100.
    """
    return deal_at(
        "dujardin",
        6,
        hands={
            0: "stop accident 100 200 end-of-limit spare-tire puncture-proof",
            1: "flat-tire speed-limit 25 50 gasoline roll",
            2: "75 75 75 75 75 75",
            3: "25 25 25 25 25 25",
            4: "right-of-way 25 25 25 50 50",
            5: "75 75 75 75 50 50",
        },
        sides={
            0: tableau("roll", "speed-limit", distance="100 100 100"),
            1: tableau("roll", safeties="driving-ace"),
            2: tableau("roll stop"),
        },
        stock="repairs 200",
    )


def near_700() -> Deal:
    """parker, 2 players, race 700: seat 0 rolls at 600 (one 200 laid), seat 1 at 200 holds
    Puncture-Proof.

    Seat 0 (100 50 25 200 speed-limit flat-tire extra-tank): 7 discards, play 100, 50, 25
    (200 goes past 700), attack speed-limit 1, attack flat-tire 1, play extra-tank = 13.

    Depth 2: play 100 reaches 700: extend or finish, 2. attack flat-tire 1: coup-fourré or
    decline, 2. Otherwise seat 1 draws an Accident (75 75 stop roll gasoline puncture-proof
    accident): 6 discards, play 75, attack stop 0, play puncture-proof, attack accident 0 = 10
    after the 7 discards and after play 50 or 25; 9 after the Speed Limit (no 75). After
    play extra-tank seat 0 plays again with the Accident: 7 discards, play 100, 50, 25,
    attack speed-limit 1, attack flat-tire 1, attack accident 1 = 13.
    2 + 2 + 70 + 10 + 10 + 9 + 13 = 116.
    """
    return deal_at(
        "parker",
        2,
        hands={
            0: "100 50 25 200 speed-limit flat-tire extra-tank",
            1: "75 75 stop roll gasoline puncture-proof",
        },
        sides={
            0: tableau("roll", distance="200 100 100 100 50 50"),
            1: tableau("roll", distance="100 100"),
        },
        stock="accident 25",
    )


@pytest.mark.parametrize(
    ("position", "depth_1", "depth_2"),
    [(opening, 10, 93), (six_players, 10, 100), (near_700, 13, 116)],
    ids=["opening", "six players", "near 700"],
)
def test_perft(position: Callable[[], Deal], depth_1: int, depth_2: int) -> None:
    deal = position()
    assert perft(deal, 1) == depth_1
    assert perft(deal, 2) == depth_2
