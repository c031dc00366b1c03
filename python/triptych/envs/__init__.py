"""Gymnasium and PettingZoo environments (the ``rl`` extra: ``pip install 'triptych[rl]'``).

* ``gymnasium.make("triptych/Combat-v0", variant="v03")`` -- one Combat variant as a single-agent env
  (registered when this package is imported).
* ``from triptych.envs import aquaignis_v0, hexfleet_v0; env = aquaignis_v0.env()`` -- the two-player
  games as PettingZoo AEC envs, in PettingZoo's module layout (``env()``, ``raw_env``).

Observations are dicts ``{"observation": the engine's observation, "action_mask": int8 mask}``;
actions are the engines' integer action ids (Hexfleet: indices of its compact mask). Resets are
seeded; ``render_mode="ansi"`` gives the text board, ``"rgb_array"`` the offscreen 3D table.
"""

from __future__ import annotations

try:
    import gymnasium
except ImportError as err:  # pragma: no cover - depends on the install
    raise ImportError("triptych.envs needs the rl extra: pip install 'triptych[rl]'") from err

from triptych.envs.combat_env import CombatEnv

if "triptych/Combat-v0" not in gymnasium.registry:
    gymnasium.register(id="triptych/Combat-v0", entry_point="triptych.envs.combat_env:CombatEnv")

__all__ = ["CombatEnv", "aquaignis_v0", "hexfleet_v0"]


def __getattr__(name: str):
    # The PettingZoo modules import pettingzoo; load them only when asked for.
    if name in ("aquaignis_v0", "hexfleet_v0"):
        import importlib

        return importlib.import_module(f"triptych.envs.{name}")
    raise AttributeError(name)
