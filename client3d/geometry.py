"""Procedural meshes: boxes, prisms (hexagonal tiles, discs) and flat text.

Everything on the table is built from these few shapes, so the client needs
no model files. Each mesh has per-face normals, which the lights need to
shade the sides of a tile differently from its top.
"""

from __future__ import annotations

import math

from panda3d.core import (Geom, GeomNode, GeomTriangles, GeomVertexData, GeomVertexFormat, GeomVertexWriter,
                          NodePath, TextNode, Vec3)


_GEOMS: dict[tuple, Geom] = {}
_TEXTS: dict[tuple, object] = {}


def _cached(name: str, key: tuple, build) -> NodePath:
    """A fresh node sharing the Geom built once per shape: a table redraw makes no new vertex data."""
    geom = _GEOMS.get(key)
    if geom is None:
        geom = _GEOMS[key] = build().node().modify_geom(0)
    node = GeomNode(name)
    node.add_geom(geom)
    return NodePath(node)


class _MeshBuilder:
    def __init__(self, name: str) -> None:
        self.name = name
        self.data = GeomVertexData(name, GeomVertexFormat.get_v3n3(), Geom.UH_static)
        self.vertex = GeomVertexWriter(self.data, "vertex")
        self.normal = GeomVertexWriter(self.data, "normal")
        self.tris = GeomTriangles(Geom.UH_static)
        self.count = 0

    def polygon(self, points: list[tuple[float, float, float]], normal: tuple[float, float, float]) -> None:
        """A convex polygon, counter-clockwise seen from outside, as a triangle fan."""
        base = self.count
        for p in points:
            self.vertex.add_data3(*p)
            self.normal.add_data3(*normal)
        self.count += len(points)
        for i in range(1, len(points) - 1):
            self.tris.add_vertices(base, base + i, base + i + 1)

    def node(self) -> NodePath:
        geom = Geom(self.data)
        geom.add_primitive(self.tris)
        node = GeomNode(self.name)
        node.add_geom(geom)
        return NodePath(node)


def _build_prism(sides: int, radius: float, height: float, name: str = "prism", angle0: float = 0.0) -> NodePath:
    """A regular prism standing on z=0 (a hexagonal tile with sides=6, a disc with many sides)."""
    b = _MeshBuilder(name)
    ring = [(radius * math.cos(angle0 + 2 * math.pi * i / sides), radius * math.sin(angle0 + 2 * math.pi * i / sides))
            for i in range(sides)]
    b.polygon([(x, y, height) for x, y in ring], (0, 0, 1))
    b.polygon([(x, y, 0.0) for x, y in reversed(ring)], (0, 0, -1))
    for i in range(sides):
        (x0, y0), (x1, y1) = ring[i], ring[(i + 1) % sides]
        n = Vec3(x0 + x1, y0 + y1, 0).normalized()
        b.polygon([(x0, y0, 0), (x1, y1, 0), (x1, y1, height), (x0, y0, height)], (n.x, n.y, 0))
    return b.node()


def _build_bevel_prism(sides: int, radius: float, height: float, bevel: float, name: str = "tile",
                angle0: float = 0.0) -> NodePath:
    """A prism with its top and bottom edges chamfered by `bevel`: stacked tiles read as separate pieces
    (each joint is a dark groove under the lights) and a tile looks like a thick game piece, not a slab."""
    b = _MeshBuilder(name)
    bevel = min(bevel, height / 3, radius / 3)

    def ring(r: float) -> list[tuple[float, float]]:
        return [(r * math.cos(angle0 + 2 * math.pi * i / sides), r * math.sin(angle0 + 2 * math.pi * i / sides))
                for i in range(sides)]

    inner, outer = ring(radius - bevel), ring(radius)
    b.polygon([(x, y, height) for x, y in inner], (0, 0, 1))
    b.polygon([(x, y, 0.0) for x, y in reversed(inner)], (0, 0, -1))
    # (lower radius, lower z, upper radius, upper z, normal's z): bottom chamfer, side, top chamfer.
    bands = ((inner, 0.0, outer, bevel, -0.7), (outer, bevel, outer, height - bevel, 0.0),
             (outer, height - bevel, inner, height, 0.7))
    for low, z0, high, z1, nz in bands:
        for i in range(sides):
            j = (i + 1) % sides
            n = Vec3(low[i][0] + low[j][0], low[i][1] + low[j][1], 0).normalized() + Vec3(0, 0, nz)
            n.normalize()
            b.polygon([(*low[i], z0), (*low[j], z0), (*high[j], z1), (*high[i], z1)], (n.x, n.y, n.z))
    return b.node()


def _build_ring_outline(sides: int, radius: float, width: float, height: float, name: str = "outline",
                 angle0: float = 0.0) -> NodePath:
    """A flat polygonal frame (a hollow hexagon around a column, a cut-vertex mark): `width` wide inward
    from `radius`, `height` thick, so it outlines without hiding what it surrounds."""
    b = _MeshBuilder(name)
    inner_r = radius - width
    for i in range(sides):
        a0, a1 = angle0 + 2 * math.pi * i / sides, angle0 + 2 * math.pi * (i + 1) / sides
        o0 = (radius * math.cos(a0), radius * math.sin(a0))
        o1 = (radius * math.cos(a1), radius * math.sin(a1))
        i0 = (inner_r * math.cos(a0), inner_r * math.sin(a0))
        i1 = (inner_r * math.cos(a1), inner_r * math.sin(a1))
        b.polygon([(*i0, height), (*o0, height), (*o1, height), (*i1, height)], (0, 0, 1))
        n = Vec3(o0[0] + o1[0], o0[1] + o1[1], 0).normalized()
        b.polygon([(*o0, 0), (*o1, 0), (*o1, height), (*o0, height)], (n.x, n.y, 0))
    return b.node()


def side_label(text: str, scale: float, color, face_angle: float, distance: float, z: float,
               name: str = "side-label") -> NodePath:
    """Text standing on a prism's side face whose outward normal points at `face_angle` (radians), set
    `distance` out from the axis at height `z`: readable from the side even when the top is covered."""
    np = label(text, scale, color, flat=False, name=name)
    np.set_h(math.degrees(face_angle) + 90)   # the text's front (-y) turned to face outward
    np.set_pos(distance * math.cos(face_angle), distance * math.sin(face_angle), z - scale * 0.35)
    np.set_two_sided(False)
    return np


def _build_box(sx: float, sy: float, sz: float, name: str = "box") -> NodePath:
    """A box centred on x and y, standing on z=0."""
    b = _MeshBuilder(name)
    x, y = sx / 2, sy / 2
    b.polygon([(-x, -y, sz), (x, -y, sz), (x, y, sz), (-x, y, sz)], (0, 0, 1))
    b.polygon([(-x, y, 0), (x, y, 0), (x, -y, 0), (-x, -y, 0)], (0, 0, -1))
    b.polygon([(-x, -y, 0), (x, -y, 0), (x, -y, sz), (-x, -y, sz)], (0, -1, 0))
    b.polygon([(x, y, 0), (-x, y, 0), (-x, y, sz), (x, y, sz)], (0, 1, 0))
    b.polygon([(x, -y, 0), (x, y, 0), (x, y, sz), (x, -y, sz)], (1, 0, 0))
    b.polygon([(-x, y, 0), (-x, -y, 0), (-x, -y, sz), (-x, y, sz)], (-1, 0, 0))
    return b.node()


def _build_cone(radius: float, height: float, sides: int = 12, name: str = "cone") -> NodePath:
    """A pointed cone on z=0 (crown spikes, markers)."""
    b = _MeshBuilder(name)
    ring = [(radius * math.cos(2 * math.pi * i / sides), radius * math.sin(2 * math.pi * i / sides))
            for i in range(sides)]
    b.polygon([(x, y, 0.0) for x, y in reversed(ring)], (0, 0, -1))
    for i in range(sides):
        (x0, y0), (x1, y1) = ring[i], ring[(i + 1) % sides]
        n = Vec3(x0 + x1, y0 + y1, radius).normalized()
        b.polygon([(x0, y0, 0), (x1, y1, 0), (0, 0, height)], (n.x, n.y, n.z))
    return b.node()


def prism(sides: int, radius: float, height: float, name: str = "prism", angle0: float = 0.0) -> NodePath:
    """A regular prism standing on z=0 (a hexagonal tile with sides=6, a disc with many sides)."""
    return _cached(name, ("prism", sides, radius, height, angle0), lambda: _build_prism(sides, radius, height, name,
                                                                                         angle0))


def bevel_prism(sides: int, radius: float, height: float, bevel: float, name: str = "tile",
                angle0: float = 0.0) -> NodePath:
    """A prism with chamfered top and bottom edges (see `_build_bevel_prism`)."""
    return _cached(name, ("bevel", sides, radius, height, bevel, angle0),
                   lambda: _build_bevel_prism(sides, radius, height, bevel, name, angle0))


def box(sx: float, sy: float, sz: float, name: str = "box") -> NodePath:
    """A box centred on x and y, standing on z=0."""
    return _cached(name, ("box", sx, sy, sz), lambda: _build_box(sx, sy, sz, name))


def cone(radius: float, height: float, sides: int = 12, name: str = "cone") -> NodePath:
    """A pointed cone on z=0 (crown spikes, markers)."""
    return _cached(name, ("cone", radius, height, sides), lambda: _build_cone(radius, height, sides, name))


def ring_outline(sides: int, radius: float, width: float, height: float, name: str = "outline",
                 angle0: float = 0.0) -> NodePath:
    """A flat polygonal frame (see `_build_ring_outline`)."""
    return _cached(name, ("ring", sides, radius, width, height, angle0),
                   lambda: _build_ring_outline(sides, radius, width, height, name, angle0))


def label(text: str, scale: float = 0.3, color=(1, 1, 1, 1), flat: bool = True, name: str = "label") -> NodePath:
    """Text for the table: lying flat (on a top face) or standing up, centred."""
    key = (text, tuple(color))
    if key not in _TEXTS:
        tn = TextNode(name)
        tn.set_text(text)
        tn.set_align(TextNode.A_center)
        tn.set_text_color(*color)
        _TEXTS[key] = tn.generate()
    np = NodePath(_TEXTS[key].copy_subgraph())
    np.set_name(name)
    np.set_scale(scale)
    np.set_light_off()  # text stays readable whatever the lighting
    if flat:
        np.set_p(-90)
    np.set_two_sided(True)
    return np


# Highlights are neutral: never a player's colour (a target would look like one of theirs) nor the Cores' or
# crowns' gold (a Core would vanish under it). White frames the targets, pale cream the selected piece.
SELECTED = (1.0, 0.96, 0.74, 1)
TARGET = (1.0, 1.0, 1.0, 1)
