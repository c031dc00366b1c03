"""Issue 30: the envs' observation spaces carry real bounds -- each feature's true range, not -inf..inf.

Gymnasium's check_env (which samples the space and checks reset/step observations against it) and
PettingZoo's api_test run on the bounded spaces; random play then checks a few hundred steps per game
stay inside them, and the bounds are checked against the encodings in docs/rules/<game>.md.
"""

from __future__ import annotations

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium", reason="the rl extra is not installed")
pytest.importorskip("pettingzoo", reason="the rl extra is not installed")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

import triptych.combat as combat  # noqa: E402
import triptych.envs  # noqa: E402,F401 -- registers triptych/Combat-v0
from triptych.envs import aquaignis_v0, hexfleet_v0  # noqa: E402
from triptych.envs.bounds import combat_bounds  # noqa: E402

TWO_PLAYER = [aquaignis_v0, hexfleet_v0]


def _box(space: object) -> object:
    box = space["observation"]
    assert np.all(np.isfinite(box.low)) and np.all(np.isfinite(box.high)) and np.all(box.low <= box.high)
    return box


@pytest.mark.parametrize("module", TWO_PLAYER, ids=["aquaignis", "hexfleet"])
def test_two_player_observations_stay_inside_their_bounds_in_random_play(module) -> None:
    env = module.env()
    box = _box(env.observation_space("player_0"))
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    seen_max = np.zeros(box.shape, np.float32)
    for step in range(400):
        obs, _, terminated, truncated, _ = env.last()
        assert box.contains(obs["observation"]), f"step {step}: {np.argwhere(~((obs['observation'] >= box.low) & (obs['observation'] <= box.high)))[:3]}"
        seen_max = np.maximum(seen_max, obs["observation"])
        if terminated or truncated:
            env.reset(seed=step)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    # the bounds are not loose by a factor: each plane's upper bound is reached or is a count's true limit
    reached = seen_max.reshape(len(seen_max), -1).max(axis=1) == box.high.reshape(len(box.high), -1).max(axis=1)
    assert reached.sum() >= len(reached) // 2


def test_two_player_bounds_follow_the_encodings() -> None:
    aqua = _box(aquaignis_v0.env().observation_space("player_0"))
    assert aqua.shape == (16, 7, 7) and aqua.low.min() == 0.0 and aqua.high.max() == 1.0  # marks and fractions
    hexes = _box(hexfleet_v0.env().observation_space("player_0"))
    planes = hexes.high.reshape(27, -1).max(axis=1)
    # buried tiles of one side / 8 (24 tiles a side), the column height / 8 (48 tiles), everything else 0..1
    assert planes[12] == planes[13] == 3.0 and planes[14] == 6.0
    assert set(np.delete(planes, [12, 13, 14])) == {1.0}


@pytest.mark.parametrize("module", TWO_PLAYER, ids=["aquaignis", "hexfleet"])
def test_pettingzoo_api_test_on_the_bounded_spaces(module) -> None:
    api_test(module.env(), num_cycles=50)


@pytest.mark.parametrize("variant", combat.variant_ids())
def test_combat_observations_stay_inside_their_bounds(variant: str) -> None:
    env = gymnasium.make("triptych/Combat-v0", variant=variant)
    check_env(env.unwrapped, skip_render_check=True)
    box = _box(env.observation_space)
    obs, _ = env.reset(seed=1)
    rng = np.random.default_rng(1)
    for step in range(300):
        outside = np.flatnonzero((obs["observation"] < box.low) | (obs["observation"] > box.high))
        assert outside.size == 0, f"{variant} step {step}: fields {outside.tolist()} out of bounds"
        obs, _, terminated, truncated, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        if terminated or truncated:
            obs, _ = env.reset(seed=step)


def test_combat_bounds_follow_the_fields_and_the_turn_cap() -> None:
    low, high = combat_bounds("v03", {"turn_cap": 12})
    assert (low[1], high[1]) == (1, 13)  # turn: 1 .. turn_cap + 1
    assert (low[24], high[24], low[31], high[31]) == (0, 999, -99, 99)  # player hp, strength
    assert (low[14], high[14]) == (-1, 4)  # the number die: -1 not rolled, 0 blank, 1-4
    assert (low[44], high[44]) == (-1, 24)  # a slot's card code, -1 empty
    assert not low[188:].any() and not high[188:].any()  # the padding after the 188 fields
    # V04 names two slot marks (paint, age) and no counter: the other marks and every counter are held at 0
    low, high = combat_bounds("v04")
    assert list(high[45:51]) == [32767, 32767, 0, 0, 0, 0] and not high[72:88].any()
