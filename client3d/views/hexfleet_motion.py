"""Hexfleet's animations: each tile travels its real path, read off the engine.

The plan is built in two phases from the step's event records and the
engine's states before and after:

1. the action itself: a move hops step by step (a Frigate's two steps are two
   hops, through a middle hex the engine accepts as a one-step move), a
   spawn drops in, a push slides the pushed tile to its new hex and lets it
   fall (or shakes and crushes it) while the Repulsor advances, a destroy
   shakes its victim and sends it and the Destroyer home;
2. the power check: every tile the engine took off the board beyond that
   (a cascade, a crush) flies back to its owner's tray, and tiles left
   standing on a removed one drop to their new levels.

Each tile node ends exactly where a fresh draw of the engine's state puts
it, or hidden in its tray; tests run the plan to its end and compare.
"""

from __future__ import annotations

from typing import Any

from direct.interval.IntervalGlobal import Func, Parallel, Sequence, Wait
from panda3d.core import NodePath, Point3

from triptych.client3d import animation as anim
from triptych.client3d.views.hexfleet_pieces import NEIGHBOURS, hex_xy, tile_z

Hex = tuple[int, int]


def _columns(state: Any) -> dict[Hex, list[dict[str, Any]]]:
    return {(s["q"], s["r"]): s["tiles"] for s in state.to_dict()["stacks"]}


def _same(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return a["owner"] == b["owner"] and a["unit"] == b["unit"] and a.get("face_down", False) == b.get("face_down",
                                                                                                     False)


def distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def move_path(state: Any, start: Hex, end: Hex) -> list[Hex]:
    """The hexes a move steps through, end included. A two-hex move goes through a middle hex that the
    engine accepts as a one-step move of the same tile (the first such, in a fixed order)."""
    if distance(start, end) < 2:
        return [end]
    middles = [(start[0] + dq, start[1] + dr) for dq, dr in NEIGHBOURS
               if distance((start[0] + dq, start[1] + dr), end) == 1]
    for middle in middles:
        if state.is_legal({"type": "move", "from": list(start), "to": list(middle)}):
            return [middle, end]
    return [middles[0], end] if middles else [end]


class HexfleetMotion:
    """Builds the Interval of one step for a Hexfleet view (`view.tiles`, `view.new_tile`, `view.tray_goal`)."""

    def __init__(self, view: Any) -> None:
        self.view = view
        self.planned: dict[int, Point3] = {}   # where each node will be when phase 1 ends

    def _at(self, node: NodePath) -> Point3:
        return self.planned.get(id(node), node.get_pos())

    def _go(self, node: NodePath, h: Hex, level: int) -> Point3:
        goal = Point3(*hex_xy(*h), tile_z(level))
        self.planned[id(node)] = goal
        return goal

    def interval(self, move: Any) -> Sequence:
        d = move.action.to_dict()
        kind = d["type"]
        before, after = _columns(move.before), _columns(move.after)
        self.planned = {}
        # A model of the board as node stacks, changed by the action as phase 1 animates it.
        stacks: dict[Hex, list[tuple[dict[str, Any], NodePath | None]]] = {
            h: [(t, self.view.tiles.get((h[0], h[1], lvl))) for lvl, t in enumerate(ts)] for h, ts in before.items()}
        first: list[Any] = []

        def lift(h: Hex) -> tuple[dict[str, Any], NodePath | None]:
            entry = stacks[h].pop()
            if not stacks[h]:
                del stacks[h]
            return entry

        def land(h: Hex, entry) -> int:
            stacks.setdefault(h, []).append(entry)
            return len(stacks[h]) - 1

        kinds = {e.kind for e in move.events}
        if kind == "move":
            start, end = tuple(d["from"]), tuple(d["to"])
            entry = lift(start)
            node = entry[1]
            if node is not None:
                hops, at = [], node.get_pos()
                for h in move_path(move.before, start, end):   # one hop per step
                    level = land(h, entry) if h == end else len(stacks.get(h, []))
                    goal = self._go(node, h, level)
                    hops.append(anim.hop(node, goal, 0.7, 0.42, start=at))
                    at = goal
                first.append(Sequence(*hops))
            else:
                land(end, entry)
        elif kind in ("spawn", "shipyard"):
            at = tuple(d["at"])
            tiles = after[at]
            node = self.view.new_tile(tiles[-1], at[0], at[1], len(tiles) - 1)
            node.hide()
            land(at, (tiles[-1], node))
            first.append(Sequence(Func(node.show), anim.drop_in(node, 2.2, 0.4)))
        elif kind == "destroy":
            start, target = tuple(d["from"]), tuple(d["target"])
            victim = lift(target)
            destroyer = stacks[start][-1][1]
            if destroyer is not None:   # a lunge toward the target and back; the Destroyer stays
                home_pos = destroyer.get_pos()
                toward = home_pos + (Point3(*hex_xy(*target), home_pos.z) - home_pos) * 0.3
                first.append(Sequence(anim.slide(destroyer, toward, 0.15), anim.slide(destroyer, home_pos, 0.2)))
            if victim[1] is not None:
                first.append(Sequence(Wait(0.15), anim.shake(victim[1], 0.1, 0.25), self._to_tray(*victim)))
        elif kind == "push":
            start, target = tuple(d["from"]), tuple(d["target"])
            dest = (2 * target[0] - start[0], 2 * target[1] - start[1])
            victim = lift(target)
            repulsor = lift(start)
            z_from = victim[1].get_z() if victim[1] is not None else 0.0
            level = land(dest, victim)
            node = victim[1]
            if node is not None:
                over = Point3(*hex_xy(*dest), max(z_from, tile_z(level)) + 0.05)
                goal = self._go(node, dest, level)
                # Crushed (or crushing): the engine's records say so; phase 2 sends the loser home.
                hit = anim.shake(node, 0.12, 0.2, at=goal) if "crush" in kinds else Wait(0)
                first.append(Sequence(anim.slide(node, over, 0.3), anim.slide(node, goal, 0.25), hit))
            level = land(target, repulsor)
            if repulsor[1] is not None:
                goal = self._go(repulsor[1], target, level)
                first.append(Sequence(Wait(0.12), anim.slide(repulsor[1], goal, 0.35)))
        # Phase 2, the power check and crushes: match each column's model to the engine's after state.
        second: list[Any] = []
        for h in sorted(set(stacks) | set(after)):
            model, real = stacks.get(h, []), after.get(h, [])
            k = 0
            for tile, node in model:
                if k < len(real) and _same(tile, real[k]):
                    goal = Point3(*hex_xy(*h), tile_z(k))
                    if node is not None and (self._at(node) - goal).length() > 1e-6:
                        second.append(anim.slide(node, goal, 0.3))   # drops onto what is left below
                    k += 1
                elif node is not None:
                    second.append(self._to_tray(tile, node))
        return Sequence(Parallel(*first) if first else Wait(0), Parallel(*second) if second else Wait(0))

    def _to_tray(self, tile: dict[str, Any], node: NodePath | None) -> Sequence:
        """A tile leaving the board flies in an arc to its owner's tray, and is gone."""
        if node is None:
            return Sequence()
        goal = Point3(self.view.tray_goal(tile))
        start = self._at(node)
        return Sequence(anim.hop(node, goal, 2.0, 0.6, start=start), anim.vanish(node, 0.2), Func(node.hide))
