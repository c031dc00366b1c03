"""AquaIgnis's pieces on the table: lanes with their directions, disc stacks, walls, links.

A piece is a stack of discs, one per charge point (a Crown's top disc in its
side's metal, ringed with spikes); a barrier is a wall as tall as its
durability, cracked once per point it has lost (durability is at most 3). A
lane carries chevrons each way between its slots: AQUA's blue ones point up
the board (toward IGNIS's edge), IGNIS's orange ones down. A link is an arch
between the two linked flows at the owner's entry end, with a bead per turn
it has left on each post. Unit nodes are tagged
`unit` ("owner:kind") and `charge`; each disc is a node named "disc".
"""

from __future__ import annotations

import math
from typing import Any

from panda3d.core import NodePath, Point3

from triptych.client3d.geometry import box, cone, label, prism

AQUA_COLOR = (0.16, 0.56, 0.98, 1)
IGNIS_COLOR = (0.98, 0.36, 0.12, 1)
COLORS = (AQUA_COLOR, IGNIS_COLOR)
# Each side's Crown in its own metal: both in the same yellow could not be told apart.
CROWN_COLORS = ((0.62, 0.92, 1.0, 1), (1.0, 0.72, 0.16, 1))
CHANNEL = (0.1, 0.13, 0.18, 1)
SLOT = (0.2, 0.25, 0.32, 1)
DX, DY = 1.45, 1.2
DISC_H = 0.16
MAX_DURABILITY = 3
OWNERS = {"aqua": 0, "ignis": 1}
LINK_TEXT = (1, 1, 1, 1)    # a link's turn beads, on its dark posts


def slot_xy(flow: int, pos: int) -> tuple[float, float]:
    return (flow - 4) * DX, (pos - 3) * DY


def link_color(owner: int) -> tuple[float, float, float, float]:
    """A link: the owner's colour, dark enough for white text on it (white on salmon was unreadable)."""
    return (*(c * 0.42 for c in COLORS[owner][:3]), 1)


def lane(parent: NodePath, flow: int) -> NodePath:
    """A flow's channel with direction chevrons between its slots: AQUA's up (blue), IGNIS's down (orange)."""
    x, _ = slot_xy(flow, 0)
    node = parent.attach_new_node(f"lane-{flow}")
    channel = box(1.2, DY * 7 + 0.4, 0.06, "channel")
    channel.set_pos(x, 0, -0.06)
    channel.set_color(*CHANNEL)
    channel.reparent_to(node)
    for pos in range(6):   # in the gap between slot pos and pos + 1
        _, y0 = slot_xy(flow, pos)
        y = y0 + DY / 2
        for owner, dx, angle in ((0, -0.3, math.pi / 2), (1, 0.3, -math.pi / 2)):
            arrow = prism(3, 0.13, 0.02, f"lane-arrow-{owner}", angle0=angle)
            arrow.set_pos(x + dx, y, -0.005)
            arrow.set_scale(1.0, 0.75, 1.0)
            arrow.set_color(*(c * 0.8 for c in COLORS[owner][:3]), 1)
            arrow.set_light_off()
            arrow.reparent_to(node)
    return node


def unit_node(parent: NodePath, unit: dict[str, Any]) -> NodePath:
    owner, charge = OWNERS[unit["owner"]], unit["charge"]
    color = COLORS[owner]
    node = parent.attach_new_node(f"unit-{unit['flow']}-{unit['pos']}")
    x, y = slot_xy(unit["flow"], unit["pos"])
    node.set_pos(x, y, 0.05)
    node.set_tag("unit", f"{owner}:{unit['kind']}")
    node.set_tag("charge", str(charge))
    if unit["kind"] == "barrier":
        _wall(node, charge, color)
    else:
        _discs(node, charge, owner, color)
    return node


def _wall(node: NodePath, durability: int, color) -> None:
    """A wall across the lane: one course of blocks per point of durability, a crack per point lost."""
    course = 0.24
    for i in range(durability):
        block = box(1.12, 0.34, course - 0.02, "wall-course")
        block.set_z(i * course)
        shade = 0.8 if i % 2 == 0 else 0.68
        block.set_color(*(c * shade for c in color[:3]), 1)
        block.reparent_to(node)
    height = durability * course
    for k in range(MAX_DURABILITY - durability):   # jagged dark cracks down the front face
        for j, (dx, dz, tilt) in enumerate(((-0.05, 0.0, 35), (0.04, -0.1, -30), (-0.02, -0.2, 25))):
            if height + dz - 0.05 < 0.02:
                continue
            crack = box(0.025, 0.02, 0.13, "crack")
            crack.set_pos(-0.3 + 0.55 * k + dx, -0.18, max(0.02, height + dz - 0.14))
            crack.set_r(tilt)
            crack.set_color(0.05, 0.04, 0.04, 1)
            crack.set_light_off()
            crack.reparent_to(node)
    t = label(f"{durability}", 0.34, (1, 1, 1, 1))
    t.set_pos(0, -0.09, height + 0.005)
    t.reparent_to(node)


def _discs(node: NodePath, charge: int, owner: int, color) -> None:
    crown = charge == 4
    for i in range(charge):
        disc = prism(28, 0.4 if not crown else 0.43, DISC_H - 0.02, "disc")
        disc.set_z(i * DISC_H)
        disc.set_color(*(CROWN_COLORS[owner] if crown and i == charge - 1 else color))
        disc.reparent_to(node)
    top = charge * DISC_H
    if crown:
        for k in range(5):  # the Crown's spikes, unmistakable from any angle
            spike = cone(0.1, 0.34, 8, "spike")
            spike.set_pos(0.3 * math.cos(k * 1.2566), 0.3 * math.sin(k * 1.2566), top - 0.02)
            spike.set_color(*CROWN_COLORS[owner])
            spike.reparent_to(node)
    t = label(str(charge) if not crown else "C", 0.42, (1, 1, 1, 1) if not crown else (0.3, 0.2, 0, 1))
    t.set_pos(0, -0.14, top + 0.005)
    t.reparent_to(node)


def link_arch(parent: NodePath, owner: int, flows: list[int], turns: int) -> NodePath:
    """An arch of links between two flows, off the owner's entry end, with the turns it has left."""
    node = parent.attach_new_node(f"link-{owner}")
    node.set_light_off()
    a, b = sorted(flows)
    end = 0 if owner == 0 else 6
    y = slot_xy(a, end)[1] + (-0.78 if owner == 0 else 0.78)
    xa, xb = slot_xy(a, end)[0], slot_xy(b, end)[0]
    bright = (*(min(1.0, c * 1.6) for c in COLORS[owner][:3]), 1)
    for x in (xa, xb):   # a post at each linked flow
        post = box(0.56, 0.24, 0.14, "link-post")
        post.set_pos(x, y, 0)
        post.set_color(*link_color(owner))
        post.reparent_to(node)
    steps = max(8, int(abs(xb - xa) / 0.35))
    rise = min(0.75, 0.2 + 0.09 * abs(b - a))
    points = [Point3(xa + (xb - xa) * i / steps, y, 0.12 + rise * math.sin(math.pi * i / steps))
              for i in range(steps + 1)]
    for p, q in zip(points, points[1:]):
        seg = box(0.09, 1.0, 0.09, "link-chain")
        seg.set_color(*bright)
        seg.reparent_to(node)
        seg.set_pos((p + q) / 2)
        seg.look_at(node, q)
        seg.set_sy((q - p).length())
    for x in (xa, xb):   # the turns it has left, as beads on each post (the HUD's info line says it in words)
        for k in range(turns):
            bead = prism(12, 0.07, 0.07, "link-turn")
            bead.set_pos(x - 0.1 * (turns - 1) + 0.2 * k, y, 0.14)
            bead.set_color(*LINK_TEXT)
            bead.reparent_to(node)
    node.set_tag("link", f"{a}-{b}")
    node.set_tag("turns", str(turns))
    return node
