"""``millebornes review RECORD``: master judges one seat's decisions in a recorded deal."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..core.actions import Action
from ..core.deal import Deal
from ..core.match import Match
from ..core.phrase import Phrase
from ..core.records import load_record
from ..review import told
from ..review.decisions import FORCED, LABELS, Budget, Review, costliest, deal_start, review
from ..tournament.runner import MAX_JOBS
from ..words import say, side_names, word
from ..words.names import seat_names
from .usage import UsageError, helped, named, read_text


def register(subparsers: Any, language: str) -> None:
    def help_(key: str) -> str:
        return helped(language, f"review.{key}")

    parser = subparsers.add_parser("review", help=help_("review"))
    parser.add_argument("record", metavar=named(language, "record"), help=help_("record"))
    parser.add_argument("--seat", type=int, default=0, help=help_("seat"))
    parser.add_argument("--deal", type=int, default=None, metavar="K", help=help_("deal"))
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument(
        "--iterations", type=int, default=None, metavar="I", help=help_("iterations")
    )
    budget.add_argument("--seconds", type=float, default=None, metavar="S", help=help_("seconds"))
    parser.add_argument("--jobs", type=int, default=1, metavar="J", help=help_("jobs"))
    parser.add_argument("--seed", type=int, default=0, help=help_("seed"))
    parser.add_argument("--json", action="store_true", help=help_("json"))
    parser.set_defaults(run=run)


def chosen_deal(game: Deal | Match, number: int | None) -> Deal:
    """The deal of ``game`` reviewed: ``number`` (from 1) of a match, by default its last."""
    if isinstance(game, Deal):
        if number not in (None, 1):
            raise UsageError(Phrase("cli.review.one_deal", {"deal": number}))
        return game
    deals = [*game.finished, *([] if game.is_over else [game.deal])]
    if number is None:
        return deals[-1]
    if not 1 <= number <= len(deals):
        raise UsageError(Phrase("cli.review.deal", {"last": len(deals), "deal": number}))
    return deals[number - 1]


def budget_of(args: argparse.Namespace) -> Budget:
    if args.iterations is not None:
        if args.iterations < 1:
            raise UsageError(Phrase("cli.review.iterations", {"iterations": args.iterations}))
        return Budget(iterations=args.iterations)
    if args.seconds is not None:
        if not args.seconds > 0:
            raise UsageError(Phrase("cli.review.seconds", {"seconds": args.seconds}))
        return Budget(iterations=None, seconds=args.seconds)
    return Budget()


def run(args: argparse.Namespace) -> int:
    deal = chosen_deal(load_record(read_text(args.record)), args.deal)
    if not 0 <= args.seat < deal.players:
        raise UsageError(Phrase("cli.review.seat", {"last": deal.players - 1, "seat": args.seat}))
    if not 1 <= args.jobs <= MAX_JOBS:
        raise UsageError(Phrase("cli.review.jobs", {"jobs": args.jobs, "most": MAX_JOBS}))
    budget = budget_of(args)
    try:
        from .progress import progress_bar
    except ModuleNotFoundError:
        raise UsageError(Phrase("cli.review.needs_rich")) from None
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
        print_review(result, deal, args.language)
    return 0


def print_review(result: Review, deal: Deal, language: str) -> None:
    """A line for each decision (by the number of its action in the deal, from 1), the seat's
    accuracy and points lost, how many decisions had each label, the costliest lessons, and what
    its choices and its draws made of the deal's margin."""
    sides = side_names(language, deal.players, deal.sides_count)
    decisions = result.to_dict()["decisions"]
    for judged in decisions:
        played = told.done(Action.parse(judged["played"]), deal)
        if judged["label"] == FORCED:
            line = Phrase("review.cli.forced", {"played": played})
        elif judged["label"] == "best":
            line = Phrase("review.cli.labelled", {"played": played, "label": told.label("best")})
        else:
            line = told.verdict(judged, deal)
        print(f"{judged['index'] + 1:4d}  {word(line, language, sides)}")
    summary = result.summary()
    seat = seat_names(language, deal.players)[result.seat]
    if summary["accuracy"] is None:
        print(f"{seat}: {word(told.summary(summary), language)}")
    else:
        judged = {
            "judged": summary["judged"],
            "forced": summary["forced"],
            "accuracy": float(summary["accuracy"]),
            "points": summary["points_lost"],
        }
        print(say(language, "review.cli.seat", seat=seat, **judged))
    counts = summary["labels"]
    print(
        "  "
        + ", ".join(say(language, f"review.count.{name}", count=counts[name]) for name in LABELS)
    )
    for costly in costliest(decisions):
        print(f"  {word(told.lesson(costly, deal), language, sides)}")
    for line in told.skill_and_luck(summary):
        print(word(line, language))
