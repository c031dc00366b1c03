"""triptych.openspiel: our games as pyspiel games. Skipped cleanly without the bench extra."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the bench extra (open-spiel) is not installed")

import triptych.openspiel as adapter  # noqa: E402 -- needs pyspiel
from triptych.bench.positions import TWO_PLAYER, position  # noqa: E402


@pytest.mark.parametrize("game", TWO_PLAYER)
def test_registered_with_openspiel(game):
    assert f"triptych_{game}" in pyspiel.registered_names()
    g = pyspiel.load_game(f"triptych_{game}")
    assert g.num_players() == 2
    assert g.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM


@pytest.mark.parametrize("game", TWO_PLAYER)
def test_a_game_through_pyspiel_matches_our_engine(game):
    """Play seeded random games through pyspiel and, in lockstep, through our engine directly."""
    spiel_game = adapter.load_game(game)
    module = __import__(f"triptych.{game}", fromlist=["new_game"])
    for seed in range(3):
        rng = random.Random(seed)
        state, ours = spiel_game.new_initial_state(), module.new_game()
        plies = 0
        while not ours.is_terminal() and plies < 400:
            legal = state.legal_actions()
            assert legal == sorted(legal)
            assert sorted(adapter.encode_action(game, a) for a in ours.legal_actions()) == legal
            assert state.current_player() == ours.to_move
            action_id = rng.choice(legal)
            native_action = adapter.decode_action(game, action_id)
            assert adapter.encode_action(game, native_action) == action_id
            assert state.action_to_string(state.current_player(), action_id) == str(native_action)
            clone = state.clone()
            state.apply_action(action_id)
            ours.apply(native_action)
            assert clone.native.hash != state.native.hash or clone.native.to_dict() != state.native.to_dict()
            plies += 1
        assert state.is_terminal() == ours.is_terminal()
        if ours.is_terminal():
            assert state.returns() == list(ours.returns())
            assert state.current_player() == pyspiel.PlayerId.TERMINAL
        else:
            assert state.returns() == [0.0, 0.0]


@pytest.mark.parametrize("game", TWO_PLAYER)
def test_openspiel_algorithms_run_on_our_games(game):
    import numpy as np
    from open_spiel.python.algorithms import mcts, minimax

    spiel_game = adapter.load_game(game)
    state = adapter.from_native(spiel_game, position(game, "midgame1"))
    value, action = minimax.alpha_beta_search(spiel_game, state, adapter.value_function(state.current_player()),
                                              maximum_depth=1)
    assert action in state.legal_actions() and -1.0 <= value <= 1.0
    bot = mcts.MCTSBot(spiel_game, 1.4, 3, mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)), solve=False,
                       random_state=np.random.RandomState(0))
    assert bot.step(state) in state.legal_actions()


def test_hexfleet_action_outside_the_window_is_refused():
    with pytest.raises(ValueError, match="window"):
        adapter._hf_encode({"type": "shipyard", "at": [64, 0]})


def test_only_the_player_to_act_has_legal_actions():
    state = adapter.load_game("aquaignis").new_initial_state()
    me = state.current_player()
    assert state.legal_actions(me) == state.legal_actions() and state.legal_actions(1 - me) == []
