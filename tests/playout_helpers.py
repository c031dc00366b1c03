"""Positions for tests, met along seeded uniformly random playouts (the same seed, the same positions)."""

from __future__ import annotations

import random
from typing import Any


def positions(module: Any, seed: int, count: int, every: int = 1, max_plies: int | None = None) -> list[Any]:
    """`count` positions met along seeded random playouts of `module`'s game, one every `every` actions
    (the first after `every - 1`); a playout ends where its game does, or after `max_plies` actions, and the
    next starts from a new game."""
    rng = random.Random(seed)
    out: list[Any] = []
    state, plies = module.new_game(), 0
    while len(out) < count:
        if state.is_terminal() or plies == max_plies:
            state, plies = module.new_game(), 0
        if plies % every == every - 1:
            out.append(state.clone())
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
        plies += 1
    return out


def position_after(module: Any, seed: int, actions: int) -> Any:
    """The position `actions` seeded random actions into a playout (a later playout's where one ends sooner)."""
    return positions(module, seed, 1, every=actions + 1)[0]
