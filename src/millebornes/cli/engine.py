"""The engine's subcommands: ``legal``, ``apply``, ``score`` (positions), ``replay`` (records)
and ``simulate`` (bot games). Their words are in the language of the environment (``LANG``);
actions are in notation and positions, records and scores in JSON, in every language.

Seats and sides are named as the terminal game names them by default (South and North at two
players: side 0 of the notation is South's, side 1 North's), and by the bots sitting there when
a record or ``--bots`` names them: ``South (expert)``."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..core.cards import CARDS, SAFETY_FOR
from ..core.deal import Deal
from ..core.match import Match
from ..core.phrase import Phrase
from ..core.position import from_position, position_data
from ..core.records import deal_record, load_record
from ..core.rules import PRESETS
from ..tournament.schedule import MAX_DECKS
from ..words import say, seat_names
from ..words.names import teams
from ..words.narrate import describe
from .review import chosen_deal
from .usage import UsageError, helped, named, read_text


def register(commands: Any, language: str) -> None:
    def help_(key: str) -> str:
        return helped(language, key)

    legal = commands.add_parser("legal", help=help_("legal"))
    legal.add_argument("position", metavar=named(language, "position"))
    legal.set_defaults(run=cmd_legal)

    apply = commands.add_parser("apply", help=help_("apply"))
    apply.add_argument("position", metavar=named(language, "position"))
    apply.add_argument(
        "actions", metavar=named(language, "action"), nargs="+", help=help_("apply_actions")
    )
    apply.set_defaults(run=cmd_apply)

    score = commands.add_parser("score", help=help_("score"))
    score.add_argument("position", metavar=named(language, "position"))
    score.set_defaults(run=cmd_score)

    replay = commands.add_parser("replay", help=help_("replay"))
    replay.add_argument("record", metavar=named(language, "record"))
    replay.add_argument("--table", action="store_true", help=help_("replay_table"))
    replay.add_argument("--seat", type=int, default=None, help=help_("replay_seat"))
    replay.add_argument("--deal", type=int, default=None, metavar="K", help=help_("review.deal"))
    replay.set_defaults(run=cmd_replay)

    simulate = commands.add_parser("simulate", help=help_("simulate"))
    simulate.add_argument("--rules", default="dujardin", choices=list(PRESETS))
    simulate.add_argument("--players", type=int, default=2)
    simulate.add_argument("--race", type=int, default=None)
    simulate.add_argument("--deals", type=int, default=10)
    simulate.add_argument("--seed", type=int, default=0)
    simulate.add_argument("--bots", default="random", help=help_("simulate_bots"))
    simulate.add_argument("--quiet", action="store_true", help=help_("simulate_quiet"))
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
    print(json.dumps(_load_position(args.position).score(), indent=2))
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    text = read_text(args.record)
    if _is_position(text):
        raise UsageError(Phrase("cli.a_position"))
    game = load_record(text)
    if args.table:
        return replay_table(game, _recorded_bots(text, game.players), args)
    deals = game.finished if isinstance(game, Match) else [game]
    if isinstance(game, Match) and not game.deal.is_over:
        deals = [*deals, game.deal]
    bots = _recorded_bots(text, game.players)
    language = args.language
    for number, deal in enumerate(deals, 1):
        _print_deal(deal, number, bots, language)
    if isinstance(game, Match):
        sides = side_names(game.deal, bots, language)
        totals = ", ".join(
            say(language, "cli.replay.total", side=sides[side], points=points)
            for side, points in enumerate(game.scores)
        )
        if not game.is_over:
            outcome = say(language, "cli.replay.undecided")
        elif game.winner is None:
            outcome = say(language, "cli.replay.tie")
        else:
            outcome = say(language, "cli.replay.wins", side=sides[game.winner])
        print(say(language, "cli.replay.match", totals=totals, outcome=outcome))
    return 0


def replay_table(game: Deal | Match, bots: list[str] | None, args: argparse.Namespace) -> int:
    """``--table``: one deal of the record step by step on the terminal's table, from a seat's
    view (``--seat``) or, once it is over, with every hand open."""
    deal = chosen_deal(game, args.deal)
    if args.seat is not None and not 0 <= args.seat < deal.players:
        raise UsageError(Phrase("cli.review.seat", {"last": deal.players - 1, "seat": args.seat}))
    if args.seat is None and not deal.is_over:
        raise UsageError(Phrase("request.open_not_over"))
    try:
        from ..tui.replay import ReplayApp, ReplayScreen
    except ModuleNotFoundError:
        raise UsageError(Phrase("cli.replay.needs_textual")) from None
    names = seat_labels(deal.players, bots, args.language)
    number = 1 if isinstance(game, Deal) else [*game.finished, game.deal].index(deal) + 1
    ReplayApp(ReplayScreen.create(deal, args.seat, names, number, args.language)).run()
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


def seat_labels(players: int, bots: list[str] | None, language: str) -> list[str]:
    """The seats' default names ("South"), with the bot at each when known: "South (expert)"."""
    names = seat_names(language, players)
    if bots is None:
        return list(names)
    return [
        say(language, "cli.with_bot", name=name, bot=bot)
        for name, bot in zip(names, bots, strict=True)
    ]


def side_names(deal: Deal, bots: list[str] | None, language: str) -> list[str]:
    """The sides' default names ("West & East"), with their seats' bots when known:
    "West & East (greedy & expert)"."""
    sides = teams(seat_names(language, deal.players), deal.sides_count)
    if bots is None:
        return sides
    played = teams(bots, deal.sides_count)
    return [
        say(language, "cli.with_bot", name=name, bot=bot)
        for name, bot in zip(sides, played, strict=True)
    ]


def _print_deal(deal: Deal, number: int, bots: list[str] | None, language: str) -> None:
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
    names = seat_labels(deal.players, bots, language)
    sides = side_names(deal, bots, language)
    header = {
        "number": number,
        "rules": deal.rules.name,
        "players": deal.players,
        "race": record["race"],
        "seed": str(deal.seed),
        "dealer": names[deal.dealer],
    }
    print(say(language, "cli.replay.deal", **header))
    start = len(replay.history)
    for move in deal.moves()[start:]:  # those since the start
        attack = replay.attack
        replay.apply(move.action)
        safety = None if attack is None else SAFETY_FOR[CARDS[attack[1]]]
        line = describe(
            move.action, move.seat, names, sides=sides, safety=safety, language=language
        )
        km = ", ".join(str(k) for k in replay.km)
        print("  " + say(language, "cli.replay.action", line=line, km=km))
    if not deal.is_over:
        print("  " + say(language, "cli.replay.in_progress"))
        return
    for side, sheet in enumerate(deal.score()):
        items = ", ".join(
            say(language, "cli.replay.item", item=say(language, f"web.items.{item}"), points=v)
            for item, v in sheet.items()
            if v and item != "total"
        )
        items = items or say(language, "cli.replay.nothing")
        points = sheet["total"]
        print("  " + say(language, "cli.replay.side", side=sides[side], points=points, items=items))


def cmd_simulate(args: argparse.Namespace) -> int:
    from ..bots import make_bot, play_out
    from ..table import bot_seed

    if not 1 <= args.deals <= MAX_DECKS:
        raise UsageError(Phrase("cli.deals_at_least", {"deals": args.deals, "most": MAX_DECKS}))
    PRESETS[args.rules].seating(args.players)  # a SettingsError names the counts it is played by
    language = args.language
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
            line = {
                "number": f"{index + 1:4d}",
                "seed": str(seed),
                "km": str(deal.km),
                "points": " ".join(f"{sheet['total']:5d}" for sheet in sheets),
            }
            print(say(language, "cli.simulate.deal", **line))
    summary = {"deals": args.deals, "rules": args.rules, "players": args.players, "bots": args.bots}
    print(say(language, "cli.simulate.summary", **summary))
    sides = side_names(deal, names, language)
    for side, total in enumerate(totals):
        won = {"side": sides[side], "won": wins[side], "points": round(total / args.deals)}
        print("  " + say(language, "cli.simulate.side", **won))
    return 0


def _seat_bots(args: argparse.Namespace) -> list[str]:
    names = [name.strip() for name in args.bots.split(",")]
    if len(names) == 1:
        names *= args.players
    if len(names) != args.players:
        given = {"players": args.players, "given": len(names)}
        raise UsageError(Phrase("cli.bots_count", given))
    return names
