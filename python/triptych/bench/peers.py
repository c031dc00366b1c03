"""Peers, measured in the same run on the same machine as our figures.

* ``python``: the pure-Python baseline -- a plain alpha-beta written in
  Python over our bindings (pybaseline.py) against our native alpha-beta
  at the same depth on the same positions. (The pure-Python playout loop
  against the native one is in the ``binding`` bench.)
* ``openspiel`` (needs the ``bench`` extra, PyPI ``open-spiel``):
  (1) OpenSpiel's C++ Hive through pyspiel against Hexfleet through our
  bindings -- the same Python random-playout loop (over Actions, and over
  integer ids, our fastest documented path; Hive's legal_actions are ids
  already), our native playout, and the same legal-move counting loop on both; (2) OpenSpiel's MCTSBot and its Python alpha-beta
  (open_spiel.python.algorithms.minimax) running on our games through the
  triptych.openspiel adapter, against our native MCTS and alpha-beta from
  the same positions.

Every peer figure carries ``extra["ratio"]`` = ours / theirs (for a time
to depth, theirs / ours, so > 1 always means ours is faster) and
``extra["vs"]`` naming the figure it was divided by. bench/README.md says
what each comparison does and does not show.
"""

from __future__ import annotations

import random
import time
from typing import Any

from triptych import games
from triptych.bench.positions import TWO_PLAYER, position
from triptych.bench.pybaseline import PyAlphaBeta
from triptych.bench.runner import Measurement, measure, pair
from triptych.bench.suites import Scale, native, native_playouts, python_id_playouts, python_playouts


class Skipped(Exception):
    """A bench that cannot run here (e.g. the optional extra is not installed)."""


# --- pure-Python alpha-beta ----------------------------------------------------------------------

# Depths the Python search finishes in a second or so on these positions.
PY_AB_DEPTH = {"aquaignis": 4, "hexfleet": 3}
PY_AB_DEPTH_QUICK = {"aquaignis": 3, "hexfleet": 2}


def _native_ab(game: str, state: Any, depth: int) -> tuple[float, float]:
    # No quiescence: the Python search has none, so both stop at the same nominal depth.
    r = native(game).AlphaBetaSearcher(threads=1, tt_mb=16, quiescence=False).search(state, depth=depth)
    return r["nodes"], r["seconds"]


def bench_python_baseline(scale: Scale) -> list[Measurement]:
    depths = PY_AB_DEPTH_QUICK if scale.quick else PY_AB_DEPTH
    out = []
    for game in TWO_PLAYER:
        depth = depths[game]
        evaluate = native(game).evaluate
        for pos_name in ("start", "midgame1"):
            state = position(game, pos_name)

            def py_run(state=state, depth=depth) -> tuple[float, float]:
                _, _, nodes, seconds = PyAlphaBeta(evaluate).search(state, depth)
                return nodes, seconds

            theirs = measure(f"python/{game}/{pos_name}/alphabeta-py/d{depth}", "python", "nodes/s", py_run,
                             scale.repeats, warmup=False, depth=depth)
            theirs.extra["time_to_depth"] = theirs.median_seconds
            ours = measure(f"python/{game}/{pos_name}/alphabeta-native/d{depth}", "python", "nodes/s",
                           lambda state=state, depth=depth, game=game: _native_ab(game, state, depth), scale.repeats,
                           depth=depth)
            ours.extra["time_to_depth"] = ours.median_seconds
            pair(ours, theirs, time_based=True)
            out += [theirs, ours]
    return out


# --- OpenSpiel ------------------------------------------------------------------------------------

# Our MCTS searches per repeat, each with MCTSBot's per-move budget (one MCTSBot move takes about as long
# as a few hundred of ours).
OUR_MCTS_MOVES = 20


def _pyspiel() -> Any:
    try:
        import pyspiel
    except ImportError:
        raise Skipped("open-spiel is not installed (pip install 'triptych[bench]')") from None
    return pyspiel


def _spiel_playouts(game: Any, steps: int, seed: int = 0) -> tuple[float, float]:
    """The identical loop to suites.python_playouts, over a pyspiel game."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    t0 = time.perf_counter()
    for _ in range(steps):
        if state.is_terminal():
            state = game.new_initial_state()
        actions = state.legal_actions()
        state.apply_action(actions[rng.randrange(len(actions))])
    return steps, time.perf_counter() - t0


def _sample_states(new_state: Any, legal: str, apply: str, count: int, seed: int, copy: str) -> list[Any]:
    """``count`` states met along seeded random playouts (every 3rd ply), for the legal-move counting loop."""
    rng = random.Random(seed)
    out: list[Any] = []
    state, ply = new_state(), 0
    while len(out) < count:
        if state.is_terminal():
            state, ply = new_state(), 0
        if ply % 3 == 0:
            out.append(getattr(state, copy)())
        actions = getattr(state, legal)()
        getattr(state, apply)(actions[rng.randrange(len(actions))])
        ply += 1
    return out


def _count_legal(states: list[Any]) -> tuple[float, float]:
    """Lists (and counts) the legal moves of every state: positions, seconds."""
    t0 = time.perf_counter()
    total = 0
    for s in states:
        total += len(s.legal_actions())
    return len(states), time.perf_counter() - t0


def bench_openspiel(scale: Scale) -> list[Measurement]:
    pyspiel = _pyspiel()
    import numpy as np
    from open_spiel.python.algorithms import mcts as spiel_mcts
    from open_spiel.python.algorithms import minimax

    import triptych.openspiel as adapter

    out: list[Measurement] = []
    reps = min(scale.repeats, 3)  # OpenSpiel's Python algorithms are slow; 3 repeats keep the run in minutes

    # (1) Hive (OpenSpiel C++) vs Hexfleet (ours), both driven by the same Python loops.
    hive = pyspiel.load_game("hive")
    steps = scale.playout_steps // 2  # Hive's Python-side steps are slow; half keeps the run in minutes
    theirs = measure("openspiel/hive/playout-steps", "openspiel", "steps/s", lambda: _spiel_playouts(hive, steps), reps)
    ours = measure("openspiel/hexfleet/playout-steps", "openspiel", "steps/s",
                   lambda: python_playouts("hexfleet", steps), reps)
    pair(ours, theirs)
    # The fastest documented Python path (integer ids), and no Python in the loop at all.
    ours_ids = measure("openspiel/hexfleet/playout-ids", "openspiel", "steps/s",
                       lambda: python_id_playouts("hexfleet", steps), reps)
    pair(ours_ids, theirs)
    ours_native = measure("openspiel/hexfleet/playout-native", "openspiel", "steps/s",
                          lambda: native_playouts("hexfleet", steps * 10), reps)
    pair(ours_native, theirs)
    out += [theirs, ours, ours_ids, ours_native]

    n_states = 200 if scale.quick else 1000
    hive_states = _sample_states(hive.new_initial_state, "legal_actions", "apply_action", n_states, 1, "clone")
    hf = games.load("hexfleet")
    hf_states = _sample_states(hf.new_game, "legal_actions", "apply", n_states, 1, "clone")
    counted = []
    for label, states in (("hive", hive_states), ("hexfleet", hf_states)):
        mean_moves = sum(len(s.legal_actions()) for s in states) / n_states
        per_position = measure(f"openspiel/{label}/legal-list-positions", "openspiel", "positions/s",
                               lambda states=states: _count_legal(states), reps, mean_moves=mean_moves)
        # The same timings per move listed: Hive positions have several times more moves than Hexfleet's.
        per_move = Measurement(name=f"openspiel/{label}/legal-list-moves", group="openspiel", unit="moves/s",
                               rates=[r * mean_moves for r in per_position.rates], work=round(n_states * mean_moves),
                               seconds=list(per_position.seconds), extra={"mean_moves": mean_moves})
        counted.append((per_position, per_move))
    (hive_pos, hive_moves), (hf_pos, hf_moves) = counted
    pair(hf_pos, hive_pos)
    pair(hf_moves, hive_moves)
    out += [hive_pos, hf_pos, hive_moves, hf_moves]

    # (2) OpenSpiel's algorithms on our games through the adapter, vs our native searches.
    sims = 10 if scale.quick else 20
    ab_depth = {"aquaignis": 2, "hexfleet": 2} if scale.quick else {"aquaignis": 3, "hexfleet": 3}
    for game in TWO_PLAYER:
        spiel_game = adapter.load_game(game)
        for pos_name in ("start", "midgame1"):
            native_state = position(game, pos_name)

            def spiel_mcts_run(native_state=native_state, spiel_game=spiel_game) -> tuple[float, float]:
                bot = spiel_mcts.MCTSBot(spiel_game, 1.4, sims,
                                         spiel_mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),
                                         solve=False, random_state=np.random.RandomState(0))
                state = adapter.from_native(spiel_game, native_state)
                t0 = time.perf_counter()
                bot.step(state)
                return sims, time.perf_counter() - t0

            def our_mcts_run(native_state=native_state, game=game) -> tuple[float, float]:
                # Like for like: the same per-move budget as MCTSBot's (sims iterations from a fresh tree,
                # random rollouts to the end, UCT c=1.4), repeated over seeds so the timer sees enough work.
                iterations, seconds = 0, 0.0
                for seed in range(OUR_MCTS_MOVES):
                    r = native(game).MctsSearcher(threads=1, seed=seed, exploration=1.4).search(native_state,
                                                                                               iterations=sims)
                    iterations += r["nodes"]
                    seconds += r["seconds"]
                return iterations, seconds

            theirs = measure(f"openspiel/{game}/{pos_name}/mctsbot", "openspiel", "iterations/s", spiel_mcts_run, reps,
                             warmup=False, simulations=sims)
            ours = measure(f"openspiel/{game}/{pos_name}/mcts-native", "openspiel", "iterations/s", our_mcts_run, reps)
            pair(ours, theirs)
            out += [theirs, ours]

            depth = ab_depth[game]

            def spiel_ab_run(native_state=native_state, spiel_game=spiel_game, depth=depth) -> tuple[float, float]:
                state = adapter.from_native(spiel_game, native_state)
                t0 = time.perf_counter()
                minimax.alpha_beta_search(spiel_game, state, adapter.value_function(state.current_player()),
                                          maximum_depth=depth)
                return 1, time.perf_counter() - t0

            theirs = measure(f"openspiel/{game}/{pos_name}/minimax-ab/d{depth}", "openspiel", "searches/s",
                             spiel_ab_run, reps, warmup=False, depth=depth)
            theirs.extra["time_to_depth"] = theirs.median_seconds
            ours = measure(f"openspiel/{game}/{pos_name}/alphabeta-native/d{depth}", "openspiel", "nodes/s",
                           lambda native_state=native_state, game=game, depth=depth: _native_ab(game, native_state,
                                                                                                depth), reps,
                           depth=depth)
            ours.extra["time_to_depth"] = ours.median_seconds
            pair(ours, theirs, time_based=True)
            out += [theirs, ours]
    return out
