"""The table and the lights every game is played under.

Under a real OpenGL renderer the key light casts shadows through Panda3D's
auto shader (per-pixel lighting, shadow maps), so stacks stand on the table
instead of floating over it. The software renderer (p3tinydisplay, used by
the offscreen tests) has no shaders: there the same lights shade per vertex
and nothing else changes.
"""

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
    enable_shadows(base, key)
    return ambient, key, fill


def supports_shadows(base) -> bool:
    """Whether the renderer runs shaders (OpenGL does; the software renderer does not)."""
    gsg = base.win.get_gsg() if base.win is not None else None
    return bool(gsg is not None and gsg.get_supports_basic_shaders() and gsg.get_supports_depth_texture())


def enable_shadows(base, key) -> bool:
    """Shadow-casting key light and the auto shader where the renderer allows; returns whether it did."""
    if not supports_shadows(base):
        return False
    light = key.node()
    light.set_shadow_caster(True, 2048, 2048)
    lens = light.get_lens()
    lens.set_film_size(34, 26)         # the whole table, seen from the light
    lens.set_near_far(1, 60)
    key.set_pos(-key.get_quat().get_forward() * 28)
    base.render.set_shader_auto()
    base.render.set_tag("shadows", "on")
    return True
