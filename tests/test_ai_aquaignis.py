"""The AI on AquaIgnis: tactics, strength, determinism, limits and threads."""

from __future__ import annotations

import threading

import pytest

import triptych
import triptych.ai as ai
import triptych.aquaignis as aq
from conftest import AB, A, I, position
from triptych.match import play_match

# --- tactics: forced wins found at depth D, forced losses avoided ----------------------------

WINS = [
    # (position, depth, plies to the win)
    (lambda: position(A(1, 6), I(5, 3, 2), score=(3, 1)), 1, 1),  # a runner steps off the edge
    (lambda: position(A(3, 6, 3), AB(3, 5, 2), I(6, 2), score=(3, 0)), 1, 1),  # a Surge from the edge row (R6)
    (lambda: position(A(1, 5), I(6, 4, 2), score=(3, 2)), 2, 2),  # two advances
    (lambda: position(A(1, 4, 3), I(6, 4, 2), score=(3, 2)), 2, 2),  # surge to the edge, then off
    (lambda: position(A(2, 5, 3), I(2, 6, 1), I(6, 3), score=(3, 0)), 2, 2),  # win the clash on the edge
    (lambda: position(A(1, 5), A(4, 5), I(7, 5), score=(3, 0), actions_left=1), 4, 4),  # across the enemy turn
]


@pytest.mark.parametrize("make,depth,plies", WINS)
def test_alphabeta_finds_forced_wins(make, depth, plies) -> None:
    state = make()
    result = ai.AlphaBeta(depth=depth).search(state)
    assert result.mate_in == plies, result
    assert result.score == ai.WIN - plies
    # Playing the principal variation wins the game.
    for action in result.pv:
        state.apply(action)
    assert state.is_terminal() and state.winner == aq.AQUA


def test_alphabeta_avoids_forced_loss_by_killing_the_runner() -> None:
    # IGNIS has 3 points and a runner on its edge row; only the side jump kills it.
    state = position(I(2, 0, 1), A(3, 0, 2), A(5, 4, 1), I(6, 6, 3), score=(0, 3))
    player = ai.AlphaBeta(depth=4)
    for _ in range(2):
        state.apply(player.choose(state))
    assert state.to_move == aq.IGNIS
    # No IGNIS action wins at once any more.
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        assert child.winner != aq.IGNIS


def test_win_is_scored_by_the_side_to_act_for_ignis_too() -> None:
    state = position(I(4, 0, 2), A(1, 2), score=(1, 3), to_move="ignis")
    result = ai.AlphaBeta(depth=2).search(state)
    assert str(result.best) == "A4.0" and result.mate_in == 1


# --- strength over short matches (fixed seeds) -----------------------------------------------


def test_alphabeta_beats_random_at_least_95_percent() -> None:
    result = play_match("aquaignis", ai.AlphaBeta(depth=2), ai.Random(seed=1), games=20, seed=3)
    assert result.wins >= 19, result


def test_alphabeta_clearly_beats_greedy() -> None:
    result = play_match("aquaignis", ai.AlphaBeta(depth=3), ai.Greedy(), games=10, seed=5)
    assert result.score >= 0.75, result


def test_alphabeta_clearly_beats_weak_mcts() -> None:
    result = play_match("aquaignis", ai.AlphaBeta(depth=3), ai.MCTS(iterations=100, seed=2), games=6, seed=7)
    assert result.score >= 0.75, result


def test_mcts_beats_random() -> None:
    result = play_match("aquaignis", ai.MCTS(iterations=200, seed=4, playout_plies=20), ai.Random(seed=9), games=6,
                        seed=11)
    assert result.score >= 0.75, result


# --- engineering: determinism, limits, stop, threads ------------------------------------------


def midgame() -> aq.State:
    import json
    from pathlib import Path
    return aq.State.from_dict(json.loads((Path(__file__).parent / "data/aquaignis/midgame2.json").read_text()))


def test_single_thread_search_is_deterministic() -> None:
    a = ai.AlphaBeta(depth=6).search(midgame())
    b = ai.AlphaBeta(depth=6).search(midgame())
    assert (a.best, a.score, a.nodes, a.pv) == (b.best, b.score, b.nodes, b.pv)
    m1 = ai.MCTS(iterations=300, seed=5).search(midgame())
    m2 = ai.MCTS(iterations=300, seed=5).search(midgame())
    assert (m1.best, m1.score, m1.nodes) == (m2.best, m2.score, m2.nodes)


def test_result_reports_depth_pv_nodes_and_legal_best() -> None:
    state = midgame()
    result = ai.AlphaBeta(depth=5).search(state)
    assert result.depth == 5 and result.nodes > 0 and result.nps > 0
    assert result.best == result.pv[0] and state.is_legal(result.best)
    replay = state.clone()
    for action in result.pv:  # the principal variation is a legal line
        replay.apply(action)


def test_node_limit_is_respected_roughly() -> None:
    result = ai.AlphaBeta(nodes=20_000).search(midgame())
    assert 0 < result.nodes < 20_000 + 4096 and result.best is not None


def test_stop_from_another_thread_ends_an_unbounded_search() -> None:
    # Without a GIL release the main thread could not call stop() and this would hang.
    player = ai.AlphaBeta(depth=100)
    results = []
    worker = threading.Thread(target=lambda: results.append(player.search(midgame())))
    worker.start()
    stopped = threading.Event()
    while worker.is_alive() and not stopped.wait(0.05):
        player.stop()
        if results:
            break
    worker.join(timeout=60)
    assert not worker.is_alive() and results and results[0].best is not None
    assert results[0].depth < 100


def test_two_threads_search_and_share_the_table() -> None:
    result = ai.AlphaBeta(depth=6, threads=2).search(midgame())
    assert result.threads == 2 and result.depth == 6 and midgame().is_legal(result.best)


def test_two_python_threads_can_search_at_once() -> None:
    results = []
    threads = [threading.Thread(target=lambda: results.append(ai.AlphaBeta(depth=5).search(midgame())))
               for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(results) == 2 and results[0].best == results[1].best


def test_players_refuse_what_they_cannot_do() -> None:
    over = position(A(1, 6), score=(3, 0))
    over.apply("A1.6")
    with pytest.raises(ValueError, match="game is over"):
        ai.AlphaBeta(depth=2).search(over)
    with pytest.raises(TypeError, match="not a Triptych game state"):
        ai.Greedy().choose("a string")
    with pytest.raises(ValueError, match="threads must be"):
        ai.AlphaBeta(threads=0)
    with pytest.raises(ValueError, match="unknown evaluation weight"):
        ai.AlphaBeta(depth=1, weights={"speed": 3}).search(aq.new_game())


def test_weights_change_the_evaluation() -> None:
    from triptych._core import aquaignis as core

    state = midgame()
    assert core.evaluate(state) != core.evaluate(state, weights={"charge": 0})
    assert set(core.EVAL_WEIGHTS) >= {"breakthrough", "charge", "progress", "crown", "barrier", "link"}
    # Different weights lead the same search elsewhere (here: a charge-blind search).
    blind = ai.AlphaBeta(depth=3, weights={"charge": 0, "crown": 0}).search(state)
    normal = ai.AlphaBeta(depth=3).search(state)
    assert (blind.best, blind.score) != (normal.best, normal.score)


@pytest.mark.parametrize("charge", [1, 2, 3])
def test_a_runner_that_can_score_scores_now(charge) -> None:
    # Progress, not waiting: with the Texel-fitted weights a breakthrough (3580) is worth more than the
    # runner kept on the board (3/4 of a breakthrough plus its charge and progress), so the one-action
    # Greedy player scores with its first action. The earlier weights (breakthrough 1000) made keeping the
    # runner look as good as scoring, and Greedy spawned or charged instead: the horizon effect behind long
    # AquaIgnis games (docs/strength.md, Tuned evaluations).
    state = position(A(1, 6, charge), A(3, 2), I(5, 3), I(6, 4), actions_left=2)
    action = ai.Greedy().choose(state)
    state.apply(action)
    assert state.to_dict()["score"]["aqua"] == 1, action
    earlier = {"breakthrough": 1000, "edge_runner": 220, "crown": 60, "barrier": 35, "link": 45}
    waiting = position(A(1, 6, charge), A(3, 2), I(5, 3), I(6, 4), actions_left=2)
    waiting.apply(ai.Greedy(weights=earlier).choose(waiting))
    assert waiting.to_dict()["score"]["aqua"] == 0


def test_player_specs() -> None:
    assert isinstance(ai.make_player("alphabeta:4"), ai.AlphaBeta) and ai.make_player("ab:4").depth == 4
    assert ai.make_player("mcts:500").iterations == 500
    assert ai.make_player("alphabeta:time_ms=50,threads=2").threads == 2
    for bad in ("chess", "mcts:lots", "greedy:3"):
        with pytest.raises(ValueError):
            ai.make_player(bad)


def test_terminal_constant_is_exported() -> None:
    assert triptych.TERMINAL == -4 and triptych.CHANCE == -1
