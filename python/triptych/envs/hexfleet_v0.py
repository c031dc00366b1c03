"""Hexfleet as a PettingZoo AEC env: ``env = hexfleet_v0.env()``.

Actions are indices of the engine's compact mask (``ACTION_MASK_SHAPE`` = (38, 17, 17), flattened:
plane x hex relative to the mover's Core; docs/rules/hexfleet.md); ``state.mask_index_to_id`` turns one
into the native id. A legal action whose acting hex lies outside the 17x17 window has no index, so an
agent never plays it (rare: the fleet must stretch 9 hexes from its Core). Options of ``new_game``
(e.g. ``max_turns``) pass through ``env(...)``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from triptych.envs.two_player import TwoPlayerEnv, wrapped


class raw_env(TwoPlayerEnv):  # noqa: N801 -- PettingZoo's layout names it so
    metadata = {**TwoPlayerEnv.metadata, "name": "hexfleet_v0"}
    game = "hexfleet"

    def _action_count(self) -> int:
        return int(np.prod(self.module.ACTION_MASK_SHAPE))

    def _mask(self) -> np.ndarray:
        return self.state.action_mask().reshape(-1)

    def _apply(self, action: int) -> None:
        if not self._mask()[action]:
            raise_illegal(action)
        self.state.apply_id(self.state.mask_index_to_id(action))


def raise_illegal(action: int) -> None:
    import triptych

    raise triptych.IllegalActionError(f"mask index {action} is not a legal action here")


def env(**kwargs: Any):
    return wrapped(raw_env(**kwargs))
