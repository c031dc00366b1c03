"""The threaded searches, for ThreadSanitizer (.ci/sanitize runs this on the
TSan build; any data race report fails it): Lazy SMP alpha-beta at 4 threads
and threaded MCTS on each game, stop() called from another thread in the
middle of either search, two searches running at once from two Python threads,
and a Batch stepped over its worker pool (the same games as one thread).

    python tests/sanitize/threads.py [--scale 1.0]
"""

from __future__ import annotations

import json
import sys
import threading
import time
from pathlib import Path

import click

import triptych.combat as combat
from triptych._core import aquaignis, hexfleet
from triptych._core import combat as combat_core

DATA = Path(__file__).resolve().parents[1] / "data"
THREADS = 4


def positions(module, name: str) -> list:
    """The opening and a committed midgame: a shallow and a branching tree."""
    return [module.new_game(), module.State.from_dict(json.loads((DATA / name / "midgame1.json").read_text()))]


def check_result(state, raw: dict, what: str) -> None:
    if raw["best"] is None or not state.is_legal(raw["best"]):
        sys.exit(f"{what}: the search returned {raw['best']!r}, not a legal action")


def lazy_smp(module, name: str, scale: float) -> None:
    for index, state in enumerate(positions(module, name)):
        searcher = module.AlphaBetaSearcher(threads=THREADS, tt_mb=4)
        raw = searcher.search(state, depth=64, nodes=int(40_000 * scale))
        check_result(state, raw, f"{name} Lazy SMP position {index}")
        print(f"{name}: Lazy SMP x{THREADS}, position {index}: depth {raw['depth']}, {raw['nodes']} nodes")


def stop_mid_search(module, name: str) -> None:
    """stop() from another thread while all four threads search an unbounded depth."""
    state = positions(module, name)[1]
    searcher = module.AlphaBetaSearcher(threads=THREADS, tt_mb=4)
    box: dict = {}
    worker = threading.Thread(target=lambda: box.update(raw=searcher.search(state, depth=64)))
    worker.start()
    time.sleep(0.5)
    searcher.stop()
    worker.join(timeout=120)
    if worker.is_alive():
        sys.exit(f"{name}: stop() did not end the search within 120 s")
    check_result(state, box["raw"], f"{name} stopped search")
    print(f"{name}: stop() mid-search returned after {box['raw']['nodes']} nodes")


def stop_mcts_mid_search(module, name: str) -> None:
    """stop() from another thread while four MCTS threads grow their trees with no end in sight."""
    state = positions(module, name)[1]
    searcher = module.MctsSearcher(threads=THREADS, seed=7, reuse=True)
    box: dict = {}
    worker = threading.Thread(target=lambda: box.update(raw=searcher.search(state, time_ms=600_000)))
    worker.start()
    deadline = time.monotonic() + 120
    while worker.is_alive() and time.monotonic() < deadline:
        time.sleep(0.5)  # a stop() that lands before the search starts is forgotten: repeat it
        searcher.stop()
    worker.join(timeout=1)
    if worker.is_alive():
        sys.exit(f"{name}: MCTS stop() did not end the search within 120 s")
    check_result(state, box["raw"], f"{name} stopped MCTS")
    # The stopped trees are kept: the next search starts from them.
    raw = searcher.search(state, iterations=100)
    check_result(state, raw, f"{name} MCTS after stop")
    print(f"{name}: MCTS x{THREADS} stop() mid-search returned after {box['raw']['nodes']} iterations; "
          f"the next search reused {raw['reused']}")


def mcts(module, name: str, scale: float) -> None:
    for index, state in enumerate(positions(module, name)):
        raw = module.MctsSearcher(threads=THREADS, seed=index).search(state, iterations=int(1500 * scale))
        check_result(state, raw, f"{name} MCTS position {index}")
        print(f"{name}: MCTS x{THREADS}, position {index}: {raw['nodes']} nodes")


def combat_mcts(scale: float) -> None:
    for variant in combat.variant_ids():
        fight = combat.new_game(variant, seed=3)
        fight.play_chance()
        raw = combat_core.mcts_search(fight, iterations=int(300 * scale), threads=THREADS, seed=1)
        check_result(fight, raw, f"combat {variant} MCTS")
    print(f"combat: MCTS x{THREADS} on {len(combat.variant_ids())} variants")


def batch_pool(scale: float) -> None:
    """A Batch's worker pool (started with the batch, woken every step) gives one thread's games."""
    import numpy as np

    from triptych.batch import Batch

    for name in ("aquaignis", "hexfleet"):
        batches = [Batch(name, 24, seed=3, threads=t, reuse=True) for t in (1, THREADS)]
        for _ in range(int(60 * scale)):
            actions = batches[0].random_actions()
            batches[1].random_actions()
            steps = [b.step(actions) for b in batches]
            if not all(np.array_equal(a, b) for a, b in zip(steps[0], steps[1]) if a is not None):
                sys.exit(f"{name}: the Batch over {THREADS} threads left one thread's games")
        batches[1].random_steps(int(20 * scale))
        del batches  # the pool's threads are joined
    print(f"batch: pool of {THREADS} threads, the one-thread games on both games")


def two_at_once(scale: float) -> None:
    """The client searches in a background thread while another search may run."""
    jobs = [threading.Thread(target=lazy_smp, args=(aquaignis, "aquaignis", scale / 2)),
            threading.Thread(target=mcts, args=(hexfleet, "hexfleet", scale / 2))]
    for job in jobs:
        job.start()
    for job in jobs:
        job.join()


@click.command()
@click.option("--scale", default=1.0, show_default=True, help="Multiplies every node and iteration budget.")
def main(scale: float) -> None:
    for module, name in ((aquaignis, "aquaignis"), (hexfleet, "hexfleet")):
        lazy_smp(module, name, scale)
        stop_mid_search(module, name)
        mcts(module, name, scale)
        stop_mcts_mid_search(module, name)
    combat_mcts(scale)
    batch_pool(scale)
    two_at_once(scale)
    print("threads: every search returned a legal action")


if __name__ == "__main__":
    main()
