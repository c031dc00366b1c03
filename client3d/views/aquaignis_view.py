"""AquaIgnis on the table: seven lanes, AQUA rising from the bottom edge,
IGNIS descending from the top (chevrons in each lane show both directions).

Pieces are stacks of charge discs, a Crown is crowned with spikes, a barrier
is a wall whose height is its durability and whose cracks are what it lost
(`aquaignis_pieces`). A link is an arch between the two linked flows at the
owner's end; the score shows as breakthrough pips beside each side's goal.
Surges send a wave to the flanks they pulse, and the boosted pieces swell.
"""

from __future__ import annotations

from typing import Any

from direct.interval.IntervalGlobal import Func, LerpScaleInterval, Parallel, Sequence, Wait
from panda3d.core import NodePath, Point3

from triptych.client3d import animation as anim
from triptych.client3d.camera import View
from triptych.client3d.geometry import SELECTED, TARGET, box, label, prism
from triptych.client3d.picking import make_pickable
from triptych.client3d.views.aquaignis_pieces import (AQUA_COLOR, COLORS, CROWN_COLORS, DX, IGNIS_COLOR, LINK_TEXT,
                                                      OWNERS, SLOT, lane, link_arch, link_color, slot_xy, unit_node)
from triptych.client3d.views.base import GameView

__all__ = ["AquaIgnisView", "CROWN_COLORS", "LINK_TEXT", "link_color", "slot_key", "slot_xy", "units_of"]

NAMES = ("AQUA", "IGNIS")
VERBS = {"spawn": "Spawn", "charge": "Charge", "advance": "Advance", "surge": "Surge", "barrier": "Barrier",
         "jump": "Jump", "pass": "Pass"}


def slot_key(flow: int, pos: int) -> str:
    return f"slot:{flow}:{pos}"


def owner_of(unit: dict[str, Any]) -> int:
    return OWNERS[unit["owner"]]


def units_of(state: Any) -> dict[tuple[int, int], dict[str, Any]]:
    return {(u["flow"], u["pos"]): u for u in state.to_dict()["pieces"]}


class AquaIgnisView(GameView):
    title = "aquaignis"

    def home_view(self) -> View:
        return View(heading=0, pitch=57, distance=19.5, target=(0, -0.75, 0))

    # -- drawing ---------------------------------------------------------------------------------------------
    def build(self, state: Any) -> None:
        self.clear()
        self.units: dict[tuple[int, int], NodePath] = {}
        board = self.root.attach_new_node("board")
        for flow in range(1, 8):
            x, _ = slot_xy(flow, 0)
            lane(board, flow)
            num = label(str(flow), 0.42, (0.8, 0.82, 0.86, 1))
            num.set_pos(x, slot_xy(flow, 0)[1] - 1.25, 0.01)
            num.reparent_to(board)
            for pos in range(7):
                sx, sy = slot_xy(flow, pos)
                pad = box(1.04, 1.0, 0.05, "slot")
                pad.set_pos(sx, sy, 0)
                tint = (0.16, 0.3, 0.46, 1) if pos == 0 else (0.46, 0.22, 0.14, 1) if pos == 6 else SLOT
                pad.set_color(*tint)
                pad.reparent_to(board)
                make_pickable(pad, slot_key(flow, pos))
                self.nodes[slot_key(flow, pos)] = pad
        # The two ends: AQUA's entry row at the bottom, IGNIS's at the top; each side's goal is the far edge.
        # Outside the link arches' rows (0.78 beyond each end row), so a link never crosses them.
        for y, text, color in ((slot_xy(1, 0)[1] - 1.75, "AQUA enters here  -  IGNIS breaks through", AQUA_COLOR),
                               (slot_xy(1, 6)[1] + 1.95, "IGNIS enters here  -  AQUA breaks through", IGNIS_COLOR)):
            t = label(text, 0.34, color)
            t.set_pos(0, y, 0.01)
            t.reparent_to(board)
        data = state.to_dict()
        self._draw_score(data)
        self._draw_links(data)
        for (flow, pos), unit in units_of(state).items():
            self.units[(flow, pos)] = self._unit_node(unit)

    def _unit_node(self, unit: dict[str, Any]) -> NodePath:
        node = unit_node(self.root, unit)
        make_pickable(node, slot_key(unit["flow"], unit["pos"]))
        return node

    def tray_nodes(self) -> dict[str, NodePath]:
        return {k: v for k, v in self.nodes.items() if k.startswith("score:")}

    def _draw_score(self, data: dict[str, Any]) -> None:
        for side, owner in (("aqua", 0), ("ignis", 1)):
            x = -5.95 if owner == 0 else 5.95
            t = label(NAMES[owner], 0.4, COLORS[owner])
            t.set_pos(x, 0.6, 0.01)
            t.reparent_to(self.root)
            for i in range(4):
                scored = i < data["score"][side]
                pip = prism(24, 0.3, 0.22 if scored else 0.04, "score-pip")
                pip.set_pos(x, -0.3 - i * 0.85, 0)
                pip.set_color(*(COLORS[owner] if scored else (0.25, 0.27, 0.3, 1)))
                pip.reparent_to(self.root)
                self.nodes[f"score:{owner}:{i}"] = pip

    def _draw_links(self, data: dict[str, Any]) -> None:
        for link in data.get("links", []):
            owner = OWNERS[link["owner"]]
            self.nodes[f"link:{owner}"] = link_arch(self.root, owner, link["flows"], link["turns_left"])

    def highlight(self, state: Any, selected: str | None, targets: dict[str, list[Any]]) -> None:
        super().highlight(state, selected, targets)
        for key, color, size in ([(selected, SELECTED, 1.2)] if selected else []) + \
                [(k, TARGET, 1.12) for k in targets]:
            _, flow, pos = key.split(":")
            x, y = slot_xy(int(flow), int(pos))
            frame = prism(4, size * 0.72, 0.07, "highlight", angle0=0.785)
            frame.set_pos(x, y, 0.0)
            frame.set_color(*color)
            frame.set_light_off()
            frame.reparent_to(self.highlights)
            self.nodes["highlight:" + key] = frame

    # -- actions <-> keys --------------------------------------------------------------------------------------
    def source_of(self, action: Any, data: dict[str, Any], state: Any) -> list[str]:
        kind = data["type"]
        if kind == "pass":
            return []
        if kind == "spawn":
            return [slot_key(data["flow"], 0 if state.to_move == 0 else 6)]
        return [slot_key(data["flow"], data["pos"])]

    def target_of(self, action: Any, data: dict[str, Any], state: Any) -> str | None:
        if data["type"] == "jump":
            return slot_key(data["to_flow"], data["to_pos"])
        if data["type"] in ("advance", "surge"):
            # Where the piece would end, read off the engine applied to a copy (a clash that holds it
            # back, a breakthrough: no target square, the button plays it).
            from types import SimpleNamespace

            after = state.clone()
            after.apply(action)
            origin = (data["flow"], data["pos"])
            move = SimpleNamespace(before=state, after=after)
            end = self._landing(origin, 1 if state.to_move == 0 else -1, units_of(state), units_of(after), move)
            if isinstance(end, tuple) and end != origin:
                return slot_key(*end)
        return None

    # Each kind of action has its own button place, wherever the piece stands.
    action_order = ("spawn", "advance", "charge", "barrier", "surge", "jump", "pass")

    def describe(self, action: Any, data: dict[str, Any]) -> str:
        """A button's words ("Advance (flow 3, pos 2)"); the notation is in the tooltip."""
        kind = data["type"]
        verb = VERBS.get(kind, kind.capitalize())
        if kind == "pass":
            return "Pass"
        if kind == "spawn":
            return f"Spawn on flow {data['flow']}"
        if kind == "jump":
            return f"Jump to flow {data['to_flow']} (pos {data['to_pos']})"
        return f"{verb} (flow {data['flow']}, pos {data['pos']})"

    def explain(self, action: Any, data: dict[str, Any], state: Any) -> str:
        """The action and what the engine says it would do (applied to a copy)."""
        from triptych.events import events_of

        after = state.clone()
        after.apply(action)
        return "; ".join(e.text for e in events_of(state, after, action, state.to_move)) + f"  [{action}]"

    def why_idle(self, key: str, state: Any) -> str:
        _, flow, pos = key.split(":")
        unit = units_of(state).get((int(flow), int(pos)))
        side = "AQUA" if state.to_move == 0 else "IGNIS"
        if unit is None:
            return f"Flow {flow}, position {pos} is empty: click one of {side}'s pieces or its entry slot."
        owner = unit["owner"].upper()
        if owner != side:
            return f"That is {owner}'s unit: it is {side}'s turn."
        return "That unit has no legal action now."

    def describe_key(self, key: str, state: Any) -> str:
        _, flow, pos = key.split(":")
        return f"Flow {flow}, position {pos}"

    def explain_key(self, key: str, state: Any) -> str:
        """What stands on the hovered slot, read from the engine's state (never from what was drawn before)."""
        text = self.describe_key(key, state)
        if not key.startswith("slot:"):
            return text
        _, flow, pos = key.split(":")
        unit = units_of(state).get((int(flow), int(pos)))
        if unit is None:
            return text + ": empty"
        owner = unit["owner"].upper()
        if unit["kind"] == "barrier":
            return text + f": {owner} barrier, durability {unit['charge']}"
        crown = " (the Crown)" if unit["charge"] == 4 else ""
        return text + f": {owner} piece, charge {unit['charge']}{crown}"

    def info(self, state: Any) -> str:
        data = state.to_dict()
        text = f"Breakthroughs  AQUA {data['score']['aqua']}  -  IGNIS {data['score']['ignis']}   (first to 4 wins)"
        for link in data.get("links", []):
            flows = " & ".join(str(f) for f in link["flows"])
            text += f"\n{link['owner'].upper()} flows {flows} linked ({link['turns_left']} turn{'s' if link['turns_left'] != 1 else ''} left)"
        return text

    # -- animation ----------------------------------------------------------------------------------------------
    def animate(self, move) -> Any:
        data = move.action.to_dict()
        kind = data["type"]
        before, after = units_of(move.before), units_of(move.after)
        mover = move.player
        direction = 1 if mover == 0 else -1
        steps: list[Any] = []
        touched: set[tuple[int, int]] = set()
        if kind in ("advance", "surge"):
            origin = (data["flow"], data["pos"])
            node = self.units.get(origin)
            touched.add(origin)
            end = self._landing(origin, direction, before, after, move)
            if node is not None:
                if end == "off":
                    x, y = slot_xy(origin[0], 6 if mover == 0 else 0)
                    goal = Point3(x, y + direction * 1.8, 0.05)
                    steps.append(Sequence(anim.slide(node, goal, 0.45), anim.vanish(node, 0.3)))
                elif end is None:  # lost the fight: bump forward, then gone
                    x, y = slot_xy(origin[0], origin[1] + direction)
                    steps.append(Sequence(anim.slide(node, Point3(x, y - direction * 0.45, 0.05), 0.2),
                                          anim.vanish(node, 0.25)))
                else:
                    x, y = slot_xy(*end)
                    steps.append(anim.slide(node, Point3(x, y, 0.05), 0.4 if kind == "advance" else 0.5))
            if kind == "surge":
                x, y = slot_xy(*origin)
                where = end if isinstance(end, tuple) else origin
                wx, wy = slot_xy(*where)
                steps.append(Sequence(Wait(0.35), anim.ring(self.root, Point3(wx, wy, 0.08), COLORS[mover],
                                                            radius=DX * 1.6)))
        elif kind == "jump":
            origin, target = (data["flow"], data["pos"]), (data["to_flow"], data["to_pos"])
            node = self.units.get(origin)
            touched.update((origin, target))
            if node is not None:
                tx, ty = slot_xy(*target)
                ox, oy = slot_xy(*origin)
                lands = after.get(target, {}).get("owner") == before[origin]["owner"]
                arc = anim.hop(node, Point3(tx, ty, 0.05), 1.4, 0.5)
                back = anim.hop(node, Point3(ox, oy, 0.05), 0.8, 0.35, start=Point3(tx, ty, 0.05))
                steps.append(arc if lands else Sequence(arc, back))
                victim = self.units.get(target)
                if victim is not None:   # the jumped piece: destroyed (the jumper takes its slot) or hit
                    steps.append(Sequence(Wait(0.45), anim.vanish(victim, 0.25) if lands else anim.shake(victim)))
        elif kind == "spawn":
            pass  # the new piece drops in below, like every new unit
        elif kind in ("charge", "barrier"):
            origin = (data["flow"], data["pos"])
            touched.add(origin)
            if origin in self.units:
                steps.append(anim.pulse(self.units[origin], 1.3, 0.35))
        # Everything else the engine changed: hits shake, destroyed units vanish, new units drop in,
        # boosted pieces (pulse, harmonic charge) pulse.
        # A surge's pulse (and a linked flow's harmonic charge) is a wave that leaves the action's slot
        # and reaches each piece it boosts or each fresh scout it sends: the engine's records say which.
        kinds = {e.kind for e in move.events}
        wave_from = None
        if kind == "surge" or (kind == "charge" and "charge" in kinds):
            origin = (data["flow"], data["pos"])
            end = self._landing(origin, direction, before, after, move) if kind == "surge" else origin
            wave_from = slot_xy(*(end if isinstance(end, tuple) else origin))
        late: list[Any] = []
        for slot in set(before) | set(after):
            if slot in touched:
                continue
            b, a = before.get(slot), after.get(slot)
            node = self.units.get(slot)
            reached = Wait(0.3)
            if wave_from is not None and a is not None and a["owner"] == ("aqua", "ignis")[mover] and (
                    b is None or a["charge"] > b["charge"]):
                reached = self._wave(Point3(*wave_from, 0.3), Point3(*slot_xy(*slot), 0.3), COLORS[mover])
            if b is not None and a is None and node is not None:
                late.append(Sequence(Wait(0.3), anim.vanish(node, 0.3)))
            elif b is None and a is not None and not self._arrival(slot, after, move):
                fresh = self._unit_node(a)
                fresh.hide()
                late.append(Sequence(reached, _show(fresh), anim.drop_in(fresh, 2.5, 0.35)))
            elif b is not None and a is not None and node is not None and (b != a):
                late.append(Sequence(reached, anim.shake(node) if a["charge"] < b["charge"] or
                                     a["owner"] != b["owner"] else anim.pulse(node, 1.35, 0.35)))
        # A new link rises between its two flows.
        links_before = {tuple(sorted(link["flows"])) for link in move.before.to_dict().get("links", [])}
        for link in move.after.to_dict().get("links", []):
            if tuple(sorted(link["flows"])) not in links_before:
                arch = link_arch(self.root, OWNERS[link["owner"]], link["flows"], link["turns_left"])
                arch.set_scale(1, 1, 0.01)
                arch.hide()
                late.append(Sequence(Wait(0.9), _show(arch), LerpScaleInterval(arch, 0.4, (1, 1, 1),
                                                                                 blendType="easeOut")))
        return Parallel(*steps, *late)

    def _wave(self, start: Point3, end: Point3, color) -> Sequence:
        """A glowing bead that runs from `start` to `end` (a pulse travelling to the piece it boosts)."""
        bead = prism(16, 0.16, 0.16, "pulse-wave")
        bead.set_color(*(min(1.0, c * 1.5) for c in color[:3]), 1)
        bead.set_light_off()
        bead.reparent_to(self.root)
        bead.set_pos(start)
        bead.hide()
        return Sequence(Wait(0.35), _show(bead), anim.hop(bead, end, 0.5, 0.4, start=start), Func(bead.remove_node))

    def _landing(self, origin, direction, before, after, move):
        """Where the moving piece ended, read from the engine's result: a slot, "off" (scored) or None (lost)."""
        owner = before[origin]["owner"]
        side = OWNERS[owner]
        for k in (2, 1, 3):
            slot = (origin[0], origin[1] + direction * k)
            if slot in after and after[slot]["owner"] == owner and after[slot]["kind"] == "piece" \
                    and before.get(slot) != after[slot]:
                return slot
        if move.after.to_dict()["score"][owner] > move.before.to_dict()["score"][owner]:
            return "off"
        if origin in after and after[origin]["owner"] == owner:
            return origin  # held back (equal clash, or a barrier that held)
        del side
        return None

    def _arrival(self, slot, after, move) -> bool:
        """Whether `slot`'s new unit is the mover that just slid there (already animated)."""
        data = move.action.to_dict()
        if data["type"] in ("advance", "surge", "jump"):
            return slot[0] == data.get("to_flow", data["flow"]) and after[slot]["owner"] == ("aqua", "ignis")[
                move.player]
        return False


def _show(np: NodePath):
    from direct.interval.IntervalGlobal import Func

    return Func(np.show)
