"""``millebornes review RECORD``: master judges one seat's decisions in a recorded deal."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..core.deal import Deal
from ..core.match import Match
from ..core.records import load_record
from ..review.decisions import FORCED, Budget, Review, deal_start, review
from .usage import UsageError, read_text


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "review", help="master judges a seat's decisions in a recorded deal"
    )
    parser.add_argument("record", metavar="RECORD.json", help="a deal or match record")
    parser.add_argument("--seat", type=int, default=0, help="the seat reviewed (default 0)")
    parser.add_argument(
        "--deal", type=int, default=None, metavar="K", help="of a match: its deal K (from 1)"
    )
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument(
        "--iterations",
        type=int,
        default=None,
        metavar="I",
        help="rollouts per decision (reproducible; default 1000)",
    )
    budget.add_argument(
        "--seconds", type=float, default=None, metavar="S", help="seconds per decision instead"
    )
    parser.add_argument("--jobs", type=int, default=1, metavar="J", help="processes (default 1)")
    parser.add_argument("--seed", type=int, default=0, help="the review's random seed")
    parser.add_argument("--json", action="store_true", help="print the review as JSON")
    parser.set_defaults(run=run)


def chosen_deal(game: Deal | Match, number: int | None) -> Deal:
    """The deal of ``game`` reviewed: ``number`` (from 1) of a match, by default its last."""
    if isinstance(game, Deal):
        if number not in (None, 1):
            raise UsageError(f"the record holds one deal: --deal may only be 1, not {number}")
        return game
    deals = [*game.finished, *([] if game.is_over else [game.deal])]
    if number is None:
        return deals[-1]
    if not 1 <= number <= len(deals):
        raise UsageError(f"--deal must be from 1 to {len(deals)}, not {number}")
    return deals[number - 1]


def budget_of(args: argparse.Namespace) -> Budget:
    if args.iterations is not None:
        if args.iterations < 1:
            raise UsageError(f"--iterations must be at least 1, not {args.iterations}")
        return Budget(iterations=args.iterations)
    if args.seconds is not None:
        if not args.seconds > 0:
            raise UsageError(f"--seconds must be above 0, not {args.seconds}")
        return Budget(iterations=None, seconds=args.seconds)
    return Budget()


def run(args: argparse.Namespace) -> int:
    deal = chosen_deal(load_record(read_text(args.record)), args.deal)
    if not 0 <= args.seat < deal.players:
        raise UsageError(f"--seat must be from 0 to {deal.players - 1}, not {args.seat}")
    if args.jobs < 1:
        raise UsageError(f"--jobs must be at least 1, not {args.jobs}")
    budget = budget_of(args)
    try:
        from .progress import progress_bar
    except ModuleNotFoundError:
        raise UsageError("the review needs rich: pip install 'millebornes[bots]'") from None
    start, actions = deal_start(deal)
    with progress_bar("decisions") as bar:
        task = bar.add_task("", total=None)

        def progress(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        result = review(
            start,
            actions,
            args.seat,
            budget=budget,
            seed=args.seed,
            jobs=args.jobs,
            progress=progress,
        )
    if args.json:
        print(json.dumps(result.to_dict(), indent=2))
    else:
        print_review(result)
    return 0


def print_review(result: Review) -> None:
    for judgement in result.decisions:
        line = f"{judgement.index:4d}  {judgement.decision:<11} {judgement.played:<22}"
        if judgement.label == FORCED:
            print(f"{line} forced")
            continue
        if judgement.best == judgement.played:
            print(f"{line} {judgement.label}")
        else:
            print(f"{line} {judgement.label:<10} -{judgement.loss:<5.0f} best: {judgement.best}")
    summary = result.summary()
    print(
        f"seat {result.seat}: {summary['judged']} decisions judged ({summary['forced']} forced),"
        f" accuracy {summary['accuracy']}%, {summary['points_lost']} points lost in all"
    )
    labels = summary["labels"]
    assert isinstance(labels, dict)
    print("  " + ", ".join(f"{count} {name}" for name, count in labels.items()))
    for lesson in summary["costliest"]:  # type: ignore[attr-defined]
        print(f"  {lesson}")
