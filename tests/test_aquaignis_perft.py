"""Perft: the committed leaf counts of the AquaIgnis action tree.

The table (tests/data/aquaignis/perft.json) pins move generation and the
rules: any change to either shows up as a different count. A Python-side
walk of the same tree through the public API checks that the C++ perft
counts the tree the bindings expose.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import triptych.aquaignis as aq

DATA = Path(__file__).parent / "data" / "aquaignis"
TABLE = json.loads((DATA / "perft.json").read_text())


def load(name: str) -> aq.State:
    if name == "start":
        return aq.new_game()
    return aq.State.from_dict(json.loads((DATA / f"{name}.json").read_text()))


def python_perft(state: aq.State, depth: int) -> int:
    if depth == 0:
        return 1
    total = 0
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        total += python_perft(child, depth - 1)
    return total


CASES = [(name, int(depth), count) for name, row in TABLE.items() for depth, count in row.items()]


@pytest.mark.parametrize("name,depth,expected", CASES, ids=[f"{n}-d{d}" for n, d, _ in CASES])
def test_perft_table(name: str, depth: int, expected: int) -> None:
    assert aq.perft(load(name), depth) == expected


def test_start_position_reaches_depth_5_in_table() -> None:
    assert int(max(TABLE["start"], key=int)) >= 5
    for name in ("midgame1", "midgame2", "midgame3"):
        assert name in TABLE


@pytest.mark.parametrize("name", ["start", "midgame1", "midgame2", "midgame3"])
def test_native_perft_matches_walk_through_public_api(name: str) -> None:
    state = load(name)
    assert python_perft(state, 3) == aq.perft(state, 3)


def test_midgame_positions_hold_links_barriers_and_crowns() -> None:
    # The documented mid-game positions exercise the rare rules, not just spawns.
    for name in ("midgame1", "midgame2", "midgame3"):
        d = load(name).to_dict()
        assert d["links"], name
        assert any(p["kind"] == "barrier" for p in d["pieces"]), name
        assert any(p["kind"] == "piece" and p["charge"] == 4 for p in d["pieces"]), name
