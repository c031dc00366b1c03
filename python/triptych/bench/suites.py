"""What ``triptych bench`` measures on our own engine (the registry that runs it is registry.py).

Each bench is a function ``(scale) -> list[Measurement]``. ``Scale`` holds
the knobs that --quick turns down: repeats and the amount of work per
repeat. Depths and positions are fixed per scale, so a figure is comparable
with the same figure of an earlier run (``--compare``) as long as both runs
used the same scale -- the JSON records which.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from triptych import games
from triptych.bench.positions import TWO_PLAYER, position
from triptych.bench.runner import Measurement, measure, pair

# threads=1, fixed TT: every node count below is deterministic (the signature relies on it).
TT_MB = 16


@dataclass(frozen=True)
class Scale:
    quick: bool
    repeats: int
    # perft depths per game: (start, midgame1)
    perft: dict[str, tuple[int, int]]
    # alpha-beta depth per game for the position suite
    ab_depth: dict[str, int]
    mcts_iterations: int
    smp_depth: dict[str, int]
    playout_steps: int  # Python-loop steps per repeat
    combat_fights: int
    combat_mcts_iterations: int


FULL = Scale(quick=False, repeats=5, perft={"aquaignis": (6, 4), "hexfleet": (5, 4)},
             ab_depth={"aquaignis": 8, "hexfleet": 7}, mcts_iterations=1000,
             smp_depth={"aquaignis": 8, "hexfleet": 7}, playout_steps=10000, combat_fights=1000,
             combat_mcts_iterations=2000)
QUICK = Scale(quick=True, repeats=3, perft={"aquaignis": (5, 3), "hexfleet": (4, 3)},
              ab_depth={"aquaignis": 6, "hexfleet": 5}, mcts_iterations=500,
              smp_depth={"aquaignis": 7, "hexfleet": 6}, playout_steps=2000, combat_fights=200,
              combat_mcts_iterations=200)


def native(game: str):
    """The native module of a game (triptych._core.<game>), where the searches live."""
    return getattr(__import__("triptych._core", fromlist=[game]), game)


# --- move generation -----------------------------------------------------------------------


def bench_perft(scale: Scale) -> list[Measurement]:
    out = []
    for game in TWO_PLAYER:
        module = games.load(game)
        for pos_name, depth in zip(("start", "midgame1"), scale.perft[game]):
            state = position(game, pos_name)

            def run(state=state, depth=depth, module=module) -> tuple[float, float]:
                t0 = time.perf_counter()
                leaves = module.perft(state, depth)
                return leaves, time.perf_counter() - t0

            out.append(measure(f"perft/{game}/{pos_name}/d{depth}", "perft", "leaves/s", run, scale.repeats,
                               depth=depth, threads=1))
    return out


# --- alpha-beta ------------------------------------------------------------------------------


def ab_search(game: str, state, depth: int, threads: int = 1) -> dict:
    """One search from an empty table: the same work every repeat."""
    searcher = native(game).AlphaBetaSearcher(threads=threads, tt_mb=TT_MB)
    return searcher.search(state, depth=depth)


def bench_alphabeta(scale: Scale) -> list[Measurement]:
    """Nodes per second and time to depth on each game's position suite (threads=1)."""
    from triptych.bench.positions import POSITION_NAMES

    out = []
    for game in TWO_PLAYER:
        depth = scale.ab_depth[game]
        for pos_name in POSITION_NAMES:
            state = position(game, pos_name)

            def run(state=state, game=game, depth=depth) -> tuple[float, float]:
                r = ab_search(game, state, depth)
                return r["nodes"], r["seconds"]

            m = measure(f"alphabeta/{game}/{pos_name}/d{depth}", "alphabeta", "nodes/s", run, scale.repeats,
                        depth=depth, threads=1)
            m.extra["time_to_depth"] = m.median_seconds
            out.append(m)
    return out


# --- MCTS ---------------------------------------------------------------------------------


def bench_mcts(scale: Scale) -> list[Measurement]:
    out = []
    for game in TWO_PLAYER:
        for pos_name in ("start", "midgame1"):
            state = position(game, pos_name)

            def run(state=state, game=game) -> tuple[float, float]:
                r = native(game).MctsSearcher(threads=1, seed=1).search(state, iterations=scale.mcts_iterations)
                return r["nodes"], r["seconds"]

            out.append(measure(f"mcts/{game}/{pos_name}", "mcts", "iterations/s", run, scale.repeats,
                               iterations=scale.mcts_iterations, threads=1))
    return out


# --- Lazy SMP scaling ----------------------------------------------------------------------


def thread_counts(cores: int | None = None) -> list[int]:
    """1, 2, 4, ... up to the cores present, plus the core count itself if it is not a power of two."""
    from triptych.bench.machine import cores as present

    n = cores or present()
    counts, t = [], 1
    while t <= n:
        counts.append(t)
        t *= 2
    if counts[-1] != n:
        counts.append(n)
    return counts


# Positions with a long search at these depths (Hexfleet's mid-game ones end early in forced wins).
SMP_POSITION = {"aquaignis": "midgame2", "hexfleet": "start"}


def bench_smp(scale: Scale) -> list[Measurement]:
    """Lazy SMP: nodes/s and time to a fixed depth at 1, 2, 4... threads; speedups against 1 thread."""
    out = []
    for game in TWO_PLAYER:
        depth = scale.smp_depth[game]
        pos_name = SMP_POSITION[game]
        state = position(game, pos_name)
        base: Measurement | None = None
        for threads in thread_counts():
            def run(state=state, game=game, depth=depth, threads=threads) -> tuple[float, float]:
                r = ab_search(game, state, depth, threads)
                return r["nodes"], r["seconds"]

            m = measure(f"smp/{game}/{pos_name}/d{depth}/t{threads}", "smp", "nodes/s", run, scale.repeats,
                        depth=depth, threads=threads)
            m.extra["time_to_depth"] = m.median_seconds
            if base is None:
                base = m
            m.extra["nps_speedup"] = m.median / base.median if base.median else 0.0
            m.extra["ttd_speedup"] = base.median_seconds / m.median_seconds if m.median_seconds else 0.0
            out.append(m)
    return out


# --- binding overhead ------------------------------------------------------------------------


def python_playouts(game: str, steps: int, seed: int = 0) -> tuple[float, float]:
    """Random playouts driven from Python: legal_actions() + apply() per step, restarting at the end.

    This is both the binding-overhead figure and the pure-Python playout loop
    the peers compare against (OpenSpiel's Hive runs the identical loop).
    """
    module = games.load(game)
    rng = random.Random(seed)
    start = module.new_game()
    state = start.clone()
    t0 = time.perf_counter()
    for _ in range(steps):
        if state.is_terminal():
            state = start.clone()
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    return steps, time.perf_counter() - t0


def python_id_playouts(game: str, steps: int, seed: int = 0) -> tuple[float, float]:
    """The same random playouts over the integer-id fast path: legal_action_ids() + apply_id() per step
    (no Action object crosses the boundary) -- the fastest documented Python loop."""
    module = games.load(game)
    rng = random.Random(seed)
    start = module.new_game()
    state = start.clone()
    t0 = time.perf_counter()
    for _ in range(steps):
        if state.is_terminal():
            state = start.clone()
        ids = state.legal_action_ids()
        state.apply_id(int(ids[rng.randrange(len(ids))]))
    return steps, time.perf_counter() - t0


def python_learner_steps(game: str, steps: int, seed: int = 0) -> tuple[float, float]:
    """What a learner's single-state Python loop does per step, the same work as one game-step of
    ``batch-obs``: pick a legal id, apply it, fill the observation into a preallocated buffer, take the
    action mask, and on a finished game note the mover's reward and start over."""
    import numpy as np

    module = games.load(game)
    rng = random.Random(seed)
    start = module.new_game()
    state = start.clone()
    observation = np.empty(module.OBSERVATION_SHAPE, dtype=np.float32)
    reward = 0.0
    t0 = time.perf_counter()
    for _ in range(steps):
        ids = state.legal_action_ids()
        actor = state.to_move
        state.apply_id(int(ids[rng.randrange(len(ids))]))
        if state.is_terminal():
            reward += state.returns()[actor]
            state = start.clone()
        state.observation(out=observation)
        state.action_mask()
    return steps, time.perf_counter() - t0


# Games per Batch in the batch figures: what a learner steps at once. Policy-gradient and self-play
# learners commonly run 256-1024 environments per step (one forward pass of the policy over all of
# them); 256 is the small end of that, and at 64 the fixed cost of a call (two numpy arrays, the
# Python round trip, waking the worker threads) was still a visible part of each game-step.
BATCH_GAMES = 256


def batch_playouts(game: str, steps: int, outputs: bool, seed: int = 0, threads: int = 1) -> tuple[float, float]:
    """Random playouts of BATCH_GAMES games through triptych.batch.Batch driven from Python:
    random_actions() + step() per call; ``outputs``: observations and masks too (reused buffers)."""
    from triptych.batch import Batch

    batch = Batch(game, BATCH_GAMES, seed=seed, observations=outputs, masks=outputs, reuse=True, threads=threads)
    calls = max(1, steps // BATCH_GAMES)
    t0 = time.perf_counter()
    for _ in range(calls):
        batch.step(batch.random_actions())
    return calls * BATCH_GAMES, time.perf_counter() - t0


def native_playouts(game: str, steps: int, seed: int = 0) -> tuple[float, float]:
    """The same playouts with no Python in the loop (triptych._core.<game>.random_playouts)."""
    done, seconds, playout = 0, 0.0, 0
    start = games.load(game).new_game()
    while done < steps:
        r = native(game).random_playouts(start, playouts=1, seed=seed + playout, max_plies=steps - done)
        done += r["steps"]
        seconds += r["seconds"]
        playout += 1
    return done, seconds


def bench_binding(scale: Scale) -> list[Measurement]:
    out = []
    for game in TWO_PLAYER:
        py = measure(f"binding/{game}/python-loop", "binding", "steps/s",
                     lambda game=game: python_playouts(game, scale.playout_steps), scale.repeats)
        nat = measure(f"binding/{game}/native-loop", "binding", "steps/s",
                      lambda game=game: native_playouts(game, scale.playout_steps * 5), scale.repeats)
        py.extra["note"] = "legal_actions + apply round trips from Python"
        nat.extra["note"] = "the same random playouts in C++"
        # The binding overhead per step: Python step time minus native step time.
        if py.median and nat.median:
            py.extra["overhead_us"] = (1 / py.median - 1 / nat.median) * 1e6
            # The pure-Python playout baseline: ours (native) over theirs (the Python loop).
            pair(nat, py)
        ids = measure(f"binding/{game}/python-ids", "binding", "steps/s",
                      lambda game=game: python_id_playouts(game, scale.playout_steps), scale.repeats)
        ids.extra["note"] = "legal_action_ids + apply_id round trips from Python"
        pair(ids, py)
        learner = measure(f"binding/{game}/python-learner", "binding", "steps/s",
                          lambda game=game: python_learner_steps(game, scale.playout_steps), scale.repeats)
        learner.extra["note"] = "single state: ids, apply_id, observation(out=), action_mask, reward, restart"
        batches = []
        from triptych.bench.machine import cores

        # One thread, then the same batches split over every usable core (the GIL is released in step);
        # each against the single-state loop that does the same work per step.
        for threads in (1, cores()) if cores() > 1 else (1,):
            for outputs, label, single in ((False, "batch", ids), (True, "batch-obs", learner)):
                extra: dict[str, Any]
                if threads == 1:
                    name, extra = label, {"games": BATCH_GAMES}
                    note = (f"Batch of {BATCH_GAMES}: random_actions + step per call, one thread"
                            + (", observations and masks" if outputs else ""))
                else:
                    name, extra = f"{label}-t{threads}", {"games": BATCH_GAMES, "threads": threads}
                    note = f"{label} over {threads} threads"
                b = measure(f"binding/{game}/{name}", "binding", "steps/s",
                            lambda game=game, threads=threads, outputs=outputs: batch_playouts(
                                game, scale.playout_steps * 5, outputs, threads=threads),
                            scale.repeats, **extra)
                b.extra["note"] = note
                pair(b, single)
                batches.append(b)
        out += [py, nat, ids, learner, *batches]
    return out


# --- combat ------------------------------------------------------------------------------------


def bench_combat(scale: Scale) -> list[Measurement]:
    """Random fights per second (C++ run_fights) and MCTS decisions per second, per variant."""
    import triptych.combat as combat
    from triptych import CHANCE

    module = native("combat")
    out = []
    for variant in combat.variant_ids():
        def fights(variant=variant) -> tuple[float, float]:
            r = module.run_fights(variant, policy="random", games=scale.combat_fights, seed=1)
            return r["games"], r["seconds"]

        out.append(measure(f"combat/{variant}/random-fights", "combat", "fights/s", fights, scale.repeats,
                           fights=scale.combat_fights))
        if hasattr(module, "mcts_search"):
            state = combat.new_game(variant, seed=3)
            while state.to_move == CHANCE:
                state.play_chance()

            def decide(state=state) -> tuple[float, float]:
                decisions, seconds = 0, 0.0
                for _ in range(3):
                    # The engine's default exploration and rollout length: the figure a user of MCTS() sees.
                    r = module.mcts_search(state, iterations=scale.combat_mcts_iterations, time_ms=0, seed=decisions,
                                           threads=1)
                    decisions += 1
                    seconds += r["seconds"]
                return decisions, seconds

            out.append(measure(f"combat/{variant}/mcts-decisions", "combat", "decisions/s", decide, scale.repeats,
                               iterations=scale.combat_mcts_iterations))
    return out
