"""An orbit camera around a point on the table: orbit, zoom, pan, reset.

The mouse and keys move *goal* values; every frame the camera eases toward
them, so motion is smooth whatever the input rate. Right-drag orbits,
middle-drag (or shift+right-drag) pans, the wheel zooms; arrows orbit,
+/- zoom, W/A/S/D pan, Home or V resets the view.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from panda3d.core import Point3, Vec3


@dataclass
class View:
    heading: float = 0.0      # degrees around the table (0: sitting at the bottom edge, looking up)
    pitch: float = 50.0       # degrees above the table
    distance: float = 14.0
    target: tuple[float, float, float] = (0.0, 0.0, 0.0)


class OrbitCamera:
    EASE = 10.0  # 1/s: how fast the camera closes the gap to its goal

    def __init__(self, base, home: View) -> None:
        self.base = base
        self.home = home
        self.goal = View(home.heading, home.pitch, home.distance, home.target)
        self.now = View(home.heading, home.pitch, home.distance, home.target)
        self._drag: tuple[str, float, float] | None = None
        base.disable_mouse()  # we drive the camera ourselves
        self._apply()
        base.task_mgr.add(self._update, "orbit-camera", sort=40)
        for key, handler in (("mouse3", lambda: self._start_drag("orbit")), ("mouse3-up", self._end_drag),
                             ("shift-mouse3", lambda: self._start_drag("pan")), ("shift-mouse3-up", self._end_drag),
                             ("mouse2", lambda: self._start_drag("pan")), ("mouse2-up", self._end_drag),
                             ("wheel_up", lambda: self.zoom(0.88)), ("wheel_down", lambda: self.zoom(1 / 0.88)),
                             ("home", self.reset), ("v", self.reset),
                             ("arrow_left", lambda: self.orbit(-15, 0)), ("arrow_right", lambda: self.orbit(15, 0)),
                             ("arrow_up", lambda: self.orbit(0, 8)), ("arrow_down", lambda: self.orbit(0, -8)),
                             ("+", lambda: self.zoom(0.85)), ("=", lambda: self.zoom(0.85)),
                             ("-", lambda: self.zoom(1 / 0.85)),
                             ("w", lambda: self.pan(0, 1)), ("s", lambda: self.pan(0, -1)),
                             ("a", lambda: self.pan(-1, 0)), ("d", lambda: self.pan(1, 0))):
            base.accept(key, handler)
            if not key.startswith(("mouse", "wheel", "shift")):
                base.accept(key + "-repeat", handler)  # held keys keep moving

    # -- goal changes (input) ---------------------------------------------------------------------------
    def orbit(self, d_heading: float, d_pitch: float) -> None:
        self.goal.heading += d_heading
        self.goal.pitch = min(88.0, max(12.0, self.goal.pitch + d_pitch))

    def zoom(self, factor: float) -> None:
        self.goal.distance = min(40.0, max(4.0, self.goal.distance * factor))

    def pan(self, right: float, forward: float) -> None:
        """Moves the target along the table, relative to where the camera faces."""
        h = math.radians(self.goal.heading)
        step = self.goal.distance * 0.06
        dx = (right * math.cos(h) - forward * math.sin(h)) * step
        dy = (right * math.sin(h) + forward * math.cos(h)) * step
        x, y, z = self.goal.target
        self.goal.target = (x + dx, y + dy, z)

    def reset(self) -> None:
        self.goal = View(self.home.heading, self.home.pitch, self.home.distance, self.home.target)

    def snap(self) -> None:
        """Jumps to the goal at once (screenshots, tests)."""
        self.now = View(self.goal.heading, self.goal.pitch, self.goal.distance, self.goal.target)
        self._apply()

    # -- mouse drags ------------------------------------------------------------------------------------
    def _start_drag(self, kind: str) -> None:
        if self.base.mouseWatcherNode.has_mouse():
            m = self.base.mouseWatcherNode.get_mouse()
            self._drag = (kind, m.x, m.y)

    def _end_drag(self) -> None:
        self._drag = None

    def _follow_drag(self) -> None:
        if self._drag is None or not self.base.mouseWatcherNode.has_mouse():
            return
        kind, x0, y0 = self._drag
        m = self.base.mouseWatcherNode.get_mouse()
        dx, dy = m.x - x0, m.y - y0
        if kind == "orbit":
            self.orbit(-dx * 120, -dy * 60)
        else:
            self.pan(-dx * 8, -dy * 8)
        self._drag = (kind, m.x, m.y)

    # -- per frame ---------------------------------------------------------------------------------------
    def _update(self, task):
        self._follow_drag()
        dt = min(0.1, self.base.clock.get_dt())
        k = 1.0 - math.exp(-self.EASE * dt)
        n, g = self.now, self.goal
        n.heading += (g.heading - n.heading) * k
        n.pitch += (g.pitch - n.pitch) * k
        n.distance += (g.distance - n.distance) * k
        n.target = tuple(a + (b - a) * k for a, b in zip(n.target, g.target))
        self._apply()
        return task.cont

    def _apply(self) -> None:
        n = self.now
        h, p = math.radians(n.heading), math.radians(n.pitch)
        target = Point3(*n.target)
        offset = Vec3(math.sin(h) * math.cos(p), -math.cos(h) * math.cos(p), math.sin(p)) * n.distance
        self.base.camera.set_pos(target + offset)
        self.base.camera.look_at(target)


def frame_lens(lens, size: tuple[int, int], extent: tuple[float, float],
               rect: tuple[float, float, float, float], min_fov: float) -> None:
    """Aims `lens` so the scene fills `rect` (aspect2d units) of a window of `size` pixels, as if that rectangle
    were the whole window with `min_fov` across its smaller side: a film offset moves the centre of projection
    there. Rendering and picking share the lens, so clicks still land where things are drawn."""
    w, h = size
    X, Y = extent
    left, right, bottom, top = rect
    pw, ph = (right - left) / (2 * X) * w, (top - bottom) / (2 * Y) * h
    if pw < 50 or ph < 50:
        return  # no room worth framing: leave the lens as it is
    cx, cy = (left + right) / 2 / X * w / 2, (top + bottom) / 2 / Y * h / 2
    lens.set_film_size(w, h)
    lens.set_focal_length((min(pw, ph) / 2) / math.tan(math.radians(min_fov) / 2))
    lens.set_film_offset(-cx, -cy)


def fit_bounds(base, lens, size: tuple[int, int], extent: tuple[float, float],
               rect: tuple[float, float, float, float], nodes: list, home: View, margin: float = 0.94) -> None:
    """After ``frame_lens``: sets the focal length so everything in `nodes` (a view's board and trays), seen
    from the `home` view, fills `rect` without leaving it: the board as large as the free space allows, its
    trays whole. The lens's film offset (the rect's centre) stays."""
    from panda3d.core import NodePath, Point3 as P3

    w, h = size
    X, Y = extent
    left, right, bottom, top = rect
    pw, ph = (right - left) / (2 * X) * w, (top - bottom) / (2 * Y) * h
    if pw < 50 or ph < 50:
        return
    # The camera as it stands at the home view (not wherever the player has orbited to).
    eye = NodePath("framing-eye")
    hd, p = math.radians(home.heading), math.radians(home.pitch)
    target = P3(*home.target)
    eye.set_pos(target + Vec3(math.sin(hd) * math.cos(p), -math.cos(hd) * math.cos(p), math.sin(p)) * home.distance)
    eye.look_at(target)
    f_best = None
    for node in nodes:
        if node is None or node.is_empty():
            continue
        bounds = node.get_tight_bounds(base.render)
        if not bounds:
            continue
        lo, hi = bounds
        for cx in (lo.x, hi.x):
            for cy in (lo.y, hi.y):
                for cz in (lo.z, hi.z):
                    q = eye.get_relative_point(base.render, P3(cx, cy, cz))
                    if q.y <= 0.1:
                        continue  # behind the camera: not framable
                    for along, half in ((q.x / q.y, pw / 2), (q.z / q.y, ph / 2)):
                        if abs(along) > 1e-6:
                            f = margin * half / abs(along)
                            f_best = f if f_best is None else min(f_best, f)
    eye.remove_node()
    if f_best is not None:
        lens.set_focal_length(f_best)
