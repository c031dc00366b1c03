"""Combat's figures on the table: the Betaal Sentinel and V07's Wick.

Built from the few procedural shapes (geometry.py), like every piece: the
Sentinel is a stone guardian on a plinth (legs, torso, shoulders, arms, a
crowned head with eyes that glow red when it will attack and blue when it
will guard), about twice a card's height so it reads as the opponent from
across the table. The Wick is a candle whose wax grows with its charge and
whose flame takes the Wick's colour (grey when colourless), with its charge
written beside it.
"""

from __future__ import annotations

from typing import Any

from panda3d.core import NodePath

from triptych.client3d.combat_props import intent_kind
from triptych.client3d.dice import ELEMENT_COLORS
from triptych.client3d.geometry import bevel_prism, box, cone, prism, ring_outline

STONE = (0.42, 0.38, 0.46, 1)
DARK = (0.25, 0.22, 0.28, 1)
TRIM = (0.72, 0.55, 0.25, 1)
EYES = {"attack": (1.0, 0.18, 0.08, 1), "defend": (0.35, 0.65, 1.0, 1), "other": (0.85, 0.6, 1.0, 1)}


def _part(parent: NodePath, node: NodePath, pos, color, hpr=(0, 0, 0)) -> NodePath:
    node.set_pos(*pos)
    node.set_hpr(*hpr)
    node.set_color(*color)
    node.reparent_to(parent)
    return node


def sentinel_figure(parent: NodePath, intent: str) -> NodePath:
    """The Sentinel standing on its plinth, facing the player (-y); eyes coloured by its intent."""
    root = parent.attach_new_node("sentinel")
    kind = intent_kind(intent) if intent else "other"
    root.set_tag("intent-kind", kind)
    _part(root, bevel_prism(8, 1.5, 0.35, 0.08, "sentinel-plinth"), (0, 0, 0), DARK)
    _part(root, ring_outline(8, 1.5, 0.12, 0.37, "sentinel-plinth-trim"), (0, 0, 0.0), TRIM)
    for x in (-0.42, 0.42):                                   # legs and feet
        _part(root, box(0.5, 0.6, 1.3, "sentinel-leg"), (x, 0, 0.35), STONE)
        _part(root, box(0.62, 0.8, 0.22, "sentinel-foot"), (x, -0.08, 0.35), DARK)
    _part(root, box(1.5, 0.8, 0.35, "sentinel-belt"), (0, 0, 1.6), TRIM)
    _part(root, box(1.7, 0.95, 1.45, "sentinel-torso"), (0, 0, 1.9), STONE)
    _part(root, box(0.9, 0.1, 0.7, "sentinel-chest"), (0, -0.5, 2.3), DARK)   # a carved chest plate
    for x in (-1.15, 1.15):                                   # shoulders, arms, fists
        _part(root, prism(10, 0.42, 0.5, "sentinel-shoulder"), (x, 0, 3.0), DARK)
        _part(root, box(0.42, 0.5, 1.35, "sentinel-arm"), (x * 1.05, -0.05, 1.7), STONE, (0, 0, -6 if x < 0 else 6))
        _part(root, box(0.55, 0.6, 0.45, "sentinel-fist"), (x * 1.1, -0.1, 1.3), DARK)
    _part(root, box(0.5, 0.5, 0.3, "sentinel-neck"), (0, 0, 3.35), DARK)
    _part(root, box(1.0, 0.85, 0.85, "sentinel-head"), (0, 0, 3.55), STONE)
    for x in (-0.22, 0.22):                                   # the eyes glow: not lit, so they read in shade
        eye = _part(root, box(0.22, 0.06, 0.13, "sentinel-eye"), (x, -0.44, 3.95), EYES[kind])
        eye.set_light_off()
    crown = root.attach_new_node("sentinel-crown")
    crown.set_pos(0, 0, 4.4)
    for i, x in enumerate((-0.36, 0.0, 0.36)):
        _part(crown, cone(0.17, 0.55 if i == 1 else 0.38, 6, "sentinel-spike"), (x, 0, 0), TRIM)
    return root


class Wick:
    """V07's Wick: a candle on the table, its wax as tall as its charge (to a cap), its flame its colour."""

    MAX_DRAWN = 20   # the wax stops growing here; the number beside it says the rest

    def __init__(self, parent: NodePath, d: dict[str, Any], pos: tuple[float, float, float]) -> None:
        counters = d.get("counters", {})
        colour = {0: "agni", 1: "jal", 2: "vayu", 3: "prithvi"}.get(counters.get("colour"), "colourless")
        charge = int(d["energy"])
        self.colour, self.charge = colour, charge
        self.root = parent.attach_new_node("wick")
        self.root.set_pos(*pos)
        self.root.set_tag("colour", colour)
        self.root.set_tag("charge", str(charge))
        _part(self.root, prism(16, 0.7, 0.18, "wick-dish"), (0, 0, 0), TRIM)
        height = 0.4 + 2.2 * min(charge, self.MAX_DRAWN) / self.MAX_DRAWN
        _part(self.root, prism(16, 0.38, height, "wick-wax"), (0, 0, 0.18), (0.93, 0.9, 0.8, 1))
        flame_color = ELEMENT_COLORS.get(colour, (0.7, 0.7, 0.72, 1))
        flame = _part(self.root, cone(0.22, 0.7 if charge else 0.25, 10, "wick-flame"), (0, 0, 0.2 + height),
                      flame_color)
        flame.set_light_off()
        self.flame = flame
        self.words = f"Wick {charge}, {colour}"    # the view pins these words beside it (TableTags)
