"""Where each part of the HUD goes, computed from the window's size: no positions by hand.

How to use it
-------------
``regions(size, request)`` returns ``{name: Rect}`` for a window of ``size`` pixels. Every rect is in
aspect2d units (what DirectGui and OnscreenText use: x across, z up, [-1, 1] on the window's shorter
side), and no two of the *panels* overlap:

- ``status``  top left: whose turn, the latest note to the player.
- ``toolbar`` top right (its own row above ``status`` when the window is narrow).
- ``info``    the right column's top: the game's numbers, warnings, the analysis line.
- ``log``     the right column's bottom: the last few events (compact); ``expanded=True`` gives it the
              whole column. The column becomes a band across the bottom on a tall window.
- ``side``    (only when asked for) a panel on the left of the table, e.g. a card game's rules or foe.
- ``hand``    (only when asked for) a band across the bottom above the actions, e.g. a hand of cards.
- ``actions`` the action bar: a title line and ``request.action_rows`` rows of buttons. Its height does
              not depend on how many buttons are offered, so the table never moves when it fills.
- ``tip``     the hover line, above the hint.
- ``hint``    the bottom line: the mouse and keys.
- ``table``   what is left: the 3D table is framed into it (``camera.frame_lens``), once per window
              size and view, never on a selection.

Overlays lie over the panels and are modal, so they are not panels: ``banner`` (game over), ``dialog``
(a question), ``help`` (the help page), ``menu`` (the start screen). ``PANELS`` and ``OVERLAYS`` list
the names.

A view asks for space by returning a ``Request`` from ``GameView.layout_request()`` (fractions of the
window, so a hand of cards scales with it; the layout caps them so the table keeps room), and is told
where things went through ``GameView.place_hud(regions, size)`` after every layout (window resize, log
expanded). Text should be sized with ``text_scale(size, px)``; ``body_px(size)`` is the HUD's body text
size for the window and never below ``MIN_TEXT_PX``, so small text keeps its letters. ``fit_lines``
cuts wrapped text to the lines that fit a rect (real clipping: what is not shown is not drawn).
"""

from __future__ import annotations

from dataclasses import dataclass

#: the smallest font size (em, pixels) any HUD text is drawn at: a capital letter stays >= 11 px tall
MIN_TEXT_PX = 16.0
#: the line height of the HUD font (DejaVu Sans) in ems
LINE = 1.17

#: an action button row's height in ems
ROW = 1.75

PANELS = ("status", "toolbar", "info", "log", "side", "hand", "actions", "tip", "hint")
OVERLAYS = ("banner", "dialog", "help", "menu")


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle in aspect2d units."""

    left: float
    right: float
    bottom: float
    top: float

    @property
    def width(self) -> float:
        return self.right - self.left

    @property
    def height(self) -> float:
        return self.top - self.bottom

    @property
    def center(self) -> tuple[float, float]:
        return (self.left + self.right) / 2, (self.bottom + self.top) / 2

    def inset(self, dx: float, dz: float | None = None) -> Rect:
        dz = dx if dz is None else dz
        return Rect(self.left + dx, self.right - dx, self.bottom + dz, self.top - dz)

    def contains(self, other: Rect | tuple[float, float, float, float], eps: float = 1e-3) -> bool:
        l, r, b, t = other
        return self.left - eps <= l and r <= self.right + eps and self.bottom - eps <= b and t <= self.top + eps

    def overlaps(self, other: Rect | tuple[float, float, float, float], eps: float = 1e-3) -> bool:
        l, r, b, t = other
        return self.left < r - eps and l < self.right - eps and self.bottom < t - eps and b < self.top - eps

    def __iter__(self):  # (left, right, bottom, top), the order DirectFrame's frameSize uses
        return iter((self.left, self.right, self.bottom, self.top))


@dataclass(frozen=True)
class Request:
    """What a view asks of the layout, beyond the standard panels."""

    hand: float = 0.0        # a band across the bottom, this fraction of the window's height (0: none)
    side: float = 0.0        # a panel left of the table, this fraction of the window's width (0: none)
    action_rows: int = 2     # rows of action buttons always reserved (more buttons page)


def extent(size: tuple[int, int]) -> tuple[float, float]:
    """aspect2d's half width and half height in a window of `size` pixels ([-1, 1] on the shorter side)."""
    w, h = size
    ar = w / max(1, h)
    return (ar, 1.0) if ar >= 1 else (1.0, 1 / ar)


def px_per_unit(size: tuple[int, int]) -> float:
    """Pixels per aspect2d unit in a window of `size`."""
    w, h = size
    return h / (2 * extent(size)[1])


def min_px(size: tuple[int, int]) -> float:
    """The smallest text (em, pixels) for this window: MIN_TEXT_PX from 800 x 600 up; a smaller window (below
    what the client supports) keeps 800 x 600's proportions instead, so its table is not crowded out."""
    w, h = size
    return MIN_TEXT_PX * min(1.0, w / 800, h / 600)


def body_px(size: tuple[int, int]) -> float:
    """The HUD's body text size (em, pixels) for this window: grows with the window, never below min_px."""
    w, h = size
    return max(min_px(size), min(24.0, min(h / 50, w / 75)))


def text_scale(size: tuple[int, int], px: float) -> float:
    """The OnscreenText scale that draws the font `px` pixels tall (em) in a window of `size`."""
    return px / px_per_unit(size)


def font_pixels(size: tuple[int, int]) -> int:
    """The font's glyph texture size for this window: about twice the largest HUD text, so glyphs are
    minified (mipmapped) rather than magnified, and stay crisp."""
    return int(max(32, min(96, round(body_px(size) * 2.4 / 8) * 8)))


def button_width(size: tuple[int, int], labels: list[str] | tuple[str, ...], px: float | None = None) -> float:
    """The width (aspect2d units) of a toolbar button that fits the longest of `labels`."""
    em = text_scale(size, px or body_px(size))
    longest = max((len(t) for t in labels), default=4)
    return em * (0.62 * longest + 1.4)


def regions(size: tuple[int, int], request: Request = Request(), *, toolbar: tuple[str, ...] | list[str] = (),
            expanded: bool = False, log_lines: int = 5) -> dict[str, Rect]:
    """name -> Rect for every panel and overlay in a window of `size` pixels (see the module docstring).

    `toolbar` are the toolbar's labels (its width follows them); `log_lines` is how many lines the compact
    log shows; `expanded` gives the log the whole column.
    """
    X, Y = extent(size)
    ppu = px_per_unit(size)
    em = text_scale(size, body_px(size))
    line = em * LINE
    m = 6 / ppu                      # margin between panels
    pad = 0.35 * em                  # a panel's inner padding
    out: dict[str, Rect] = {}

    # Top: the toolbar, and the status beside it (or under it when the window is too narrow for both).
    bh = 1.8 * em
    bw = button_width(size, toolbar) if toolbar else 0.0
    tool_w = bw * len(toolbar)
    status_h = 1.15 * line + line + 2 * pad      # the status (1.15 em) and a note line (or a 2nd status line)
    top = Y - m
    if toolbar and 2 * X - 2 * m - tool_w - m >= 0.45 * 2 * X:
        out["toolbar"] = Rect(X - m - tool_w, X - m, top - bh, top)
        out["status"] = Rect(-X + m, X - 2 * m - tool_w, top - status_h, top)
        below_top = top - max(status_h, bh) - m
    else:
        if toolbar:
            out["toolbar"] = Rect(max(-X + m, X - m - tool_w), X - m, top - bh, top)
            top -= bh + m
        out["status"] = Rect(-X + m, X - m, top - status_h, top)
        below_top = top - status_h - m

    # Bottom, up: the hint line, the hover line, the action bar, a view's hand.
    y = -Y + m
    out["hint"] = Rect(-X + m, X - m, y, y + line + pad)
    y += line + pad + m
    out["tip"] = Rect(-X + m, X - m, y, y + line + pad)
    y += line + pad + m
    rows = max(1, request.action_rows)
    out["actions"] = Rect(-X + m, X - m, y, y + line + rows * ROW * em + pad)
    y += out["actions"].height + m
    if request.hand > 0:
        hand_h = min(request.hand * 2 * Y, 0.35 * (below_top - y))
        out["hand"] = Rect(-X + m, X - m, y, y + hand_h)
        y += hand_h + m
    bottom = y

    # The right column (info above, the log below), or a band on a tall window.
    log_compact = (1 + log_lines) * line + 2 * pad
    if X >= 1.15:
        cw = min(max(250 / ppu, 0.26 * 2 * X), 460 / ppu)
        col = Rect(X - m - cw, X - m, bottom, below_top)
        table_right = col.left - m
        table_bottom = bottom
    else:
        band_h = min(max(log_compact * 1.6, 0.3 * 2 * Y), 0.45 * (below_top - bottom))
        col = Rect(-X + m, X - m, bottom, bottom + band_h)
        table_right = X - m
        table_bottom = col.top + m
    log_h = min(log_compact, col.height * 0.55)
    if expanded:
        out["log"] = col
    else:
        out["log"] = Rect(col.left, col.right, col.bottom, col.bottom + log_h)
        out["info"] = Rect(col.left, col.right, col.bottom + log_h + m, col.top)

    # A view's side panel, then the table in what is left.
    left = -X + m
    if request.side > 0:
        sw = min(request.side * 2 * X, 0.3 * (table_right - left))
        out["side"] = Rect(left, left + sw, table_bottom, below_top)
        left += sw + m
    out["table"] = Rect(left, table_right, table_bottom, below_top)

    # Overlays (modal, over the panels).
    t = out["table"]
    bw2 = min(max(t.width, 24 * em), 34 * em, 2 * X - 2 * m) / 2
    cx = min(max(t.center[0], -X + m + bw2), X - m - bw2)
    out["banner"] = Rect(cx - bw2, cx + bw2, t.bottom, t.top)   # the HUD shrinks it to what it says
    dw = min(0.8, X - m)
    out["dialog"] = Rect(-dw, dw, -0.26, 0.26)
    out["help"] = Rect(-X + m, X - m, -Y + m, Y - m)
    out["menu"] = Rect(-min(X - m, 1.2), min(X - m, 1.2), -Y + m, Y - m)
    return out


def to_pixels(rect: Rect, size: tuple[int, int]) -> tuple[float, float, float, float]:
    """(left, right, bottom, top) of `rect` in window pixels, measured from the bottom left."""
    X, Y = extent(size)
    ppu = px_per_unit(size)
    return ((rect.left + X) * ppu, (rect.right + X) * ppu, (rect.bottom + Y) * ppu, (rect.top + Y) * ppu)


def fit_lines(node, text: str, rect: Rect, scale: float, keep: str = "end", pad: float = 0.0) -> str:
    """Sets OnscreenText `node` to `text` wrapped to `rect`'s width and cut to the lines that fit its height.

    `keep`: "end" keeps the last lines (a log), "start" the first (a note, a page). Places the node at the
    rect's top left; returns the text as drawn (wrapped lines), so a caller can tell what was cut.
    """
    width = max(1e-3, rect.width - 2 * pad)
    node.setScale(scale)
    node["wordwrap"] = width / scale
    node.setText(text)
    lines = wrapped(node)
    room = max(0, int((rect.height - 2 * pad + 0.2 * scale) / (scale * LINE)))
    if len(lines) > room:
        lines = lines[len(lines) - room:] if keep == "end" else lines[:room]
        node["wordwrap"] = 0           # already wrapped: no second wrap
        node.setText("\n".join(lines))
    node.setPos(rect.left + pad, rect.top - pad - 0.93 * scale)
    return "\n".join(lines)


def wrapped(node) -> list[str]:
    """The lines an OnscreenText really draws, after word wrapping."""
    text_node = node.textNode if hasattr(node, "textNode") else node
    return text_node.get_wordwrapped_text().splitlines() if node.getText() else []
