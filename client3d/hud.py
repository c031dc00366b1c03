"""The 2D overlay: whose turn, the event log, the toolbar, action buttons, the
threat line, tooltips, the help overlay, the confirmation dialog and the
game-over summary.

Where each part goes is ``layout.regions`` (rerun whenever the window changes
size, the log is expanded or the view asks for other space): every part is
drawn inside its own opaque panel, its text wrapped to the panel's width and
cut to the lines that fit (``layout.fit_lines``), so nothing draws past its
panel. The 3D table is framed into the ``table`` region, which does not
depend on what the panels hold, so the board never moves when the action bar
fills or empties.

Buttons keep their callbacks in ``self.buttons`` (label -> callable), so a
test presses a button through the very handler a click runs.
"""

from __future__ import annotations

from typing import Any, Callable

from direct.gui.DirectGui import DGG, DirectButton, DirectFrame
from direct.gui.OnscreenText import OnscreenText
from panda3d.core import TextNode

from triptych.client3d import layout
from triptych.client3d.fonts import fit_font, ui_font
from triptych.client3d.layout import Rect

PANEL = (0.07, 0.08, 0.11, 1)        # opaque: the table never shows through text
TEXT = (0.93, 0.93, 0.9, 1)
TOOL_COLORS = ((0.22, 0.26, 0.34, 1), (0.4, 0.45, 0.55, 1), (0.3, 0.36, 0.46, 1), (0.2, 0.2, 0.2, 1))
ACTION_COLORS = ((0.18, 0.32, 0.26, 1), (0.3, 0.5, 0.4, 1), (0.25, 0.42, 0.34, 1), (0.2, 0.2, 0.2, 1))
HINT_LONG = ("left click: select / act    right-drag: orbit    wheel: zoom    middle-drag or WASD: pan    "
             "V: view    L: log    PgUp/PgDn: scroll    H: hint    F1: help")
HINT_SHORT = "click: act   right-drag: orbit   wheel: zoom   L: log   H: hint   F1: help"
KEYS_LINE = (0.7, 0.72, 0.78, 1)
HINT_WORDS = (0.75, 1.0, 0.7, 1)     # a hint's words: the green of a lit target


def extent_of(w: int, h: int) -> tuple[float, float]:
    """aspect2d's half width and height in an on-screen window of w x h pixels (see layout.extent)."""
    return layout.extent((w, h))


def _text(parent, fg, shadow: bool = True, **kw) -> OnscreenText:
    return OnscreenText(parent=parent, fg=fg, shadow=(0, 0, 0, 1) if shadow else None, font=ui_font(),
                        mayChange=True, align=TextNode.A_left, **kw)


class Hud:
    def __init__(self, base) -> None:
        self.base = base
        self.font = ui_font()
        self.buttons: dict[str, Callable[[], Any]] = {}
        self.tooltips: dict[str, str] = {}
        self.request: Callable[[], layout.Request] = layout.Request   # the view's wish (set by the app)
        self.on_layout: Callable[[dict[str, Rect], tuple[int, int]], None] | None = None
        self._toolbar: list[tuple[str, Callable[[], Any]]] = []
        self._tool_widgets: dict[str, DirectButton] = {}
        self._hidden_tools: set[str] = set()
        self._action_entries: list[tuple[str, Callable[[], Any], int | None, str]] = []
        self._action_title = ""
        self._action_widgets: list[Any] = []
        self._action_page = 0
        self._log_lines: list[str] = []
        self.log_scroll = 0          # entries scrolled back from the newest
        self.log_expanded = False
        self._size = (0, 0)
        self._forced_size: tuple[int, int] | None = None
        self._regions: dict[str, tuple[float, float, float, float]] = {}
        self.layout: dict[str, Rect] = {}
        self.board_rect = (-1.0, 1.0, -1.0, 1.0)
        a2d = base.aspect2d
        self.panels = {name: DirectFrame(parent=a2d, frameColor=PANEL, sortOrder=-5)
                       for name in ("status", "info", "log", "actions", "tip", "hint")}
        self.status = _text(a2d, TEXT)
        self.message = _text(a2d, (1, 0.85, 0.45, 1))
        self.info = _text(a2d, (0.85, 0.88, 0.95, 1))
        self.lesson = _text(a2d, (0.72, 0.95, 0.8, 1))   # a tutorial step's card (client3d/tutorial.py)
        self.threat = _text(a2d, (1, 0.45, 0.35, 1))
        self.analysis = _text(a2d, (1, 0.86, 0.35, 1))
        self.tip = _text(a2d, (0.75, 0.95, 1, 1))
        self.log_title = _text(a2d, (0.7, 0.75, 0.85, 1), shadow=False)
        self.log_text = _text(a2d, TEXT, shadow=False)
        self.thinking = _text(a2d, (1, 0.85, 0.3, 1))
        self.hint = _text(a2d, KEYS_LINE, shadow=False)
        self._hint_words = ""          # a hint's words, shown in place of the keys line ('' : the keys)
        self._tip_text = ""
        self._full: dict[str, str] = {}   # node name -> its whole text (a node shows what fits of it)
        self.log_older = self._small_button("Older", self.scroll_log_older)
        self.log_newer = self._small_button("Newer", self.scroll_log_newer)
        self.log_toggle = self._small_button("Expand", self.toggle_log)
        # The game-over summary, the help page and the confirmation dialog sit over everything, opaque.
        self.banner = DirectFrame(parent=a2d, frameColor=(0.05, 0.05, 0.08, 1), sortOrder=20)
        self.banner_text = _text(self.banner, (1, 0.86, 0.35, 1))
        self.banner_text.textNode.set_align(TextNode.A_center)
        self.banner_sub = _text(self.banner, TEXT, shadow=False)
        self.banner_sub.textNode.set_align(TextNode.A_center)
        self._banner_buttons: list[DirectButton] = []
        self._banner_entries: list[tuple[str, Callable[[], Any]]] = []
        self.banner.hide()
        self.help_frame = DirectFrame(parent=a2d, frameColor=(0.03, 0.04, 0.06, 1), sortOrder=30)
        self.help_text = _text(self.help_frame, TEXT, shadow=False)
        self._help_lines: list[str] = []
        self.help_scroll = 0
        self._help_capacity = 40
        self.help_frame.hide()
        self.dialog: DirectFrame | None = None
        self._dialog_spec: tuple | None = None
        self._spin = 0
        self.layout_all()

    def _small_button(self, text: str, command: Callable[[], Any]) -> DirectButton:
        self.buttons["log:" + text] = command
        return DirectButton(parent=self.base.aspect2d, text=text, command=command, relief=DGG.FLAT,
                            frameColor=TOOL_COLORS, text_fg=TEXT, text_font=self.font, sortOrder=1)

    # -- the window's shape ------------------------------------------------------------------------------------
    def window_size(self) -> tuple[int, int]:
        """The window's size in pixels (or the size a test lays the HUD out for, see ``regions``)."""
        if self._forced_size is not None:
            return self._forced_size
        return self.base.win.get_x_size(), self.base.win.get_y_size()

    def extent(self) -> tuple[float, float]:
        """Half width and half height of the window in aspect2d units."""
        if self._forced_size is None:
            return self.base.a2dRight, self.base.a2dTop
        return extent_of(*self._forced_size)

    def em(self, factor: float = 1.0) -> float:
        """The body text's scale (aspect2d units) for this window, times `factor` (never below the minimum)."""
        size = self.window_size()
        return max(layout.text_scale(size, layout.min_px(size)), factor * layout.text_scale(size, layout.body_px(size)))

    def maybe_layout(self) -> None:
        if self.window_size() != self._size:
            self.layout_all()

    def relayout(self) -> None:
        """Lays everything out again (a view whose ``layout_request`` changed calls this)."""
        self.layout_all()

    def layout_all(self) -> None:
        """Places every part for the current window size (see the module docstring)."""
        size = self._size = self.window_size()
        if self._forced_size is None:
            fit_font(self.font, layout.font_pixels(size))
        visible = [t for t, _ in self._toolbar if t not in self._hidden_tools]
        R = layout.regions(size, self.request(), toolbar=visible, expanded=self.log_expanded)
        self.layout = R
        em = self.em()
        pad = 0.35 * em
        for name, frame in self.panels.items():
            if name in R:
                frame["frameSize"] = tuple(R[name])
                frame.show()
            else:
                frame.hide()
        self._place_toolbar(R["toolbar"] if "toolbar" in R else None, visible, em)
        # Status: the turn (larger) and the latest note.
        st = R["status"].inset(pad)
        used = self._fit(self.status, self.full("status"), st, self.em(1.15), "start",
                         max_lines=1 if self.full("message") else 2)
        self._fit(self.message, self.full("message"), Rect(st.left, st.right, st.bottom, st.top - used), em,
                  "start", max_lines=1)
        # The info column: a tutorial's card, warnings, then the game's numbers, then the analysis line.
        if "info" in R:
            box = R["info"].inset(pad)
            for name in ("lesson", "threat", "info", "analysis"):
                used = self._fit(getattr(self, name), self.full(name), box, em, "start")
                box = Rect(box.left, box.right, box.bottom, box.top - used - (0.2 * em if used else 0))
        for node in (self.lesson, self.threat, self.info, self.analysis):
            if "info" not in R:
                node.hide()
            else:
                node.show()
        self._place_log(R["log"], em, pad)
        self._place_actions(R["actions"].inset(pad), em)
        self._fit(self.tip, self._tip_text, R["tip"].inset(pad, 0.2 * em), em, "start")
        if self._hint_words:
            # A hint's words (client3d.hint_panel) take the hover line's row too: two lines, one panel.
            rows = Rect(R["hint"].left, R["hint"].right, R["hint"].bottom, R["tip"].top)
            self.panels["hint"]["frameSize"] = tuple(rows)
            self.panels["tip"].hide()
            self.tip.hide()
            self.hint.setFg(HINT_WORDS)
            self._fit(self.hint, self._hint_words, rows.inset(pad, 0.15 * em), em, "start", max_lines=2)
        else:
            self.tip.show()
            self.hint.setFg(KEYS_LINE)
            hint_box = R["hint"].inset(pad, 0.15 * em)
            hint = HINT_LONG if len(HINT_LONG) * 0.55 * em < hint_box.width else HINT_SHORT
            self._fit(self.hint, hint, hint_box, em, "start", max_lines=1)
        self.board_rect = tuple(R["table"])
        self._place_overlays(R, em)
        self._regions = self._measure(R, visible)
        if self.on_layout is not None and self._forced_size is None:
            self.on_layout(R, size)

    # kept for callers of the old name
    def layout_now(self) -> None:
        self.layout_all()

    def _fit(self, node: OnscreenText, text: str, rect: Rect, scale: float, keep: str,
             max_lines: int | None = None) -> float:
        """Fits `text` into `rect` (see layout.fit_lines); returns the height used."""
        if max_lines is not None:
            rect = Rect(rect.left, rect.right, max(rect.bottom, rect.top - (max_lines * layout.LINE + 0.1) * scale),
                        rect.top)
        shown = layout.fit_lines(node, text, rect, scale, keep)
        n = len(shown.splitlines()) if shown else 0
        return n * layout.LINE * scale

    def _place_toolbar(self, rect: Rect | None, visible: list[str], em: float) -> None:
        for text, _ in self._toolbar:
            self._tool_widgets[text].hide()
        if rect is None or not visible:
            return
        bw = rect.width / len(visible)
        for i, text in enumerate(visible):
            button = self._tool_widgets[text]
            button.show()
            button.set_scale(em)
            gap = 2 / layout.px_per_unit(self.window_size())
            button["frameSize"] = (-(bw / 2 - gap) / em, (bw / 2 - gap) / em, -rect.height / 2 / em,
                                   rect.height / 2 / em)
            button.set_pos(rect.left + bw * (i + 0.5), 0, (rect.bottom + rect.top) / 2 - 0.3 * em)

    def _place_log(self, rect: Rect, em: float, pad: float) -> None:
        """The log: a title row with its buttons, then the newest entries that fit, wrapped, never past the panel."""
        inner = rect.inset(pad)
        row = layout.LINE * em
        bs = self.em(0.85)
        bw = min(5.2 * bs, inner.width / 3.6)
        for i, b in enumerate((self.log_toggle, self.log_newer, self.log_older)):
            b.set_scale(bs)
            b["frameSize"] = (-bw / 2 / bs, bw / 2 / bs, -0.3, 0.95)
            b.set_pos(inner.right - bw * (i + 0.5) - 0.01 * i, 0, inner.top - 0.8 * em)
        self.log_toggle["text"] = "Close" if self.log_expanded else "Expand"
        title_right = inner.right - 3 * bw - 0.03
        self._log_title_rect = Rect(inner.left, max(inner.left + 0.05, title_right), inner.top - row, inner.top)
        self._log_rect = Rect(inner.left, inner.right, inner.bottom, inner.top - row - 0.15 * em)
        self._log_scale = em
        self._render_log()

    def _render_log(self) -> None:
        if not hasattr(self, "_log_rect"):
            return
        lines = self._log_lines
        self.log_scroll = max(0, min(self.log_scroll, len(lines) - 1))
        end = len(lines) - self.log_scroll
        # Wrap from the newest shown entry back until the panel is full: the panel never holds more than it can.
        rect, s = self._log_rect, self._log_scale
        room = max(1, int((rect.height + 0.2 * s) / (s * layout.LINE)))
        probe = self._probe(rect.width / s)
        shown: list[str] = []
        first = end
        while first > 0 and len(shown) < room:
            probe.set_text(lines[first - 1])
            wrapped_lines = probe.get_wordwrapped_text().splitlines() or [""]
            if len(shown) + len(wrapped_lines) > room and shown:
                break
            shown = wrapped_lines + shown
            first -= 1
        shown = shown[-room:]
        self._visible = lines[first:end]
        layout.fit_lines(self.log_text, "\n".join(shown), rect, s, "end")
        more = f" (+{self.log_scroll} newer)" if self.log_scroll else ""
        layout.fit_lines(self.log_title, f"Log{more}", self._log_title_rect, self.em(0.9), "start")
        self._log_capacity = max(1, len(self._visible))

    def _probe(self, wordwrap: float) -> TextNode:
        node = getattr(self, "_wrap_probe", None)
        if node is None:
            node = self._wrap_probe = TextNode("log-wrap")
            node.set_font(self.font)
        node.set_wordwrap(wordwrap)
        return node

    def _measure(self, R: dict[str, Rect], visible: list[str]) -> dict[str, tuple[float, float, float, float]]:
        """name -> (left, right, bottom, top) of each panel now shown, as drawn."""
        out: dict[str, tuple[float, float, float, float]] = {}
        for name in ("status", "log", "tip", "hint", "info", "actions", "side", "hand"):
            if name in R:
                out[name] = tuple(R[name])
        boxes = [self._bounds(self._tool_widgets[t]) for t in visible]
        boxes = [b for b in boxes if b is not None]
        if boxes:  # measured from the buttons as drawn
            out["toolbar"] = (min(b[0] for b in boxes), max(b[1] for b in boxes),
                              min(b[2] for b in boxes), max(b[3] for b in boxes))
        return out

    def _bounds(self, node) -> tuple[float, float, float, float] | None:
        if isinstance(node, DirectButton):  # a button's frame is drawn by the GUI, not by child geometry
            l, r, b, t = node.getBounds()
            sx, _, sz = node.get_scale(self.base.aspect2d)
            p = node.get_pos(self.base.aspect2d)
            return p.x + l * sx, p.x + r * sx, p.z + b * sz, p.z + t * sz
        tight = node.get_tight_bounds(self.base.aspect2d)
        if not tight:
            return None
        lo, hi = tight
        return lo.x, hi.x, lo.z, hi.z

    def regions(self, size: tuple[int, int] | None = None) -> dict[str, tuple[float, float, float, float]]:
        """name -> (left, right, bottom, top) in aspect2d units of every HUD panel now shown, measured.

        With `size`, the HUD is laid out as it would be in a window of that many pixels and measured there
        (an offscreen buffer cannot be resized). Call ``restore()`` (or let the next frame do it) to lay out
        for the real window again.
        """
        self._forced_size = size
        try:
            self.layout_all()
            return dict(self._regions)
        finally:
            self._forced_size = None
            self._size = (0, 0)  # lay out for the real window again at the next frame

    def lay_out_for(self, size: tuple[int, int]) -> None:
        """Lays the HUD out as for a window of `size` and keeps it so until ``restore`` (layout tests)."""
        self._forced_size = size
        self.layout_all()

    def restore(self) -> None:
        self._forced_size = None
        self.layout_all()

    def text_bounds(self, node) -> tuple[float, float, float, float]:
        """(left, right, bottom, top) in aspect2d units of a text as drawn; a button's label lives in a state
        graph the button draws itself, so it is measured there and carried through the button's transform."""
        from panda3d.core import Point3

        button = node.getPythonTag("button") if node.hasPythonTag("button") else None
        if button is None:
            lo, hi = node.get_tight_bounds(self.base.aspect2d)
            return lo.x, hi.x, lo.z, hi.z
        lo, hi = node.get_tight_bounds(node.get_top())
        mat = button.get_mat(self.base.aspect2d)
        a, b = mat.xform_point(Point3(lo.x, 0, lo.z)), mat.xform_point(Point3(hi.x, 0, hi.z))
        return min(a.x, b.x), max(a.x, b.x), min(a.z, b.z), max(a.z, b.z)

    def _label(self, button: DirectButton) -> Any:
        label = button.component("text0")
        label.setPythonTag("button", button)
        return label

    def text_nodes(self) -> list[tuple[str, Any]]:
        """(panel, node) of every text drawn now, buttons' labels included: each must lie inside its panel."""
        out: list[tuple[str, Any]] = [("status", self.status), ("status", self.message), ("tip", self.tip),
                                      ("hint", self.hint), ("log", self.log_text), ("log", self.log_title)]
        if "info" in self.layout:
            out += [("info", self.lesson), ("info", self.threat), ("info", self.info), ("info", self.analysis)]
        for w in self._action_widgets:
            out.append(("actions", self._label(w) if isinstance(w, DirectButton) else w))
        for t in self._toolbar:
            w = self._tool_widgets[t[0]]
            if not w.is_hidden():
                out.append(("toolbar", self._label(w)))
        for b in (self.log_toggle, self.log_newer, self.log_older):
            out.append(("log", self._label(b)))
        return [(p, n) for p, n in out if not n.is_hidden() and n.getText()]

    def _place_overlays(self, R: dict[str, Rect], em: float) -> None:
        # The banner is as tall as what it says, centred over the table: the log and panels stay in view.
        b = R["banner"]
        pad = 0.6 * em
        probe = self._probe((b.width - 2 * pad) / em)
        probe.set_text(self.full("banner_sub"))
        lines = len(probe.get_wordwrapped_text().splitlines()) if self.full("banner_sub") else 0
        height = min(b.height, 2 * pad + (2.0 + lines) * layout.LINE * em + 0.9 * em + 2.4 * em)
        cz = (R["table"].bottom + R["table"].top) / 2
        cz = max(min(cz, R["table"].top - height / 2), -self.extent()[1] + height / 2)
        b = Rect(b.left, b.right, cz - height / 2, cz + height / 2)
        self.banner["frameSize"] = tuple(b)
        inner = b.inset(pad)
        used = self._fit(self.banner_text, self.full("banner_text"), inner, self.em(2.0), "start", max_lines=1)
        self.banner_text.setX((inner.left + inner.right) / 2)
        bh = 1.9 * em
        text_box = Rect(inner.left, inner.right, inner.bottom + bh + pad, inner.top - used - 0.3 * em)
        self._fit(self.banner_sub, self.full("banner_sub"), text_box, em, "start")
        self.banner_sub.setX((inner.left + inner.right) / 2)
        self._place_banner_buttons(inner, em, bh)
        h = R["help"]
        self.help_frame["frameSize"] = tuple(h)
        self._help_rect = h.inset(2 * em)
        self._help_scale = em
        self._help_capacity = max(5, int(self._help_rect.height / (em * layout.LINE)) - 2)
        self._render_help()
        if self._dialog_spec is not None:
            self._build_dialog(*self._dialog_spec)

    # -- toolbar and action buttons ------------------------------------------------------------------------
    def set_toolbar(self, entries: list[tuple[str, Callable[[], Any]]]) -> None:
        for w in self._tool_widgets.values():
            w.destroy()
        self._toolbar = list(entries)
        self._tool_widgets = {}
        for text, command in entries:
            self._tool_widgets[text] = DirectButton(
                parent=self.base.aspect2d, text=text, command=command, relief=DGG.FLAT, text_font=self.font,
                frameColor=TOOL_COLORS, text_fg=TEXT, text_align=TextNode.A_center)
            self.buttons[text] = command
        self.layout_all()

    def show_tools(self, hidden: set[str]) -> None:
        """Hides the toolbar buttons in `hidden` (they would do nothing now), shows the rest."""
        if set(hidden) != self._hidden_tools:
            self._hidden_tools = set(hidden)
            self.layout_all()

    def tool_shown(self, text: str) -> bool:
        return text in self._tool_widgets and not self._tool_widgets[text].is_hidden()

    def set_actions(self, entries: list[tuple], title: str = "") -> None:
        """The action bar: one button per offered decision.

        An entry is (text, command) or (text, command, slot, tooltip): a button with a slot keeps that place
        whatever else is offered (a kind of action is always in the same spot); the rest follow. More than
        the bar holds go on pages ("More").
        """
        self._action_entries = [(e[0], e[1], e[2] if len(e) > 2 else None, e[3] if len(e) > 3 else "")
                                for e in entries]
        self._action_title = title
        self._action_page = 0
        for key in [k for k in self.buttons if k.startswith("action:")]:
            del self.buttons[key]
        self.tooltips = {k: v for k, v in self.tooltips.items() if not k.startswith("action:")}
        for text, command, _, tip in self._action_entries:
            self.buttons["action:" + text] = command
            if tip:
                self.tooltips["action:" + text] = tip
        self._relayout_actions()

    def _relayout_actions(self) -> None:
        if "actions" in self.layout:
            self._place_actions(self.layout["actions"].inset(0.35 * self.em()), self.em())

    def action_places(self) -> dict[str, int]:
        """Button text -> its place in the bar (0 = first), as drawn."""
        return dict(self._places)

    def next_action_page(self) -> None:
        self._action_page += 1
        self._relayout_actions()

    def _place_actions(self, box: Rect, em: float) -> None:
        """Lays out the action bar inside `box`: the title line, then rows of buttons (pages if need be)."""
        for w in self._action_widgets:
            w.destroy()
        self._action_widgets = []
        self._places: dict[str, int] = {}
        self.buttons.pop("page:More", None)
        entries = self._action_entries
        row_h = layout.ROW * em
        title_h = layout.LINE * em
        rows = max(1, int((box.height - title_h) / row_h + 0.25))   # the rows the layout reserved
        if self._action_title or self.thinking.getText():
            title = _text(self.base.aspect2d, (1, 0.9, 0.55, 1))
            self._fit(title, self._action_title, Rect(box.left, box.right, box.top - title_h, box.top), em,
                      "start", max_lines=1)
            self._action_widgets.append(title)
        self._fit(self.thinking, self.thinking.getText(),
                  Rect((box.left + box.right) / 2, box.right, box.top - title_h, box.top), em, "start", max_lines=1)
        if not entries:
            return
        aw_min = 15 * em
        per_row = max(1, int(box.width / aw_min))
        aw = box.width / per_row
        capacity = rows * per_row
        taken = {slot for _, _, slot, _ in entries if slot is not None}
        free = (i for i in range(10_000) if i not in taken)
        places = [slot if slot is not None else next(free) for _, _, slot, _ in entries]
        paged = max(places) >= capacity
        per_page = max(1, capacity - 1) if paged else capacity
        pages = max(places) // per_page + 1
        page = self._action_page % pages
        top = box.top - title_h
        gap = 3 / layout.px_per_unit(self.window_size())
        for (text, command, _, tip), place in zip(entries, places):
            self._places[text] = place
            if place // per_page != page:
                continue
            row, col = divmod(place % per_page, per_row)
            self._action_widgets.append(self._action_button(text, command, tip, em, aw, gap,
                                                            box.left + aw * (col + 0.5), top - row_h * (row + 0.5)))
        if paged:
            row, col = divmod(capacity - 1, per_row)
            self._action_widgets.append(self._action_button(f"More ({page + 1}/{pages})", self.next_action_page,
                                                            "", em, aw, gap, box.left + aw * (col + 0.5),
                                                            top - row_h * (row + 0.5)))
            self.buttons["page:More"] = self.next_action_page

    def _action_button(self, text: str, command, tip: str, em: float, aw: float, gap: float, x: float,
                       z: float) -> DirectButton:
        # A long label is cut with an ellipsis (its whole text is the tooltip) rather than shrunk unreadably.
        room = int((aw - 2 * gap) / (0.56 * em))
        label = text if len(text) <= room else text[:max(1, room - 1)].rstrip() + "\u2026"
        button = DirectButton(parent=self.base.aspect2d, text=label, command=command, relief=DGG.FLAT,
                              text_font=self.font, text_fg=TEXT, text_align=TextNode.A_center, frameColor=ACTION_COLORS,
                              frameSize=(-(aw / 2 - gap) / em, (aw / 2 - gap) / em, -0.55, 1.05))
        button.set_scale(em)
        button.set_pos(x, 0, z - 0.27 * em)
        tip = tip or (text if label != text else "")
        if tip:
            button.bind(DGG.ENTER, lambda _e, t=tip: self.set_tip(t))
            button.bind(DGG.EXIT, lambda _e: self.set_tip(""))
        return button

    def press(self, label: str) -> Any:
        """Runs the handler of button `label` (toolbar text, or "action:" + action button text)."""
        return self.buttons[label]()

    # -- text ------------------------------------------------------------------------------------------------
    def full(self, name: str) -> str:
        """The whole text of HUD part `name` (what it shows may be cut to its panel)."""
        return self._full.get(name, "")

    def _set_texts(self, **texts: str) -> None:
        if any(self._full.get(k, "") != v for k, v in texts.items()):
            for name, text in texts.items():
                self._full[name] = text
                getattr(self, name).setText(text)
            self.layout_all()

    def set_status(self, text: str, info: str = "") -> None:
        self._set_texts(status=text, info=info)

    def set_lesson(self, text: str) -> None:
        """A tutorial step's card, first in the info column ('' hides it)."""
        self._set_texts(lesson=text)

    def set_threats(self, lines: list[str]) -> None:
        self._set_texts(threat="\n".join("Warning: " + line for line in lines))

    def set_message(self, text: str) -> None:
        self._set_texts(message=text)

    def set_analysis(self, text: str) -> None:
        """The analysis panel's score and best line ('' hides it)."""
        self._set_texts(analysis=text)

    def set_tip(self, text: str) -> None:
        if text != self._tip_text:
            self._tip_text = text
            if "tip" in self.layout:
                self._fit(self.tip, text, self.layout["tip"].inset(0.35 * self.em(), 0.2 * self.em()), self.em(),
                          "start")

    def set_hint(self, text: str) -> None:
        """A hint's words in the bottom panel, which takes the hover line's row too while they show; '' brings
        back the mouse-and-keys line."""
        if text != self._hint_words:
            self._hint_words = text
            self.layout_all()

    def hint_words(self) -> str:
        return self._hint_words

    def tip_text(self) -> str:
        return self._tip_text

    def set_log(self, lines: list[str]) -> None:
        if lines != self._log_lines:
            if len(lines) < len(self._log_lines):
                self.log_scroll = 0
            self._log_lines = list(lines)
            self._render_log()

    def visible_log(self) -> list[str]:
        """The log entries shown now (oldest first)."""
        return list(getattr(self, "_visible", []))

    def scroll_log_older(self) -> None:
        self.log_scroll += max(1, self._log_capacity // 2)
        self._render_log()

    def scroll_log_newer(self) -> None:
        self.log_scroll = max(0, self.log_scroll - max(1, self._log_capacity // 2))
        self._render_log()

    def toggle_log(self) -> None:
        """L or the log's Expand button: the log takes the whole right column, or goes back to its last lines."""
        self.log_expanded = not self.log_expanded
        self.layout_all()

    def set_thinking(self, who: str | None) -> None:
        text = ""
        if who is not None:
            self._spin = (self._spin + 1) % 40
            text = f"{who} is thinking" + "." * (1 + self._spin // 10)
        if text != self.thinking.getText():
            self.thinking.setText(text)
            if "actions" in self.layout:
                box = self.layout["actions"].inset(0.35 * self.em())
                h = layout.LINE * self.em()
                self._fit(self.thinking, text, Rect((box.left + box.right) / 2, box.right, box.top - h, box.top),
                          self.em(), "start", max_lines=1)

    # -- the game-over banner ----------------------------------------------------------------------------------
    def show_banner(self, text: str, sub: str = "", buttons: list[tuple[str, Callable[[], Any]]] | None = None) -> None:
        """The banner over the table; `buttons` (label, command) along its foot. Every button also closes it."""
        self._full["banner_text"], self._full["banner_sub"] = text, sub
        self.banner_text.setText(text)
        self.banner_sub.setText(sub)
        self._banner_entries = list(buttons or [("Close", self.hide_banner)])
        self.banner.show()
        self.layout_all()

    def _place_banner_buttons(self, inner: Rect, em: float, bh: float) -> None:
        for b in self._banner_buttons:
            b.destroy()
        self._banner_buttons = []
        for key in [k for k in self.buttons if k.startswith("banner:")]:
            del self.buttons[key]
        n = len(self._banner_entries)
        if not n:
            return
        bw = min(inner.width / n, 10 * em)
        x0 = (inner.left + inner.right) / 2 - bw * n / 2
        for i, (label, command) in enumerate(self._banner_entries):
            def run(command=command) -> None:
                self.hide_banner()
                command()
            b = DirectButton(parent=self.banner, text=label, command=run, relief=DGG.FLAT, text_font=self.font,
                             text_fg=TEXT, frameColor=TOOL_COLORS, text_align=TextNode.A_center,
                             frameSize=(-(bw / 2 - 0.01) / em, (bw / 2 - 0.01) / em, -0.6, 1.2))
            b.set_scale(em)
            b.set_pos(x0 + bw * (i + 0.5), 0, inner.bottom + 0.6 * em)
            self._banner_buttons.append(b)
            self.buttons["banner:" + label] = run

    def banner_shown(self) -> bool:
        return not self.banner.is_hidden()

    def hide_banner(self) -> None:
        self.banner.hide()
        for key in [k for k in self.buttons if k.startswith("banner:")]:
            del self.buttons[key]

    # -- help ------------------------------------------------------------------------------------------------
    def toggle_help(self, text: str | None = None) -> None:
        if text is not None:
            self._help_lines = text.splitlines()
            self.help_scroll = 0
            self._render_help()
        if self.help_frame.is_hidden():
            self.help_frame.show()
        else:
            self.help_frame.hide()

    def scroll_help(self, lines: int) -> None:
        self.help_scroll = max(0, self.help_scroll + lines)
        self._render_help()

    def _render_help(self) -> None:
        """The page wrapped to the overlay, the lines that fit from the scroll position, and a last line that
        says how to scroll or close (never cut off)."""
        if not hasattr(self, "_help_rect"):
            return
        rect, s = self._help_rect, self._help_scale
        probe = self._probe(rect.width / s)
        probe.set_text("\n".join(self._help_lines))
        lines = probe.get_wordwrapped_text().splitlines() if self._help_lines else []
        room = max(2, int((rect.height + 0.2 * s) / (s * layout.LINE)) - 1)
        self.help_scroll = max(0, min(self.help_scroll, len(lines) - room))
        shown = lines[self.help_scroll:self.help_scroll + room]
        more = len(lines) - self.help_scroll - len(shown)
        tail = f"... {more} more lines: PgDn to scroll, F1 or Escape to close" if more > 0 else \
            "(F1 or Escape to close)"
        layout.fit_lines(self.help_text, "\n".join(shown + [tail]), rect, s, "start")

    # -- a question --------------------------------------------------------------------------------------------
    def ask(self, question: str, on_yes: Callable[[], Any], yes: str = "Discard", no: str = "Cancel",
            extra: tuple[str, Callable[[], Any]] | None = None) -> None:
        """A modal question; `on_yes` runs only if the player confirms. Escape or a click outside cancels.
        `extra` is a third choice (label, command), e.g. ("Save first", ...)."""
        self.close_dialog()
        self._dialog_spec = (question, on_yes, yes, no, extra)
        self._build_dialog(*self._dialog_spec)

    def _build_dialog(self, question: str, on_yes, yes: str, no: str, extra) -> None:
        if self.dialog is not None:
            self.dialog.destroy()
        em = self.em()
        R = self.layout.get("dialog") or layout.regions(self.window_size())["dialog"]
        X, Y = self.extent()
        # As tall as the question needs (wrapped to the dialog's width), within the window.
        text = _text(self.base.aspect2d, TEXT, shadow=False)
        text.setScale(em)
        text["wordwrap"] = (R.width - 1.6 * em) / em
        text.setText(question)
        need = (len(layout.wrapped(text)) * layout.LINE + 4.2) * em
        text.destroy()
        half = min(Y - 0.02, max(R.height, need) / 2)
        R = Rect(R.left, R.right, -half, half)
        self.dialog = DirectFrame(parent=self.base.aspect2d, frameColor=(0.06, 0.07, 0.1, 1),
                                  frameSize=tuple(R), sortOrder=40)
        inner = R.inset(0.8 * em)
        text = _text(self.dialog, TEXT, shadow=False)
        self._fit(text, question, Rect(inner.left, inner.right, inner.bottom + 2.2 * em, inner.top), em, "start")
        self.dialog_text = text

        def confirm() -> None:
            self.close_dialog()
            on_yes()

        choices = [(yes, confirm)]
        if extra is not None:
            label, command = extra

            def run_extra(command=command) -> None:
                self.close_dialog()
                command()
            choices.append((label, run_extra))
        choices.append((no, self.close_dialog))
        bw = min(inner.width / len(choices), 10 * em)
        x0 = (inner.left + inner.right) / 2 - bw * len(choices) / 2
        for i, (label, command) in enumerate(choices):
            DirectButton(parent=self.dialog, text=label, command=command, scale=em, relief=DGG.FLAT,
                         text_font=self.font, text_fg=TEXT,
                         frameSize=(-(bw / 2 - 0.01) / em, (bw / 2 - 0.01) / em, -0.6, 1.2),
                         pos=(x0 + bw * (i + 0.5), 0, inner.bottom + 0.6 * em),
                         frameColor=(0.45, 0.2, 0.18, 1) if i == 0 else (0.22, 0.26, 0.34, 1))
            self.buttons["dialog:" + label] = command

    def close_dialog(self) -> None:
        if self.dialog is not None:
            self.dialog.destroy()
            self.dialog = None
        self._dialog_spec = None
        for key in [k for k in self.buttons if k.startswith("dialog:")]:
            del self.buttons[key]

    def destroy(self) -> None:
        for w in list(self._tool_widgets.values()) + self._action_widgets + self._banner_buttons:
            w.destroy()
        self.close_dialog()
        for w in (self.status, self.info, self.lesson, self.threat, self.analysis, self.message, self.tip,
                  self.log_text, self.log_title, self.thinking, self.hint, self.banner, self.help_frame, self.log_older,
                  self.log_newer, self.log_toggle, *self.panels.values()):
            w.destroy()
