"""The AI on Hexfleet: Core boarding and crushes found (and checked exhaustively),
strength over short matches, and the search contract on this game too."""

from __future__ import annotations

import pytest

import triptych.ai as ai
import triptych.hexfleet as hf
from hexfleet_helpers import position
from triptych.match import play_match


def forced_win(state: hf.State, side: int, plies: int) -> bool:
    """Exhaustive AND-OR check through the public API: can `side` force a win within `plies` actions?"""
    if state.is_terminal():
        return state.winner == side
    if plies == 0:
        return False
    results = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        results.append(forced_win(child, side, plies - 1))
        if state.to_move == side and results[-1]:
            return True
        if state.to_move != side and not results[-1]:
            return False
    return state.to_move != side


# Pictures: upper case player 0, lower case player 1 (C core, Y shipyard, S shield, F frigate,
# D destroyer, R repulsor), stacks bottom to top. Player 0 is to move.
WINS = [
    # The Frigate boards the enemy Core; with its Core covered the enemy has nothing left to do.
    ({(0, 0): "C", (1, 0): "c", (0, 1): "F"}, {}, 2),
    ({(0, 0): "C", (1, 0): "c", (0, 1): "F"}, {"actions_left": 1}, 1),
    # The enemy Destroyer cannot remove a ship: the boarder wins when player 0's next turn starts.
    ({(0, 0): "C", (1, 0): "c", (0, 1): "F", (2, -1): "d"}, {"actions_left": 1}, 3),
    # The Repulsor guarding its Core is crushed against the Frigate first, then the Frigate boards.
    ({(0, 0): "C", (1, 0): "c", (0, 1): "F", (1, 1): "r", (2, 1): "R"}, {}, 2),
    # The same crush with a Destroyer about: the Frigate then buries it instead.
    ({(0, 0): "C", (1, 0): "c", (0, 1): "F", (1, 1): "r", (2, 1): "R", (2, -1): "d"}, {}, 2),
]


@pytest.mark.parametrize("picture,extra,plies", WINS)
def test_alphabeta_finds_boarding_and_crush_wins(picture, extra, plies) -> None:
    state = position(picture, **extra)
    result = ai.AlphaBeta(depth=plies + 1).search(state)
    assert result.mate_in == plies, result
    assert forced_win(state, 0, plies)  # the claim holds against every defence
    if plies > 1:
        assert not forced_win(state, 0, plies - 1)  # and it is the shortest
    for action in result.pv:
        state.apply(action)
    assert state.is_terminal() and state.winner == 0


def test_crush_comes_before_boarding_when_a_repulsor_guards() -> None:
    state = position({(0, 0): "C", (1, 0): "c", (0, 1): "F", (1, 1): "r", (2, 1): "R"})
    assert str(ai.AlphaBeta(depth=3).choose(state)) == "R 2,1>1,1"


# --- strength over short matches -------------------------------------------------------------


def test_alphabeta_beats_random_at_least_95_percent() -> None:
    result = play_match("hexfleet", ai.AlphaBeta(depth=2), ai.Random(seed=2), games=20, seed=4)
    assert result.wins >= 19, result


def test_alphabeta_clearly_beats_greedy() -> None:
    result = play_match("hexfleet", ai.AlphaBeta(depth=3), ai.Greedy(), games=10, seed=6)
    assert result.score >= 0.75, result


def test_alphabeta_clearly_beats_weak_mcts() -> None:
    result = play_match("hexfleet", ai.AlphaBeta(depth=3), ai.MCTS(iterations=100, seed=3, playout_plies=20),
                        games=6, seed=8)
    assert result.score >= 0.75, result


def test_search_is_deterministic_and_threads_work() -> None:
    state = position({(0, 0): "C", (1, 0): "c", (0, 1): "Y", (1, 1): "r", (2, -1): "y"})
    a, b = ai.AlphaBeta(depth=4).search(state), ai.AlphaBeta(depth=4).search(state)
    assert (a.best, a.nodes, a.score) == (b.best, b.nodes, b.score)
    two = ai.AlphaBeta(depth=4, threads=2).search(state)
    assert two.threads == 2 and state.is_legal(two.best)
