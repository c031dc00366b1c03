"""Combat on the table: you against the Betaal Sentinel.

The Sentinel stands at the far side with its HP, Block and telegraphed
intent; the variant's four slots (braziers, wells, ... with their marks) lie
in the middle; your hand is fanned at the front as 3D cards with name and
effect, with the draw, discard and exhaust piles beside it; the number die and
the element die are real dice that tumble onto the faces the engine's chance
outcome chose. Every legal decision is also a button.
"""

from __future__ import annotations

import re
from typing import Any

from direct.interval.IntervalGlobal import Func, LerpPosInterval, Parallel, Sequence, Wait
from panda3d.core import NodePath, Point3

from triptych.client3d import animation as anim
from triptych.client3d.camera import View
from triptych.client3d.combat_props import fighter_marks, fly_card, intent_banner, pile_moves, slot_marks
from triptych.client3d.dice import ELEMENT_COLORS, Die
from triptych.client3d.geometry import box, cone, label
from triptych.client3d.picking import make_pickable
from triptych.client3d.views.base import GameView

CARDS = {  # name -> (short notation, element, damage param, block param, rider)
    "Ember Lash": ("lash", "agni", "ember_lash_damage", None, ""),
    "Undertow": ("undertow", "jal", "undertow_damage", None, "Weak {undertow_weak}"),
    "Gale": ("gale", "vayu", "gale_damage", None, "draw {gale_draw}"),
    "Stoneskin": ("stone", "prithvi", None, "stoneskin_block", ""),
    "Shunya": ("shunya", "akasha", "shunya_damage", "shunya_block", "the variant's verb"),
}
NUMBER_FACES = ["1", "2", "3", "4", "blank", "blank"]
MAX_GEMS = 6
SLOT_X = (-4.2, -1.4, 1.4, 4.2)
SLOT_Y = 0.6
HAND_Y = -2.9
CARD_W, CARD_H = 1.9, 2.6
BRAZIERS = ("agni", "jal", "vayu", "prithvi")   # V02: the slots belong to the elements in this order
VERB_LABELS = {"roll_dice": "Roll the dice", "end": "End turn", "buy": "Buy cards"}


def card_parts(name: str) -> tuple[str, str]:
    """"Stoneskin:agni" (a converted card) -> ("Stoneskin", "agni")."""
    base, _, element = name.partition(":")
    return base, element or CARDS.get(base, ("", "akasha"))[1]


def card_effect(name: str, params: dict[str, Any]) -> str:
    base, _ = card_parts(name)
    info = CARDS.get(base)
    if info is None:
        return ""
    _, _, dmg, blk, rider = info
    parts = []
    if dmg and params.get(dmg):
        parts.append(f"Deal {params[dmg]}")
    if blk and params.get(blk):
        parts.append(f"Block {params[blk]}")
    if rider:
        parts.append(rider.format(**{k: params.get(k, 1) for k in ("undertow_weak", "gale_draw")}))
    cost = params.get(f"{base.lower().replace(' ', '_')}_cost")
    if cost is not None:
        parts.append(f"cost {cost}")
    return "\n".join(parts)


# The variants' own decisions, each with a fixed button place after Roll, End and Buy.
VARIANT_VERBS = {"v01": ("exhaust",), "v02": ("hold", "redirect_charge"),
                 "v03": ("detonate", "blunt", "reroll", "slide", "exhaust"), "v04": ("scrape",), "v05": (),
                 "v06": ("fire", "take_back"), "v07": ("hold", "repaint", "blast", "redirect", "fortify", "exhaust",
                                                       "move", "swap", "shunya"),
                 "v08": ("aim", "pull", "move"), "v09": ("force", "pull", "hop"), "v10": ("tilt", "redirect")}
VERB_HELP = {  # what a verb does, for its tooltip (the rules page has the details)
    "roll_dice": "Roll both dice: the number and the element decide what your cards do",
    "end": "End the turn: your cards resolve, then the Sentinel acts",
    "buy": "Buy cards: pay energy to draw", "hold": "Hold: keep the current colour/charge",
    "repaint": "Repaint the Wick in the rolled colour", "blast": "Blast: empty the Wick, 2 damage per charge",
    "redirect": "Redirect: the Sentinel's next attack goes into its own Block",
    "fortify": "Fortify: 1 charge into 1 standing Block", "exhaust": "Exhaust the card in a slot",
    "detonate": "Detonate the wells", "blunt": "Blunt the Sentinel's next blow", "reroll": "Reroll one well",
    "slide": "Slide a card to another slot", "scrape": "Scrape the paint off a slot",
    "fire": "Fire the card in a slot now", "take_back": "Take a card back to your hand",
    "move": "Move a card to another slot", "swap": "Swap two cards", "pull": "Pull a card",
    "aim": "Aim the fuse", "force": "Force the Sentinel's die", "hop": "Hop a card", "tilt": "Tilt a face of the die",
    "redirect_charge": "Move a brazier's charge to another brazier", "shunya": "Play Shunya free into a slot"}
# V07's counters in words (docs/rules/combat.md, V07).
WICK_COLOURS = {0: "agni", 1: "jal", 2: "vayu", 3: "prithvi", 5: "colourless"}
COUNTER_WORDS = {"colourless": "colourless charge", "repaint": "a rolled colour waits for Repaint or Hold",
                 "floor": "Prithvi floor reached", "frozen": "colour frozen this turn",
                 "redirect": "next attack redirected", "fired": "cards fired", "wild_used": "colourless spend used",
                 "mercy_used": "mercy used", "first": "first", "second": "second", "strong": "strong"}


def counters_text(counters: dict[str, int]) -> str:
    """The variant's counters as words ("Wick colour: agni, colourless charge 4")."""
    parts = []
    for key, value in counters.items():
        if key == "colour":
            parts.append(f"Wick colour: {WICK_COLOURS.get(value, value)}")
        elif value:
            word = COUNTER_WORDS.get(key, key.replace("_", " "))
            parts.append(word if key in ("repaint", "floor", "frozen", "redirect", "wild_used", "mercy_used")
                         else f"{word} {value}")
    return ", ".join(parts)


class CombatView(GameView):
    title = "combat"
    list_all_actions = True
    player_names = ("You", "Sentinel")

    @property
    def action_order(self) -> tuple[str, ...]:
        variant = getattr(self, "data", {}).get("variant", "")
        return ("roll_dice", "end", "buy") + VARIANT_VERBS.get(variant, ())

    def explain(self, action: Any, data: dict[str, Any], state: Any) -> str:
        kind = data["type"]
        p = self.params
        if kind == "place":
            base, _ = card_parts(data["card"])
            effect = card_effect(data["card"], p).replace("\n", ", ")
            pairing = re.search(rf"\[{data['slot']}\][^\[]*?{CARDS.get(base, ('?',))[0]}=(\w+)", str(state))
            extra = f"; pairing {pairing.group(1)}" if pairing else ""
            return f"Place {base} in slot {data['slot']}: {effect}{extra}"
        cost = ""
        if kind == "roll_dice":
            n = self.data.get("rolls", 0)
            free = p.get("free_rerolls", 0)
            price = p.get("first_roll_cost") if n == 0 else (0 if n <= free else p.get("reroll_cost"))
            if price is not None:
                cost = f" (cost {price} energy)"
        elif kind == "buy" and "paid_draw_cost" in p:
            cost = f" (cost {p['paid_draw_cost']} energy: draw {p.get('paid_draw_cards', 1)})"
        elif kind == "hold" and "hold_cost" in p:
            cost = f" (cost {p['hold_cost']})"
        return VERB_HELP.get(kind, str(action)) + cost

    def explain_key(self, key: str, state: Any) -> str:
        if key.startswith("card:"):
            name = key.split(":", 1)[1]
            return f"{name}: " + card_effect(name, self.params).replace("\n", ", ")
        if key.startswith("cslot:"):
            i = int(key.split(":")[1])
            slot = self.data["slots"][i - 1]
            return f"Slot {i}: " + (slot["card"] or "empty")
        return super().explain_key(key, state)

    def why_idle(self, key: str, state: Any) -> str:
        if key.startswith("card:"):
            return f"{key.split(':', 1)[1]} cannot be placed now (no free slot it may go to, or nothing to pay with)."
        if key.startswith("cslot:"):
            return "Choose a card in your hand first, then a highlighted slot."
        return ""

    def home_view(self) -> View:
        return View(heading=0, pitch=50, distance=25.5, target=(-1.0, 0.2, 0.6))

    # -- drawing ---------------------------------------------------------------------------------------------
    def build(self, state: Any) -> None:
        self.clear()
        d = state.to_dict()
        self.data = d
        self.params = d["params"]
        self.hand_cards: dict[str, NodePath] = {}
        self.slot_nodes: list[NodePath] = []
        self.marks: dict[str, list[NodePath]] = {}     # "enemy", "player", "slot:N" -> token stacks
        self._draw_sentinel(d, str(state))
        self._draw_slots(d)
        self._draw_hand(d)
        self._draw_piles(d)
        self._draw_player(d)
        self.dice = self._draw_dice(d)

    def _bar(self, parent: NodePath, value: int, maximum: int, color, pos, width: float = 3.2) -> None:
        back = box(width, 0.3, 0.08, "bar-back")
        back.set_pos(*pos)
        back.set_color(0.15, 0.15, 0.17, 1)
        back.reparent_to(parent)
        fill_w = max(0.001, width * max(0, value) / max(1, maximum))
        fill = box(fill_w, 0.32, 0.1, "bar-fill")
        fill.set_pos(pos[0] - (width - fill_w) / 2, pos[1], pos[2])
        fill.set_color(*color)
        fill.reparent_to(parent)

    def _draw_sentinel(self, d: dict[str, Any], text: str) -> None:
        root = self.root.attach_new_node("sentinel")
        root.set_pos(2.6, 4.6, 0)
        body = box(1.8, 1.2, 2.4, "sentinel-body")
        body.set_color(0.32, 0.3, 0.36, 1)
        body.reparent_to(root)
        head = cone(0.8, 1.3, 6, "sentinel-head")
        head.set_z(2.4)
        head.set_color(0.45, 0.2, 0.22, 1)
        head.reparent_to(root)
        for x in (-0.35, 0.35):  # eyes
            eye = box(0.25, 0.05, 0.15, "eye")
            eye.set_pos(x, -0.62, 1.9)
            eye.set_color(1, 0.2, 0.1, 1)
            eye.set_light_off()
            eye.reparent_to(root)
        e = d["enemy"]
        self._bar(root, e["hp"], e["max_hp"], (0.85, 0.15, 0.15, 1), (3.4, 0, 2.3))
        status = f"Betaal Sentinel  HP {e['hp']}/{e['max_hp']}"
        if e["block"] or e["standing_block"]:
            status += f"   Block {e['block'] + e['standing_block']}"
        stats = _statuses(e)
        t = label(status + (f"\n{stats}" if stats else ""), 0.32, (1, 0.85, 0.8, 1), flat=False)
        t.set_pos(3.4, 0, 2.7)
        t.reparent_to(root)
        intent = next((line.split("Intent:", 1)[1].strip() for line in text.splitlines() if "Intent:" in line), "")
        self.nodes["sentinel"] = root
        if intent:
            self.nodes["intent"] = intent_banner(root, intent, Point3(0, -0.4, 4.1))
        # Block and statuses as token stacks on the table beside the Sentinel.
        self.marks["enemy"] = fighter_marks(root, e, (-2.2, -1.2, 0))

    def _draw_slots(self, d: dict[str, Any]) -> None:
        braziers = d["variant"] == "v02"
        for i, slot in enumerate(d["slots"]):
            x = SLOT_X[i]
            color = ELEMENT_COLORS[BRAZIERS[i]] if braziers else (0.22, 0.26, 0.3, 1)
            pad = box(2.4, 3.1, 0.06, "slot")
            pad.set_pos(x, SLOT_Y, 0)
            pad.set_color(*(c * 0.55 for c in color[:3]), 1)
            pad.reparent_to(self.root)
            make_pickable(pad, f"cslot:{i + 1}")
            self.nodes[f"cslot:{i + 1}"] = pad
            self.slot_nodes.append(pad)
            name = f"{BRAZIERS[i].upper()} brazier" if braziers else f"Slot {i + 1}"
            t = label(f"{i + 1}  {name}", 0.26, (1, 1, 1, 1))
            t.set_pos(x, SLOT_Y + 1.75, 0.08)
            t.reparent_to(self.root)
            self.marks[f"slot:{i + 1}"] = slot_marks(self.root, slot, x, SLOT_Y - 1.85)
            if slot.get("card"):
                card = self._card_node(slot["card"], Point3(x, SLOT_Y, 0.07))
                make_pickable(card, f"cslot:{i + 1}")
                self.nodes[f"slotcard:{i + 1}"] = card

    def _card_node(self, name: str, pos: Point3, parent: NodePath | None = None) -> NodePath:
        base, element = card_parts(name)
        node = (parent or self.root).attach_new_node(f"card-{name}")
        node.set_pos(pos)
        face = box(CARD_W, CARD_H, 0.05, "card")
        face.set_color(0.93, 0.9, 0.82, 1)
        face.reparent_to(node)
        band = box(CARD_W - 0.16, 0.55, 0.02, "card-band")
        band.set_pos(0, CARD_H / 2 - 0.4, 0.05)
        band.set_color(*ELEMENT_COLORS.get(element, (0.6, 0.6, 0.6, 1)))
        band.reparent_to(node)
        title = label(base, 0.26, (0.08, 0.08, 0.1, 1))
        title.set_pos(0, CARD_H / 2 - 0.48, 0.08)
        title.reparent_to(node)
        el = label(element.upper(), 0.2, (0.25, 0.25, 0.28, 1))
        el.set_pos(0, 0.35, 0.06)
        el.reparent_to(node)
        effect = label(card_effect(name, self.params), 0.22, (0.1, 0.1, 0.12, 1))
        effect.set_pos(0, -0.15, 0.06)
        effect.reparent_to(node)
        return node

    def _draw_hand(self, d: dict[str, Any]) -> None:
        hand = [name for name, n in sorted(d["piles"]["hand"].items()) for _ in range(n)]
        spacing = min(2.1, 11.0 / max(1, len(hand)))
        x0 = -spacing * (len(hand) - 1) / 2
        for i, name in enumerate(hand):
            node = self._card_node(name, Point3(x0 + i * spacing, HAND_Y, 0.05 + i * 0.01))
            node.set_h((i - (len(hand) - 1) / 2) * -3)
            key = f"card:{name}"
            make_pickable(node, key)
            self.hand_cards.setdefault(name, node)
            self.nodes.setdefault(key, node)

    def _draw_piles(self, d: dict[str, Any]) -> None:
        for (pile, x, y) in (("draw", -8.4, HAND_Y + 0.4), ("discard", 8.3, 0.9), ("exhaust", 8.3, 3.8)):
            n = sum(d["piles"][pile].values())
            stack = self.root.attach_new_node(f"pile-{pile}")
            stack.set_pos(x, y, 0)
            for k in range(min(n, 12)):
                c = box(CARD_W * 0.8, CARD_H * 0.8, 0.04, "pile-card")
                c.set_z(k * 0.05)
                c.set_color(*((0.25, 0.2, 0.45, 1) if pile == "draw" else (0.45, 0.42, 0.38, 1)))
                c.reparent_to(stack)
            t = label(f"{pile} {n}", 0.3, (1, 1, 1, 1))
            t.set_pos(0, -CARD_H * 0.4 - 0.35, 0.02)
            t.reparent_to(stack)
            self.nodes[f"pile:{pile}"] = stack

    def _draw_player(self, d: dict[str, Any]) -> None:
        p = d["player"]
        root = self.root.attach_new_node("player")
        root.set_pos(-7.0, -0.4, 0)
        self._bar(root, p["hp"], p["max_hp"], (0.2, 0.8, 0.35, 1), (0, 0, 0.02), 2.8)
        text = f"You  HP {p['hp']}/{p['max_hp']}"
        if p["block"] or p["standing_block"]:
            text += f"  Block {p['block'] + p['standing_block']}"
        stats = _statuses(p)
        t = label(text + (f"\n{stats}" if stats else ""), 0.28, (0.85, 1, 0.85, 1))
        t.set_pos(0, 0.45, 0.05)
        t.reparent_to(root)
        self.marks["player"] = fighter_marks(root, p, (-1.1, 1.45, 0))
        # Energy as glowing gems, at most a row of six (V07's Wick can hold hundreds): the number says the rest.
        for k in range(min(d["energy"], MAX_GEMS)):
            gem = cone(0.18, 0.35, 6, "energy")
            gem.set_pos(-1.2 + k * 0.42, -0.6, 0)
            gem.set_color(1, 0.85, 0.2, 1)
            gem.reparent_to(root)
        e = label(f"energy {d['energy']}", 0.24, (1, 0.9, 0.4, 1))
        e.set_pos(0, -1.1, 0.02)
        e.reparent_to(root)
        self.nodes["player"] = root

    def _draw_dice(self, d: dict[str, Any]) -> tuple[Die, Die]:
        number = Die(self.root, NUMBER_FACES, (0.95, 0.95, 0.92, 1), (-7.8, 2.3, 0), "number-die")
        element = Die(self.root, list(d["element_faces"]), (0.3, 0.3, 0.34, 1), (-6.3, 2.3, 0), "element-die")
        dice = d["dice"]
        for die, value in ((number, dice["number"]), (element, dice["element"])):
            if value is None:
                die.show_unrolled()  # not rolled this turn: no face shown, so the dice never claim a result
            else:
                die.show_face(str(value))
        rolled = "not rolled" if dice["number"] is None else f"rolled {dice['number']} / {dice['element']}"
        t = label(rolled, 0.26, (1, 1, 1, 1))
        t.set_pos(-7.05, 1.45, 0.02)
        t.reparent_to(self.root)
        self.nodes["dice-label"] = t
        self.nodes["number-die"], self.nodes["element-die"] = number.node, element.node
        return number, element

    # -- actions <-> keys -------------------------------------------------------------------------------------
    def source_of(self, action: Any, data: dict[str, Any], state: Any) -> list[str]:
        if data["type"] == "place":
            return [f"card:{data['card']}"]
        return []

    def target_of(self, action: Any, data: dict[str, Any], state: Any) -> str | None:
        if data["type"] == "place":
            return f"cslot:{data['slot']}"
        return None

    def highlight(self, state: Any, selected: str | None, targets: dict[str, list[Any]]) -> None:
        super().highlight(state, selected, targets)
        for key in targets:
            i = int(key.split(":")[1]) - 1
            frame = box(2.6, 3.3, 0.04, "slot-target")
            frame.set_pos(SLOT_X[i], SLOT_Y, -0.01)
            frame.set_color(0.35, 1, 0.5, 1)
            frame.set_light_off()
            frame.reparent_to(self.highlights)
            self.nodes["highlight:" + key] = frame
        if selected in self.nodes:
            node = self.nodes[selected]
            glow = box(CARD_W + 0.2, CARD_H + 0.2, 0.03, "card-glow")
            glow.set_pos(node.get_pos())
            glow.set_h(node.get_h())
            glow.set_z(node.get_z() - 0.02)
            glow.set_color(1, 0.92, 0.3, 1)
            glow.set_light_off()
            glow.reparent_to(self.highlights)

    def describe(self, action: Any, data: dict[str, Any]) -> str:
        kind = data["type"]
        if kind == "place":
            base, element = card_parts(data["card"])
            converted = f" ({element})" if ":" in data["card"] else ""   # a converted card (V05) differs
            return f"{base}{converted} > slot {data['slot']}"
        if kind in VERB_LABELS:
            return VERB_LABELS[kind] + (" (reroll)" if kind == "roll_dice" and self.data.get("rolls") else "")
        return str(action)

    def describe_key(self, key: str, state: Any) -> str:
        return key.split(":", 1)[1] if ":" in key else key

    def info(self, state: Any) -> str:
        d = state.to_dict()
        variant = next((v for v in _variants() if v["id"] == d["variant"]), {})
        dice = d["dice"]
        rolled = "not rolled" if dice["number"] is None else f"{dice['number']} / {dice['element']}"
        text = (f"{d['variant'].upper()} {variant.get('name', '')} - turn {d['turn']}   Energy {d['energy']}   "
                f"Dice: {rolled}")
        counters = counters_text(d.get("counters", {})) if d["variant"] == "v07" else \
            "  ".join(f"{COUNTER_WORDS.get(k, k)} {v}" for k, v in d.get("counters", {}).items() if v)
        if counters:
            text += f"\n{counters}"
        legend = variant.get("legend", "")
        return text + ("\n" + legend if legend else "")

    # -- animation ----------------------------------------------------------------------------------------
    def animate(self, move) -> Any:
        d = move.action.to_dict()
        kind = d["type"]
        before, after = move.before.to_dict(), move.after.to_dict()
        steps: list[Any] = []
        if kind == "roll":  # the dice tumble onto the outcome's faces
            for die in self.dice:
                die.node.clear_color_scale()
            steps.append(self.dice[0].tumble(str(d["number"]), 0.9))
            steps.append(self.dice[1].tumble(str(d["element"]), 1.0))
            steps = [Parallel(*steps), Wait(0.25)]
            return Sequence(*steps)
        if kind == "place":
            node = self.hand_cards.get(d["card"])
            if node is not None:
                steps.append(anim.hop(node, Point3(SLOT_X[d["slot"] - 1], SLOT_Y, 0.07), 1.0, 0.45))
        else:
            steps += self._card_flights(before, after)
        # Damage and healing read off the engine's result, shown as floating numbers.
        for side, at in (("enemy", self.nodes["sentinel"].get_pos() + Point3(0, -0.8, 3.2)),
                         ("player", self.nodes["player"].get_pos() + Point3(0, 0, 1.0))):
            delta = after[side]["hp"] - before[side]["hp"]
            if delta:
                steps.append(self._float_text(f"{delta:+d} HP", at, (1, 0.3, 0.25, 1) if delta < 0 else
                                              (0.4, 1, 0.5, 1)))
                if side == "enemy" and delta < 0:
                    steps.append(anim.shake(self.nodes["sentinel"], 0.18, 0.35))
        return Parallel(*steps) if steps else Sequence(Wait(0.05))

    def _card_flights(self, before: dict[str, Any], after: dict[str, Any]) -> list[Any]:
        """Cards the action moved between the hand, the slots and the piles, flying one after another."""
        flights = []
        for i, (card, origin, dest) in enumerate(pile_moves(before, after)[:10]):
            start = self._place_of(card, origin)
            end = self._place_of(card, dest) + Point3(0, 0, 0.4)
            node = self._card_node(card, start)
            if origin.startswith("slot:") or origin == "hand":
                source = self.nodes.get(f"slotcard:{origin[5:]}") if origin.startswith("slot:") \
                    else self.hand_cards.get(card)
                if source is not None:
                    node.set_h(source.get_h())
                    flights.append(Sequence(Wait(0.12 * i), Func(source.hide)))
            flights.append(fly_card(node, start, end, flip=dest in ("discard", "exhaust", "draw"), delay=0.12 * i))
        return flights

    def _place_of(self, card: str, where: str) -> Point3:
        if where.startswith("slot:"):
            return Point3(SLOT_X[int(where[5:]) - 1], SLOT_Y, 0.1)
        if where == "hand":
            node = self.hand_cards.get(card)
            return node.get_pos() if node is not None else Point3(0, HAND_Y, 0.1)
        pile = self.nodes.get(f"pile:{where}")
        return pile.get_pos() + Point3(0, 0, 0.6) if pile is not None else Point3(0, 0, 0.1)

    def _float_text(self, text: str, at: Point3, color) -> Sequence:
        t = label(text, 0.55, color, flat=False)
        t.reparent_to(self.root)
        t.set_pos(at)
        t.set_billboard_point_eye()
        return Sequence(LerpPosInterval(t, 0.9, at + Point3(0, 0, 1.2)), Func(t.remove_node))


def plain(text: str) -> str:
    """The slate's typography in characters the default font has."""
    for a, b in (("\u00d7", "x"), ("\u00bd", "1/2"), ("\u2194", "<->"), ("\u2192", "->"), ("\u2014", "-"),
                 ("\u2013", "-"), ("\u2212", "-"), ("\u2264", "<="), ("\u2265", ">=")):
        text = text.replace(a, b)
    return text


def _statuses(f: dict[str, Any]) -> str:
    names = ("weak", "vulnerable", "burn", "strength", "dexterity")
    return "  ".join(f"{n} {f[n]}" for n in names if f.get(n))


def _variants() -> list[dict[str, Any]]:
    from triptych.games import load

    return list(load("combat").VARIANTS)
