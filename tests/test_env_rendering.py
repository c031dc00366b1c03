"""``render_mode="rgb_array"`` whatever the user's script looks like (issue 30 #4).

The offscreen table was a multiprocessing "spawn" child, which re-runs the user's main module: a
script read from standard input (as Gymnasium's check_env is often run) or one without an
``if __name__ == "__main__":`` guard left the env waiting 300 s for an answer. The table is now a
helper process running a module of ours, and a helper that dies is reported at once.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

pytest.importorskip("panda3d.core", reason="panda3d cannot load here")

SCRIPT = """
from triptych.envs import aquaignis_v0
env = aquaignis_v0.env(render_mode="rgb_array")
env.reset(seed=1)
image = env.render()
print("SHAPE", image.shape, image.dtype, int(image.std() > 5))
env.close()
"""


def _shape_line(proc: subprocess.CompletedProcess) -> str:
    lines = [line for line in proc.stdout.splitlines() if line.startswith("SHAPE")]
    assert proc.returncode == 0 and lines, proc.stdout[-2000:] + proc.stderr[-2000:]
    return lines[-1]


def test_rgb_array_from_a_script_read_on_stdin(tmp_path) -> None:
    proc = subprocess.run([sys.executable, "-"], input=SCRIPT, capture_output=True, text=True, timeout=150,
                          cwd=tmp_path)
    assert _shape_line(proc) == "SHAPE (400, 640, 3) uint8 1"


def test_rgb_array_from_a_script_without_a_main_guard(tmp_path) -> None:
    script = tmp_path / "unguarded.py"
    script.write_text(SCRIPT + 'print("BODY RAN")\n')
    proc = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=150, cwd=tmp_path)
    assert _shape_line(proc) == "SHAPE (400, 640, 3) uint8 1"
    assert proc.stdout.count("BODY RAN") == 1  # the user's script ran once, not again in a helper


def test_a_helper_that_dies_is_reported_at_once(monkeypatch) -> None:
    import triptych.aquaignis as aquaignis
    from triptych.envs import rendering

    monkeypatch.setattr(rendering, "HELPER", ["-c", "import sys; sys.exit('the table broke')"])
    monkeypatch.setattr(rendering, "ANSWER_S", 3600.0)  # only its death can end the wait
    monkeypatch.setattr(rendering, "_WORKER", None)
    with pytest.raises(RuntimeError, match="the offscreen table stopped \\(exit code 1\\): the table broke"):
        rendering.render_rgb("aquaignis", aquaignis.new_game())
    rendering._stop_worker()
