"""Issue 30: the bench tables said "x3.62" under "ours faster" where the pure-Python figure beside it was the
larger (its nodes/s, while the ratio compared times to depth), and a report's commit was None."""

from __future__ import annotations

import io
import re
import subprocess
from pathlib import Path

from rich.console import Console

from triptych.bench import machine
from triptych.bench.report import Report
from triptych.bench.runner import Measurement, faster_words, pair
from triptych.bench.table import peers_table, results_table


def _measured(name: str, rate: float, seconds: float, **extra: object) -> Measurement:
    return Measurement(name=name, group="python", unit="nodes/s", rates=[rate], seconds=[seconds], extra=dict(extra))


def _text(table: object) -> str:
    out = io.StringIO()
    Console(file=out, width=250, color_system=None).print(table)
    return out.getvalue()


def test_a_time_to_depth_win_names_ours_and_the_basis_even_where_the_peer_rate_is_larger() -> None:
    # The native search counts fewer nodes/s than the Python one (a table to set up, few nodes) but reaches
    # the depth 3.62 times sooner: the figure the ratio is about must be named with it.
    theirs = _measured("python/g/start/alphabeta-py/d2", rate=90_000.0, seconds=0.362, depth=2, time_to_depth=0.362)
    ours = _measured("python/g/start/alphabeta-native/d2", rate=20_000.0, seconds=0.1, depth=2, time_to_depth=0.1)
    pair(ours, theirs, time_based=True)
    assert faster_words(ours) == "ours 3.62x faster (time to depth 2)"
    report = Report(machine={}, measurements=[theirs, ours])
    assert "ours 3.62x faster (time to depth 2)" in _text(results_table(report))
    peers = _text(peers_table(report))
    assert "ours 3.62x faster (time to depth 2)" in peers and not re.search(r"\bx3\.62\b", peers)


def test_a_peer_that_is_faster_is_named_as_the_faster() -> None:
    theirs = Measurement(name="binding/g/python-loop", group="binding", unit="steps/s", rates=[200.0], seconds=[1.0])
    ours = Measurement(name="binding/g/python-ids", group="binding", unit="steps/s", rates=[50.0], seconds=[1.0])
    pair(ours, theirs)
    assert faster_words(ours) == "theirs 4.00x faster (steps/s)"
    assert faster_words(theirs) == ""  # the peer row carries no ratio of its own


def test_an_old_report_without_the_basis_still_reads() -> None:
    old = _measured("x/native", rate=1.0, seconds=1.0, ratio=2.5, vs="x/py", time_to_depth=0.4, depth=5)
    assert faster_words(old) == "ours 2.50x faster (time to depth 5)"


def _git(*args: str) -> str:
    return subprocess.run(["git", *args], capture_output=True, text=True, check=True,
                          cwd=Path(machine.__file__).parent).stdout.strip()


def test_the_report_commit_is_the_checkout_head_or_the_build_metadata() -> None:
    commit = machine.machine_info()["git_commit"]
    assert commit is not None and re.fullmatch(r"[0-9a-f]{40}(-dirty)?", commit)
    package = Path(machine.__file__).resolve().parent.parent
    try:
        top = Path(_git("rev-parse", "--show-toplevel")).resolve()
    except (OSError, subprocess.CalledProcessError):
        top = None
    if top is not None and top / "python" / "triptych" == package:  # an editable install: the checkout's HEAD
        assert commit.removesuffix("-dirty") == _git("rev-parse", "HEAD")
    else:  # an installed wheel: what CMake recorded when it was built
        assert commit == machine.build_commit()


def test_a_package_outside_a_checkout_reports_the_commit_it_was_built_from(tmp_path: Path) -> None:
    # A directory that is no checkout (an installed package's site-packages) falls back to the build metadata,
    # which CMake writes from the checkout it built (CI's wheel is built from one).
    built = machine.build_commit()
    assert built is not None and re.fullmatch(r"[0-9a-f]{40}(-dirty)?", built)
    assert machine.git_commit(tmp_path) == built


def test_a_package_inside_some_other_checkout_is_not_given_its_head(tmp_path: Path) -> None:
    # A venv inside an unrelated git repository: that repository's HEAD is not the package's commit.
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    inner = tmp_path / "venv" / "site-packages" / "triptych"
    inner.mkdir(parents=True)
    assert machine._checkout_commit(inner) is None
    assert machine.git_commit(inner) == machine.build_commit()
