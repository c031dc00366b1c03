"""triptych.envs against their libraries' own checkers: Gymnasium's check_env and PettingZoo's
api_test / seed_test. Skipped cleanly without the rl extra (gymnasium, pettingzoo), which CI installs."""

from __future__ import annotations

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium", reason="the rl extra is not installed")
pytest.importorskip("pettingzoo", reason="the rl extra is not installed")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

import triptych.combat as combat  # noqa: E402
import triptych.envs  # noqa: E402,F401 -- registers triptych/Combat-v0
from triptych.envs import aquaignis_v0, hexfleet_v0  # noqa: E402


@pytest.mark.parametrize("variant", combat.variant_ids())
def test_every_combat_variant_passes_check_env(variant):
    env = gymnasium.make("triptych/Combat-v0", variant=variant)
    check_env(env.unwrapped, skip_render_check=True)
    assert env.action_space.n == combat.compact_chance_offset(variant)


def test_combat_env_plays_masked_fights_to_the_end_and_is_seeded():
    env = gymnasium.make("triptych/Combat-v0", variant="v03", render_mode="ansi")

    def episode(seed):
        obs, info = env.reset(seed=seed)
        env.action_space.seed(seed)
        trace, done, reward = [], False, 0.0
        while not done:
            assert obs["action_mask"].any()
            action = env.action_space.sample(mask=obs["action_mask"])
            obs, reward, terminated, truncated, info = env.step(action)
            trace.append((int(action), info["player_hp"], info["enemy_hp"]))
            done = terminated or truncated
        assert "illegal_action" not in info and reward in (-1.0, 0.0, 1.0)
        return trace, reward

    assert episode(5) == episode(5)
    assert episode(5) != episode(6)
    assert "Sentinel" in env.render() or env.render()


def test_an_illegal_action_ends_the_episode_as_a_loss_without_playing_it():
    env = gymnasium.make("triptych/Combat-v0", variant="v01")
    obs, _ = env.reset(seed=0)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = env.unwrapped.state.to_dict()
    obs, reward, terminated, _, info = env.step(illegal)
    assert reward == -1.0 and terminated and "illegal_action" in info
    assert env.unwrapped.state.to_dict() == before


@pytest.mark.parametrize("module", [aquaignis_v0, hexfleet_v0], ids=["aquaignis", "hexfleet"])
def test_pettingzoo_api_and_seed_tests(module):
    api_test(module.env(), num_cycles=300)
    seed_test(module.env, num_cycles=50)


@pytest.mark.parametrize("module", [aquaignis_v0, hexfleet_v0], ids=["aquaignis", "hexfleet"])
def test_masked_random_self_play_reaches_the_end(module):
    env = module.env(render_mode="ansi")
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    plies = 0
    for agent in env.agent_iter(max_iter=20_000):
        obs, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        assert "illegal_action" not in info
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(rng.choice(legal)))
        plies += 1
    native = env.unwrapped.state
    assert native.is_terminal() and plies > 0
    assert isinstance(env.render(), str)


def test_an_illegal_move_loses_the_game_for_whoever_played_it():
    env = aquaignis_v0.env()
    env.reset(seed=0)
    obs, *_ = env.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = env.unwrapped.state.to_dict()
    mover = env.agent_selection
    env.step(illegal)
    assert env.rewards[mover] == -1.0 and all(env.terminations.values())
    assert env.unwrapped.state.to_dict() == before


def test_rgb_array_draws_the_offscreen_table():
    """Drawn in a helper process, so it works even where this process holds a Panda3D ShowBase."""
    env = aquaignis_v0.env(render_mode="rgb_array")
    env.reset(seed=0)
    first = env.render()
    assert first.dtype == np.uint8 and first.ndim == 3 and first.shape[2] == 3 and first.std() > 0
    env.step(int(np.flatnonzero(env.last()[0]["action_mask"])[0]))
    assert (env.render() != first).any()  # the new piece is drawn
    fight = gymnasium.make("triptych/Combat-v0", variant="v02", render_mode="rgb_array")
    fight.reset(seed=1)
    image = fight.render()
    assert image.shape == first.shape and image.std() > 0


def test_the_rl_example_runs():
    import runpy
    import sys
    from pathlib import Path

    example = runpy.run_path(str(Path(__file__).parents[1] / "examples" / "rl_self_play.py"))
    returns = example["masked_random_combat"]("v03", 3, 7)
    assert len(returns) == 3 and all(r in (-1.0, 0.0, 1.0) for r in returns)
    assert returns == example["masked_random_combat"]("v03", 3, 7)  # seeded
    totals = example["self_play"](2, 1)
    assert set(totals) == {"player_0", "player_1"} and sum(totals.values()) == 0.0  # zero-sum
    argv = sys.argv
    sys.argv = ["rl_self_play.py", "--episodes", "2"]
    try:
        example["main"]()
    finally:
        sys.argv = argv
