"""The registry of benches and ``run``: what ``triptych bench`` runs, in order.

It sits above the modules it lists (suites: our own figures; peers: OpenSpiel and the Python
baseline; signature), so none of them imports another's registry and there is no import cycle.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable

from triptych.bench.machine import machine_info
from triptych.bench.nnue_suite import beside_classic, bench_nnue
from triptych.bench.peers import Skipped, bench_python_baseline
from triptych.bench.report import Report
from triptych.bench.runner import Measurement
from triptych.bench.signature import signature
from triptych.bench.suites import (FULL, QUICK, Scale, bench_alphabeta, bench_binding, bench_combat, bench_mcts,
                                   bench_perft, bench_smp)


# --- the registry ------------------------------------------------------------------------------


def _openspiel(scale: Scale) -> list[Measurement]:
    from triptych.bench.peers import bench_openspiel  # imports open-spiel, an optional extra

    return bench_openspiel(scale)


# name -> (bench, runs in --quick). OpenSpiel is optional: skipped (with a note) when not installed.
BENCHES: dict[str, tuple[Callable[[Scale], list[Measurement]], bool]] = {
    "perft": (bench_perft, True),
    "alphabeta": (bench_alphabeta, True),
    "nnue": (bench_nnue, True),
    "mcts": (bench_mcts, True),
    "smp": (bench_smp, True),
    "binding": (bench_binding, True),
    "combat": (bench_combat, True),
    "python": (bench_python_baseline, True),
    "openspiel": (_openspiel, False),
}


def run(quick: bool = False, only: list[str] | None = None, progress: Callable[[str], None] | None = None,
        nnue_nets: dict[str, str] | None = None):
    """Runs the benches (all, or those named in ``only``) and returns a Report.

    ``nnue_nets`` maps a game to the net file the ``nnue`` bench searches with (else a seeded random net)."""
    scale = QUICK if quick else FULL
    names = list(only) if only else [n for n, (_, in_quick) in BENCHES.items() if in_quick or not quick]
    unknown = [n for n in names if n not in BENCHES and n != "signature"]
    if unknown:
        raise KeyError(f"unknown bench {', '.join(unknown)}; known: {', '.join(['signature', *BENCHES])}")
    report = Report(machine=machine_info(), quick=quick, benches=names)
    t0 = time.perf_counter()
    for name in names:
        if name == "signature":
            continue
        if progress:
            progress(name)
        try:
            if name == "nnue":
                report.measurements += bench_nnue(scale, nnue_nets)
            else:
                report.measurements += BENCHES[name][0](scale)
        except Skipped as err:  # a peer that cannot run is reported, not fatal
            report.skipped[name] = str(err)
    beside_classic(report.measurements)
    if progress:
        progress("signature")
    report.signature = signature()
    report.seconds = time.perf_counter() - t0
    report.machine["load_average_after"] = os.getloadavg() if hasattr(os, "getloadavg") else None
    return report
