"""The inference benchmark scores beliefs with proper scores: hand-made guesses with known answers,
and a short run over real deals."""

from __future__ import annotations

import math

import pytest
from benchmarks.inference import DECILES, Score, Unexpected, main, run, unexpected_moves


def test_a_sure_and_right_guess_loses_almost_nothing_and_predicts_no_spread() -> None:
    score = Score()
    truth = [2, 0, 1]
    score.add([truth] * 10, truth, limits=[3, 3, 3])
    # Ten of ten samples on the truth, half a count added to each of the four counts 0-3.
    assert score.log_loss / score.kinds == pytest.approx(-math.log(10.5 / 12))
    assert score.mean_error == 0
    assert score.predicted_variance == 0
    assert score.hands == 1
    assert score.kinds == 3


def test_an_even_guess_scores_log_2_and_an_honest_variance_ratio() -> None:
    score = Score()
    # Half the samples hold none of the kind, half hold one; the hand holds one.
    score.add([[0]] * 50 + [[1]] * 50, [1], limits=[1])
    assert score.log_loss == pytest.approx(math.log(2))
    assert score.mean_error == pytest.approx(0.25)  # the mean, 0.5, is off by a half
    assert score.predicted_variance == pytest.approx(0.25)
    assert score.variance_ratio == pytest.approx(1.0)
    predicted, held, count = score.reliability[DECILES // 2]
    assert (predicted, held, count) == (0.5, 1, 1)


def test_an_overconfident_guess_scores_worse_than_an_honest_one() -> None:
    sure, honest = Score(), Score()
    for truth in ([1], [1], [1], [0]):  # the kind is held three times in four
        sure.add([[1]] * 100, truth, limits=[1])
        honest.add([[1]] * 75 + [[0]] * 25, truth, limits=[1])
    assert sure.log_loss > honest.log_loss
    assert sure.variance_ratio == math.inf  # no spread predicted, yet an error
    assert honest.variance_ratio == pytest.approx(1.0)  # 0.75 squared error over 0.75 spread


def test_a_safety_counts_in_its_own_reliability_table_too() -> None:
    score = Score()
    truth = [0] * 19
    truth[15] = 1  # Right of Way
    score.add([truth] * 4, truth, limits=[1] * 19)
    assert sum(row[2] for row in score.safety_reliability) == 4  # the four safeties
    assert sum(row[2] for row in score.reliability) == 19


@pytest.mark.slow
def test_a_short_run_scores_every_way_and_the_beliefs_beat_the_uniform_guess() -> None:
    report = run(deals=2, seed=1000, rules="dujardin", players=2, samples=20)
    assert report.decisions > 40
    assert set(report.scores) == {"beliefs", "prior", "uniform"}
    for score in report.scores.values():
        assert score.hands == report.decisions  # one other hand a decision at two players
        assert score.kinds == 19 * score.hands
    beliefs, uniform = report.scores["beliefs"], report.scores["uniform"]
    assert beliefs.log_loss < uniform.log_loss
    assert 0 < report.survived <= report.followed


@pytest.mark.slow
def test_the_command_prints_its_settings_and_refuses_bad_ones(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--deals", "1", "--samples", "5", "--players", "3"]) == 0
    out = capsys.readouterr().out
    assert "1 expert deals from seed 1000, dujardin, 3 players" in out
    assert "log loss" in out
    assert "reliability, safeties only" in out
    for bad in (["--deals", "0"], ["--samples", "1"], ["--rules", "parker", "--players", "5"]):
        with pytest.raises(SystemExit) as exited:
            main(bad)
        assert exited.value.code == 2


def test_the_fitted_rate_of_unexpected_moves_is_the_likelihood_s_peak() -> None:
    found = Unexpected(matched=[0.5] * 8, strayed=[0.5] * 2)
    # Two moves in ten off the model, each one of two legal moves: the mixture's likelihood
    # peaks where (1 - u + u/2) matches eight and u/2 two, at u = 0.4 (u/2 = 0.2 of the moves).
    assert found.fitted == pytest.approx(0.4, abs=0.002)
    assert found.likelihood(0.4) > found.likelihood(0.2)
    assert found.likelihood(0.4) > found.likelihood(0.6)


def test_the_expert_never_strays_from_its_own_judge_and_random_mostly_does() -> None:
    expert = unexpected_moves("expert", deals=2, seed=500, rules="dujardin", players=2)
    assert expert.matched
    assert not expert.strayed
    scattered = unexpected_moves("random", deals=2, seed=500, rules="dujardin", players=2)
    assert len(scattered.strayed) > len(scattered.matched)
