"""Ctrl-C during multi-worker ``match`` and ``balance`` (issue 30 #1): exit 130 within 10 s, no traceback.

The signal goes to the whole process group, as a terminal's Ctrl-C does, at three moments: while
the worker processes start, while batches are being played, and while the final results are
written. ``balance --resume`` then completes the interrupted run. Before the fix a match hung for
good in three runs of three (a worker killed by the signal held a queue lock) or played its
running games to the end (minutes), and exited 1.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from process_helpers import processes_left

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="process groups and /proc")

LIMIT_S = 10.0
# The CLI as the console script runs it. With TRIPTYCH_TEST_SLOW_WRITE set, the named writer
# announces itself on stderr and sleeps before writing, so the test can interrupt the final write.
LAUNCH = """
import os, sys, time
target = os.environ.get("TRIPTYCH_TEST_SLOW_WRITE")
if target:
    import importlib
    module_name, _, name = target.rpartition(".")
    module = importlib.import_module(module_name)
    original = getattr(module, name)
    def slow(*args, **kwargs):
        if kwargs.get("finished", True):
            print("FINAL WRITE", file=sys.stderr, flush=True)
            time.sleep(30)
        return original(*args, **kwargs)
    setattr(module, name, slow)
from triptych.cli import main
main()
"""


def _children(pid: int) -> list[int]:
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(x) for x in text.split()]


def _interrupt(args: list[str], when: Callable[[subprocess.Popen, list[str]], bool], tmp_path: Path,
               env: dict[str, str] | None = None, timeout_s: float = 120.0,
               terminate: bool = False) -> tuple[int, str, float]:
    """Runs the CLI in its own process group; sends SIGINT to the group once ``when`` holds (with
    ``terminate``: SIGTERM to the CLI's process alone, as ``kill PID`` or ``pkill -f`` does).

    Returns (exit code, stderr, seconds from the signal to the exit).
    """
    errors = tmp_path / "stderr.txt"
    with errors.open("w") as err_file:
        proc = subprocess.Popen([sys.executable, "-c", LAUNCH, *args], stdout=subprocess.DEVNULL, stderr=err_file,
                                start_new_session=True, env=dict(os.environ, COLUMNS="120", **(env or {})))
        try:
            deadline = time.monotonic() + timeout_s
            while not when(proc, errors.read_text().splitlines()):
                assert proc.poll() is None, f"finished before the moment came:\n{errors.read_text()}"
                assert time.monotonic() < deadline, f"the moment never came:\n{errors.read_text()}"
                time.sleep(0.02)
            sent = time.monotonic()
            if terminate:
                os.kill(proc.pid, signal.SIGTERM)
            else:
                os.killpg(proc.pid, signal.SIGINT)
            try:
                code = proc.wait(timeout=LIMIT_S + 20)
            except subprocess.TimeoutExpired:
                pytest.fail(f"still running {LIMIT_S + 20:.0f} s after Ctrl-C:\n{errors.read_text()}")
            took = time.monotonic() - sent
        finally:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
    stray = processes_left(proc.pid, within=5.0)  # no worker is left behind either
    assert not stray, f"processes of the interrupted run are still alive: {stray}"
    return code, errors.read_text(), took


def _workers_starting(proc: subprocess.Popen, _lines: list[str]) -> bool:
    """A spawned worker process exists (not some other child, such as an editable install's rebuild)."""
    for child in _children(proc.pid):
        try:
            if b"multiprocessing" in Path(f"/proc/{child}/cmdline").read_bytes():
                return True
        except OSError:
            pass
    return False


def _file_exists(path: Path) -> Callable[[subprocess.Popen, list[str]], bool]:
    return lambda _proc, _lines: path.exists()


def _journal_has_batches(out: Path) -> Callable[[subprocess.Popen, list[str]], bool]:
    def ready(_proc: subprocess.Popen, _lines: list[str]) -> bool:
        journal = out / "journal.jsonl"
        return journal.exists() and journal.read_text().count("\n") >= 2  # the header and one batch
    return ready


def _said(text: str) -> Callable[[subprocess.Popen, list[str]], bool]:
    return lambda _proc, lines: any(text in line for line in lines)


def _check_clean(code: int, err: str, took: float) -> None:
    assert code == 130, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert took < LIMIT_S, f"took {took:.1f} s to stop"


# --- match ------------------------------------------------------------------------------------------------

MATCH = ["match", "aquaignis", "alphabeta:5", "alphabeta:5", "--games", "8", "-j", "2"]


def test_match_interrupted_while_its_workers_start(tmp_path: Path) -> None:
    _check_clean(*_interrupt(MATCH, _workers_starting, tmp_path))


def test_match_interrupted_mid_batch_keeps_the_pairs_played(tmp_path: Path) -> None:
    record = tmp_path / "match.json"
    code, err, took = _interrupt([*MATCH, "--games", "40", "--json", str(record)], _file_exists(record), tmp_path)
    _check_clean(code, err, took)
    data = json.loads(record.read_text())  # whole, never cut by the interrupt
    assert data["finished"] is False and data["games"]
    assert "the pairs played so far are in" in err


def test_match_terminated_mid_batch_stops_as_ctrl_c_does_and_leaves_no_worker(tmp_path: Path) -> None:
    """SIGTERM goes to the parent alone: before, it died at once and its pool's workers lived on, asleep."""
    record = tmp_path / "match.json"
    code, err, took = _interrupt([*MATCH, "--games", "40", "--json", str(record)], _file_exists(record), tmp_path,
                                 terminate=True)
    _check_clean(code, err, took)
    data = json.loads(record.read_text())
    assert data["finished"] is False and data["games"]


def test_match_interrupted_during_the_final_write(tmp_path: Path) -> None:
    record = tmp_path / "match.json"
    code, err, took = _interrupt(["match", "aquaignis", "alphabeta:1", "random", "--games", "4", "-j", "2",
                                  "--json", str(record)], _said("FINAL WRITE"), tmp_path,
                                 env={"TRIPTYCH_TEST_SLOW_WRITE": "triptych.cli.match_command._write_match_json"})
    _check_clean(code, err, took)
    if record.exists():  # the last partial record, whole
        assert json.loads(record.read_text())["finished"] is False


def test_match_interrupted_with_one_worker_exits_130(tmp_path: Path) -> None:
    record = tmp_path / "match.json"
    _check_clean(*_interrupt(["match", "aquaignis", "alphabeta:5", "alphabeta:5", "--games", "40", "-j", "1",
                              "--json", str(record)], _file_exists(record), tmp_path))


# --- balance ----------------------------------------------------------------------------------------------

def _balance(out: Path) -> list[str]:
    # mcts:200 fights come in batches of 50 (about 1.5 s of work each): 4 batches on 2 workers.
    return ["balance", "--variants", "v01", "--games", "200", "--players", "mcts:200", "-j", "2",
            "--out", str(out), "--no-progress"]


def _resume_completes(out: Path) -> None:
    proc = subprocess.run([sys.executable, "-c", LAUNCH, "balance", "--resume", str(out), "--no-progress", "-j", "2"],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    summary = json.loads((out / "summary.json").read_text())
    assert summary  # the outputs of a whole run
    assert not (out / "journal.jsonl").exists()
    assert "200 fights" in proc.stdout


def test_balance_interrupted_while_its_workers_start_then_resumed(tmp_path: Path) -> None:
    out = tmp_path / "run"
    _check_clean(*_interrupt(_balance(out), _workers_starting, tmp_path))
    if (out / "journal.jsonl").exists():
        _resume_completes(out)


def test_balance_interrupted_mid_batch_then_resumed(tmp_path: Path) -> None:
    out = tmp_path / "run"
    code, err, took = _interrupt(_balance(out), _journal_has_batches(out), tmp_path)
    _check_clean(code, err, took)
    assert "--resume" in err
    _resume_completes(out)


def test_balance_interrupted_during_the_final_write_then_resumed(tmp_path: Path) -> None:
    out = tmp_path / "run"
    code, err, took = _interrupt(_balance(out), _said("FINAL WRITE"), tmp_path,
                                 env={"TRIPTYCH_TEST_SLOW_WRITE": "triptych.balance.report.write_report"})
    _check_clean(code, err, took)
    _resume_completes(out)
