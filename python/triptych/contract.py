"""The State contract every Triptych game implements, as typing Protocols.

The search, the CLI, the benchmarks and the client are written against these
protocols, never against one game, so a new game plugs in by implementing
them (in C++, bound with pybind11).
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

import numpy as np


@runtime_checkable
class Action(Protocol):
    """One move; ``str(action)`` is its canonical notation."""

    def to_dict(self) -> dict[str, Any]: ...
    def __str__(self) -> str: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...


@runtime_checkable
class State(Protocol):
    """A position with the side to move.

    ``to_move`` is 0 or 1, ``triptych.CHANCE`` at a chance node (games with
    dice or cards) or ``triptych.TERMINAL`` once the game is over.
    """

    @property
    def to_move(self) -> int: ...
    @property
    def actions_left(self) -> int: ...
    @property
    def winner(self) -> int | None: ...
    @property
    def hash(self) -> int: ...

    def legal_actions(self) -> list[Any]: ...
    def apply(self, action: Any) -> None:
        """Applies an Action, its notation or its dict.

        Raises triptych.IllegalActionError and leaves the state unchanged when
        the action is malformed or illegal.
        """
    def clone(self) -> State: ...
    def is_terminal(self) -> bool: ...
    def returns(self) -> list[float]: ...
    def to_dict(self) -> dict[str, Any]: ...
    def observation(self) -> np.ndarray: ...


@runtime_checkable
class ChanceState(State, Protocol):
    """A State of a game with randomness: chance nodes list their outcomes."""

    def chance_outcomes(self) -> list[tuple[Any, float]]: ...
