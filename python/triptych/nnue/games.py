"""The games an NNUE can be trained for, and what the trainer needs of each.

Feature indices are never computed in Python: ``nnue_features(state)`` is the
C++ extraction the engine itself uses, so trainer and engine agree by construction.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from triptych._core import aquaignis as _aquaignis
from triptych._core import hexfleet as _hexfleet


@dataclass(frozen=True)
class NnueGame:
    name: str
    module: Any          # the triptych._core submodule
    game_id: int         # the file header's game field
    feature_set: int
    features: int        # inputs per perspective
    max_active: int      # active features per perspective, at most
    factor_features: int  # coarser features that training adds (nnue_factors; docs/nnue.md)

    def new_game(self) -> Any:
        return self.module.new_game()

    def factors(self) -> Any:
        """int32 array (features, k): the factors each feature also counts as in training, padded with -1."""
        return self.module.nnue_factors()


def _spec(name: str, module: Any) -> NnueGame:
    return NnueGame(name, module, int(module.NNUE_GAME_ID), int(module.NNUE_FEATURE_SET), int(module.NNUE_FEATURES),
                    int(module.NNUE_MAX_ACTIVE),
                    int(module.NNUE_FACTOR_FEATURES))


GAMES: dict[str, NnueGame] = {"aquaignis": _spec("aquaignis", _aquaignis), "hexfleet": _spec("hexfleet", _hexfleet)}
ACC_WIDTH = int(_aquaignis.NNUE_ACC_WIDTH)
HIDDEN = int(_aquaignis.NNUE_HIDDEN)


def nnue_game(name: str) -> NnueGame:
    """The game called `name`; ValueError naming the games that have an NNUE."""
    try:
        return GAMES[name]
    except KeyError:
        raise ValueError(f"no NNUE for {name!r} yet (games with one: {', '.join(GAMES)})") from None
