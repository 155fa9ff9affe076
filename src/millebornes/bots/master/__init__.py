"""``master``: determinized Monte Carlo search over the real engine (the hard level).

Each decision samples complete deals consistent with the seat's view (``Deal.from_view``), with
the hidden cards nudged by what the table has revealed and by what players keep (:class:`Beliefs`:
a seat that let a hazard pass holds no safety against it; an unseen safety is likelier in the
hand of a seat that has drawn many cards; every hidden hand is followed through the moves the
seat saw), plays every candidate action in each sampled deal,
and finishes the deal with the expert's rules of thumb, in their quick setting, for every seat
(``policy.Rollout``, ``bots/judge.py``). Candidates
share the same sampled deals (common random numbers), so their differences are measured rather
than their noisy values, and sequential halving spends the budget on the actions still in
contention. Only the three cheapest discards are searched: which dead card goes rarely matters.

The ``expert``'s choice is the default: the best survivor replaces it only when it is clearly
better on sampled deals it was not selected on, so noise never makes the search worse than the
rule-based player it starts from. The reward is the deal's score margin for the bot's side, or
the match result when the deal ends the match.

The budget is a number of rollouts (``iterations``), so a seed and a view always give the same
action; ``seconds=S`` instead gives each round of halving its share of S, so the final test
gets its share however fast the machine is (not reproducible: it depends on the machine's load).
S counts from the question, so what the bot infers from the view is inside it. Given both, the
search stops at whichever comes first; the default is 1500 rollouts within 0.9 s, reproducible
wherever the rollouts come first. Every knob, with how it was set, is a field of
:class:`MasterConfig`, and ``make_bot("master", ...)`` takes each by name.

A module for each job: ``config`` (the knobs), ``policy`` (the rollouts, the judge's quick
setting), ``beliefs`` (what the table revealed, the hands followed, and sampled deals),
``search`` (the sequential halving over shared sampled deals, master's search with it, the
departure test), ``explain`` (the reason shown), ``bot`` (the bot). The review of a seat's decisions
(``review/decisions.py``) runs the same ``search.Halving``, with the action played as the
default.
"""

from .beliefs import Beliefs
from .bot import MasterBot, Thought
from .config import MasterConfig
from .search import Challenge

__all__ = ["Beliefs", "Challenge", "MasterBot", "MasterConfig", "Thought"]
