"""`triptych play` as a user types it: the window, the offscreen screenshot, no display."""

from __future__ import annotations

import subprocess
import sys

import pytest
from click.testing import CliRunner

from triptych.cli import main

pytest.importorskip("panda3d.core", reason="panda3d cannot load here")


def test_without_a_display_play_says_how_to_proceed(monkeypatch):
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    result = CliRunner().invoke(main, ["play", "aquaignis"])
    assert result.exit_code != 0
    assert "No display" in result.output and "--offscreen" in result.output and "--terminal" in result.output
    assert "Traceback" not in result.output and not isinstance(result.exception, (TypeError, AttributeError))


def test_screenshot_needs_offscreen():
    result = CliRunner().invoke(main, ["play", "aquaignis", "--screenshot", "x.png"])
    assert result.exit_code != 0 and "--offscreen" in result.output


def _png_size(path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def test_offscreen_screenshot_after_ai_moves(tmp_path):
    """The documented command, in a fresh process (one Panda3D window per process)."""
    out = tmp_path / "a.png"
    code = ("import sys; from triptych.cli import main; sys.argv = ['triptych'] + sys.argv[1:]; main()")
    proc = subprocess.run([sys.executable, "-c", code, "play", "aquaignis", "--offscreen", "--screenshot", str(out),
                           "--ai-moves", "4", "--size", "480x300", "--seed", "1"],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert _png_size(out) == (480, 300)
    assert "Known pipe types" not in proc.stdout + proc.stderr  # no Panda3D start-up listing
    from panda3d.core import PNMImage

    image = PNMImage(str(out))
    pixels = [image.get_xel(x, y) for x in range(0, 480, 4) for y in range(0, 300, 4)]
    assert len({tuple(round(c, 1) for c in p) for p in pixels}) > 8  # a drawn table, not a blank frame
    assert any(p[2] > 0.7 and p[0] < 0.35 for p in pixels)   # AQUA's blue pieces are on it
    assert any(p[0] > 0.7 and p[2] < 0.3 for p in pixels)    # and IGNIS's red ones
