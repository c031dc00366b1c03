"""The two-player games as PettingZoo AEC envs (``aquaignis_v0``, ``hexfleet_v0`` build on this).

Agents ``player_0`` and ``player_1`` are sides 0 and 1. A side acts twice in a row in a two-action turn
(AEC's agent_selection simply stays on it). The observation is the engine's own (AquaIgnis: sides not
rotated; Hexfleet: from the mover's side); the action mask is the acting agent's, all zeros for the other.
Rewards come at the end: +1 / -1, 0 for a draw. An illegal action ends the game as a loss for whoever
played it (PettingZoo's classic-games convention) and leaves the position as it was.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import triptych
from triptych.envs.actions import discrete_action
from triptych.envs.bounds import BOUNDS
from triptych.games import load


class TwoPlayerEnv(AECEnv):
    metadata = {"render_modes": ["ansi", "rgb_array"], "name": "", "is_parallelizable": False, "render_fps": 2}
    game = ""

    def __init__(self, render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, got {render_mode!r}")
        self.render_mode, self.options = render_mode, options
        self.module = load(self.game)
        self.module.new_game(**options)  # refuses bad options now
        self.possible_agents = ["player_0", "player_1"]
        self._actions = self._action_count()
        low, high = BOUNDS[self.game]()  # each feature's true range (envs/bounds.py)
        obs_space = spaces.Dict({
            "observation": spaces.Box(low, high, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (self._actions,), np.int8),
        })
        self.observation_spaces = {agent: obs_space for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(self._actions) for agent in self.possible_agents}
        self.state: Any = None

    # --- per game: how an action index maps to the engine --------------------------------------------

    def _action_count(self) -> int:
        raise NotImplementedError

    def _mask(self) -> np.ndarray:
        raise NotImplementedError

    def _apply(self, action: int) -> None:
        raise NotImplementedError

    # --- the AEC API ---------------------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        acting = not self.state.is_terminal() and self.possible_agents[self.state.to_move] == agent
        mask = self._mask().astype(np.int8) if acting else np.zeros(self._actions, np.int8)
        return {"observation": self.state.observation(), "action_mask": mask}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            for i, agent in enumerate(self.possible_agents):
                self.action_spaces[agent].seed(seed + i)
        self.state = self.module.new_game(**self.options)  # the start is fixed: the games hold no chance
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self.agents[self.state.to_move]

    def step(self, action: int) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        try:
            self._apply(discrete_action(action, int(self.action_spaces[agent].n)))
        except triptych.IllegalActionError as err:
            other = self.agents[1 - self.agents.index(agent)]
            self.rewards = {agent: -1.0, other: 1.0}
            self.terminations = {a: True for a in self.agents}
            self.infos[agent] = {"illegal_action": str(err)}
        else:
            if self.state.is_terminal():
                returns = self.state.returns()
                self.rewards = {a: float(returns[i]) for i, a in enumerate(self.agents)}
                self.terminations = {a: True for a in self.agents}
            else:
                self.rewards = {a: 0.0 for a in self.agents}
                self.agent_selection = self.agents[self.state.to_move]
        self._accumulate_rewards()

    def render(self):
        if self.render_mode is None or self.state is None:
            return None
        if self.render_mode == "ansi":
            return str(self.state)
        from triptych.envs.rendering import render_rgb

        return render_rgb(self.game, self.state)

    def close(self) -> None:
        pass


def wrapped(env: TwoPlayerEnv) -> AECEnv:
    """PettingZoo's usual wrappers for a classic game: checks actions are in range and the call order."""
    env = wrappers.AssertOutOfBoundsWrapper(env)
    return wrappers.OrderEnforcingWrapper(env)
