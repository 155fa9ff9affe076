"""A review in words: what the seat did, master's choice and the points lost, the lessons of the
costliest decisions and the summary, as phrases (``millebornes.words`` words them in the
player's language, the sides by the table's names). The review itself (:mod:`.decisions`) is
data: actions in notation, losses in points, labels; it is stored as such and told when shown,
so one review reads in any language."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.actions import Action, Verb
from ..core.deal import Deal
from ..core.phrase import Phrase
from ..words.phrases import option
from .decisions import FORCED, points

Judged = Mapping[str, Any]  # a decision as the review stores it (Judgement.to_dict())


def done(action: Action, deal: Deal) -> Phrase:
    """``action`` as the seat did it: "discarded Spare Tire", "attacked North with Stop"."""
    card = action.card
    if card is None:  # coup-fourre, decline, extend, finish
        return Phrase(f"review.done.{action.verb}")
    if action.target is not None:
        return Phrase("review.done.attack", {"card": card, "side": deal.side(action.target)})
    drove = action.verb == Verb.PLAY and card.is_distance
    return Phrase("review.done.drive" if drove else f"review.done.{action.verb}", {"card": card})


def choice(action: Action, deal: Deal) -> Phrase:
    """``action`` as an option master weighed: "playing Driving Ace"."""
    return option(action, None if action.target is None else deal.side(action.target))


def label(name: str) -> Phrase:
    """A decision's label ("mistake") as the review names it."""
    return Phrase(f"review.labels.{name}")


def verdict(judged: Judged, deal: Deal) -> Phrase:
    """Master's verdict on a decision: its label, what was played, master's choice, the loss."""
    if judged["label"] == FORCED:
        return Phrase("review.forced")
    if judged["label"] == "best":  # master's choice, or within half a point of it
        return Phrase("review.best")
    return Phrase(
        "review.verdict",
        {
            "label": label(judged["label"]),
            "played": done(Action.parse(judged["played"]), deal),
            "best": choice(Action.parse(judged["best"]), deal),
            "loss": points(judged["loss"]),
        },
    )


def lesson(judged: Judged, deal: Deal) -> Phrase:
    """A costly decision in plain words: what was done, what master would have done instead and
    what that was worth, the figure its verdict gives."""
    return Phrase(
        "review.lesson",
        {
            "number": judged["index"] + 1,
            "played": done(Action.parse(judged["played"]), deal),
            "best": choice(Action.parse(judged["best"]), deal),
            "loss": points(judged["loss"]),
        },
    )


def summary(summary: Mapping[str, Any]) -> Phrase:
    """The accuracy, the points lost, the mistakes and blunders of a review's summary."""
    if summary["accuracy"] is None:
        return Phrase("review.nothing_judged")
    labels = summary["labels"]
    counts = {"mistakes": labels["mistake"], "blunders": labels["blunder"]}
    accuracy = {"accuracy": float(summary["accuracy"]), "points": summary["points_lost"]}
    return Phrase("review.summary", {**accuracy, **counts})


def skill_and_luck(summary: Mapping[str, Any]) -> list[Phrase]:
    """What the seat's choices cost and what its draws brought or cost, then the deal's margin
    in its parts (docs/review.md); nothing for a review without a decision."""
    parts = summary.get("luck")
    if parts is None:
        return []
    draws = parts["draws"]
    luck = Phrase(
        "review.draws.gained" if draws >= 0 else "review.draws.lost", {"points": abs(draws)}
    )
    headline = Phrase("review.skill_and_luck", {"choices": -parts["choices"], "draws": luck})
    figures = {key: parts[key] for key in ("start", "choices", "draws")}
    if parts["margin"] is None:
        return [headline, Phrase("review.parts_so_far", figures)]
    ended = {"others": parts["others"], "margin": parts["margin"]}
    return [headline, Phrase("review.parts", {**figures, **ended})]
