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
    separates: bool = False  # the networks can stand apart (Hexfleet's R11), so a position can be `apart`

    def new_game(self) -> Any:
        return self.module.new_game()

    def factors(self) -> Any:
        """int32 array (features, k): the factors each feature also counts as in training, padded with -1."""
        return self.module.nnue_factors()

    def blend_classic(self, state: Any) -> int:
        """The classic evaluation that the NNUE search blends in (its classic share), for the side to act.

        Hexfleet's is the board evaluation, without the clock's pull toward the draw that its classic
        search adds while a countdown runs: there the separation outlook judges the blend as a whole.
        """
        return int(self.module.evaluate_board(state) if self.separates else self.module.evaluate(state))

    def apart(self, state: Any) -> bool:
        """Whether the networks stand apart, so that the NNUE search scales the evaluation by the separation
        outlook (docs/nnue.md); always False for a game without separations."""
        return self.separates and state.separation() is not None


def _spec(name: str, module: Any, separates: bool = False) -> NnueGame:
    return NnueGame(name, module, int(module.NNUE_GAME_ID), int(module.NNUE_FEATURE_SET), int(module.NNUE_FEATURES),
                    int(module.NNUE_MAX_ACTIVE),
                    int(module.NNUE_FACTOR_FEATURES), separates)


GAMES: dict[str, NnueGame] = {"aquaignis": _spec("aquaignis", _aquaignis),
                              "hexfleet": _spec("hexfleet", _hexfleet, separates=True)}
ACC_WIDTH = int(_aquaignis.NNUE_ACC_WIDTH)
HIDDEN = int(_aquaignis.NNUE_HIDDEN)


def nnue_game(name: str) -> NnueGame:
    """The game called `name`; ValueError naming the games that have an NNUE."""
    try:
        return GAMES[name]
    except KeyError:
        raise ValueError(f"no NNUE for {name!r} yet (games with one: {', '.join(GAMES)})") from None
