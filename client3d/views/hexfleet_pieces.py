"""Hexfleet's pieces on the table: tiles, the threat flag, the power network overlay.

A tile is a thick bevelled hexagon: the bevels leave a dark groove at every
joint, so a stack reads as so many tiles. Two side faces toward the default
camera carry what the covered top face cannot show: the unit's letter (left
front) and the tile's level (right front, the number the log uses: 0 on the
ground). Every tile node carries tags `column` ("q,r"), `level` and `tile`
("owner:unit", with ":down" when face-down), so tests and tools read stacks
straight off the scene graph.
"""

from __future__ import annotations

import math
from collections import deque
from typing import Any

from panda3d.core import NodePath, Point3

from triptych.client3d.geometry import bevel_prism, box, cone, label, prism, ring_outline, side_label

COLORS = ((0.18, 0.7, 0.32, 1), (0.58, 0.3, 0.84, 1))          # the seed's green and purple fleets
DARK = ((0.1, 0.36, 0.17, 1), (0.3, 0.15, 0.45, 1))
GOLD = (1.0, 0.8, 0.22, 1)
DANGER = (1.0, 0.22, 0.16, 1)
NAMES = ("Green", "Purple")
SIZE = 0.62          # hex radius on the table
TILE_H = 0.34        # one level of a stack
CORE_H = TILE_H       # a Core is as thick as any tile (a ship boards it), told apart by its gold band
UNIT_TEXT = {"core": "CORE", "shipyard": "YARD", "shield": "SHIELD", "frigate": "FRIG", "destroyer": "DEST",
             "repulsor": "REPUL"}
UNIT_LETTER = {"core": "C", "shipyard": "Y", "shield": "S", "frigate": "F", "destroyer": "D", "repulsor": "R"}
UNIT_NAMES = {"core": "Core", "shipyard": "Shipyard", "shield": "Shield", "frigate": "Frigate",
              "destroyer": "Destroyer", "repulsor": "Repulsor"}
NEIGHBOURS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
HEX_ANGLE0 = math.pi / 6                      # pointy-top hexes
FRONT_LEFT, FRONT_RIGHT = math.radians(240), math.radians(300)   # side faces toward the default camera
APOTHEM = SIZE * 0.9 * math.cos(math.pi / 6)


def hex_xy(q: int, r: int) -> tuple[float, float]:
    """Axial -> table coordinates (pointy-top hexes; r grows toward the viewer)."""
    return SIZE * math.sqrt(3) * (q + r / 2), -SIZE * 1.5 * r


def tile_z(level: int) -> float:
    """Where a tile at `level` stands."""
    return level * TILE_H


def column_top(tiles: list[dict[str, Any]]) -> float:
    """The height of a column's top face."""
    return len(tiles) * TILE_H


def tile_tag(tile: dict[str, Any]) -> str:
    return f"{tile['owner']}:{tile['unit']}" + (":down" if tile.get("face_down") else "")


def shown_unit(tile: dict[str, Any]) -> str:
    """What the tile shows: a face-down ship is a Shield for every purpose."""
    return "shield" if tile.get("face_down") or tile["unit"] == "shield" else tile["unit"]


def make_tile(parent: NodePath, tile: dict[str, Any], q: int, r: int, level: int) -> NodePath:
    """A tile node at its hex and level, tagged with column, level and what it is."""
    owner, unit, down = tile["owner"], tile["unit"], tile.get("face_down", False)
    node = parent.attach_new_node(f"tile-{q}-{r}-{level}")
    node.set_pos(*hex_xy(q, r), tile_z(level))
    node.set_tag("column", f"{q},{r}")
    node.set_tag("level", str(level))
    node.set_tag("tile", tile_tag(tile))
    core = unit == "core"
    height = CORE_H if core else TILE_H
    body = bevel_prism(6, SIZE * 0.9, height - 0.005, 0.045, "tile", angle0=HEX_ANGLE0)
    # Alternate levels a shade apart: a tall stack of one colour still shows its joints.
    shade = 1.0 if level % 2 == 0 else 0.86
    body.set_color(*(c * shade for c in COLORS[owner][:3]), 1)
    body.reparent_to(node)
    if core:  # the Command Core: taller, with a gold band and a gold crest on top
        rim = prism(6, SIZE * 0.915, 0.1, "core-rim", angle0=HEX_ANGLE0)
        rim.set_z(height * 0.42)
        rim.set_color(*GOLD)
        rim.reparent_to(node)
        crest = prism(6, SIZE * 0.7, 0.04, "core-crest", angle0=HEX_ANGLE0)
        crest.set_z(height - 0.02)
        crest.set_color(*GOLD)
        crest.reparent_to(node)
        inner = prism(6, SIZE * 0.58, 0.05, "core-top", angle0=HEX_ANGLE0)
        inner.set_z(height - 0.01)
        inner.set_color(*DARK[owner])
        inner.reparent_to(node)
    top = height + (0.03 if core else 0.0)
    shown = shown_unit(tile)
    if shown == "shield":  # the Shield symbol: an inset darker hex
        inset = prism(6, SIZE * 0.52, 0.02, "shield-mark", angle0=HEX_ANGLE0)
        inset.set_z(height - 0.01)
        inset.set_color(*DARK[owner])
        inset.reparent_to(node)
    text = UNIT_TEXT[shown] + ("~" if down else "")
    t = label(text, 0.25 if len(text) <= 4 else 0.2 if len(text) <= 6 else 0.17, GOLD if core else (1, 1, 1, 1))
    t.set_pos(0, -0.07, top + 0.012)
    t.reparent_to(node)
    # The sides: the unit's letter and the level, readable when the top is covered.
    side_z = height / 2
    letter = UNIT_LETTER[shown] + ("~" if down else "")
    side_label(letter, 0.22, GOLD if core else (1, 1, 1, 1), FRONT_LEFT, APOTHEM + 0.012, side_z,
               name="side-unit").reparent_to(node)
    marker = side_label(str(level), 0.22, (1, 0.95, 0.6, 1), FRONT_RIGHT, APOTHEM + 0.012, side_z,
                        name="level-marker")
    marker.set_tag("level-marker", str(level))
    marker.reparent_to(node)
    return node


def threat_flag(parent: NodePath, q: int, r: int, top: float) -> NodePath:
    """A red flag on a boarded Core's column, with a warning ring at its foot: impossible to miss."""
    node = parent.attach_new_node(f"threat-{q}-{r}")
    node.set_pos(*hex_xy(q, r), top)
    node.set_light_off()
    ring = ring_outline(6, SIZE * 1.1, 0.14, 0.08, "threat-ring", angle0=HEX_ANGLE0)
    ring.set_z(-0.05)
    ring.set_color(*DANGER)
    ring.reparent_to(node)
    pole = box(0.05, 0.05, 1.5, "threat-pole")
    pole.set_color(0.9, 0.9, 0.9, 1)
    pole.set_pos(0.3, 0, 0)
    pole.reparent_to(node)
    flag = box(0.62, 0.03, 0.4, "threat-flag")
    flag.set_pos(0.61, 0, 1.08)
    flag.set_color(*DANGER)
    flag.reparent_to(node)
    sign = label("!", 0.42, (1, 1, 1, 1), flat=False, name="threat-mark")
    sign.set_pos(0.61, -0.03, 1.13)
    sign.reparent_to(node)
    text = label("CORE BOARDED", 0.26, (1, 0.85, 0.8, 1), flat=False, name="threat-label")
    text.set_pos(0.3, 0, 1.75)
    text.set_billboard_point_eye()
    text.set_depth_test(False)
    text.set_depth_write(False)
    text.set_bin("fixed", 10)
    text.reparent_to(node)
    return node


def display_routes(network: list[dict[str, Any]], cores: tuple[tuple[int, int], tuple[int, int]],
                   owners: dict[tuple[int, int], set[int]]) -> list[tuple[int, tuple[int, int], tuple[int, int]]]:
    """Edges to draw (player, from hex, toward hex): for every column holding a player's tiles, one shortest
    route back to that player's Core through the piece the engine says holds it. The engine decides
    what is powered (`cores`); this only picks which of the equal routes to draw."""
    hexes = {c["hex"]: c for c in network}
    edges = []
    for player in (0, 1):
        start = cores[player]
        if start not in hexes:
            continue
        parent: dict[tuple[int, int], tuple[int, int] | None] = {start: None}
        todo = deque([start])
        while todo:
            q, r = todo.popleft()
            for dq, dr in NEIGHBOURS:
                n = (q + dq, r + dr)
                if n in hexes and n not in parent:
                    parent[n] = (q, r)
                    todo.append(n)
        needed: set[tuple[int, int]] = set()
        for h, held in owners.items():
            if player in held and player in hexes[h]["cores"]:
                while h is not None and h not in needed:  # the whole route home
                    needed.add(h)
                    h = parent.get(h)
        edges += [(player, h, parent[h]) for h in sorted(needed) if parent.get(h) is not None]
    return edges


def network_overlay(parent: NodePath, network: list[dict[str, Any]], cols: dict[tuple[int, int], list[dict]],
                    cores: tuple[tuple[int, int], tuple[int, int]]) -> dict[str, NodePath]:
    """Draws the power network: routes home in each Core's colour (arrows point to the Core), every
    cut vertex ringed in red. Returns the drawn nodes by key (route:P:q,r, cut:q,r)."""
    nodes: dict[str, NodePath] = {}
    root = parent.attach_new_node("power-network")
    root.set_light_off()
    owners = {h: {t["owner"] for t in tiles} for h, tiles in cols.items()}
    for player, a, b in display_routes(network, cores, owners):
        side = 0.1 if player == 0 else -0.1   # the two fleets' routes side by side
        za, zb = column_top(cols[a]) + 0.08, column_top(cols[b]) + 0.08
        (xa, ya), (xb, yb) = hex_xy(*a), hex_xy(*b)
        dx, dy = xb - xa, yb - ya
        length = math.hypot(dx, dy)
        nx, ny = -dy / length * side, dx / length * side
        # The route stops short of both centres, so a tile's (and a Core's) label stays readable.
        ux, uy = dx / length * 0.36, dy / length * 0.36
        start, end = Point3(xa + nx + ux, ya + ny + uy, za), Point3(xb + nx - ux, yb + ny - uy, zb)
        bar = box(0.07, 1.0, 0.07, "route")
        bar.set_color(*(min(1.0, c * 1.25) for c in COLORS[player][:3]), 1)
        bar.reparent_to(root)
        bar.set_pos((start + end) / 2)
        bar.look_at(root, end)
        bar.set_sy((end - start).length())
        bar.set_z(bar.get_z() - 0.035)
        head = cone(0.13, 0.3, 8, "route-arrow")   # pointing toward the Core
        head.set_color(*bar.get_color())
        head.reparent_to(root)
        mid = start + (end - start) * 0.62
        head.set_pos(mid)
        head.look_at(root, end)
        head.set_p(head.get_p() - 90)
        nodes[f"route:{player}:{a[0]},{a[1]}"] = bar
    for column in network:
        if not column["cut"]:
            continue
        q, r = column["hex"]
        ring = ring_outline(6, SIZE * 1.04, 0.12, 0.08, "cut-vertex", angle0=HEX_ANGLE0)
        ring.set_pos(*hex_xy(q, r), column_top(cols[(q, r)]) - 0.05)
        ring.set_color(*DANGER)
        ring.reparent_to(root)   # the red ring says it (hover names it): no label over the tile's own
        nodes[f"cut:{q},{r}"] = ring
    nodes["network"] = root
    return nodes
