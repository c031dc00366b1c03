"""Mouse picking: a CollisionRay from the camera through the screen point.

Pickable things carry a ``pick`` tag (e.g. ``slot:3:2``, ``hex:0:1``); the
ray hits their visible geometry and the nearest tagged node wins. Tests call
:meth:`Picker.pick_at` with the projected screen point of a node, exactly
as a click does.
"""

from __future__ import annotations

from panda3d.core import (BitMask32, CollisionHandlerQueue, CollisionNode, CollisionRay, CollisionTraverser,
                          GeomNode, NodePath, Point2, Point3)

PICK_MASK = BitMask32.bit(20)


def make_pickable(np: NodePath, key: str) -> NodePath:
    """Tags `np` so a click on any of its geometry picks `key`."""
    np.set_tag("pick", key)
    np.set_collide_mask(PICK_MASK | GeomNode.get_default_collide_mask())
    return np


class Picker:
    def __init__(self, base) -> None:
        self.base = base
        self.traverser = CollisionTraverser("picker")
        self.queue = CollisionHandlerQueue()
        self.ray = CollisionRay()
        node = CollisionNode("pick-ray")
        node.add_solid(self.ray)
        node.set_from_collide_mask(PICK_MASK)
        node.set_into_collide_mask(BitMask32.all_off())
        self.ray_np = base.camera.attach_new_node(node)
        self.traverser.add_collider(self.ray_np, self.queue)

    def pick_at(self, x: float, y: float) -> str | None:
        """The pick key under screen point (x, y) in [-1, 1] film coordinates, or None."""
        self.ray.set_from_lens(self.base.camNode, x, y)
        self.traverser.traverse(self.base.render)
        if self.queue.get_num_entries() == 0:
            return None
        self.queue.sort_entries()
        for i in range(self.queue.get_num_entries()):
            tagged = self.queue.get_entry(i).get_into_node_path().find_net_tag("pick")
            if not tagged.is_empty() and not tagged.is_hidden():
                return tagged.get_tag("pick")
        return None

    def pick_mouse(self) -> str | None:
        if not self.base.mouseWatcherNode.has_mouse():
            return None
        m = self.base.mouseWatcherNode.get_mouse()
        return self.pick_at(m.x, m.y)


def gui_key_at(base, x: float, y: float) -> str | None:
    """The pick key of the 2D control under film point (x, y), or None: a DirectGui control that carries a ``key``
    python tag (Combat's hand cards) takes a click there before the 3D ray, as it takes the mouse's. Where such
    controls overlap (a fanned hand) the one drawn last, on top, wins."""
    point = Point3(x, 0, y)
    found = None
    for np in base.aspect2d.find_all_matches("**"):
        if not np.has_python_tag("key") or np.is_hidden() or not hasattr(np.node(), "get_frame"):
            continue
        left, right, bottom, top = np.node().get_frame()
        local = np.get_relative_point(base.render2d, point)
        if left <= local.x <= right and bottom <= local.z <= top:
            found = np.get_python_tag("key")
    return found


def screen_point(base, np: NodePath, offset: tuple[float, float, float] = (0, 0, 0)) -> tuple[float, float] | None:
    """Where a point of `np` appears on screen, in film coordinates (None if off screen). A 2D node (under
    render2d: a hand card) is where it is drawn on the screen plane."""
    if np.get_top() == base.render2d:
        p = base.render2d.get_relative_point(np, Point3(*offset))
        return (p.x, p.z) if -1 <= p.x <= 1 and -1 <= p.z <= 1 else None
    p3 = base.cam.get_relative_point(np, Point3(*offset))
    p2 = Point2()
    if not base.camLens.project(p3, p2):
        return None
    return p2.x, p2.y


def pixel_of(base, film: tuple[float, float]) -> tuple[int, int]:
    """Film coordinates -> pixel (column, row) of the window's image."""
    w, h = base.win.get_x_size(), base.win.get_y_size()
    return int((film[0] + 1) / 2 * w), int((1 - film[1]) / 2 * h)
