"""Env actions as Gymnasium's Discrete space defines them (issue 30 #7): step(2.5) is no action 2, step(-1)
is outside the space the env declares, and an episode an illegal action ended stays ended."""

from __future__ import annotations

import numpy as np
import pytest

import triptych.envs  # noqa: F401 -- registers triptych/Combat-v0
from triptych.envs.combat_env import CombatEnv


@pytest.fixture
def env():
    env = CombatEnv("v01")
    env.reset(seed=1)
    return env


@pytest.mark.parametrize("action", [2.5, 2.0, "2", None, True])
def test_a_non_integer_action_is_refused_and_changes_nothing(env, action) -> None:
    before = env.state.to_dict()
    with pytest.raises(TypeError, match="is an int"):
        env.step(action)
    assert env.state.to_dict() == before


@pytest.mark.parametrize("action", [-1, 10**9])
def test_an_id_outside_the_space_is_illegal_and_names_the_space(env, action) -> None:
    n = env.action_space.n
    _, reward, terminated, _, info = env.step(action)
    assert reward == -1.0 and terminated
    assert info["illegal_action"] == f"action {action} is outside the action space Discrete({n})"


def test_numpy_integers_are_actions(env) -> None:
    obs, _ = env.reset(seed=1)
    legal = int(np.flatnonzero(obs["action_mask"])[0])
    for action in (np.int64(legal), np.array(legal)):
        env.reset(seed=1)
        _, _, _, _, info = env.step(action)
        assert "illegal_action" not in info


def test_stepping_after_an_illegal_action_ended_the_episode_is_refused(env) -> None:
    _, _, terminated, _, _ = env.step(-1)
    assert terminated
    with pytest.raises(RuntimeError, match="episode is over"):
        env.step(0)
    obs, _ = env.reset(seed=2)  # reset starts a new one
    env.step(int(np.flatnonzero(obs["action_mask"])[0]))
