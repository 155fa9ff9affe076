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

# Rollouts per decision, chosen to meet issue 18's 1 s median with room for this machine's
# drift. `python -m benchmarks.thinking` (8 deals; --iterations for another budget) on 2026-12-03,
# CPU time, the other core idle / busy: at 2-player dujardin 0.64 / 0.78 s median and 1.28 / 1.16 s
# at the 95th percentile; at 4-player winning-moves 0.59 / 0.79 s and 0.87 / 1.13 s. The 2500 used
# before took 0.97 / 1.07 s and 1.65 / 1.80 s, 0.96 / 1.08 s and 1.43 / 1.58 s. Fewer rollouts
# lost nothing measurable: on the same 80 deals of benchmarks.departures (seed 10000) master's
# departures gained +128 a deal at 1500 and +93 at 2500 (paired difference +36 ±50). The strength
# target's budget, 0.2 s, buys 400 to 600. Compiled (docs/architecture.md), on a machine running
# plain Python 2.5 times slower (2026-12-04, the other core busy): 0.66 s and 0.68 s median, 1.09 s
# and 0.96 s at the 95th percentile, where plain Python took 1.58 s and 1.58 s, 2.68 s and 2.34 s.
DEFAULT_ITERATIONS = 1500
# The most a decision takes at the default budget, counted from the question (wall time): machines
# here have run rollouts anywhere from 339 to 766 µs compiled, and at 766 (2026-12-04, the other
# core busy) 1500 rollouts took 1.39 s median and 2.29 s at the 95th percentile; capped, 0.90 s
# and 0.90 s, a median of 915 rollouts. Below 1 s to leave room for what follows the last rollout.
# Where 1500 rollouts take less, the cap never stops the search and choices stay reproducible.
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
    # Laying a safety the expert keeps must pass more: such a choice pays off through rare,
    # large swings (a coup-fourré given up or not), which a few hundred sampled deals measure
    # poorly. Judged on the true deal (benchmarks.departures, 240 deals, 600 rollouts), these
    # departures lost 47 points a deal below 1.5 standard errors and gained 13 above it, while
    # the other kinds gained in every band above 0.5.
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
    # Hands of the other seats kept in mind (in all, shared among them), filtered by their
    # moves. Tried with benchmarks.inference on 4-player winning-moves deals of seed 3000 (50
    # samples; log loss a hand and kind, lower is better, and variance ratio, 1 honest): 500
    # hands scored 0.597 and 1.48 with the true hand among them 13% of the time, 2000 hands
    # 0.550, 1.29 and 29%. With the expert's judge as the opponents' model, a decision at 1500
    # rollouts went from 0.28 s to 0.39 s of CPU (median; 0.38 s to 0.73 s at the 95th
    # percentile; benchmarks.thinking, 4 players, the machine loaded), within the time targets
    # and the default's cap (DEFAULT_SECONDS counts from the question).
    particles: int = _knob(2000, POSITIVE_WHOLE)
    # Swaps tried per card of a hidden hand when sampling it at the odds players keep each
    # kind (beliefs.KEEPING): enough to converge.
    keeping_swaps: int = _knob(6, WHOLE)
    # The odds that a seat makes another move than the opponents' model (the expert's judge)
    # would with its hand, before its moves are seen; each seat's own rate is then learnt from
    # its moves, this prior counting as ``unexpected_weight`` moves. Fitted by maximum
    # likelihood on bots' deals (``benchmarks.inference --unexpected --deals 20 --seed 500``:
    # 20 deals a level, master 3), at 2 and 4 players: greedy 0.44 and 0.51, random 0.99, the
    # expert 0.001; master before calibration 0.29 and 0.30 (24% and 25% of its moves off the
    # model), whence 0.24, and master with these beliefs 0.235 at 2 players (19% of its moves).
    # No people's records were kept on the machines this was measured on. A fixed 0.01
    # (before) made the filter over-update: a 0.98 chance came true 0.70 of the time at 4
    # players.
    unexpected: float = _knob(0.24, ODDS)
    # Four moves: a seat that plays like the model for a few turns is soon believed to.
    unexpected_weight: float = _knob(4.0, POSITIVE)
    # The share of each seat's followed hands drawn afresh from the prior at each view, so that
    # the true hand, once lost to an unlucky move, can come back (rejuvenation). On the deals of
    # seed 3000 at 4 players: with 500 hands, 0.05 scored 0.582 and 1.43, 0.15 0.567 and 1.21;
    # with 2000, 0.05 scored 0.539 and 1.15. Checked on the deals the figures before calibration
    # were taken on (seed 1000, 100 samples): 0.513 and 1.04 at 4 players, 0.432 and 0.93 at 2.
    # Drawing a share of the sampled deals from the prior as well (shrinkage) did not score
    # better: 0.05 of them gave 0.516 and 1.02 at 4 players, so it is not done.
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
