"""Fights per second of the balance lab's batches on each backend: the figures of docs/cluster.md.

    python bench/cluster_scaling.py                      # local 1 and 2 workers, Ray started here with 1 and 2 CPUs
    python bench/cluster_scaling.py --workers 1,2,4,8,16 # more worker counts
    python bench/cluster_scaling.py --address HEAD:6379  # also the cluster at that address (all its CPUs)

Every configuration plays the same batches (one balance plan: variants x
players x games, paired seeds) and must return the same records, which the
script checks. The time of a configuration is the time to play the batches;
starting Ray (and the first import of triptych in each worker) is timed
apart, as "start". Needs the cluster extra for the Ray rows.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
import os
import time

from rich.console import Console
from rich.table import Table

from triptych.balance.lab import VARIANTS
from triptych.balance.runner import Cell, _play, plan_batches
from triptych.executor import Executor, LocalExecutor, RayExecutor, run_batches


def measure(make: Callable[[], Executor], batches: list, fights: int) -> tuple[float, float, list]:
    """(start seconds, play seconds, results) of one configuration."""
    t0 = time.perf_counter()
    executor: Executor = make()
    with executor:
        # A first tiny round starts the workers (process spawn, Ray workers, the triptych import),
        # so the timed round measures playing, not starting.
        run_batches(executor, _play, batches[-executor.workers:], progress=False)
        started = time.perf_counter()
        results = run_batches(executor, _play, batches, progress=False)
        played = time.perf_counter()
    return started - t0, played - started, results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workers", default="1,2", help="worker counts to run (default 1,2)")
    parser.add_argument("--games", type=int, default=30, help="fights per cell (default 30)")
    parser.add_argument("--players", default="greedy,mcts:100", help="players (default greedy,mcts:100)")
    parser.add_argument("--address", help="also run on the Ray cluster at this address")
    parser.add_argument("--no-ray", action="store_true", help="local backend only")
    args = parser.parse_args()

    counts = [int(x) for x in args.workers.split(",")]
    cells = [Cell(v, 0, p) for v in VARIANTS for p in args.players.split(",")]
    batches = plan_batches(cells, seed=0, games=args.games)
    fights = len(cells) * args.games
    configs: list[tuple[str, int | str, Callable[[], Executor]]] = [("local", n, lambda n=n: LocalExecutor(n)) for n in counts]
    if not args.no_ray:
        configs += [("ray (started here)", n, lambda n=n: RayExecutor(workers=n)) for n in counts]
    if args.address:
        configs.append((f"ray cluster {args.address}", "all", lambda: RayExecutor(args.address)))

    console = Console()
    load = os.getloadavg()
    console.print(f"{fights} fights in {len(batches)} batches; {os.cpu_count()} CPUs; "
                  f"load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}")
    table = Table("backend", "workers", "start s", "play s", "fights/s", "vs local 1")
    reference: list | None = None
    base_rate: float | None = None
    for name, workers, make in configs:
        start, seconds, results = measure(make, batches, fights)
        if reference is None:
            reference = results
        elif results != reference:
            raise SystemExit(f"{name} with {workers} workers returned other records than the first configuration")
        rate = fights / seconds
        base_rate = base_rate or rate
        table.add_row(name, str(workers), f"{start:.1f}", f"{seconds:.2f}", f"{rate:,.0f}", f"{rate / base_rate:.2f}x")
    console.print(table)
    load = os.getloadavg()
    console.print(f"load average after: {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}; every configuration returned "
                  "the same records")


if __name__ == "__main__":
    main()
