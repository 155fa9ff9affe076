"""The ceiling benchmark's master: it samples the true hidden hands, and only it does."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from benchmarks.ceiling import FAMILIES, TrueHands, main, parse_args, show_hidden_hands

from millebornes import Deal
from millebornes.bots import Bot, make_bot
from millebornes.bots.master.beliefs import Beliefs
from millebornes.core.match import Match
from millebornes.core.view import View
from millebornes.tournament import TournamentSettings, play_game
from scenarios import played


@pytest.mark.parametrize(("rules", "players"), [("dujardin", 2), ("winning-moves", 4)])
def test_sampled_deals_hold_the_true_hands_and_the_true_stock_reshuffled(
    rules: str, players: int
) -> None:
    deal = played(
        Deal.new(rules, players, seed=11), "expert", until=lambda deal: len(deal.history) == 9
    )
    seat = deal.to_act
    assert seat is not None
    view = deal.view(seat)
    beliefs = TrueHands(deal)
    orders = set()
    for draw in range(5):
        sampled = beliefs.sample(view, random.Random(draw))
        assert sampled.hands == deal.hands
        assert Counter(sampled.stock) == Counter(deal.stock)
        assert sampled.view(seat) == view
        orders.add(tuple(sampled.stock))
    assert len(orders) > 1  # the stock's order stays unknown


def _seat_0_after_twelve_moves(deal: Deal, beliefs: TrueHands) -> View:
    """Play ``deal`` between experts to seat 0's first turn after twelve moves, ``beliefs``
    observing every view of seat 0 on the way, as master's would; seat 0's view then."""
    expert = make_bot("expert")
    while deal.to_act != 0 or len(deal.history) < 12:
        seat = deal.to_act
        assert seat is not None
        if seat == 0:
            beliefs.observe(deal.view(0), random.Random(len(deal.history)))
        deal.apply(expert.choose(deal.view(seat)))
    view = deal.view(0)
    beliefs.observe(view, random.Random(0))
    return view


@pytest.mark.parametrize(("known", "shown"), [("partner", {2}), ("opponents", {1, 3})])
def test_seats_not_shown_are_sampled_from_the_hands_followed_as_in_play(
    known: str, shown: set[int]
) -> None:
    deal = Deal.new("winning-moves", 4, seed=5)
    beliefs = TrueHands(deal, known)
    view = _seat_0_after_twelve_moves(deal, beliefs)
    assert set(beliefs.their_hands) == {1, 2, 3}  # the filter follows every hidden hand
    guessed = {1, 2, 3} - shown
    differs = set()
    for draw in range(20):
        sampled = beliefs.sample(view, random.Random(draw))
        assert sampled.view(0) == view
        assert all(sampled.hands[seat] == deal.hands[seat] for seat in shown)
        differs |= {seat for seat in guessed if sampled.hands[seat] != deal.hands[seat]}
    assert differs == guessed  # hands not shown are guessed, and guessed wrong at times


def test_shown_one_family_master_samples_the_true_count_of_each_and_guesses_the_rest() -> None:
    deal = Deal.new("winning-moves", 4, seed=8)
    beliefs = TrueHands(deal, "all", "safeties")
    view = _seat_0_after_twelve_moves(deal, beliefs)
    assert set(beliefs.their_hands) == {1, 2, 3}  # the rest of the hands is followed as in play
    safeties = FAMILIES["safeties"]
    guessed_wrong = set()
    for draw in range(20):
        sampled = beliefs.sample(view, random.Random(draw))
        assert sampled.view(0) == view
        for seat in (1, 2, 3):
            assert [sampled.hands[seat][kind] for kind in safeties] == [
                deal.hands[seat][kind] for kind in safeties
            ]
            if sampled.hands[seat] != deal.hands[seat]:
                guessed_wrong.add(seat)
    assert guessed_wrong == {1, 2, 3}


def test_only_master_is_shown_the_hands_of_the_deal_in_play() -> None:
    match = Match("dujardin", 2, seed=3)
    bots: list[Bot] = [make_bot("master", iterations=5), make_bot("expert")]
    show_hidden_hands(bots, match)
    assert isinstance(bots[0].beliefs, TrueHands)  # type: ignore[attr-defined]
    assert bots[0].beliefs.game is match  # type: ignore[attr-defined]
    assert not isinstance(getattr(bots[1], "beliefs", None), Beliefs)


def test_a_tournament_game_lets_prepare_see_its_bots_and_game_first() -> None:
    settings = TournamentSettings(bots=("random", "expert"), decks=1, seed=4)
    spec = settings.games()[1]
    seen: list[tuple[list[str], int]] = []

    def prepare(bots: list[Bot], game: Deal | Match) -> None:
        assert isinstance(game, Deal)
        seen.append(([bot.name for bot in bots], len(game.history)))

    result = play_game(spec, prepare)
    assert seen == [(["expert", "random"], 0)]
    assert result.record == play_game(spec).record  # the same game as without it


def test_a_small_run_prints_master_s_decks_and_the_targets(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--decks", "1", "--iterations", "4", "--jobs", "1", "--tables", "dujardin-2"]) == 0
    out = capsys.readouterr().out
    assert "master knowing the hidden hands (4 iterations) vs expert" in out
    assert "master won" in out
    assert "of 1 decks" in out
    assert "target: master wins at least 65% of decks: not judged (1 decks" in out


@pytest.mark.slow
def test_the_run_says_which_cards_of_whose_hands_master_is_shown(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["--decks", "1", "--iterations", "2", "--jobs", "1", "--tables", "dujardin-2"]
    assert main([*argv, "--known", "opponents", "--cards", "remedies"]) == 0
    out = capsys.readouterr().out
    assert "master knowing the remedies in its opponents' hands (2 iterations)" in out


def test_an_unknown_family_of_cards_is_refused_with_the_choices(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as refused:
        parse_args(["--cards", "jokers"])
    assert refused.value.code == 2
    err = capsys.readouterr().err
    assert "invalid choice: 'jokers'" in err
    assert "safeties" in err


@pytest.mark.parametrize("option", ["--decks", "--iterations", "--jobs"])
def test_a_count_below_one_is_refused_with_a_message(
    option: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as refused:
        parse_args([option, "0"])
    assert refused.value.code == 2
    assert f"{option} must be at least 1, not 0" in capsys.readouterr().err
