"""`triptych bench`'s NNUE rows (bench/README.md): nodes/s, nodes and time to depth beside the classic search.

Speed is never asserted: these tests check that the rows are there, name their
net, count deterministic nodes and carry the classic search's figures.
"""

from __future__ import annotations

import dataclasses
import io
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console

from triptych.bench.nnue_suite import BENCH_NET_LABEL, beside_classic, bench_net_bytes, bench_nnue, net_game
from triptych.bench.positions import POSITION_NAMES, TWO_PLAYER
from triptych.bench.report import Report
from triptych.bench.suites import QUICK, bench_alphabeta
from triptych.bench.table import print_report
from triptych.cli import main

TINY = dataclasses.replace(QUICK, repeats=1, ab_depth={"aquaignis": 3, "hexfleet": 2})


def test_nnue_rows_cover_every_bench_position_and_name_their_net() -> None:
    rows = bench_nnue(TINY)
    assert [m.name for m in rows] == [f"nnue/{game}/{pos}/d{TINY.ab_depth[game]}"
                                      for game in TWO_PLAYER for pos in POSITION_NAMES]
    for m in rows:
        assert m.group == "nnue" and m.unit == "nodes/s"
        assert m.work > 0 and m.extra["nodes"] == m.work and m.median > 0
        assert m.extra["time_to_depth"] > 0 and m.extra["depth"] in (2, 3)
        assert m.extra["net"] == BENCH_NET_LABEL
    # threads=1 and a fresh table: the node counts are the same every run.
    assert [m.work for m in bench_nnue(TINY)] == [m.work for m in rows]


def test_nnue_rows_sit_beside_the_classic_rows_of_the_same_position_and_depth() -> None:
    rows = bench_alphabeta(TINY) + bench_nnue(TINY)
    beside_classic(rows)
    by_name = {m.name: m for m in rows}
    for m in rows:
        if m.group == "nnue":
            classic = by_name[m.name.replace("nnue/", "alphabeta/", 1)]
            assert m.extra["classic_nps"] == classic.median and m.extra["classic_nodes"] == classic.work
            assert m.extra["nps_vs_classic"] == pytest.approx(m.median / classic.median)
    out = io.StringIO()
    print_report(Report(machine={}, quick=True, benches=["alphabeta", "nnue"], measurements=rows),
                 Console(file=out, width=200))
    assert "nnue/hexfleet/midgame1/d2" in out.getvalue() and "classic (" in out.getvalue()


def test_a_given_net_file_is_searched_and_named(tmp_path: Path) -> None:
    path = tmp_path / "hx.nnue"
    path.write_bytes(bench_net_bytes("hexfleet", seed=5))
    assert net_game(path) == "hexfleet"
    rows = bench_nnue(TINY, {"hexfleet": str(path)})
    assert {m.extra["net"] for m in rows if "/hexfleet/" in m.name} == {str(path)}
    assert {m.extra["net"] for m in rows if "/aquaignis/" in m.name} == {BENCH_NET_LABEL}


def test_the_cli_refuses_a_file_that_is_no_net(tmp_path: Path) -> None:
    bad = tmp_path / "bad.nnue"
    bad.write_bytes(b"not a net at all")
    result = CliRunner().invoke(main, ["bench", "--only", "nnue", "--nnue-net", str(bad)])
    assert result.exit_code == 2 and "is not an .nnue net file" in result.output
