"""The pure-Python baseline: a plain alpha-beta written in Python over our bindings.

What it is for: how much the native search buys over "the obvious Python
program" a user would write against the same bindings. It is plain
fail-hard minimax with alpha-beta -- no transposition table, no move
ordering, no quiescence -- calling the native ``evaluate`` at the depth
limit (so the evaluation itself is native on both sides: the comparison is
of the search loop and the move generation round trips). The random-playout
loop is :func:`triptych.bench.suites.python_playouts`.
"""

from __future__ import annotations

import time
from typing import Any

WIN = 100_000


class PyAlphaBeta:
    """Depth-limited alpha-beta for a maximizing player; a turn may hold several actions of one side."""

    def __init__(self, evaluate: Any) -> None:
        self.evaluate = evaluate
        self.nodes = 0

    def search(self, state: Any, depth: int) -> tuple[int, Any, int, float]:
        """(score for the side to act, best action, nodes, seconds)."""
        self.nodes = 0
        t0 = time.perf_counter()
        me = state.to_move
        best_value, best = -WIN - 1, None
        alpha, beta = -WIN - 1, WIN + 1
        for action in state.legal_actions():
            child = state.clone()
            child.apply(action)
            value = self._ab(child, depth - 1, alpha, beta, me)
            if value > best_value:
                best_value, best = value, action
            alpha = max(alpha, value)
        return best_value, best, self.nodes + 1, time.perf_counter() - t0

    def _ab(self, state: Any, depth: int, alpha: int, beta: int, me: int) -> int:
        self.nodes += 1
        if state.is_terminal():
            return int(state.returns()[me] * WIN)
        if depth == 0:
            score = self.evaluate(state)
            return score if state.to_move == me else -score
        maximizing = state.to_move == me
        value = -WIN - 1 if maximizing else WIN + 1
        for action in state.legal_actions():
            child = state.clone()
            child.apply(action)
            v = self._ab(child, depth - 1, alpha, beta, me)
            if maximizing:
                value = max(value, v)
                alpha = max(alpha, value)
            else:
                value = min(value, v)
                beta = min(beta, value)
            if alpha >= beta:
                break
        return value
