"""OpenSpiel's own conformance check on all three games, and Combat as a one-player chance game.

Skipped cleanly without the bench extra (PyPI open-spiel), which CI installs.
"""

from __future__ import annotations

import pickle
import random

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the bench extra (open-spiel) is not installed")

import triptych  # noqa: E402
import triptych.combat as combat  # noqa: E402
import triptych.hexfleet as hexfleet  # noqa: E402
import triptych.openspiel as adapter  # noqa: E402


@pytest.mark.parametrize("game", ["aquaignis", "hexfleet"])
def test_random_sim_test_passes_on_the_two_player_games(game):
    pyspiel.random_sim_test(adapter.load_game(game), num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize("variant", combat.variant_ids())
def test_random_sim_test_passes_on_every_combat_variant(variant):
    pyspiel.random_sim_test(adapter.load_game("combat", variant=variant), num_sims=3, serialize=True, verbose=False)


def test_combat_is_a_one_player_game_with_explicit_chance():
    game = pyspiel.load_game("triptych_combat(variant=v03,enemy_hp=60)")
    kind = game.get_type()
    assert game.num_players() == 1
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.num_distinct_actions() == combat.compact_chance_offset("v03")
    state = game.new_initial_state()
    assert state.native.to_dict()["params"]["enemy_hp"] == 60
    assert state.current_player() == pyspiel.PlayerId.CHANCE  # the opening hand is drawn
    outcomes = state.chance_outcomes()
    assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
    native = {str(o): p for o, p in state.native.chance_outcomes()}
    assert {state.action_to_string(pyspiel.PlayerId.CHANCE, a): p for a, p in outcomes} == native
    assert state.legal_actions() == [a for a, _ in outcomes]


def test_a_combat_fight_through_pyspiel_matches_the_engine():
    game = adapter.load_game("combat", variant="v05")
    rng = random.Random(4)
    state, ours = game.new_initial_state(), combat.new_game("v05", seed=0)
    while not state.is_terminal():
        if state.is_chance_node():
            action = rng.choice([a for a, _ in state.chance_outcomes()])
            ours.apply(state.action_to_string(pyspiel.PlayerId.CHANCE, action))
        else:
            legal = state.legal_actions()
            assert legal == sorted(a.compact_id for a in ours.legal_actions())
            action = rng.choice(legal)
            ours.apply(combat.Action.from_compact_id("v05", action))
            assert adapter.decode_action("combat", action, variant="v05").compact_id == action
        state.apply_action(action)
        assert state.native.to_dict() == ours.to_dict()
    assert state.returns() == [ours.returns()[0]]


def test_combat_parameters_are_checked():
    with pytest.raises(Exception, match="v99"):
        adapter.load_game("combat", variant="v99")
    with pytest.raises(Exception, match="no parameter 'tilt_cost'"):
        adapter.load_game("combat", variant="v01", tilt_cost=2)  # a V10 number


def test_hexfleet_ids_use_the_native_mask_planes():
    """The adapter's id is (acting hex, plane) with the plane of the engine's compact mask."""
    state = hexfleet.new_game()
    rng = random.Random(5)
    for _ in range(60):
        if state.is_terminal():
            break
        core = state.core(state.to_move)
        for action in state.legal_actions():
            spiel_id = adapter.encode_action("hexfleet", action)
            assert adapter.decode_action("hexfleet", spiel_id) == action
            cell, plane = divmod(spiel_id, 38)
            q, r = cell // 128 - 64, cell % 128 - 64
            mask_index = state.id_to_mask_index(action.id)
            if mask_index >= 0:
                assert mask_index == (plane * 17 + q - core[0] + 8) * 17 + r - core[1] + 8
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(("game", "params"), [("aquaignis", {}), ("hexfleet", {}), ("combat", {"variant": "v08"})])
def test_pyspiel_states_pickle(game, params):
    state = adapter.load_game(game, **params).new_initial_state()
    rng = random.Random(1)
    for _ in range(12):
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    again = pickle.loads(pickle.dumps(state))
    assert str(again) == str(state) and again.history() == state.history()
    assert again.legal_actions() == state.legal_actions()
    assert again.native.hash == state.native.hash
    assert triptych.TERMINAL != again.current_player()
