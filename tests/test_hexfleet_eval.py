"""The Hexfleet evaluation's boarding-race terms, each on a position whose count the rules fix, and the
weight sets around them (the tuned default, the previous default it replaced)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import triptych._core.hexfleet as native
import triptych.ai as ai
import triptych.hexfleet as hf
from hexfleet_helpers import position

DOCS = Path(__file__).resolve().parents[1] / "docs" / "strength"
NEW_TERMS = ("board_reach", "board_now", "defender", "boarded_safe", "core_open")


def only(term: str, value: int = 10) -> dict[str, int]:
    """Every weight 0 but one: evaluate() then returns that term's count (difference) times `value`."""
    return {name: 0 for name in native.EVAL_WEIGHTS} | {term: value}


# Player 0 (upper case) around player 1's uncovered Core at (1, 0): a Destroyer beside it on the ground,
# a Frigate beside it two levels up (it drops onto the Core, whatever the height), a Frigate two hexes
# away (two steps a move) and a Destroyer two hexes away (one step: not yet in reach).
REACH = {(0, 0): "C", (1, 0): "c", (2, 0): "D", (2, -1): "SSF", (3, 0): "F", (3, -1): "D"}


def test_board_reach_counts_ships_one_move_from_the_uncovered_enemy_core() -> None:
    assert native.evaluate(position(REACH), only("board_reach")) == 3 * 10
    assert native.evaluate(position(REACH, to_move=1), only("board_reach")) == -3 * 10
    # The Frigate two levels up is out of core_threat's one-level reach but within board_reach's.
    assert native.evaluate(position(REACH), only("core_threat")) == 1 * 10


def test_board_reach_needs_the_enemy_core_uncovered() -> None:
    # Player 1's Core carries player 0's Frigate (boarded this turn): nobody else can board it.
    covered = {(0, 0): "C", (1, 0): "cF", (2, 0): "D", (3, 0): "F"}
    state = position(covered, actions_left=1)
    assert native.evaluate(state, only("board_reach")) == 0
    assert native.evaluate(state, only("boarded")) == 10


def test_board_now_belongs_to_the_side_to_act_only() -> None:
    # Player 0 can board with its next action; player 1 has no ship at all.
    assert native.evaluate(position(REACH), only("board_now", 7)) == 7
    assert native.evaluate(position(REACH, to_move=1), only("board_now", 7)) == 0


@pytest.mark.parametrize("stack,defends", [
    ("r", True),       # level 0, beside its Core: within one level of a boarder at level 1
    ("ssr", True),     # level 2: still within one level
    ("sssr", False),   # level 3: two levels above a boarder, it cannot push it
])
def test_defender_is_a_repulsor_beside_its_own_core_within_reach_of_a_boarder(stack, defends) -> None:
    state = position({(0, 0): "C", (1, 0): "c", (2, 0): stack})
    assert native.evaluate(state, only("defender")) == (-10 if defends else 0)


def test_defender_ignores_a_repulsor_two_hexes_from_its_core() -> None:
    state = position({(0, 0): "C", (1, 0): "c", (2, 0): "s", (3, 0): "r"})
    assert native.evaluate(state, only("defender")) == 0


@pytest.mark.parametrize("stack,safe", [("d", True), ("r", False), ("sssr", True)])
def test_boarded_safe_when_no_repulsor_of_the_core_owner_can_push_the_boarder_off(stack, safe) -> None:
    # Player 0's Frigate boarded player 1's Core this turn; player 1's piece at (2, 0) is beside its Core.
    state = position({(0, 0): "C", (1, 0): "cF", (2, 0): stack}, actions_left=1)
    assert native.evaluate(state, only("boarded_safe")) == (10 if safe else 0)


def test_core_open_counts_empty_hexes_beside_each_core() -> None:
    # Player 0's Core: beside player 1's Core and its own Shield, four empty hexes. Player 1's Core:
    # beside player 0's Core and a player 0 Frigate, four empty hexes; a third tile closes a fifth.
    state = position({(0, 0): "C", (1, 0): "c", (-1, 0): "S", (2, 0): "F"})
    assert native.evaluate(state, only("core_open")) == 4 * 10 - 4 * 10
    state = position({(0, 0): "C", (1, 0): "c", (-1, 0): "S", (2, 0): "F", (2, -1): "F"})
    assert native.evaluate(state, only("core_open")) == 4 * 10 - 3 * 10


def weights_file(name: str) -> dict[str, int]:
    return json.loads((DOCS / name).read_text())["weights"]


def test_the_default_weights_are_the_tuned_set_that_passed_its_sprt() -> None:
    # docs/strength/texel2_hexfleet.json is the set the depth-3 SPRT accepted (docs/ai.md, Tuning runs).
    tuned = weights_file("texel2_hexfleet.json")
    assert tuned == native.EVAL_WEIGHTS
    assert all(term in tuned for term in NEW_TERMS)


@pytest.mark.parametrize("name", ["texel2_hexfleet.json", "previous_hexfleet.json"])
def test_weight_files_with_the_new_names_load_into_a_player_and_round_trip(name, tmp_path) -> None:
    path = DOCS / name
    player = ai.make_player(f"alphabeta:2,weights={path}")
    assert player.weights == weights_file(name)
    # Written back out and loaded again, the set is unchanged, and the search plays with it.
    copy = tmp_path / name
    copy.write_text(json.dumps({"game": "hexfleet", "weights": player.weights}))
    assert ai.make_player(f"alphabeta:2,weights={copy}").weights == player.weights
    assert player.choose(hf.new_game()) is not None


def test_new_terms_at_zero_give_back_the_previous_default_exactly() -> None:
    # The previous default knew none of the boarding-race terms: with them at 0 the search must visit
    # exactly the nodes it visited then (the Hexfleet part of the bench signature before the change,
    # recounted when R4's default became the one-level spawn, issue 25: fewer spawns in the mid-games).
    from triptych.bench.positions import position as bench_position
    from triptych.bench.signature import SIGNATURE_DEPTH, SIGNATURE_TT_MB

    previous = weights_file("previous_hexfleet.json")
    assert all(previous[term] == 0 for term in NEW_TERMS)
    expected = {"start": 35156, "midgame1": 8548, "midgame2": 701, "midgame3": 7373}
    for name, nodes in expected.items():
        searcher = native.AlphaBetaSearcher(threads=1, tt_mb=SIGNATURE_TT_MB, weights=previous)
        result = searcher.search(bench_position("hexfleet", name), depth=SIGNATURE_DEPTH["hexfleet"])
        assert result["nodes"] == nodes, name
