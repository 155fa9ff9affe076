"""Master's rollout policy and the expert decide with one judge (``bots/judge.py``): with the same
setting of its one switch (``Judge.quick``) they make the same choice at every decision of fixed
deals, each reading only what the seat to act may see.

Each with its own setting (the expert's judgments, the rollouts' quick ones) they differ where
``Judge.quick`` says. On the first 40 deals between experts they chose differently at 113 of
3,323 turns at 2-player dujardin and 53 of 2,693 at 4-player winning-moves (3.4% and 2.0%; 2.1%
to 3.7% of the turns and extension questions at six other tables). Switching one difference at a
time, over those eight tables: the hazards in the own hand counted as unseen explained 293 of
the 704, the tie between discards of equal value 253, the odds of a kept safety 86, the finish
chance after a card 16, parker's extension 16, the odds of a held remedy 10, the delayed-action
wait 3, End of Limit 2, the order of the options 1, and two of them together the other 24; the
needed remedy and which safety is laid decided none there (the needed remedy does rank the
discards master searches).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from millebornes import Action, Deal, Decision, RequestError
from millebornes.bots import make_bot
from millebornes.bots.expert import EXPERT_2028, ExpertBot
from millebornes.bots.judge import KINDS, Facts, Judge, table_cards
from millebornes.bots.master.policy import ROLLOUTS, Rollout, deck_counts
from scenarios import ROLLING, position

TABLES = [("dujardin", 2), ("winning-moves", 4)]
DEALS = 40


def decisions(rules: str, players: int, deals: int = DEALS) -> Iterator[tuple[Deal, int]]:
    """Every decision of the first ``deals`` deals between experts, as the deal stands, with the
    seat deciding (the deal is played on once the caller is done with it)."""
    expert = make_bot("expert")
    for seed in range(deals):
        deal = Deal.new(rules, players, seed)
        while (seat := deal.to_act) is not None:
            yield deal, seat
            deal.apply(expert.choose(deal.view(seat)))


@pytest.mark.parametrize(("rules", "players"), [*TABLES, ("parker", 2)])
@pytest.mark.parametrize("judge", [EXPERT_2028, ROLLOUTS], ids=["expert's", "quick"])
def test_the_expert_and_the_rollouts_agree_at_every_decision_with_one_judge(
    rules: str, players: int, judge: Judge
) -> None:
    # parker at 2 players asks the extension question, and its short deck counts other cards.
    expert = ExpertBot()
    expert.judge = judge
    decided = 0
    for deal, seat in decisions(rules, players, DEALS if rules != "parker" else 10):
        rollout = Rollout(deal, deck_counts(deal.view(seat)), judge)
        assert rollout.action() == expert.choose(deal.view(seat)), deal.history
        decided += 1
    assert decided > (1000 if rules != "parker" else 500)


@pytest.mark.parametrize(
    ("rules", "players", "differ", "turns"),
    [("dujardin", 2, 113, 3323), ("winning-moves", 4, 53, 2693)],
)
def test_the_expert_and_the_rollouts_differ_as_the_docstring_says(
    rules: str, players: int, differ: int, turns: int
) -> None:
    """The figures above, pinned: a change to either setting's judgments shows here."""
    expert = make_bot("expert")
    counted = differed = 0
    for deal, seat in decisions(rules, players):
        if deal.decision == Decision.TURN:
            counted += 1
            differed += Rollout(deal, deck_counts(deal.view(seat))).action() != expert.choose(
                deal.view(seat)
            )
    assert (differed, counted) == (differ, turns)


@pytest.mark.parametrize(("rules", "players"), [*TABLES, ("parker", 3)])
def test_a_rollout_reads_the_facts_the_view_of_the_seat_to_act_shows(
    rules: str, players: int
) -> None:
    for deal, seat in decisions(rules, players, 8):
        view = deal.view(seat)
        seen = Facts.of_view(view)
        read = Rollout(deal, deck_counts(view)).facts
        read.take(seat, deal.hands[seat], len(deal.stock))
        for name in ("seat", "own", "hand", "held", "left", "hidden", "stock", "seen", "deck"):
            assert getattr(read, name) == getattr(seen, name), name
        for name in ("battle", "speed", "safeties", "distance", "km", "twos", "scores"):
            assert getattr(read.deal, name) == getattr(seen.deal, name), name
        assert read.deal.hand_sizes == seen.deal.hand_sizes == list(view.hand_sizes)
        # What the seat has not seen is exactly the other hands and the stock.
        hidden = [deal.stock.count(kind) for kind in range(KINDS)]
        for other in range(players):
            if other != seat:
                hidden = [n + h for n, h in zip(hidden, deal.hands[other], strict=True)]
        assert [seen.unseen(kind) for kind in range(KINDS)] == hidden
        assert seen.hidden == sum(hidden)


def test_the_deal_seen_from_a_view_holds_no_card_its_seat_cannot_see() -> None:
    for deal, seat in decisions("winning-moves", 4, 3):
        table = Deal.seen_from(deal.view(seat))
        assert table.stock == []
        assert all(not any(table.hands[other]) for other in range(4) if other != seat)
        assert table.hands[seat] == deal.hands[seat]
        assert table_cards(table) == table_cards(deal)


@pytest.mark.parametrize(("rules", "players"), TABLES)
def test_the_rollout_policy_never_reads_a_card_its_seat_cannot_see(
    rules: str, players: int
) -> None:
    """The other hands and the stock dealt anew (same sizes): the seat to act chooses the same."""
    rng = random.Random(5)
    for deal, seat in decisions(rules, players, 8):
        deck = deck_counts(deal.view(seat))
        chosen = Rollout(deal, deck).action()
        other = deal.copy()
        hidden = list(other.stock)
        for holder in range(players):
            if holder != seat:
                hidden += [kind for kind in range(KINDS) for _ in range(other.hands[holder][kind])]
        rng.shuffle(hidden)
        hands = {}
        for holder in range(players):
            if holder != seat:
                size = other.hand_sizes[holder]
                hands[holder] = [hidden[:size].count(kind) for kind in range(KINDS)]
                del hidden[:size]
        other.redeal(hands, hidden)
        assert Rollout(other, deck).action() == chosen


def test_a_rollout_asked_to_act_in_a_finished_deal_says_so() -> None:
    deal = Deal.new("dujardin", 2, 0)
    deck = deck_counts(deal.view(0))
    Rollout(deal, deck).finish()
    with pytest.raises(RequestError, match="the deal is over"):
        Rollout(deal, deck).action()


def test_the_rollout_policy_counts_both_partners_stopped_as_the_expert_does() -> None:
    # Seat 0 is not rolling and holds no Roll; the other side of two partners is rolling. As the
    # expert now does, the policy limits it rather than throwing a spare 25 away.
    hand = ["25", "25", "50", "75", "200", "speed-limit", "gasoline"]
    deal = position(hand, [{}, ROLLING], rules="winning-moves", players=4)
    attack = Action.parse("attack speed-limit 1")
    assert make_bot("expert").choose(deal.view(0)) == attack
    assert Rollout(deal, deck_counts(deal.view(0))).action() == attack
    assert deal.decision == Decision.TURN
