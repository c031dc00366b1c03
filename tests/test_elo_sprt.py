"""Elo arithmetic, the pentanomial interval and the GSPRT's LLR against values worked by hand."""

from __future__ import annotations

import math

import pytest

from triptych.elo import Sprt, elo_estimate, elo_from_score, format_elo, llr, score_from_elo, sprt_bounds


def test_elo_and_score_are_inverse_logistic() -> None:
    assert elo_from_score(0.75) == pytest.approx(400 * math.log10(3))  # 190.85: 3 points of 4
    assert elo_from_score(0.5) == 0.0
    assert score_from_elo(400.0) == pytest.approx(10 / 11)
    for elo in (-350.0, -10.0, 0.0, 5.0, 240.0):
        assert elo_from_score(score_from_elo(elo)) == pytest.approx(elo)
    assert elo_from_score(1.0) == math.inf and elo_from_score(0.0) == -math.inf


def test_sprt_bounds_are_walds() -> None:
    lower, upper = sprt_bounds(0.05, 0.05)
    assert lower == pytest.approx(math.log(0.05 / 0.95)) == pytest.approx(-2.944438979)
    assert upper == pytest.approx(2.944438979)
    assert sprt_bounds(0.05, 0.1) == pytest.approx((math.log(0.1 / 0.95), math.log(0.9 / 0.05)))


def test_llr_without_draws_is_the_binomial_likelihood_ratio() -> None:
    # With only wins and losses the constrained MLE is Bernoulli(s): the LLR has a closed form.
    wins, losses, elo0, elo1 = 60, 40, 0.0, 10.0
    s0, s1 = score_from_elo(elo0), score_from_elo(elo1)
    expected = wins * math.log(s1 / s0) + losses * math.log((1 - s1) / (1 - s0))
    # (the unseen draw counts as 1e-3 of a game, as fishtest regularizes: a 1e-5 relative effect)
    assert llr([losses, 0, wins], elo0, elo1) == pytest.approx(expected, rel=1e-4)
    assert expected == pytest.approx(0.53423, abs=1e-5)  # 60-40 at elo0=0, elo1=10


def test_llr_pentanomial_matches_the_normal_approximation_for_large_samples() -> None:
    # fishtest's LLR_alt: N (s1 - s0)(2 mean - s0 - s1) / (2 var) for the per-pair score.
    counts = [300, 1900, 4200, 2200, 400]
    n = sum(counts)
    xs = [i / 4 for i in range(5)]
    mean = sum(c * x for c, x in zip(counts, xs)) / n
    var = sum(c * (x - mean) ** 2 for c, x in zip(counts, xs)) / n
    s0, s1 = score_from_elo(0), score_from_elo(10)
    approx = n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)
    assert llr(counts, 0, 10) == pytest.approx(approx, rel=0.02)


def test_llr_sign_follows_the_evidence_and_grows_with_games() -> None:
    even = [100, 400, 1000, 400, 100]
    assert llr(even, 0, 10) < 0  # a dead-even result argues for elo0
    strong = [50, 300, 1000, 500, 150]
    assert llr(strong, 0, 10) > 0
    assert llr([2 * c for c in strong], 0, 10) == pytest.approx(2 * llr(strong, 0, 10))


def test_sprt_verdicts_and_parsing() -> None:
    sprt = Sprt.parse("elo0=0,elo1=10")
    assert (sprt.elo0, sprt.elo1, sprt.alpha, sprt.beta) == (0, 10, 0.05, 0.05)
    assert sprt.verdict([100, 400, 1000, 600, 300]) == "H1"
    assert sprt.verdict([300, 600, 1000, 400, 100]) == "H0"
    assert sprt.verdict([1, 2, 3, 2, 1]) is None
    with pytest.raises(ValueError, match="elo1 > elo0"):
        Sprt.parse("elo0=5,elo1=5")
    with pytest.raises(ValueError, match="keys elo0, elo1"):
        Sprt.parse("elo0=0,elo2=5")
    with pytest.raises(ValueError, match="not a number"):
        Sprt.parse("elo0=zero,elo1=5")


def test_one_sided_results_still_move_the_llr() -> None:
    # fishtest regularizes unseen outcomes, so ten straight pair wins are evidence, not nothing.
    assert llr([0, 0, 0, 0, 10], 0, 10) > 0
    assert llr([10, 0, 0, 0, 0], 0, 10) < 0


def test_pentanomial_interval_by_hand() -> None:
    # 10 pairs: 2 scored 1/2 (0.25), 5 scored 1 (0.5), 3 scored 3/2 (0.75).
    est = elo_estimate([0, 2, 5, 3, 0])
    mean = (2 * 0.25 + 5 * 0.5 + 3 * 0.75) / 10  # 0.525
    var = (2 * (0.25 - mean) ** 2 + 5 * (0.5 - mean) ** 2 + 3 * (0.75 - mean) ** 2) / 10
    z = 1.959963984540054
    center = (mean + z * z / 20) / (1 + z * z / 10)  # Wilson's centre, z²/2n with n = 10 pairs
    half = z * math.sqrt(var / 10 + z * z / 400) / (1 + z * z / 10)
    assert est.score == pytest.approx(0.525)
    assert est.elo == pytest.approx(elo_from_score(0.525))
    assert est.low == pytest.approx(elo_from_score(center - half))
    assert est.high == pytest.approx(elo_from_score(center + half))
    assert (est.score_low, est.score_high) == pytest.approx((center - half, center + half))
    # The same games counted as a trinomial (8 wins, 4 draws, 8 losses would be even) differ:
    assert elo_estimate([3, 4, 3]).elo == pytest.approx(0.0)


def test_pairing_narrows_the_interval_when_openings_decide_games() -> None:
    # Every opening wins for its side-0 player: pairs are all 1-1, so the paired estimate is exact.
    paired = elo_estimate([0, 0, 20, 0, 0])
    unpaired = elo_estimate([20, 0, 20])
    assert paired.low == pytest.approx(-paired.high)
    assert 0 < paired.high - paired.low < unpaired.high - unpaired.low
    assert unpaired.high - unpaired.low > 100


def test_bad_counts_are_refused() -> None:
    with pytest.raises(ValueError, match="trinomial"):
        elo_estimate([1, 2])
    with pytest.raises(ValueError, match="non-negative"):
        llr([1, -1, 3], 0, 10)
    with pytest.raises(ValueError, match="no results"):
        elo_estimate([0, 0, 0])


def test_wilson_interval_of_a_win_loss_count() -> None:
    # For wins and losses the interval is Wilson's: 7 wins in 10 games.
    est = elo_estimate([3, 0, 7])
    z = 1.959963984540054
    p, n = 0.7, 10
    center = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    assert (est.score_low, est.score_high) == pytest.approx((center - half, center + half))


def test_a_perfect_or_even_record_keeps_a_real_interval() -> None:
    # issue 30: "scored 100.0% (95% 51.0% - 100.0%): Elo +inf [+inf, +inf]" and "Elo -0 [-0, -0]".
    perfect = elo_estimate([0, 0, 0, 0, 2])  # two pairs, all four games won
    assert perfect.elo == math.inf and perfect.high == math.inf
    assert -math.inf < perfect.low < math.inf and perfect.score_low < 1
    assert perfect.low == pytest.approx(elo_from_score(perfect.score_low))
    even = elo_estimate([0, 0, 1, 0, 0])  # one pair split 1-1
    assert even.low < 0 < even.high
    assert str(even) == f"+0 [{round(even.low):+d}, +{round(even.high)}]"
    assert format_elo(-0.0) == format_elo(-0.3) == "+0"
    assert format_elo(-math.inf) == "-inf"
