"""Pickling and copying: every State and Action of every game travels through its dict form.

A pickled state must come back equal (hash, dict, legal actions) and playable;
a pickled Combat fight also carries its generator, so its chance sequence goes
on unchanged; a tampered pickle is refused like a bad saved game.
"""

from __future__ import annotations

import concurrent.futures
import copy
import multiprocessing
import pickle
import random

import pytest

import triptych
import triptych.aquaignis as aquaignis
import triptych.combat as combat
import triptych.hexfleet as hexfleet


def _random_positions(new_state, plies: int, seed: int):
    """The positions of one random game, `plies` long at most (chance resolved by the state's rng)."""
    rng = random.Random(seed)
    state = new_state()
    positions = [state.clone()]
    for _ in range(plies):
        if state.is_terminal():
            break
        if state.to_move == triptych.CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
        positions.append(state.clone())
    return positions


def _games():
    yield "aquaignis", aquaignis.new_game
    yield "hexfleet", hexfleet.new_game
    for variant in combat.variant_ids():
        yield f"combat-{variant}", lambda variant=variant: combat.new_game(variant, seed=11)


GAMES = list(_games())


def _assert_same(copy_, original) -> None:
    assert type(copy_) is type(original)
    assert copy_.hash == original.hash
    assert copy_.to_dict() == original.to_dict()
    assert copy_.legal_actions() == original.legal_actions()
    assert copy_.to_move == original.to_move


@pytest.mark.parametrize(("name", "new_state"), GAMES, ids=[name for name, _ in GAMES])
def test_states_and_actions_round_trip(name, new_state):
    for state in _random_positions(new_state, plies=40, seed=3)[::4]:
        for protocol in (0, pickle.HIGHEST_PROTOCOL):
            _assert_same(pickle.loads(pickle.dumps(state, protocol=protocol)), state)
        _assert_same(copy.deepcopy(state), state)
        _assert_same(copy.copy(state), state)
        actions = state.legal_actions()
        if state.to_move == triptych.CHANCE:
            actions = [outcome for outcome, _ in state.chance_outcomes()]
        for action in actions[:10]:
            again = pickle.loads(pickle.dumps(action))
            assert again == action and hash(again) == hash(action) and str(again) == str(action)
            assert again.to_dict() == action.to_dict()
            assert copy.deepcopy(action) == action
        # The copy is playable, and plays exactly as the original does.
        if actions:
            twin = pickle.loads(pickle.dumps(state))
            twin.apply(pickle.loads(pickle.dumps(actions[-1])))
            state.apply(actions[-1])
            assert twin.hash == state.hash and twin.to_dict() == state.to_dict()


def test_a_pickled_fight_keeps_its_generator():
    fight = combat.new_game("v05", seed=21)
    fight.play_chance()
    fight.apply(fight.legal_actions()[0])
    twin = pickle.loads(pickle.dumps(fight))
    for _ in range(30):
        if fight.is_terminal():
            break
        assert [str(a) for a in fight.play_chance()] == [str(a) for a in twin.play_chance()]
        if not fight.is_terminal():
            action = fight.random_action()
            assert twin.random_action() == action
            fight.apply(action)
            twin.apply(action)
        assert fight.to_dict() == twin.to_dict()


def test_a_combat_action_remembers_its_variant():
    fight = combat.new_game("v08", seed=1)
    fight.play_chance()
    action = pickle.loads(pickle.dumps(fight.legal_actions()[0]))
    assert fight.is_legal(action)
    other_variant = combat.new_game("v01", seed=1)
    other_variant.play_chance()
    with pytest.raises(triptych.IllegalActionError, match="another variant"):
        other_variant.apply(action)


def test_a_tampered_pickle_is_refused_with_the_field_named():
    payload = pickle.dumps(aquaignis.new_game())
    tampered = payload.replace(b"actions_left", b"actions_lefX")
    assert tampered != payload
    with pytest.raises(triptych.InvalidStateError, match="actions_lefX"):
        pickle.loads(tampered)


def _play_to_end(state):
    """Runs in another process: plays the state on and returns it."""
    rng = random.Random(0)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_states_cross_process_boundaries():
    start = aquaignis.new_game(no_progress_limit=6)
    start.apply(start.legal_actions()[0])
    # Not "fork": by the time this runs the suite may have started JAX's threads, which a fork copies half-way
    # (Python warns of a possible deadlock); a forkserver's child starts from a clean process.
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
    with concurrent.futures.ProcessPoolExecutor(1, mp_context=context) as pool:
        finished = pool.submit(_play_to_end, start).result(timeout=60)
    assert finished.is_terminal()
    assert _play_to_end(start.clone()).to_dict() == finished.to_dict()
