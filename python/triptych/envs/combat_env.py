"""Combat as a Gymnasium env: one variant, the player's decisions as actions, chance resolved inside.

    env = gymnasium.make("triptych/Combat-v0", variant="v03")
    obs, info = env.reset(seed=1)
    action = env.action_space.sample(mask=obs["action_mask"])

Actions are the variant's decision ids (``0 .. combat.compact_chance_offset(variant)-1``, docs/rules/combat.md);
rolls and draws are drawn from the env's seeded generator between decisions. The reward is the
fight's return when it ends: +1 won, -1 lost, 0 stopped by the turn cap. An illegal action ends the
episode as a loss (reward -1, ``info["illegal_action"]`` says why) and leaves the position as it was.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

import triptych
import triptych.combat as combat
from triptych.envs.actions import discrete_action
from triptych.envs.bounds import combat_bounds


class CombatEnv(gymnasium.Env):
    """One Combat variant as a Gymnasium env: compact action ids in, a masked observation out."""

    metadata = {"render_modes": ["ansi", "rgb_array"], "render_fps": 2}

    def __init__(self, variant: str = "v01", params: dict[str, int] | None = None,
                 render_mode: str | None = None) -> None:
        if variant not in combat.variant_ids():
            raise ValueError(f"unknown combat variant {variant!r} (known: {', '.join(combat.variant_ids())})")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, got {render_mode!r}")
        self.variant, self.params, self.render_mode = variant, dict(params or {}), render_mode
        combat.new_game(variant, seed=0, params=self.params)  # refuses bad params now, not at reset
        actions = combat.compact_chance_offset(variant)
        self._actions = actions
        self.action_space = spaces.Discrete(actions)
        low, high = combat_bounds(variant, self.params)  # each field's true range (envs/bounds.py)
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(low, high, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (actions,), np.int8),
        })
        self.state: Any = None
        self._ended = False  # an illegal action ended the episode (the fight itself goes on)

    def _observe(self) -> dict[str, np.ndarray]:
        return {"observation": self.state.observation(), "action_mask": self.state.compact_action_mask().astype(np.int8)}

    def _info(self) -> dict[str, Any]:
        return {"turn": self.state.turn, "player_hp": self.state.player_hp, "enemy_hp": self.state.enemy_hp}

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        """Starts a new fight whose dice and draws follow `seed`; returns (observation, info)."""
        super().reset(seed=seed)
        fight_seed = int(self.np_random.integers(0, 2**63 - 1))  # the fight's dice follow the env's seed
        self.state = combat.new_game(self.variant, seed=fight_seed, params=self.params)
        self.state.play_chance()
        self._ended = False
        return self._observe(), self._info()

    def step(self, action: int):
        """Plays one compact action id, then resolves chance.

        Returns (observation, reward, terminated, truncated, info). The reward is the fight's return (1 won,
        0 lost) when it ends, else 0; an illegal id ends the episode with -1 and ``info["illegal_action"]``.
        """
        if self.state is None:
            raise RuntimeError("call reset() before step()")
        if self.state.is_terminal() or self._ended:
            raise RuntimeError("the episode is over (terminated): call reset()")
        n = self._actions
        action_id = discrete_action(action, n)
        try:
            if not 0 <= action_id < n:
                raise triptych.IllegalActionError(f"action {action_id} is outside the action space Discrete({n})")
            self.state.apply_compact_id(action_id)
        except triptych.IllegalActionError as err:
            self._ended = True  # the episode ended here, though the fight did not
            info = self._info()
            info["illegal_action"] = str(err)
            return self._observe(), -1.0, True, False, info
        self.state.play_chance()
        terminated = self.state.is_terminal()
        reward = float(self.state.returns()[0]) if terminated else 0.0
        return self._observe(), reward, terminated, False, self._info()

    def render(self):
        """The text board (``ansi``) or the 3D table as an RGB array (``rgb_array``)."""
        if self.render_mode is None or self.state is None:
            return None
        if self.render_mode == "ansi":
            return str(self.state)
        from triptych.envs.rendering import render_rgb

        return render_rgb("combat", self.state, variant=self.variant)
