"""The true range of every feature of each game's observation, for the envs' Box spaces.

Each function returns ``(low, high)``, float32 arrays shaped like the observation. The ranges follow
the encodings in docs/rules/<game>.md and the limits the engines hold positions to (``State.from_dict``
refuses anything outside them, and play never leaves them).
"""

from __future__ import annotations

from typing import Any

import numpy as np

import triptych.combat as combat
from triptych.games import load

_INT16 = (-32768, 32767)


def aquaignis_bounds() -> tuple[np.ndarray, np.ndarray]:
    """Every AquaIgnis plane lies in 0..1: pieces by charge and linked flows are 0/1 marks, barrier
    durability is divided by its cap 3, the scores by the 4 breakthroughs that end the game."""
    shape = tuple(load("aquaignis").OBSERVATION_SHAPE)
    return np.zeros(shape, np.float32), np.ones(shape, np.float32)


def hexfleet_bounds() -> tuple[np.ndarray, np.ndarray]:
    """Hexfleet's planes (docs/rules/hexfleet.md, Observation): 0/1 marks and fractions in 0..1, except the
    buried-tile counts and the column height, each divided by 8. Each side has 24 tiles (the fleet is always
    24 with its Core), so a column holds at most 24 buried tiles of one side (3.0) and 48 tiles (6.0)."""
    shape = tuple(load("hexfleet").OBSERVATION_SHAPE)
    low, high = np.zeros(shape, np.float32), np.ones(shape, np.float32)
    tiles_per_side = 24
    high[12] = high[13] = tiles_per_side / 8  # the mover's / the opponent's buried tiles in the column / 8
    high[14] = 2 * tiles_per_side / 8  # the column's height / 8
    return low, high


def combat_bounds(variant: str, params: dict[str, Any] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Combat's raw position vector (docs/rules/combat.md, Observation), field by field, with the ranges
    ``from_dict`` holds each field to; the fight's turn cap bounds its turn. The fields each variant names
    for itself (its choice, resolution cursor, slot marks and counters) have variant-specific ranges
    checked in each variant's C++; those it uses get the 16-bit range the engine stores them in, those it
    does not are 0. Past index 187 the vector is zero padding."""
    native = combat.new_game(variant, seed=0, params=params or {})
    saved = native.to_dict()
    turn_cap = int(saved["params"].get("turn_cap", 100))
    # The marks and counters this variant names (to_dict lists them by name, in the engine's order); the
    # rest are unused and held at 0.
    marks = len([key for key in saved["slots"][0] if key != "card"])
    counters = len(saved["counters"])
    fighter = [(0, 999), (1, 999), (0, 999), (0, 999), (0, 99), (0, 99), (0, 99), (-99, 99), (-99, 99), (0, 99)]
    ranges = [
        (0, len(combat.variant_ids()) - 1),  # 0 variant index
        (1, turn_cap + 1),  # 1 turn
        (0, 3),  # 2 stage: player, resolve, enemy, over
        (0, 1),  # 3 phase: placement, rolled
        (0, _INT16[1]),  # 4 choice (variant-defined)
        (0, 0),  # 5 choice_arg: no variant uses it
        (0, _INT16[1]),  # 6 cursor (variant-defined)
        (-1, 1),  # 7 winner
        (0, 999),  # 8 energy
        (0, 3),  # 9 intent
        (0, 1),  # 10 gated
        (0, 2 * 999),  # 11 pending_draws: two parameters' worth at most (kMaxPendingDraws, cpp/combat/params.h)
        (0, 2),  # 12 draw_source: draw, hand, discard
        (0, 1),  # 13 pending_roll
        (-1, 4),  # 14 number (-1 not rolled, 0 blank)
        (-1, 5),  # 15 element (-1 not rolled, 5 blank)
        (0, 999),  # 16 rolls
        (0, 999),  # 17 block_gained
        *[(0, 5)] * 6,  # 18-23 the element die's faces
        *fighter,  # 24-33 the player
        *fighter,  # 34-43 the Sentinel
        *[(-1, 24), *[_INT16] * marks, *[(0, 0)] * (6 - marks)] * 4,  # 44-71 four slots: card or -1, six marks
        *[_INT16] * counters, *[(0, 0)] * (16 - counters),  # 72-87 counters
        *[(0, 99)] * 100,  # 88-187 four piles x 25 card codes
    ]
    size = int(np.prod(combat.OBSERVATION_SHAPE))
    low, high = np.zeros(size, np.float32), np.zeros(size, np.float32)  # the padding is 0
    low[: len(ranges)] = [lo for lo, _ in ranges]
    high[: len(ranges)] = [hi for _, hi in ranges]
    return low.reshape(combat.OBSERVATION_SHAPE), high.reshape(combat.OBSERVATION_SHAPE)


BOUNDS = {"aquaignis": aquaignis_bounds, "hexfleet": hexfleet_bounds}

__all__ = ["BOUNDS", "aquaignis_bounds", "combat_bounds", "hexfleet_bounds"]
