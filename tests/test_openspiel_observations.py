"""OpenSpiel observation tensors for triptych_aquaignis and triptych_hexfleet (issue 30's wishes): the
native observation, flattened, as OpenSpiel's learning algorithms read it (Hexfleet's with one more plane
saying who moves), and the games' parameters passed through as Combat's are."""

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
    native_shape = tuple(state.native.observation().shape)
    shape = tuple(spiel.observation_tensor_shape())
    extra = 1 if game == "hexfleet" else 0  # Hexfleet's mover plane
    assert shape == (native_shape[0] + extra, *native_shape[1:])
    rng = random.Random(1)
    movers = set()
    for _ in range(30):
        if state.is_terminal():
            break
        for player in (0, 1):  # perfect information: both players observe the whole state
            tensor = np.asarray(state.observation_tensor(player), np.float32).reshape(shape)
            assert np.array_equal(tensor[: native_shape[0]], state.native.observation())
            if extra:
                assert np.all(tensor[-1] == float(state.current_player() == 1))
        movers.add(state.current_player())
        assert state.observation_string(0) == str(state.native)
        state.apply_action(rng.choice(state.legal_actions()))
    assert movers == {0, 1}


def test_hexfleet_mirrored_openings_differ_only_in_the_mover_plane() -> None:
    """The native Hexfleet observation is drawn around the mover's Core: a learner valuing positions for player
    0 (OpenSpiel's AlphaZero) needs the plane that says who moves to tell player 0's opening from player 1's."""
    ours = adapter.load_game("hexfleet").new_initial_state()
    theirs = adapter.load_game("hexfleet", first_player=1).new_initial_state()
    assert (ours.current_player(), theirs.current_player()) == (0, 1)
    a = np.asarray(ours.observation_tensor(), np.float32).reshape(28, -1)
    b = np.asarray(theirs.observation_tensor(), np.float32).reshape(28, -1)
    assert not np.array_equal(a, b)
    assert (a[-1].max(), b[-1].min()) == (0.0, 1.0)


@pytest.mark.parametrize(("game", "text", "options"), [
    ("aquaignis", "triptych_aquaignis(no_progress_limit=5,first_player=1)",
     {"no_progress_limit": 5, "first_player": "ignis"}),
    ("hexfleet", "triptych_hexfleet(max_turns=7,repetitions=0,shield_towers=True,frigate=7,shield=3,first_player=1)",
     {"max_turns": 7, "repetitions": 0, "shield_towers": True, "first_player": 1,
      "fleet": {"core": 1, "shipyard": 3, "shield": 3, "frigate": 7, "destroyer": 5, "repulsor": 5}}),
])
def test_game_parameters_reach_the_native_game(game: str, text: str, options: dict) -> None:
    import pyspiel

    spiel = pyspiel.load_game(text)
    state = spiel.new_initial_state()
    assert state.native.to_dict()["options"] == options
    assert state.current_player() == 1
    if game == "hexfleet":  # max_turns turns of two actions each
        assert spiel.max_game_length() == 7 * 2
    # a serialized state comes back with the same game parameters
    again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(spiel, state))
    assert again[1].native.to_dict()["options"] == options


def test_hexfleet_games_end_within_max_game_length() -> None:
    spiel = adapter.load_game("hexfleet", max_turns=4, repetitions=0)
    rng = random.Random(3)
    for _ in range(10):
        state, plies = spiel.new_initial_state(), 0
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            plies += 1
        assert plies <= spiel.max_game_length() == 8


@pytest.mark.parametrize(("text", "message"), [
    ("triptych_aquaignis(no_progress_limit=0)", "no_progress_limit >= 1"),
    ("triptych_hexfleet(max_turns=0)", "max_turns >= 1"),
    ("triptych_hexfleet(frigate=99)", "frigate"),
    ("triptych_aquaignis(first_player=3)", "first_player"),
    ("triptych_hexfleet(fleet=3)", "fleet"),
])
def test_bad_game_parameters_are_named(text: str, message: str) -> None:
    import pyspiel

    with pytest.raises((ValueError, pyspiel.SpielError), match=message):
        pyspiel.load_game(text)


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
        native = env.get_state.native.observation().ravel()
        assert np.array_equal(observed[: native.size], native)
        step = env.step([rng.choice(step.observations["legal_actions"][player])])
