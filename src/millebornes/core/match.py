"""A match: deals played one after another until a side reaches the target (RULES.md section 10)."""

from __future__ import annotations

from .actions import Action
from .deal import Deal
from .errors import SettingsError
from .phrase import Phrase
from .position import from_position
from .rules import get_rules
from .seeds import derive
from .view import View

DEFAULT_TARGET = 5000
LEGACY_SEED_BYTES = 4
SECRET_SEED_BYTES = 16


def deal_seed(seed: int, index: int) -> int:
    """The seed of the ``index``-th deal of a match: the match seed itself for the first deal,
    so that ``Match(seed=s)`` opens with ``Deal.new(seed=s)``."""
    if index == 0:
        return seed
    # A match seed that fits 32 bits (every seed before the server's secret 128-bit ones) keeps
    # 32-bit deal seeds, so that stored games and records replay as they were played; a larger
    # one gets 128 bits, so no later deal can be found by trying seeds against one's own hand.
    size = LEGACY_SEED_BYTES if seed < 2 ** (8 * LEGACY_SEED_BYTES) else SECRET_SEED_BYTES
    return derive(seed, index, size=size)


class Match:
    """Deals until a side's total reaches ``target`` (None: a single deal). The dealer passes
    left after each deal, scores carry over, and a tie at the top plays another deal. ``start``
    is the first deal's position, dealt as it says rather than shuffled (the guided first deal,
    core/tutorial.py)."""

    def __init__(
        self,
        rules: str = "dujardin",
        players: int = 2,
        seed: int = 0,
        *,
        race: int | None = None,
        target: int | None = DEFAULT_TARGET,
        start: str | None = None,
    ) -> None:
        self.rules = get_rules(rules)
        self.race = self.rules.race(players, race)
        if target is not None and target <= 0:
            raise SettingsError(Phrase("settings.target", {"target": target}))
        self.players = players
        self.seed = seed
        self.target = target
        self.finished: list[Deal] = []
        self.scores = [0] * self.rules.seating(players).sides
        self.winner: int | None = None  # None after a single deal that ended in a tie
        self._over = False
        if start is None:
            self.deal = Deal.new(rules, players, seed, race=self.race, scores=self.scores)
        else:
            self.deal = from_position(start)

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def deal_index(self) -> int:
        """The 0-based index of the deal in play (of the last one once the match is over)."""
        return len(self.finished) - (1 if self.is_over else 0)

    @property
    def to_act(self) -> int | None:
        return None if self.is_over else self.deal.to_act

    def legal_actions(self) -> list[Action]:
        return self.deal.legal_actions()

    def view(self, seat: int) -> View:
        return self.deal.view(seat)

    def apply(self, action: Action | str) -> None:
        """Apply to the current deal; when it ends, carry its scores and deal the next one."""
        self.deal.apply(action)
        if not self.deal.is_over:
            return
        totals = [sheet["total"] for sheet in self.deal.score()]
        self.scores = [before + points for before, points in zip(self.scores, totals, strict=True)]
        self.finished.append(self.deal)
        if self._decided():
            return
        self.deal = Deal.new(
            self.rules.name,
            self.players,
            deal_seed(self.seed, len(self.finished)),
            race=self.race,
            dealer=(self.deal.dealer + 1) % self.players,
            scores=self.scores,
        )

    def _decided(self) -> bool:
        best = max(self.scores)
        if self.target is not None and best < self.target:
            return False
        leaders = [side for side, total in enumerate(self.scores) if total == best]
        if len(leaders) > 1 and self.target is not None:
            return False  # a tie at the top plays on
        self.winner = leaders[0] if len(leaders) == 1 else None
        self._over = True
        return True
