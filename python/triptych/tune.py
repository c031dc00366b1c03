"""Tuning evaluation weights from self-play by SPSA over match results, as fishtest tunes.

Each step draws a random direction Delta (each weight +1 or -1), builds two
players whose weights lie c_i away on either side (theta + c Delta against
theta - c Delta), and plays them one opening pair (both sides). The pair's
result R (points of the plus side minus the minus side, -2..2) estimates the
slope of strength along Delta, so every weight moves by
``a_k * c_i * R * Delta_i``. The step sizes follow Spall's schedule
(a_k = a / (k + 1 + A)^0.602, c_k = c / (k + 1)^0.101); c_i is a share of
each weight's size, so small and large weights are probed alike.

The tuned weights are written as JSON that players load with
``alphabeta:4,weights=FILE``; they become a game's default only after an
SPRT against the current default passes (docs/ai.md).
"""

from __future__ import annotations

import concurrent.futures
import importlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from triptych.executor import ignore_sigint, kill_pool, sigint_deferred
from triptych.games import load


@dataclass
class SpsaSettings:
    depth: int = 3            # the alpha-beta depth the games are played at
    pairs_per_step: int = 2   # opening pairs played (in parallel) per step, each with its own Delta
    a: float = 0.5            # learning rate at the first step, in units of c_i per point of result
    c: float = 0.15           # probe size as a share of each weight (at least min_c)
    min_c: float = 2.0
    stability: float = 10.0   # Spall's A
    opening: int = 4


@dataclass
class TuneResult:
    game: str
    start: dict[str, int]
    weights: dict[str, int]
    steps: int
    games: int
    settings: SpsaSettings
    trace: list[dict[str, float]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "weights": self.weights, "start": self.start, "steps": self.steps,
                "games": self.games, "method": "SPSA", "settings": vars(self.settings)}


def default_weights(game: str) -> dict[str, int]:
    """The evaluation weights a game's search uses today."""
    load(game)  # an unknown game fails here, naming the known ones
    native = importlib.import_module(f"triptych._core.{game}")
    if not hasattr(native, "EVAL_WEIGHTS"):
        raise ValueError(f"{game} has no tunable evaluation (two-player games only)")
    return dict(native.EVAL_WEIGHTS)


def _play_probe(game: str, plus: dict[str, int], minus: dict[str, int], depth: int, seed: int,
                opening: int) -> float:
    """One opening pair of plus against minus; returns plus's points minus minus's (-2..2)."""
    from triptych.ai import AlphaBeta
    from triptych.match import opening_actions, play_game

    moves = opening_actions(game, seed, opening, {})
    total = 0.0
    for plus_side in (0, 1):
        p = AlphaBeta(depth=depth, evaluation="classic", weights=plus, tt_mb=8)
        m = AlphaBeta(depth=depth, evaluation="classic", weights=minus, tt_mb=8)
        players = (p, m) if plus_side == 0 else (m, p)
        record = play_game(game, players, ("plus", "minus") if plus_side == 0 else ("minus", "plus"), moves,
                           a_side=plus_side, seed=seed)
        total += 2 * record.a_score - 1
    return total


def spsa(game: str, steps: int, *, start: dict[str, int] | None = None, names: Sequence[str] | None = None,
         settings: SpsaSettings | None = None, seed: int = 0, workers: int = 1,
         on_step: Callable[[int, dict[str, float]], None] | None = None) -> TuneResult:
    """Runs `steps` SPSA steps from `start` (default: today's weights) and returns the tuned weights.

    ``names`` limits the tuning to some weights (the others stay at `start`).
    """
    settings = settings or SpsaSettings()
    start = dict(start or default_weights(game))
    tuned = sorted(names or start)
    unknown = [n for n in tuned if n not in start]
    if unknown:
        raise ValueError(f"unknown weights for {game}: {', '.join(unknown)}; known: {', '.join(sorted(start))}")
    if steps < 1:
        raise ValueError("steps must be at least 1")
    rng = random.Random(seed)
    theta = {n: float(v) for n, v in start.items()}
    scale = {n: max(settings.min_c, settings.c * abs(start[n])) for n in tuned}
    trace = []
    # Workers ignore Ctrl-C (the parent stops them) and are started with it held back, as the executor's are.
    pool = concurrent.futures.ProcessPoolExecutor(max_workers=workers, initializer=ignore_sigint) if workers > 1 else None
    finished = False
    try:
        for k in range(steps):
            a_k = settings.a / (k + 1 + settings.stability) ** 0.602 * (1 + settings.stability) ** 0.602
            c_k = 1.0 / (k + 1) ** 0.101
            probes = []
            for _ in range(settings.pairs_per_step):
                delta = {n: rng.choice((-1, 1)) for n in tuned}
                plus = {n: round(theta[n] + (c_k * scale[n] * delta[n] if n in delta else 0)) for n in theta}
                minus = {n: round(theta[n] - (c_k * scale[n] * delta[n] if n in delta else 0)) for n in theta}
                args = (game, plus, minus, settings.depth, rng.getrandbits(31), settings.opening)
                if pool:
                    with sigint_deferred():  # a worker starts on submit
                        probes.append((delta, pool.submit(_play_probe, *args)))
                else:
                    probes.append((delta, _play_probe(*args)))
            for delta, outcome in probes:
                result = outcome.result() if pool else outcome
                for n in tuned:
                    theta[n] += a_k * c_k * scale[n] * result * delta[n] / settings.pairs_per_step
            trace.append(dict(theta))
            if on_step:
                on_step(k, theta)
        finished = True
    finally:
        if pool:
            if finished:
                pool.shutdown(wait=True)
            else:  # interrupted or failed: the probes still running are abandoned, not waited for
                kill_pool(pool)
    weights = {n: int(round(v)) for n, v in theta.items()}
    return TuneResult(game, start, weights, steps, steps * settings.pairs_per_step * 2, settings, trace)
