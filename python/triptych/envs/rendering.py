"""``render_mode="rgb_array"``: the position drawn by the 3D client offscreen (software renderer).

Panda3D allows one ShowBase per process, and the process an env lives in may hold its own (a client, a
test), so the table is drawn in a helper process of its own, started on the first rgb_array render and
shared by every env of the process: it receives a position as the engine's dict and answers the image.
"""

from __future__ import annotations

import atexit
import json
import multiprocessing
import tempfile
from pathlib import Path
from typing import Any

import numpy as np

SIZE = (640, 400)
_WORKER: tuple[Any, Any] | None = None  # (process, connection)


def render_rgb(game: str, state: Any, variant: str | None = None) -> np.ndarray:
    """An (height, width, 3) uint8 image of ``state`` on the table."""
    global _WORKER
    if _WORKER is None or not _WORKER[0].is_alive():
        context = multiprocessing.get_context("spawn")
        ours, theirs = context.Pipe()
        process = context.Process(target=_serve, args=(theirs,), daemon=True, name="triptych-table")
        process.start()
        _WORKER = (process, ours)
        atexit.register(_stop_worker)
    process, connection = _WORKER
    connection.send((game, variant, state.to_dict()))
    if not connection.poll(300):
        raise RuntimeError("the offscreen table did not answer within 300 s")
    status, payload = connection.recv()
    if status != "ok":
        raise RuntimeError(f"the offscreen table failed: {payload}")
    return payload


def _stop_worker() -> None:
    global _WORKER
    if _WORKER is not None:
        process, connection = _WORKER
        try:
            connection.send(None)
        except (BrokenPipeError, OSError):
            pass
        process.join(timeout=5)
        if process.is_alive():
            process.kill()
        _WORKER = None


def _serve(connection: Any) -> None:
    """The helper process: one table, drawing each position it is sent."""
    table: dict[str, Any] = {}
    while True:
        try:
            message = connection.recv()
        except EOFError:
            return
        if message is None:
            return
        try:
            connection.send(("ok", _draw(table, *message)))
        except Exception as err:  # noqa: BLE001 -- report to the env, keep serving
            connection.send(("err", f"{type(err).__name__}: {err}"))


def _draw(table: dict[str, Any], game: str, variant: str | None, data: dict[str, Any]) -> np.ndarray:
    from triptych.client3d.app import ClientOptions, TabletopApp

    if "app" not in table:
        table["app"] = TabletopApp(ClientOptions(game=game, variant=variant, offscreen=True, size=SIZE,
                                                 fixed_clock=True, anim_speed=1000.0))
    app = table["app"]
    if app.options.game != game or (variant is not None and app.options.variant != variant):
        app.options.game, app.options.variant = game, variant
        app.start_game(game, variant=variant)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "position.json"
        path.write_text(json.dumps(data))
        app.load(path)
    app.run_until_idle(strict=False)
    app.camera.snap()
    app.step(2)
    texture = app.base.win.get_screenshot()
    pixels = np.frombuffer(bytes(texture.get_ram_image_as("RGB")), dtype=np.uint8)
    image = pixels.reshape(texture.get_y_size(), texture.get_x_size(), 3)
    return np.ascontiguousarray(image[::-1])  # Panda3D's rows run bottom-up
