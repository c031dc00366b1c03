"""OpenSpiel observation tensors for triptych_aquaignis and triptych_hexfleet (issue 30's wishes): the
native observation, flattened, as OpenSpiel's learning algorithms read it."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("pyspiel", reason="the bench extra (open-spiel) is not installed")

import triptych.openspiel as adapter  # noqa: E402


@pytest.mark.parametrize("game", ["aquaignis", "hexfleet"])
def test_observation_tensor_is_the_native_observation(game: str) -> None:
    spiel = adapter.load_game(game)
    assert spiel.get_type().provides_observation_tensor
    state = spiel.new_initial_state()
    shape = tuple(state.native.observation().shape)
    assert tuple(spiel.observation_tensor_shape()) == shape
    rng = random.Random(1)
    for _ in range(30):
        if state.is_terminal():
            break
        for player in (0, 1):  # perfect information: both players observe the whole state
            tensor = np.asarray(state.observation_tensor(player), np.float32)
            assert np.array_equal(tensor, state.native.observation().ravel())
        assert state.observation_string(0) == str(state.native)
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("game", ["aquaignis", "hexfleet"])
def test_rl_environment_steps_on_observation_tensors(game: str) -> None:
    from open_spiel.python import rl_environment

    env = rl_environment.Environment(adapter.load_game(game), use_observation=True)
    step = env.reset()
    rng = random.Random(2)
    for _ in range(10):
        if step.last():
            break
        player = step.observations["current_player"]
        observed = np.asarray(step.observations["info_state"][player], np.float32)
        assert observed.shape == (int(np.prod(adapter.load_game(game).observation_tensor_shape())),)
        assert np.array_equal(observed, env.get_state.native.observation().ravel())
        step = env.step([rng.choice(step.observations["legal_actions"][player])])
