"""The NNUE trainer: JAX on the CPU with Optax (the ``train`` extra; docs/nnue.md, Training).

The float net is the engine's net before rounding: a shared sparse first layer
(the feature columns summed, as the accumulator does), clipped ReLUs at 0..1, a
16-wide hidden layer and one output in units of ``out_scale`` centi-units. The
loss is nnue-pytorch's: the prediction ``sigmoid(eval / K)`` against
``lambda * sigmoid(score / K) + (1 - lambda) * result``, mean squared. Weights
are clipped after every step to the ranges the quantized file can hold.

Training is factorized (``TrainConfig.factorize``, docs/nnue.md): each feature
also counts as the coarser features the game lists (``nnue_factors``: a tile at
the same distance from a Core, a unit on the same row of any flow, ...), whose
weights are learnt too and added into their features' at the end, so the net
written has the engine's shape and what was learnt from one feature carries to
those like it.

Residual training (``TrainConfig.classic_share`` above 0, docs/nnue.md): the net
learns a correction to the classic evaluation, not the whole evaluation. The
prediction is ``sigmoid((classic + eval) / K)``, the net starts at zero (so at
first it is exactly the classic), and the file is written with the out_scale
at which the engine's blend at that share, ``((100 - s) net + s classic) / 100``,
is ``s / 100 * (classic + eval)``: the evaluation trained, scaled by s / 100.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from triptych.nnue.games import ACC_WIDTH, HIDDEN, NnueGame, nnue_game
from triptych.nnue.netfile import DEFAULT_OUT_SCALE, DENSE_LIMIT, ft_limit


@dataclass(frozen=True)
class TrainConfig:
    epochs: int = 10
    batch_size: int = 256
    learning_rate: float = 1e-3
    # None: the rate stays learning_rate. Else it falls along a cosine from learning_rate to lr_end over the
    # whole run, so the last batches settle the weights instead of shaking them at the full rate.
    lr_end: float | None = None
    weight_decay: float = 0.0    # AdamW's decoupled decay of the weights (not the biases); 0: plain Adam
    lam: float = 0.75            # weight of the search score against the result
    scale: float = 1500.0        # K: centi-units per logistic unit
    validation: float = 0.1      # share of the games held out
    seed: int = 0
    out_scale: int = DEFAULT_OUT_SCALE
    factorize: bool = True       # learn the game's factors too (folded into the features at the end)
    # 0: the net is the whole evaluation. 1..99: the net is a correction to the classic evaluation, written
    # to be searched with this classic share (see file_out_scale).
    classic_share: int = 0

    def __post_init__(self) -> None:
        if (self.epochs < 1 or self.batch_size < 1 or not 0 <= self.lam <= 1 or not 0 < self.validation < 1
                or self.weight_decay < 0 or not 0 <= self.classic_share <= 99
                or (self.lr_end is not None and not 0 <= self.lr_end <= self.learning_rate)):
            raise ValueError(f"bad training configuration: {self}")

    @property
    def residual(self) -> bool:
        return self.classic_share > 0

    @property
    def file_out_scale(self) -> int:
        """The out_scale written to the file.

        A residual net's output is in units of ``out_scale``; searched at classic share s, the engine takes
        ``(100 - s)`` parts of it and s of the classic, so writing ``out_scale * s / (100 - s)`` makes the
        blend ``s / 100 * (classic + net)`` (rounded to a whole out_scale).
        """
        if not self.residual:
            return self.out_scale
        return round(self.out_scale * self.classic_share / (100 - self.classic_share))


def fit_scale(score: np.ndarray, result: np.ndarray) -> float:
    """The K (centi-units per logistic unit) for which ``sigmoid(score / K)`` best predicts the results.

    Least squares over a log-spaced grid, refined once around the best: the scale at which a search
    score means the win rate it then has in the data (nnue-pytorch's "scaling" of its score term).
    """
    score = np.asarray(score, np.float64)
    result = np.asarray(result, np.float64)

    def error(k: float) -> float:
        return float(np.mean((1.0 / (1.0 + np.exp(-np.clip(score / k, -50, 50))) - result) ** 2))

    grid = np.geomspace(50.0, 50_000.0, 61)
    best = grid[int(np.argmin([error(k) for k in grid]))]
    fine = np.geomspace(best / 1.13, best * 1.13, 25)
    return float(fine[int(np.argmin([error(k) for k in fine]))])


def init_net(game: NnueGame, seed: int, residual: bool = False) -> dict[str, np.ndarray]:
    """A fresh float net: small random weights, accumulators starting mid-range.

    A residual net's output layer starts at zero: the untrained correction adds nothing to the classic.
    """
    rng = np.random.default_rng(seed)
    net = {
        "ft_w": rng.normal(0.0, 0.05, (game.features, ACC_WIDTH)).astype(np.float32),
        "ft_b": np.full(ACC_WIDTH, 0.5, np.float32),
        "l1_w": rng.normal(0.0, 1.0 / np.sqrt(2 * ACC_WIDTH), (HIDDEN, 2 * ACC_WIDTH)).astype(np.float32),
        "l1_b": np.full(HIDDEN, 0.1, np.float32),
        "l2_w": rng.normal(0.0, 1.0 / np.sqrt(HIDDEN), HIDDEN).astype(np.float32),
        "l2_b": np.zeros((), np.float32),
    }
    if residual:
        net["l2_w"] = np.zeros(HIDDEN, np.float32)
    return net


def split_by_game(games: np.ndarray, share: float, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Training and validation row indices; no game has positions in both."""
    ids = np.unique(games)
    rng = np.random.default_rng(seed)
    held = rng.permutation(ids)[:max(1, int(round(len(ids) * share)))]
    is_val = np.isin(games, held)
    if is_val.all():
        raise ValueError("too few games to hold some out for validation")
    return np.flatnonzero(~is_val), np.flatnonzero(is_val)


def _functions(config: TrainConfig, first_layer_limit: float = 2.0, game: NnueGame | None = None,
               steps: int = 0) -> tuple[Callable[..., Any], Callable[..., Any], Any]:
    """The jitted training step, the loss and the optimizer for `config`'s loss and learning rate.

    With `game` and ``config.factorize``, the parameters carry ``fac_w`` (the factors' weights; see
    `fold`); without, the plain net's. `steps`, the run's batches in all, is what ``config.lr_end``'s
    decay spans.
    """
    factor_game = game.name if game is not None and config.factorize else None
    if config.lr_end is not None and steps < 1:
        raise ValueError(f"a falling learning rate needs the run's steps to fall over, not {steps}")
    decay = (config.lr_end, steps) if config.lr_end is not None else None
    return _compiled(config.lam, config.scale, config.learning_rate, config.out_scale, first_layer_limit,
                     factor_game, config.weight_decay, config.residual, decay)


def _factor_index(game_name: str) -> np.ndarray:
    """The game's factor map with its -1 padding pointing at a zero row past the last factor."""
    game = nnue_game(game_name)
    factors = np.asarray(game.factors(), np.int32)
    return np.where(factors < 0, game.factor_features, factors)


def fold(params: dict[str, Any], factor_index: Any) -> Any:
    """The first layer the engine gets: each feature's weights plus those of the factors it counts as."""
    import jax.numpy as jnp

    if "fac_w" not in params:
        return params["ft_w"]
    factors = jnp.concatenate([params["fac_w"], jnp.zeros((1, ACC_WIDTH), params["fac_w"].dtype)])
    return params["ft_w"] + factors[factor_index].sum(axis=1)


@functools.lru_cache(maxsize=8)
def _compiled(lam: float, scale: float, learning_rate: float, out_scale: int, first_layer_limit: float,
              factor_game: str | None, weight_decay: float = 0.0, residual: bool = False,
              decay: tuple[float, int] | None = None) -> tuple[Callable[..., Any], Callable[..., Any], Any]:
    """Built once per setting: JAX compiles a jitted function again for every new closure."""
    config = TrainConfig(lam=lam, scale=scale, learning_rate=learning_rate, out_scale=out_scale)
    import jax
    import jax.numpy as jnp
    import optax  # type: ignore[import-untyped]  # optax ships no type information

    factor_index = jnp.asarray(_factor_index(factor_game)) if factor_game else None

    def evaluate(params: dict[str, Any], features: Any) -> Any:
        """Centi-units / out_scale for the side to act; features (B, 2, K) padded with -1."""
        first = fold(params, factor_index)
        table = jnp.concatenate([first, jnp.zeros((1, ACC_WIDTH), first.dtype)])
        index = jnp.where(features < 0, first.shape[0], features)
        acc = table[index].sum(axis=2) + params["ft_b"]          # (B, 2, A)
        x = jnp.clip(acc, 0.0, 1.0).reshape(features.shape[0], 2 * ACC_WIDTH)
        hidden = jnp.clip(x @ params["l1_w"].T + params["l1_b"], 0.0, 1.0)
        return hidden @ params["l2_w"] + params["l2_b"]

    def loss(params: dict[str, Any], features: Any, score: Any, result: Any, classic: Any) -> Any:
        # `classic` is the classic evaluation a residual net corrects (zeros for a plain net).
        evaluation = evaluate(params, features) * config.out_scale + (classic if residual else 0.0)
        predicted = jax.nn.sigmoid(evaluation / config.scale)
        target = config.lam * jax.nn.sigmoid(score / config.scale) + (1.0 - config.lam) * result
        return jnp.mean((predicted - target) ** 2)

    rate: Any = learning_rate
    if decay is not None:
        lr_end, steps = decay
        rate = optax.cosine_decay_schedule(learning_rate, decay_steps=steps, alpha=lr_end / learning_rate)
    if weight_decay > 0:
        optimizer = optax.adamw(rate, weight_decay=weight_decay,
                                mask=lambda params: {k: k.endswith("_w") for k in params})
    else:
        optimizer = optax.adam(rate)

    def clip(params: dict[str, Any]) -> dict[str, Any]:
        limits = {"ft_w": first_layer_limit, "ft_b": first_layer_limit, "l1_w": DENSE_LIMIT, "l2_w": DENSE_LIMIT,
                  "fac_w": first_layer_limit}
        clipped = {k: jnp.clip(v, -limits[k], limits[k]) if k in limits else v for k, v in params.items()}
        if "fac_w" in clipped:
            # What the file holds is the folded weight: take any excess over the limit off the feature's own.
            folded = fold(clipped, factor_index)
            clipped["ft_w"] = clipped["ft_w"] - (folded - jnp.clip(folded, -first_layer_limit, first_layer_limit))
        return clipped

    @jax.jit
    def step(params: dict[str, Any], state: Any, features: Any, score: Any, result: Any, classic: Any) -> Any:
        value, grads = jax.value_and_grad(loss)(params, features, score, result, classic)
        updates, state = optimizer.update(grads, state, params)
        return clip(optax.apply_updates(params, updates)), state, value

    return step, jax.jit(loss), optimizer


def without_apart(data: dict[str, Any]) -> dict[str, Any]:
    """The data without its positions whose networks stand apart; ValueError when it does not say which.

    The NNUE search scales an apart position's evaluation by the separation outlook (docs/nnue.md), so a
    net that had also learnt those positions' pull toward the draw would count the separation twice.
    """
    if "apart" not in data:
        raise ValueError("this data does not record which positions have the networks apart (only Hexfleet's "
                         "self-play of format 3 or later does): play new data with `triptych selfplay`, or "
                         "train without --skip-apart")
    keep = ~np.asarray(data["apart"], dtype=bool)
    if not keep.any():
        raise ValueError("every position of this data has the networks apart: nothing is left to train on")
    rows = len(keep)
    return {k: (v[keep] if isinstance(v, np.ndarray) and v.shape[:1] == (rows,) else v) for k, v in data.items()}


def train(game: NnueGame, data: dict[str, Any], config: TrainConfig,
          on_epoch: Callable[[int, float, float], None] | None = None,
          stop: Callable[[], bool] | None = None) -> dict[str, Any]:
    """Trains a net on self-play `data` (see selfplay.load); returns the float net and the loss history.

    The net returned is the one after the epoch with the lowest validation loss (``best_epoch``; 0 is
    the untrained net): positions of one game are alike, so a small data set is soon learnt by heart.
    ``stop`` is asked after every batch; when it says so, training raises KeyboardInterrupt there.
    """
    import jax.numpy as jnp

    features = np.asarray(data["features"])
    if features.shape[1:] != (2, game.max_active):
        raise ValueError(f"the data's features have shape {features.shape[1:]}, {game.name} needs (2, {game.max_active})")
    score = np.asarray(data["score"], np.float32)
    result = np.asarray(data["result"], np.float32)
    if config.residual and "classic" not in data:
        raise ValueError("residual training needs each position's classic evaluation as the NNUE search blends it, "
                         "and this data has none (written before self-play recorded it, or for Hexfleet before "
                         "format 3): play new data with `triptych selfplay`")
    classic = np.asarray(data["classic"], np.float32) if config.residual else np.zeros_like(score)
    train_rows, val_rows = split_by_game(np.asarray(data["game"]), config.validation, config.seed)
    # Whole batches only: one compiled shape (a partial last batch would compile again).
    batches = max(1, len(train_rows) // config.batch_size)
    step, loss, optimizer = _functions(config, ft_limit(game.max_active), game, steps=config.epochs * batches)
    initial = init_net(game, config.seed, config.residual)
    if config.factorize:
        initial["fac_w"] = np.zeros((game.factor_features, ACC_WIDTH), np.float32)  # the features' own at first
    params = {k: jnp.asarray(v) for k, v in initial.items()}
    opt_state = optimizer.init(params)
    rng = np.random.default_rng(config.seed)

    def validation_loss() -> float:
        total = 0.0
        for i in range(0, len(val_rows), 4096):
            rows = val_rows[i:i + 4096]
            total += float(loss(params, features[rows], score[rows], result[rows], classic[rows])) * len(rows)
        return total / len(val_rows)

    history = [validation_loss()]
    best, best_epoch = params, 0  # the net exported is the epoch with the lowest validation loss
    started = time.perf_counter()
    for epoch in range(1, config.epochs + 1):
        order = rng.permutation(train_rows)
        train_total = 0.0
        for b in range(batches):
            rows = order[b * config.batch_size:(b + 1) * config.batch_size]
            params, opt_state, value = step(params, opt_state, features[rows], score[rows], result[rows],
                                            classic[rows])
            train_total += float(value)
            if stop is not None and stop():
                raise KeyboardInterrupt
        history.append(validation_loss())
        if history[-1] < min(history[:-1]):
            best, best_epoch = params, epoch
        if on_epoch:
            on_epoch(epoch, train_total / batches, history[-1])
    net = {k: np.asarray(v) for k, v in best.items() if k != "fac_w"}
    if config.factorize:
        net["ft_w"] = np.asarray(fold(best, jnp.asarray(_factor_index(game.name))))
    return {"net": net, "best_epoch": best_epoch, "validation_loss": history,
            "seconds": time.perf_counter() - started, "train_positions": int(len(train_rows)),
            "validation_positions": int(len(val_rows))}
