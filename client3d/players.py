"""AI levels and the background thinker.

The search runs in a worker thread: the C++ searches release the GIL, so the
render loop keeps drawing (the window never freezes) while it thinks. The app
polls :meth:`Thinker.result` once a frame.
"""

from __future__ import annotations

import threading
from typing import Any

from triptych import ai
from triptych.levels import EXTRA_LEVELS, LEVEL_ALIASES, LEVEL_NAMES
from triptych.levels import LEVELS as NAMED_LEVELS

# Level name -> (two-player search spec, fallback spec for games without alpha-beta): the named levels for
# people (triptych.levels, beginner..expert), random, and the demo the --ai-moves opening plays.
LEVELS: dict[str, tuple[str, str]] = {
    **{name: (level.spec, level.fallback) for name, level in NAMED_LEVELS.items()},
    **{name: (level.spec, level.fallback) for name, level in EXTRA_LEVELS.items()},
    "demo": ("alphabeta:4", "mcts:300"),   # quick but purposeful: what --ai-moves plays
}
#: what the start screen and --vs-ai / --ai-level offer, weakest first
PEOPLE_LEVELS: list[str] = LEVEL_NAMES


# In AquaIgnis a shallow alpha-beta opens by spawning in every flow; sampled MCTS shows more of the game.
DEMO_BY_GAME = {"aquaignis": ("mcts:400",), "hexfleet": ("alphabeta:5",)}


def make_ai(level: str, state: Any, seed: int | None = None) -> Any:
    """A player for `level`, falling back to what the game supports (MCTS, then Random)."""
    level = LEVEL_ALIASES.get(level, level)   # the names of earlier releases (easy, medium, hard)
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r}: choose one of {', '.join(LEVELS)}")
    specs = LEVELS[level]
    if level == "demo":
        specs = DEMO_BY_GAME.get(ai.game_of(state)[0], specs)
    for spec in specs + ("random",):
        player = ai.make_player(spec, seed=seed)
        try:
            if not isinstance(player, ai.Random):
                # A probe on a copy: a player that cannot handle this game says so at once.
                _probe(player, state)
            return player
        except ValueError:
            continue
    return ai.Random(seed)


def _probe(player: Any, state: Any) -> None:
    name, module = ai.game_of(state)
    if isinstance(player, (ai.AlphaBeta, ai.Softmax)) and not hasattr(module, "AlphaBetaSearcher"):
        raise ValueError("no alpha-beta for " + name)
    if isinstance(player, ai.Greedy) and not hasattr(module, "greedy"):
        raise ValueError("no greedy for " + name)
    if isinstance(player, ai.MCTS) and not (hasattr(module, "MctsSearcher") or hasattr(module, "mcts_search")):
        raise ValueError("no MCTS for " + name)


class Thinker:
    """Runs one search at a time in a daemon thread on a copy of the state."""

    def __init__(self) -> None:
        self._thread: threading.Thread | None = None
        self._result: Any = None
        self._error: BaseException | None = None
        self._player: Any = None

    @property
    def busy(self) -> bool:
        return self._thread is not None

    def start(self, player: Any, state: Any, method: str = "choose") -> None:
        """Runs ``player.choose(copy)`` (an AI move) or ``player.search(copy)`` (analysis: score and line)."""
        snapshot = state.clone()  # the engine state in the app may change (undo, new game)
        self._player, self._result, self._error = player, None, None
        run = getattr(player, method)

        def work() -> None:
            try:
                self._result = run(snapshot)
            except BaseException as err:  # reported to the app, never lost in the thread
                self._error = err

        self._thread = threading.Thread(target=work, name="triptych-ai", daemon=True)
        self._thread.start()

    def result(self) -> Any:
        """The chosen action once the search ended, else None; raises what the search raised."""
        if self._thread is None or self._thread.is_alive():
            return None
        self._thread = None
        if self._error is not None:
            raise self._error
        return self._result

    def cancel(self) -> None:
        """Stops a running search (its answer is dropped)."""
        if self._thread is not None:
            stop = getattr(self._player, "stop", None)
            if stop is not None:
                stop()
            self._thread.join(timeout=5)
            self._thread = None
