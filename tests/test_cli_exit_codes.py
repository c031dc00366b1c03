"""docs/cli.md's promises: every command is listed there, a bad option exits 2 with one line, and every
command interrupted while it works exits 130 with ``Interrupted.`` and no traceback (issue 30)."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from process_helpers import processes_left
from triptych.cli import main

DOC = Path(__file__).resolve().parents[1] / "docs" / "cli.md"
CLI = [sys.executable, "-c", "from triptych.cli import main; main()"]


def _documented_commands() -> set[str]:
    section = DOC.read_text().split("## Ctrl-C, command by command", 1)[1]
    return {m.group(1).split()[0] for m in re.finditer(r"^\| `([^`]+)`", section, re.M)}


def test_every_command_is_documented() -> None:
    assert _documented_commands() == set(main.commands)


@pytest.mark.parametrize("command", sorted(main.commands))
def test_a_bad_option_exits_2_with_one_line(command: str) -> None:
    args = [command, "stats"] if command == "combat" else [command]
    result = CliRunner().invoke(main, [*args, "--no-such-option"])
    assert result.exit_code == 2
    assert result.output.strip().startswith("Error:") and "Traceback" not in result.output


def _core_loaded(pid: int) -> bool:
    """The native core is mapped: the process is past its imports (an editable install's rebuild check)."""
    try:
        return "_core.cpython" in Path(f"/proc/{pid}/maps").read_text()
    except OSError:
        return False


WORKING = {
    "perft": ["perft", "aquaignis", "-d", "12"],
    "ai": ["ai", "aquaignis", "--time-ms", "600000"],
    "ladder": ["ladder", "aquaignis", "--players", "alphabeta:6;alphabeta:7", "-n", "20", "-j", "2"],
    "tune": ["tune", "aquaignis", "--steps", "1000", "--depth", "4", "-j", "2", "-o", "{tmp}/weights.json"],
    "combat": ["combat", "stats", "-n", "1000000", "--variant", "v01"],
    "bench": ["bench"],
    "engine": ["engine", "aquaignis"],
    "play": ["play", "aquaignis", "--terminal"],
    "suite": ["suite", "make", "aquaignis", "--out", "{tmp}/suite.jsonl", "--count", "100000"],
    "selfplay": ["selfplay", "aquaignis", "-n", "10000", "--depth", "6", "-j", "1", "--out", "{tmp}/data.npz"],
    "train": ["train", "aquaignis", "{tmp}/games.npz", "--epochs", "100000", "-o", "{tmp}/net.nnue"],
}


def _selfplay_data(tmp: Path) -> None:
    """A few self-played games for `train` to work on (in-process, depth 1: a second or two)."""
    from triptych.executor import make_executor
    from triptych.nnue import selfplay

    config = selfplay.SelfplayConfig("aquaignis", games=8, depth=1, seed=3)
    selfplay.start(tmp / "games.npz", config)
    with make_executor("local", workers=1) as executor:
        selfplay.run(tmp / "games.npz", config, executor, progress=False)


SETUP = {"train": _selfplay_data}  # what a command needs on disk before it can work
STDIN = {"engine": "go infinite\n", "play": ""}  # kept open: the engine searches, the game waits for a move


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="process groups and /proc")
@pytest.mark.parametrize("command", sorted(WORKING))
@pytest.mark.parametrize("stop", ["ctrl-c", "sigterm", "sigterm-ctrl-c-ignored"])
def test_ctrl_c_while_working_exits_130(command: str, stop: str, tmp_path: Path) -> None:
    """Ctrl-C goes to the whole process group, as a terminal's does; SIGTERM (``kill PID``) to the command's
    process alone, which turns it into Ctrl-C, native work included. A command started with Ctrl-C ignored
    (what ``triptych ... &`` gets from a script) still ends on SIGTERM. Either way no worker outlives it."""
    if command in SETUP:
        pytest.importorskip("jax", reason="the train extra is not installed")
        SETUP[command](tmp_path)
    args = [a.replace("{tmp}", str(tmp_path)) for a in WORKING[command]]
    ignore_ctrl_c = (lambda: signal.signal(signal.SIGINT, signal.SIG_IGN)) if stop.endswith("ignored") else None
    proc = subprocess.Popen([*CLI, *args], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True, start_new_session=True, cwd=tmp_path,
                            preexec_fn=ignore_ctrl_c)
    try:
        if command in STDIN:
            assert proc.stdin is not None
            proc.stdin.write(STDIN[command])
            proc.stdin.flush()
        deadline = time.monotonic() + 120
        while not _core_loaded(proc.pid):
            assert proc.poll() is None and time.monotonic() < deadline
            time.sleep(0.05)
        time.sleep(1.5)  # at work
        assert proc.poll() is None, "finished before it could be interrupted"
        sent = time.monotonic()
        if stop.startswith("sigterm"):
            os.kill(proc.pid, signal.SIGTERM)
        else:
            os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=30)
        took = time.monotonic() - sent
        left = processes_left(proc.pid, within=10.0)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 130, err
    assert "Interrupted." in err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert took < 10.0
    assert not left, f"processes of the command outlived it: {left}"

