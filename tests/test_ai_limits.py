"""Players check every limit when they are built: one-line ValueError naming the parameter and its range."""

from __future__ import annotations

import pytest

import triptych.ai as ai
import triptych.aquaignis as aquaignis
import triptych.hexfleet as hexfleet


@pytest.mark.parametrize("build, words", [
    (lambda: ai.AlphaBeta(depth=0), ["depth", "1..120", "got 0"]),
    (lambda: ai.AlphaBeta(depth=-1), ["depth", "got -1"]),
    (lambda: ai.AlphaBeta(depth=121), ["depth", "1..120"]),
    (lambda: ai.AlphaBeta(depth="3"), ["depth", "integer", "'3'"]),
    (lambda: ai.AlphaBeta(depth=2.5), ["depth", "integer"]),
    (lambda: ai.AlphaBeta(depth=True), ["depth", "integer"]),
    (lambda: ai.AlphaBeta(time_ms=-5), ["time_ms", ">= 1"]),
    (lambda: ai.AlphaBeta(time_ms=0), ["time_ms", ">= 1"]),
    (lambda: ai.AlphaBeta(nodes=-5), ["nodes", ">= 1"]),
    (lambda: ai.AlphaBeta(threads=0), ["threads", "1..256"]),
    (lambda: ai.AlphaBeta(tt_mb=0), ["tt_mb"]),
    (lambda: ai.AlphaBeta(weights=["material"]), ["weights"]),
    (lambda: ai.MCTS(iterations=0), ["iterations", ">= 1"]),
    (lambda: ai.MCTS(iterations=-1), ["iterations"]),
    (lambda: ai.MCTS(time_ms=-1), ["time_ms"]),
    (lambda: ai.MCTS(threads=0), ["threads"]),
    (lambda: ai.MCTS(exploration=-0.5), ["exploration", ">= 0"]),
    (lambda: ai.MCTS(seed=-3), ["seed", ">= 0"]),
    (lambda: ai.MCTS(playout_plies=-1), ["playout_plies"]),
    (lambda: ai.Random(seed="x"), ["seed"]),
    (lambda: ai.Greedy(weights={"material": "high"}), ["weights"]),
    (lambda: ai.make_player("alphabeta:0"), ["alphabeta:0", "depth"]),
    (lambda: ai.make_player("mcts:-1"), ["mcts:-1", "iterations"]),
    (lambda: ai.make_player("mcts:time_ms=-5"), ["time_ms"]),
])
def test_bad_limits_are_refused_when_the_player_is_built(build, words: list[str]) -> None:
    with pytest.raises(ValueError) as info:
        build()
    message = str(info.value)
    assert "\n" not in message
    for word in words:
        assert word in message, message


def test_none_means_no_limit_and_a_bare_player_has_a_default_budget() -> None:
    assert ai.AlphaBeta().depth == 6
    assert ai.AlphaBeta(time_ms=5).depth is None
    assert ai.MCTS().iterations == 1000
    result = ai.AlphaBeta(depth=None, nodes=3000).search(aquaignis.new_game())
    assert result.best is not None and result.nodes >= 3000


def test_depth_none_is_no_depth_limit_and_needs_a_budget() -> None:
    """Issue 30: AlphaBeta(depth=None) searched depth 6, though the docs say None is no limit."""
    with pytest.raises(ValueError, match=r"depth=None.*time_ms, nodes or clock_ms"):
        ai.AlphaBeta(depth=None)
    assert ai.AlphaBeta(depth=None, time_ms=5).depth is None
    assert repr(ai.AlphaBeta(depth=None, nodes=50)) == "AlphaBeta(nodes=50, threads=1)"
    # A node budget far above what depth 6 takes: the search deepens past 6 until the budget ends it.
    state = aquaignis.new_game()
    six = ai.AlphaBeta(depth=6, tt_mb=8).search(state)
    unlimited = ai.AlphaBeta(depth=None, nodes=six.nodes * 8, tt_mb=8).search(state)
    assert unlimited.depth > 6
    assert unlimited.nodes >= six.nodes * 8

def test_the_smallest_limits_still_choose_a_legal_action() -> None:
    state = hexfleet.new_game()
    for player in (ai.AlphaBeta(depth=1), ai.AlphaBeta(time_ms=1), ai.AlphaBeta(nodes=1), ai.MCTS(iterations=1),
                   ai.MCTS(time_ms=1)):
        assert state.is_legal(player.choose(state)), player


def test_an_unknown_evaluation_weight_lists_the_known_ones() -> None:
    with pytest.raises(ValueError) as info:
        ai.Greedy(weights={"materiel": 5}).search(aquaignis.new_game())
    from triptych._core.aquaignis import EVAL_WEIGHTS

    known = list(EVAL_WEIGHTS)
    assert known
    assert "materiel" in str(info.value) and "known:" in str(info.value)
    assert all(name in str(info.value) for name in known)
