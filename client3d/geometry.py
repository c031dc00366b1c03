"""Procedural meshes: boxes, prisms (hexagonal tiles, discs) and flat text.

Everything on the table is built from these few shapes, so the client needs
no model files. Each mesh has per-face normals, which the lights need to
shade the sides of a tile differently from its top.
"""

from __future__ import annotations

import math

from panda3d.core import (Geom, GeomNode, GeomTriangles, GeomVertexData, GeomVertexFormat, GeomVertexWriter,
                          NodePath, TextNode, Vec3)


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


def prism(sides: int, radius: float, height: float, name: str = "prism", angle0: float = 0.0) -> NodePath:
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


def box(sx: float, sy: float, sz: float, name: str = "box") -> NodePath:
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


def cone(radius: float, height: float, sides: int = 12, name: str = "cone") -> NodePath:
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


def label(text: str, scale: float = 0.3, color=(1, 1, 1, 1), flat: bool = True, name: str = "label") -> NodePath:
    """Text for the table: lying flat (on a top face) or standing up, centred."""
    tn = TextNode(name)
    tn.set_text(text)
    tn.set_align(TextNode.A_center)
    tn.set_text_color(*color)
    np = NodePath(tn.generate())
    np.set_scale(scale)
    np.set_light_off()  # text stays readable whatever the lighting
    if flat:
        np.set_p(-90)
    np.set_two_sided(True)
    return np
