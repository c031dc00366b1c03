"""Hexfleet on the table: hexagonal prism tiles stacked at their true levels.

Green (player 0) and purple (player 1) tiles show their unit on the top face;
a face-down ship shows the Shield symbol; the Command Cores are taller and
gold-rimmed. Each reserve is a tray beside the table with a count per unit.
Landing spots are previewed by applying the action to a *copy* of the engine
state (so a push shows where the ship really falls, or that it is crushed):
the client computes no rules of its own.
"""

from __future__ import annotations

import math
from typing import Any

from direct.interval.IntervalGlobal import Func, Parallel, Sequence, Wait
from panda3d.core import NodePath, Point3

from triptych.client3d import animation as anim
from triptych.client3d.camera import View
from triptych.client3d.geometry import box, label, prism
from triptych.client3d.picking import make_pickable
from triptych.client3d.views.base import GameView

COLORS = ((0.18, 0.7, 0.32, 1), (0.58, 0.3, 0.84, 1))          # the seed's green and purple fleets
DARK = ((0.1, 0.36, 0.17, 1), (0.3, 0.15, 0.45, 1))
GOLD = (1.0, 0.8, 0.22, 1)
HIGHLIGHT = (1.0, 0.92, 0.3, 1)
TARGET = (0.35, 1.0, 0.5, 1)
DANGER = (1.0, 0.25, 0.2, 1)
NAMES = ("Green", "Purple")
SIZE = 0.62          # hex radius on the table
TILE_H = 0.28
UNIT_TEXT = {"core": "CORE", "shipyard": "YARD", "shield": "SHIELD", "frigate": "FRIG", "destroyer": "DEST",
             "repulsor": "REPUL"}
UNIT_NAMES = {"core": "Core", "shipyard": "Shipyard", "shield": "Shield", "frigate": "Frigate",
              "destroyer": "Destroyer", "repulsor": "Repulsor"}
TRAY_UNITS = ("shipyard", "shield", "frigate", "destroyer", "repulsor")
NEIGHBOURS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def hex_xy(q: int, r: int) -> tuple[float, float]:
    """Axial -> table coordinates (pointy-top hexes; r grows toward the viewer)."""
    return SIZE * math.sqrt(3) * (q + r / 2), -SIZE * 1.5 * r


def hex_key(q: int, r: int) -> str:
    return f"hex:{q}:{r}"


def columns(state_dict: dict[str, Any]) -> dict[tuple[int, int], list[dict[str, Any]]]:
    return {(s["q"], s["r"]): s["tiles"] for s in state_dict["stacks"]}


class HexfleetView(GameView):
    title = "hexfleet"
    player_names = NAMES

    def home_view(self) -> View:
        return View(heading=0, pitch=60, distance=22.5, target=(0.3, -1.0, 0))

    # -- drawing ---------------------------------------------------------------------------------------------
    def build(self, state: Any) -> None:
        self.clear()
        data = state.to_dict()
        self.data = data
        self.cols = columns(data)
        self.tiles: dict[tuple[int, int, int], NodePath] = {}
        self.trays: dict[tuple[int, str], NodePath] = {}
        occupied = set(self.cols)
        # A faint hex grid around the fleets, so empty ground can be read (and clicked).
        ground = set(occupied)
        for q, r in occupied:
            for dq, dr in NEIGHBOURS:
                ground.add((q + dq, r + dr))
                for eq, er in NEIGHBOURS:
                    ground.add((q + dq + eq, r + dr + er))
        for q, r in ground:
            cell = prism(6, SIZE * 0.95, 0.02, "ground", angle0=math.pi / 6)
            x, y = hex_xy(q, r)
            cell.set_pos(x, y, -0.03)
            cell.set_color(0.17, 0.24, 0.22, 1)
            cell.reparent_to(self.root)
            make_pickable(cell, hex_key(q, r))
            self.nodes["ground:" + hex_key(q, r)] = cell
        for (q, r), tiles in self.cols.items():
            for level, tile in enumerate(tiles):
                node = self._tile_node(tile, q, r, level)
                self.tiles[(q, r, level)] = node
            make_pickable(self.tiles[(q, r, len(tiles) - 1)], hex_key(q, r))
            self.nodes[hex_key(q, r)] = self.tiles[(q, r, len(tiles) - 1)]
        self._draw_trays(data)

    def _tile_node(self, tile: dict[str, Any], q: int, r: int, level: int, parent: NodePath | None = None) -> NodePath:
        owner, unit, down = tile["owner"], tile["unit"], tile.get("face_down", False)
        node = (parent or self.root).attach_new_node(f"tile-{q}-{r}-{level}")
        x, y = hex_xy(q, r)
        node.set_pos(x, y, level * TILE_H)
        core = unit == "core"
        body = prism(6, SIZE * 0.9, TILE_H * (1.5 if core else 1) - 0.02, "tile", angle0=math.pi / 6)
        body.set_color(*COLORS[owner])
        body.reparent_to(node)
        if core:  # the Command Core: taller, with a gold band and a gold crown ring on top
            rim = prism(6, SIZE * 0.95, 0.12, "core-rim", angle0=math.pi / 6)
            rim.set_z(TILE_H * 0.55)
            rim.set_color(*GOLD)
            rim.reparent_to(node)
            crest = prism(6, SIZE * 0.72, 0.05, "core-crest", angle0=math.pi / 6)
            crest.set_z(TILE_H * 1.5 - 0.03)
            crest.set_color(*GOLD)
            crest.reparent_to(node)
            inner = prism(6, SIZE * 0.6, 0.07, "core-top", angle0=math.pi / 6)
            inner.set_z(TILE_H * 1.5 - 0.03)
            inner.set_color(*DARK[owner])
            inner.reparent_to(node)
        top = TILE_H * (1.5 if core else 1) - 0.01
        shown = "shield" if down or unit == "shield" else unit
        if shown == "shield":  # the Shield symbol: an inset darker hex
            inset = prism(6, SIZE * 0.55, 0.03, "shield-mark", angle0=math.pi / 6)
            inset.set_z(top)
            inset.set_color(*DARK[owner])
            inset.reparent_to(node)
        text = UNIT_TEXT[shown] + ("~" if down else "")
        t = label(text, 0.22 if len(text) > 4 else 0.26, GOLD if core else (1, 1, 1, 1))
        if core:
            top += 0.04
        t.set_pos(0, -0.07, top + 0.04)
        t.reparent_to(node)
        return node

    def _draw_trays(self, data: dict[str, Any]) -> None:
        for owner in (0, 1):
            tray = self.root.attach_new_node(f"tray-{owner}")
            x0 = -7.0 if owner == 0 else 7.0
            base = box(2.2, 6.4, 0.12, "tray")
            base.set_pos(x0, -0.6, -0.1)
            base.set_color(0.22, 0.16, 0.11, 1)
            base.reparent_to(tray)
            title = label(NAMES[owner] + " reserve", 0.3, COLORS[owner])
            title.set_pos(x0, 2.95, 0.05)
            title.reparent_to(tray)
            reserve = data["reserves"][owner]
            for i, unit in enumerate(TRAY_UNITS):
                y = 2.1 - i * 1.25
                count = reserve.get(unit, 0)
                slot = tray.attach_new_node(f"tray-{owner}-{unit}")
                slot.set_pos(x0 - 0.45, y, 0)
                for k in range(min(count, 6)):  # a small stack: its height shows the count
                    piece = prism(6, 0.42, 0.1, "tray-tile", angle0=math.pi / 6)
                    piece.set_z(k * 0.11)
                    piece.set_color(*COLORS[owner])
                    piece.reparent_to(slot)
                t = label(f"{UNIT_TEXT[unit]} x{count}", 0.22, (1, 1, 1, 1) if count else (0.5, 0.5, 0.5, 1))
                t.set_pos(x0 + 0.55, y - 0.08, 0.05)
                t.reparent_to(tray)
                self.trays[(owner, unit)] = slot
            make_pickable(tray, f"reserve:{owner}")
            self.nodes[f"reserve:{owner}"] = tray

    def tray_count(self, owner: int, unit: str) -> int:
        return self.data["reserves"][owner].get(unit, 0)

    # -- highlights with engine-previewed landing spots -----------------------------------------------------
    def highlight(self, state: Any, selected: str | None, targets: dict[str, list[Any]]) -> None:
        super().highlight(state, selected, targets)
        if selected is not None and selected.startswith("hex:"):
            q, r = (int(v) for v in selected.split(":")[1:])
            ring = prism(6, SIZE * 1.02, 0.05, "selected", angle0=math.pi / 6)
            # Just below the top face and wider than the tile: a gold rim around the selected tile.
            tiles = self.cols.get((q, r), [])
            top = len(tiles) * TILE_H + (TILE_H * 0.5 if tiles and tiles[-1]["unit"] == "core" else 0)
            ring.set_pos(*hex_xy(q, r), max(0.0, top - 0.08))
            ring.set_color(*HIGHLIGHT)
            ring.set_light_off()
            ring.reparent_to(self.highlights)
            self.nodes["highlight:" + selected] = ring
        for key, actions in targets.items():
            q, r = (int(v) for v in key.split(":")[1:])
            # A push aimed here is previewed first: where the pushed ship falls matters most.
            chosen = next((a for a in actions if a.to_dict()["type"] == "push"), actions[0])
            preview = self._preview(state, chosen)
            level = preview.get("level", len(self.cols.get((q, r), [])))
            ghost = prism(6, SIZE * 0.86, 0.08, "target", angle0=math.pi / 6)
            ghost.set_pos(*hex_xy(q, r), level * TILE_H + 0.02)
            ghost.set_color(*TARGET)
            ghost.set_light_off()
            ghost.set_transparency(True)
            ghost.set_alpha_scale(0.8)
            ghost.reparent_to(self.highlights)
            make_pickable(ghost, key)
            self.nodes["highlight:" + key] = ghost
            if "fall" in preview:  # where the pushed ship falls (or the crush)
                fq, fr, flevel, crushed = preview["fall"]
                mark = prism(6, SIZE * 0.6, 0.06, "push-fall", angle0=math.pi / 6)
                mark.set_pos(*hex_xy(fq, fr), flevel * TILE_H + 0.03)
                mark.set_color(*(DANGER if crushed else (0.4, 0.8, 1.0, 1)))
                mark.set_light_off()
                mark.reparent_to(self.highlights)
                text = label("CRUSH" if crushed else "falls here", 0.2, (1, 1, 1, 1))
                text.set_pos(0, -0.05, 0.08)
                text.reparent_to(mark)
                self.nodes["fall:" + key] = mark

    def _preview(self, state: Any, action: Any) -> dict[str, Any]:
        """What the engine does with `action`, read off a copy: landing level, a pushed ship's fate."""
        d = action.to_dict()
        copy = state.clone()
        copy.apply(action)
        after = copy.to_dict()
        cols = columns(after)
        where = tuple(d.get("to") or d.get("at") or d.get("target"))
        out: dict[str, Any] = {}
        if d["type"] in ("move", "spawn", "shipyard"):
            out["level"] = max(0, len(cols.get(where, [])) - 1)
        if d["type"] == "push":
            tq, tr = d["target"]
            fq, fr = 2 * tq - d["from"][0], 2 * tr - d["from"][1]
            pushed = columns(self.data)[(tq, tr)][-1]
            reserve_before = self.data["reserves"][pushed["owner"]].get(pushed["unit"], 0)
            crushed = after["reserves"][pushed["owner"]].get(pushed["unit"], 0) > reserve_before
            fall_level = max(0, len(cols.get((fq, fr), [])) - (0 if crushed else 1))
            out["fall"] = (fq, fr, fall_level, crushed)
            out["level"] = len(columns(self.data)[(tq, tr)]) - 1
        if d["type"] == "destroy":
            out["level"] = len(columns(self.data)[where]) - 1
        return out

    # -- actions <-> keys -------------------------------------------------------------------------------------
    def source_of(self, action: Any, data: dict[str, Any], state: Any) -> list[str]:
        kind = data["type"]
        if kind in ("move", "destroy", "push"):
            return [hex_key(*data["from"])]
        me = state.to_move
        if kind == "shipyard":
            return [hex_key(q, r) for (q, r), t in self.cols.items() if t[0]["unit"] == "core" and t[0]["owner"] == me]
        if kind == "spawn":  # offered from each of my uncovered Shipyards beside the hex, and from my tray
            q, r = data["at"]
            keys = [hex_key(q + dq, r + dr) for dq, dr in NEIGHBOURS
                    if (t := self.cols.get((q + dq, r + dr))) and len(t) == 1 and t[0]["unit"] == "shipyard"
                    and t[0]["owner"] == me]
            return keys + [f"reserve:{me}"]
        return []

    def target_of(self, action: Any, data: dict[str, Any], state: Any) -> str | None:
        where = data.get("to") or data.get("at") or data.get("target")
        return hex_key(*where) if where is not None else None

    def describe(self, action: Any, data: dict[str, Any]) -> str:
        kind = data["type"]
        if kind == "spawn":
            face = " face-down" if data.get("face_down") else ""
            return f"{UNIT_NAMES[data['unit']]}{face} @{data['at'][0]},{data['at'][1]}"
        if kind == "shipyard":
            return f"Shipyard @{data['at'][0]},{data['at'][1]}"
        verb = {"move": "Move", "destroy": "Destroy", "push": "Push"}[kind]
        return f"{verb} {action}"

    action_order = ("move", "destroy", "push", "shipyard", "spawn")

    def explain(self, action: Any, data: dict[str, Any], state: Any) -> str:
        """What the engine says the action would do (applied to a copy): pushes, falls, crushes, boarding."""
        from triptych.events import events_of

        after = state.clone()
        after.apply(action)
        return "; ".join(e.text for e in events_of(state, after, action, state.to_move))

    def why_idle(self, key: str, state: Any) -> str:
        if key.startswith("hex:"):
            q, r = (int(v) for v in key.split(":")[1:])
            tiles = self.cols.get((q, r))
            if tiles and tiles[-1]["owner"] != state.to_move:
                return f"That tile is {NAMES[tiles[-1]['owner']]}'s: it is {NAMES[state.to_move]}'s turn."
            if tiles:
                return "That tile has no legal action now (covered, unpowered, or nowhere to go)."
        return ""

    def describe_key(self, key: str, state: Any) -> str:
        if key.startswith("reserve:"):
            return f"{NAMES[int(key.split(':')[1])]} reserve: spawn"
        q, r = (int(v) for v in key.split(":")[1:])
        tiles = self.cols.get((q, r))
        if not tiles:
            return f"hex {q},{r}"
        top = tiles[-1]
        unit = "Shield" if top.get("face_down") else UNIT_NAMES[top["unit"]]
        return f"{NAMES[top['owner']]} {unit} at {q},{r} (level {len(tiles) - 1})"

    def info(self, state: Any) -> str:
        d = state.to_dict()
        on_board = [sum(len([t for t in s["tiles"] if t["owner"] == p]) for s in d["stacks"]) for p in (0, 1)]
        text = f"Tiles on the table: Green {on_board[0]}, Purple {on_board[1]}   Turn {d['turn'] + 1}"
        if d.get("countdown") is not None:
            text += f"\nFLEETS SEPARATED - draw in {d['countdown']} turn(s) unless contact is made"
        return text

    # -- animation ----------------------------------------------------------------------------------------
    def animate(self, move) -> Any:
        d = move.action.to_dict()
        kind = d["type"]
        before, after = columns(move.before.to_dict()), columns(move.after.to_dict())
        first: list[Any] = []
        accounted: set[tuple[int, int, int]] = set()
        if kind == "move":
            fq, fr = d["from"]
            node = self.tiles.get((fq, fr, len(before[(fq, fr)]) - 1))
            accounted.add((fq, fr, len(before[(fq, fr)]) - 1))
            tq, tr = d["to"]
            level = len(after.get((tq, tr), [])) - 1
            if node is not None:
                first.append(anim.hop(node, Point3(*hex_xy(tq, tr), level * TILE_H), 0.6, 0.5))
        elif kind in ("spawn", "shipyard"):
            q, r = d["at"]
            tiles = after[(q, r)]
            fresh = self._tile_node(tiles[-1], q, r, len(tiles) - 1)
            fresh.hide()
            first.append(Sequence(Func(fresh.show), anim.drop_in(fresh, 2.2, 0.4)))
        elif kind in ("destroy", "push"):
            tq, tr = d["target"]
            tlevel = len(before[(tq, tr)]) - 1
            victim = self.tiles.get((tq, tr, tlevel))
            accounted.add((tq, tr, tlevel))
            fq, fr = d["from"]
            attacker = self.tiles.get((fq, fr, len(before[(fq, fr)]) - 1))
            accounted.add((fq, fr, len(before[(fq, fr)]) - 1))
            vt = before[(tq, tr)][-1]
            if kind == "destroy" and victim is not None:
                first.append(Sequence(anim.shake(victim, 0.1, 0.2), self._to_tray(victim, vt)))
            if kind == "push" and victim is not None:
                bq, br = 2 * tq - fq, 2 * tr - fr
                landed = after.get((bq, br), [])
                crushed = not (landed and landed[-1]["owner"] == vt["owner"] and len(landed) > len(before.get((bq, br), [])))
                if crushed:
                    first.append(Sequence(anim.slide(victim, Point3(*hex_xy(bq, br), tlevel * TILE_H + 0.2), 0.25),
                                          anim.shake(victim, 0.12, 0.15), self._to_tray(victim, vt)))
                else:
                    first.append(Sequence(anim.slide(victim, Point3(*hex_xy(bq, br), tlevel * TILE_H), 0.3),
                                          anim.slide(victim, Point3(*hex_xy(bq, br), (len(landed) - 1) * TILE_H),
                                                     0.25)))
                if attacker is not None and (tq, tr) in after and after[(tq, tr)][-1]["owner"] != vt["owner"]:
                    first.append(Sequence(Wait(0.1), anim.slide(attacker, Point3(*hex_xy(tq, tr),
                                                                             (len(after[(tq, tr)]) - 1) * TILE_H))))
        # The power check: tiles the engine removed beyond the action itself fade and return to their trays.
        cascade: list[Any] = []
        if kind in ("destroy", "push"):
            for (q, r), tiles in before.items():
                now = after.get((q, r), [])
                for level, tile in enumerate(tiles):
                    if (q, r, level) in accounted:
                        continue
                    still = level < len(now) and now[level] == tile
                    if not still and (q, r, level) in self.tiles and self._count(before, tile) > self._count(after, tile):
                        cascade.append(Sequence(anim.fade_out(self.tiles[(q, r, level)], 0.5),
                                                Func(self.tiles[(q, r, level)].hide)))
        return Sequence(Parallel(*first), Parallel(*cascade) if cascade else Wait(0))

    @staticmethod
    def _count(cols, tile) -> int:
        return sum(1 for ts in cols.values() for t in ts if t["owner"] == tile["owner"] and t["unit"] == tile["unit"])

    def _to_tray(self, node: NodePath, tile: dict[str, Any]) -> Sequence:
        """A removed tile flies to its owner's tray."""
        slot = self.trays.get((tile["owner"], tile["unit"] if tile["unit"] != "core" else "shield"))
        goal = slot.get_pos(self.root) + (0, 0, 0.6) if slot is not None else node.get_pos() + (0, 0, 3)
        return Sequence(anim.hop(node, Point3(goal), 2.0, 0.6), anim.vanish(node, 0.2))
