"""Tournament figures per bot: win rate with a 95% Wilson interval, mean score margin, decision
times and openskill ratings, computed from game results alone so that a stored run can be
summarised again.

A game is won by the bot whose best side has the most points; bots tied at the top share the
win (two bots: half each). A bot's margin is its best side's points minus the best side of any
other bot. A deck (the duplicate unit: one shuffle played once per rotation, so that every bot
had the same cards) is won by the bot whose best sides scored the most over all its games.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from ..core.errors import RequestError
from ..core.phrase import Phrase
from ..words import say
from .game import GameResult

Z95 = 1.959963984540054  # the 97.5th percentile of the standard normal distribution


def wilson_interval(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate (``wins`` may count ties as halves)."""
    if games < 1:
        raise RequestError(Phrase("request.no_games"))
    rate = wins / games
    spread = z * z / games
    centre = (rate + spread / 2) / (1 + spread)
    half = z * math.sqrt(rate * (1 - rate) / games + spread / (4 * games)) / (1 + spread)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile, interpolating linearly between the closest ranks."""
    if not values:
        raise RequestError(Phrase("request.no_values", {"of": "percentile"}))
    ordered = sorted(values)
    position = (len(ordered) - 1) * q / 100
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def best_points(result: GameResult) -> dict[str, int]:
    """Each bot's best side total in one game."""
    best: dict[str, int] = {}
    for bot, total in zip(result.side_bots, result.totals, strict=True):
        best[bot] = max(total, best.get(bot, total))
    return best


def win_shares(result: GameResult) -> dict[str, float]:
    """1 to the winning bot, 0 to the others; bots tied at the top share the win."""
    best = best_points(result)
    top = max(best.values())
    winners = [bot for bot, points in best.items() if points == top]
    return {bot: (1 / len(winners) if bot in winners else 0.0) for bot in best}


def deck_shares(results: Sequence[GameResult]) -> list[dict[str, float]]:
    """The win shares of every deck, each deck's points summed over its rotations."""
    points: dict[int, dict[str, int]] = {}
    for result in results:
        deck = points.setdefault(result.deck, {})
        for bot, best in best_points(result).items():
            deck[bot] = deck.get(bot, 0) + best
    shares = []
    for totals in points.values():
        top = max(totals.values())
        winners = [bot for bot, total in totals.items() if total == top]
        shares.append({bot: (1 / len(winners) if bot in winners else 0.0) for bot in totals})
    return shares


def margins(result: GameResult) -> dict[str, int]:
    best = best_points(result)
    return {
        bot: points - max(other for name, other in best.items() if name != bot)
        for bot, points in best.items()
    }


def deck_margins(results: Sequence[GameResult], bot: str) -> list[float]:
    """``bot``'s mean margin a game on each deck it played: the duplicate unit for an interval,
    since the games of one deck share its cards and are not independent."""
    sums: dict[int, list[int]] = {}
    for result in results:
        margin = margins(result).get(bot)
        if margin is not None:
            sums.setdefault(result.deck, []).append(margin)
    return [sum(values) / len(values) for values in sums.values()]


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float]:
    """The mean and the half-width of its 95% normal interval (infinite for a single value,
    whose spread is unknown)."""
    if not values:
        raise RequestError(Phrase("request.no_values", {"of": "mean"}))
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.inf
    return mean, z * statistics.stdev(values) / math.sqrt(len(values))


def ratings(results: Sequence[GameResult]) -> dict[str, tuple[float, float, float]]:
    """(mu, sigma, ordinal) per bot: openskill's Plackett-Luce model, games rated in order,
    each game ranking its bots by their best side's points."""
    from openskill.models import PlackettLuce, PlackettLuceRating

    model = PlackettLuce()
    current: dict[str, PlackettLuceRating] = {}
    for result in sorted(results, key=lambda r: r.number):
        best = best_points(result)
        bots = list(best)
        for bot in bots:
            current.setdefault(bot, model.rating(name=bot))
        ranks = [1.0 + sum(other > best[bot] for other in best.values()) for bot in bots]
        rated = model.rate([[current[bot]] for bot in bots], ranks=ranks)
        for bot, [rating] in zip(bots, rated, strict=True):
            current[bot] = rating
    return {bot: (r.mu, r.sigma, r.ordinal()) for bot, r in current.items()}


@dataclass(frozen=True)
class BotSummary:
    bot: str
    games: int
    wins: float  # ties count as shares
    low: float  # 95% Wilson interval of the win rate
    high: float
    margin: float  # mean points margin
    decisions: int
    decks: int
    deck_wins: float  # decks won, ties counting as shares
    deck_low: float  # 95% Wilson interval of the deck win rate
    deck_high: float
    time_median: float | None  # seconds per choose(); None if the bot never decided
    time_p95: float | None
    mu: float
    sigma: float
    ordinal: float

    @property
    def win_rate(self) -> float:
        return self.wins / self.games

    @property
    def deck_win_rate(self) -> float:
        return self.deck_wins / self.decks


def summarize(results: Sequence[GameResult]) -> list[BotSummary]:
    """One summary per bot, the one that won the most decks first (the rating settles ties)."""
    games: dict[str, int] = {}
    wins: dict[str, float] = {}
    margin_sums: dict[str, int] = {}
    times: dict[str, list[float]] = {}
    for result in results:
        for bot, share in win_shares(result).items():
            games[bot] = games.get(bot, 0) + 1
            wins[bot] = wins.get(bot, 0.0) + share
        for bot, margin in margins(result).items():
            margin_sums[bot] = margin_sums.get(bot, 0) + margin
        for bot, seat_times in zip(result.seat_bots, result.decision_times, strict=True):
            times.setdefault(bot, []).extend(seat_times)
    decks: dict[str, int] = {}
    deck_wins: dict[str, float] = {}
    for shares in deck_shares(results):
        for bot, share in shares.items():
            decks[bot] = decks.get(bot, 0) + 1
            deck_wins[bot] = deck_wins.get(bot, 0.0) + share
    rated = ratings(results)
    summaries = []
    for bot, count in games.items():
        low, high = wilson_interval(wins[bot], count)
        deck_low, deck_high = wilson_interval(deck_wins[bot], decks[bot])
        bot_times = times.get(bot, [])
        mu, sigma, ordinal = rated[bot]
        summaries.append(
            BotSummary(
                bot=bot,
                games=count,
                wins=wins[bot],
                low=low,
                high=high,
                margin=margin_sums[bot] / count,
                decks=decks[bot],
                deck_wins=deck_wins[bot],
                deck_low=deck_low,
                deck_high=deck_high,
                decisions=len(bot_times),
                time_median=percentile(bot_times, 50) if bot_times else None,
                time_p95=percentile(bot_times, 95) if bot_times else None,
                mu=mu,
                sigma=sigma,
                ordinal=ordinal,
            )
        )
    # Decks won, not the rating: after a few decks the rating still leans on its prior.
    summaries.sort(key=lambda s: (s.deck_win_rate, s.ordinal), reverse=True)
    return summaries


def format_duration(seconds: float | None) -> str:
    if seconds is None:
        return "-"
    if seconds < 1e-3:
        return f"{seconds * 1e6:.1f} µs"
    if seconds < 1:
        return f"{seconds * 1e3:.1f} ms"
    return f"{seconds:.2f} s"


# The table's columns under their groups' headings (None: a column of its own): the keys of
# their words, cli.tournament.table.<key>.
COLUMNS = (
    (None, "bot"),
    (None, "games"),
    ("wins", "rate"),
    ("wins", "interval"),
    ("decks", "rate"),
    ("decks", "interval"),
    (None, "margin"),
    ("time", "median"),
    ("time", "p95"),
    ("rating", "mu_sigma"),
    ("rating", "ordinal"),
)


def _row(s: BotSummary) -> tuple[str, ...]:
    return (
        s.bot,
        str(s.games),
        f"{100 * s.win_rate:.1f}%",
        f"{100 * s.low:.0f}-{100 * s.high:.0f}",
        f"{100 * s.deck_win_rate:.1f}%",
        f"{100 * s.deck_low:.0f}-{100 * s.deck_high:.0f}",
        f"{s.margin:+.0f}",
        format_duration(s.time_median),
        format_duration(s.time_p95),
        f"{s.mu:.1f}±{s.sigma:.2f}",
        f"{s.ordinal:.1f}",
    )


def format_table(summaries: Sequence[BotSummary], language: str = "en") -> str:
    """The results table, one line per bot under two lines of headings (the groups, then the
    columns), the 95% intervals in whole percents: 97 columns with names of up to 8 letters."""

    def word(key: str) -> str:
        return say(language, f"cli.tournament.table.{key}")

    names = tuple(word(column) for _, column in COLUMNS)
    rows = [names, *(_row(s) for s in summaries)]
    widths = [max(len(row[column]) for row in rows) for column in range(len(COLUMNS))]
    groups: list[tuple[str, list[int]]] = []  # each heading over its columns
    for column, (group, _) in enumerate(COLUMNS):
        if group is not None and groups and groups[-1][0] == group:
            groups[-1][1].append(column)
        else:
            groups.append((group or "", [column]))
    top = []
    for group, columns in groups:
        title = word(group) if group else ""
        span = sum(widths[c] for c in columns) + 2 * (len(columns) - 1)
        widths[columns[-1]] += max(0, len(title) - span)
        top.append(title.center(sum(widths[c] for c in columns) + 2 * (len(columns) - 1)))
    lines = ["  ".join(top).rstrip()]
    for row in rows:
        cells = [row[0].ljust(widths[0])]
        cells += [cell.rjust(width) for cell, width in zip(row[1:], widths[1:], strict=True)]
        lines.append("  ".join(cells))
    return "\n".join(lines)
