"""The alpha-beta search's forward pruning near the horizon, off the principal variation: static futility
(docs/ai.md, "Static futility": a node whose evaluation beats the window by the margin a ply returns
unsearched) and late-move pruning ("Late-move pruning": only so many quiet actions a ply are searched). Each
is off by default, prunes where given, for both games and both evaluations, keeps the forced wins, reaches
the player, its spec and the engine protocol, and a bad value is refused with what was wrong."""

from __future__ import annotations

import random
from typing import Any

import pytest

import triptych._core.aquaignis as aquaignis_native
import triptych._core.hexfleet as hexfleet_native
from hexfleet_helpers import position
from protocol_helpers import protocol_session
from triptych.ai import MAX_FUTILITY_MARGIN, MAX_LATE_MOVE_PRUNING, AlphaBeta, make_player

MODULES = {"aquaignis": aquaignis_native, "hexfleet": hexfleet_native}


def played(game: str, seed: int, actions: int) -> Any:
    """A position `actions` seeded random actions into a game (replayed from the start where one ends sooner)."""
    rng = random.Random(seed)
    state = MODULES[game].new_game()
    for _ in range(actions):
        if state.is_terminal():
            state = MODULES[game].new_game()
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state if not state.is_terminal() else MODULES[game].new_game()


# Each option with a value that prunes; 0 is off for both.
PRUNING = {"futility_margin": 100, "late_move_pruning": 8}


def nodes_and_score(evaluation: str, state: Any, depth: int, **pruning: int) -> tuple[int, int]:
    result = AlphaBeta(depth=depth, evaluation=evaluation, tt_mb=4, **pruning).search(state)
    return result.nodes, result.score


@pytest.mark.parametrize("game", ["hexfleet", "aquaignis"])
@pytest.mark.parametrize("seed", [3, 11])
def test_the_default_search_is_the_one_without_forward_pruning(game: str, seed: int) -> None:
    state = played(game, seed, 14)
    for evaluation in ("classic", "nnue"):
        default = AlphaBeta(depth=5, evaluation=evaluation, tt_mb=4).search(state)
        assert (default.nodes, default.score) == nodes_and_score(evaluation, state, 5, futility_margin=0,
                                                                 late_move_pruning=0)


@pytest.mark.parametrize("option", sorted(PRUNING))
@pytest.mark.parametrize("game,evaluation", [("hexfleet", "nnue"), ("hexfleet", "classic"),
                                             ("aquaignis", "nnue"), ("aquaignis", "classic")])
def test_each_option_prunes_nodes(option: str, game: str, evaluation: str) -> None:
    depth = 6 if game == "hexfleet" else 7
    states = [played(game, seed, 12) for seed in (5, 17, 23)]
    without = sum(nodes_and_score(evaluation, s, depth)[0] for s in states)
    pruned = sum(nodes_and_score(evaluation, s, depth, **{option: PRUNING[option]})[0] for s in states)
    assert pruned < without


WINS = [  # from tests/test_ai_hexfleet.py: player 0 to move forces a win within `plies` actions
    ({(0, 0): "C", (1, 0): "c", (0, 1): "F"}, {}, 2),
    ({(0, 0): "C", (1, 0): "c", (0, 1): "F", (2, -1): "d"}, {"actions_left": 1}, 3),
    ({(0, 0): "C", (1, 0): "c", (0, 1): "F", (1, 1): "r", (2, 1): "R"}, {}, 2),
]


@pytest.mark.parametrize("picture,extra,plies", WINS)
@pytest.mark.parametrize("pruning", [{"futility_margin": 10}, {"futility_margin": 100}, {"late_move_pruning": 1},
                                     {"late_move_pruning": 8}])
def test_forced_wins_are_still_found_with_forward_pruning(picture, extra, plies: int, pruning: dict[str, int]) -> None:
    state = position(picture, **extra)
    result = AlphaBeta(depth=plies + 2, evaluation="nnue", **pruning).search(state)
    assert result.mate_in == plies, result
    for action in result.pv:
        state.apply(action)
    assert state.is_terminal() and state.winner == 0


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
