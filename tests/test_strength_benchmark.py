"""The strength benchmark's plan: which checks a run plays, and the counts it refuses."""

from __future__ import annotations

import pytest
from benchmarks.strength import checks, parse_args, plan


def test_a_check_given_no_decks_is_left_out_of_the_plan() -> None:
    args = parse_args(["--master", "--tables", "dujardin-2", "--default-pairs", "0"])
    assert [check.title for check in checks(args, "dujardin-2")] == ["master (0.2 s) vs expert"]
    assert plan(args)[1:] == ["  dujardin-2: master (0.2 s) vs expert: 400 decks"]


def test_every_check_is_planned_by_default() -> None:
    args = parse_args(["--tables", "winning-moves-4"])
    titles = [check.title for check in checks(args, "winning-moves-4")]
    assert titles == [
        "expert vs random",
        "expert vs greedy",
        "master (0.2 s) vs expert",
        "master (default budget) vs expert",
    ]


@pytest.mark.parametrize(
    ("option", "value", "least"),
    [
        ("--master-pairs", "-1", 0),
        ("--default-pairs", "-5", 0),
        ("--pairs", "-2", 0),
        ("--jobs", "0", 1),
    ],
)
def test_a_negative_count_is_refused_with_a_message(
    option: str, value: str, least: int, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as refused:
        parse_args([option, value])
    assert refused.value.code == 2
    assert f"{option} must be at least {least}, not {value}" in capsys.readouterr().err
