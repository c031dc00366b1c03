"""``render_mode="rgb_array"``: the position drawn by the 3D client offscreen (software renderer).

Panda3D allows one ShowBase per process, so every env of a process shares one offscreen table, which
switches game when asked to draw another.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

import numpy as np

_TABLE: Any = None
SIZE = (640, 400)


def render_rgb(game: str, state: Any, variant: str | None = None) -> np.ndarray:
    """An (height, width, 3) uint8 image of ``state`` on the table."""
    global _TABLE
    from triptych.client3d.app import ClientOptions, TabletopApp

    if _TABLE is None:
        _TABLE = TabletopApp(ClientOptions(game=game, variant=variant, offscreen=True, size=SIZE, fixed_clock=True,
                                           anim_speed=1000.0))
    app = _TABLE
    if app.options.game != game or (variant is not None and app.options.variant != variant):
        app.options.game, app.options.variant = game, variant
        app.start_game(game, variant=variant)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "position.json"
        path.write_text(json.dumps(state.to_dict()))
        app.load(path)
    app.run_until_idle(strict=False)
    app.camera.snap()
    app.step(2)
    texture = app.base.win.get_screenshot()
    data = np.frombuffer(bytes(texture.get_ram_image_as("RGB")), dtype=np.uint8)
    image = data.reshape(texture.get_y_size(), texture.get_x_size(), 3)
    return np.ascontiguousarray(image[::-1])  # Panda3D's rows run bottom-up
