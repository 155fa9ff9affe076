"""One bot before and after a change, on the same duplicate decks: the paired comparison.

    python -m benchmarks.strength --master --tables winning-moves-4 --master-pairs 400 \\
        --default-pairs 0 --iterations 200 --seed 2028 --db before.sqlite   # on the old code
    python -m benchmarks.strength ... --db after.sqlite                      # on the new code
    python -m benchmarks.paired before.sqlite after.sqlite

Reads the latest run of each file (the two must have the same bots, table and seed, so that
deck N holds the same cards in both) and compares them on the decks both finished (every
rotation played): for each, the decks the first bot won (Wilson 95% interval) and its margin a
deal; then the difference of the two margins deck by deck, with its 95% interval. Pairing by
deck removes the luck of the cards from the difference, so it is far narrower than the two
intervals side by side. A run still going can be read: its finished decks count.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from millebornes.tournament import GameResult, TournamentSettings, TournamentStore
from millebornes.tournament.stats import deck_margins, deck_shares, mean_interval, wilson_interval


@dataclass(frozen=True)
class Run:
    """A stored run's settings and its games, by deck."""

    settings: TournamentSettings
    decks: dict[int, list[GameResult]]

    @classmethod
    def read(cls, path: Path) -> Run:
        with TournamentStore(path) as store:
            run = store.latest_run()
            settings = store.settings(run)
            decks: dict[int, list[GameResult]] = {}
            for _, result in store.games(run):
                decks.setdefault(result.deck, []).append(result)
        return cls(settings, decks)

    def finished(self) -> set[int]:
        """The decks whose every rotation was played."""
        rotations = len(self.settings.lineups())
        return {deck for deck, games in self.decks.items() if len(games) == rotations}


@dataclass(frozen=True)
class Side:
    """One run's figures on the common decks."""

    decks_won: float
    low: float
    high: float
    margins: list[float]  # the bot's mean margin a deal, deck by deck (in deck order)


def side(run: Run, decks: Sequence[int], bot: str) -> Side:
    results = [result for deck in decks for result in run.decks[deck]]
    shares = deck_shares(results)
    won = sum(share[bot] for share in shares)
    low, high = wilson_interval(won, len(shares))
    per_deck = [deck_margins(run.decks[deck], bot)[0] for deck in decks]
    return Side(won / len(shares), low, high, per_deck)


def compare(before: Run, after: Run, bot: str) -> list[str]:
    """The comparison's lines, or one line saying why the runs cannot be compared."""
    mismatch = [
        name
        for name in ("bots", "rules", "players", "race", "seed", "match")
        if getattr(before.settings, name) != getattr(after.settings, name)
    ]
    if mismatch:
        return [f"the runs differ in {', '.join(mismatch)}: their decks are not the same"]
    if bot not in before.settings.labels:
        return [f"no bot {bot!r} in these runs: {', '.join(before.settings.labels)}"]
    decks = sorted(before.finished() & after.finished())
    if len(decks) < 2:
        return [f"{len(decks)} deck finished in both runs: at least 2 are needed"]
    then, now = side(before, decks, bot), side(after, decks, bot)
    lines = [f"{bot}, {len(decks)} decks finished in both runs ({before.settings.describe()})"]
    for name, figures in (("before", then), ("after", now)):
        margin, half = mean_interval(figures.margins)
        lines.append(
            f"  {name:>6}: decks won {figures.decks_won:.1%} ({figures.low:.1%}-{figures.high:.1%})"
            f", margin a deal {margin:+.0f} ±{half:.0f}"
        )
    differences = [b - a for a, b in zip(then.margins, now.margins, strict=True)]
    difference, half = mean_interval(differences)
    changed = sum(1 for value in differences if value)
    lines.append(
        f"  after - before, paired by deck: {difference:+.1f} ±{half:.1f} a deal "
        f"(sd {statistics.stdev(differences):.0f}; {changed} of {len(decks)} decks played out "
        "differently)"
    )
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.paired", description=__doc__)
    parser.add_argument("before", type=Path, help="the run on the old code (a --db file)")
    parser.add_argument("after", type=Path, help="the run on the new code")
    parser.add_argument("--bot", default="master", help="the bot compared (default master)")
    args = parser.parse_args(argv)
    for path in (args.before, args.after):
        if not path.is_file():
            parser.error(f"no such file: {path}")
    print("\n".join(compare(Run.read(args.before), Run.read(args.after), args.bot)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
