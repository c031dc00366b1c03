"""Combat's 2D parts, laid out by the HUD (client3d/layout.py): the hand, the zoomed card, the fighters' panel.

Like a card game on Board Game Arena, what must be read is drawn flat on the
screen at a size chosen for the window (never below ``MIN_CARD_PX``), not in
perspective on the table: the hand is a fan of cards across the ``hand``
band, each with its name, element, cost and effect in words; hovering a card
(in the hand or in a slot on the table) shows it zoomed above the hand; the
``side`` panel shows the Sentinel (HP bar, Block, intent banner, statuses, one
per line) above you (HP bar, Block, energy, statuses), stacked so nothing
overlaps. The 3D table keeps the figures: the Sentinel, the slots, the dice,
the piles.
"""

from __future__ import annotations

from typing import Any, Callable

from direct.gui.DirectGui import DGG, DirectButton, DirectFrame
from direct.gui.OnscreenText import OnscreenText
from panda3d.core import TextNode

from triptych.client3d import layout
from triptych.client3d.dice import ELEMENT_COLORS
from triptych.client3d.fonts import ui_font

MIN_CARD_PX = 16.0          # card text em in pixels: a capital is then >= 11 px tall
INK = (0.08, 0.08, 0.1, 1)
PAPER = (0.95, 0.92, 0.84, 1)
STATUS_WORDS = {  # what a status does, in a few words (docs/rules/combat.md, The fight)
    "block": "absorbs damage first",
    "weak": "deals 25% less damage",
    "vulnerable": "takes 50% more damage",
    "burn": "loses HP each turn",
    "strength": "adds to each blow",
    "dexterity": "adds to each Block gained",
}


def card_width(h: float, em: float) -> float:
    """A card's width for height `h`: a card's proportions, but never too narrow for its name at `em`."""
    return max(h * 0.72, 8.6 * em)


def card_px(size: tuple[int, int]) -> float:
    """The cards' body text size (em, pixels) for a window of `size`."""
    return max(MIN_CARD_PX, layout.body_px(size))


def _text(parent, text: str, pos, scale: float, fg=INK, align=TextNode.A_center, wrap: float = 0) -> OnscreenText:
    node = OnscreenText(parent=parent, text=text, pos=pos, scale=scale, fg=fg, align=align, font=ui_font(),
                        mayChange=True)
    if wrap:
        node["wordwrap"] = wrap
    return node


class CardFace:
    """One card drawn flat: a paper face, an element band with the name, then element, cost and effect lines.

    `parent` is a node in aspect2d; (x, z) the card's centre; w, h its size in aspect2d units; px the text
    em in pixels for `size`. Every line is its own text node (``texts``), so tests measure each glyph line.
    """

    def __init__(self, parent, name: str, element: str, cost: str, effect: list[str], x: float, z: float,
                 w: float, h: float, size: tuple[int, int], px: float,
                 on_click: Callable[[], Any] | None = None, on_hover: Callable[[bool], Any] | None = None) -> None:
        em = layout.text_scale(size, px)
        self.name = name
        self.frame = DirectButton(parent=parent, relief=DGG.FLAT, frameColor=PAPER, pos=(x, 0, z),
                                  frameSize=(-w / 2, w / 2, -h / 2, h / 2), command=on_click,
                                  pressEffect=False)
        self.frame.set_name(f"card2d-{name}")
        if on_hover is not None:
            self.frame.bind(DGG.ENTER, lambda _e: on_hover(True))
            self.frame.bind(DGG.EXIT, lambda _e: on_hover(False))
        color = ELEMENT_COLORS.get(element, (0.6, 0.6, 0.6, 1))
        band_h = 1.6 * em
        top = h / 2 - 0.04 * w
        DirectFrame(parent=self.frame, frameColor=color, state=DGG.DISABLED,
                    frameSize=(-w / 2 + 0.04 * w, w / 2 - 0.04 * w, top - band_h, top))
        self.texts: list[OnscreenText] = []
        name_scale = em * 1.08
        self.texts.append(_text(self.frame, name, (0, top - band_h / 2 - 0.36 * name_scale), name_scale))
        lines = [(element.capitalize(), (0.3, 0.28, 0.25, 1)), (cost, (0.45, 0.3, 0.05, 1))]
        lines += [(e, INK) for e in effect]
        if band_h + (len(lines) + 0.6) * em * layout.LINE > h - 0.04 * w:
            # A short card (a small window): element and cost share a line, the effects another.
            short = "free" if cost.startswith("Free") else cost.replace("Costs ", "")
            lines = [(f"{element.capitalize()}, {short}", (0.35, 0.28, 0.15, 1)), (", ".join(effect), INK)]
        y = top - band_h - 1.1 * em
        for line, fg in lines:
            if not line:
                continue
            self.texts.append(_text(self.frame, line, (0, y), em, fg, wrap=(w * 0.92) / em))
            y -= em * layout.LINE * max(1, len(layout.wrapped(self.texts[-1])))
        self.frame.set_python_tag("card", name)

    def destroy(self) -> None:
        self.frame.destroy()


def fan(n: int, width: float, card_w: float) -> list[tuple[float, float, float]]:
    """(x offset, z offset, roll in degrees) for `n` cards fanned across `width`: side by side while they fit,
    overlapping beyond, each turned a little away from the middle and dropped a little at the ends."""
    if n == 0:
        return []
    step = min(card_w * 1.06, (width - card_w) / max(1, n - 1)) if n > 1 else 0
    out = []
    for i in range(n):
        t = i - (n - 1) / 2
        out.append((t * step, -abs(t) * abs(t) * 0.004, t * 2.0))
    return out


def bar(parent, left: float, right: float, z: float, height: float, value: int, maximum: int, color) -> list:
    """An HP bar: a dark track and a coloured fill, as flat frames (no text on it, so nothing covers it)."""
    back = DirectFrame(parent=parent, frameColor=(0.14, 0.14, 0.16, 1), state=DGG.DISABLED,
                       frameSize=(left, right, z - height, z))
    frac = max(0.0, min(1.0, value / max(1, maximum)))
    fill = DirectFrame(parent=parent, frameColor=color, state=DGG.DISABLED,
                       frameSize=(left, left + (right - left) * frac, z - height, z))
    back.set_name("hp-bar")
    fill.set_name("hp-fill")
    fill.set_python_tag("fraction", frac)
    return [back, fill]


class FighterPanel:
    """The side panel: the Sentinel (name, HP bar, Block, intent banner, statuses) above you (HP bar, Block,
    energy, statuses), each on its own line so no caption runs into another or over a bar.

    ``draw`` rebuilds it from plain numbers, so a paced Sentinel turn can show each beat's HP as it lands.
    """

    def __init__(self, parent) -> None:
        self.root = DirectFrame(parent=parent, frameColor=(0.06, 0.07, 0.1, 0.97), state=DGG.DISABLED)
        self.root.set_name("fighter-panel")
        self.texts: list[OnscreenText] = []
        self.parts: list[Any] = []
        self.rect: layout.Rect | None = None
        self.cut = 0   # lines that did not fit (a tiny window): the panel never draws past its rect

    def clear(self) -> None:
        for p in self.parts:
            p.destroy()
        self.parts, self.texts = [], []

    def destroy(self) -> None:
        self.clear()
        self.root.destroy()

    def draw(self, rect: layout.Rect, size: tuple[int, int], enemy: dict[str, Any], player: dict[str, Any],
             intent: str, energy_line: str, extra: list[str]) -> None:
        self.clear()
        self.rect = rect
        self.root["frameSize"] = tuple(rect)
        em = layout.text_scale(size, layout.body_px(size))
        pad = 0.4 * em
        width = rect.width - 2 * pad
        white, status_fg = (0.95, 0.95, 0.92, 1), (0.95, 0.85, 0.7, 1)
        # (what, text or bar, colour, scale, priority): on a small window the highest numbers go first.
        items: list[tuple[str, Any, Any, float, int]] = []

        def fighter(title: str, f: dict[str, Any], color, title_fg) -> None:
            block = f.get("block", 0) + f.get("standing_block", 0)
            items.append(("text", title, title_fg, em * 1.12, 1))
            items.append(("text", f"HP {f['hp']} / {f['max_hp']}" + (f"    Block {block}" if block else ""),
                          white, em, 0))
            items.append(("bar", (f["hp"], f["max_hp"]), color, em, 2))

        fighter("Betaal Sentinel", enemy, (0.85, 0.18, 0.15, 1), (1, 0.8, 0.75, 1))
        if intent:
            now, _, then = intent.partition(" (then ")
            items.append(("intent", f"Next: {now}", (1, 0.93, 0.8, 1), em, 0))
            if then:
                items.append(("intent", f"then {then.rstrip(')')}", (0.85, 0.8, 0.75, 1), em, 4))
        items += [("text", words, status_fg, em, 3) for words in status_lines(enemy)]
        items.append(("gap", None, None, em, 5))
        fighter("You", player, (0.2, 0.75, 0.35, 1), (0.8, 1, 0.8, 1))
        if energy_line:
            items.append(("text", energy_line, (1, 0.88, 0.4, 1), em, 1))
        items += [("text", words, status_fg, em, 3) for words in status_lines(player)]
        items += [("text", words, (0.85, 0.88, 0.95, 1), em, 2) for words in extra]

        nodes: dict[int, OnscreenText] = {}

        def height(i: int) -> float:
            what, text, _, scale, _ = items[i]
            if what == "bar":
                return 0.9 * em
            if what == "gap":
                return 0.5 * em
            if i not in nodes:
                nodes[i] = OnscreenText(parent=self.root, text=text, scale=scale, fg=items[i][2],
                                        align=TextNode.A_left, font=ui_font(), mayChange=True,
                                        wordwrap=width / scale)
            return scale * layout.LINE * max(1, len(layout.wrapped(nodes[i]))) + (0.15 * em if what == "intent" else 0)

        keep = list(range(len(items)))
        room = rect.height - 1.5 * pad
        self.cut = 0
        while keep and sum(height(i) for i in keep) > room:
            drop = max(keep, key=lambda i: (items[i][4], i))
            keep.remove(drop)
            self.cut += 1
        for i, node in list(nodes.items()):
            if i not in keep:
                node.destroy()
        z = rect.top - pad
        intent_top = intent_bottom = None
        for i in keep:
            what, text, color, scale, _ = items[i]
            h = height(i)
            if what == "bar":
                value, maximum = text
                self.parts += bar(self.root, rect.left + pad, rect.right - pad, z - 0.15 * em, 0.55 * em, value,
                                  maximum, color)
            elif what != "gap":
                node = nodes[i]
                node.setPos(rect.left + pad, z - 0.93 * scale - (0.08 * em if what == "intent" else 0))
                self.parts.append(node)
                self.texts.append(node)
                if what == "intent":
                    intent_top = z if intent_top is None else intent_top
                    intent_bottom = z - h
            z -= h
        if intent_top is not None:
            now = intent.partition(" (then ")[0]
            plate = DirectFrame(parent=self.root, frameColor=(0.5, 0.1, 0.08, 1) if _attack(now)
                                else (0.12, 0.25, 0.5, 1), state=DGG.DISABLED,
                                frameSize=(rect.left + pad * 0.5, rect.right - pad * 0.5, intent_bottom, intent_top))
            plate.set_name("intent-plate")
            plate.reparent_to(self.root, -1)   # drawn first: under its words
            self.parts.insert(0, plate)


def _attack(intent: str) -> bool:
    return any(w in intent.lower() for w in ("strike", "cleave", "jab", "attack", "hit"))


def status_lines(f: dict[str, Any]) -> list[str]:
    """A fighter's statuses, one per line with what each does ("Weak 1: deals 25% less damage")."""
    out = []
    for kind in ("weak", "vulnerable", "burn", "strength", "dexterity"):
        value = f.get(kind, 0)
        if value:
            out.append(f"{kind.capitalize()} {value}: {STATUS_WORDS[kind]}")
    return out


class TableTags:
    """Words pinned to things on the 3D table (a slot's name and marks, a pile's count, the dice), drawn flat
    at the HUD's text size so they read at any zoom: each frame they follow the point they name on screen,
    and hide when it leaves the table's part of the window."""

    def __init__(self, parent, base) -> None:
        self.parent, self.base = parent, base
        self.tags: list[tuple[Any, Any, OnscreenText]] = []

    def clear(self) -> None:
        for _, _, node in self.tags:
            node.destroy()
        self.tags = []

    def add(self, anchor, offset, text: str, fg=(1, 1, 1, 1), bg=(0.05, 0.06, 0.08, 0.8),
            short: str = "") -> OnscreenText:
        """A tag; `short` is what it says when the full words would run into a neighbour (a small window)."""
        node = OnscreenText(parent=self.parent, text=text, fg=fg, bg=bg, font=ui_font(), mayChange=True,
                            align=TextNode.A_center)
        node.set_name("table-tag")
        node.set_python_tag("words", (text, short or text))
        self.tags.append((anchor, offset, node))
        return node

    def update(self, size: tuple[int, int], table: layout.Rect | None) -> None:
        """Places every tag over its point as the camera sees it now, `size`'s HUD text size."""
        from panda3d.core import Point2, Point3

        scale = layout.text_scale(size, layout.body_px(size))
        cam, lens = self.base.cam, self.base.camLens
        X, Y = self.base.a2dRight, self.base.a2dTop
        for anchor, offset, node in self.tags:
            if anchor.is_empty():
                node.hide()
                continue
            node.setScale(scale)
            p = cam.get_relative_point(anchor, Point3(*offset))
            film = Point2()
            if not lens.project(p, film):
                node.hide()
                continue
            x, z = film.x * X, film.y * Y
            if table is not None and not (table.left <= x <= table.right and table.bottom <= z <= table.top):
                node.hide()
                continue
            node.show()
            node.setPos(x, z - 0.35 * scale)
        # Tags that run into each other say their short words from then on (slot numbers on a small window);
        # ``full`` gives them their words back (a new size).
        shown = [n for _, _, n in self.tags if not n.is_hidden()]
        boxes = [n.get_tight_bounds(self.parent) for n in shown]
        for i, a in enumerate(shown):
            for j in range(i + 1, len(shown)):
                (alo, ahi), (blo, bhi) = boxes[i], boxes[j]
                if alo.x < bhi.x and blo.x < ahi.x and alo.z < bhi.z and blo.z < ahi.z:
                    for n in (a, shown[j]):
                        if n.getText() != n.get_python_tag("words")[1]:
                            n.setText(n.get_python_tag("words")[1])

    def full(self) -> None:
        for _, _, node in self.tags:
            node.setText(node.get_python_tag("words")[0])
