"""AI players for every Triptych game; the searching happens in C++.

    >>> import triptych.aquaignis as aquaignis, triptych.ai as ai
    >>> state = aquaignis.new_game()
    >>> result = ai.AlphaBeta(depth=6).search(state)
    >>> result.best, result.score, [str(a) for a in result.pv]

Players: :class:`AlphaBeta` (iterative deepening alpha-beta with a
transposition table, two-player games), :class:`MCTS` (UCT, every game),
:class:`Greedy` (the best action by the evaluation, or the best turn for
Combat), :class:`Softmax` (a shallow search's good actions drawn with a
temperature: the beginner level's human-like mistakes) and :class:`Random`. Each has ``choose(state) -> Action`` and
``search(state) -> SearchResult``. Searches release the GIL, so a search can
run in a background thread while the caller stays responsive, and
``stop()`` (from any thread) ends a running search early.

Scores are in centi-units for the side to act; a forced win is reported as
``WIN - n`` where n is the number of actions (plies) to the winning action,
and :attr:`SearchResult.mate_in` gives n.
"""

from __future__ import annotations

import importlib
import math
import numbers
import random
import time
from dataclasses import dataclass, field
from typing import Any

from triptych import CHANCE, TERMINAL

WIN = 100_000

__all__ = ["WIN", "AlphaBeta", "GameClock", "Greedy", "MCTS", "Random", "SearchResult", "Softmax", "game_of",
           "make_player", "require_two_player_game"]


@dataclass(frozen=True)
class SearchResult:
    """What a search found: the action to play and how it judged the position.

    Attributes:
        best: The action to play (an Action of the state's game).
        score: Centi-units for the side to act (alpha-beta; a forced win is ``WIN - plies``), or the expected
            reward x1000 (MCTS).
        depth: Plies of the deepest completed iteration (MCTS: of the principal variation).
        pv: The principal variation, ``best`` first.
        nodes: Positions searched (MCTS: iterations), all threads together.
        seconds: Wall-clock time of the search, in seconds.
        threads: Threads that searched.
        seldepth: Deepest ply reached, quiescence included.
    """

    best: Any
    score: int
    depth: int
    pv: list[Any] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0
    threads: int = 1
    seldepth: int = 0

    @property
    def nps(self) -> float:
        """Nodes (MCTS: iterations) per second."""
        return self.nodes / self.seconds if self.seconds > 0 else 0.0

    @property
    def mate_in(self) -> int | None:
        """Plies to a forced win (positive) or loss (negative), else None."""
        if self.score > WIN - 1000:
            return WIN - self.score
        if self.score < -(WIN - 1000):
            return -(WIN + self.score)
        return None


EVALUATIONS = ("default", "classic", "nnue")

#: The games whose default evaluation is their shipped NNUE net (python/triptych/nnue/nets/GAME.nnue), each
#: with the classic share it plays with: the net and share that passed SPRT(elo0=0, elo1=10) against the
#: classic evaluation at 100 ms a move (docs/nnue.md, "The classic share"). Every other game's default is
#: the classic evaluation.
SHIPPED_NNUE: dict[str, int] = {"hexfleet": 50, "aquaignis": 90}


def default_evaluation(game: str) -> str:
    """What ``evaluation="default"`` searches `game` with: "nnue" (its shipped net) or "classic"."""
    return "nnue" if game in SHIPPED_NNUE else "classic"


def resolve_evaluation(evaluation: str, game: str, weights: dict[str, int] | None = None) -> str:
    """What `evaluation` (one of EVALUATIONS) searches `game` with: "classic" or "nnue". The default is the
    game's (default_evaluation), or the classic where `weights` tune it."""
    if evaluation != "default":
        return evaluation
    return "classic" if weights else default_evaluation(game)


def resolve_classic_share(game: str, net: str | None, classic_share: int | None) -> int:
    """The classic share an NNUE search of `game` uses: `classic_share` where given, else the shipped net's
    own (SHIPPED_NNUE; `net` None is the shipped net), else 0: any other net plays alone."""
    if classic_share is not None:
        return classic_share
    return SHIPPED_NNUE.get(game, 0) if net is None else 0


#: Late-move pruning's count (docs/ai.md, "Late-move pruning") for the games whose shipped net searches with
#: it: the count that passed SPRT(elo0=0, elo1=10) against the same net without it at 100 ms a move
#: (docs/nnue.md, session 24). Every other search (the classic evaluation, any other net) prunes no late
#: moves unless asked.
SHIPPED_LATE_MOVE_PRUNING: dict[str, int] = {"hexfleet": 8}


def resolve_late_move_pruning(game: str, evaluation: str, net: str | None, late_move_pruning: int | None) -> int:
    """The late-move pruning count a search of `game` with `evaluation` ("classic" or "nnue") uses:
    `late_move_pruning` where given, else the shipped net's (SHIPPED_LATE_MOVE_PRUNING; `net` None is the
    shipped net), else 0, off."""
    if late_move_pruning is not None:
        return late_move_pruning
    return SHIPPED_LATE_MOVE_PRUNING.get(game, 0) if evaluation == "nnue" and net is None else 0


def default_net(game: str) -> str:
    """The NNUE net shipped for `game` (python/triptych/nnue/nets/GAME.nnue); ValueError when none ships yet."""
    from pathlib import Path

    path = Path(__file__).parent / "nnue" / "nets" / f"{game}.nnue"
    if not path.exists():
        raise ValueError(f"no NNUE net ships for {game} yet: train one (triptych selfplay, triptych train; "
                         f"docs/nnue.md) and pass net=PATH")
    return str(path)


MAX_DEPTH = 120  # the searches' ply stack holds 128; 8 are kept for quiescence
MAX_CONTEMPT = 1000  # centi-units; the native searchers' bound (cpp/bindings/search_bindings.h)
MAX_FUTILITY_MARGIN = 1000  # centi-units a ply; the native searchers' bound (the same file)
MAX_LATE_MOVE_PRUNING = 1000  # quiet actions a ply; the native searchers' bound (the same file)
LATE_MOVE_REDUCTION_RANGE = (50, 1000)  # hundredths; the native searchers' bounds (the same file); 0 is also taken
# AlphaBeta's depth when it is left out: 6 with no other limit (explicit None means no depth limit).
_DEFAULT_DEPTH: Any = type("_DefaultDepth", (), {"__repr__": lambda self: "6 unless a budget is given"})()


def _integer(name: str, value: Any, low: int, high: int | None = None, *, optional: bool = True) -> int | None:
    """`value` checked to be an int in low..high (or None where None means "no limit"): ValueError otherwise."""
    span = f"{low}..{high}" if high is not None else f">= {low}"
    if value is None and optional:
        return None
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        spelled = f"an integer {span}" + (" or None (no limit)" if optional else "")
        raise ValueError(f"{name} must be {spelled}, not {value!r}")
    if value < low or (high is not None and value > high):
        raise ValueError(f"{name} must be {span}" + (" (None means no limit)" if optional else "") + f", got {value}")
    return int(value)


def game_of(state: Any) -> tuple[str, Any]:
    """The game name and native module of a state, e.g. ("aquaignis", triptych._core.aquaignis)."""
    module_name = type(state).__module__
    if not module_name.startswith("triptych._core."):
        raise TypeError(f"not a Triptych game state: {type(state).__name__}")
    return module_name.rsplit(".", 1)[-1], importlib.import_module(module_name)


def _check_weights(weights: dict[str, int] | None) -> None:
    """Weights are checked by name against the game when a search runs (the game is not known before)."""
    if weights is None:
        return
    if not isinstance(weights, dict):
        raise ValueError(f"weights must be a dict of name -> integer, not {type(weights).__name__}")
    for key, value in weights.items():
        if not isinstance(key, str) or isinstance(value, bool) or not isinstance(value, numbers.Integral):
            raise ValueError(f"weights must map names to integers; {key!r}: {value!r} is not")


def _check_playable(state: Any) -> None:
    if state.to_move == TERMINAL or state.is_terminal():
        raise ValueError("the game is over: there is nothing to choose")


def _result(raw: dict[str, Any]) -> SearchResult:
    return SearchResult(best=raw["best"], score=raw["score"], depth=raw["depth"], pv=list(raw["pv"]),
                        nodes=raw["nodes"], seconds=raw["seconds"], threads=raw["threads"],
                        seldepth=raw["seldepth"])


def _two_player_module(state: Any, player: str) -> tuple[str, Any]:
    name, module = game_of(state)
    if not hasattr(module, "AlphaBetaSearcher"):
        raise ValueError(f"{player} plays two-player games; {name} is not one (use MCTS, Greedy or Random)")
    return name, module


class AlphaBeta:
    """Iterative-deepening alpha-beta (PVS, TT, aspiration, Lazy SMP) for two-player games.

    ``depth`` left out: depth 6 when no other limit is given, else no depth
    limit. ``depth=None`` given: no depth limit, so the search deepens until
    ``time_ms``, ``nodes`` or the clock ends it (one of them is required:
    ValueError rather than a search that never ends). ``threads`` > 1 runs Lazy SMP
    sharing one transposition table of ``tt_mb`` MiB; with threads=1 and no
    time limit the search is deterministic. ``weights`` overrides named
    evaluation weights (see docs/ai.md). ``evaluation="nnue"`` searches with the
    learned evaluation instead (docs/nnue.md): the net read from ``net`` (a
    ``.nnue`` file), or the one shipped for the game; ``classic_share`` (a
    percentage, with ``evaluation="nnue"``) blends that much of the classic
    evaluation into each of the net's (docs/nnue.md, "The classic share"; left
    out: the shipped net's own share, 0 for any other net). ``contempt``
    (centi-units, default 0) scores a draw as that much below 0 for the side
    that searches, so it plays on rather than settle (docs/ai.md, "Contempt").
    ``futility_margin`` (centi-units a ply; 0, the default, is off) prunes a
    node near the horizon whose evaluation beats the window by that much a
    ply (docs/ai.md, "Static futility"; measured, it did not pay).
    ``late_move_pruning`` skips, near the horizon off the principal
    variation, the quiet actions that come after the first that many for
    each ply left (docs/ai.md, "Late-move pruning"; 0 is off; left out: the
    shipped net's own count, ``SHIPPED_LATE_MOVE_PRUNING``, 0 for anything else).
    ``late_move_reduction`` chooses how far late quiet actions are reduced:
    0 (the default) one ply, two from the thirteenth action; N (50..1000)
    round(ln(depth) ln(i) 100 / N) plies, at least one (docs/ai.md, "Late
    move reductions").
    ``partial_iterations`` keeps the best root action of an iteration that
    time or the node budget cut short, where one was searched to the full
    depth; otherwise such an iteration is thrown away (docs/ai.md, "Partial
    iterations").
    ``evaluation="default"`` (the default) is each game's best measured:
    the shipped net where one has beaten the classic evaluation under SPRT
    (``SHIPPED_NNUE``: Hexfleet and AquaIgnis), else the classic; with ``weights``, always
    the classic, which the weights tune.

    ``clock_ms`` (with ``increment_ms``) plays on a game clock instead of a
    fixed time a move: see :class:`GameClock`. The player remembers the
    positions it was asked about since the game's last irreversible action,
    so the search scores a return to one of them as the draw it leads to
    (Hexfleet states carry their own history, R20).
    """

    def __init__(self, depth: Any = _DEFAULT_DEPTH, time_ms: int | None = None, nodes: int | None = None,
                 threads: int = 1, tt_mb: int = 64, weights: dict[str, int] | None = None,
                 quiescence: bool = True, clock_ms: int | None = None, increment_ms: int = 0,
                 evaluation: str = "default", net: str | None = None, classic_share: int | None = None,
                 contempt: int = 0, futility_margin: int = 0,
                 late_move_pruning: int | None = None, late_move_reduction: int = 0,
                 partial_iterations: bool = False) -> None:
        budgeted = time_ms is not None or nodes is not None or clock_ms is not None
        if depth is _DEFAULT_DEPTH:
            depth = None if budgeted else 6
        elif depth is None and not budgeted:
            raise ValueError("AlphaBeta(depth=None) means no depth limit: give time_ms, nodes or clock_ms to end "
                             "the search, or a depth")
        depth = _integer("depth", depth, 1, MAX_DEPTH)
        time_ms = _integer("time_ms", time_ms, 1)
        nodes = _integer("nodes", nodes, 1)
        threads = _integer("threads", threads, 1, 256, optional=False)  # type: ignore[assignment]
        tt_mb = _integer("tt_mb", tt_mb, 1, 65536, optional=False)  # type: ignore[assignment]
        if clock_ms is not None and time_ms is not None:
            raise ValueError("give either time_ms (a fixed time a move) or clock_ms (a game clock), not both")
        _check_weights(weights)
        if evaluation not in EVALUATIONS:
            raise ValueError(f"evaluation must be one of {', '.join(EVALUATIONS)}, not {evaluation!r}")
        if evaluation != "nnue" and net is not None:
            raise ValueError("net= is the NNUE's file: give it with evaluation='nnue'")
        if evaluation == "nnue" and weights:
            raise ValueError("weights= tune the classic evaluation; the NNUE has none")
        if classic_share is not None:
            classic_share = _integer("classic_share", classic_share, 0, 100, optional=False)
        if evaluation != "nnue" and classic_share is not None:
            raise ValueError("classic_share= blends the classic evaluation into the NNUE's: give it with "
                             "evaluation='nnue'")
        self.evaluation, self.net, self.classic_share = evaluation, net, classic_share
        self.contempt: int = _integer("contempt", contempt, -MAX_CONTEMPT, MAX_CONTEMPT,  # type: ignore[assignment]
                                      optional=False)
        self.futility_margin: int = _integer("futility_margin", futility_margin, 0,  # type: ignore[assignment]
                                             MAX_FUTILITY_MARGIN, optional=False)
        self.late_move_pruning = _integer("late_move_pruning", late_move_pruning, 0, MAX_LATE_MOVE_PRUNING)
        self.late_move_reduction: int = _integer("late_move_reduction", late_move_reduction, 0,  # type: ignore[assignment]
                                                 LATE_MOVE_REDUCTION_RANGE[1], optional=False)
        if 0 < self.late_move_reduction < LATE_MOVE_REDUCTION_RANGE[0]:
            low, high = LATE_MOVE_REDUCTION_RANGE
            raise ValueError(f"late_move_reduction is 0 (the fixed reductions) or {low}..{high}, "
                             f"not {self.late_move_reduction}")
        if partial_iterations not in (True, False):  # 1 and 0 too, as a player spec gives them
            raise ValueError(f"partial_iterations is True or False (1 or 0), not {partial_iterations!r}")
        self.partial_iterations = bool(partial_iterations)
        self.depth, self.time_ms, self.nodes = depth, time_ms, nodes
        self.threads, self.tt_mb, self.weights, self.quiescence = threads, tt_mb, dict(weights or {}), quiescence
        self.clock = GameClock(clock_ms, increment_ms) if clock_ms is not None else None
        self._searchers: dict[str, Any] = {}
        self._running: Any = None
        self._seen: list[tuple[int, int]] = []  # (no_progress, hash) of positions searched this game

    def _searcher(self, state: Any) -> Any:
        name, module = _two_player_module(state, "AlphaBeta")
        if name not in self._searchers:
            if self.evaluation_for(name) == "nnue":
                if not hasattr(module, "NnueNet"):
                    raise ValueError(f"{name} has no NNUE evaluation yet (docs/nnue.md)")
                net = module.NnueNet(self.net if self.net is not None else default_net(name))
                share = resolve_classic_share(name, self.net, self.classic_share)
                self._searchers[name] = module.NnueAlphaBetaSearcher(net, classic_share=share,
                                                                     **self._searcher_keywords(name))
            else:
                self._searchers[name] = module.AlphaBetaSearcher(weights=self.weights, **self._searcher_keywords(name))
        return self._searchers[name]

    def _searcher_keywords(self, game: str) -> dict[str, int]:
        """The keywords both native searchers of `game` take alike."""
        late_moves = resolve_late_move_pruning(game, self.evaluation_for(game), self.net, self.late_move_pruning)
        return {"threads": self.threads, "tt_mb": self.tt_mb, "quiescence": self.quiescence,
                "contempt": self.contempt, "futility_margin": self.futility_margin, "late_move_pruning": late_moves,
                "late_move_reduction": self.late_move_reduction, "partial_iterations": self.partial_iterations}

    def evaluation_for(self, game: str) -> str:
        """The evaluation this player searches `game` with: "classic" or "nnue"."""
        return resolve_evaluation(self.evaluation, game, self.weights)

    def new_game(self) -> None:
        """Forgets the positions of the last game and resets the clock."""
        self._seen.clear()
        if self.clock is not None:
            self.clock.reset()

    def _history(self, state: Any) -> list[int]:
        """Hashes of earlier positions this player searched since the last irreversible action.

        Games with a no-progress counter (AquaIgnis) reset it at each
        irreversible action; the counter only grows in between, so the
        positions that still count are the newest run of smaller counters.
        """
        counter = getattr(state, "no_progress", None)
        if counter is None:
            return []
        kept: list[tuple[int, int]] = []
        for seen_counter, seen_hash in reversed(self._seen):
            if seen_counter >= (kept[-1][0] if kept else counter):
                break
            kept.append((seen_counter, seen_hash))
        kept.reverse()
        self._seen = kept + [(counter, state.hash)]
        return [h for _, h in kept]

    def _raw_search(self, searcher: Any, state: Any, history: list[int], time_ms: int | None) -> dict[str, Any]:
        self._running = searcher
        try:
            return searcher.search(state, depth=self.depth or 0, time_ms=time_ms or 0, nodes=self.nodes or 0,
                                   history=history)
        finally:
            self._running = None

    def search(self, state: Any) -> SearchResult:
        """Searches `state` within this player's limits; raises ValueError if the game is over or unsupported.

        Ctrl-C (SIGINT) stops the native search within moments and raises KeyboardInterrupt.
        """
        searcher = self._searcher(state)
        _check_playable(state)
        history = self._history(state)
        if self.clock is None:
            return _result(self._raw_search(searcher, state, history, self.time_ms))
        return self._search_on_clock(searcher, state, history)

    def _search_on_clock(self, searcher: Any, state: Any, history: list[int]) -> SearchResult:
        """Spends the clock's share in two halves; a third share when the two disagree.

        The transposition table is kept between the calls, so the second
        call goes deeper than the first rather than starting over; when the
        deeper search changes its mind the move is unstable and earns more time.
        """
        clock = self.clock
        assert clock is not None
        started = time.perf_counter()
        budget, extra = clock.budget_ms(), clock.extension_ms()
        first = self._raw_search(searcher, state, history, max(1, budget // 2))
        raw = self._raw_search(searcher, state, history, max(1, budget - budget // 2))
        if raw["best"] != first["best"] and extra > 0:
            raw = self._raw_search(searcher, state, history, extra)
        clock.spend((time.perf_counter() - started) * 1000.0)
        return _result(raw)

    def choose(self, state: Any) -> Any:
        """The action this player would play in `state` (``search(state).best``)."""
        return self.search(state).best

    def stop(self) -> None:
        """Ends a running search (from another thread); it returns its best so far."""
        if self._running is not None:
            self._running.stop()

    def __repr__(self) -> str:
        limits = ", ".join(f"{k}={v}" for k, v in (("depth", self.depth), ("time_ms", self.time_ms),
                                                     ("nodes", self.nodes)) if v is not None)
        if self.clock is not None:
            limits = ", ".join(filter(None, (limits, f"clock_ms={self.clock.clock_ms}",
                                             f"increment_ms={self.clock.increment_ms}")))
        evaluation = f", evaluation={self.evaluation!r}" if self.evaluation != "default" else ""
        if self.classic_share is not None:
            evaluation += f", classic_share={self.classic_share}"
        if self.contempt:
            evaluation += f", contempt={self.contempt}"
        if self.futility_margin:
            evaluation += f", futility_margin={self.futility_margin}"
        if self.late_move_pruning is not None:
            evaluation += f", late_move_pruning={self.late_move_pruning}"
        if self.late_move_reduction:
            evaluation += f", late_move_reduction={self.late_move_reduction}"
        if self.partial_iterations:
            evaluation += ", partial_iterations=True"
        return f"AlphaBeta({limits}, threads={self.threads}{evaluation})"


class GameClock:
    """A Fischer clock: ``clock_ms`` for the game, ``increment_ms`` added after each move.

    A move gets the time left over the moves still expected (at least
    ``MOVES_TO_GO``, so early moves do not starve late ones) plus most of the
    increment, and never more than a fifth of what is left; a move whose best
    action changes when searched deeper may take as much again. A safety
    margin (``SAFETY_MS`` and 5% of the budget) covers the call overhead, so
    the clock is not overrun even on a loaded machine: the searches stop
    themselves on time, whatever the load.
    """

    MOVES_TO_GO = 30
    SAFETY_MS = 20

    def __init__(self, clock_ms: int, increment_ms: int = 0) -> None:
        if clock_ms < 1:
            raise ValueError("clock_ms must be at least 1")
        if increment_ms < 0:
            raise ValueError("increment_ms must be at least 0")
        self.clock_ms, self.increment_ms = clock_ms, increment_ms
        self.reset()

    def reset(self) -> None:
        self.left_ms = float(self.clock_ms)
        self.moves = 0
        self.flagged = False

    def _usable_ms(self) -> float:
        return max(0.0, self.left_ms - self.SAFETY_MS) * 0.95

    def budget_ms(self) -> int:
        share = self._usable_ms() / self.MOVES_TO_GO + 0.75 * self.increment_ms
        return max(1, int(min(share, self._usable_ms() / 5)))

    def extension_ms(self) -> int:
        """Extra time for an unstable move: another budget, while the clock can stand it."""
        return int(min(self.budget_ms(), self._usable_ms() / 10))

    def spend(self, elapsed_ms: float) -> None:
        self.left_ms -= elapsed_ms
        self.moves += 1
        if self.left_ms < 0:
            self.flagged = True
        self.left_ms += self.increment_ms


class MCTS:
    """Monte Carlo tree search.

    Two-player games: UCT with random playouts (``playout_plies`` > 0 cuts
    them off and scores by the evaluation; exploration 1.4 by default). With
    ``reuse`` (the default) the tree is kept between moves: the next search
    starts from the subtree of the actions played since.
    Combat: open-loop MCTS whose chance outcomes are sampled from the state's
    own distribution, never from the fight's seeded future; playouts end when
    the next turn begins and are judged by damage dealt, HP kept and the win
    (exploration 0.7). With no limit given it runs 1000 iterations.
    """

    def __init__(self, iterations: int | None = None, time_ms: int | None = None, threads: int = 1,
                 seed: int | None = None, exploration: float | None = None, playout_plies: int = 0,
                 reuse: bool = True) -> None:
        iterations = _integer("iterations", iterations, 1)
        time_ms = _integer("time_ms", time_ms, 1)
        threads = _integer("threads", threads, 1, 256, optional=False)  # type: ignore[assignment]
        seed = _integer("seed", seed, 0)
        playout_plies = _integer("playout_plies", playout_plies, 0, optional=False)  # type: ignore[assignment]
        if exploration is not None:
            if isinstance(exploration, bool) or not isinstance(exploration, numbers.Real) or not exploration >= 0:
                raise ValueError(f"exploration must be a number >= 0 (None: the game's default), not {exploration!r}")
            exploration = float(exploration)
        if iterations is None and time_ms is None:
            iterations = 1000
        self.iterations, self.time_ms, self.threads = iterations, time_ms, threads
        self.seed = 0 if seed is None else seed
        self.exploration, self.playout_plies, self.reuse = exploration, playout_plies, bool(reuse)
        self._calls = 0
        self._turn_seen: tuple[int, list[int]] = (-1, [])  # Combat: positions stood in this turn
        self._searchers: dict[str, Any] = {}  # two-player games: one searcher a game, its tree kept

    def new_game(self) -> None:
        """Drops the trees kept from the last game."""
        for searcher in self._searchers.values():
            searcher.clear()

    def search(self, state: Any) -> SearchResult:
        """Searches `state` within this player's limits; raises ValueError if the game is over or unsupported.

        Ctrl-C (SIGINT) stops the native search within moments and raises KeyboardInterrupt.
        """
        name, module = game_of(state)
        _check_playable(state)
        # Each call draws a fresh seed from (seed, call number): repeatable, yet not the same tree every move.
        seed = (self.seed * 1_000_003 + self._calls) & 0xFFFFFFFFFFFF
        self._calls += 1
        if hasattr(module, "MctsSearcher"):
            if name not in self._searchers:
                exploration = 1.4 if self.exploration is None else self.exploration
                self._searchers[name] = module.MctsSearcher(threads=self.threads, seed=self.seed,
                                                            exploration=exploration,
                                                            playout_plies=self.playout_plies, reuse=self.reuse)
            return _result(self._searchers[name].search(state, iterations=self.iterations or 0,
                                                        time_ms=self.time_ms or 0, seed=seed))
        if hasattr(module, "mcts_search"):
            exploration = 0.7 if self.exploration is None else self.exploration  # rewards lie in [0, 1]
            # Free decisions that undo each other (V08's rearranging) must not loop: the search
            # is told the positions this player already stood in this turn.
            turn, seen = self._turn_seen
            if turn != state.turn:
                turn, seen = state.turn, []
            seen.append(state.hash)
            self._turn_seen = (turn, seen)
            return _result(module.mcts_search(state, iterations=self.iterations or 0, time_ms=self.time_ms or 0,
                                              seed=seed, exploration=exploration, threads=self.threads,
                                              avoid=seen))
        raise ValueError(f"MCTS does not support {name}")

    def choose(self, state: Any) -> Any:
        """The action this player would play in `state` (``search(state).best``)."""
        return self.search(state).best

    def stop(self) -> None:
        """Ends a running AquaIgnis or Hexfleet search (from another thread); it returns its best so far.

        A Combat search runs to its limit.
        """
        for searcher in list(self._searchers.values()):
            searcher.stop()

    def __repr__(self) -> str:
        return (f"MCTS(iterations={self.iterations}, time_ms={self.time_ms}, threads={self.threads}, "
                f"playout_plies={self.playout_plies}, reuse={self.reuse})")


class Greedy:
    """The action whose result the evaluation likes best (Combat: the best whole turn, one turn ahead)."""

    def __init__(self, weights: dict[str, int] | None = None) -> None:
        _check_weights(weights)
        self.weights = dict(weights or {})

    def search(self, state: Any) -> SearchResult:
        """Searches `state` within this player's limits; raises ValueError if the game is over or unsupported.

        Ctrl-C (SIGINT) stops the native search within moments and raises KeyboardInterrupt.
        """
        name, module = game_of(state)
        _check_playable(state)
        if not hasattr(module, "greedy"):
            raise ValueError(f"Greedy does not support {name}")
        if self.weights:
            return _result(module.greedy(state, weights=self.weights))
        return _result(module.greedy(state))

    def choose(self, state: Any) -> Any:
        """The action this player would play in `state` (``search(state).best``)."""
        return self.search(state).best

    def __repr__(self) -> str:
        return "Greedy()"


class Softmax:
    """Chooses among the good actions with a temperature: the human-like player of the low AI levels.

    Every legal action is scored by a shallow alpha-beta search of the position it leads to (``depth``
    plies below it, so the opponent's best reply is seen with depth 1), from the mover's point of view;
    the action is then drawn with probability proportional to ``exp(score / temperature)`` (centi-units)
    from a seeded generator. An action ``temperature`` worse than the best is chosen e times less often:
    a near-equal alternative is a common choice, a clear blunder a rare one, and a forced win is always
    taken. Two-player games only (the scores come from :class:`AlphaBeta`'s searcher).
    """

    def __init__(self, temperature: int = 100, depth: int = 1, seed: int | None = None) -> None:
        self.temperature: int = _integer("temperature", temperature, 1, optional=False)  # type: ignore[assignment]
        self.depth: int = _integer("depth", depth, 0, MAX_DEPTH, optional=False)  # type: ignore[assignment]
        _integer("seed", seed, 0)
        self.seed = 0 if seed is None else seed
        self._rng = random.Random(self.seed)
        self._searchers: dict[str, Any] = {}

    def new_game(self) -> None:
        """Starts the choices over from the seed (the same game, the same choices)."""
        self._rng = random.Random(self.seed)

    def root_scores(self, state: Any) -> list[tuple[Any, int]]:
        """(action, score for the side to act) for every legal action of `state`, in the engine's order."""
        name, module = _two_player_module(state, "Softmax")
        _check_playable(state)
        if name not in self._searchers:
            self._searchers[name] = module.AlphaBetaSearcher(threads=1, tt_mb=4)
        searcher, mover = self._searchers[name], state.to_move
        out = []
        for action in state.legal_actions():
            child = state.clone()
            child.apply(action)
            if child.is_terminal():
                score = 0 if child.winner is None else WIN if child.winner == mover else -WIN
            elif self.depth == 0:
                score = module.evaluate(child)
            else:
                score = searcher.search(child, depth=self.depth)["score"]
            out.append((action, score if child.is_terminal() or child.to_move == mover else -score))
        return out

    def search(self, state: Any) -> SearchResult:
        """Scores every action and draws one; ``pv`` holds the drawn action, ``score`` its score."""
        scored = self.root_scores(state)
        top = max(score for _, score in scored)
        weights = [math.exp((score - top) / self.temperature) for _, score in scored]
        pick = self._rng.random() * sum(weights)
        for (action, score), weight in zip(scored, weights):
            pick -= weight
            if pick < 0:
                break
        return SearchResult(best=action, score=score, depth=self.depth + 1, pv=[action], nodes=len(scored))

    def choose(self, state: Any) -> Any:
        """The action this player would play in `state` (``search(state).best``)."""
        return self.search(state).best

    def __repr__(self) -> str:
        return f"Softmax(temperature={self.temperature}, depth={self.depth})"


class Random:
    """A uniformly random legal action, from a seeded generator."""

    def __init__(self, seed: int | None = None) -> None:
        _integer("seed", seed, 0)
        self._rng = random.Random(seed)

    def search(self, state: Any) -> SearchResult:
        """Searches `state` within this player's limits; raises ValueError if the game is over or unsupported.

        Ctrl-C (SIGINT) stops the native search within moments and raises KeyboardInterrupt.
        """
        game_of(state)
        _check_playable(state)
        if state.to_move == CHANCE:
            raise ValueError("the state is at a chance node: resolve the dice or draw first")
        action = self._rng.choice(state.legal_actions())
        return SearchResult(best=action, score=0, depth=0, pv=[action], nodes=1)

    def choose(self, state: Any) -> Any:
        """The action this player would play in `state` (``search(state).best``)."""
        return self.search(state).best

    def __repr__(self) -> str:
        return "Random()"


def load_weights(path: str) -> dict[str, int]:
    """Evaluation weights from a JSON file: ``{"weights": {name: value}}`` (as ``triptych tune`` writes) or
    a plain ``{name: value}``."""
    import json
    from pathlib import Path

    try:
        data = json.loads(Path(path).read_text())
    except OSError as err:
        raise ValueError(f"weights file {path!r}: {err.strerror}") from None
    except json.JSONDecodeError as err:
        raise ValueError(f"weights file {path!r} is not valid JSON: {err}") from None
    weights = data.get("weights", data) if isinstance(data, dict) else None
    if not isinstance(weights, dict) or not all(isinstance(v, int) for v in weights.values()):
        raise ValueError(f"weights file {path!r}: expected {{name: integer}} or {{\"weights\": {{name: integer}}}}")
    return weights


def make_player(spec: str, seed: int | None = None) -> Any:
    """A player from a short spec: ``random``, ``greedy``, ``alphabeta:4`` (depth),
    ``alphabeta:time_ms=200,threads=2``, ``alphabeta:clock_ms=60000,increment_ms=500``,
    ``alphabeta:4,weights=tuned.json`` (evaluation weights written by ``triptych tune``),
    ``alphabeta:nodes=20000,nnue=gen1.nnue`` (the NNUE evaluation with that net; ``nnue=shipped``: the package's;
    ``classic_share=50`` blends in half the classic evaluation; ``evaluation=classic``: the classic evaluation
    where the game's default is its net),
    ``mcts:500`` (iterations), ``mcts:time_ms=100``, ``softmax:temperature=100,depth=1``, or a named level
    (``beginner``, ``casual``, ``club``, ``strong``, ``expert``: its two-player spec, see triptych.levels)."""
    from triptych.levels import LEVEL_ALIASES, LEVELS

    key = spec.strip().lower()
    level = LEVELS.get(LEVEL_ALIASES.get(key, key))
    if level is not None:
        return make_player(level.spec, seed)
    name, _, args = spec.partition(":")
    name = name.strip().lower()
    kwargs: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in args.split(","))):
        key, eq, value = part.partition("=")
        if not eq:
            key, value = {"alphabeta": "depth", "ab": "depth", "mcts": "iterations",
                          "softmax": "temperature"}.get(name, "?"), part
        if key.strip() == "weights":
            kwargs["weights"] = load_weights(value.strip())
            continue
        if key.strip() == "evaluation":  # default, classic or nnue (AlphaBeta checks which)
            kwargs["evaluation"] = value.strip()
            continue
        if key.strip() == "nnue":  # the learned evaluation: nnue=PATH, or nnue=shipped for the package's net
            kwargs["evaluation"] = "nnue"
            kwargs["net"] = None if value.strip() == "shipped" else value.strip()
            continue
        try:
            kwargs[key.strip()] = float(value) if key.strip() == "exploration" else int(value)
        except ValueError:
            raise ValueError(f"player spec {spec!r}: {part!r} is not key=integer") from None
    try:
        if name in ("alphabeta", "ab"):
            return AlphaBeta(**kwargs)
        if name == "mcts":
            return MCTS(seed=kwargs.pop("seed", seed), **kwargs)
        if name == "softmax":
            return Softmax(seed=kwargs.pop("seed", seed), **kwargs)
        if name == "greedy" and not kwargs:
            return Greedy()
        if name == "random" and not kwargs:
            return Random(seed)
    except (TypeError, ValueError) as err:
        raise ValueError(f"player spec {spec!r}: {err}") from None
    raise ValueError(f"unknown player spec {spec!r}: expected random, greedy, alphabeta[:...], mcts[:...], "
                     f"softmax[:...] or a level ({', '.join(LEVEL_NAMES)})")


from triptych.levels import LEVEL_NAMES  # noqa: E402  (levels holds specs only: no import cycle)


def require_two_player_game(game: str) -> None:
    """Refuses a game that players cannot be matched on: Combat is one player against the Sentinel."""
    if game == "combat":
        raise ValueError("match plays two-player games; a Combat fight is one player against the Betaal "
                         "Sentinel: compare players with `triptych balance --players random,greedy,mcts:300` "
                         "or `triptych combat stats`")
