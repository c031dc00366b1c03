"""The table and the lights every game is played under."""

from __future__ import annotations

from panda3d.core import AmbientLight, DirectionalLight, Vec4

from triptych.client3d.geometry import box, prism

TABLE_WOOD = (0.36, 0.24, 0.15, 1)
FELT = (0.13, 0.2, 0.17, 1)


def build_table(base, size: tuple[float, float] = (22, 16)):
    root = base.render.attach_new_node("table")
    wood = box(size[0] + 1.2, size[1] + 1.2, 0.5, "table-wood")
    wood.set_z(-0.62)
    wood.set_color(*TABLE_WOOD)
    wood.reparent_to(root)
    felt = box(size[0], size[1], 0.1, "table-felt")
    felt.set_z(-0.12)
    felt.set_color(*FELT)
    felt.reparent_to(root)
    # A wide floor far below, so the horizon is not empty black when the camera tilts.
    floor = prism(24, 60, 0.1, "floor")
    floor.set_z(-6)
    floor.set_color(0.09, 0.09, 0.11, 1)
    floor.reparent_to(root)
    return root


def build_lights(base):
    """A warm key light from the viewer's upper left, a cool fill, and soft ambient."""
    ambient = base.render.attach_new_node(AmbientLight("ambient"))
    ambient.node().set_color(Vec4(0.42, 0.42, 0.46, 1))
    key = base.render.attach_new_node(DirectionalLight("key"))
    key.node().set_color(Vec4(0.85, 0.8, 0.72, 1))
    key.set_hpr(-30, -55, 0)
    fill = base.render.attach_new_node(DirectionalLight("fill"))
    fill.node().set_color(Vec4(0.22, 0.26, 0.34, 1))
    fill.set_hpr(150, -30, 0)
    for light in (ambient, key, fill):
        base.render.set_light(light)
    base.set_background_color(0.07, 0.08, 0.1, 1)
    return ambient, key, fill
