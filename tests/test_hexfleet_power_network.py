"""`State.power_network()`: the engine's own chain facts, reported per column for the 3D table."""

from __future__ import annotations

import random

import triptych.hexfleet as hf
from hexfleet_helpers import pieces

def check(state) -> None:
    network = state.power_network()
    data = state.to_dict()
    occupied = {(s["q"], s["r"]) for s in data["stacks"]}
    assert {c["hex"] for c in network} == occupied
    by_hex = {c["hex"]: c for c in network}
    cores = [state.core(0), state.core(1)]
    for piece in pieces(occupied):
        ids = {by_hex[h]["component"] for h in piece}
        assert len(ids) == 1, piece                       # one id per connected piece...
        held = [side for side in (0, 1) if cores[side] in piece]
        assert all(by_hex[h]["cores"] == held for h in piece)
        for h in piece:                                   # ...and a cut vertex splits it when lifted out
            assert by_hex[h]["cut"] == (len(pieces(piece - {h})) > 1), h
    assert len({c["component"] for c in network}) == len(pieces(occupied))
    # In a legal position every tile is powered: its owner's Core is in its piece.
    for s in data["stacks"]:
        for tile in s["tiles"]:
            assert tile["owner"] in by_hex[(s["q"], s["r"])]["cores"]


def test_the_opening_is_one_piece_with_no_cut_vertex():
    state = hf.new_game()
    network = state.power_network()
    assert [c["cut"] for c in network] == [False, False]
    assert all(c["cores"] == [0, 1] for c in network)


def test_a_line_of_columns_has_its_inner_columns_as_cut_vertices():
    from hexfleet_helpers import position

    state = position({(0, 0): "C", (1, 0): "Y", (2, 0): "y", (3, 0): "c"})
    cut = {c["hex"]: c["cut"] for c in state.power_network()}
    assert cut == {(0, 0): False, (1, 0): True, (2, 0): True, (3, 0): False}


def test_network_matches_an_independent_graph_walk_over_random_games():
    rng = random.Random(11)
    seen_cut = False
    for _ in range(6):
        state = hf.new_game()
        for _ in range(80):
            if state.is_terminal():
                break
            check(state)
            seen_cut |= any(c["cut"] for c in state.power_network())
            state.apply(rng.choice(state.legal_actions()))
    assert seen_cut
