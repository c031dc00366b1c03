"""The client in a real window: an X server (Xvfb) and the OpenGL renderer, not the offscreen software path.

A fresh process (one Panda3D window per process) opens the table on Xvfb,
moves the real X pointer over AquaIgnis's entry slots (Panda warps the
pointer in its window; the click handler picks from where the mouse really
is), plays AQUA's two-action turn and checks the rendered frames: the
renderer is OpenGL, the frame is not blank, and the pixels changed where the
pieces landed. Skipped where Xvfb is missing (CI installs it: .ci/run).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest

pytest.importorskip("panda3d.core", reason="panda3d cannot load here")

SCRIPT = r'''
import json, sys
from panda3d.core import PNMImage
from triptych.client3d.app import ClientOptions, TabletopApp
from triptych.client3d.picking import pixel_of, screen_point

app = TabletopApp(ClientOptions(game="aquaignis", size=(960, 600), fixed_clock=True, seed=1,
                                settings_path=sys.argv[1]))
app.run_until_idle()
app.step(5)
report = {"renderer": app.base.win.get_gsg().get_driver_renderer(), "pipe": app.base.pipe.get_type().get_name(),
          "window": [app.base.win.get_x_size(), app.base.win.get_y_size()]}

def frame():
    app.step(2)
    image = PNMImage()
    assert app.base.win.get_screenshot(image)
    return image

def real_click(node):
    """Moves the X pointer onto `node` and clicks there, as the mouse1 handler does."""
    x, y = pixel_of(app.base, screen_point(app.base, node))
    app.base.win.move_pointer(0, x, y)
    app.step(3)                                   # the mouse watcher sees the pointer where it really is
    mw = app.base.mouseWatcherNode
    report.setdefault("pointer", []).append([round(mw.get_mouse().x, 3), round(mw.get_mouse().y, 3)])
    app.on_click()
    return x, y

before = frame()
spots = []
for flow in (3, 5):
    slot = app.view.nodes[f"slot:{flow}:0"]
    spots.append(real_click(slot))
    report.setdefault("selected", []).append(app.selected)
    app.hud.press(f"action:Spawn on flow {flow}")
    app.run_until_idle()
after = frame()

def grey(image, x, y):
    return sum(image.get_xel(x, y)) / 3

def changed(x, y, r=6):
    return sum(abs(grey(after, x + dx, y + dy) - grey(before, x + dx, y + dy))
               for dx in range(-r, r + 1, 3) for dy in range(-r, r + 1, 3))

# The file dialog takes the keyboard (typed names never pan the camera) and gives it back.
thrower = app.base.buttonThrowers[0].node()
app.hud.press("Save")
report["prefix"] = [thrower.get_prefix()]
app.hud.press("dialog:Cancel")
app.step(1)
report["prefix"].append(thrower.get_prefix())

w, h = after.get_x_size(), after.get_y_size()
values = [grey(after, x, y) for x in range(0, w, 16) for y in range(0, h, 16)]
report.update(changed=[changed(x, y) for x, y in spots], spread=max(values) - min(values),
              pieces=sorted(map(list, app.view.units)), to_move=app.session.state.to_move)
print("REPORT " + json.dumps(report))
app.close()
'''


@pytest.mark.skipif(shutil.which("xvfb-run") is None, reason="Xvfb (xvfb-run) is not installed")
def test_an_aquaignis_turn_in_a_real_opengl_window(tmp_path):
    proc = subprocess.run(["xvfb-run", "-a", "-s", "-screen 0 1280x800x24", sys.executable, "-c", SCRIPT,
                           str(tmp_path / "settings.json")], capture_output=True, text=True, timeout=240)
    lines = [line for line in proc.stdout.splitlines() if line.startswith("REPORT ")]
    assert proc.returncode == 0 and lines, proc.stdout[-3000:] + proc.stderr[-3000:]
    report = json.loads(lines[-1][len("REPORT "):])
    assert "gl" in report["pipe"].lower() and "tiny" not in report["pipe"].lower()   # glxGraphicsPipe: OpenGL
    assert report["window"] == [960, 600]
    assert report["selected"] == ["slot:3:0", "slot:5:0"]       # the real pointer's clicks picked the slots
    assert report["pieces"] == [[3, 0], [5, 0]] and report["to_move"] == 1   # AQUA's turn is over
    assert report["prefix"] == ["dialog-", ""]
    assert report["spread"] > 0.3                                  # a drawn table, not a blank frame
    assert all(c > 2.0 for c in report["changed"]), report["changed"]   # pixels changed where each piece landed
