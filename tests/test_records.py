"""Records replay exactly (deals, matches, deals that started from a position, from JSON text), and
a corrupted record is refused with a PositionError that says what is wrong."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from millebornes import (
    Deal,
    Match,
    PositionError,
    load_record,
    match_record,
    replay_deal,
    replay_match,
)
from millebornes.core.position import from_position, to_position
from millebornes.core.records import deal_record
from scenarios import played


@pytest.mark.parametrize(
    ("rules", "players"),
    [("dujardin", 2), ("dujardin", 6), ("winning-moves", 4), ("parker", 2), ("parker", 6)],
)
def test_a_finished_deal_replays_to_the_same_position_and_scores(rules: str, players: int) -> None:
    deal = played(Deal.new(rules, players, players))
    record = deal_record(deal)
    assert record["kind"] == "deal"
    assert record["actions"] == [str(action) for action in deal.history]
    replayed = replay_deal(record)
    assert replayed == deal
    assert replayed.is_over
    assert replayed.score() == deal.score()
    assert replayed.history == deal.history


def test_a_deal_replays_from_json_text() -> None:
    deal = played(Deal.new("dujardin", 2, 11))
    replayed = load_record(json.dumps(deal_record(deal)))
    assert isinstance(replayed, Deal)
    assert replayed == deal
    assert replayed.score() == deal.score()


def test_an_unfinished_deal_replays_to_where_it_stopped() -> None:
    deal = played(Deal.new("dujardin", 3, 5, dealer=1), until=lambda deal: len(deal.history) == 40)
    replayed = load_record(json.dumps(deal_record(deal)))
    assert isinstance(replayed, Deal)
    assert not replayed.is_over
    assert replayed == deal
    assert replayed.legal_actions() == deal.legal_actions()


def test_a_parker_deal_that_was_extended_replays_its_extension() -> None:
    for seed in range(200):
        deal = Deal.new("parker", 2, seed)
        rng = random.Random(seed)
        while not deal.is_over:
            legal = deal.legal_actions()
            deal.apply("extend" if "extend" in map(str, legal) else rng.choice(legal))
        if deal.extended_by is not None:
            break
    else:
        pytest.fail("no random parker deal reached 700 in 200 seeds")
    record = deal_record(deal)
    assert record["race"] == 700
    assert "extend" in record["actions"]
    replayed = replay_deal(record)
    assert replayed == deal
    assert replayed.race == 1000
    assert replayed.score() == deal.score()


def test_a_deal_started_from_a_position_replays_from_that_position() -> None:
    start = played(Deal.new("dujardin", 4, 8, race=700), until=lambda deal: len(deal.history) == 30)
    deal = played(from_position(to_position(start)), seed=9)
    record = deal_record(deal)
    assert record["position"] == json.loads(to_position(start))
    # The position remembers the 30 moves before it; the record lists those made since.
    assert len(record["position"]["moves"]) == 30
    assert len(record["actions"]) == len(deal.history) - 30 > 0
    replayed = load_record(json.dumps(record))
    assert isinstance(replayed, Deal)
    assert replayed == deal
    assert replayed.score() == deal.score()


def test_a_finished_match_replays_deal_by_deal() -> None:
    match = played(Match("dujardin", 2, 21))
    assert match.is_over
    assert len(match.finished) > 1
    record = match_record(match)
    assert record["kind"] == "match"
    assert len(record["deals"]) == len(match.finished)
    for replayed in (replay_match(record), load_record(json.dumps(record))):
        assert isinstance(replayed, Match)
        assert replayed.is_over
        assert replayed.scores == match.scores
        assert replayed.winner == match.winner
        assert replayed.finished == match.finished
        for again, original in zip(replayed.finished, match.finished, strict=True):
            assert again.score() == original.score()


def test_a_match_in_progress_replays_with_its_current_deal() -> None:
    match = played(
        Match("winning-moves", 4, 2, target=3000),
        until=lambda match: len(match.finished) == 1 and len(match.deal.history) == 20,
    )
    assert not match.is_over
    assert match.finished
    record = match_record(match)
    assert len(record["deals"]) == len(match.finished) + 1
    replayed = load_record(json.dumps(record))
    assert isinstance(replayed, Match)
    assert replayed.scores == match.scores
    assert replayed.finished == match.finished
    assert replayed.deal == match.deal
    assert replayed.legal_actions() == match.legal_actions()


def test_a_single_deal_match_replays() -> None:
    match = played(Match("parker", 4, 6, target=None))
    replayed = replay_match(match_record(match))
    assert replayed.is_over
    assert len(replayed.finished) == 1
    assert replayed.scores == match.scores


def changed_record(**changes: Any) -> dict[str, Any]:
    record = deal_record(played(Deal.new("dujardin", 2, 4)))
    record.update(changes)
    return record


def with_action(number: int, action: str) -> dict[str, Any]:
    record = changed_record()
    record["actions"][number - 1] = action
    return record


@pytest.mark.parametrize(
    ("record", "message"),
    [
        (with_action(3, "fly 75"), "action 3 ('fly 75') cannot be replayed: unknown action 'fly'"),
        (with_action(1, "play 200"), "action 1 ('play 200') cannot be replayed: you "),
        (with_action(2, "coup-fourre"), "there is no attack to answer"),
        (changed_record(actions=[*changed_record()["actions"], "discard 25"]), "the deal is over"),
        (changed_record(actions="play 25"), "actions must be a list of actions in notation"),
        (changed_record(rules="monopoly"), "unknown rules 'monopoly'"),
        (changed_record(rules=["dujardin"]), "rules must be the name of a preset"),
        (changed_record(players=5), "dujardin is played by 2, 3, 4, 6, 8 players, not 5"),
        (changed_record(race=700), "dujardin with 2 players races to 1000 km, not 700"),
        (changed_record(scores=[0]), "scores must list 2 whole numbers"),
        (changed_record(dealer="x"), "dealer"),
        (changed_record(seed=[1]), "seed"),
        (changed_record(position=[]), "a position is a JSON object"),
        (
            changed_record(version=2),
            "the record: version must be 1, the record format this program",
        ),
        (changed_record(version=None), "version must be 1"),
        (changed_record(seeds=4), "the record: unknown field 'seeds'; did you mean 'seed'?"),
        (changed_record(kind="match"), "the record: kind must be 'deal', not 'match'"),
        (changed_record(seed=None), "the record's seed must be a whole number, not None"),
    ],
    ids=[
        "unknown action",
        "illegal action",
        "no attack to answer",
        "action after the end",
        "actions not a list",
        "wrong rules",
        "rules not a name",
        "wrong player count",
        "wrong race",
        "wrong scores",
        "dealer not a seat",
        "seed not a number",
        "position not an object",
        "a later version",
        "no version",
        "unknown field",
        "a deal said to be a match",
        "seed null",
    ],
)
def test_a_corrupted_deal_record_is_refused_with_a_message(
    record: dict[str, Any], message: str
) -> None:
    with pytest.raises(PositionError, match=re.escape(message)):
        replay_deal(record)
    with pytest.raises(PositionError):
        load_record(json.dumps(record))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"kind": "deal", "actions": [', "the record is not valid JSON"),
        ("[1, 2]", "a record is a JSON object"),
        ("", "the record is not valid JSON"),
    ],
)
def test_record_text_that_is_not_a_record_is_refused(text: str, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        load_record(text)


def test_a_corrupted_match_record_is_refused_with_a_message() -> None:
    match = played(Match("dujardin", 2, 21))
    record = match_record(match)

    extra = {**record, "deals": [*record["deals"], record["deals"][0]]}
    with pytest.raises(PositionError, match=r"deal .* comes after the match was already over"):
        replay_match(extra)

    wrong = json.loads(json.dumps(record))
    wrong["deals"][1]["actions"][0] = "attack stop 1"
    with pytest.raises(PositionError, match=r"^deal 2, action 1 .* cannot be replayed"):
        replay_match(wrong)

    with pytest.raises(PositionError, match="deals must be a list"):
        replay_match({**record, "deals": "all of them"})
    with pytest.raises(PositionError, match="unknown rules"):
        replay_match({**record, "rules": "uno"})
    with pytest.raises(PositionError, match="target"):
        replay_match({**record, "target": -5})


def test_a_match_record_whose_deals_are_not_records_is_refused() -> None:
    record = match_record(Match("dujardin", 2, 1))
    for deal in ("play 25", ["play 25"], None):
        with pytest.raises(PositionError, match="deal 1 must be a deal record"):
            replay_match({**record, "deals": [deal]})


def test_a_match_record_whose_deals_do_not_end_where_recorded_is_refused() -> None:
    match = played(Match("dujardin", 2, 21))
    record = match_record(match)
    first, second = record["deals"][0]["actions"], record["deals"][1]["actions"]

    moved = json.loads(json.dumps(record))
    moved["deals"][0]["actions"] = first[:-1]
    moved["deals"][1]["actions"] = [first[-1], *second]
    with pytest.raises(PositionError, match=r"deal 1 is not over after its 1?[0-9]+ actions"):
        replay_match(moved)

    moved["deals"][0]["actions"] = [*first, second[0]]
    moved["deals"][1]["actions"] = second[1:]
    with pytest.raises(PositionError, match=rf"deal 1, action {len(first) + 1} .* deal 1 is over"):
        replay_match(moved)


def test_a_match_record_refuses_unknown_fields_in_it_and_in_its_deals() -> None:
    match = played(Match("dujardin", 2, 21, target=1000))
    record = match_record(match)
    with pytest.raises(PositionError, match=r"^the record: unknown field 'targets'; did you mean"):
        replay_match({**record, "targets": 1000})
    record["deals"][0]["action"] = []
    with pytest.raises(
        PositionError, match=r"^deal 1: unknown field 'action'; did you mean 'actions'"
    ):
        replay_match(record)
