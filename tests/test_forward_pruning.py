"""The alpha-beta search's forward pruning near the horizon, off the principal variation: static futility
(docs/ai.md, "Static futility": a node whose evaluation beats the window by the margin a ply returns
unsearched) and late-move pruning ("Late-move pruning": only so many quiet actions a ply are searched). Each
prunes where given, for both games and both evaluations, keeps the forced wins, reaches the player, its spec
and the engine protocol, and a bad value is refused with what was wrong. Futility is off by default; late-move
pruning is on by default only where a shipped net passed its SPRT with it (Hexfleet's, 8 a ply)."""

from __future__ import annotations

from typing import Any

import pytest

import triptych._core.aquaignis as aquaignis_native
import triptych._core.hexfleet as hexfleet_native
from hexfleet_helpers import FORCED_WINS, assert_finds_forced_win
from playout_helpers import position_after
from protocol_helpers import protocol_session
from triptych.ai import (MAX_FUTILITY_MARGIN, MAX_LATE_MOVE_PRUNING, SHIPPED_LATE_MOVE_PRUNING, SHIPPED_NNUE,
                         AlphaBeta, default_net, make_player, resolve_late_move_pruning)

MODULES = {"aquaignis": aquaignis_native, "hexfleet": hexfleet_native}


# Each option with a value that prunes, and both off.
PRUNING = {"futility_margin": 100, "late_move_pruning": 8}
OFF = {"futility_margin": 0, "late_move_pruning": 0}


def nodes_and_score(evaluation: str, state: Any, depth: int, **pruning: int) -> tuple[int, int]:
    result = AlphaBeta(depth=depth, evaluation=evaluation, tt_mb=4, **pruning).search(state)
    return result.nodes, result.score


@pytest.mark.parametrize("game", ["hexfleet", "aquaignis"])
@pytest.mark.parametrize("seed", [3, 11])
def test_the_default_search_prunes_only_the_late_moves_of_the_shipped_nets_that_passed(game: str, seed: int) -> None:
    state = position_after(MODULES[game], seed, 14)
    for evaluation in ("classic", "nnue"):
        default = AlphaBeta(depth=5, evaluation=evaluation, tt_mb=4).search(state)
        late_moves = SHIPPED_LATE_MOVE_PRUNING.get(game, 0) if evaluation == "nnue" else 0
        assert (default.nodes, default.score) == nodes_and_score(evaluation, state, 5, **{**OFF,
                                                                 "late_move_pruning": late_moves})
    # Any other net (here the shipped one's file, named) prunes no late moves unless asked.
    named = AlphaBeta(depth=5, evaluation="nnue", net=default_net(game), classic_share=SHIPPED_NNUE[game], tt_mb=4)
    assert named.search(state).nodes == nodes_and_score("nnue", state, 5, late_move_pruning=0)[0]


def test_hexfleets_shipped_net_prunes_late_moves_by_default() -> None:
    assert resolve_late_move_pruning("hexfleet", "nnue", None, None) == 8
    assert resolve_late_move_pruning("hexfleet", "classic", None, None) == 0
    assert resolve_late_move_pruning("hexfleet", "nnue", "other.nnue", None) == 0
    assert resolve_late_move_pruning("aquaignis", "nnue", None, None) == 0
    assert resolve_late_move_pruning("hexfleet", "nnue", None, 0) == 0  # asked for: off
    state = position_after(hexfleet_native, 3, 14)
    default, off = (AlphaBeta(depth=6, tt_mb=4, **kw).search(state) for kw in ({}, {"late_move_pruning": 0}))
    assert default.nodes < off.nodes


@pytest.mark.parametrize("option", sorted(PRUNING))
@pytest.mark.parametrize("game,evaluation", [("hexfleet", "nnue"), ("hexfleet", "classic"),
                                             ("aquaignis", "nnue"), ("aquaignis", "classic")])
def test_each_option_prunes_nodes(option: str, game: str, evaluation: str) -> None:
    depth = 6 if game == "hexfleet" else 7
    states = [position_after(MODULES[game], seed, 12) for seed in (5, 17, 23)]
    without = sum(nodes_and_score(evaluation, s, depth, **OFF)[0] for s in states)
    pruned = sum(nodes_and_score(evaluation, s, depth, **{**OFF, option: PRUNING[option]})[0] for s in states)
    assert pruned < without


@pytest.mark.parametrize("picture,extra,plies", FORCED_WINS)
@pytest.mark.parametrize("pruning", [{"futility_margin": 10}, {"futility_margin": 100}, {"late_move_pruning": 1},
                                     {"late_move_pruning": 8}])
def test_forced_wins_are_still_found_with_forward_pruning(picture, extra, plies: int, pruning: dict[str, int]) -> None:
    assert_finds_forced_win(picture, extra, plies, depth=plies + 2, evaluation="nnue", **pruning)


def test_the_spec_and_the_repr_carry_the_options() -> None:
    player = make_player("alphabeta:depth=2,futility_margin=80,late_move_pruning=6")
    assert player.futility_margin == 80 and "futility_margin=80" in repr(player)
    assert player.late_move_pruning == 6 and "late_move_pruning=6" in repr(player)
    assert "futility" not in repr(make_player("alphabeta:depth=2"))
    assert "late_move" not in repr(make_player("alphabeta:depth=2"))


def test_a_bad_value_is_refused_with_what_was_wrong() -> None:
    with pytest.raises(ValueError, match="futility_margin"):
        AlphaBeta(depth=1, futility_margin=-1)
    with pytest.raises(ValueError, match="futility_margin"):
        AlphaBeta(depth=1, futility_margin=MAX_FUTILITY_MARGIN + 1)
    with pytest.raises(ValueError, match=f"0 \\(off\\)..{MAX_FUTILITY_MARGIN}, not 5000"):
        hexfleet_native.AlphaBetaSearcher(futility_margin=5000)
    with pytest.raises(ValueError, match="not -3"):
        aquaignis_native.AlphaBetaSearcher(futility_margin=-3)
    with pytest.raises(ValueError, match="late_move_pruning"):
        AlphaBeta(depth=1, late_move_pruning=MAX_LATE_MOVE_PRUNING + 1)
    with pytest.raises(ValueError, match=f"late_move_pruning .* 0 \\(off\\)..{MAX_LATE_MOVE_PRUNING}, not -1"):
        hexfleet_native.AlphaBetaSearcher(late_move_pruning=-1)


def test_the_engine_protocol_sets_the_options() -> None:
    session, ask = protocol_session("hexfleet")
    assert f"option futility int 0 {MAX_FUTILITY_MARGIN} 0" in ask("options")  # off until set
    assert session._make_searcher().futility_margin == 0
    assert ask(f"options set futility {MAX_FUTILITY_MARGIN + 1}")[0].startswith("err futility must be in")
    assert ask("options set futility 40") == ["option futility 40"]
    assert f"option futility int 0 {MAX_FUTILITY_MARGIN} 40" in ask("options")
    assert session._make_searcher().futility_margin == 40
    assert ask("options set evaluation classic") == ["option evaluation classic"]
    assert session._make_searcher().futility_margin == 40  # for either evaluation
    assert f"option latemoves int 0 {MAX_LATE_MOVE_PRUNING} 0" in ask("options")  # off until set
    assert ask(f"options set latemoves {MAX_LATE_MOVE_PRUNING + 1}")[0].startswith("err latemoves must be in")
    assert ask("options set latemoves 8") == ["option latemoves 8"]
    assert session._make_searcher().late_move_pruning == 8


@pytest.mark.parametrize("game,shipped", [("hexfleet", 8), ("aquaignis", 0)])
def test_the_engine_protocols_late_moves_are_the_shipped_nets_until_set(game: str, shipped: int) -> None:
    session, ask = protocol_session(game)
    assert f"option latemoves int 0 {MAX_LATE_MOVE_PRUNING} {shipped}" in ask("options")
    assert session._make_searcher().late_move_pruning == shipped
    ask("options set evaluation classic")
    assert f"option latemoves int 0 {MAX_LATE_MOVE_PRUNING} 0" in ask("options")  # the classic's: off
    assert session._make_searcher().late_move_pruning == 0
    ask("options set evaluation default")
    assert ask("options set latemoves 0") == ["option latemoves 0"]
    assert f"option latemoves int 0 {MAX_LATE_MOVE_PRUNING} 0" in ask("options")
    assert session._make_searcher().late_move_pruning == 0
