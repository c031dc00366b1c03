"""Elo arithmetic for matches: score <-> Elo, pentanomial intervals, and the GSPRT that fishtest runs.

Games are played in pairs: both players take each opening once from each
side. A pair scores 0, 1/2, 1, 3/2 or 2 points for player A, so a match is a
*pentanomial* count ``[n0, n1, n2, n3, n4]`` (pairs scoring 0, 0.5, ..., 2).
Pairing removes the opening's bias from the variance, which is why fishtest
counts pentanomially; a lone game (an odd last one) is counted as a half pair
in the trinomial ``[losses, draws, wins]``.

Elo is logistic: a score fraction s is worth ``-400 log10(1/s - 1)`` Elo.
The SPRT is the generalized SPRT of fishtest (Michel Van den Bergh's
LLRcalc): the log-likelihood ratio of the results under "A is elo1 better"
against "A is elo0 better", each distribution being the maximum-likelihood
one whose mean score is the hypothesis's. The test stops when the LLR leaves
``(log(beta/(1-alpha)), log((1-beta)/alpha))``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054
REGULARIZE = 1e-3  # the weight of an outcome never seen, in the LLR  # two-sided 95% quantile of the normal distribution


def elo_from_score(score: float) -> float:
    """Logistic Elo difference of a score fraction (0.75 -> +190.8); +-inf at 1 and 0."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def score_from_elo(elo: float) -> float:
    """Expected score fraction of a player ``elo`` points stronger."""
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def _distribution(counts: Sequence[float]) -> tuple[list[float], list[float], float]:
    """(outcome scores in [0, 1], their frequencies, total) of a trinomial or pentanomial count."""
    k = len(counts)
    if k not in (3, 5):
        raise ValueError(f"expected a trinomial (3) or pentanomial (5) count, got {k} entries")
    if any(c < 0 for c in counts):
        raise ValueError(f"counts must be non-negative: {list(counts)}")
    total = float(sum(counts))
    if total <= 0:
        raise ValueError("no results yet")
    return [i / (k - 1) for i in range(k)], [c / total for c in counts], total


@dataclass(frozen=True)
class EloEstimate:
    """An Elo difference with its 95% interval, and the score interval it was mapped from."""

    elo: float
    low: float
    high: float
    score: float
    units: float  # pairs (pentanomial) or games (trinomial) counted
    score_low: float = 0.0
    score_high: float = 1.0

    def __str__(self) -> str:
        return f"{format_elo(self.elo)} [{format_elo(self.low)}, {format_elo(self.high)}]"


def format_elo(x: float) -> str:
    """``+191``, ``-35``, ``+0`` (never ``-0``), ``+inf``/``-inf``."""
    if not math.isfinite(x):
        return "+inf" if x > 0 else "-inf"
    return f"{round(x):+d}"


def elo_estimate(counts: Sequence[float]) -> EloEstimate:
    """Elo of A over B with a 95% interval, from a trinomial [L, D, W] or pentanomial count.

    The interval is the Wilson score interval of the mean score, generalized
    from wins and losses to per-pair (or per-game) scores in [0, 1]: with
    sample variance v over n units, ``(m + z²/2n ± z sqrt(v/n + z²/4n²)) / (1 + z²/n)``.
    For win/loss counts it is exactly Wilson's. Unlike the plain normal
    interval it never shrinks to a point: 2 wins out of 2, or one pair split
    1-1, leave a wide interval, not ``+inf [+inf, +inf]`` or ``0 [0, 0]``.
    Its ends are mapped to Elo, so the Elo interval and the score interval
    (``score_low``, ``score_high``) always say the same thing.
    """
    scores, freqs, total = _distribution(counts)
    mean = sum(x * p for x, p in zip(scores, freqs))
    var = sum(p * (x - mean) ** 2 for x, p in zip(scores, freqs))
    z2n = Z95 * Z95 / total
    center = (mean + z2n / 2) / (1 + z2n)
    half = Z95 * math.sqrt(var / total + z2n / (4 * total)) / (1 + z2n)
    low, high = max(0.0, center - half), min(1.0, center + half)
    return EloEstimate(elo_from_score(mean), elo_from_score(low), elo_from_score(high), mean, total, low, high)


def _constrained_mle(scores: list[float], freqs: list[float], target: float) -> list[float]:
    """The distribution on `scores` of largest likelihood for `freqs` whose mean is `target`.

    By Lagrange it is p_i = f_i / (1 + t (x_i - target)) for the t that sets
    the mean; sum f_i (x_i - target) / (1 + t (x_i - target)) falls with t, so
    t is found by bisection inside the range that keeps every p_i positive.
    """
    diffs = [x - target for x in scores]
    used = [(f, d) for f, d in zip(freqs, diffs) if f > 0]
    lo = max((-1.0 / d for _, d in used if d > 0), default=-1e9)
    hi = min((-1.0 / d for _, d in used if d < 0), default=1e9)

    def moment(t: float) -> float:
        return sum(f * d / (1.0 + t * d) for f, d in used)

    if not (lo < hi):
        raise ValueError(f"no distribution with these results has mean {target}")
    span = hi - lo
    lo, hi = lo + span * 1e-12, hi - span * 1e-12
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if moment(mid) > 0:
            lo = mid
        else:
            hi = mid
    t = 0.5 * (lo + hi)
    return [f / (1.0 + t * d) for f, d in zip(freqs, diffs)]


def llr(counts: Sequence[float], elo0: float, elo1: float) -> float:
    """The GSPRT log-likelihood ratio of H1 (A is `elo1` better) over H0 (`elo0`).

    As fishtest does, an outcome never seen counts as 1e-3 of a result, so a
    one-sided record (all wins) still has a variance and a finite LLR.
    """
    _distribution(counts)  # validates
    scores, freqs, total = _distribution([c if c > 0 else REGULARIZE for c in counts])
    s0, s1 = score_from_elo(elo0), score_from_elo(elo1)
    p0 = _constrained_mle(scores, freqs, s0)
    p1 = _constrained_mle(scores, freqs, s1)
    return total * sum(f * math.log(b / a) for f, a, b in zip(freqs, p0, p1) if f > 0)


def sprt_bounds(alpha: float = 0.05, beta: float = 0.05) -> tuple[float, float]:
    """(lower, upper) LLR bounds: below accepts H0, above accepts H1 (Wald's approximation)."""
    if not (0 < alpha < 1 and 0 < beta < 1):
        raise ValueError("alpha and beta must lie strictly between 0 and 1")
    return math.log(beta / (1.0 - alpha)), math.log((1.0 - beta) / alpha)


@dataclass(frozen=True)
class Sprt:
    """An SPRT of H0: elo = elo0 against H1: elo = elo1 (logistic Elo)."""

    elo0: float = 0.0
    elo1: float = 10.0
    alpha: float = 0.05
    beta: float = 0.05

    def __post_init__(self) -> None:
        if not self.elo1 > self.elo0:
            raise ValueError(f"SPRT needs elo1 > elo0 (got elo0={self.elo0}, elo1={self.elo1})")
        sprt_bounds(self.alpha, self.beta)

    @classmethod
    def parse(cls, text: str) -> "Sprt":
        """From ``elo0=0,elo1=10`` (optionally ``alpha=..,beta=..``)."""
        values: dict[str, float] = {}
        for part in filter(None, (p.strip() for p in text.split(","))):
            key, eq, value = part.partition("=")
            key = key.strip()
            if not eq or key not in ("elo0", "elo1", "alpha", "beta"):
                raise ValueError(f"SPRT {text!r}: expected key=value with keys elo0, elo1, alpha, beta; got {part!r}")
            try:
                values[key] = float(value)
            except ValueError:
                raise ValueError(f"SPRT {text!r}: {value!r} is not a number") from None
        return cls(**values)

    @property
    def bounds(self) -> tuple[float, float]:
        return sprt_bounds(self.alpha, self.beta)

    def llr(self, counts: Sequence[float]) -> float:
        return llr(counts, self.elo0, self.elo1)

    def verdict(self, counts: Sequence[float]) -> str | None:
        """"H1" (accept: A is better by about elo1), "H0" (reject), or None (play on)."""
        if sum(counts) <= 0:
            return None
        value = self.llr(counts)
        lower, upper = self.bounds
        return "H1" if value >= upper else "H0" if value <= lower else None

    def __str__(self) -> str:
        return f"elo0={self.elo0:g},elo1={self.elo1:g},alpha={self.alpha:g},beta={self.beta:g}"
