"""The shortcuts of Hexfleet's native move generation and evaluation, against slow definitions.

Move generation skips the cut-vertex DFS when it can (a lone tile whose neighbours form one arc
splits nothing; while the Cores are in contact there is one component), keeps whether the Cores
are in contact instead of searching for it, and judges a Frigate's landing spots from tabulated
sets of pieces. The evaluation asks for cut vertices only where a ship's neighbours leave it open.
These tests hold every shortcut to the slow definition on random games that include separated
networks (the positions where the shortcuts do not apply) and fought-over boards.
"""

from __future__ import annotations

import math
import random

import triptych._core as core
import triptych.hexfleet as hf
from hexfleet_helpers import pieces, position


def columns_of(state: hf.State) -> dict[tuple[int, int], list[dict]]:
    return {(st["q"], st["r"]): st["tiles"] for st in state.to_dict()["stacks"]}


def component_count(hexes: set[tuple[int, int]]) -> int:
    return len(pieces(hexes))


def is_cut_vertex(hexes: set[tuple[int, int]], at: tuple[int, int]) -> bool:
    """By definition: lifting the column splits the graph into more pieces."""
    return component_count(hexes - {at}) > component_count(hexes)


def pinned_score(state: hf.State) -> int:
    """The evaluation with only the `pinned` weight (1): lone ships on cut vertices, side to act's view."""
    columns = columns_of(state)
    hexes = set(columns)
    pinned = [0, 0]
    for at, tiles in columns.items():
        top = tiles[-1]
        if len(tiles) == 1 and top["unit"] in ("frigate", "destroyer", "repulsor") and not top["face_down"]:
            pinned[top["owner"]] += is_cut_vertex(hexes, at)
    me = state.to_move
    score = pinned[1 - me] - pinned[me]
    countdown = state.to_dict()["countdown"] or 0
    if countdown:
        score = int(math.copysign(abs(score * countdown) // 5, score))  # C++ division truncates
    return score


def random_games(seeds: range, max_turns: int = 60):
    """Every position of seeded random games, in order. Half the time a destroy or push is
    preferred when there is one: fights are what split the networks apart."""
    for seed in seeds:
        rng = random.Random(seed)
        state = hf.new_game(max_turns=max_turns)
        while not state.is_terminal():
            yield state
            legal = state.legal_actions()
            fights = [a for a in legal if a.to_dict()["type"] in ("destroy", "push")]
            state.apply(rng.choice(fights) if fights and rng.random() < 0.5 else rng.choice(legal))


def test_pinned_term_counts_lone_ships_on_cut_vertices() -> None:
    weights = {name: 0 for name in core.hexfleet.EVAL_WEIGHTS}
    weights["pinned"] = 1
    checked = pinned_positions = 0
    for state in random_games(range(40)):
        expected = pinned_score(state)
        assert core.hexfleet.evaluate(state, weights) == expected, state.to_dict()
        checked += 1
        pinned_positions += expected != 0
    assert checked > 2000 and pinned_positions > 50  # the term was exercised, not just zero


def test_fast_generation_agrees_with_the_reference_apart_and_together() -> None:
    """The legal list equals the literal chain test's and a from_dict rebuild's (which recomputes contact)."""
    apart = together = 0
    for state in random_games(range(100, 160)):
        legal = [str(a) for a in state.legal_actions()]
        assert [str(a) for a in state._legal_actions_reference()] == legal
        assert [str(a) for a in hf.State.from_dict(state.to_dict()).legal_actions()] == legal
        if state.networks_in_contact():
            together += 1
        else:
            apart += 1
    assert apart > 50 and together > 1000  # both kinds of position were met


def test_tactical_generation_is_the_filtered_legal_list() -> None:
    """Quiescence lists only Destroys, pushes and moves onto the enemy Core (the search's tactical
    actions); it must see exactly those of the full list, in the full list's order."""
    onto_core = fights = 0
    for state in random_games(range(200, 240)):
        me = state.to_move
        enemy_core = next((st["q"], st["r"]) for st in state.to_dict()["stacks"]
                          if any(t["unit"] == "core" and t["owner"] != me for t in st["tiles"]))
        expected = []
        for a in state._generated_actions():
            d = a.to_dict()
            if d["type"] in ("destroy", "push") or (d["type"] == "move" and tuple(d["to"]) == enemy_core):
                expected.append(str(a))
        assert [str(a) for a in state._tactical_actions()] == expected, state.to_dict()
        onto_core += any(s.startswith("M ") for s in expected)
        fights += any(not s.startswith("M ") for s in expected)
    assert onto_core > 20 and fights > 500  # both kinds were met


def test_boards_32_hexes_across_keep_exact_indexes() -> None:
    """The occupancy bits wrap at 32 hexes (two columns may share a bit on a wide board): then the
    engine must stop trusting a set bit. A line of 48 stacks, played on with fights preferred: the
    fast list still equals the reference, and every index agrees with the columns."""
    line = "YYYSSSSFFFFFFDDDDDRRRRR"
    stacks = {(0, 0): "C", (1, 0): "c"}
    stacks.update({(-1 - i, 0): u for i, u in enumerate(line)})
    stacks.update({(2 + i, 0): u.lower() for i, u in enumerate(line)})
    shared_bits = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = position(stacks, to_move=seed % 2)
        for _ in range(40):
            if state.is_terminal():
                break
            assert state._board_indexes_agree()
            legal = state.legal_actions()
            assert [str(a) for a in state._legal_actions_reference()] == [str(a) for a in legal]
            hexes = list(columns_of(state))
            shared_bits += len({(q % 32, r % 32) for q, r in hexes}) < len(hexes)
            fights = [a for a in legal if a.to_dict()["type"] in ("destroy", "push")]
            state.apply(rng.choice(fights) if fights and rng.random() < 0.5 else rng.choice(legal))
    assert shared_bits > 100  # most positions had two columns on one bit
