"""Late move reductions (docs/ai.md, "Late move reductions"): the alpha-beta search first looks at a late quiet
action shallower. ``late_move_reduction=0`` (the default) keeps the fixed reductions (1 ply, 2 from the
thirteenth action); N in 50..1000 reduces by round(ln(depth) ln(i) 100 / N) plies, so a smaller N reduces more.
The option reaches both searchers of both games, the player's spec and repr and the engine protocol, the forced
wins are still found, and a bad value is refused with what was wrong."""

from __future__ import annotations

from typing import Any

import pytest

import triptych._core.aquaignis as aquaignis_native
import triptych._core.hexfleet as hexfleet_native
from hexfleet_helpers import FORCED_WINS, assert_finds_forced_win
from playout_helpers import position_after
from protocol_helpers import protocol_session
from triptych.ai import LATE_MOVE_REDUCTION_RANGE, AlphaBeta, default_net, make_player

MODULES = {"aquaignis": aquaignis_native, "hexfleet": hexfleet_native}
LOW, HIGH = LATE_MOVE_REDUCTION_RANGE


def nodes(state: Any, depth: int, evaluation: str, reduction: int) -> int:
    return AlphaBeta(depth=depth, evaluation=evaluation, tt_mb=4, late_move_reduction=reduction).search(state).nodes


@pytest.mark.parametrize("game,evaluation", [("hexfleet", "nnue"), ("hexfleet", "classic"),
                                             ("aquaignis", "nnue"), ("aquaignis", "classic")])
def test_a_smaller_divisor_reduces_more_and_searches_fewer_nodes(game: str, evaluation: str) -> None:
    depth = 7 if game == "hexfleet" else 8
    states = [position_after(MODULES[game], seed, 12) for seed in (5, 17, 23)]
    counts = {n: sum(nodes(s, depth, evaluation, n) for s in states) for n in (0, 100, 400)}
    # ln(7) ln(20) is 5.8: N = 100 reduces such an action by 5 plies (to the horizon less one), N = 400 by 1.
    assert counts[100] < counts[400]
    assert counts[100] < counts[0]


def test_the_default_is_the_fixed_reductions() -> None:
    state = position_after(hexfleet_native, 3, 14)
    default = AlphaBeta(depth=6, tt_mb=4).search(state)
    fixed = AlphaBeta(depth=6, tt_mb=4, late_move_reduction=0).search(state)
    logarithmic = AlphaBeta(depth=6, tt_mb=4, late_move_reduction=LOW).search(state)
    assert (default.nodes, default.score, default.best) == (fixed.nodes, fixed.score, fixed.best)
    assert logarithmic.nodes != default.nodes


@pytest.mark.parametrize("picture,extra,plies", FORCED_WINS)
@pytest.mark.parametrize("reduction", [LOW, 150, HIGH])
def test_forced_wins_are_still_found(picture, extra, plies: int, reduction: int) -> None:
    assert_finds_forced_win(picture, extra, plies, depth=plies + 4, late_move_reduction=reduction)


def test_the_spec_and_the_repr_carry_the_option() -> None:
    player = make_player("alphabeta:depth=2,late_move_reduction=180")
    assert player.late_move_reduction == 180 and "late_move_reduction=180" in repr(player)
    assert "late_move_reduction" not in repr(make_player("alphabeta:depth=2"))


@pytest.mark.parametrize("bad", [-1, 1, LOW - 1, HIGH + 1])
def test_a_bad_value_is_refused_with_what_was_wrong(bad: int) -> None:
    with pytest.raises(ValueError, match="late_move_reduction"):
        AlphaBeta(depth=1, late_move_reduction=bad)
    for module in MODULES.values():
        with pytest.raises(ValueError, match=f"late_move_reduction .*0 \\(the fixed reductions\\) or "
                                             f"{LOW}..{HIGH}, not {bad}"):
            module.AlphaBetaSearcher(late_move_reduction=bad)
    net = hexfleet_native.NnueNet(default_net("hexfleet"))
    with pytest.raises(ValueError, match=f"not {bad}"):
        hexfleet_native.NnueAlphaBetaSearcher(net, late_move_reduction=bad)


def test_the_engine_protocol_sets_the_option() -> None:
    session, ask = protocol_session("hexfleet")
    assert f"option reductions int 0 {HIGH} 0" in ask("options")  # the fixed reductions until set
    assert session._make_searcher().late_move_reduction == 0
    assert ask(f"options set reductions {LOW - 1}")[0].startswith("err reductions must be 0")
    assert ask(f"options set reductions {HIGH + 1}")[0].startswith("err reductions must be in")
    assert session._make_searcher().late_move_reduction == 0  # refused values change nothing
    assert ask("options set reductions 200") == ["option reductions 200"]
    assert f"option reductions int 0 {HIGH} 200" in ask("options")
    assert session._make_searcher().late_move_reduction == 200
