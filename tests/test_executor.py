"""The executor (triptych/executor.py) on its local backend: order, progress, resumed results, lost workers.

The Ray backend against the local one is in test_executor_ray.py.
"""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

import pytest

from triptych.cli.boundary import sigterm_as_ctrl_c
from triptych.executor import LocalExecutor, WorkerLost, make_executor, run_batches, sigint_deferred


def square_all(batch: list[int]) -> list[int]:
    return [x * x for x in batch]


def die_once(batch: tuple[str, int]) -> int:
    """Kills its worker process the first time it sees a batch whose marker file is missing."""
    marker, value = batch
    if marker and not os.path.exists(marker):
        Path(marker).write_text(str(os.getpid()))
        os._exit(9)  # the worker is gone, as if killed: its pool breaks
    return value * 10


def always_die(batch: int) -> int:
    os._exit(9)


BATCHES = [[1, 2, 3], [4], [5, 6], [7, 8, 9, 10], [11]]
EXPECTED = [square_all(b) for b in BATCHES]


@pytest.mark.parametrize("workers", [1, 2])
def test_results_come_back_in_batch_order_for_any_number_of_workers(workers: int) -> None:
    seen: list[int] = []
    with LocalExecutor(workers) as executor:
        results = run_batches(executor, square_all, BATCHES, sizes=[len(b) for b in BATCHES],
                              on_result=lambda i, r: seen.append(i), progress=False)
        assert results == EXPECTED
        assert sorted(seen) == list(range(len(BATCHES)))  # each batch reported once
        # The workers serve the next round too (a tuning loop pays their start once).
        assert run_batches(executor, square_all, BATCHES[::-1], progress=False) == EXPECTED[::-1]


def test_known_results_are_not_run_again() -> None:
    ran: list[int] = []
    done = {0: ["kept"], 3: ["also kept"]}
    results = run_batches(LocalExecutor(1), square_all, BATCHES, done=done, on_result=lambda i, r: ran.append(i),
                          progress=False)
    assert results == [["kept"], EXPECTED[1], EXPECTED[2], ["also kept"], EXPECTED[4]]
    assert sorted(ran) == [1, 2, 4]


def test_a_lost_worker_has_its_batch_run_again_and_nothing_is_doubled(tmp_path: Path) -> None:
    marker = str(tmp_path / "killed")
    batches = [("", 1), ("", 2), (marker, 3), ("", 4), ("", 5), ("", 6)]
    seen: list[int] = []
    with LocalExecutor(2) as executor:
        results = run_batches(executor, die_once, batches, on_result=lambda i, r: seen.append(i), progress=False)
    assert Path(marker).exists()  # the worker really died once
    assert results == [10, 20, 30, 40, 50, 60]
    assert sorted(seen) == list(range(6))


def test_workers_that_keep_dying_fail_the_run_with_a_clear_error() -> None:
    with LocalExecutor(2, retries=1) as executor, pytest.raises(WorkerLost, match="died 2 times"):
        run_batches(executor, always_die, [1, 2], progress=False)


def test_bad_backend_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown backend 'spark'"):
        make_executor("spark")
    with pytest.raises(ValueError, match="--address is for --backend ray"):
        make_executor("local", address="auto")
    with pytest.raises(ValueError, match="at least 1"):
        LocalExecutor(0)
    with pytest.raises(ValueError, match="2 sizes for 5 batches"):
        run_batches(LocalExecutor(1), square_all, BATCHES, sizes=[1, 2], progress=False)


def test_an_error_inside_a_batch_reaches_the_caller() -> None:
    with LocalExecutor(2) as executor:
        with pytest.raises(TypeError):
            run_batches(executor, square_all, [[1], ["x", None]], progress=False)
        assert run_batches(executor, square_all, [[2]], progress=False) == [[4]]  # and the executor still works


def test_the_ray_backend_without_ray_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from click.testing import CliRunner

    from triptych.cli import main

    monkeypatch.setitem(__import__("sys").modules, "ray", None)  # as if the cluster extra were not installed
    out = tmp_path / "lab"
    result = CliRunner().invoke(main, ["balance", "--variants", "v01", "--games", "2", "--players", "random",
                                       "--backend", "ray", "--no-progress", "--out", str(out)])
    assert result.exit_code == 1
    assert "pip install 'triptych[cluster]'" in result.output
    assert not out.exists()  # nothing was played or written


@pytest.mark.skipif(sys.platform == "win32", reason="no SIGTERM handlers or signal masks")
@pytest.mark.parametrize("ctrl_c", ["handled", "ignored"])
def test_sigterm_while_workers_are_spawned_is_held_back_then_stops_the_command(ctrl_c: str) -> None:
    """The command line turns SIGTERM into Ctrl-C (cli/boundary.py), also where Ctrl-C is ignored (a job
    started with ``&`` from a script); while workers are being spawned it waits, then stops the command."""
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN if ctrl_c == "ignored" else signal.default_int_handler)
    sigterm_before = signal.getsignal(signal.SIGTERM)
    reached_the_end_of_the_window = False
    try:
        with pytest.raises(KeyboardInterrupt), sigterm_as_ctrl_c():
            with sigint_deferred():
                os.kill(os.getpid(), signal.SIGTERM)
                for _ in range(1000):  # bytecodes: Python runs a pending handler between them
                    pass
                reached_the_end_of_the_window = True
        assert reached_the_end_of_the_window
        assert signal.getsignal(signal.SIGTERM) is sigterm_before  # both contexts put the handlers back
        assert signal.getsignal(signal.SIGINT) is (signal.SIG_IGN if ctrl_c == "ignored" else signal.default_int_handler)
    finally:
        signal.signal(signal.SIGINT, previous)
