"""The bench runner's statistics, the JSON report's round trip and the comparison.

No wall-clock time is asserted anywhere: the measured callables here return
made-up (work, seconds) pairs, so the statistics are exact.
"""

from __future__ import annotations

import json

import pytest

from triptych.bench.report import SCHEMA_VERSION, Report, compare, read_json, write_json
from triptych.bench.runner import WIDE_SPREAD, Measurement, measure


def scripted(pairs):
    """A bench callable returning the given (work, seconds) pairs in turn (first one for the warm-up)."""
    it = iter(pairs)
    return lambda: next(it)


def test_median_and_spread_of_the_repeats():
    m = measure("x", "g", "n/s", scripted([(0, 1.0), (100, 1.0), (300, 1.0), (200, 1.0)]), repeats=3)
    assert m.rates == [100.0, 300.0, 200.0]  # the warm-up (0, 1.0) is not counted
    assert m.median == 200.0
    assert m.spread == pytest.approx((300 - 100) / 200)
    assert m.wide
    assert m.work == 200


def test_narrow_spread_is_not_flagged():
    m = measure("x", "g", "n/s", scripted([(100, 1.0), (100, 1.0), (105, 1.0)]), repeats=3, warmup=False)
    assert m.spread == pytest.approx(0.05)
    assert m.spread < WIDE_SPREAD and not m.wide


def test_single_repeat_has_no_spread():
    m = measure("x", "g", "n/s", scripted([(50, 2.0)]), repeats=1, warmup=False)
    assert m.median == 25.0 and m.spread == 0.0 and m.median_seconds == 2.0


def test_zero_seconds_does_not_divide_by_zero():
    m = measure("x", "g", "n/s", scripted([(5, 0.0), (5, 0.0)]), repeats=2, warmup=False)
    assert m.median == 0.0 and m.spread == 0.0


def _report(medians: dict[str, float], signature: int = 7, quick: bool = True) -> Report:
    ms = [Measurement(name=k, group="g", unit="n/s", rates=[v, v * 1.3, v * 0.9], seconds=[1.0, 1.0, 1.0], work=3,
                      extra={"depth": 4}) for k, v in medians.items()]
    return Report(machine={"cpu": "test cpu", "cores": 2, "build": {"compiler": "GNU"}}, quick=quick,
                  benches=["g"], measurements=ms, signature={"total": signature}, seconds=1.5,
                  skipped={"openspiel": "not installed"})


def test_json_round_trip(tmp_path):
    report = _report({"a": 100.0, "b": 250.0})
    path = tmp_path / "bench.json"
    write_json(report, path)
    data = json.loads(path.read_text())
    assert data["schema"] == "triptych-bench" and data["version"] == SCHEMA_VERSION
    back = read_json(path)
    assert back.to_dict() == report.to_dict()
    assert back.by_name()["b"].median == report.by_name()["b"].median


def test_reader_refuses_other_files_and_newer_versions(tmp_path):
    path = tmp_path / "x.json"
    path.write_text(json.dumps({"schema": "something-else"}))
    with pytest.raises(ValueError, match="not a triptych bench report"):
        read_json(path)
    data = _report({"a": 1.0}).to_dict()
    data["version"] = SCHEMA_VERSION + 1
    path.write_text(json.dumps(data))
    with pytest.raises(ValueError, match="newer"):
        read_json(path)


def test_compare_reports_changes_new_and_gone_figures():
    old = _report({"a": 100.0, "b": 200.0, "gone": 5.0})
    new = _report({"a": 150.0, "b": 100.0, "new": 1.0})
    changes, warnings = compare(old, new)
    by = {c.name: c for c in changes}
    assert by["a"].percent == pytest.approx(50.0)
    assert by["b"].percent == pytest.approx(-50.0)
    assert by["new"].old is None and by["new"].percent is None
    assert by["gone"].new is None and by["gone"].percent is None
    assert by["a"].noisy  # the fixtures' repeats spread 40%
    assert warnings == []


def test_compare_warns_about_machine_scale_and_signature():
    old = _report({"a": 1.0}, signature=7, quick=True)
    new = _report({"a": 1.0}, signature=8, quick=False)
    new.machine["cpu"] = "another cpu"
    _, warnings = compare(old, new)
    text = "\n".join(warnings)
    assert "--quick" in text and "cpu" in text and "signature changed" in text


def test_thread_counts_double_up_to_the_cores():
    from triptych.bench.suites import thread_counts

    assert thread_counts(1) == [1]
    assert thread_counts(2) == [1, 2]
    assert thread_counts(6) == [1, 2, 4, 6]
    assert thread_counts(8) == [1, 2, 4, 8]
