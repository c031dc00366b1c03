"""Real 3D dice: a cube per die with pips (the number die) or element plates
(the element die) on its six faces, thrown onto the table, bouncing and
tumbling to rest on the face the engine's chance outcome chose.

Face i of a die sits on one of the cube's six sides (FACE_NORMALS[i]). To land
on face i the die rolls through a few random-looking turns and ends at the
orientation that points that side up; :func:`face_up` reads back which face
is up, so tests can check the die shows the engine's result.
"""

from __future__ import annotations

import random
from typing import Any

from direct.interval.IntervalGlobal import Func, LerpHprInterval, LerpPosInterval, Parallel, Sequence
from panda3d.core import NodePath, Point3, Vec3

from triptych.client3d.geometry import box, label, prism

FACE_NORMALS = ((0, 0, 1), (0, 0, -1), (1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0))
# Orientations that bring each local side up (checked numerically in _up_hpr).
_CANDIDATES = ((0, 0, 0), (0, 180, 0), (0, 0, 90), (0, 0, -90), (0, 90, 0), (0, -90, 0))
PIPS = {"1": ((0, 0),), "2": ((-1, 1), (1, -1)), "3": ((-1, 1), (0, 0), (1, -1)),
        "4": ((-1, 1), (1, 1), (-1, -1), (1, -1)), "5": ((-1, 1), (1, 1), (0, 0), (-1, -1), (1, -1)),
        "6": ((-1, 1), (1, 1), (-1, 0), (1, 0), (-1, -1), (1, -1))}
ELEMENT_COLORS = {"agni": (1.0, 0.4, 0.15, 1), "jal": (0.2, 0.55, 1.0, 1), "vayu": (0.75, 0.95, 0.85, 1),
                  "prithvi": (0.65, 0.5, 0.25, 1), "akasha": (0.85, 0.7, 1.0, 1), "blank": (0.55, 0.55, 0.55, 1)}


def _up_hpr(base_np: NodePath, normal: tuple[int, int, int]) -> tuple[float, float, float]:
    probe = base_np.attach_new_node("probe")
    try:
        for hpr in _CANDIDATES:
            probe.set_hpr(*hpr)
            v = base_np.get_relative_vector(probe, Vec3(*normal))
            if v.z > 0.99:
                return hpr
    finally:
        probe.remove_node()
    raise AssertionError("no orientation brings that side up")


class Die:
    SIZE = 0.9

    def __init__(self, parent: NodePath, faces: list[str], body_color, pos: tuple[float, float, float],
                 name: str = "die") -> None:
        self.faces = list(faces)
        self.parent = parent
        self.node = parent.attach_new_node(name)
        self.node.set_pos(pos[0], pos[1], pos[2] + self.SIZE / 2)
        self.home = Point3(pos[0], pos[1], pos[2] + self.SIZE / 2)
        cube = box(self.SIZE, self.SIZE, self.SIZE, "die-body")
        cube.set_z(-self.SIZE / 2)
        cube.set_color(*body_color)
        cube.reparent_to(self.node)
        self.labels: list[tuple[str, NodePath]] = []
        for face, normal in zip(self.faces, FACE_NORMALS):
            holder = self.node.attach_new_node(f"face-{face}")
            # Orient a holder so its +Z is the side's outward normal, then lay the face's mark on it.
            holder.set_hpr(*_inverse(_up_hpr(self.node, normal), self.node))
            self.labels.append((face, self._face_mark(face, holder, body_color)))
        self.rng = random.Random(len(faces))

    def _face_mark(self, face: str, holder: NodePath, body_color) -> NodePath:
        """The mark on one side: pips for a number, a coloured plate with its name for an element.

        A blank face says so: an unmarked top let the eye read a side face instead (AGNI, "1").
        """
        mark = holder.attach_new_node(f"mark-{face}")
        mark.set_z(self.SIZE / 2 + 0.004)
        ink = (0.08, 0.08, 0.1, 1)
        if face in PIPS:
            step = self.SIZE * 0.26
            for dx, dy in PIPS[face]:
                pip = prism(16, self.SIZE * 0.085, 0.012, "pip")
                pip.set_pos(dx * step, dy * step, 0)
                pip.set_color(*(ink if face != "1" else (0.75, 0.08, 0.08, 1)))
                pip.reparent_to(mark)
            return mark
        if face != "blank":
            plate = box(self.SIZE * 0.78, self.SIZE * 0.78, 0.012, "element-plate")
            plate.set_color(*ELEMENT_COLORS.get(face, (0.6, 0.6, 0.6, 1)))
            plate.reparent_to(mark)
            ink = (0.05, 0.05, 0.07, 1)
        text = "BLANK" if face == "blank" else face.upper() if not face.isdigit() else face
        t = label(text, 0.2 if not face.isdigit() else 0.42, ink if face != "blank" else (0.15, 0.15, 0.18, 1))
        t.set_pos(0, -0.06 if face.isdigit() else -0.05, 0.016)
        t.reparent_to(mark)
        return mark

    def show_face(self, face: str) -> None:
        """At rest on `face`: only that face is marked, so the die reads as exactly what was rolled."""
        self.node.set_hpr(*self._hpr_for(face))
        self.node.clear_color_scale()
        top = self.faces.index(face)
        for i, (_, node) in enumerate(self.labels):
            node.show() if i == top else node.hide()

    def show_unrolled(self) -> None:
        """Not rolled this turn: a plain, dimmed die with no face marked (it shows no result)."""
        for _, node in self.labels:
            node.hide()
        self.node.set_color_scale(0.55, 0.55, 0.6, 1)

    def show_all_faces(self) -> None:
        for _, node in self.labels:
            node.show()

    def visible_faces(self) -> list[str]:
        """The faces whose marks are drawn now."""
        return [face for face, node in self.labels if not node.is_hidden()]

    def _hpr_for(self, face: str) -> tuple[float, float, float]:
        index = self.faces.index(face)
        return _up_hpr(self.parent, FACE_NORMALS[index])

    def tumble(self, face: str, duration: float = 1.1) -> Sequence:
        """Thrown in from the player's side, spinning, bouncing twice and coming to rest on `face`."""
        h, p, r = self._hpr_for(face)
        spins = (360 * self.rng.choice((1, 2)), 360 * self.rng.choice((1, 2)), 360 * self.rng.choice((-1, 1)))
        start = (h - spins[0], p - spins[1], r - spins[2])
        home = self.home
        throw_from = home + Point3(-1.4 + self.rng.uniform(-0.3, 0.3), -2.2, 0.4)
        first, second = home + Point3(-0.45, -0.6, 0), home + Point3(-0.12, -0.15, 0)
        d = duration

        def arc(a: Point3, b: Point3, height: float, t: float) -> Sequence:
            top = Point3((a.x + b.x) / 2, (a.y + b.y) / 2, max(a.z, b.z) + height)
            return Sequence(LerpPosInterval(self.node, t / 2, top, blendType="easeOut"),
                            LerpPosInterval(self.node, t / 2, b, blendType="easeIn"))

        return Sequence(
            Func(self.node.clear_color_scale),
            Func(self.show_all_faces),
            Func(self.node.set_pos, throw_from),
            LerpHprInterval(self.node, 0.0, start),
            Parallel(LerpHprInterval(self.node, d * 0.85, (h, p, r), blendType="easeOut"),
                     Sequence(arc(throw_from, first, 1.7, d * 0.45), arc(first, second, 0.55, d * 0.27),
                              arc(second, home, 0.16, d * 0.13), LerpPosInterval(self.node, d * 0.15, home))),
            Func(self.show_face, face))

    def face_up(self) -> str:
        """The face currently on top."""
        best, up = None, -2.0
        for face, normal in zip(self.faces, FACE_NORMALS):
            z = self.parent.get_relative_vector(self.node, Vec3(*normal)).z
            if z > up:
                best, up = face, z
        return best


def _inverse(hpr: tuple[float, float, float], ref: NodePath) -> tuple[float, float, float]:
    """The rotation that takes local +Z to the side that `hpr` would bring up (the inverse rotation)."""
    probe = ref.attach_new_node("inv")
    probe.set_hpr(*hpr)
    q = probe.get_quat()
    probe.set_quat(q.conjugate())
    out = probe.get_hpr()
    probe.remove_node()
    return out.x, out.y, out.z


def faces_of(number_faces: list[Any], element_faces: list[Any]) -> tuple[list[str], list[str]]:
    return [str(f) for f in number_faces], [str(f) for f in element_faces]
