"""Texel-style tuning: evaluation weights fitted to positions labelled with the results of real games.

Every position of a set of match records (``triptych match --json``) is labelled with the game's result
from the side to act's point of view (1 a win, 1/2 a draw, 0 a loss). Both evaluations are linear in
their weights (``evaluate(s, w) = sum_i w_i f_i(s)``), so each position is reduced once to its feature
vector f(s) — read off the native evaluation with one weight set at a time — and the fit is a logistic
regression: the predicted result is ``sigmoid(f(s) . w / K)``. K, the centi-units per logistic unit, is
first fitted with today's weights and then held, so the tuned weights keep the scale the search's
margins (aspiration windows, the win scores) were made for. The weights minimise the mean log-loss
plus a small L2 pull toward today's (``prior``), which holds weights that the data hardly sees.
Newton's method solves it exactly (the loss is convex and there are a dozen weights).

Positions from many games at a real search depth are the input that matters: positions a weak player
reaches say little about the positions a strong one does. ``triptych tune GAME --method texel --records
FILE...`` writes the weights as JSON that players load with ``alphabeta:4,weights=FILE``.
"""

from __future__ import annotations

import importlib
import json
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from triptych.games import load

# Features are read with a weight of this size, so the integer arithmetic inside the evaluations
# (Hexfleet's countdown scaling, AquaIgnis's 3/4 of a breakthrough) rounds away less than 1/_UNIT.
_UNIT = 4096


@dataclass
class PositionSet:
    """Feature vectors of labelled positions: ``features[i] . weights`` is position i's evaluation."""

    game: str
    names: list[str]          # the weight of each feature column
    features: np.ndarray      # (positions, weights) float64
    labels: np.ndarray        # (positions,) result for the side to act: 1, 0.5 or 0
    games: int = 0            # how many game records they came from

    def __len__(self) -> int:
        return len(self.labels)


@dataclass
class TexelResult:
    game: str
    start: dict[str, int]
    weights: dict[str, int]
    scale: float              # K: centi-units per logistic unit
    positions: int
    games: int
    loss_start: float         # mean log-loss of today's weights
    loss: float               # mean log-loss of the tuned weights
    prior: float
    sources: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "weights": self.weights, "start": self.start, "method": "texel",
                "scale": round(self.scale, 2), "positions": self.positions, "games": self.games,
                "loss_start": round(self.loss_start, 6), "loss": round(self.loss, 6), "prior": self.prior,
                "sources": self.sources}


def _native(game: str) -> Any:
    load(game)  # an unknown game fails here, naming the known ones
    native = importlib.import_module(f"triptych._core.{game}")
    if not hasattr(native, "EVAL_WEIGHTS"):
        raise ValueError(f"{game} has no tunable evaluation (two-player games only)")
    return native


def features(game: str, states: Iterable[Any]) -> tuple[list[str], np.ndarray]:
    """Each state's evaluation split by weight: row i, column j is f_j(state i), so row . w = evaluate."""
    native = _native(game)
    names = sorted(native.EVAL_WEIGHTS)
    zero = {n: 0 for n in names}
    probes = [zero | {n: _UNIT} for n in names]
    rows = [[native.evaluate(s, probe) / _UNIT for probe in probes] for s in states]
    return names, np.array(rows, dtype=np.float64).reshape(-1, len(names))


def load_records(paths: Sequence[str | Path]) -> list[dict[str, Any]]:
    """The game records of match JSON files (``triptych match --json``), in file order."""
    records = []
    for path in paths:
        try:
            data = json.loads(Path(path).read_text())
        except OSError as err:
            raise ValueError(f"records file {str(path)!r}: {err.strerror}") from None
        except json.JSONDecodeError as err:
            raise ValueError(f"records file {str(path)!r} is not valid JSON: {err}") from None
        games = data.get("games") if isinstance(data, dict) else None
        if not isinstance(games, list):
            raise ValueError(f"records file {str(path)!r} holds no 'games' list (write one with triptych match --json)")
        records.extend(games)
    return records


def positions_from_records(game: str, records: Sequence[dict[str, Any]], *, max_positions: int | None = None,
                           skip: int = 2, seed: int = 0) -> PositionSet:
    """Replays each record and labels every position after its random opening (and `skip` more actions)
    with the game's result for the side to act. Finished positions are left out; with `max_positions`, a
    seeded sample of that many is kept (every game contributing alike)."""
    module = load(game)
    chosen: list[Any] = []
    labels: list[float] = []
    used = 0
    for record in records:
        if record.get("game") != game:
            raise ValueError(f"a record of {record.get('game')!r} among {game} records")
        state = module.new_game(**record.get("options", {}))
        winner = record["winner"]
        first = int(record.get("opening", 0)) + skip
        for ply, notation in enumerate(record["actions"]):
            if ply >= first and not state.is_terminal():
                chosen.append(state.clone())
                labels.append(0.5 if winner is None else float(winner == state.to_move))
            state.apply(notation)
        used += 1
    if max_positions is not None and len(chosen) > max_positions:
        keep = sorted(random.Random(seed).sample(range(len(chosen)), max_positions))
        chosen = [chosen[i] for i in keep]
        labels = [labels[i] for i in keep]
    names, table = features(game, chosen)
    return PositionSet(game, names, table, np.array(labels, dtype=np.float64), used)


def _sigmoid(x: np.ndarray) -> np.ndarray:
    return 0.5 * (1.0 + np.tanh(0.5 * x))  # stable for large |x|


def log_loss(positions: PositionSet, weights: np.ndarray, scale: float) -> float:
    """Mean cross-entropy of the results predicted by sigmoid(f . w / scale)."""
    p = np.clip(_sigmoid(positions.features @ weights / scale), 1e-12, 1 - 1e-12)
    y = positions.labels
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def fit_scale(positions: PositionSet, weights: np.ndarray) -> float:
    """The K that best predicts the results from these weights' evaluations (Newton on 1/K)."""
    z = positions.features @ weights
    y = positions.labels
    if not np.any(z):
        raise ValueError("every position evaluates to 0: nothing to fit the scale to")
    inverse = 1.0 / 400.0
    for _ in range(100):
        p = _sigmoid(inverse * z)
        gradient = float(np.sum((p - y) * z))
        curvature = float(np.sum(p * (1 - p) * z * z)) + 1e-12
        step = gradient / curvature
        inverse = max(inverse - step, 1e-6)
        if abs(step) < 1e-12 * max(1.0, inverse):
            break
    return 1.0 / inverse


def fit_weights(positions: PositionSet, start: np.ndarray, scale: float, *, tuned: Sequence[bool] | None = None,
                prior: float = 1e-3, iterations: int = 50) -> np.ndarray:
    """The weights minimising mean log-loss + prior * mean(((w - start) / size)^2), size = max(|start|, 20).

    Only the weights marked in `tuned` move. Newton's method with a backtracking line search; the loss is
    convex, so the minimum found is the minimum.
    """
    mask = np.ones(len(start), dtype=bool) if tuned is None else np.asarray(tuned, dtype=bool)
    x = positions.features[:, mask]
    y = positions.labels
    n = max(len(y), 1)
    size = np.maximum(np.abs(start[mask]), 20.0) / scale
    fixed = positions.features[:, ~mask] @ start[~mask] / scale
    beta0 = start[mask] / scale
    penalty = prior / max(int(mask.sum()), 1) / size**2

    def objective(beta: np.ndarray) -> float:
        z = x @ beta + fixed
        loss = np.logaddexp(0.0, z) - y * z  # log-loss of a logit, stable
        return float(np.sum(loss) / n + np.sum(penalty * (beta - beta0) ** 2))

    beta = beta0.copy()
    value = objective(beta)
    for _ in range(iterations):
        p = _sigmoid(x @ beta + fixed)
        gradient = x.T @ (p - y) / n + 2 * penalty * (beta - beta0)
        hessian = (x * (p * (1 - p))[:, None]).T @ x / n + np.diag(2 * penalty + 1e-12)
        step = np.linalg.solve(hessian, gradient)
        t = 1.0
        while t > 1e-6:
            candidate = beta - t * step
            new = objective(candidate)
            if new <= value:
                break
            t /= 2
        else:
            break
        beta, improvement, value = candidate, value - new, new
        if improvement < 1e-13:
            break
    weights = start.astype(np.float64).copy()
    weights[mask] = beta * scale
    return weights


def texel(game: str, positions: PositionSet, *, start: dict[str, int] | None = None,
          names: Sequence[str] | None = None, prior: float = 1e-3, keep_spread: bool = True,
          sources: Sequence[str] = (),
          on_stage: Callable[[str], None] | None = None) -> TexelResult:
    """Fits `game`'s weights to `positions` from `start` (default: today's); `names` limits which move.

    With `keep_spread` (and every weight tuned), the fitted weights are rescaled so that their
    evaluations of these positions spread as widely (standard deviation) as today's do.
    """
    native = _native(game)
    start = dict(start or native.EVAL_WEIGHTS)
    unknown = [n for n in (names or []) if n not in start] + [n for n in start if n not in positions.names]
    if unknown:
        raise ValueError(f"unknown weights for {game}: {', '.join(unknown)}; known: {', '.join(positions.names)}")
    if len(positions) == 0:
        raise ValueError("no positions to fit (are the records empty, or all opening?)")
    w0 = np.array([start[n] for n in positions.names], dtype=np.float64)
    tuned = [names is None or n in names for n in positions.names]
    if on_stage:
        on_stage("scale")
    scale = fit_scale(positions, w0)
    if on_stage:
        on_stage("weights")
    fitted = fit_weights(positions, w0, scale, tuned=tuned, prior=prior)
    if keep_spread and names is None:
        # The search's margins (aspiration windows, quiescence stand-pat, the win scores) were set for
        # evaluations of today's spread: the fit keeps the direction it found and today's spread.
        spread = float(np.std(positions.features @ fitted))
        if spread > 0:
            fitted *= float(np.std(positions.features @ w0)) / spread
    weights = {n: int(round(v)) for n, v in zip(positions.names, fitted)}
    rounded = np.array([weights[n] for n in positions.names], dtype=np.float64)
    # Each set is judged at its own best scale (the rescaled weights have their own K).
    return TexelResult(game, start, weights, scale, len(positions), positions.games,
                       log_loss(positions, w0, scale), log_loss(positions, rounded, fit_scale(positions, rounded)),
                       prior, list(sources))


def evaluation_matches_features(game: str, states: Iterable[Any], weights: dict[str, int]) -> float:
    """The largest gap between the native evaluation and features . weights (linearity check, centi-units)."""
    native = _native(game)
    states = list(states)
    names, table = features(game, states)
    w = np.array([weights[n] for n in names], dtype=np.float64)
    actual = np.array([native.evaluate(s, weights) for s in states], dtype=np.float64)
    return float(np.max(np.abs(table @ w - actual))) if states else 0.0


__all__ = ["PositionSet", "TexelResult", "features", "load_records", "positions_from_records", "log_loss",
           "fit_scale", "fit_weights", "texel", "evaluation_matches_features"]
