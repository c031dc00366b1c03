"""``render_mode="rgb_array"``: the position drawn by the 3D client offscreen (software renderer).

Panda3D allows one ShowBase per process, and the process an env lives in may hold its own (a client, a
test), so the table is drawn in a helper process of its own, started on the first rgb_array render and
shared by every env of the process: it receives a position as the engine's dict and answers the image.
The helper runs a module of ours, so it does not depend on how the user's script is written.
"""

from __future__ import annotations

import atexit
import json
import os
import subprocess
import sys
import tempfile
import time
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import numpy as np

SIZE = (640, 400)
ANSWER_S = 300.0  # a live table that has not answered in this long is stuck
HELPER = ["-m", "triptych.envs.rendering"]  # what the helper process runs (with the socket's fd)
_WORKER: _Table | None = None


class _Table:
    """The helper process: ``python -m triptych.envs.rendering FD``, a module of ours.

    Not a multiprocessing child: a "spawn" child re-runs the user's main
    module, which fails for a script read from standard input (``python - <
    script.py``) and re-runs a script without an ``if __name__ == "__main__":``
    guard, and the parent then waited out its whole timeout. The helper talks
    over a socket of its own (Panda3D may print on stdout) and its standard
    error goes to a file, quoted when it dies.
    """

    def __init__(self) -> None:
        import socket

        ours, theirs = socket.socketpair()
        self.errors = tempfile.TemporaryFile()
        package_root = str(Path(__file__).resolve().parents[2])  # the folder holding the triptych package
        env = dict(os.environ, PYTHONPATH=os.pathsep.join([package_root, *filter(None, [os.environ.get("PYTHONPATH")])]))
        self.process = subprocess.Popen([sys.executable, *HELPER, str(theirs.fileno())],
                                        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=self.errors,
                                        pass_fds=[theirs.fileno()], env=env)
        theirs.close()
        self.connection = Connection(ours.detach())

    def alive(self) -> bool:
        return self.process.poll() is None

    def ask(self, message: Any) -> Any:
        """Sends ``message`` and waits for the answer, noticing at once if the helper dies."""
        try:
            self.connection.send(message)
        except OSError:
            pass  # a dead helper: said below
        deadline = time.monotonic() + ANSWER_S
        while not self.connection.poll(0.05):
            if not self.alive():
                break  # its end of the socket is closed: recv() below says so at once
            if time.monotonic() > deadline:
                raise RuntimeError(f"the offscreen table did not answer within {ANSWER_S:.0f} s")
        try:
            return self.connection.recv()
        except (EOFError, OSError):
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                pass
            raise RuntimeError(f"the offscreen table stopped (exit code {self.process.returncode}): "
                               f"{self.last_words()}") from None

    def last_words(self) -> str:
        self.errors.seek(0)
        text = self.errors.read().decode("utf-8", "replace").strip()
        return text.splitlines()[-1] if text else "no message"

    def stop(self) -> None:
        try:
            self.connection.send(None)
        except OSError:
            pass
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.connection.close()
        self.errors.close()


def render_rgb(game: str, state: Any, variant: str | None = None) -> np.ndarray:
    """An (height, width, 3) uint8 image of ``state`` on the table."""
    global _WORKER
    if _WORKER is None or not _WORKER.alive():
        if _WORKER is None:
            atexit.register(_stop_worker)
        _WORKER = _Table()
    status, payload = _WORKER.ask((game, variant, state.to_dict()))
    if status != "ok":
        raise RuntimeError(f"the offscreen table failed: {payload}")
    return payload


def _stop_worker() -> None:
    global _WORKER
    if _WORKER is not None:
        _WORKER.stop()
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


if __name__ == "__main__":  # the helper process (see _Table)
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the env's process decides what Ctrl-C means
    _serve(Connection(int(sys.argv[1])))
