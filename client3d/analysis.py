"""The analysis panel: the AI searches the shown position in the background and draws its best line.

While analysis is on, every position the table shows (a live game, a replay
step) is searched by a :class:`~triptych.client3d.players.Thinker` (the
background thread the client uses for AI moves, so frames keep rendering).
When the search ends, the first actions of its principal variation are drawn
as arrows on the table, from the thing that acts to where it acts (the
view's own ``source_of`` / ``target_of`` keys), brightest first and numbered;
the panel gives the score for the side to move and the line in notation.
"""

from __future__ import annotations

import math
from typing import Any

from panda3d.core import NodePath, Point3, Vec3

from triptych import CHANCE
from triptych.client3d.geometry import box, label, prism

LINE_ARROWS = 3                       # arrows drawn for the best line
ARROW_COLORS = ((1.0, 0.82, 0.15, 1), (0.35, 0.85, 1.0, 1), (0.95, 0.55, 1.0, 1))
SPECS = {"combat": "mcts:time_ms=1500"}
DEFAULT_SPEC = "alphabeta:time_ms=1500"
LIFT = 0.7                            # arrows float this far over what they point at


def arrow(parent: NodePath, start: Point3, end: Point3, color, width: float = 0.16, name: str = "arrow") -> NodePath:
    """A 3D arrow from `start` to `end`, level over the table when both lie on it (as on a chess board's
    analysis, a flat arrow reads best from above), dropping onto `end` when `start` is above it; unlit, so
    it reads on any table. The node sits at `start`; its ``apex`` tag holds the point where its number goes."""
    root = parent.attach_new_node(name)
    root.set_pos(start)
    span = end - start
    flat = Vec3(span.x, span.y, 0).length()
    rise = 0.0

    def at(t: float) -> Point3:
        return Point3(span.x * t, span.y * t, span.z * t + 4 * rise * t * (1 - t))

    head = width * 1.35 * 1.5 * 0.8    # the shaft stops a little inside the head
    steps = 12
    points = [at(i / steps) for i in range(steps + 1)]
    # The shaft stops where the head begins (measured back along the arc).
    cut, run = steps, 0.0
    while cut > 1 and run < head:
        run += (points[cut] - points[cut - 1]).length()
        cut -= 1
    for a, b in zip(points[:cut], points[1:cut + 1]):
        seg = root.attach_new_node("arrow-segment")
        seg.set_pos(a)
        seg.look_at(b)
        shaft = box(width, (b - a).length() + width * 0.5, width * 0.6, "arrow-shaft")
        shaft.set_pos(0, (b - a).length() / 2, -width * 0.3)
        shaft.reparent_to(seg)
    # A flat, level triangular head whose point is on `end`: level, because the arc's last direction can run
    # along the line of sight (an arrow pointing away from the camera) and a tilted head would show its edge.
    tip_root = root.attach_new_node("arrow-tip")
    tip_root.set_pos(points[-1])
    heading = Vec3(span.x, span.y, 0) if flat > 0.05 else Vec3(0, 1, 0)
    tip_root.look_at(points[-1] + heading)
    r = width * 1.35
    tip = prism(3, r, width * 0.6, "arrow-head", angle0=math.pi / 2)
    tip.set_scale(1.0, 1.5, 1)    # a long, pointed head
    tip.set_pos(0, -r * 1.5, -width * 0.3)
    tip.reparent_to(tip_root)
    root.set_tag("apex", " ".join(f"{v:.3f}" for v in at(0.5)))
    root.set_color(*color)
    root.set_light_off()
    root.set_bin("fixed", 10)   # never hidden inside a stack it points into
    root.set_depth_test(False)
    root.set_depth_write(False)
    return root


def arrow_tip(node: NodePath, render: NodePath) -> Point3:
    """Where an arrow's head ends (its point), in `render` coordinates."""
    return node.find("arrow-tip").get_pos(render)


def score_text(result: Any, side: str, other: str = "the other side") -> str:
    """The search's verdict in words, from the point of view of `side` (to move): who leads and by about how
    much ("Green leads by about 5 points"), a forced win, or a chance to win (MCTS)."""
    mate = getattr(result, "mate_in", None)
    if mate is not None:
        n = abs(mate)
        return f"{side if mate > 0 else other} wins by force within {n} action{'s' if n != 1 else ''}"
    score = result.score
    if isinstance(score, float) and abs(score) <= 1.0:   # MCTS: an expected value in [-1, 1]
        return f"{side}'s chance to win: about {round((score + 1) * 50)}%"
    points = round(score / 100)
    if points == 0:
        return "about even"
    leader = side if points > 0 else other
    return f"{leader} leads by about {abs(points)} point{'s' if abs(points) != 1 else ''}"


class Analysis:
    """On/off analysis of what the table shows; ``arrows`` holds (action, node) of the line drawn."""

    def __init__(self, app: Any, spec: str | None = None) -> None:
        from triptych.client3d.players import Thinker

        self.app = app
        self.spec = spec
        self.thinker = Thinker()
        self.on = False
        self.state: Any = None
        self.result: Any = None
        self.text = ""
        self.arrows: list[tuple[Any, NodePath]] = []
        self.root: NodePath = app.base.render.attach_new_node("analysis")
        app.base.task_mgr.add(self._poll, "triptych-analysis", sort=35)

    def toggle(self) -> None:
        self.on = not self.on
        if self.on:
            self.show(self.app.shown_state())
        else:
            self.stop()
            self.text = ""
            self.app.hud.set_analysis("")

    def stop(self) -> None:
        self.thinker.cancel()
        self.clear_arrows()
        self.result = None

    def clear_arrows(self) -> None:
        for _, node in self.arrows:
            node.remove_node()
        self.arrows = []
        for child in self.root.get_children():
            child.remove_node()

    def show(self, state: Any) -> None:
        """The table shows `state` now: analyse it (a running search on another position is dropped)."""
        if not self.on or state is None:
            return
        self.stop()
        self.state = state.clone()
        if state.is_terminal():
            self._say("Analysis: the game is over.")
            return
        if state.to_move == CHANCE:
            self._say("Analysis: waiting for the dice / cards.")
            return
        from triptych import ai

        game = ai.game_of(state)[0]
        player = ai.make_player(self.spec or SPECS.get(game, DEFAULT_SPEC), seed=1)
        self.thinker.start(player, self.state, method="search")
        self._say(f"Analysis: thinking ({player!r})...")

    def wait(self, timeout: float = 60.0) -> None:
        """Blocks until the search ends and its line is drawn (tests, screenshots)."""
        if self.thinker.busy:
            self.thinker._thread.join(timeout)
        self._poll(None)

    def _say(self, text: str) -> None:
        self.text = text
        self.app.hud.set_analysis(text)

    def _poll(self, task: Any) -> Any:
        if self.thinker.busy:
            try:
                result = self.thinker.result()
            except Exception as err:  # an analysis failure is reported, never fatal
                self._say(f"Analysis failed: {err}")
                result = None
            if result is not None:
                self.result = result
                self._draw(result)
        return task.cont if task is not None else None

    def _draw(self, result: Any) -> None:
        view, state = self.app.view, self.state
        names = self.app.session.player_names if self.app.session else ("0", "1")
        side = names[state.to_move] if 0 <= state.to_move < len(names) else "?"
        other = names[1 - state.to_move] if len(names) == 2 and 0 <= state.to_move < 2 else "the other side"
        line = list(result.pv) or [result.best]
        self.clear_arrows()
        probe = state.clone()
        for i, action in enumerate(line[:LINE_ARROWS]):
            if probe.is_terminal() or probe.to_move == CHANCE:
                break
            ends = self.ends_of(action, probe)
            if ends is not None:
                color = ARROW_COLORS[i % len(ARROW_COLORS)]
                node = arrow(self.root, *ends, color, 0.27 - 0.04 * i, f"arrow-{i}")
                node.set_tag("action", str(action))
                tag = label(str(i + 1), 0.55, color, flat=False)
                tag.reparent_to(node)
                tag.set_pos(*(float(v) for v in node.get_tag("apex").split()))
                tag.set_z(tag.get_z() + 0.45)
                tag.set_billboard_point_eye()
                self.arrows.append((action, node))
            try:
                probe.apply(action)
            except ValueError:
                break
        depth = f"depth {result.depth}, " if getattr(result, "depth", 0) else ""
        try:
            best = view.describe(line[0], line[0].to_dict())
        except Exception:  # a view that cannot word it: the notation
            best = str(line[0])
        self._say(f"Analysis: {score_text(result, side, other)} ({depth}{result.nodes:,} positions).\n"
                  f"Best: {best} (numbered arrows show the line)")

    def ends_of(self, action: Any, state: Any) -> tuple[Point3, Point3] | None:
        """Where `action`'s arrow starts and ends: its source to its target, or dropping onto the one it has."""
        view = self.app.view
        data = action.to_dict()
        try:
            sources = view.source_of(action, data, state)
            target = view.target_of(action, data, state)
        except Exception:  # a view that cannot place this action: no arrow, the panel still names it
            return None
        points = [self._point(k) for k in ([sources[0]] if sources else []) + ([target] if target else [])]
        points = [p for p in points if p is not None]
        if len(points) == 2 and (points[1] - points[0]).length() > 0.3:
            z = max(points[0].z, points[1].z)  # level, over the taller of the two stacks
            return Point3(points[0].x, points[0].y, z), Point3(points[1].x, points[1].y, z)
        if points:
            return points[-1] + Vec3(0, 0, 2.6), points[-1]
        return None

    def _point(self, key: str) -> Point3 | None:
        node = self.app.view.nodes.get(key)
        if node is None or node.is_empty():
            return _empty_place(key)
        lo_hi = node.get_tight_bounds(self.app.base.render)
        centre = node.get_pos(self.app.base.render)
        top = lo_hi[1].z if lo_hi else centre.z
        return Point3(centre.x, centre.y, top + LIFT)

    def destroy(self) -> None:
        self.stop()
        self.root.remove_node()


def _empty_place(key: str) -> Point3 | None:
    """Where a key with nothing drawn on it lies (an empty Hexfleet hex: the table has no node there)."""
    if key.startswith("hex:"):
        from triptych.client3d.views.hexfleet_view import hex_xy

        q, r = (int(v) for v in key.split(":")[1:3])
        x, y = hex_xy(q, r)
        return Point3(x, y, LIFT)
    return None
