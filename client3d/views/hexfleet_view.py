"""Hexfleet on the table: thick bevelled hexagonal tiles stacked at their true levels.

Green (player 0) and purple (player 1) tiles show their unit on the top face
and, on the two side faces toward the default camera, the unit's letter and
the tile's level, so every buried tile can be read (hover a column for its
stack listed bottom to top). A face-down ship shows the Shield symbol; a
Command Core has a gold band. Each reserve is a tray beside the table with a
count per unit. A ship on an enemy Core raises a red flag; N (or the Network
button) draws the power network the engine reports: each tile's route home
to its Core, cut vertices ringed in red.

Landing spots are previewed by applying the action to a *copy* of the engine
state (so a push shows where the ship really falls, or that it is crushed);
the client computes no rules of its own. Pieces are drawn by
`hexfleet_pieces`, animations planned by `hexfleet_motion`.
"""

from __future__ import annotations

from typing import Any

from panda3d.core import NodePath

from triptych.client3d.camera import View
from triptych.client3d.geometry import SELECTED, TARGET, box, label, prism, ring_outline
from triptych.client3d.picking import make_pickable
from triptych.client3d.views.base import GameView
from triptych.client3d.views.hexfleet_motion import HexfleetMotion
from triptych.client3d.views.hexfleet_pieces import (COLORS, DANGER, HEX_ANGLE0, NAMES, NEIGHBOURS, SIZE,
                                                     TILE_H, UNIT_NAMES, UNIT_TEXT, column_top, hex_xy, make_tile,
                                                     network_overlay, threat_flag)

__all__ = ["HexfleetView", "TILE_H", "hex_xy", "hex_key", "columns"]

TRAY_UNITS = ("shipyard", "shield", "frigate", "destroyer", "repulsor")


def hex_key(q: int, r: int) -> str:
    return f"hex:{q}:{r}"


def columns(state_dict: dict[str, Any]) -> dict[tuple[int, int], list[dict[str, Any]]]:
    return {(s["q"], s["r"]): s["tiles"] for s in state_dict["stacks"]}


def stack_lines(tiles: list[dict[str, Any]]) -> list[str]:
    """A column's tiles bottom to top: "level owner kind" (a face-down ship shows only as a Shield)."""
    out = []
    for level, t in enumerate(tiles):
        kind = "Shield (face-down ship)" if t.get("face_down") else UNIT_NAMES[t["unit"]]
        out.append(f"{level} {NAMES[t['owner']]} {kind}")
    return out


class HexfleetView(GameView):
    title = "hexfleet"
    player_names = NAMES

    def home_view(self) -> View:
        # Three-quarters, low enough that a stack's side faces (letters, levels) and its height read.
        return View(heading=0, pitch=42, distance=19.5, target=(0.0, -0.5, 0))

    # -- drawing ---------------------------------------------------------------------------------------------
    def build(self, state: Any) -> None:
        self.clear()
        data = state.to_dict()
        self.state = state
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
            cell = prism(6, SIZE * 0.95, 0.02, "ground", angle0=HEX_ANGLE0)
            x, y = hex_xy(q, r)
            cell.set_pos(x, y, -0.03)
            cell.set_color(0.17, 0.24, 0.22, 1)
            cell.reparent_to(self.root)
            make_pickable(cell, hex_key(q, r))
            self.nodes["ground:" + hex_key(q, r)] = cell
        for (q, r), tiles in self.cols.items():
            for level, tile in enumerate(tiles):
                self.tiles[(q, r, level)] = make_tile(self.root, tile, q, r, level)
            # The whole column picks as one (a buried tile is clicked through its column).
            for level in range(len(tiles)):
                make_pickable(self.tiles[(q, r, level)], hex_key(q, r))
            self.nodes[hex_key(q, r)] = self.tiles[(q, r, len(tiles) - 1)]
        self._draw_threats(state)
        self._draw_trays(data)
        if getattr(self, "network_shown", False):
            self._draw_network()

    def new_tile(self, tile: dict[str, Any], q: int, r: int, level: int) -> NodePath:
        """A tile node the animation brings in (a spawn)."""
        return make_tile(self.root, tile, q, r, level)

    def tray_goal(self, tile: dict[str, Any]):
        """Where a tile returning to its reserve flies: above its tray slot (a Core has none: above the tray)."""
        slot = self.trays.get((tile["owner"], tile["unit"])) or self.trays.get((tile["owner"], "shield"))
        return slot.get_pos(self.root) + (0, 0, 0.6)

    def _draw_threats(self, state: Any) -> None:
        from triptych.events import boarded_cores

        for q, r, _ in boarded_cores(state):
            self.nodes[f"threat:{q}:{r}"] = threat_flag(self.root, q, r, column_top(self.cols[(q, r)]))

    # -- the power network -------------------------------------------------------------------------------------
    def toggle_network(self) -> None:
        self.show_network(not getattr(self, "network_shown", False))

    def show_network(self, shown: bool) -> None:
        """Draws (or hides) the engine's power network over the stacks."""
        self.network_shown = shown
        old = self.nodes.pop("network", None)
        if old is not None:
            old.remove_node()
        for key in [k for k in self.nodes if k.startswith(("route:", "cut:"))]:
            del self.nodes[key]
        if shown:
            self._draw_network()

    def _draw_network(self) -> None:
        state = self.state
        cores = (tuple(state.core(0)), tuple(state.core(1)))
        self.nodes.update(network_overlay(self.root, state.power_network(), self.cols, cores))

    def _draw_trays(self, data: dict[str, Any]) -> None:
        for owner in (0, 1):
            tray = self.root.attach_new_node(f"tray-{owner}")
            x0 = -5.1 if owner == 0 else 5.1
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
                    piece = prism(6, 0.42, 0.1, "tray-tile", angle0=HEX_ANGLE0)
                    piece.set_z(k * 0.11)
                    piece.set_color(*COLORS[owner])
                    piece.reparent_to(slot)
                t = label(f"{UNIT_TEXT[unit]} x{count}", 0.22, (1, 1, 1, 1) if count else (0.5, 0.5, 0.5, 1))
                t.set_pos(x0 + 0.55, y - 0.08, 0.05)
                t.reparent_to(tray)
                self.trays[(owner, unit)] = slot
            make_pickable(tray, f"reserve:{owner}")
            self.nodes[f"reserve:{owner}"] = tray

    def tray_nodes(self) -> dict[str, NodePath]:
        return {k: v for k, v in self.nodes.items() if k.startswith("reserve:")}

    def tray_count(self, owner: int, unit: str) -> int:
        return self.data["reserves"][owner].get(unit, 0)

    # -- highlights with engine-previewed landing spots -----------------------------------------------------
    def highlight(self, state: Any, selected: str | None, targets: dict[str, list[Any]]) -> None:
        super().highlight(state, selected, targets)
        if selected is not None and selected.startswith("hex:"):
            q, r = (int(v) for v in selected.split(":")[1:])
            ring = prism(6, SIZE * 1.02, 0.05, "selected", angle0=HEX_ANGLE0)
            # Just below the top face and wider than the tile: a gold rim around the selected tile.
            tiles = self.cols.get((q, r), [])
            top = column_top(tiles)
            ring.set_pos(*hex_xy(q, r), max(0.0, top - 0.08))
            ring.set_color(*SELECTED)
            ring.set_light_off()
            ring.reparent_to(self.highlights)
            self.nodes["highlight:" + selected] = ring
        for key, actions in targets.items():
            q, r = (int(v) for v in key.split(":")[1:])
            # A push aimed here is previewed first: where the pushed ship falls matters most.
            chosen = next((a for a in actions if a.to_dict()["type"] == "push"), actions[0])
            preview = self._preview(state, chosen)
            level = preview.get("level", len(self.cols.get((q, r), [])))
            # A neutral frame around the hex, not a disc over it: the tile's colour and label stay visible.
            ghost = ring_outline(6, SIZE * 1.0, 0.13, 0.06, "target", angle0=HEX_ANGLE0)
            ghost.set_pos(*hex_xy(q, r), level * TILE_H + 0.02 if level else 0.0)
            ghost.set_color(*TARGET)
            ghost.set_light_off()
            ghost.reparent_to(self.highlights)
            make_pickable(ghost, key)
            self.nodes["highlight:" + key] = ghost
            if "fall" in preview:  # where the pushed ship falls (or the crush)
                fq, fr, flevel, crushed = preview["fall"]
                mark = prism(6, SIZE * 0.6, 0.06, "push-fall", angle0=HEX_ANGLE0)
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
        """A button's words: "Move Frigate to 0,1", "Place Destroyer at 1,0" (the notation is in the tooltip)."""
        kind = data["type"]
        if kind == "spawn":
            face = " face-down" if data.get("face_down") else ""
            return f"Place {UNIT_NAMES[data['unit']]}{face} at {data['at'][0]},{data['at'][1]}"
        if kind == "shipyard":
            return f"Build a Shipyard at {data['at'][0]},{data['at'][1]}"
        where = data.get("to") or data.get("target")
        if kind == "move":
            return f"Move {self._unit_at(data['from'])} to {where[0]},{where[1]}"
        verb = {"destroy": "Destroy", "push": "Push"}[kind]
        return f"{verb} {self._unit_at(where)} at {where[0]},{where[1]}"

    def _unit_at(self, hex_: Any) -> str:
        """The name of the top tile at `hex_` on the table as drawn ("ship" if none)."""
        tiles = getattr(self, "cols", {}).get(tuple(hex_))
        if not tiles:
            return "ship"
        return "Shield" if tiles[-1].get("face_down") else UNIT_NAMES[tiles[-1]["unit"]]

    action_order = ("move", "destroy", "push", "shipyard", "spawn")

    def explain(self, action: Any, data: dict[str, Any], state: Any) -> str:
        """What the engine says the action would do (applied to a copy): pushes, falls, crushes, boarding."""
        from triptych.events import events_of

        after = state.clone()
        after.apply(action)
        return "; ".join(e.text for e in events_of(state, after, action, state.to_move)) + f"  [{action}]"

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

    def explain_key(self, key: str, state: Any) -> str:
        """Hovering a column lists its stack, bottom to top: level, owner and kind of every tile."""
        text = self.describe_key(key, state)
        if key.startswith("hex:"):
            q, r = (int(v) for v in key.split(":")[1:])
            stack = stack_lines(self.cols.get((q, r), []))
            if len(stack) > 1:
                text += " - stack, bottom to top: " + "; ".join(stack)
        return text

    def info(self, state: Any) -> str:
        d = state.to_dict()
        on_board = [sum(len([t for t in s["tiles"] if t["owner"] == p]) for s in d["stacks"]) for p in (0, 1)]
        text = f"Tiles on the table: Green {on_board[0]}, Purple {on_board[1]}   Turn {d['turn'] + 1}"
        if d.get("countdown") is not None:
            n = d["countdown"]
            text += f"\nFleets separated: a draw in {n} turn{'s' if n != 1 else ''} unless they make contact"
        return text

    # -- animation ----------------------------------------------------------------------------------------
    def animate(self, move) -> Any:
        return HexfleetMotion(self).interval(move)
