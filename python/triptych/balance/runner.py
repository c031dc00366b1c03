"""Plays the lab's fights on an executor (triptych/executor.py), in batches of seeds.

A cell is (variant, setting, player). Fight i of every cell uses seed
``seed + i`` (paired seeds: every variant, player and setting meets the same
luck, see cpp/combat/fight_record.h). A fight's record depends only on its
cell and seed, never on which worker played it or in what order, and the
records are put back in (cell, fight) order, so the output is identical for
any ``--workers`` and either ``--backend``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from rich.console import Console

from triptych._core import combat as _combat
from triptych.balance.players import fight_cost_ms
from triptych.executor import Executor, LocalExecutor, run_batches

Record = dict[str, Any]
# One batch: (cell index, variant, params, player, index of its first fight, its seeds).
Batch = tuple[int, str, dict[str, int], str, int, list[int]]



class BatchLog(Protocol):
    """What the runner needs of a run's journal (journal.Journal is the one): the batches it already
    holds, a check that they are this plan's, and a place to append each new one. Typed here so that
    runner.py and lab.py need not import journal.py, which imports them."""

    done: dict[tuple[int, int], list[Record]]

    def check(self, batches: list[Batch]) -> None: ...

    def append(self, cell: int, start: int, records: list[Record]) -> None: ...


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


def _play(batch: Batch) -> tuple[int, int, list[Record]]:
    """Worker entry point: one batch of one cell's fights."""
    cell_index, variant, params, player, start, seeds = batch
    return cell_index, start, _combat.play_fights(variant, seeds, player, params or None)


def plan_batches(cells: Sequence[Cell], seed: int, games: int) -> list[Batch]:
    """Every cell's fights cut into batches of seeds, the costliest first.

    The plan depends only on the cells, seed and games, so a resumed run cuts
    the same batches and knows which ones its journal already holds.
    """
    seeds = fight_seeds(seed, games)
    batches = []
    for index, cell in enumerate(cells):
        size = chunk_size(cell.player)
        for start in range(0, games, size):
            batches.append((index, cell.variant, dict(cell.params), cell.player, start, seeds[start:start + size]))
    # The costliest first, so no worker is left with a long one at the end.
    batches.sort(key=lambda t: -fight_cost_ms(t[3]) * len(t[5]))
    return batches


def run_cells(cells: Sequence[Cell], seed: int, games: int, workers: int = 1,
              console: Console | None = None, progress: bool = True,
              executor: Executor | None = None, journal: BatchLog | None = None) -> list[list[Record]]:
    """The records of every cell, each list in fight order.

    The batches run on ``executor`` (default: ``workers`` local processes).
    With a ``journal`` the batches it holds are taken from it, and every
    batch played is appended to it as it comes back.
    """
    batches = plan_batches(cells, seed, games)
    done: dict[int, tuple[int, int, list[Record]]] = {}
    if journal is not None:
        journal.check(batches)
        for i, b in enumerate(batches):
            if (b[0], b[4]) in journal.done:
                done[i] = (b[0], b[4], journal.done[(b[0], b[4])])
    on_result = (lambda _, r: journal.append(*r)) if journal is not None else None
    own = executor is None
    executor = executor or LocalExecutor(workers)
    try:
        results = run_batches(executor, _play, batches, sizes=[len(b[5]) for b in batches], done=done,
                              on_result=on_result, label="balance", unit="fights", console=console,
                              progress=progress)
    finally:
        if own:
            executor.close()
    chunks = {(index, start): records for index, start, records in results}
    out: list[list[Record]] = []
    for index, cell in enumerate(cells):
        records: list[Record] = []
        for start in range(0, games, chunk_size(cell.player)):
            records.extend(chunks[(index, start)])
        for i, record in enumerate(records):
            record["fight"] = i
        out.append(records)
    return out
