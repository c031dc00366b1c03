"""Ctrl-C stops long native work: the CLI exits 130 with one line, the Python API raises KeyboardInterrupt.

Native calls release the GIL and poll a stop flag that SIGINT sets (cpp/common/interrupt.h), so they
return within moments. Each test sends a real SIGINT and measures how long the stop took.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time

import pytest

import triptych.ai as ai
import triptych.aquaignis as aquaignis
import triptych.combat as combat

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")

CLI = [sys.executable, "-c", "from triptych.cli import main; main()"]


@pytest.fixture(autouse=True)
def python_handles_sigint():
    """Each test starts with Python's own Ctrl-C handler, as a user's program does.

    Earlier tests in the same process (Ray, worker pools) may have left SIGINT ignored; an ignored SIGINT is
    deliberately left alone by the native stop flag, and a child process would inherit it.
    """
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


def _default_sigint() -> None:  # in the child: Ctrl-C as in a fresh shell, whatever the parent ignores
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _interrupt_cli(*args: str) -> tuple[int, str, float]:
    """Starts the command, waits for its 'Ctrl-C stops' line (the native work begins), then sends SIGINT."""
    proc = subprocess.Popen([*CLI, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=_default_sigint)
    try:
        seen: list[str] = []
        assert proc.stderr is not None
        for line in proc.stderr:  # an editable install may print its rebuild check first
            seen.append(line)
            if "Ctrl-C stops" in line:
                break
        time.sleep(0.3)
        assert proc.poll() is None, "".join(seen)
        sent = time.monotonic()
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=30)
        return proc.returncode, err, time.monotonic() - sent
    finally:
        if proc.poll() is None:
            proc.kill()


@pytest.mark.parametrize("args", [("perft", "aquaignis", "--depth", "12"),
                                  ("ai", "aquaignis", "--time-ms", "60000")])
def test_sigint_stops_the_cli_within_two_seconds(args: tuple[str, ...]) -> None:
    code, err, seconds = _interrupt_cli(*args)
    assert code == 130
    assert err.strip() == "Interrupted."
    assert "Traceback" not in err
    assert seconds < 2.0


def _combat_decision() -> combat.State:
    fight = combat.new_game("v01", seed=1)
    fight.play_chance()
    return fight


def _interrupt_soon(delay: float = 0.3) -> threading.Timer:
    timer = threading.Timer(delay, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    return timer


@pytest.mark.parametrize("long_call", [
    lambda: aquaignis.perft(aquaignis.new_game(), 12),
    lambda: ai.AlphaBeta(time_ms=60_000).search(aquaignis.new_game()),
    lambda: ai.MCTS(time_ms=60_000).search(aquaignis.new_game()),
    lambda: ai.MCTS(time_ms=60_000).search(_combat_decision()),
    lambda: combat.run_fights("v01", "random", games=50_000_000, seed=1),
], ids=["perft", "alphabeta", "mcts", "combat-mcts", "fight-batch"])
def test_sigint_raises_keyboard_interrupt_from_native_work(long_call) -> None:
    timer = _interrupt_soon()
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        long_call()
    timer.join()
    assert time.monotonic() - start < 2.0
    # The Python side is still usable, and the next native call is not stopped by the old signal.
    assert aquaignis.perft(aquaignis.new_game(), 2) > 0
    assert ai.AlphaBeta(depth=2).search(aquaignis.new_game()).best is not None
