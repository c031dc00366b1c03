"""Perft: the committed leaf counts of the Hexfleet action tree.

The table (tests/data/hexfleet/perft.json) pins move generation and the
rules from the start and from three mid-game positions (documented in
tests/data/hexfleet/README.md) that hold stacks, face-down ships, pushes
that crush and pushes that drop. The counts were cross-checked against the
slow reference generator (the literal chain test) node by node, as the
tests below do for the first plies.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import triptych.hexfleet as hf

DATA = Path(__file__).parent / "data" / "hexfleet"
TABLE = json.loads((DATA / "perft.json").read_text())
MIDGAMES = ("midgame1", "midgame2", "midgame3")


def load(name: str) -> hf.State:
    if name == "start":
        return hf.new_game()
    return hf.State.from_dict(json.loads((DATA / f"{name}.json").read_text()))


def python_perft(state: hf.State, depth: int) -> int:
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
    assert hf.perft(load(name), depth) == expected


def test_table_depths() -> None:
    assert int(max(TABLE["start"], key=int)) >= 5
    for name in MIDGAMES:
        assert int(max(TABLE[name], key=int)) >= 4


@pytest.mark.parametrize("name", ["start", *MIDGAMES])
def test_native_perft_matches_walk_through_public_api(name: str) -> None:
    state = load(name)
    depth = 3 if name == "start" else 2
    assert python_perft(state, depth) == hf.perft(state, depth)


# The table's counts before R4's default became the one-level spawn (issue 25): the tower reading is now
# the shield_towers option, and under it the tree is the one it was.
TOWER_COUNTS = {"midgame1": 106754, "midgame2": 26258, "midgame3": 102639}


@pytest.mark.parametrize("name", MIDGAMES)
def test_the_tower_option_gives_back_the_previous_counts(name: str) -> None:
    d = json.loads((DATA / f"{name}.json").read_text())
    d["options"]["shield_towers"] = True
    towers = hf.State.from_dict(d)
    assert hf.perft(towers, 3) == TOWER_COUNTS[name]
    assert hf.perft(load(name), 3) == TABLE[name]["3"] < TOWER_COUNTS[name]


@pytest.mark.parametrize("name", MIDGAMES)
def test_fast_generator_matches_reference_two_plies_deep(name: str) -> None:
    def walk(state: hf.State, depth: int) -> int:
        fast = [str(a) for a in state.legal_actions()]
        assert fast == [str(a) for a in state._legal_actions_reference()]
        if depth == 0:
            return 1
        for action in state.legal_actions():
            child = state.clone()
            child.apply(action)
            walk(child, depth - 1)
        return 1

    walk(load(name), 2)


@pytest.mark.parametrize("name", MIDGAMES)
def test_midgame_positions_hold_stacks_pushes_and_crushes(name: str) -> None:
    state = load(name)
    d = state.to_dict()
    assert sum(len(st["tiles"]) >= 2 for st in d["stacks"]) >= 5
    assert any(t["face_down"] for st in d["stacks"] for t in st["tiles"])
    victim = 1 - state.to_move
    outcomes = set()
    for action in state.legal_actions():
        if action.type != "push":
            continue
        child = state.clone()
        child.apply(action)
        crushed = sum(child.reserves[victim].values()) > sum(state.reserves[victim].values())
        outcomes.add("crush" if crushed else "lands")
    assert outcomes == {"crush", "lands"}
    assert any(a.type == "destroy" for a in state.legal_actions())
