"""The 2D overlay: whose turn, the event log, the toolbar, action buttons, the
threat banner, tooltips, the help overlay, the confirmation dialog and the
game-over summary.

Layout follows the window (``layout``, rerun whenever the window changes
size): the toolbar takes the top right, the status and game info the top
left (below the toolbar when the window is narrow), the log a column on the
right, the action buttons the bottom left, the hint line the bottom. The 3D
table is projected into the rectangle the HUD leaves free (``board_rect``), so
no panel lies over the board. ``regions()`` reports where each part really is
drawn, so a test can check that nothing overlaps at any size.

Buttons keep their callbacks in ``self.buttons`` (label -> callable), so a
test presses a button through the very handler a click runs.
"""

from __future__ import annotations

from typing import Any, Callable

from direct.gui.DirectGui import DGG, DirectButton, DirectFrame
from direct.gui.OnscreenText import OnscreenText
from panda3d.core import TextNode

from triptych.client3d.fonts import ui_font

PANEL = (0.05, 0.06, 0.09, 0.72)
TEXT = (0.93, 0.93, 0.9, 1)
MARGIN = 0.03


def extent_of(w: int, h: int) -> tuple[float, float]:
    """aspect2d's half width and height in an on-screen window of w x h pixels: ShowBase keeps [-1, 1] on the
    shorter side (a tall window grows up and down, a wide one across)."""
    ar = w / max(1, h)
    return (ar, 1.0) if ar >= 1 else (1.0, 1 / ar)


class Hud:
    BUTTON_W = 0.2      # toolbar button width (aspect2d units, before scaling)
    ACTION_W = 0.46     # action button width

    def __init__(self, base) -> None:
        self.base = base
        self.font = ui_font()
        self.buttons: dict[str, Callable[[], Any]] = {}
        self.tooltips: dict[str, str] = {}
        self._toolbar: list[tuple[str, Callable[[], Any]]] = []
        self._tool_widgets: dict[str, DirectButton] = {}
        self._hidden_tools: set[str] = set()
        self._action_entries: list[tuple[str, Callable[[], Any], int | None, str]] = []
        self._action_title = ""
        self._action_widgets: list[Any] = []
        self._log_lines: list[str] = []
        self.log_scroll = 0          # lines scrolled back from the newest
        self._size = (0, 0)
        self._forced_size: tuple[int, int] | None = None
        self._regions: dict[str, tuple[float, float, float, float]] = {}
        self.board_rect = (-1.0, 1.0, -1.0, 1.0)
        text = dict(font=self.font, mayChange=True, align=TextNode.A_left)
        self.status = OnscreenText(parent=base.aspect2d, fg=TEXT, shadow=(0, 0, 0, 1), **text)
        self.info = OnscreenText(parent=base.aspect2d, fg=(0.85, 0.88, 0.95, 1), shadow=(0, 0, 0, 1), **text)
        self.threat = OnscreenText(parent=base.aspect2d, fg=(1, 0.45, 0.35, 1), shadow=(0, 0, 0, 1), **text)
        self.message = OnscreenText(parent=base.aspect2d, fg=(1, 0.85, 0.45, 1), shadow=(0, 0, 0, 1), **text)
        self.tip = OnscreenText(parent=base.aspect2d, fg=(0.75, 0.95, 1, 1), shadow=(0, 0, 0, 1), **text)
        self.analysis = OnscreenText(parent=base.aspect2d, fg=(1, 0.86, 0.35, 1), shadow=(0, 0, 0, 1), **text)
        self.log_frame = DirectFrame(parent=base.aspect2d, frameColor=PANEL)
        self.log_text = OnscreenText(parent=base.aspect2d, fg=TEXT, **text)
        self.thinking = OnscreenText(parent=base.aspect2d, fg=(1, 0.85, 0.3, 1), shadow=(0, 0, 0, 1), font=self.font,
                                     mayChange=True)
        self.hint = OnscreenText(parent=base.aspect2d, fg=(0.7, 0.72, 0.78, 1),
                                 text="left click: select / act    right-drag: orbit    wheel: zoom    middle-drag "
                                      "or WASD: pan    V: view    PgUp/PgDn: log    F1: help", **text)
        self.log_older = self._small_button("Older", self.scroll_log_older)
        self.log_newer = self._small_button("Newer", self.scroll_log_newer)
        # The game-over summary, the help page and the confirmation dialog sit over everything.
        self.banner = DirectFrame(parent=base.aspect2d, frameColor=(0.04, 0.04, 0.06, 0.9), sortOrder=20)
        self.banner_text = OnscreenText(parent=self.banner, pos=(0, 0.1), scale=0.1, fg=(1, 0.86, 0.35, 1),
                                        shadow=(0, 0, 0, 1), mayChange=True, font=self.font)
        self.banner_sub = OnscreenText(parent=self.banner, pos=(0, 0.0), scale=0.042, fg=TEXT, mayChange=True,
                                       font=self.font, wordwrap=46)
        self.banner.hide()
        self.help_frame = DirectFrame(parent=base.aspect2d, frameColor=(0.03, 0.04, 0.06, 0.985), sortOrder=30)
        self.help_text = OnscreenText(parent=self.help_frame, scale=0.036, fg=TEXT, align=TextNode.A_left,
                                      mayChange=True, font=self.font)
        self._help_lines: list[str] = []
        self.help_scroll = 0
        self.help_frame.hide()
        self.dialog: DirectFrame | None = None
        self._spin = 0
        self.layout()

    def _small_button(self, text: str, command: Callable[[], Any]) -> DirectButton:
        self.buttons["log:" + text] = command
        return DirectButton(parent=self.base.aspect2d, text=text, command=command, relief=DGG.FLAT,
                            frameColor=(0.2, 0.24, 0.3, 0.95), text_fg=TEXT, pad=(0.3, 0.15), text_font=self.font)

    # -- the window's shape ------------------------------------------------------------------------------------
    def window_size(self) -> tuple[int, int]:
        """The window's size in pixels (or the size a test lays the HUD out for, see ``regions``)."""
        if self._forced_size is not None:
            return self._forced_size
        return self.base.win.get_x_size(), self.base.win.get_y_size()

    def extent(self) -> tuple[float, float]:
        """Half width and half height of the window in aspect2d units (what ShowBase set for this window)."""
        if self._forced_size is None:
            return self.base.a2dRight, self.base.a2dTop
        return extent_of(*self._forced_size)

    def scale(self) -> float:
        """HUD scale: full size from 1.6 units across the narrower window on, smaller on narrow windows."""
        x, _ = self.extent()
        return max(0.8, min(1.0, 2 * x / 2.9))

    def maybe_layout(self) -> None:
        size = self.window_size()
        if size != self._size:
            self.layout()

    def layout(self) -> None:
        """Places every part for the current window size (see the module docstring)."""
        self._size = self.window_size()
        X, Y = self.extent()
        k = self.scale()
        m = MARGIN
        regions: dict[str, tuple[float, float, float, float]] = {}
        # Toolbar, top right.
        visible = [(t, c) for t, c in self._toolbar if t not in self._hidden_tools]
        bw, bh = self.BUTTON_W * k, 0.085 * k
        x = X - m - bw * len(visible)
        for text, _ in self._toolbar:
            self._tool_widgets[text].hide()
        for text, _ in visible:
            button = self._tool_widgets[text]
            button.show()
            button.set_scale(0.042 * k)
            button["frameSize"] = (-bw / 2 / (0.042 * k) + 0.1, bw / 2 / (0.042 * k) - 0.1, -0.55, 1.05)
            button.set_pos(x + bw / 2, 0, Y - m - bh + 0.022 * k)
            x += bw
        tool_left = X - m - bw * len(visible)
        tool_bottom = Y - m - bh - 0.01
        # Status: beside the toolbar when there is room, else under it.
        left = -X + m
        room = tool_left - m - left
        top = Y - m if room > 1.0 * k else tool_bottom - m
        width = room if room > 1.0 * k else 2 * X - 2 * m
        # The log: a column on the right below the toolbar; on a tall or squarish window a band across the
        # bottom, so the table keeps the whole width.
        narrow = X < 1.2
        lw = 2 * X - 2 * m if narrow else max(0.62, min(1.05, 0.36 * 2 * X)) * (1 if k >= 0.9 else 0.92)
        log_left = X - m - lw
        left_width = width if narrow else min(width, log_left - m - left)
        table_right = X - m if narrow else log_left - m
        # Hint line at the very bottom.
        hint_s = 0.03 * k
        self.hint.setScale(hint_s)
        self.hint["wordwrap"] = (2 * X - 2 * m) / hint_s
        self.hint.setPos(left, -Y + m + 0.3 * hint_s)
        hint_top = -Y + m + self._text_height(self.hint)
        # Action buttons, bottom left, in rows above the hint.
        actions_top = self._place_actions(left, table_right, hint_top + m, k)
        if narrow:
            log_bottom = actions_top + m
            log_top = log_bottom + 0.36
            table_bottom = log_top + 0.02
        else:
            log_top, log_bottom = tool_bottom - m, hint_top + m
            table_bottom = actions_top + 0.02
        # Top-left texts, stacked; the info shrinks until it leaves the table most of the height.
        y = top
        for node, s in ((self.status, 0.052 * k), (self.message, 0.036 * k)):
            node.setScale(s)
            node["wordwrap"] = left_width / s
            node.setPos(left, y - s)
            y -= self._text_height(node) + (0.01 if node.getText() else 0)
        info_budget = max(0.25, 0.42 * (y - table_bottom))
        s = 0.032 * k
        while True:
            self.info.setScale(s)
            self.info["wordwrap"] = left_width / s
            self.info.setPos(left, y - s)
            if self._text_height(self.info) <= info_budget or s < 0.016:
                break
            s *= 0.9
        y -= self._text_height(self.info) + 0.01
        for node, s in ((self.threat, 0.036 * k), (self.analysis, 0.034 * k), (self.tip, 0.03 * k)):
            node.setScale(s)
            node["wordwrap"] = left_width / s
            node.setPos(left, y - s)
            y -= self._text_height(node) + (0.01 if node.getText() else 0)
        self.log_frame["frameSize"] = (log_left, X - m, log_bottom, log_top)
        ls = 0.034 * k
        self.log_text.setScale(ls)
        self.log_text["wordwrap"] = (lw - 0.04) / ls
        self.log_text.setPos(log_left + 0.02, log_top - 0.02 - ls)
        line = ls * self.font.get_line_height()
        self._log_capacity = max(3, int((log_top - log_bottom - 0.06 * k - 0.04) / line) - 1)
        for i, b in enumerate((self.log_older, self.log_newer)):
            b.set_scale(0.028 * k)
            b.set_pos(X - m - 0.2 * k * (2 - i) + 0.08 * k, 0, log_bottom + 0.03 * k)
        self._render_log()
        self.thinking.setScale(0.05 * k)
        self.thinking.setPos((left + table_right) / 2, table_bottom + 0.04)
        # What is left is the table's.
        self.board_rect = (left, table_right, table_bottom, y)
        for name, node in (("toolbar", None), ("status", self.status), ("message", self.message),
                           ("info", self.info), ("threat", self.threat), ("analysis", self.analysis),
                           ("tip", self.tip),
                           ("log", self.log_frame), ("hint", self.hint)):
            if name == "toolbar":
                boxes = [self._bounds(self._tool_widgets[t]) for t, _ in visible]
                boxes = [b for b in boxes if b is not None]
                if boxes:  # measured from the buttons as drawn
                    regions[name] = (min(b[0] for b in boxes), max(b[1] for b in boxes),
                                     min(b[2] for b in boxes), max(b[3] for b in boxes))
            elif name == "log":
                regions[name] = (log_left, X - m, log_bottom, log_top)
            elif node is not None and (not hasattr(node, "getText") or node.getText()):
                b = self._bounds(node)
                if b is not None:
                    regions[name] = b
        if self._action_widgets:
            boxes = [self._bounds(w) for w in self._action_widgets]
            boxes = [b for b in boxes if b is not None]
            if boxes:
                regions["actions"] = (min(b[0] for b in boxes), max(b[1] for b in boxes),
                                      min(b[2] for b in boxes), max(b[3] for b in boxes))
        self._regions = regions
        self._place_overlays(X, Y)

    def _text_height(self, node: OnscreenText) -> float:
        if not node.getText():
            return 0.0
        b = self._bounds(node)
        return 0.0 if b is None else b[3] - b[2]

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
        """name -> (left, right, bottom, top) in aspect2d units of every HUD part now shown, measured.

        With `size`, the HUD is laid out as it would be in a window of that many pixels and measured there
        (aspect2d units do not depend on the window; an offscreen buffer cannot be resized). The window's own
        layout comes back at the next frame.
        """
        self._forced_size = size
        try:
            self.layout()
            return dict(self._regions)
        finally:
            self._forced_size = None
            self._size = (0, 0)  # lay out for the real window again

    def _place_overlays(self, X: float, Y: float) -> None:
        w, h = min(1.15, X - 0.1), min(0.5, Y - 0.2)
        self.banner["frameSize"] = (-w, w, -h * 0.75, h * 0.55)
        self.banner.set_pos(0, 0, 0.1)
        self.banner_text.setScale(min(0.1, w / 10))
        self.banner_sub["wordwrap"] = 2 * w / 0.042 - 2
        self.help_frame["frameSize"] = (-X + 0.05, X - 0.05, -Y + 0.05, Y - 0.05)
        self.help_text["wordwrap"] = (2 * X - 0.24) / 0.036
        self.help_text.setPos(-X + 0.12, Y - 0.15)
        self._help_capacity = int((2 * Y - 0.3) / (0.036 * self.font.get_line_height())) - 2
        self._render_help()

    # -- toolbar and action buttons ------------------------------------------------------------------------
    def set_toolbar(self, entries: list[tuple[str, Callable[[], Any]]]) -> None:
        for w in self._tool_widgets.values():
            w.destroy()
        self._toolbar = list(entries)
        self._tool_widgets = {}
        for text, command in entries:
            self._tool_widgets[text] = DirectButton(
                parent=self.base.aspect2d, text=text, command=command, relief=DGG.FLAT, text_font=self.font,
                frameColor=((0.22, 0.26, 0.34, 0.95), (0.4, 0.45, 0.55, 1), (0.3, 0.36, 0.46, 1), (0.2, 0.2, 0.2, 0.5)),
                text_fg=TEXT, text_align=TextNode.A_center)
            self.buttons[text] = command
        self.layout()

    def show_tools(self, hidden: set[str]) -> None:
        """Hides the toolbar buttons in `hidden` (they would do nothing now), shows the rest."""
        if set(hidden) != self._hidden_tools:
            self._hidden_tools = set(hidden)
            self.layout()

    def tool_shown(self, text: str) -> bool:
        return text in self._tool_widgets and not self._tool_widgets[text].is_hidden()

    def set_actions(self, entries: list[tuple], title: str = "") -> None:
        """The bottom bar: one button per offered decision.

        An entry is (text, command) or (text, command, slot, tooltip): a button with a slot keeps that place
        whatever else is offered (a kind of action is always in the same spot); the rest follow.
        """
        self._action_entries = [(e[0], e[1], e[2] if len(e) > 2 else None, e[3] if len(e) > 3 else "")
                                for e in entries]
        self._action_title = title
        for key in [k for k in self.buttons if k.startswith("action:")]:
            del self.buttons[key]
        self.tooltips = {k: v for k, v in self.tooltips.items() if not k.startswith("action:")}
        for text, command, _, tip in self._action_entries:
            self.buttons["action:" + text] = command
            if tip:
                self.tooltips["action:" + text] = tip
        self.layout()

    def action_places(self) -> dict[str, int]:
        """Button text -> its place in the bar (0 = first), as drawn."""
        return dict(self._places)

    def _place_actions(self, left: float, right: float, bottom: float, k: float) -> float:
        """Lays out the action buttons between `left` and `right` above `bottom`; returns the top used."""
        for w in self._action_widgets:
            w.destroy()
        self._action_widgets = []
        self._places: dict[str, int] = {}
        entries = self._action_entries[:40]
        if not entries and not self._action_title:
            return bottom
        taken = {slot for _, _, slot, _ in entries if slot is not None}
        free = (i for i in range(1000) if i not in taken)
        places = [slot if slot is not None else next(free) for _, _, slot, _ in entries]
        aw, ah = self.ACTION_W * k, 0.07 * k
        per_row = max(1, int((right - left) / aw))
        rows = (max(places) // per_row + 1) if places else 0
        for (text, command, _, tip), place in zip(entries, places):
            row, col = divmod(place, per_row)
            s = 0.033 * k
            button = DirectButton(parent=self.base.aspect2d, text=text, command=command, relief=DGG.FLAT,
                                  text_font=self.font, text_fg=TEXT, text_align=TextNode.A_center,
                                  frameColor=((0.18, 0.32, 0.26, 0.95), (0.3, 0.5, 0.4, 1), (0.25, 0.42, 0.34, 1),
                                              (0.2, 0.2, 0.2, 0.5)),
                                  frameSize=(-(aw - 0.012) / 2 / s, (aw - 0.012) / 2 / s, -0.5, 1.1))
            button.set_scale(s)
            button.set_pos(left + aw * (col + 0.5), 0, bottom + ah * (rows - 1 - row) + 0.3 * ah)
            if len(text) * s * 0.5 > aw:  # a long label shrinks to its button instead of spilling onto the next
                button.set_scale(s * aw / (len(text) * s * 0.52))
            if tip:
                button.bind(DGG.ENTER, lambda _e, t=tip: self.set_tip(t))
                button.bind(DGG.EXIT, lambda _e: self.set_tip(""))
            self._action_widgets.append(button)
            self._places[text] = place
        top = bottom + ah * rows
        if self._action_title:
            s = 0.036 * k
            title = OnscreenText(parent=self.base.aspect2d, text=self._action_title, pos=(left, top + 0.3 * s),
                                 scale=s, fg=(1, 0.9, 0.55, 1), align=TextNode.A_left, shadow=(0, 0, 0, 1),
                                 font=self.font, wordwrap=(right - left) / s)
            self._action_widgets.append(title)
            top += self._text_height(title) + 0.01
        return top

    def press(self, label: str) -> Any:
        """Runs the handler of button `label` (toolbar text, or "action:" + action button text)."""
        return self.buttons[label]()

    # -- text ------------------------------------------------------------------------------------------------
    def set_status(self, text: str, info: str = "") -> None:
        if (text, info) != (self.status.getText(), self.info.getText()):
            self.status.setText(text)
            self.info.setText(info)
            self.layout()

    def set_threats(self, lines: list[str]) -> None:
        text = "\n".join("Warning: " + line for line in lines)
        if text != self.threat.getText():
            self.threat.setText(text)
            self.layout()

    def set_message(self, text: str) -> None:
        if text != self.message.getText():
            self.message.setText(text)
            self.layout()

    def set_analysis(self, text: str) -> None:
        """The analysis panel's score and best line ('' hides it)."""
        if text != self.analysis.getText():
            self.analysis.setText(text)
            self.layout()

    def set_tip(self, text: str) -> None:
        if text != self.tip.getText():
            self.tip.setText(text)
            self.layout()

    def set_log(self, lines: list[str]) -> None:
        if lines != self._log_lines:
            if len(lines) < len(self._log_lines):
                self.log_scroll = 0
            self._log_lines = list(lines)
            self._render_log()

    def visible_log(self) -> list[str]:
        end = len(self._log_lines) - self.log_scroll
        return self._log_lines[max(0, end - self._log_capacity):end]

    def _render_log(self) -> None:
        if not hasattr(self, "_log_capacity"):
            return
        self.log_scroll = max(0, min(self.log_scroll, len(self._log_lines) - self._log_capacity))
        more = f"  ({self.log_scroll} newer below)" if self.log_scroll else ""
        self.log_text.setText("Log" + more + "\n" + "\n".join(self.visible_log()))

    def scroll_log_older(self) -> None:
        self.log_scroll += max(1, self._log_capacity // 2)
        self._render_log()

    def scroll_log_newer(self) -> None:
        self.log_scroll = max(0, self.log_scroll - max(1, self._log_capacity // 2))
        self._render_log()

    def set_thinking(self, who: str | None) -> None:
        if who is None:
            self.thinking.setText("")
            return
        self._spin = (self._spin + 1) % 40
        self.thinking.setText(f"{who} is thinking" + "." * (1 + self._spin // 10))

    def show_banner(self, text: str, sub: str = "") -> None:
        self.banner_text.setText(text)
        self.banner_sub.setText(sub)
        self.banner.show()

    def hide_banner(self) -> None:
        self.banner.hide()

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
        self.help_scroll = max(0, min(self.help_scroll + lines, max(0, len(self._help_lines) - 5)))
        self._render_help()

    def _render_help(self) -> None:
        shown = self._help_lines[self.help_scroll:self.help_scroll + max(5, getattr(self, "_help_capacity", 40))]
        more = len(self._help_lines) - self.help_scroll - len(shown)
        tail = f"\n... {more} more lines: PgDn to scroll, F1 or Escape to close" if more > 0 else \
            "\n(F1 or Escape to close)"
        self.help_text.setText("\n".join(shown) + tail)

    # -- a yes/no question -------------------------------------------------------------------------------------
    def ask(self, question: str, on_yes: Callable[[], Any], yes: str = "Discard", no: str = "Cancel") -> None:
        """A modal question; `on_yes` runs only if the player confirms. Escape or a click outside cancels."""
        self.close_dialog()
        self.dialog = DirectFrame(parent=self.base.aspect2d, frameColor=(0.06, 0.07, 0.1, 0.96),
                                  frameSize=(-0.75, 0.75, -0.22, 0.22), sortOrder=40)
        OnscreenText(parent=self.dialog, text=question, pos=(0, 0.1), scale=0.045, fg=TEXT, font=self.font,
                     wordwrap=30)

        def confirm() -> None:
            self.close_dialog()
            on_yes()

        for i, (text, command) in enumerate(((yes, confirm), (no, self.close_dialog))):
            DirectButton(parent=self.dialog, text=text, command=command, pos=(-0.25 + 0.5 * i, 0, -0.13),
                         scale=0.05, relief=DGG.FLAT, pad=(0.5, 0.25), text_font=self.font, text_fg=TEXT,
                         frameColor=(0.45, 0.2, 0.18, 1) if i == 0 else (0.22, 0.26, 0.34, 1))
        self.buttons["dialog:" + yes] = confirm
        self.buttons["dialog:" + no] = self.close_dialog

    def close_dialog(self) -> None:
        if self.dialog is not None:
            self.dialog.destroy()
            self.dialog = None
        for key in [k for k in self.buttons if k.startswith("dialog:")]:
            del self.buttons[key]

    def destroy(self) -> None:
        for w in list(self._tool_widgets.values()) + self._action_widgets:
            w.destroy()
        self.close_dialog()
        for w in (self.status, self.info, self.threat, self.analysis, self.message, self.tip, self.log_text, self.thinking,
                  self.hint, self.log_frame, self.banner, self.help_frame, self.log_older, self.log_newer):
            w.destroy()
