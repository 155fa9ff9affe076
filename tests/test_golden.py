"""Golden games: the exact actions of whole deals played by master (with a fixed rollout budget),
expert and greedy on fixed seeds, and master's best challenger to the expert at each decision.

They pin the bots' behaviour so that a refactor proves it changed nothing. A deliberate change of
play regenerates the file (``python tests/test_golden.py``) and says so in its commit.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from millebornes import Deal
from millebornes.bots import make_bot
from millebornes.bots.master import MasterBot

GOLDEN = Path(__file__).parent / "golden" / "choices.json"
ITERATIONS = 40
# (rules, players, race, deck seed, the bot of each seat)
GAMES = [
    ("dujardin", 2, None, 3, ("master", "expert")),
    ("dujardin", 2, None, 4, ("expert", "master")),
    ("winning-moves", 4, None, 5, ("master", "expert", "master", "expert")),
    ("parker", 3, 700, 11, ("master", "expert", "greedy")),
    ("dujardin", 2, None, 0, ("expert", "greedy")),
    # The baseline plays what expert played before its covered-remedy rule, move for move.
    ("dujardin", 2, None, 0, ("expert-2026", "greedy")),
    ("dujardin", 4, 700, 1, ("greedy", "expert", "random", "master")),
    # The baseline plays what expert played before its attacks counted both partners stopped.
    ("winning-moves", 4, None, 6, ("expert-2027", "greedy", "expert-2027", "greedy")),
]


def play(rules: str, players: int, race: int | None, seed: int, names: tuple[str, ...]) -> Any:
    """The game's actions in notation, and master's challenge at each of its decisions."""
    deal = Deal.new(rules, players, seed, race=race)
    bots = [
        make_bot(
            name, seed=seed * 10 + seat, **({"iterations": ITERATIONS} if name == "master" else {})
        )
        for seat, name in enumerate(names)
    ]
    actions: list[str] = []
    challenges: list[list[str]] = []
    while not deal.is_over:
        seat = deal.to_act
        assert seat is not None
        bot = bots[seat]
        action = bot.choose(deal.view(seat))
        actions.append(str(action))
        if isinstance(bot, MasterBot) and bot.challenge is not None:
            challenge = bot.challenge
            challenges.append(
                [str(challenge.default), str(challenge.action), f"{challenge.advantage:.9g}"]
            )
        deal.apply(action)
    return {"actions": actions, "challenges": challenges}


def _key(game: tuple[Any, ...]) -> str:
    rules, players, race, seed, names = game
    return f"{rules}-{players}p-{race}-seed{seed}-{','.join(names)}"


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES, ids=_key)
def test_the_bots_play_the_golden_games(game: tuple[Any, ...]) -> None:
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert play(*game) == golden[_key(game)]


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps({_key(game): play(*game) for game in GAMES}, indent=1) + "\n")
