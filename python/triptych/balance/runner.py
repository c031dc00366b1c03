"""Plays the lab's fights in worker processes, in chunks of seeds.

A cell is (variant, setting, player). Fight i of every cell uses seed
``seed + i`` (paired seeds: every variant, player and setting meets the same
luck, see cpp/combat/fight_record.h). A fight's record depends only on its
cell and seed, never on which worker played it or in what order, and the
records are put back in (cell, fight) order, so the output is identical for
any ``--workers``.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

from triptych._core import combat as _combat
from triptych.balance.players import fight_cost_ms

Record = dict[str, Any]

# A chunk is about this much work (ms on one core): long enough that process
# overhead does not show, short enough that the bar moves and workers balance.
CHUNK_MS = 1500.0
MAX_CHUNK = 500


@dataclass(frozen=True)
class Cell:
    variant: str
    setting: int  # index into the lab's settings grid
    player: str
    params: dict[str, int] = field(default_factory=dict, hash=False, compare=False)


def fight_seeds(seed: int, games: int) -> list[int]:
    """Paired seeds: fight i of every cell uses seed + i."""
    return [seed + i for i in range(games)]


def chunk_size(player: str) -> int:
    return max(1, min(MAX_CHUNK, int(CHUNK_MS / fight_cost_ms(player))))


def _play(task: tuple[int, str, dict[str, int], str, int, list[int]]) -> tuple[int, int, list[Record]]:
    """Worker entry point: one chunk of one cell's fights."""
    cell_index, variant, params, player, start, seeds = task
    return cell_index, start, _combat.play_fights(variant, seeds, player, params or None)


def run_cells(cells: Sequence[Cell], seed: int, games: int, workers: int = 1,
              console: Console | None = None, progress: bool = True) -> list[list[Record]]:
    """The records of every cell, each list in fight order; ``workers`` > 1 plays in that many processes."""
    seeds = fight_seeds(seed, games)
    tasks = []
    for index, cell in enumerate(cells):
        size = chunk_size(cell.player)
        for start in range(0, games, size):
            tasks.append((index, cell.variant, dict(cell.params), cell.player, start, seeds[start:start + size]))
    # The costliest chunks first, so no worker is left with a long one at the end.
    tasks.sort(key=lambda t: -fight_cost_ms(t[3]) * len(t[5]))
    chunks: dict[tuple[int, int], list[Record]] = {}
    bar = Progress(TextColumn("[bold]balance[/bold]"), BarColumn(), MofNCompleteColumn(), TextColumn("fights"),
                   TimeElapsedColumn(), TextColumn("eta"), TimeRemainingColumn(),
                   console=console or Console(stderr=True), disable=not progress)
    if workers <= 1:
        with bar:
            job = bar.add_task("fights", total=len(cells) * games)
            for task in tasks:
                index, start, records = _play(task)
                chunks[(index, start)] = records
                bar.advance(job, len(records))
    else:
        # "spawn": fresh workers that import triptych themselves (no fork of a
        # process running the progress bar's thread).
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
            futures = [pool.submit(_play, task) for task in tasks]
            try:
                with bar:
                    job = bar.add_task("fights", total=len(cells) * games)
                    for future in as_completed(futures):
                        index, start, records = future.result()
                        chunks[(index, start)] = records
                        bar.advance(job, len(records))
            except KeyboardInterrupt:
                # Ctrl-C reached the workers too (their native fights stop at once); drop the queued chunks
                # so the pool's exit does not play them.
                pool.shutdown(wait=False, cancel_futures=True)
                raise
    out: list[list[Record]] = []
    for index, cell in enumerate(cells):
        records: list[Record] = []
        for start in range(0, games, chunk_size(cell.player)):
            records.extend(chunks[(index, start)])
        for i, record in enumerate(records):
            record["fight"] = i
        out.append(records)
    return out
