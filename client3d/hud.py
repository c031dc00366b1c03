"""The 2D overlay: whose turn, the log, the toolbar, action buttons, the
thinking indicator, the help overlay and the game-over banner.

Buttons keep their callbacks in ``self.buttons`` (label -> callable), so a
test presses a button through the very handler a click runs.
"""

from __future__ import annotations

from typing import Any, Callable

from direct.gui.DirectGui import DGG, DirectButton, DirectFrame
from direct.gui.OnscreenText import OnscreenText
from panda3d.core import TextNode

PANEL = (0.05, 0.06, 0.09, 0.6)
TEXT = (0.93, 0.93, 0.9, 1)


def _button(parent, text: str, pos: tuple[float, float], command: Callable[[], Any], scale: float = 0.045,
            color=(0.22, 0.26, 0.34, 0.95)) -> DirectButton:
    return DirectButton(parent=parent, text=text, pos=(pos[0], 0, pos[1]), scale=scale, command=command,
                        frameColor=(color, (0.4, 0.45, 0.55, 1), (0.3, 0.36, 0.46, 1), (0.2, 0.2, 0.2, 0.5)),
                        text_fg=TEXT, pad=(0.5, 0.3), relief=DGG.FLAT, text_align=TextNode.A_center)


class Hud:
    LOG_LINES = 12

    def __init__(self, base) -> None:
        self.base = base
        self.buttons: dict[str, Callable[[], Any]] = {}
        self._tool_widgets: list[Any] = []
        self._action_widgets: list[Any] = []
        self.status = OnscreenText(parent=base.a2dTopLeft, pos=(0.05, -0.09), scale=0.06, fg=TEXT,
                                   align=TextNode.A_left, shadow=(0, 0, 0, 1), mayChange=True)
        self.info = OnscreenText(parent=base.a2dTopLeft, pos=(0.05, -0.16), scale=0.036, fg=(0.85, 0.88, 0.95, 1),
                                 align=TextNode.A_left, shadow=(0, 0, 0, 1), mayChange=True)
        # The log sits at the bottom right, out of the way of the table and the trays beside it.
        top = 0.12 + 0.037 * (self.LOG_LINES + 1)
        self.log_frame = DirectFrame(parent=base.a2dBottomRight, frameColor=PANEL,
                                     frameSize=(-0.56, -0.02, 0.09, top + 0.04))
        self.log_text = OnscreenText(parent=base.a2dBottomRight, pos=(-0.54, top), scale=0.034, fg=TEXT,
                                     align=TextNode.A_left, mayChange=True)
        self.thinking = OnscreenText(parent=base.a2dBottomCenter, pos=(0, 0.28), scale=0.06, fg=(1, 0.85, 0.3, 1),
                                     shadow=(0, 0, 0, 1), mayChange=True)
        self.hint = OnscreenText(parent=base.a2dBottomLeft, pos=(0.05, 0.04), scale=0.035, fg=(0.7, 0.72, 0.78, 1),
                                 align=TextNode.A_left, mayChange=True,
                                 text="left click: select / act    right-drag: orbit    wheel: zoom    "
                                      "middle-drag or WASD: pan    V: reset view    F1: help")
        self.banner = DirectFrame(parent=base.aspect2d, frameColor=(0.04, 0.04, 0.06, 0.85),
                                  frameSize=(-1.1, 1.1, -0.16, 0.2), pos=(0, 0, 0.15))
        self.banner_text = OnscreenText(parent=self.banner, pos=(0, 0), scale=0.11, fg=(1, 0.86, 0.35, 1),
                                        shadow=(0, 0, 0, 1), mayChange=True)
        self.banner_sub = OnscreenText(parent=self.banner, pos=(0, -0.1), scale=0.045, fg=TEXT, mayChange=True)
        self.banner.hide()
        self.help_frame = DirectFrame(parent=base.aspect2d, frameColor=(0.03, 0.04, 0.06, 0.93),
                                      frameSize=(-1.5, 1.5, -0.95, 0.95))
        self.help_text = OnscreenText(parent=self.help_frame, pos=(-1.42, 0.86), scale=0.034, fg=TEXT,
                                      align=TextNode.A_left, mayChange=True, wordwrap=82)
        self.help_frame.hide()
        self._spin = 0

    # -- toolbar and action buttons ------------------------------------------------------------------------
    def set_toolbar(self, entries: list[tuple[str, Callable[[], Any]]]) -> None:
        for w in self._tool_widgets:
            w.destroy()
        self._tool_widgets = []
        x = -0.12 - 0.205 * (len(entries) - 1)
        for text, command in entries:
            self._tool_widgets.append(_button(self.base.a2dTopRight, text, (x, -0.07), command))
            self.buttons[text] = command
            x += 0.205

    def set_actions(self, entries: list[tuple[str, Callable[[], Any]]], title: str = "") -> None:
        """The bottom bar: one button per offered decision (wraps into rows)."""
        for w in self._action_widgets:
            w.destroy()
        self._action_widgets = []
        for key in [k for k in self.buttons if k.startswith("action:")]:
            del self.buttons[key]
        rows = (min(len(entries), 30) + 4) // 5
        if title:
            self._action_widgets.append(OnscreenText(parent=self.base.a2dBottomLeft, text=title,
                                                     pos=(0.05, 0.15 + 0.07 * rows),
                                                     scale=0.042, fg=(1, 0.9, 0.55, 1), align=TextNode.A_left,
                                                     shadow=(0, 0, 0, 1)))
        per_row, width = 5, 0.44
        for i, (text, command) in enumerate(entries[:30]):
            row, col = divmod(i, per_row)
            self._action_widgets.append(_button(self.base.a2dBottomLeft, text,
                                                (0.26 + col * width, 0.08 + 0.07 * (rows - row)),
                                                command, scale=0.036, color=(0.18, 0.32, 0.26, 0.95)))
            self.buttons["action:" + text] = command

    def press(self, label: str) -> Any:
        """Runs the handler of button `label` (toolbar text, or "action:" + action button text)."""
        return self.buttons[label]()

    # -- text ------------------------------------------------------------------------------------------------
    def set_status(self, text: str, info: str = "") -> None:
        self.status.setText(text)
        self.info.setText(info)

    def set_log(self, lines: list[str]) -> None:
        self.log_text.setText("Log\n" + "\n".join(lines[-self.LOG_LINES:]))

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

    def toggle_help(self, text: str | None = None) -> None:
        if text is not None:
            self.help_text.setText(text)
        if self.help_frame.is_hidden():
            self.help_frame.show()
        else:
            self.help_frame.hide()

    def destroy(self) -> None:
        for w in self._tool_widgets + self._action_widgets:
            w.destroy()
        for w in (self.status, self.info, self.log_text, self.thinking, self.hint, self.log_frame, self.banner,
                  self.help_frame):
            w.destroy()
