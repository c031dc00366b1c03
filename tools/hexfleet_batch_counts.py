"""Instruction counts of Hexfleet's Batch against the single-state id loop (bench/README.md, #29).

Run each mode under callgrind and subtract the start-up (mode `setup`, or `ids 0`):

    OPENBLAS_NUM_THREADS=1 PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        python tools/hexfleet_batch_counts.py MODE N

(OPENBLAS_NUM_THREADS=1: numpy's OpenBLAS otherwise starts threads whose spinning moves the count by
tens of millions from run to run. To compare two builds without the editable install's rebuild
check, copy python/triptych with each build's _core*.so into a folder and run `python -S` with
PYTHONPATH=that folder:the venv's site-packages.)

MODE `batch` N: 256 games stepped N times from Python (random_actions() + step(); one thread, no
observations or masks, reused arrays); `native` N: the same N steps in C++ only (random_steps);
`setup`: only building and resetting the Batch; `ids` N: the bench's id loop (legal_action_ids() +
apply_id()) for N steps. Divide by the game-steps (256 N for the Batch, N for the id loop).
"""

from __future__ import annotations

import sys

from triptych.batch import Batch
from triptych.bench.suites import python_id_playouts


def main() -> None:
    mode, steps = sys.argv[1], int(sys.argv[2])
    if mode == "ids":
        python_id_playouts("hexfleet", steps)
        return
    batch = Batch("hexfleet", 256, seed=1, observations=False, masks=False, reuse=True, threads=1)
    batch.reset()
    if mode == "batch":
        for _ in range(steps):
            batch.step(batch.random_actions())
    elif mode == "native":
        batch.random_steps(steps)
    elif mode != "setup":
        raise SystemExit(f"unknown mode {mode!r}: batch, native, setup or ids")


if __name__ == "__main__":
    main()
