"""The engine's subcommands: ``legal``, ``apply``, ``score`` (positions), ``replay`` (records)
and ``simulate`` (bot games)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..core.cards import CARDS, SAFETY_FOR
from ..core.deal import Deal
from ..core.match import Match
from ..core.position import from_position, position_data
from ..core.records import deal_record, load_record
from ..core.rules import PRESETS
from ..words.narrate import describe
from .usage import UsageError, read_text


def register(commands: Any) -> None:
    legal = commands.add_parser("legal", help="list the legal actions of a position, one a line")
    legal.add_argument("position", metavar="POSITION.json")
    legal.set_defaults(run=cmd_legal)

    apply = commands.add_parser("apply", help="apply actions to a position, print the new one")
    apply.add_argument("position", metavar="POSITION.json")
    apply.add_argument("actions", metavar="ACTION", nargs="+", help="e.g. 'play 75'")
    apply.set_defaults(run=cmd_apply)

    score = commands.add_parser("score", help="the itemised score of a finished deal (JSON)")
    score.add_argument("position", metavar="POSITION.json")
    score.set_defaults(run=cmd_score)

    replay = commands.add_parser("replay", help="print a recorded deal or match as readable lines")
    replay.add_argument("record", metavar="RECORD.json")
    replay.set_defaults(run=cmd_replay)

    simulate = commands.add_parser("simulate", help="play bot games and print a summary")
    simulate.add_argument("--rules", default="dujardin", choices=list(PRESETS))
    simulate.add_argument("--players", type=int, default=2)
    simulate.add_argument("--race", type=int, default=None)
    simulate.add_argument("--deals", type=int, default=10)
    simulate.add_argument("--seed", type=int, default=0)
    simulate.add_argument(
        "--bots", default="random", help="one bot for every seat, or one per seat: greedy,random"
    )
    simulate.add_argument("--quiet", action="store_true", help="print only the summary")
    simulate.set_defaults(run=cmd_simulate)


def _load_position(path: str) -> Deal:
    return from_position(read_text(path))


def cmd_legal(args: argparse.Namespace) -> int:
    deal = _load_position(args.position)
    for action in deal.legal_actions():
        print(action)
    return 0


def cmd_apply(args: argparse.Namespace) -> int:
    deal = _load_position(args.position)
    for action in args.actions:
        deal.apply(action)
    print(json.dumps(position_data(deal), indent=2))
    return 0


def cmd_score(args: argparse.Namespace) -> int:
    deal = _load_position(args.position)
    if not deal.is_over:
        raise UsageError("the deal is not over yet: it is scored once it ends")
    print(json.dumps(deal.score(), indent=2))
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    text = read_text(args.record)
    if _is_position(text):
        raise UsageError("this is a position, not a record (see millebornes legal)")
    game = load_record(text)
    deals = game.finished if isinstance(game, Match) else [game]
    if isinstance(game, Match) and not game.deal.is_over:
        deals = [*deals, game.deal]
    bots = _recorded_bots(text, game.players)
    for number, deal in enumerate(deals, 1):
        _print_deal(deal, number, bots)
    if isinstance(game, Match):
        sides = side_names(game.deal, bots)
        totals = ", ".join(f"{sides[side]}: {points}" for side, points in enumerate(game.scores))
        if not game.is_over:
            winner = "undecided"
        else:
            winner = "a tie" if game.winner is None else f"{sides[game.winner]} wins"
        print(f"match: {totals} ({winner})")
    return 0


def _is_position(text: str) -> bool:
    """A position (``Deal.to_position``) lists hands; a record lists actions from a deal."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        return False  # the record reader says what is wrong with it
    return isinstance(data, dict) and "hands" in data and "kind" not in data


def _recorded_bots(text: str, players: int) -> list[str] | None:
    """The bot at each seat, when the record names them (a tournament's records do)."""
    seats = json.loads(text).get("seats")
    named = isinstance(seats, list) and len(seats) == players
    return seats if named and all(isinstance(name, str) for name in seats) else None


def seat_names(players: int, bots: list[str] | None) -> list[str]:
    """ "seat N (bot)", or "seat N" when nobody is named."""
    if bots is None:
        return [f"seat {seat}" for seat in range(players)]
    return [f"seat {seat} ({name})" for seat, name in enumerate(bots)]


def side_names(deal: Deal, bots: list[str] | None) -> list[str]:
    """ "side N (its seats' bots)", or "side N" when nobody is named."""
    if bots is None:
        return [f"side {side}" for side in range(deal.sides_count)]
    return [
        f"side {side} ({' & '.join(bots[seat] for seat in deal.seats_of(side))})"
        for side in range(deal.sides_count)
    ]


def _print_deal(deal: Deal, number: int, bots: list[str] | None) -> None:
    """Replay ``deal`` from its start, printing one line per action."""
    record = deal_record(deal)
    replay = from_position(record["position"]) if "position" in record else None
    if replay is None:
        replay = Deal.new(
            deal.rules.name,
            deal.players,
            deal.seed,
            race=record["race"],
            dealer=deal.dealer,
            scores=deal.scores,
        )
    names = seat_names(deal.players, bots)
    print(
        f"deal {number}: {deal.rules.name}, {deal.players} players, race {record['race']}, "
        f"seed {deal.seed}, dealer seat {deal.dealer}"
    )
    for action in deal.history[len(replay.history) :]:  # those since the start
        seat = replay.to_act
        assert seat is not None
        attack = replay.attack
        replay.apply(action)
        safety = None if attack is None else SAFETY_FOR[CARDS[attack[1]]]
        km = ", ".join(str(k) for k in replay.km)
        print(f"  {describe(action, seat, names, safety=safety)}  [km: {km}]")
    if deal.is_over:
        sides = side_names(deal, bots)
        for side, sheet in enumerate(deal.score()):
            items = ", ".join(f"{k} {v}" for k, v in sheet.items() if v and k != "total")
            print(f"  {sides[side]}: {sheet['total']} points ({items or 'nothing'})")
    else:
        print("  (deal in progress)")


def cmd_simulate(args: argparse.Namespace) -> int:
    from ..bots import make_bot, play_out
    from ..table import bot_seed

    if args.deals < 1:
        raise UsageError(f"--deals must be at least 1, not {args.deals}")
    names = _seat_bots(args)
    totals: list[int] = []
    wins: list[int] = []
    for index in range(args.deals):
        seed = args.seed + index
        deal = Deal.new(args.rules, args.players, seed, race=args.race)
        bots = [make_bot(name, seed=bot_seed(seed, seat)) for seat, name in enumerate(names)]
        play_out(deal, bots)
        sheets = deal.score()
        if not totals:
            totals = [0] * len(sheets)
            wins = [0] * len(sheets)
        for side, sheet in enumerate(sheets):
            totals[side] += sheet["total"]
        best = max(sheet["total"] for sheet in sheets)
        leaders = [side for side, sheet in enumerate(sheets) if sheet["total"] == best]
        if len(leaders) == 1:
            wins[leaders[0]] += 1
        if not args.quiet:
            points = " ".join(f"{sheet['total']:5d}" for sheet in sheets)
            print(f"deal {index + 1:4d} (seed {seed}): km {deal.km} points {points}")
    print(f"{args.deals} deals of {args.rules} with {args.players} players ({args.bots}):")
    sides = side_names(deal, names)
    for side, total in enumerate(totals):
        print(f"  {sides[side]}: {wins[side]} deals won, {total / args.deals:.0f} points a deal")
    return 0


def _seat_bots(args: argparse.Namespace) -> list[str]:
    names = [name.strip() for name in args.bots.split(",")]
    if len(names) == 1:
        names *= args.players
    if len(names) != args.players:
        raise UsageError(
            f"--bots names one bot, or one per seat ({args.players}), not {len(names)}"
        )
    return names
