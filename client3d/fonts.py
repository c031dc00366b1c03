"""The HUD's font: one that has every character the client prints.

Panda3D's built-in font lacks arrows, the multiplication sign and the minus
sign (they rendered as boxes). DejaVu Sans has them; it is found on the
system or in matplotlib's data (a dependency of triptych). Should neither be
there, ``printable`` rewrites the text into characters the font has.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

ASCII_FALLBACK = {"\u00d7": "x", "\u00bd": "1/2", "\u2194": "<->", "\u2192": "->", "\u2190": "<-", "\u2014": "-",
                  "\u2013": "-", "\u2212": "-", "\u2264": "<=", "\u2265": ">=", "\u2026": "...", "\u00b7": "-"}


def _candidates() -> list[Path]:
    paths = [Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
             Path("/usr/share/fonts/TTF/DejaVuSans.ttf"),
             Path("/usr/share/fonts/dejavu/DejaVuSans.ttf")]
    try:
        import matplotlib

        paths.append(Path(matplotlib.get_data_path()) / "fonts" / "ttf" / "DejaVuSans.ttf")
    except ImportError:
        pass
    return [p for p in paths if p.is_file()]


@lru_cache(maxsize=1)
def ui_font() -> Any:
    """DejaVu Sans when it can be found, else Panda3D's default font."""
    from panda3d.core import Filename, TextNode
    from direct.showbase import ShowBaseGlobal

    for path in _candidates():
        font = ShowBaseGlobal.base.loader.load_font(Filename.from_os_specific(str(path)).get_fullpath())
        if font is not None and font.is_valid():
            fit_font(font, _window_pixels(ShowBaseGlobal.base))
            return font
    return TextNode.get_default_font()


def _window_pixels(base: Any) -> int:
    """The glyph size for the window the font first draws in (layout.font_pixels)."""
    from triptych.client3d.layout import font_pixels

    win = getattr(base, "win", None)
    size = (win.get_x_size(), win.get_y_size()) if win is not None else (1280, 800)
    return font_pixels(size)


def fit_font(font: Any, pixels: int) -> None:
    """Renders `font`'s glyphs `pixels` tall (chosen for the window: layout.font_pixels) and mipmaps them, so
    text drawn smaller than its glyph texture is averaged, not sampled: thin letters (l, i) keep their strokes.
    """
    from panda3d.core import SamplerState

    if not hasattr(font, "set_pixels_per_unit"):
        return  # a static font has fixed glyphs
    if font.get_pixels_per_unit() != pixels and font.get_num_pages() == 0:
        font.set_pixels_per_unit(pixels)   # only before the first glyph is made (the window's first size)
    font.set_minfilter(SamplerState.FT_linear_mipmap_linear)
    font.set_magfilter(SamplerState.FT_linear)
    font.set_anisotropic_degree(2)


def has_glyph(font: Any, char: str) -> bool:
    if char in "\n\t ":
        return True
    return bool(_probe(font).has_character(char))


@lru_cache(maxsize=4)
def _probe(font: Any) -> Any:
    from panda3d.core import TextNode

    node = TextNode("glyph-probe")
    node.set_font(font)
    return node


def printable(text: str, font: Any | None = None) -> str:
    """`text` with every character the font lacks replaced by a readable ASCII spelling (or '?')."""
    font = font or ui_font()
    out = []
    for ch in text:
        if has_glyph(font, ch):
            out.append(ch)
        else:
            out.append(ASCII_FALLBACK.get(ch, "?"))
    return "".join(out)
