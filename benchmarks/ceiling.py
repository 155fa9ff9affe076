"""How strong master would be if it knew the hidden hands: the most that better inference could
give its search (issue 18).

    python -m benchmarks.ceiling --seed 2028          # 2-player dujardin, 4-player winning-moves
    python -m benchmarks.ceiling --decks 20 --tables dujardin-2

Master plays expert on duplicate decks as in ``benchmarks.strength``, with one difference: every
deal it samples holds the other seats' true hands (a partner's too), only the stock's order left
unknown (shuffled afresh in each sampled deal). No bot in play may see this; here it bounds what
a better particle filter could bring. Master searches a fixed number of rollouts
(``--iterations``, 500 by default: what 0.2 s bought on the project's machine), so the figures do
not depend on the machine or its load, and compare with ``benchmarks.strength``'s at 0.2 s on the
same seed (the same decks). ``--known`` shows it some seats' hands only, ``--cards`` one family of
cards in them only (how many safeties each holds, say); what is not shown is sampled as in play.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from functools import partial

from benchmarks.strength import MASTER_TARGETS, TABLES, TARGET_TABLES, Check, run_check, table_list
from millebornes import Deal
from millebornes.bots import Bot
from millebornes.bots.knowledge import Knowledge
from millebornes.bots.master import MasterBot
from millebornes.bots.master.beliefs import Beliefs, _mended
from millebornes.core.cards import CARDS, Card
from millebornes.core.match import Match
from millebornes.core.view import View
from millebornes.tournament import play_game

WHOSE = {
    "all": "the hidden hands",
    "partner": "its partner's hand",
    "opponents": "its opponents' hands",
}
KNOWN = tuple(WHOSE)  # whose hands master may be shown
# The families of cards master may be shown (``--cards``).
FAMILIES = {
    "distance": range(Card.D25, Card.D200 + 1),
    "hazards": range(Card.STOP, Card.ACCIDENT + 1),
    "remedies": range(Card.ROLL, Card.REPAIRS + 1),
    "safeties": range(Card.RIGHT_OF_WAY, Card.DRIVING_ACE + 1),
}
SHOWN_CARDS = ("all", *FAMILIES)  # which cards of those hands


class TrueHands(Beliefs):
    """Beliefs that hold the truth for some seats: the hands of ``game``'s deal in play, or
    only their ``cards`` of one family. The rest is sampled as in play, from the hands followed
    through the moves."""

    def __init__(self, game: Deal | Match, known: str = "all", cards: str = "all") -> None:
        super().__init__()
        self.game = game
        self.known = known
        self.cards = cards

    def observe(self, view: View, rng: random.Random) -> None:
        if (self.known, self.cards) != ("all", "all"):
            super().observe(view, rng)

    def shown(self, view: View, seat: int) -> bool:
        if seat == view.seat:
            return False
        partner = seat % len(view.sides) == view.seat % len(view.sides)
        return self.known == "all" or partner == (self.known == "partner")

    def sample(self, view: View, rng: random.Random) -> Deal:
        truth = self.game.deal if isinstance(self.game, Match) else self.game
        deal = Deal.from_view(view, rng)
        others = [seat for seat in range(view.players) if seat != view.seat]
        shown = [seat for seat in others if self.shown(view, seat)]
        kinds = set(range(len(CARDS)) if self.cards == "all" else FAMILIES[self.cards])
        # The cards of each hidden hand that master is shown: all of them, or one family's.
        fixed = {
            seat: [n if seat in shown and kind in kinds else 0 for kind, n in enumerate(hand)]
            for seat, hand in enumerate(truth.hands)
        }
        hands = {seat: truth.hands[seat] for seat in shown if self.cards == "all"}
        left = Knowledge(view).unseen
        for hand in fixed.values():
            left = [unseen - held for unseen, held in zip(left, hand, strict=True)]
        guessed = [seat for seat in others if seat not in hands]
        rng.shuffle(guessed)
        for seat in guessed:
            followed = self.their_hands.get(seat) or [[0] * len(left)]
            barred = self.barred.get(seat, set()) | (kinds if seat in shown else set())
            size = view.hand_sizes[seat] - sum(fixed[seat])
            hand = _mended(rng.choice(followed), left, size, barred, rng)
            left = [unseen - held for unseen, held in zip(left, hand, strict=True)]
            hands[seat] = [mended + known for mended, known in zip(hand, fixed[seat], strict=True)]
        stock = [card for card, copies in enumerate(left) for _ in range(copies)]
        rng.shuffle(stock)
        deal.redeal(hands, stock)
        return deal


def show_hidden_hands(
    bots: list[Bot], game: Deal | Match, known: str = "all", cards: str = "all"
) -> None:
    for bot in bots:
        if isinstance(bot, MasterBot):
            bot.beliefs = TrueHands(game, known, cards)


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.ceiling",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--decks", type=int, default=400, help="decks a table")
    parser.add_argument("--iterations", type=int, default=500, help="master's rollouts")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument(
        "--known",
        choices=KNOWN,
        default="all",
        help="whose hands master is shown: every other seat's (default), its partner's alone,"
        " or its opponents' alone; the others are sampled as in play",
    )
    parser.add_argument(
        "--cards",
        choices=SHOWN_CARDS,
        default="all",
        help="which cards of those hands master is shown: all (default), or one family's, the"
        " rest sampled as in play",
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--tables",
        type=table_list,
        default=list(TARGET_TABLES),
        help=f"comma-separated tables, of: {', '.join(TABLES)} (default: the target tables)",
    )
    args = parser.parse_args(argv)
    for option in ("decks", "iterations", "jobs"):
        if getattr(args, option) < 1:
            parser.error(f"--{option} must be at least 1, not {getattr(args, option)}")
    return args


def what_is_shown(args: argparse.Namespace) -> str:
    """What master is shown, in words: "the hidden hands", "the safeties in its partner's hand"."""
    whose = WHOSE[args.known]
    if args.cards == "all":
        return whose
    return f"the {args.cards} in {whose}"


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    print(
        f"seed {args.seed}, {args.jobs} worker processes, {args.decks} decks a table,"
        f" master knowing {what_is_shown(args)}\n"
    )
    prepare = partial(show_hidden_hands, known=args.known, cards=args.cards)
    play = partial(play_game, prepare=prepare)
    for table in args.tables:
        rules, players = TABLES[table]
        print(f"=== {rules}, {players} players ===\n", flush=True)
        check = Check(
            f"master knowing {what_is_shown(args)} ({args.iterations} iterations) vs expert",
            ("master", "expert"),
            args.decks,
            {"master": {"iterations": args.iterations}},
            MASTER_TARGETS if table in TARGET_TABLES else (),
            min_decks=400,
        )
        run_check(check, table, args, None, play)
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
