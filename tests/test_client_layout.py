"""The HUD's layout (issue #26): at every window size each text stays inside its panel and the window, no two
panels overlap, the log never draws past its panel, trays are whole, the table does not move on a selection,
and text is big enough to read. Offscreen (p3tinydisplay), measured from what is drawn: text nodes' tight
bounds, trays projected through the framed lens."""

from __future__ import annotations

import itertools

import pytest

pytest.importorskip("panda3d.core", reason="panda3d cannot load here")

from client_helpers import start_busy_game  # noqa: E402

SIZES = [(800, 600), (1024, 768), (1280, 800), (1600, 1000), (2560, 1440)]
GAMES = ["aquaignis", "hexfleet", "combat"]
LONG = ("Green Frigate moves from 0,0 to 1,-1, climbing onto Purple's Shipyard; Purple's Repulsor at 2,-1 is now "
        "cut from its Core and returns to the reserve with everything above it, which drops to close the gap")


def bounds(app, node):
    return app.hud.text_bounds(node)


def busy_table(app, game):
    """A game with everything the HUD can show: a selection and its buttons, a long note, 300 long log lines."""
    start_busy_game(app, game)
    app.note("A note to the player that is rather long, to see that it stays inside its own panel at every size")
    app.hud.set_threats(["Purple's Frigate stands on Green's Core: Green loses at the start of its turn unless "
                         "it moves off or is pushed away"])
    app.hud.set_tip("A hover line that is long enough to wrap: " + LONG)
    app.hud.set_log([f"{i}. {LONG}" for i in range(300)])


@pytest.mark.parametrize("game", GAMES)
def test_every_text_lies_inside_its_panel_and_no_panels_overlap(client_app, game):
    from triptych.client3d.layout import PANELS, Rect, extent

    app = client_app
    busy_table(app, game)
    try:
        for size in SIZES:
            for expanded in (False, True):
                if app.hud.log_expanded != expanded:
                    app.hud.toggle_log()
                app.hud.lay_out_for(size)
                R = app.hud.layout
                X, Y = extent(size)
                window = Rect(-X, X, -Y, Y)
                nodes = app.hud.text_nodes() + app.view.text_nodes()
                assert {p for p, _ in nodes} >= {"status", "log", "hint", "toolbar"}, size
                for panel, node in nodes:
                    b = bounds(app, node)
                    assert R[panel].contains(b), f"{game} {size}: {node.getText()[:40]!r} leaves {panel} {R[panel]}"
                    assert window.contains(b), f"{game} {size}: {node.getText()[:40]!r} leaves the window"
                panels = {n: r for n, r in R.items() if n in PANELS}
                for (n1, r1), (n2, r2) in itertools.combinations(panels.items(), 2):
                    assert not r1.overlaps(r2), f"{game} {size}: {n1} overlaps {n2}"
                for name, r in panels.items():
                    assert window.contains(r) and not r.overlaps(R["table"]), (game, size, name)
                # the log, 300 long entries deep, draws inside its panel, the newest entry last
                log = bounds(app, app.hud.log_text)
                assert R["log"].contains(log), (game, size, expanded)
                assert app.hud.visible_log()[-1].startswith("299.")
    finally:
        if app.hud.log_expanded:
            app.hud.toggle_log()
        app.hud.restore()


def test_the_log_is_compact_until_expanded_and_scrolls_inside_its_panel(client_app):
    app = client_app
    busy_table(app, "hexfleet")
    app.hud.lay_out_for((1280, 800))
    try:
        compact = app.hud.layout["log"]
        shown = len(app.hud.visible_log())
        assert compact.height < 0.32 * 2 and 1 <= shown <= 5   # a few lines, not a third of the window
        app.hud.toggle_log()
        assert app.hud.layout["log"].height > 2 * compact.height and len(app.hud.visible_log()) > shown
        app.hud.scroll_log_older()
        older = app.hud.visible_log()
        assert not older[-1].startswith("299.") and app.hud.layout["log"].contains(bounds(app, app.hud.log_text))
        app.escape()                                            # Escape folds it back
        assert not app.hud.log_expanded
    finally:
        if app.hud.log_expanded:
            app.hud.toggle_log()
        app.hud.restore()


@pytest.mark.parametrize("game", GAMES)
def test_the_smallest_glyph_is_at_least_11_px_at_1280x800(client_app, game):
    from triptych.client3d.layout import px_per_unit, wrapped

    app = client_app
    busy_table(app, game)
    size = (1280, 800)
    app.hud.lay_out_for(size)
    try:
        heights = {}
        for _, node in app.hud.text_nodes() + app.view.text_nodes():
            lines = max(1, len(wrapped(node)))
            _, _, b, t = bounds(app, node)
            heights[node.getText()[:30]] = (t - b) * px_per_unit(size) / lines
        smallest = min(heights, key=heights.get)
        assert heights[smallest] >= 11, f"{smallest!r} is {heights[smallest]:.1f} px"
    finally:
        app.hud.restore()


@pytest.mark.parametrize("game", ["aquaignis", "hexfleet"])
def test_trays_are_whole_inside_the_table_at_every_size(client_app, game):
    from panda3d.core import Point2, Point3

    from triptych.client3d.layout import extent

    app = client_app
    app.start_game(game)
    app.run_until_idle()
    app.camera.reset()
    app.camera.snap()
    trays = app.view.tray_nodes()
    assert trays
    for size in SIZES:
        lens, rect = app.framed_lens(size)
        X, Y = extent(size)
        left, right, bottom, top = rect
        for name, node in trays.items():
            lo, hi = node.get_tight_bounds(app.base.render)
            for corner in itertools.product((lo.x, hi.x), (lo.y, hi.y), (lo.z, hi.z)):
                p = app.base.cam.get_relative_point(app.base.render, Point3(*corner))
                film = Point2()
                assert lens.project(p, film), (size, name)
                x, y = film.x * X, film.y * Y
                assert left - 1e-3 <= x <= right + 1e-3 and bottom - 1e-3 <= y <= top + 1e-3, (game, size, name)


def test_the_table_does_not_move_when_a_piece_is_selected(client_app):
    app = client_app
    app.start_game("hexfleet")
    app.run_until_idle()
    app.step(3)
    lens = app.base.camLens

    def frame():
        return (tuple(lens.get_film_offset()), tuple(lens.get_film_size()), round(lens.get_focal_length(), 6))

    before = frame()
    key = sorted(app.sources)[0]
    app.click_key(key)
    assert app.selected == key and app.hud._action_widgets   # the action bar filled
    app.step(3)
    assert frame() == before
    app.escape()
    app.step(3)
    assert app.selected is None and frame() == before


@pytest.mark.parametrize("game", GAMES)
def test_the_frame_is_the_same_selected_or_not_at_every_size(client_app, game):
    """The framing each window size would get (lens and table rect) is the same with a piece (a card) selected
    and its buttons shown, and after it is deselected."""
    app = client_app
    if game == "combat":
        app.options.seed = 4
        app.start_game("combat", "v01")
    else:
        app.start_game(game)
    app.run_until_idle()

    def frames():
        out = {}
        for size in SIZES:
            lens, rect = app.framed_lens(size)
            out[size] = (tuple(lens.get_film_offset()), tuple(lens.get_film_size()),
                         round(lens.get_focal_length(), 6), tuple(round(v, 9) for v in rect))
        return out

    before = frames()
    key = sorted(app.sources)[0]
    app.click_key(key)
    assert app.selected == key and app.hud._action_widgets, game   # selected, the action bar filled
    app.step(3)
    assert frames() == before, game
    app.escape()
    app.step(3)
    assert app.selected is None and frames() == before, game


def test_font_glyphs_are_mipmapped_and_sized_for_the_window(client_app):
    from panda3d.core import SamplerState

    from triptych.client3d.layout import font_pixels

    font = client_app.hud.font
    assert font.get_minfilter() == SamplerState.FT_linear_mipmap_linear
    assert font.get_pixels_per_unit() == font_pixels(client_app.options.size)   # the window it opened with
