"""Combat on the table: you against the Betaal Sentinel.

What must be read is flat on the screen, sized for the window (combat_cards):
the hand fanned across the bottom band, a zoomed card on hover, and the side
panel with the Sentinel's HP bar, Block, intent and statuses above yours. The
3D table keeps the figures: the Sentinel stands at the far side, the four
slots (braziers, wells, ... with their marks, captioned one per line) lie in
the middle, the dice and (V07) the Wick on the left, the draw, discard and
exhaust piles on the right, each labelled in words.

The Sentinel's turn plays out in beats (combat_beats): your cards fire, each
blow, the Block it meets, each status that wears off, the next intent; a
click or Space skips to the end. The HUD shows a roll only once the dice
have settled.
"""

from __future__ import annotations

import re
from typing import Any

from direct.interval.IntervalGlobal import Func, Parallel, Sequence, Wait
from panda3d.core import NodePath, Point3

from triptych.client3d import animation as anim
from triptych.client3d import layout
from triptych.client3d.camera import View
from triptych.client3d.combat_figures import Wick, sentinel_figure
from triptych.client3d.combat_props import fighter_marks, fly_card, pile_moves, slot_marks
from triptych.client3d.dice import ELEMENT_COLORS, Die
from triptych.client3d.geometry import box, label
from triptych.client3d.picking import make_pickable
from triptych.client3d.views.base import GameView
from triptych.client3d.views.combat_beats import Pacer, sentinel_beats
from triptych.client3d.views.combat_cards import CardFace, FighterPanel, TableTags, card_px, card_width, fan
from triptych.client3d.views.combat_words import (CARDS, COUNTER_WORDS, action_label, card_cost, card_effect,
                                                  card_lines, card_parts, counters_text)

NUMBER_FACES = ["1", "2", "3", "4", "blank", "blank"]
SLOT_X = (-4.2, -1.4, 1.4, 4.2)
SLOT_Y = 0.6
HAND_Y = -6.0            # where cards leave the table for your hand (the hand itself is drawn flat, 2D)
CARD_W, CARD_H = 1.9, 2.6
BRAZIERS = ("agni", "jal", "vayu", "prithvi")   # V02: the slots belong to the elements in this order
PILE_WORDS = {"draw": "Draw pile", "discard": "Discard", "exhaust": "Exhausted"}

# The variants' own decisions, each with a fixed button place after Roll, End and Buy.
VARIANT_VERBS = {"v01": ("exhaust",), "v02": ("hold", "redirect_charge"),
                 "v03": ("detonate", "blunt", "reroll", "slide", "exhaust"), "v04": ("scrape",), "v05": (),
                 "v06": ("fire", "take_back"), "v07": ("hold", "repaint", "blast", "redirect", "fortify", "exhaust",
                                                       "move", "swap", "shunya"),
                 "v08": ("aim", "pull", "move"), "v09": ("force", "pull", "hop"), "v10": ("tilt", "redirect")}
VERB_HELP = {  # what a verb does, for its tooltip (F1 has the details)
    "roll_dice": "Roll both dice: the number and the element decide what your cards do",
    "end": "End the turn: your cards resolve, then the Sentinel acts",
    "buy": "Buy cards: pay energy to draw", "hold": "Hold: keep the current colour or card",
    "repaint": "Repaint the Wick in the rolled colour", "blast": "Blast: empty the Wick, 2 damage per charge",
    "redirect": "Redirect: the Sentinel's next attack goes into its own Block",
    "fortify": "Fortify: 1 charge into 1 standing Block", "exhaust": "Exhaust the card in a slot",
    "detonate": "Detonate the wells", "blunt": "Blunt the Sentinel's next blow", "reroll": "Reroll the dice",
    "slide": "Slide a card to another slot", "scrape": "Scrape the paint off a slot",
    "fire": "Fire the card in a slot now", "take_back": "Take a card back to your hand",
    "move": "Move a card to another slot", "swap": "Swap two cards", "pull": "Pull a card back to your hand",
    "aim": "Aim the chain", "force": "Make the Sentinel reroll its dice", "hop": "Hop the blow to another card",
    "tilt": "Turn a face of the element die", "redirect_charge": "Move a brazier's Charge to another brazier",
    "shunya": "Play Shunya"}


class CombatView(GameView):
    title = "combat"
    list_all_actions = True
    player_names = ("You", "Sentinel")

    def __init__(self, app) -> None:
        super().__init__(app)
        self.hud_root: NodePath = self.base.aspect2d.attach_new_node("combat-hud")
        self.panel = FighterPanel(self.hud_root)
        self.tags = TableTags(self.hud_root, self.base)
        self.cards2d: list[CardFace] = []
        self.hand_cards: dict[str, CardFace] = {}
        self.zoom: CardFace | None = None
        self.zoomed: str | None = None
        self.zoom_from_table = False      # shown for a card in a slot (the hover task hides it), not the hand
        self.regions: dict[str, layout.Rect] | None = None
        self.size: tuple[int, int] = (0, 0)
        self.pacer = Pacer(self)
        self.shown_dice: dict[str, Any] = {}   # the dice as the table shows them (the HUD never runs ahead)
        self.base.task_mgr.add(self._hover_task, "combat-hover", sort=35)

    @property
    def action_order(self) -> tuple[str, ...]:
        variant = getattr(self, "data", {}).get("variant", "")
        return ("roll_dice", "end", "buy") + VARIANT_VERBS.get(variant, ())

    # -- the HUD's layout --------------------------------------------------------------------------------------
    def layout_request(self) -> layout.Request:
        return layout.Request(hand=0.15, side=0.16)   # cards compact in the hand, whole when hovered

    def place_hud(self, regions: dict[str, Any], size: tuple[int, int]) -> None:
        self.regions, self.size = dict(regions), tuple(size)
        self.tags.full()
        if hasattr(self, "data"):
            self._draw_hud()

    def text_nodes(self) -> list[tuple[str, Any]]:
        hud = self.app.hud
        layout_now = getattr(hud, "layout", None)
        if isinstance(layout_now, dict) and hasattr(self, "data") and \
                (self.regions != layout_now or self.size != tuple(hud.window_size())):
            self.place_hud(layout_now, hud.window_size())   # laid out for another size (a test): follow it
        out = [("hand", t) for c in self.cards2d for t in c.texts]
        out += [("side", t) for t in self.panel.texts]
        if self.zoom is not None and not self.zoom.frame.is_hidden():
            out += [("table", t) for t in self.zoom.texts]     # the zoomed card lies over the table
        return out

    def _hud_regions(self) -> tuple[dict[str, layout.Rect], tuple[int, int]]:
        """The regions the HUD gave (place_hud), or the layout's own for the window until it has."""
        if self.regions is not None:
            return self.regions, self.size
        hud = self.app.hud
        size = tuple(hud.window_size())
        tools = [t for t, _ in getattr(hud, "_toolbar", [])]
        return layout.regions(size, self.layout_request(), toolbar=tools), size

    def framed_nodes(self) -> list[NodePath]:
        """What the framing fits, thing by thing (one box around all would count the empty air above the
        slots beside the Sentinel's head, and shrink the table)."""
        keys = ["sentinel", "pile:draw", "pile:discard", "pile:exhaust", "number-die", "element-die", "wick"]
        keys += [f"cslot:{i}" for i in (1, 2, 3, 4)]
        nodes = [self.nodes[k] for k in keys if k in self.nodes]
        return nodes + [n for marks in getattr(self, "marks", {}).values() for n in marks] or [self.root]

    def destroy(self) -> None:
        self.base.task_mgr.remove("combat-hover")
        self.pacer.stop()
        self._clear_hud()
        self.tags.clear()
        self.panel.destroy()
        self.hud_root.remove_node()
        super().destroy()

    # -- explaining ------------------------------------------------------------------------------------------
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
        return VERB_HELP.get(kind, action_label(self.data["variant"], data)) + cost

    def explain_key(self, key: str, state: Any) -> str:
        d = state.to_dict()
        if key.startswith("card:"):
            name = key.split(":", 1)[1]
            return f"{name}: " + card_effect(name, d["params"]).replace("\n", ", ")
        if key.startswith("cslot:"):
            i = int(key.split(":")[1])
            card = d["slots"][i - 1]["card"]     # read from the state asked about, never from the last drawing
            if card:
                return f"Slot {i}: {card_parts(card)[0]} - " + card_effect(card, d["params"]).replace("\n", ", ")
            return f"Slot {i}: empty"
        if key.startswith("pile:"):
            pile = key.split(":", 1)[1]
            return f"{PILE_WORDS[pile]}: {sum(d['piles'][pile].values())} cards"
        return super().explain_key(key, state)

    def why_idle(self, key: str, state: Any) -> str:
        if key.startswith("card:"):
            return f"{key.split(':', 1)[1]} cannot be placed now (no free slot it may go to, or nothing to pay with)."
        if key.startswith("cslot:"):
            return "Choose a card in your hand first, then a highlighted slot."
        return ""

    def home_view(self) -> View:
        return View(heading=0, pitch=52, distance=20.0, target=(0.0, 2.2, 1.9))

    # -- drawing -----------------------------------------------------------------------------------------------
    def build(self, state: Any) -> None:
        self.clear()
        self.tags.clear()
        d = state.to_dict()
        self.data = d
        self.params = d["params"]
        self.shown_dice = dict(d["dice"])
        self.slot_nodes: list[NodePath] = []
        self.marks: dict[str, list[NodePath]] = {}     # "enemy", "player", "slot:N" -> token stacks
        self.intent = _intent_of(str(state))
        self._draw_sentinel(d)
        self._draw_slots(d)
        self._draw_piles(d)
        self.dice = self._draw_dice(d)
        self.wick = Wick(self.root, d, (-7.6, -1.6, 0)) if d["variant"] == "v07" else None
        if self.wick is not None:
            self.nodes["wick"] = self.wick.root
            self.tags.add(self.wick.root, (0, -1.1, 0), self.wick.words)
        self._draw_hud()

    def _draw_sentinel(self, d: dict[str, Any]) -> None:
        root = sentinel_figure(self.root, self.intent)
        root.set_pos(0, 4.3, 0)
        root.set_scale(1.1)
        self.nodes["sentinel"] = root
        make_pickable(root, "sentinel")
        # Block and statuses as token stacks on the table beside it, one per row with its caption.
        self.marks["enemy"] = fighter_marks(self.root, d["enemy"], (2.4, 4.6, 0), step=0.0, row=-0.8)
        self.marks["player"] = fighter_marks(self.root, d["player"], (-7.7, 2.4, 0), step=0.0, row=-0.8)

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
            name = f"{BRAZIERS[i].capitalize()} brazier" if braziers else f"Slot {i + 1}"
            marks = [f"{k.replace('_', ' ').capitalize()} {v}" for k, v in slot.items() if k != "card" and v]
            short = (BRAZIERS[i].capitalize() if braziers else str(i + 1)) + ("\n" + ", ".join(marks) if marks else "")
            self.tags.add(pad, (0, 1.85, 0.1), name + ("\n" + ", ".join(marks) if marks else ""), short=short)
            self.marks[f"slot:{i + 1}"] = slot_marks(self.root, slot, x - 0.7, SLOT_Y - 2.0, row=-0.7)
            if slot.get("card"):
                card = self._card_node(slot["card"], Point3(x, SLOT_Y, 0.07))
                make_pickable(card, f"cslot:{i + 1}")
                self.nodes[f"slotcard:{i + 1}"] = card
                base, _ = card_parts(slot["card"])
                self.tags.add(card, (0, 0.2, 0.1), "\n".join([base] + card_lines(slot["card"], self.params)),
                              fg=(0.08, 0.08, 0.1, 1), bg=(0.95, 0.92, 0.84, 0.92))

    def _card_node(self, name: str, pos: Point3, parent: NodePath | None = None) -> NodePath:
        """A card on the table: its element band and name, large (hover it for the whole card)."""
        base, element = card_parts(name)
        node = (parent or self.root).attach_new_node(f"card-{name}")
        node.set_pos(pos)
        face = box(CARD_W, CARD_H, 0.05, "card")
        face.set_color(0.95, 0.92, 0.84, 1)
        face.reparent_to(node)
        band = box(CARD_W - 0.16, 0.7, 0.02, "card-band")
        band.set_pos(0, CARD_H / 2 - 0.45, 0.05)
        band.set_color(*ELEMENT_COLORS.get(element, (0.6, 0.6, 0.6, 1)))
        band.reparent_to(node)
        title = label(base, 0.36 if len(base) <= 8 else 0.3, (0.08, 0.08, 0.1, 1), name="card-name")
        title.set_pos(0, CARD_H / 2 - 0.55, 0.08)
        title.reparent_to(node)
        effect = label("\n".join(card_lines(name, self.params)), 0.34, (0.1, 0.1, 0.12, 1), name="card-effect")
        effect.set_pos(0, -0.1, 0.06)
        effect.reparent_to(node)
        return node

    def _draw_piles(self, d: dict[str, Any]) -> None:
        for (pile, x, y) in (("draw", 7.2, -1.3), ("discard", 7.2, 1.5), ("exhaust", 7.2, 4.3)):
            n = sum(d["piles"][pile].values())
            stack = self.root.attach_new_node(f"pile-{pile}")
            stack.set_pos(x, y, 0)
            for k in range(min(n, 12)):
                c = box(CARD_W * 0.8, CARD_H * 0.8, 0.04, "pile-card")
                c.set_z(k * 0.05)
                c.set_color(*((0.25, 0.2, 0.45, 1) if pile == "draw" else (0.45, 0.42, 0.38, 1)))
                c.reparent_to(stack)
            if n == 0:
                outline = box(CARD_W * 0.8, CARD_H * 0.8, 0.01, "pile-empty")
                outline.set_color(0.2, 0.23, 0.22, 1)
                outline.reparent_to(stack)
            make_pickable(stack, f"pile:{pile}")
            self.tags.add(stack, (0, -CARD_H * 0.4 - 0.3, 0.1), f"{PILE_WORDS[pile]}: {n}")
            self.nodes[f"pile:{pile}"] = stack

    def _draw_dice(self, d: dict[str, Any]) -> tuple[Die, Die]:
        number = Die(self.root, NUMBER_FACES, (0.95, 0.95, 0.92, 1), (-7.7, 4.2, 0), "number-die")
        element = Die(self.root, list(d["element_faces"]), (0.3, 0.3, 0.34, 1), (-6.3, 4.2, 0), "element-die")
        dice = d["dice"]
        for die, value in ((number, dice["number"]), (element, dice["element"])):
            if value is None:
                die.show_unrolled()  # not rolled this turn: no face shown, so the dice never claim a result
            else:
                die.show_face(str(value))
        rolled = "Dice: not rolled" if dice["number"] is None else f"Rolled {dice['number']} / {dice['element']}"
        self.nodes["dice-label"] = self.tags.add(number.node, (0.8, -1.1, 0), rolled)
        self.nodes["number-die"], self.nodes["element-die"] = number.node, element.node
        return number, element

    # -- the flat parts: hand, zoom, fighters ------------------------------------------------------------------
    def _clear_hud(self) -> None:
        for c in self.cards2d:
            c.destroy()
        self.cards2d, self.hand_cards = [], {}
        self._hide_zoom()

    def _draw_hud(self, enemy: dict[str, Any] | None = None, player: dict[str, Any] | None = None,
                  intent: str | None = None) -> None:
        """The hand and the side panel from the last drawn state (or the numbers of a paced beat)."""
        regions, size = self._hud_regions()
        d = self.data
        if enemy is None:
            self._draw_hand(regions["hand"], size)
        self.panel.draw(regions["side"], size, enemy or d["enemy"], player or d["player"],
                        self.intent if intent is None else intent, self._energy_line(d), self._extra_lines(d))

    def _energy_line(self, d: dict[str, Any]) -> str:
        if d["variant"] == "v07":
            return f"Wick: {d['energy']} charge"
        return f"Energy {d['energy']}"

    def _extra_lines(self, d: dict[str, Any]) -> list[str]:
        if d["variant"] != "v07":
            return []
        c = d.get("counters", {})
        colour = {0: "Agni", 1: "Jal", 2: "Vayu", 3: "Prithvi", 5: "colourless"}.get(c.get("colour"), "colourless")
        out = [f"Wick colour: {colour}"]
        if c.get("colourless"):
            out.append(f"Colourless part: {c['colourless']}")
        return out

    def _draw_hand(self, rect: layout.Rect, size: tuple[int, int]) -> None:
        for c in self.cards2d:
            c.destroy()
        self.cards2d, self.hand_cards = [], {}
        for key in [k for k in self.nodes if k.startswith("card:")]:
            del self.nodes[key]        # the last drawing's cards are gone: a key names a card drawn now
        hand = [name for name, n in sorted(self.data["piles"]["hand"].items()) for _ in range(n)]
        px = card_px(size)
        em = layout.text_scale(size, px)
        h = rect.height * 0.82          # room for the fan's tilt and drop inside the band
        w = card_width(h, em)
        for i, ((dx, dz, roll), name) in enumerate(zip(fan(len(hand), rect.width * 0.92, w), hand)):
            base, element = card_parts(name)
            card = CardFace(self.hud_root, base, element, card_cost(name, self.params), card_lines(name, self.params),
                            rect.center[0] + dx, rect.center[1] + 0.04 * rect.height + dz, w, h, size, px,
                            on_click=lambda n=name: self.app.click_key(f"card:{n}"),
                            on_hover=lambda on, n=name, k=i: self._hover_card(n, k, on))
            card.frame.set_r(roll)
            card.frame.set_python_tag("key", f"card:{name}")
            self.cards2d.append(card)
            self.hand_cards.setdefault(name, card)
            self.nodes.setdefault(f"card:{name}", card.frame)
        self._mark_selected()

    def _hover_card(self, name: str, index: int, on: bool) -> None:
        if on:
            card = self.cards2d[index].frame
            self.show_zoom(name, card.get_x())
            self.app.hud.set_tip(self.app.tooltip_for(f"card:{name}"))
        elif self.zoomed == name:
            self._hide_zoom()

    def show_zoom(self, name: str, x: float) -> None:
        """The card `name` drawn large above the hand, near `x` (BGA's card tooltip)."""
        regions, size = self._hud_regions()
        self._hide_zoom()
        px = card_px(size) * 1.5
        em = layout.text_scale(size, px)
        h = min(regions["table"].height * 0.95, 9.5 * em)
        w = card_width(h, em)
        table = regions["table"]
        x = max(table.left + w / 2 + 0.01, min(table.right - w / 2 - 0.01, x))
        z = table.bottom + h / 2 + 0.01
        base, element = card_parts(name)
        self.zoom = CardFace(self.hud_root, base, element, card_cost(name, self.params), card_lines(name, self.params),
                             x, z, w, h, size, px)
        self.zoom.frame["state"] = "disabled"   # it shows, it does not catch the mouse
        self.zoom.frame.set_bin("gui-popup", 10)
        self.zoomed = name

    def _hide_zoom(self) -> None:
        if self.zoom is not None:
            self.zoom.destroy()
        self.zoom, self.zoomed, self.zoom_from_table = None, None, False

    def _hover_task(self, task):
        """The table's words follow their things; a card in a slot shows zoomed while the mouse is on it."""
        regions, size = self._hud_regions()
        self.tags.update(size, regions.get("table"))
        key = getattr(self.app, "_hover_key", None)
        slot_card = None
        if key and key.startswith("cslot:") and hasattr(self, "data"):
            slot_card = self.data["slots"][int(key[6:]) - 1]["card"]
        mw = self.base.mouseWatcherNode
        over_gui = mw is not None and mw.has_mouse() and mw.is_over_region()
        if slot_card and not over_gui:
            if self.zoomed != slot_card:
                regions, size = self._hud_regions()
                x = mw.get_mouse().x * layout.extent(size)[0] if mw is not None and mw.has_mouse() else 0.0
                self.show_zoom(slot_card, x + 0.6)
                self.zoom_from_table = True
        elif self.zoomed and self.zoom_from_table and not slot_card:
            self._hide_zoom()         # the mouse left the slot's card (a hand card's zoom goes on its EXIT)
        return task.cont

    def _mark_selected(self) -> None:
        selected = getattr(self.app, "selected", None)
        for card in self.cards2d:
            key = card.frame.get_python_tag("key")
            on = key == selected
            card.frame.set_z(card.frame.get_z() + (0.04 if on and not card.frame.get_python_tag("up") else
                                                   -0.04 if not on and card.frame.get_python_tag("up") else 0))
            card.frame.set_python_tag("up", on)
            card.frame["frameColor"] = (1, 0.93, 0.55, 1) if on else (0.95, 0.92, 0.84, 1)

    # -- actions <-> keys --------------------------------------------------------------------------------------
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
        self._mark_selected()

    def describe(self, action: Any, data: dict[str, Any]) -> str:
        return action_label(self.data["variant"], data, rolled=bool(self.data.get("rolls")))

    def describe_key(self, key: str, state: Any) -> str:
        if key.startswith("cslot:"):
            return f"Slot {key[6:]}"
        if key.startswith("pile:"):
            return PILE_WORDS.get(key[5:], key[5:])
        return key.split(":", 1)[1] if ":" in key else key

    def info(self, state: Any) -> str:
        d = state.to_dict()
        variant = next((v for v in _variants() if v["id"] == d["variant"]), {})
        pending = self._dice_pending(d)
        dice = self.shown_dice if pending else d["dice"]     # the roll the table shows, until it changes
        rolled = "not rolled" if dice.get("number") is None else f"{dice['number']} / {dice['element']}"
        if pending and d["dice"].get("number") is not None:
            rolled = "rolling..."                               # a new roll is still in the air
        text = f"{d['variant'].upper()} {variant.get('name', '')} - turn {d['turn']}\nDice: {rolled}"
        counters = counters_text(d.get("counters", {})) if d["variant"] == "v07" else \
            ", ".join(f"{COUNTER_WORDS.get(k, k.replace('_', ' '))} {v}" for k, v in d.get("counters", {}).items()
                      if v and not k.endswith("mask"))
        if counters:
            text += f"\n{counters}"
        return text + "\nF1: how to play this variant"

    def _dice_pending(self, d: dict[str, Any]) -> bool:
        """Whether the engine has rolled dice the table has not yet shown landing."""
        return bool(self.app.animating) and d["dice"] != self.shown_dice

    # -- the HUD's texts while the table catches up ------------------------------------------------------------
    def status_text(self, session: Any, default: str) -> str:
        """The title line: what is happening on the table, never 'Rolling...' while the Sentinel acts."""
        if self.pacer.running:
            return "The Sentinel's turn"
        if session.at_chance() and not session.is_over():
            d = session.state.to_dict()
            if d.get("pending_roll"):
                return "Rolling the dice..."
            if d.get("pending_draws"):
                return "Drawing cards..."
        return default

    def shown_log(self, lines: list[str]) -> list[str]:
        """The log without the roll the dice are still showing (it appears when they settle)."""
        d = self.app.session.state.to_dict() if self.app.session is not None else None
        if d is not None and self._dice_pending(d) and d["dice"].get("number") is not None and lines:
            # the roll's line and what the roll did to the slots (Scorch, a latch: "Slot 1: ...") wait together
            i = len(lines) - 1
            while i > 0 and lines[i].startswith("Slot "):
                i -= 1
            if lines[i].startswith("Dice:"):
                return lines[:i]
        return lines

    # -- animation ---------------------------------------------------------------------------------------------
    def animate(self, move) -> Any:
        d = move.action.to_dict()
        kind = d["type"]
        before, after = move.before.to_dict(), move.after.to_dict()
        steps: list[Any] = []
        if kind == "roll":  # the dice tumble onto the outcome's faces; the HUD follows when they rest
            for die in self.dice:
                die.node.clear_color_scale()
            return Sequence(Parallel(self.dice[0].tumble(str(d["number"]), 0.9),
                                     self.dice[1].tumble(str(d["element"]), 1.0)),
                            Func(self._dice_settled, after["dice"]), Wait(0.25))
        if kind == "end":
            beats = sentinel_beats(before, after, _intent_of(str(move.before)), _intent_of(str(move.after)))
            return self.pacer.play(beats, self._card_flights(before, after))
        if kind == "place":
            card = self.hand_cards.get(d["card"])
            if card is not None:
                card.frame.hide()
            node = self._card_node(d["card"], Point3(SLOT_X[d["slot"] - 1], HAND_Y, 1.0))
            steps.append(anim.hop(node, Point3(SLOT_X[d["slot"] - 1], SLOT_Y, 0.07), 1.0, 0.45))
        else:
            steps += self._card_flights(before, after)
        for side, at in (("enemy", self.nodes["sentinel"].get_pos() + Point3(0, -0.8, 3.4)),
                         ("player", Point3(-7.5, -2.0, 1.0))):
            delta = after[side]["hp"] - before[side]["hp"]
            if delta:
                steps.append(self.float_text(f"{delta:+d} HP", at, (1, 0.3, 0.25, 1) if delta < 0 else
                                             (0.4, 1, 0.5, 1)))
        return Parallel(*steps) if steps else Sequence(Wait(0.05))

    def _dice_settled(self, dice: dict[str, Any]) -> None:
        self.shown_dice = dict(dice)
        refresh = getattr(self.app, "_refresh_status", None)
        if refresh is not None:
            refresh()

    def _card_flights(self, before: dict[str, Any], after: dict[str, Any]) -> list[Any]:
        """Cards the action moved between the hand, the slots and the piles, flying one after another."""
        flights = []
        for i, (card, origin, dest) in enumerate(pile_moves(before, after)[:10]):
            start = self._place_of(card, origin)
            end = self._place_of(card, dest) + Point3(0, 0, 0.4)
            node = self._card_node(card, start)
            if origin.startswith("slot:"):
                source = self.nodes.get(f"slotcard:{origin[5:]}")
                if source is not None:
                    flights.append(Sequence(Wait(0.12 * i), Func(source.hide)))
            elif origin == "hand" and card in self.hand_cards:
                flights.append(Sequence(Wait(0.12 * i), Func(self.hand_cards[card].frame.hide)))
            flights.append(fly_card(node, start, end, flip=dest in ("discard", "exhaust", "draw"), delay=0.12 * i))
        return flights

    def _place_of(self, card: str, where: str) -> Point3:
        if where.startswith("slot:"):
            return Point3(SLOT_X[int(where[5:]) - 1], SLOT_Y, 0.1)
        if where == "hand":
            return Point3(0, HAND_Y, 1.0)
        pile = self.nodes.get(f"pile:{where}")
        return pile.get_pos() + Point3(0, 0, 0.6) if pile is not None else Point3(0, 0, 0.1)

    def float_text(self, text: str, at: Point3, color) -> Sequence:
        t = label(text, 1.0, color, flat=False, name="float-text")
        t.reparent_to(self.root)
        t.set_pos(at)
        t.set_billboard_point_eye()
        t.hide()
        return Sequence(Func(t.show), anim_lift(t, at), Func(t.remove_node))


def anim_lift(node: NodePath, at: Point3):
    from direct.interval.IntervalGlobal import LerpPosInterval

    return LerpPosInterval(node, 0.9, at + Point3(0, 0, 1.2))


def _intent_of(text: str) -> str:
    return next((line.split("Intent:", 1)[1].strip() for line in text.splitlines() if "Intent:" in line), "")


def _variants() -> list[dict[str, Any]]:
    from triptych.games import load

    return list(load("combat").VARIANTS)
