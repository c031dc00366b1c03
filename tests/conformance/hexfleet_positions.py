"""Shared pictures and small drivers for the Hexfleet conformance tests.

Pictures follow tests/hexfleet_helpers.py: {(q, r): "stack"}, tiles bottom to top, upper case player 0
("green" in the seed's diagrams), lower case player 1 ("purple"). The six edge-neighbours of (q, r) are
(q+1, r), (q+1, r-1), (q, r-1), (q-1, r), (q-1, r+1), (q, r+1).
"""

from __future__ import annotations

import triptych.hexfleet as hf

CORES = {(0, 0): "C", (1, 0): "c"}
RING1 = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
# Two networks joined only by player 1's Shield at (2,0) and player 0's at (1,0): destroying (1,0) parts them.
APART = {(0, 0): "C", (0, 1): "D", (1, 0): "S", (2, 0): "s", (3, 0): "c", (3, -1): "d"}


def total(reserve: dict[str, int]) -> int:
    return sum(reserve.values())


def quiet(state: hf.State) -> None:
    """Applies the first legal action that keeps the networks apart (or any action if none does)."""
    actions = state.legal_actions()
    for a in actions:
        t = state.clone()
        t.apply(a)
        if not t.networks_in_contact():
            state.apply(a)
            return
    state.apply(actions[0])


def play(state: hf.State, *actions: str) -> hf.State:
    for a in actions:
        state.apply(a)
    return state
