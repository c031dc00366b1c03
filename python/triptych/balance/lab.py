"""The balance lab's run: plan the cells, play them, summarize, judge.

``run_lab(LabConfig(...))`` plays every (variant, setting, player) cell on the
same seeds and returns a ``LabResult``: the fight records, each cell's
statistics (stats.py), each variant's skill ladder on its default parameters
(ladder.py), the verdict of every setting against the targets (targets.py),
judged on the player the ladder names competent, and the best setting of a
sweep (sweeps.py).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console

from triptych._core import combat as _combat
from triptych.balance import ladder as ladder_mod
from triptych.balance import sweeps as sweeps_mod
from triptych.balance import targets
from triptych.balance.players import parse_player
from triptych.balance.runner import BatchLog, Cell, Record, run_cells
from triptych.balance.stats import summarize
from triptych.executor import Executor

VARIANTS = {v["id"]: v for v in _combat.VARIANTS}


@dataclass
class LabConfig:
    variants: list[str]
    players: list[str]  # canonical specs, ladder order (players.parse_players)
    games: int
    seed: int = 0
    workers: int = 1
    sweeps: list[tuple[str, list[int]]] = field(default_factory=list)

    def validate(self) -> None:
        """ValueError naming the first thing wrong (variant, player, parameter, count)."""
        if not self.variants:
            raise ValueError("no variant given")
        for v in self.variants:
            if v not in VARIANTS:
                raise ValueError(f"unknown variant {v!r} (known: {', '.join(VARIANTS)})")
        if not self.players:
            raise ValueError("no player given")
        for p in self.players:
            if parse_player(p) != p:
                raise ValueError(f"player {p!r} is not in canonical form ({parse_player(p)})")
        if self.games < 1:
            raise ValueError("games must be at least 1")
        if self.seed < 0:
            raise ValueError("seed must be >= 0")
        sweeps_mod.check_names(self.sweeps, self.variants, {v: VARIANTS[v]["params"] for v in self.variants})
        for setting in sweeps_mod.settings(self.sweeps):
            for v in self.variants:
                try:
                    _combat.new_game(v, seed=0, params=setting)
                except ValueError as err:  # out of range, or a deck the engine refuses
                    raise ValueError(f"{v} with {sweeps_mod.label(setting)}: {err}") from None


@dataclass
class VariantResult:
    variant: str
    name: str
    band: tuple[int, int]
    ladder: ladder_mod.Ladder  # on the default parameters
    verdicts: list[targets.Verdict]  # per setting, judged on ladder.competent
    best: int  # index of the setting nearest the targets

    @property
    def judged_player(self) -> str:
        return self.ladder.competent


@dataclass
class LabResult:
    config: LabConfig
    settings: list[sweeps_mod.Setting]
    cells: list[Cell]
    records: list[list[Record]]
    summaries: list[dict[str, Any]]
    variants: dict[str, VariantResult]
    seconds: float

    def index(self, variant: str, setting: int, player: str) -> int:
        """Position of a cell in ``cells`` (and ``records``, ``summaries``)."""
        for i, cell in enumerate(self.cells):
            if (cell.variant, cell.setting, cell.player) == (variant, setting, player):
                return i
        raise KeyError((variant, setting, player))

    def summary(self, variant: str, setting: int, player: str) -> dict[str, Any]:
        return self.summaries[self.index(variant, setting, player)]


def plan(config: LabConfig) -> tuple[list[sweeps_mod.Setting], list[Cell]]:
    grid = sweeps_mod.settings(config.sweeps)
    cells = [Cell(v, s, p, grid[s]) for v in config.variants for s in range(len(grid)) for p in config.players]
    return grid, cells


def judge(config: LabConfig, grid: Sequence[sweeps_mod.Setting], cells: Sequence[Cell],
          summaries: Sequence[dict[str, Any]]) -> dict[str, VariantResult]:
    by_key = {(c.variant, c.setting, c.player): s for c, s in zip(cells, summaries)}
    out: dict[str, VariantResult] = {}
    for v in config.variants:
        ladder = ladder_mod.build(config.players, [by_key[(v, 0, p)]["win_rate"] for p in config.players])
        verdicts = []
        for s in range(len(grid)):
            row = by_key[(v, s, ladder.competent)]
            verdicts.append(targets.judge(v, row["win_rate"], row["mean_turns"]))
        best = sweeps_mod.best([verdict.distance for verdict in verdicts])
        out[v] = VariantResult(v, VARIANTS[v]["name"], targets.band(v), ladder, verdicts, best)
    return out


def run_lab(config: LabConfig, console: Console | None = None, progress: bool = True,
            executor: Executor | None = None, journal: BatchLog | None = None) -> LabResult:
    """Plays and judges the run.

    The fights go to ``executor`` (default: ``config.workers`` local
    processes); with a ``journal`` (journal.py) the batches it holds are not
    played again and each new one is saved to it as it finishes.
    """
    config.validate()
    grid, cells = plan(config)
    t0 = time.perf_counter()
    records = run_cells(cells, config.seed, config.games, config.workers, console=console, progress=progress,
                        executor=executor, journal=journal)
    seconds = time.perf_counter() - t0
    summaries = [summarize(cell.variant, rs) for cell, rs in zip(cells, records)]
    return LabResult(config, grid, cells, records, summaries, judge(config, grid, cells, summaries), seconds)
