"""The ``.nnue`` file (docs/nnue.md): header, quantization and the integer forward pass.

The float net (what the trainer holds) is a dict of numpy arrays:
``ft_w`` (F, A), ``ft_b`` (A,), ``l1_w`` (H, 2A), ``l1_b`` (H,), ``l2_w`` (H,), ``l2_b`` ().
:func:`quantize` turns it into the integers the engine reads; :func:`forward_int`
is the engine's forward pass in numpy (bit for bit what cpp/nnue/kernels.cpp computes),
and :func:`forward_float` the trainer's.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import numpy as np

from triptych.nnue.games import ACC_WIDTH, HIDDEN, NnueGame

MAGIC = b"TRPTNNUE"
FORMAT_VERSION = 1
QA, QB, QB_SHIFT = 127, 64, 6
HEADER = struct.Struct("<8s9I")  # magic, version, game, feature set, inputs, acc, hidden, out_scale, payload, crc
DEFAULT_OUT_SCALE = 1000
# Limits the trainer keeps the float weights within, so the integers fit (docs/nnue.md, Quantization).
FT_LIMIT = 2.0            # first-layer weights, at most (and less where many features are active:)


def ft_limit(max_active: int) -> float:
    """The first layer's weight limit for a game: its int16 accumulator, the bias plus `max_active` weights,
    never passes 32,000 (AquaIgnis, 59 active: 2.0; Hexfleet, 146 active: 1.71)."""
    return min(FT_LIMIT, 32_000 / (QA * (max_active + 1)))
DENSE_LIMIT = 127 / QB    # int8 dense weights
EVAL_LIMIT = 50_000


def quantize(net: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """The integer net: int16 first layer (x QA), int8 dense weights (x QB), int32 biases (x QA*QB)."""
    def rounded(x: np.ndarray, scale: float, dtype: type, limit: int) -> np.ndarray:
        return np.clip(np.rint(np.asarray(x, dtype=np.float64) * scale), -limit, limit).astype(dtype)
    return {
        "ft_w": rounded(net["ft_w"], QA, np.int16, 32767),
        "ft_b": rounded(net["ft_b"], QA, np.int16, 32767),
        "l1_w": rounded(net["l1_w"], QB, np.int8, 127),
        "l1_b": rounded(net["l1_b"], QA * QB, np.int32, 2**31 - 1),
        "l2_w": rounded(net["l2_w"], QB, np.int8, 127),
        "l2_b": rounded(net["l2_b"], QA * QB, np.int32, 2**31 - 1),
    }


def _payload(q: dict[str, np.ndarray]) -> bytes:
    parts = [q["ft_b"].astype("<i2"), q["ft_w"].astype("<i2"), q["l1_b"].astype("<i4"), q["l1_w"].astype("i1"),
             np.asarray(q["l2_b"]).reshape(1).astype("<i4"), q["l2_w"].astype("i1")]
    return b"".join(np.ascontiguousarray(p).tobytes() for p in parts)


def net_bytes(game: NnueGame, net: dict[str, np.ndarray], out_scale: int = DEFAULT_OUT_SCALE) -> bytes:
    """The complete ``.nnue`` file for the float `net`, quantized."""
    q = quantize(net)
    if q["ft_w"].shape != (game.features, ACC_WIDTH) or q["l1_w"].shape != (HIDDEN, 2 * ACC_WIDTH):
        raise ValueError(f"net shapes {q['ft_w'].shape}, {q['l1_w'].shape} do not fit {game.name}'s feature set")
    payload = _payload(q)
    header = HEADER.pack(MAGIC, FORMAT_VERSION, game.game_id, game.feature_set, game.features, ACC_WIDTH, HIDDEN,
                         out_scale, len(payload), zlib.crc32(payload))
    return header + payload


def write_net(path: str | Path, game: NnueGame, net: dict[str, np.ndarray], out_scale: int = DEFAULT_OUT_SCALE) -> Path:
    path = Path(path)
    path.write_bytes(net_bytes(game, net, out_scale))
    return path


def _accumulate(ft_w: np.ndarray, ft_b: np.ndarray, features: np.ndarray) -> np.ndarray:
    """Sum of the active columns plus the bias; `features` (N, 2, K) padded with -1 -> (N, 2, A)."""
    padded = np.concatenate([ft_w, np.zeros((1, ft_w.shape[1]), ft_w.dtype)])
    index = np.where(features < 0, ft_w.shape[0], features)
    summed: np.ndarray = padded[index].sum(axis=2) + ft_b
    return summed


def forward_int(q: dict[str, np.ndarray], features: np.ndarray, out_scale: int = DEFAULT_OUT_SCALE) -> np.ndarray:
    """The engine's evaluation (centi-units, side to act) of positions given as (N, 2, K) features, side to act first."""
    acc = _accumulate(q["ft_w"].astype(np.int64), q["ft_b"].astype(np.int64), features)
    acc = acc.astype(np.int16).astype(np.int64)  # the engine's accumulator is int16 (wraps; the limits keep it in range)
    x = np.clip(acc, 0, QA).reshape(len(features), 2 * ACC_WIDTH)
    hidden = np.clip((x @ q["l1_w"].astype(np.int64).T + q["l1_b"]) >> QB_SHIFT, 0, QA)
    out = hidden @ q["l2_w"].astype(np.int64) + int(q["l2_b"])
    scaled = np.abs(out * out_scale) // (QA * QB) * np.sign(out)  # truncated toward zero, as C++ divides
    clipped: np.ndarray = np.clip(scaled, -EVAL_LIMIT, EVAL_LIMIT)
    return clipped


def forward_float(net: dict[str, np.ndarray], features: np.ndarray, out_scale: int = DEFAULT_OUT_SCALE) -> np.ndarray:
    """The float net's evaluation in centi-units (what the trainer learns), in numpy."""
    acc = _accumulate(np.asarray(net["ft_w"], np.float64), np.asarray(net["ft_b"], np.float64), features)
    x = np.clip(acc, 0.0, 1.0).reshape(len(features), 2 * ACC_WIDTH)
    hidden = np.clip(x @ np.asarray(net["l1_w"], np.float64).T + net["l1_b"], 0.0, 1.0)
    evaluation: np.ndarray = (hidden @ np.asarray(net["l2_w"], np.float64) + float(net["l2_b"])) * out_scale
    return evaluation


def dequantize(q: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """The float net the integers stand for (what the engine computes, but for its activations' rounding)."""
    return {"ft_w": q["ft_w"] / QA, "ft_b": q["ft_b"] / QA, "l1_w": q["l1_w"] / QB, "l1_b": q["l1_b"] / (QA * QB),
            "l2_w": q["l2_w"] / QB, "l2_b": np.asarray(q["l2_b"]) / (QA * QB)}


def rounding_bound(q: dict[str, np.ndarray], out_scale: int = DEFAULT_OUT_SCALE) -> float:
    """The most the engine's evaluation may differ from ``forward_float(dequantize(q))``, in centi-units.

    With the weights on their integer grid, the accumulators and the first dense
    layer's sums are exact; the only roundings left are the shift that floors each
    hidden activation (less than one step, 1/QA) and the final division's truncation
    (less than one centi-unit).
    """
    return float(np.abs(q["l2_w"] / QB).sum() / QA * out_scale + 1.0)


def quantization_bound(net: dict[str, np.ndarray], features: np.ndarray,
                       out_scale: int = DEFAULT_OUT_SCALE) -> np.ndarray:
    """Per position, the most the engine's evaluation may differ from the float `net`'s, in centi-units.

    The weights' rounding is propagated through the layers (clipped ReLUs are
    1-Lipschitz): the accumulators' difference is exact (the layer is linear),
    each dense layer adds |quantized W| times its input's error plus |rounding of W|
    times its input plus its bias's rounding; then :func:`rounding_bound` adds the
    activations' own rounding.
    """
    q = quantize(net)
    deq = dequantize(q)
    f64 = {k: np.asarray(v, np.float64) for k, v in net.items()}
    acc = _accumulate(f64["ft_w"], f64["ft_b"], features)
    d_acc = np.abs(_accumulate(deq["ft_w"] - f64["ft_w"], deq["ft_b"] - f64["ft_b"], features))
    x = np.clip(acc, 0.0, 1.0).reshape(len(features), 2 * ACC_WIDTH)
    dx = d_acc.reshape(len(features), 2 * ACC_WIDTH)
    h = np.clip(x @ f64["l1_w"].T + f64["l1_b"], 0.0, 1.0)
    dh = dx @ np.abs(deq["l1_w"]).T + x @ np.abs(deq["l1_w"] - f64["l1_w"]).T + np.abs(deq["l1_b"] - f64["l1_b"])
    dout = dh @ np.abs(deq["l2_w"]) + h @ np.abs(deq["l2_w"] - f64["l2_w"]) + abs(float(deq["l2_b"] - f64["l2_b"]))
    bound: np.ndarray = dout * out_scale + rounding_bound(q, out_scale)
    return bound
