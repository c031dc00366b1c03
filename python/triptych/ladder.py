"""An Elo ladder: many players on one scale, fitted by maximum likelihood (as Ordo or BayesElo do).

Each pairing of the schedule is a short match (:func:`triptych.match.run_match`,
opening pairs from both sides). The fit finds the ratings r that make the
observed scores most likely under the logistic model
``P(i beats j) = 1 / (1 + 10^((r_j - r_i) / 400))`` (a draw counting half a
win and half a loss), with the anchor player (random) held at 0. A prior of
one virtual draw per pairing keeps a player who never scored finite, as
BayesElo's default prior does. The 95% intervals come from the curvature of
the log-likelihood at its maximum (the inverse Fisher information).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from triptych.elo import Z95

K = math.log(10.0) / 400.0  # logistic slope per Elo point

# The reference set, weakest to strongest as measured in both games (docs/strength.md), so that each
# player meets the next --reach players of similar strength rather than foregone shutouts.
DEFAULT_PLAYERS = [
    "random", "mcts:100", "mcts:300", "greedy", "mcts:1000",
    "alphabeta:1", "alphabeta:2", "alphabeta:3", "alphabeta:4", "alphabeta:time_ms=10",
    "alphabeta:5", "alphabeta:6", "alphabeta:7", "alphabeta:time_ms=100", "alphabeta:8", "alphabeta:time_ms=1000",
]


@dataclass
class Pairing:
    """Results of player i against player j (from i's point of view)."""

    i: int
    j: int
    wins: int = 0
    draws: int = 0
    losses: int = 0
    # How the games ended (match.end_reason: "boarding", "countdown", ...) and how many of each: a
    # pairing's draws by the separation countdown, a repetition or the action limit read differently.
    ends: dict[str, int] = field(default_factory=dict)

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    def to_dict(self, players: Sequence[str]) -> dict[str, Any]:
        """The pairing as a ladder record holds it, players named from ``players``."""
        d: dict[str, Any] = {"a": players[self.i], "b": players[self.j], "wins": self.wins, "draws": self.draws,
                             "losses": self.losses}
        if self.ends:
            d["ends"] = dict(sorted(self.ends.items()))
        return d


@dataclass
class Ladder:
    """Fitted ratings: ``ratings[k]`` ± ``half_widths[k]`` (95%) for ``players[k]``."""

    players: list[str]
    ratings: list[float]
    half_widths: list[float]
    games: list[int]
    pairings: list[Pairing] = field(default_factory=list)
    anchor: str = "random"

    def rows(self) -> list[tuple[str, float, float, int]]:
        """(player, Elo, 95% half-width, games), strongest first."""
        rows = list(zip(self.players, self.ratings, self.half_widths, self.games))
        return sorted(rows, key=lambda row: -row[1])

    def to_dict(self) -> dict[str, Any]:
        return {"anchor": self.anchor,
                "players": [{"player": p, "elo": round(r, 1), "interval95": round(h, 1), "games": g}
                            for p, r, h, g in self.rows()],
                "pairings": [p.to_dict(self.players) for p in self.pairings]}


def schedule(count: int, reach: int = 2) -> list[tuple[int, int]]:
    """Pairings of players listed roughly weakest to strongest: each meets the next `reach`.

    Neighbours in strength give informative games (a 1000-0 score says little
    about the gap) and the chain keeps every player connected to the anchor.
    """
    return [(i, j) for i in range(count) for j in range(i + 1, min(count, i + 1 + reach))]


def fit(players: Sequence[str], pairings: Sequence[Pairing], anchor: str = "random",
        prior_draws: float = 1.0) -> Ladder:
    """Maximum-likelihood ratings with the anchor at 0 (Newton's method on the log-likelihood)."""
    n = len(players)
    if anchor not in players:
        raise ValueError(f"the anchor {anchor!r} is not among the players")
    a = list(players).index(anchor)
    score = np.zeros((n, n))  # score[i, j]: points i took from j, prior included
    games = np.zeros((n, n))
    for p in pairings:
        if p.games == 0:
            continue
        points = p.wins + 0.5 * p.draws + 0.5 * prior_draws
        total = p.games + prior_draws
        score[p.i, p.j] += points
        score[p.j, p.i] += total - points
        games[p.i, p.j] += total
        games[p.j, p.i] += total
    free = [k for k in range(n) if k != a]
    _check_connected(players, games, a)
    r = np.zeros(n)
    for _ in range(100):
        diff = r[:, None] - r[None, :]
        expected = 1.0 / (1.0 + np.exp(-K * diff))
        gradient = K * (score - games * expected).sum(axis=1)
        weight = K * K * games * expected * (1.0 - expected)
        hessian = -np.diag(weight.sum(axis=1)) + weight  # d2 logL / dr_i dr_j
        h = hessian[np.ix_(free, free)]
        step = np.linalg.solve(h, -gradient[free])
        r[free] += step
        if np.max(np.abs(step)) < 1e-6:
            break
    diff = r[:, None] - r[None, :]
    expected = 1.0 / (1.0 + np.exp(-K * diff))
    weight = K * K * games * expected * (1.0 - expected)
    hessian = -np.diag(weight.sum(axis=1)) + weight
    covariance = np.linalg.inv(-hessian[np.ix_(free, free)])
    half = np.zeros(n)
    half[free] = Z95 * np.sqrt(np.diag(covariance))
    played = [sum(p.games for p in pairings if k in (p.i, p.j)) for k in range(n)]
    return Ladder(list(players), [float(x) for x in r], [float(x) for x in half], played, list(pairings), anchor)


def _check_connected(players: Sequence[str], games: np.ndarray, anchor: int) -> None:
    reached, frontier = {anchor}, [anchor]
    while frontier:
        k = frontier.pop()
        for other in np.nonzero(games[k])[0]:
            if int(other) not in reached:
                reached.add(int(other))
                frontier.append(int(other))
    missing = [players[k] for k in range(len(players)) if k not in reached]
    if missing:
        raise ValueError(f"no games connect {', '.join(missing)} to the anchor {players[anchor]!r}")


def run_ladder(game: str, players: Sequence[str], games_per_pairing: int, *, reach: int = 2, seed: int = 0,
               opening: int = 4, workers: int = 1,
               on_pairing: Callable[[int, int, Pairing], None] | None = None,
               max_actions: int | None = None, on_pair: Callable[[int, Any], None] | None = None) -> Ladder:
    """Plays the schedule's matches and fits the ladder, anchored at ``random`` (or the first player).

    ``max_actions`` adjudicates a longer game as a draw (default: the match's ``MAX_ACTIONS``).
    ``on_pairing(index, count, pairing)`` follows each finished pairing and
    ``on_pair(index, match_result)`` each opening pair within one, so a long
    pairing still shows progress. The worker processes are started once for
    the whole ladder.
    """
    from triptych.executor import LocalExecutor
    from triptych.match import MAX_ACTIONS, run_match

    if len(players) < 2:
        raise ValueError(f"a ladder needs at least two players, got {len(players)}")
    pairings = []
    planned = schedule(len(players), reach)
    with LocalExecutor(workers) as executor:
        for index, (i, j) in enumerate(planned):
            follow = (lambda result, _verdict, index=index: on_pair(index, result)) if on_pair else None
            result, _ = run_match(game, players[i], players[j], games_per_pairing, seed=seed + 101 * index,
                                  opening=opening, executor=executor, max_actions=max_actions or MAX_ACTIONS,
                                  on_pair=follow)
            pairing = Pairing(i, j, result.wins, result.draws, result.losses,
                              ends=result.ends())
            pairings.append(pairing)
            if on_pairing:
                on_pairing(index, len(planned), pairing)
    anchor = "random" if "random" in players else players[0]
    return fit(players, pairings, anchor=anchor)


def plot(ladder: Ladder, path: str, title: str) -> None:
    """A horizontal bar chart of the ladder with its 95% intervals (matplotlib, headless)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = ladder.rows()[::-1]
    # Room for the longest name beside a bar area of about 4.5 inches (a player spec with a net's path is long).
    longest = max(len(r[0]) for r in rows)
    fig, ax = plt.subplots(figsize=(max(7.0, 4.5 + 0.075 * longest), 0.35 * len(rows) + 1.2))
    ax.barh([r[0] for r in rows], [r[1] for r in rows], xerr=[r[2] for r in rows], color="#4a7fb5", capsize=3)
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_xlabel(f"Elo (anchor: {ladder.anchor} = 0), 95% intervals")
    ax.set_title(title)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
