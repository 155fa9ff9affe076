"""The PettingZoo environment and the research API's spaces: conformance, masks against the
engine, observations that hold nothing hidden, rewards."""

import random
import subprocess
import sys
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from millebornes import Card, Deal
from millebornes.core.actions import Action, Decision
from millebornes.core.rules import PRESETS
from millebornes.env import ACTION_COUNT, ACTION_NAMES, OBSERVATION_SIZE, millebornes_v0
from millebornes.env.encoding import (
    OBSERVATION_PARTS,
    action_mask,
    action_of,
    index_of,
    observation,
    seat_rewards,
)
from scenarios import reshuffled

TABLES = [
    (rules.name, players, race)
    for rules in PRESETS.values()
    for players, seating in rules.seatings.items()
    for race in seating.races
]
CONFORMANCE_TABLES = [("dujardin", 2), ("dujardin", 6), ("winning-moves", 4), ("parker", 3)]


def quiet(check: Callable[..., object], *args: Any, **kwargs: Any) -> None:
    """PettingZoo's checks warn that a dict observation is not a plain array: that is the
    documented shape of an observation with an action mask."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        check(*args, **kwargs)


# ------------------------------------------------------------------ conformance


@pytest.mark.parametrize(("rules", "players"), CONFORMANCE_TABLES)
def test_pettingzoo_api_test(rules: str, players: int) -> None:
    quiet(api_test, millebornes_v0.env(rules=rules, players=players), num_cycles=1000)


@pytest.mark.parametrize(("rules", "players"), CONFORMANCE_TABLES)
def test_pettingzoo_seed_test(rules: str, players: int) -> None:
    quiet(seed_test, lambda: millebornes_v0.env(rules=rules, players=players), num_cycles=500)


# ------------------------------------------------------------------ the action table


def test_the_action_table_has_52_documented_actions() -> None:
    assert ACTION_COUNT == len(ACTION_NAMES) == 52
    assert ACTION_NAMES[0] == "play 25"
    assert ACTION_NAMES[14] == "discard 25"
    assert ACTION_NAMES[33] == "attack stop +1"
    assert ACTION_NAMES[47] == "attack accident +3"
    assert ACTION_NAMES[48:] == ("coup-fourre", "decline", "extend", "finish")


@pytest.mark.parametrize(("rules", "players"), [("dujardin", 2), ("dujardin", 3), ("dujardin", 8)])
def test_indices_and_engine_actions_map_both_ways_at_every_seat(rules: str, players: int) -> None:
    deal = Deal.new(rules, players, 1)
    sides = deal.sides_count
    for seat in range(players):
        view = deal.view(seat)
        for index in range(ACTION_COUNT):
            name = ACTION_NAMES[index]
            offset = int(name.rsplit("+", 1)[1]) if "+" in name else 0
            if offset >= sides:
                with pytest.raises(ValueError, match="does not have"):
                    action_of(view, index)
                continue
            action = action_of(view, index)
            assert index_of(view, action) == index
            if offset:
                assert action.target == (view.side + offset) % sides
            else:
                assert str(action) == name


def test_attacks_are_relative_to_the_observer() -> None:
    deal = Deal.new("dujardin", 3, 1)
    assert action_of(deal.view(0), 33) == Action.parse("attack stop 1")
    assert action_of(deal.view(2), 33) == Action.parse("attack stop 0")
    assert action_of(deal.view(1), 34) == Action.parse("attack stop 0")


def test_actions_without_an_index_are_refused() -> None:
    view = Deal.new("dujardin", 2, 1).view(0)
    with pytest.raises(ValueError, match="from 0 to 51"):
        action_of(view, 52)
    with pytest.raises(ValueError, match="no index"):
        index_of(view, Action.parse("attack stop 0"))


def random_decisions(
    rules: str, players: int, race: int | None, deals: int
) -> Iterator[tuple[Deal, int]]:
    """Every decision of ``deals`` random deals: (deal, seat to act) before each action."""
    for number in range(deals):
        deal = Deal.new(rules, players, number, race=race)
        rng = random.Random(number)
        while (seat := deal.to_act) is not None:
            yield deal, seat
            deal.apply(rng.choice(deal.legal_actions()))


@pytest.mark.parametrize(("rules", "players", "race"), TABLES)
def test_the_mask_is_the_engines_legal_actions_index_for_index(
    rules: str, players: int, race: int
) -> None:
    decisions = kinds = 0
    seen: set[Decision] = set()
    for deal, seat in random_decisions(rules, players, race, deals=12):
        view = deal.view(seat)
        mask = action_mask(view)
        legal = deal.legal_actions()
        assert [action_of(view, int(i)) for i in np.flatnonzero(mask)] == sorted(
            legal, key=lambda action: index_of(view, action)
        )
        assert int(mask.sum()) == len(legal)
        for waiting in range(players):
            if waiting != seat:
                assert not deal.view(waiting).legal
                assert not action_mask(deal.view(waiting)).any()
        seen.add(deal.decision)
        decisions += 1
    kinds = len(seen)
    assert decisions >= 1000
    assert kinds >= 2  # turns and at least one coup-fourré offer or extension question


def test_the_mask_covers_coups_fourres_and_extensions() -> None:
    seen: set[Decision] = set()
    for deal, seat in random_decisions("parker", 2, None, deals=60):
        if deal.decision in (Decision.COUP_FOURRE, Decision.EXTENSION):
            view = deal.view(seat)
            indices = {ACTION_NAMES[i] for i in np.flatnonzero(action_mask(view))}
            expected = {"coup-fourre", "decline"}
            if deal.decision == Decision.EXTENSION:
                expected = {"extend", "finish"}
            assert indices == expected
            seen.add(deal.decision)
    assert seen == {Decision.COUP_FOURRE, Decision.EXTENSION}


# ------------------------------------------------------------------ observations


@pytest.mark.slow
@pytest.mark.parametrize(("rules", "players"), [("dujardin", 2), ("dujardin", 6), ("parker", 3)])
def test_no_observation_changes_when_hidden_cards_are_reshuffled(rules: str, players: int) -> None:
    rng = random.Random(5)
    checked = 0
    changed_hidden = 0
    for deal, _ in random_decisions(rules, players, None, deals=4):
        if deal.decision not in (
            Decision.TURN,
            Decision.EXTENSION,
        ):  # a reshuffle could take the offered safety
            continue
        for seat in range(players):
            other = reshuffled(deal, seat, rng)
            changed_hidden += other.hands != deal.hands or other.stock != deal.stock
            before = observation(deal.view(seat))
            assert np.array_equal(before, observation(other.view(seat)))
            assert np.array_equal(action_mask(deal.view(seat)), action_mask(other.view(seat)))
            checked += 1
    assert checked >= 500
    assert changed_hidden >= checked // 2  # the reshuffles did move hidden cards


def test_the_env_observes_through_the_view_only() -> None:
    env = millebornes_v0.raw_env(players=4)
    env.reset(seed=3)
    rng = random.Random(3)
    for _ in range(40):
        agent = env.agent_selection
        mask = env.observe(agent)["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))
        if env.terminations[env.agent_selection]:
            break
        for seat, watcher in enumerate(env.possible_agents):
            before = env.observe(watcher)["observation"]
            kept = env.deal
            env.deal = reshuffled(kept, seat, rng)
            assert np.array_equal(before, env.observe(watcher)["observation"])
            env.deal = kept


def test_the_observation_vector_reads_the_view() -> None:
    deal = Deal.new("dujardin", 2, 7)
    view = deal.view(0)
    vector = observation(view)
    assert vector.shape == (OBSERVATION_SIZE,) == (sum(size for _, size in OBSERVATION_PARTS),)
    assert vector.dtype == np.float32
    assert ((vector >= 0) & (vector <= 1)).all()
    hand = vector[:19] * 7
    assert [round(float(x)) for x in hand] == [view.hand.count(card) for card in Card]
    own_side = vector[19:51]
    assert own_side[0] == 1.0  # present
    assert own_side[2] == 1.0  # an empty battle pile


def test_own_side_comes_first_whatever_the_seat() -> None:
    roll = 19 + 2 + 1 + int(Card.ROLL)  # side block: present, km, then the battle top one-hot
    side_features = 32
    for deal, _ in random_decisions("dujardin", 2, None, deals=20):
        tops = [deal.battle[side][-1:] == [int(Card.ROLL)] for side in range(2)]
        if tops == [True, False]:
            break
    else:
        pytest.fail("side 0 never rolled alone")
    seat_0, seat_1 = observation(deal.view(0)), observation(deal.view(1))
    assert seat_0[roll] == 1.0
    assert seat_0[roll + side_features] == 0.0
    assert seat_1[roll] == 0.0
    assert seat_1[roll + side_features] == 1.0


# ------------------------------------------------------------------ rewards and the env


def test_seat_rewards() -> None:
    assert seat_rewards([1200, 700], 2, "margin") == [0.5, -0.5]
    assert seat_rewards([1200, 700], 4, "win") == [1.0, -1.0, 1.0, -1.0]
    assert seat_rewards([500, 900, 900], 3, "win") == [-1.0, 0.0, 0.0]
    assert seat_rewards([500, 900, 300], 3, "margin") == [-0.4, 0.4, -0.6]


@pytest.mark.parametrize("reward", ["margin", "win"])
def test_rewards_come_at_the_end_from_the_score(reward: str) -> None:
    env = millebornes_v0.env(rules="winning-moves", players=4, reward=reward)
    env.reset(seed=11)
    rng = random.Random(11)
    total = dict.fromkeys(env.possible_agents, 0.0)
    steps = 0
    for agent in env.agent_iter():
        obs, rew, terminated, _truncated, info = env.last()
        total[agent] += rew
        if terminated:
            env.step(None)
            continue
        assert rew == 0.0
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    deal = env.unwrapped.deal
    totals = [sheet["total"] for sheet in deal.score()]
    assert info["totals"] == totals
    expected = seat_rewards(totals, 4, reward)
    assert [total[agent] for agent in env.possible_agents] == expected
    assert steps == len(deal.history)


def test_agent_selection_follows_the_out_of_turn_coup_fourre() -> None:
    env = millebornes_v0.raw_env(players=2)
    for seed in range(200):
        env.reset(seed=seed)
        rng = random.Random(seed)
        while not env.terminations[env.agent_selection]:
            deal = env.deal
            assert env.agent_selection == f"seat_{deal.to_act}"
            if deal.decision == Decision.COUP_FOURRE:
                assert deal.attack is not None
                attacker = deal.attack[0]
                assert env.agent_selection != f"seat_{attacker}"
                return
            mask = env.observe(env.agent_selection)["action_mask"]
            env.step(int(rng.choice(np.flatnonzero(mask))))
    pytest.fail("no coup-fourré offered in 200 random deals")


def test_an_illegal_action_is_an_error_naming_the_legal_ones() -> None:
    env = millebornes_v0.env()
    env.reset(seed=1)
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError, match=r"cannot take action .*; legal: \d+ \("):
        env.step(illegal)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": 5}, "dujardin is played by"),
        ({"rules": "uno"}, "unknown rules"),
        ({"reward": "points"}, "unknown reward"),
        ({"render_mode": "rgb_array"}, "unknown render_mode"),
    ],
)
def test_bad_settings_are_refused(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        millebornes_v0.raw_env(**kwargs)


def test_render_shows_the_table_from_the_seat_to_act() -> None:
    env = millebornes_v0.raw_env(players=3, render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert text is not None
    view = env.deal.view(0)
    assert "dujardin, 3 players, race 1000 km" in text
    assert f"seat 0 holds {' '.join(c.notation for c in view.hand)}" in text
    assert text.count("side ") == 3


def test_the_rules_core_imports_without_any_third_party_package() -> None:
    """The core imports only the standard library (tests/test_architecture.py reads its imports);
    importing the package brings the words too, so that errors read as English: their Fluent
    runtime and its own dependencies, and nothing of the research stack. The compiled modules'
    shared mypyc runtime (setup.py's group) is the project's own code."""
    src = Path(__file__).resolve().parents[1] / "src"
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); before = set(sys.modules);"
        "import millebornes, millebornes.core.deal, millebornes.core.position;"
        "import millebornes.core.records;"
        "d = millebornes.Deal.new('parker', 3, 1); d.apply(d.legal_actions()[0]);"
        "top = {m.split('.')[0] for m in set(sys.modules) - before};"
        "top = {m for m in top if not m.startswith('_')} - set(sys.stdlib_module_names);"
        "print(' '.join(sorted(top - {'millebornes', 'millebornes_native__mypyc'})))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(src)], capture_output=True, text=True, check=True
    )
    assert set(done.stdout.split()) <= {"fluent", "babel", "attr", "pytz", "typing_extensions"}
