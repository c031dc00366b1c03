"""How the Batch's game-steps per second scale with threads and with the number of games (#29).

    python tools/batch_scaling.py hexfleet --games 16,256,4096 --threads 1,2,4,8,16 --json out.json

For every (games, threads) pair it times two loops, each for about `--seconds`:

* `native`: `Batch.random_steps(k)`, every step in C++ (the drawn step only, no Python per step);
* `python`: `random_actions()` + `step()` from Python, no observations or masks, reused arrays (the
  bench's `batch` row, what a learner's loop costs).

and, once, the single-state id loop (`legal_action_ids()` + `apply_id()`, the bench's `python-ids`) that
the bench divides the Batch by. What the table separates:

* *memory:* one thread over 16 games keeps every state in L1/L2; over 4,096 (about 4 MB of states) each
  step streams them from the last-level cache or RAM. The per-thread rate at 16 games against 4,096 is
  what a step pays for fetching its state;
* *threads:* the rate at N threads over the rate at 1, for each number of games. Where 16 games scale
  and 4,096 do not, the cores share a memory bottleneck, not a lock or the pool.

Threads beyond the usable cores are skipped (they would measure the scheduler). Times are medians of
`--repeats` runs; nothing here is a test, and figures are only comparable within one run.
"""

from __future__ import annotations

import json
import statistics
import time
from pathlib import Path

import click
from rich.console import Console
from rich.table import Table

from triptych.batch import Batch
from triptych.bench.machine import cores as usable_cores
from triptych.bench.machine import cpu_model
from triptych.bench.suites import python_id_playouts


def _median_rate(run, repeats: int) -> float:
    """Median of `repeats` rates; `run()` returns (game-steps, seconds)."""
    return statistics.median(steps / seconds for steps, seconds in (run() for _ in range(repeats)))


def _steps_for(seconds: float, probe) -> int:
    """How many calls of `probe(k)` fill about `seconds`, from one short probe."""
    _, took = probe(4)
    return max(4, int(seconds / max(took / 4, 1e-9)))


def measure(game: str, games: int, threads: int, seconds: float, repeats: int) -> dict[str, float]:
    batch = Batch(game, games, seed=1, threads=threads, observations=False, masks=False, reuse=True)
    batch.reset()

    def native(k: int) -> tuple[int, float]:
        t0 = time.perf_counter()
        made = batch.random_steps(k)
        return made, time.perf_counter() - t0

    def python(k: int) -> tuple[int, float]:
        t0 = time.perf_counter()
        for _ in range(k):
            batch.step(batch.random_actions())
        return games * k, time.perf_counter() - t0

    native(8)  # warm the states and the pool
    k_native = _steps_for(seconds, native)
    k_python = _steps_for(seconds, python)
    return {"native": _median_rate(lambda: native(k_native), repeats),
            "python": _median_rate(lambda: python(k_python), repeats)}


@click.command()
@click.argument("game", type=click.Choice(["aquaignis", "hexfleet"]))
@click.option("--games", "game_counts", default="16,256,4096", show_default=True, help="Batch sizes, comma-separated.")
@click.option("--threads", "thread_counts", default="1,2,4,8,16", show_default=True,
              help="Thread counts, comma-separated.")
@click.option("--seconds", type=float, default=0.3, show_default=True, help="Length of one timed run.")
@click.option("--repeats", type=int, default=5, show_default=True)
@click.option("--json", "json_out", type=click.Path(path_type=Path), help="Also write the figures here.")
def main(game: str, game_counts: str, thread_counts: str, seconds: float, repeats: int,
         json_out: Path | None) -> None:
    counts = [int(n) for n in game_counts.split(",")]
    cores = usable_cores()
    usable = [t for t in (int(t) for t in thread_counts.split(",")) if t <= cores]
    ids_steps = max(1000, int(seconds * 50_000))
    ids_rate = _median_rate(lambda: python_id_playouts(game, ids_steps), repeats)
    rows = []
    for n in counts:
        for t in usable:
            rates = measure(game, n, t, seconds, repeats)
            rows.append({"games": n, "threads": t, **rates})
    one_thread = {r["games"]: r for r in rows if r["threads"] == 1}

    table = Table(title=f"{game} Batch, game-steps/s ({cores} usable cores; id loop {ids_rate:,.0f}/s)")
    for column in ("games", "threads", "native /s", "per thread", "x 1 thread", "python /s", "x id loop"):
        table.add_column(column, justify="right")
    for r in rows:
        base = one_thread.get(r["games"])
        table.add_row(str(r["games"]), str(r["threads"]), f"{r['native']:,.0f}",
                      f"{r['native'] / r['threads']:,.0f}",
                      f"{r['native'] / base['native']:.2f}" if base else "-",
                      f"{r['python']:,.0f}", f"{r['python'] / ids_rate:.2f}")
    Console().print(table)
    if json_out:
        json_out.write_text(json.dumps({"game": game, "cores": cores, "id_loop": ids_rate, "rows": rows,
                                        "cpu": cpu_model()}, indent=1) + "\n")


if __name__ == "__main__":
    main()
