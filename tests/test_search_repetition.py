"""Alpha-beta scores a repetition as the draw it leads to (AquaIgnis: history passed in; Hexfleet: R20's own)."""

from __future__ import annotations

import importlib
import json
import random
from pathlib import Path

import pytest

import triptych.ai as ai
import triptych.aquaignis as aq
import triptych.hexfleet as hf

DATA = Path(__file__).parent / "data"
NATIVE_AQ = importlib.import_module("triptych._core.aquaignis")
NATIVE_HF = importlib.import_module("triptych._core.hexfleet")


def _children(state):
    out = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        out.append(child)
    return out


def _aquaignis_midgame():
    return aq.State.from_dict(json.loads((DATA / "aquaignis" / "midgame1.json").read_text()))


def test_aquaignis_every_move_repeating_scores_a_draw() -> None:
    state = _aquaignis_midgame()
    children = _children(state)
    assert not any(c.is_terminal() for c in children)
    searcher = NATIVE_AQ.AlphaBetaSearcher(threads=1, tt_mb=8)
    plain = searcher.search(state, depth=4)
    assert plain["score"] != 0
    searcher.clear()
    repeated = searcher.search(state, depth=4, history=[c.hash for c in children])
    assert repeated["score"] == 0 and repeated["depth"] == 4


def test_aquaignis_the_side_ahead_avoids_repeating_its_best_line() -> None:
    state = _aquaignis_midgame()
    player = NATIVE_AQ.AlphaBetaSearcher(threads=1, tt_mb=8)
    best = player.search(state, depth=4)
    assert best["score"] > 0  # the side to move is ahead here
    after = state.clone()
    after.apply(best["best"])
    player.clear()
    again = player.search(state, depth=4, history=[after.hash])
    assert again["best"] != best["best"]  # the cycle would give the advantage away
    assert 0 < again["score"] <= best["score"]


def test_the_root_itself_in_the_history_is_not_a_repetition() -> None:
    state = _aquaignis_midgame()
    searcher = NATIVE_AQ.AlphaBetaSearcher(threads=1, tt_mb=8)
    plain = searcher.search(state, depth=3)
    searcher.clear()
    with_root = searcher.search(state, depth=3, history=[state.hash])
    assert (with_root["best"], with_root["score"], with_root["nodes"]) == (plain["best"], plain["score"], plain["nodes"])


def _hexfleet_mid_turn(seed: int):
    """A Hexfleet position after the first action of a turn, reached by seeded random play."""
    rng = random.Random(seed)
    state = hf.new_game()
    for _ in range(9):
        state.apply(rng.choice(state.legal_actions()))
    assert state.actions_left == 1 and not state.is_terminal()
    return state


def test_hexfleet_search_reads_r20_history_from_the_state() -> None:
    state = _hexfleet_mid_turn(5)
    children = _children(state)
    assert not any(c.is_terminal() for c in children)
    saved = state.to_dict()
    # Every position the turn can end in has started a turn once before: each is a repetition.
    saved["history"] = [c.hash for c in children] + saved["history"]
    saved["turn"] = len(saved["history"])
    repeated = hf.State.from_dict(saved)
    assert repeated.hash == state.hash
    searcher = NATIVE_HF.AlphaBetaSearcher(threads=1, tt_mb=8)
    assert searcher.search(state, depth=3)["score"] != 0
    searcher.clear()
    assert searcher.search(repeated, depth=3)["score"] == 0


def test_aquaignis_player_remembers_positions_since_the_last_irreversible_action() -> None:
    rng = random.Random(3)
    state = aq.new_game()
    player = ai.AlphaBeta(depth=1)
    expected: list[tuple[int, int]] = []  # (no_progress, hash) since the last reset
    checked_reset = False
    for _ in range(120):
        if state.is_terminal():
            break
        if expected and state.no_progress <= expected[-1][0]:
            expected = []  # a breakthrough or destruction: earlier positions cannot recur
            checked_reset = True
        assert player._history(state) == [h for _, h in expected]
        expected.append((state.no_progress, state.hash))
        state.apply(rng.choice(state.legal_actions()))
    assert checked_reset
    player.new_game()
    assert player._history(aq.new_game()) == []


@pytest.mark.parametrize("seed", [1, 2])
def test_hexfleet_alphabeta_self_play_ends_before_the_turn_limit(seed: int) -> None:
    from triptych.match import play_pairs

    for record in play_pairs("hexfleet", "alphabeta:2", "alphabeta:2", [seed], seed=11, opening=4):
        assert record.end != "turn limit", record.end


def test_mcts_keeps_the_subtree_of_the_actions_played() -> None:
    native = NATIVE_AQ.MctsSearcher(seed=1, reuse=True)
    state = aq.new_game()
    first = native.search(state, iterations=3000)
    assert first["reused"] == 0
    # Follow the principal variation for a turn: the tree already holds that line's visits.
    for action in first["pv"][:2]:
        state.apply(action)
    second = native.search(state, iterations=200)
    assert second["reused"] > 0
    native.clear()
    assert native.search(state, iterations=200)["reused"] == 0
    # A position the old tree never reached starts afresh.
    fresh = aq.new_game()
    fresh.apply(fresh.legal_actions()[-1])
    assert native.search(fresh, iterations=100)["reused"] == 0


def test_mcts_player_with_reuse_is_repeatable_and_resets_per_game() -> None:
    def play(player):
        state, moves = aq.new_game(), []
        for _ in range(6):
            action = player.choose(state)
            moves.append(str(action))
            state.apply(action)
        return moves

    player = ai.MCTS(iterations=300, seed=5)
    first = play(player)
    assert play(ai.MCTS(iterations=300, seed=5)) == first
    player.new_game()
    player._calls = 0
    assert play(player) == first
