"""Fights per second of the balance lab's batches on each backend: the figures of docs/cluster.md.

    python bench/cluster_scaling.py                       # local and Ray (started here), 1 and 2 workers
    python bench/cluster_scaling.py --workers 1,2,4,8,16  # more worker counts
    python bench/cluster_scaling.py --address HEAD:6379   # Ray: the cluster at that address instead

Every configuration plays the same batches (one balance plan: every variant x
players x games, paired seeds) and must return the same records, which the
script checks. Executors are started once and warmed up (worker processes
spawned, triptych imported in each), then the configurations take turns,
round after round, so a change in the machine's load falls on all of them;
the figure is the median over the rounds, with its spread (max - min) / median.
Starting a backend is timed apart ("start"). Needs the cluster extra for Ray.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from rich.console import Console
from rich.table import Table

from triptych.balance.lab import VARIANTS
from triptych.balance.runner import Cell, _play, plan_batches
from triptych.executor import Executor, LocalExecutor, RayExecutor, run_batches


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workers", default="1,2", help="worker counts (default 1,2)")
    parser.add_argument("--games", type=int, default=20, help="fights per cell (default 20)")
    parser.add_argument("--players", default="greedy,mcts:100", help="players (default greedy,mcts:100)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of every configuration (default 3)")
    parser.add_argument("--address", help="Ray: join the cluster at this address instead of starting one here")
    parser.add_argument("--no-ray", action="store_true", help="local backend only")
    args = parser.parse_args()

    counts = sorted({int(x) for x in args.workers.split(",")})
    cells = [Cell(v, 0, p) for v in VARIANTS for p in args.players.split(",")]
    batches = plan_batches(cells, seed=0, games=args.games)
    fights = len(cells) * args.games
    console = Console(width=max(100, Console().width))
    load = os.getloadavg()
    console.print(f"{fights} fights in {len(batches)} batches a round; {os.cpu_count()} CPUs here; "
                  f"load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}")

    configs: list[tuple[str, int, Executor, float]] = []
    owner: Executor | None = None
    try:
        for n in counts:
            t0 = time.perf_counter()
            executor: Executor = LocalExecutor(n)
            run_batches(executor, _play, batches[-n:], progress=False)  # spawn and import, untimed
            configs.append(("local", n, executor, time.perf_counter() - t0))
        if not args.no_ray:
            t0 = time.perf_counter()
            # One Ray with the most workers; each count is a view of it running at most n batches at once.
            owner = RayExecutor(args.address, workers=None if args.address else counts[-1])
            started = time.perf_counter() - t0
            name = f"ray {args.address}" if args.address else "ray (started here)"
            for n in counts:
                t0 = time.perf_counter()
                view = RayExecutor(args.address, workers=n)
                run_batches(view, _play, batches[-n:], progress=False)
                configs.append((name, n, view, started + time.perf_counter() - t0))

        rates: dict[int, list[float]] = {k: [] for k in range(len(configs))}
        reference = None
        for _ in range(args.rounds):
            for k, (name, n, executor, _) in enumerate(configs):
                t0 = time.perf_counter()
                results = run_batches(executor, _play, batches, progress=False)
                rates[k].append(fights / (time.perf_counter() - t0))
                reference = reference or results
                if results != reference:
                    raise SystemExit(f"{name} with {n} workers returned other records than the first configuration")
    finally:
        for _, _, executor, _ in configs:
            executor.close()
        if owner is not None:
            owner.close()

    table = Table("backend", "workers", "start s", "fights/s (median)", "spread", "vs local 1")
    base = statistics.median(rates[0])
    for k, (name, n, _, start) in enumerate(configs):
        median = statistics.median(rates[k])
        spread = (max(rates[k]) - min(rates[k])) / median
        table.add_row(name, str(n), f"{start:.1f}", f"{median:,.0f}", f"{spread:.0%}", f"{median / base:.2f}x")
    console.print(table)
    load = os.getloadavg()
    console.print(f"load average after: {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}; every configuration returned "
                  "the same records")


if __name__ == "__main__":
    main()
