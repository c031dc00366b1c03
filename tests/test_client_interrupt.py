"""Ctrl-C in the 3D client's window exits 130, as every other command does (issue 30 #1: it exited 0).

Panda3D's task manager catches Ctrl-C, stops and returns as a closed window does. A fresh process on
Xvfb opens the table through the command line and sends itself SIGINT once frames are being drawn.
"""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

pytest.importorskip("panda3d.core", reason="panda3d cannot load here")

SCRIPT = r'''
import os, signal
from triptych.client3d import app as client_app

class Interrupted(client_app.TabletopApp):
    def __init__(self, options):
        super().__init__(options)
        frames = [0]
        def press_ctrl_c(task):
            frames[0] += 1
            if frames[0] == 20:
                os.kill(os.getpid(), signal.SIGINT)
            return task.cont
        self.base.taskMgr.add(press_ctrl_c, "press-ctrl-c")

client_app.TabletopApp = Interrupted
from triptych.cli import main
main(["play", "aquaignis", "--size", "640x400"])
'''


@pytest.mark.skipif(shutil.which("xvfb-run") is None, reason="Xvfb (xvfb-run) is not installed")
def test_ctrl_c_in_the_window_exits_130(tmp_path) -> None:
    proc = subprocess.run(["xvfb-run", "-a", "-s", "-screen 0 1280x800x24", sys.executable, "-c", SCRIPT],
                          capture_output=True, text=True, timeout=240, cwd=tmp_path, env=None)
    assert proc.returncode == 130, proc.stdout[-2000:] + proc.stderr[-2000:]
    assert "Interrupted." in proc.stderr
    assert "Traceback" not in proc.stderr
