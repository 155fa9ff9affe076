"""A chart of the bots' win rates with their 95% intervals (matplotlib, no display needed)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ..core.errors import MillebornesError
from ..core.phrase import Phrase
from .stats import BotSummary


def plot_win_rates(summaries: Sequence[BotSummary], path: str | Path, title: str) -> None:
    """Write the chart to ``path`` (PNG, or any format matplotlib knows from the suffix)."""
    # The Figure API draws with the Agg backend and never touches pyplot's global state.
    from matplotlib.figure import Figure

    figure = Figure(figsize=(7, 1.6 + 0.5 * len(summaries)), layout="constrained")
    axes = figure.subplots()
    rows = range(len(summaries))
    rates = [100 * s.win_rate for s in summaries]
    below = [100 * (s.win_rate - s.low) for s in summaries]
    above = [100 * (s.high - s.win_rate) for s in summaries]
    axes.barh(rows, rates, xerr=[below, above], capsize=4, color="tab:blue", alpha=0.8)
    axes.axvline(50, color="grey", linestyle="--", linewidth=1)
    for row, summary in zip(rows, summaries, strict=True):
        axes.text(100 * summary.high + 1, row, f"{100 * summary.win_rate:.1f}%", va="center")
    axes.set_yticks(list(rows), [s.bot for s in summaries])
    axes.invert_yaxis()
    axes.set_xlim(0, 100)
    axes.set_xlabel("games won (%, ties count half), with 95% Wilson intervals")
    axes.set_title(title, fontsize=10)
    try:
        figure.savefig(path)
    except OSError as error:
        problem = {"path": str(path), "error": str(error.strerror or error)}
        raise MillebornesError(Phrase("cli.cannot_write", problem)) from None
