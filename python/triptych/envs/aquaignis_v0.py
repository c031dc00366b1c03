"""AquaIgnis as a PettingZoo AEC env: ``env = aquaignis_v0.env()``.

Actions: the native ids (``Action.id``, 16,807; docs/rules/aquaignis.md); ``action_mask`` is
``state.action_mask()``. Options of ``new_game`` (e.g. ``no_progress_limit``) pass through ``env(...)``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from triptych.envs.two_player import TwoPlayerEnv, wrapped


class raw_env(TwoPlayerEnv):  # noqa: N801 -- PettingZoo's layout names it so
    metadata = {**TwoPlayerEnv.metadata, "name": "aquaignis_v0"}
    game = "aquaignis"

    def _action_count(self) -> int:
        return int(self.module.ACTION_IDS)

    def _mask(self) -> np.ndarray:
        return self.state.action_mask()

    def _apply(self, action: int) -> None:
        self.state.apply_id(action)


def env(**kwargs: Any):
    return wrapped(raw_env(**kwargs))
