"""``triptych bench``: the command, its JSON and --compare, on the cheap signature bench only.

The full --quick run is CI's smoke test (.ci/run), not a unit test.
"""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from triptych.bench.positions import TWO_PLAYER, _position_dict
from triptych.cli import main

DATA = Path(__file__).parent / "data"


def test_bench_signature_json_and_compare(tmp_path):
    out = tmp_path / "a.json"
    runner = CliRunner()
    result = runner.invoke(main, ["bench", "--only", "signature", "--json", str(out)])
    assert result.exit_code == 0, result.output
    assert "bench signature" in result.output and "matches" in result.output
    data = json.loads(out.read_text())
    assert data["signature"]["matches"] and data["machine"]["build"]["compiler"]
    result = runner.invoke(main, ["bench", "--only", "signature", "--compare", str(out)])
    assert result.exit_code == 0, result.output
    assert "change since" in result.output


def test_bench_rejects_an_unknown_name():
    result = CliRunner().invoke(main, ["bench", "--only", "nope"])
    assert result.exit_code != 0 and "unknown bench" in result.output


def test_bench_perft_figures_carry_their_leaf_counts():
    from triptych.bench.suites import QUICK, bench_perft

    perft = {g: json.loads((DATA / g / "perft.json").read_text()) for g in TWO_PLAYER}
    for m in bench_perft(QUICK):
        _, game, pos, depth = m.name.split("/")
        assert m.work == perft[game][pos][depth[1:]]  # the bench measures the right tree


def test_shipped_positions_are_the_test_positions():
    for game in TWO_PLAYER:
        for name in ("midgame1", "midgame2", "midgame3"):
            assert _position_dict(game, name) == json.loads((DATA / game / f"{name}.json").read_text())


def test_native_random_playouts_count_their_steps():
    import triptych.hexfleet as hexfleet
    from triptych import _core

    r = _core.hexfleet.random_playouts(hexfleet.new_game(), playouts=3, seed=5, max_plies=40)
    assert r["playouts"] == 3 and 0 < r["steps"] <= 120
    again = _core.hexfleet.random_playouts(hexfleet.new_game(), playouts=3, seed=5, max_plies=40)
    assert again["steps"] == r["steps"]  # seeded


def test_openspiel_bench_is_skipped_cleanly_without_the_extra(monkeypatch):
    import sys

    from triptych import bench

    monkeypatch.setitem(sys.modules, "pyspiel", None)  # makes `import pyspiel` raise ImportError
    report = bench.run(quick=True, only=["openspiel"])
    assert "openspiel" in report.skipped and "open-spiel" in report.skipped["openspiel"]
    assert report.measurements == [] and report.signature["matches"]
