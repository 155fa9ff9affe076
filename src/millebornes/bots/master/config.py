"""Every knob of master, each with what it means and how it was set: :class:`MasterConfig`.

``make_bot("master", ...)`` and ``MasterBot(...)`` take each field by name, as a value or as
command-line text (``millebornes tournament --option master.particles=200``), and refuse an
unknown name or a value out of range with a :class:`BotOptionError` that says what is accepted.

Not knobs here: the odds players keep each card kind (``beliefs.KEEPING``, a table fitted on
the expert's hands) and the rollout policy's own weights (``policy.py``, ``tuning.py``), which
the expert shares.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from ...core.match import DEFAULT_TARGET
from ...core.phrase import Phrase
from ..base import BotOptionError, refuse_unknown

# Rollouts per decision: the 1 s median met with a third to spare (benchmarks.thinking), nothing
# measurable lost to 2500 (benchmarks.departures); docs/lab/2026-12-03-default-budget-1500.md
DEFAULT_ITERATIONS = 1500
# The most a decision takes at the default budget, counted from the question (wall time), so that
# slow machines answer within 1 s too (benchmarks.thinking): docs/lab/2026-12-04-time-cap.md
DEFAULT_SECONDS = 0.9


@dataclass(frozen=True)
class Accepted:
    """The values a knob takes: its type, a test, and both in words for a refusal."""

    kind: Callable[[str], float]
    words: Phrase
    test: Callable[[float], bool]
    optional: bool = False  # None is accepted too

    def read(self, name: str, value: object) -> Any:
        """``value`` (given as a value or as text) as the knob ``name`` takes it."""
        if value is None and self.optional:
            return None
        try:
            number = self.kind(str(value))
        except ValueError:
            number = math.nan
        if not self.test(number):  # nan fails every test
            refused = {"option": f"master: {name}", "accepted": self.words, "value": repr(value)}
            raise BotOptionError(Phrase("settings.knob", refused))
        return number


POSITIVE_WHOLE = Accepted(int, Phrase("settings.accepted.positive_whole"), lambda n: n > 0)
POSITIVE = Accepted(float, Phrase("settings.accepted.positive"), lambda x: x > 0)
WHOLE = Accepted(int, Phrase("settings.accepted.whole"), lambda n: n >= 0)
NOT_NEGATIVE = Accepted(float, Phrase("settings.accepted.not_negative"), lambda x: x >= 0)
SHARE = Accepted(float, Phrase("settings.accepted.share"), lambda x: 0 < x < 1)
ODDS = Accepted(float, Phrase("settings.accepted.odds"), lambda x: 0 <= x <= 1)
ROLLOUTS = Accepted(int, Phrase("settings.accepted.positive_whole"), lambda n: n > 0, optional=True)
TIME = Accepted(float, Phrase("settings.accepted.positive"), lambda x: x > 0, optional=True)


def _knob(default: Any, accepted: Accepted) -> Any:
    return field(default=default, metadata={"accepted": accepted})


@dataclass(frozen=True)
class MasterConfig:
    """Master's knobs. Given neither ``iterations`` nor ``seconds``, the budget is
    DEFAULT_ITERATIONS rollouts within DEFAULT_SECONDS; given one, it is that one alone."""

    # The search's budget. Rollouts per decision (reproducible: a seed and a view give one
    # action); see DEFAULT_ITERATIONS for how the default was measured.
    iterations: int | None = _knob(None, ROLLOUTS)
    # Seconds per decision, counted from the question; each round of halving ends at its share
    # of them (not reproducible: it depends on the machine's load). See DEFAULT_SECONDS.
    seconds: float | None = _knob(None, TIME)
    # The match target whose approach makes the match result, not the deal's margin, the reward
    # (RULES.md section 10).
    target: int = _knob(DEFAULT_TARGET, POSITIVE_WHOLE)
    # How many standard errors the search's best must gain over the default (the expert's
    # choice). Judged by replaying the search's departures with the expert playing on: at 500
    # rollouts, 0.5 gained the most over whole deals (0 lets noise through, 1 forgoes good
    # departures).
    confidence: float = _knob(0.5, NOT_NEGATIVE)
    # Laying a safety the expert keeps must pass more: it pays off through rare, large swings, and
    # such departures below 1.5 lost points (benchmarks.departures);
    # docs/lab/2026-11-30-departures-and-the-safety-rule.md
    safety_confidence: float = _knob(1.5, NOT_NEGATIVE)
    # The share of the budget spent on the last round of halving, where the best challengers
    # meet the default in fresh sampled deals: the test that decides whether to leave the
    # expert's choice. Half, so that the test is as well measured as the choice it tests.
    final_share: float = _knob(0.5, SHARE)
    # Discards searched besides the default: those whose cards cost least to lose (which dead
    # card goes rarely matters, and every candidate dropped leaves more sampled deals for those
    # that do).
    discards_searched: int = _knob(3, WHOLE)
    # Score margins are divided by this to bring a deal's result into roughly [-1, 1], the range
    # of a match result: near the match's end, winning it counts ten times a deal's margin.
    margin_scale: float = _knob(2000, POSITIVE)
    # Hands of the other seats kept in mind (in all, shared among them), filtered by their moves:
    # 2000 scored better than 500 (benchmarks.inference), within the time targets;
    # docs/lab/2026-12-06-calibrated-beliefs.md
    particles: int = _knob(2000, POSITIVE_WHOLE)
    # Swaps tried per card of a hidden hand when sampling it at the odds players keep each
    # kind (beliefs.KEEPING): enough to converge.
    keeping_swaps: int = _knob(6, WHOLE)
    # The odds that a seat makes another move than the opponents' model (the expert's judge)
    # would with its hand, before its moves are seen; each seat's own rate is then learnt from
    # its moves, this prior counting as ``unexpected_weight`` moves. 0.24: master's own share of
    # moves off the model (benchmarks.inference --unexpected);
    # docs/lab/2026-12-06-calibrated-beliefs.md
    unexpected: float = _knob(0.24, ODDS)
    # Four moves: a seat that plays like the model for a few turns is soon believed to.
    unexpected_weight: float = _knob(4.0, POSITIVE)
    # The share of each seat's followed hands drawn afresh from the prior at each view, so that
    # the true hand, once lost to an unlucky move, can come back (rejuvenation). Chosen by its
    # scores (benchmarks.inference): docs/lab/2026-12-06-calibrated-beliefs.md
    refresh: float = _knob(0.05, ODDS)

    def __post_init__(self) -> None:
        for knob in fields(self):
            accepted: Accepted = knob.metadata["accepted"]
            object.__setattr__(self, knob.name, accepted.read(knob.name, getattr(self, knob.name)))
        if self.iterations is None and self.seconds is None:
            object.__setattr__(self, "iterations", DEFAULT_ITERATIONS)
            object.__setattr__(self, "seconds", DEFAULT_SECONDS)

    @classmethod
    def from_options(cls, options: Mapping[str, object]) -> MasterConfig:
        """The knobs named in ``options`` (values or command-line text), the others as they
        are; an unknown name or a bad value is a BotOptionError."""
        refuse_unknown("master", cls.names(), options)
        return cls(**options)  # type: ignore[arg-type]

    @classmethod
    def names(cls) -> frozenset[str]:
        """The knobs' names: the options ``make_bot("master", ...)`` takes."""
        return frozenset(knob.name for knob in fields(cls))
