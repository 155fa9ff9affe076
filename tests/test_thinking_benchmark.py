"""The thinking benchmark times master at the budget asked, and refuses a budget it cannot use."""

from __future__ import annotations

from typing import Any

import pytest
from benchmarks import thinking
from benchmarks.thinking import main, think_times

from millebornes.bots import Bot, make_bot
from millebornes.bots.master import MasterBot
from millebornes.bots.master.config import DEFAULT_ITERATIONS, DEFAULT_SECONDS


@pytest.mark.slow
def test_the_decisions_are_timed_at_the_budget_asked(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--deals", "1", "--iterations", "5"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("dujardin, 2 players, 1 deals, 5 rollouts a decision: ")
    assert lines[1].startswith("median ")
    assert "(target 1 s)" in lines[1]


@pytest.mark.parametrize(
    ("asked", "budget"),
    [({}, (DEFAULT_ITERATIONS, DEFAULT_SECONDS)), ({"iterations": 7}, (7, None))],
)
def test_master_is_made_with_the_budget_asked(
    asked: dict[str, int], budget: tuple[int, float | None], monkeypatch: pytest.MonkeyPatch
) -> None:
    made: list[Bot] = []

    def recording(name: str, *args: Any, **options: Any) -> Bot:
        bot = make_bot(name, *args, **options)
        made.append(bot)
        return bot

    monkeypatch.setattr(thinking, "make_bot", recording)
    monkeypatch.setattr(MasterBot, "choose", lambda self, view: None)  # no search needed
    assert think_times("dujardin", 2, 1, 100, **asked)
    masters = [bot for bot in made if isinstance(bot, MasterBot)]
    assert masters
    assert {(bot.config.iterations, bot.config.seconds) for bot in masters} == {budget}


def test_a_budget_below_one_is_refused_with_a_message(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as refused:
        main(["--deals", "1", "--iterations", "0"])
    assert refused.value.code == 2
    assert "iterations must be a positive whole number, not 0" in capsys.readouterr().err
