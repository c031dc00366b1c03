"""Reading an agent's action for a ``Discrete(n)`` space, as Gymnasium's ``Discrete.contains`` does."""

from __future__ import annotations

from typing import Any

import numpy as np


def discrete_action(action: Any, n: int) -> int:
    """``action`` as an int; TypeError for anything but an integer (2.5 is not action 2).

    A 0-d integer array (what some agents return) is its value. The range is the caller's to judge:
    an id outside ``0..n-1`` is an illegal action, which the env answers as such.
    """
    if isinstance(action, np.ndarray) and action.shape == ():
        action = action[()]
    if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
        raise TypeError(f"an action of Discrete({n}) is an int, got {type(action).__name__} {action!r}")
    return int(action)
