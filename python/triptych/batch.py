"""Batched stepping for learners: n games of one kind stepped by one call.

::

    from triptych.batch import Batch

    batch = Batch("hexfleet", 256, seed=1, threads=2)
    observations, masks = batch.reset()            # (256, 27, 17, 17) float32, (256, 38, 17, 17) bool
    for _ in range(1000):
        actions = batch.random_actions()           # or your policy's ids, one per game
        step = batch.step(actions)
        step.observations, step.rewards, step.terminated, step.masks, step.to_move

Actions are the games' stable integer ids (``action.id``, ``state.legal_action_ids()``; documented per
game in docs/rules/<game>.md) as any integer array of shape ``(n,)``. Every id is checked against that
game's legal actions before any game moves: an illegal one raises ``IllegalActionError`` naming the
game, and nothing changes. The work runs in C++ with the GIL released, split over ``threads`` threads:
the calling one and a pool of workers started with the batch (and joined when it is freed). Each
thread steps the same share of the games every call (their states stay in that core's cache) and then
helps with what is left of the others'. Idle workers spin for 100 microseconds before they sleep, so
the gap between two calls costs no wake-up. A step waits for its slowest chunk, so give it only cores
that are free: a worker the OS puts aside in mid-chunk holds the whole step up.

A reward is the finished game's return for the player who made the last action (+1 win, -1 loss, 0
draw), else 0. A finished game starts over at once: the observation, mask and ``to_move`` returned for it
are already the new game's (``terminated`` says which games just ended). ``observations=False`` /
``masks=False`` skip those arrays (then ``None``) when a learner does not use them. Each call returns
fresh arrays; with ``reuse=True`` every call returns the same arrays, overwritten in place (no allocation
per step: copy what you keep). That is the fast way for a learner: one ``step`` call per step, into
preallocated arrays, and a mask row is only touched where the legal actions changed (the reused masks
are read-only to Python for that reason).

Determinism: ``random_actions()`` draws from one seeded stream per game (seeded from ``seed`` and the
game's index), so the same seed gives the same games whatever ``threads`` is.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from triptych import games

__all__ = ["Batch", "Step"]

_BATCH_GAMES = ("aquaignis", "hexfleet")


class Step(NamedTuple):
    """What one ``Batch.step`` returns, one row per game."""

    observations: np.ndarray | None  # float32 (n, *OBSERVATION_SHAPE)
    rewards: np.ndarray  # float32 (n,)
    terminated: np.ndarray  # bool (n,)
    masks: np.ndarray | None  # bool (n, *ACTION_MASK_SHAPE)
    to_move: np.ndarray  # int8 (n,): the player to act next in each game


class Batch:
    """``n`` games of ``game`` ("aquaignis" or "hexfleet") stepped together by action id.

    ``options`` are the game's ``new_game`` options (e.g. ``max_turns=100``); ``start`` is a position
    (a State of that game) every game starts from instead of a new game.
    """

    def __init__(self, game: str, n: int, *, seed: int = 0, threads: int = 1, observations: bool = True,
                 masks: bool = True, reuse: bool = False, start: Any = None, **options: Any) -> None:
        if game not in _BATCH_GAMES:
            raise ValueError(f"batched stepping covers {', '.join(_BATCH_GAMES)}; got {game!r}")
        module = games.load(game)
        if start is not None and options:
            raise ValueError("give either start= or new_game options, not both")
        initial = start.clone() if start is not None else module.new_game(**options)
        self.game = game
        self._native = getattr(__import__("triptych._core", fromlist=[game]), game).Batch(
            initial, int(n), int(seed), int(threads), bool(observations), bool(masks), bool(reuse))

    def __len__(self) -> int:
        return len(self._native)

    def reset(self) -> tuple[np.ndarray | None, np.ndarray | None]:
        """Starts every game over; returns (observations, masks)."""
        return tuple(self._native.reset())  # type: ignore[return-value]

    def step(self, actions: Any) -> Step:
        """Applies one action id per game (an integer array of shape (n,))."""
        return Step(*self._native.step(np.asarray(actions)))

    def random_actions(self) -> np.ndarray:
        """A uniformly random legal id for every game (int32, shape (n,))."""
        return self._native.random_actions()

    def random_steps(self, steps: int) -> int:
        """Steps every game ``steps`` times with random legal actions, all in C++; returns the steps made."""
        return self._native.random_steps(int(steps))

    def legal_action_ids(self, i: int) -> np.ndarray:
        """Game ``i``'s legal ids, ascending."""
        return self._native.legal_action_ids(int(i))

    def state(self, i: int) -> Any:
        """A copy of game ``i``'s position."""
        return self._native.state(int(i))

    def observations(self) -> np.ndarray | None:
        return self._native.observations()

    def masks(self) -> np.ndarray | None:
        return self._native.masks()

    def to_move(self) -> np.ndarray:
        return self._native.to_move()
