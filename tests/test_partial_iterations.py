"""Partial iterations (docs/ai.md, "Partial iterations"): an iterative-deepening iteration that the clock or the
node budget cuts short is thrown away whole unless `partial_iterations` is given; with it, the iteration's best
root action is kept where one was searched to the full new depth, and the result's depth stays the last one
completed. A node budget stops a single-threaded search at the same node every time, so the budgets here land
inside an iteration exactly: just short of the end of depth d + 1, after depth d has finished."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

import triptych._core.aquaignis as aquaignis_native
import triptych._core.hexfleet as hexfleet_native
from playout_helpers import positions
from triptych.ai import SHIPPED_LATE_MOVE_PRUNING, SHIPPED_NNUE, AlphaBeta, default_net, make_player

# Each game with the last depth completed in the tests (d).
GAMES = {"hexfleet": (hexfleet_native, 5), "aquaignis": (aquaignis_native, 7)}
# Two polls of the node budget (every 1,024 nodes) before depth d + 1 would end.
SHORT_BY = 2048


@cache
def cut_short(game: str) -> list[tuple[Any, Any, Any, int]]:
    """Positions of `game` whose depth-(d + 1) iteration is large enough to cut into: (state, depth-d result,
    depth-(d + 1) result, a node budget that ends inside iteration d + 1). Searched once for all the tests (the
    searches leave the states as they were)."""
    module, depth = GAMES[game]
    out = []
    for state in positions(module, 7, 12, every=7, max_plies=80):
        if state.is_terminal():
            continue
        shallow = AlphaBeta(depth=depth, tt_mb=4).search(state)
        deep = AlphaBeta(depth=depth + 1, tt_mb=4).search(state)
        if deep.nodes >= shallow.nodes + 4 * SHORT_BY:
            out.append((state, shallow, deep, deep.nodes - SHORT_BY))
    return out


def is_legal_line(state: Any, line: list[Any]) -> bool:
    state = state.clone()
    for action in line:
        if action not in state.legal_actions():
            return False
        state.apply(action)
    return True


@pytest.mark.parametrize("game", GAMES)
def test_an_iteration_cut_short_is_thrown_away_unless_asked(game: str) -> None:
    depth = GAMES[game][1]
    cases = cut_short(game)
    assert len(cases) >= 6
    for state, shallow, _, budget in cases:
        result = AlphaBeta(nodes=budget, tt_mb=4).search(state)
        assert (result.best, result.score, result.depth, result.pv) == (shallow.best, shallow.score, depth,
                                                                        shallow.pv)


@pytest.mark.parametrize("game", GAMES)
def test_partial_iterations_keep_the_deeper_best_found_before_the_cut(game: str) -> None:
    depth = GAMES[game][1]
    cases = cut_short(game)
    deeper = 0
    for state, shallow, deep, budget in cases:
        result = AlphaBeta(nodes=budget, tt_mb=4, partial_iterations=True).search(state)
        assert result.depth == depth  # the depth reported is still the last one completed
        assert is_legal_line(state, result.pv) and result.pv[0] == result.best
        if (result.best, result.score) != (shallow.best, shallow.score):
            # The root's best so far in the cut-short iteration: two polls before its end it is the
            # finished iteration's best, with its score.
            assert (result.best, result.score) == (deep.best, deep.score)
            deeper += 1
    # Most cuts fall after a root action has been searched to the new depth (the rest fell in a re-search of
    # the aspiration window, which keeps the last depth's answer).
    assert deeper >= len(cases) // 2


def test_the_option_reaches_the_native_searchers_and_the_spec() -> None:
    module = GAMES["hexfleet"][0]
    state, shallow, deep, budget = next(case for case in cut_short("hexfleet")
                                        if (case[1].best, case[1].score) != (case[2].best, case[2].score))
    player = make_player(f"alphabeta:nodes={budget},partial_iterations=1")
    assert isinstance(player, AlphaBeta) and player.partial_iterations
    assert "partial_iterations=True" in repr(player)
    assert not make_player(f"alphabeta:nodes={budget}").partial_iterations
    # The default search (the shipped net, its share and late-move count), natively, with and without.
    net = module.NnueNet(default_net("hexfleet"))
    keywords = {"tt_mb": 64, "classic_share": SHIPPED_NNUE["hexfleet"],
                "late_move_pruning": SHIPPED_LATE_MOVE_PRUNING["hexfleet"]}
    results = {kept: module.NnueAlphaBetaSearcher(net, partial_iterations=kept, **keywords)
               .search(state, depth=0, time_ms=0, nodes=budget, history=[]) for kept in (False, True)}
    assert (results[False]["best"], results[False]["score"]) == (shallow.best, shallow.score)
    assert (results[True]["best"], results[True]["score"]) == (deep.best, deep.score)
    result = player.search(state)
    assert (result.best, result.score, result.nodes) == (results[True]["best"], results[True]["score"],
                                                         results[True]["nodes"])
    # The classic searcher takes the keyword alike (its own tree: the budget falls elsewhere in it).
    classic = module.AlphaBetaSearcher(tt_mb=4, partial_iterations=True).search(state, depth=0, time_ms=0,
                                                                                 nodes=budget, history=[])
    assert classic["nodes"] >= budget


@pytest.mark.parametrize("value", [2, -1, "yes"])
def test_a_bad_value_is_refused_with_what_was_wrong(value: Any) -> None:
    with pytest.raises(ValueError, match=f"partial_iterations is True or False \\(1 or 0\\), not {value!r}"):
        AlphaBeta(time_ms=10, partial_iterations=value)
    with pytest.raises(ValueError, match="partial_iterations"):
        make_player(f"alphabeta:time_ms=10,partial_iterations={value}")
