"""Helpers for the client tests: click a node as a person would, read pixels, set up a position."""

from __future__ import annotations

from typing import Any


def click_node(app, node, offset=(0, 0, 0)) -> str | None:
    """Clicks the screen point where `node` appears (the CollisionRay picks whatever is really there)."""
    from triptych.client3d.picking import screen_point

    point = screen_point(app.base, node, offset)
    assert point is not None, "node is off screen"
    return app.click_at(*point)


def pixel(app, node, offset=(0, 0, 0)) -> tuple[float, float, float]:
    """The rendered colour (0..1) at the projected point of `node`, from a fresh frame."""
    from panda3d.core import PNMImage

    from triptych.client3d.picking import pixel_of, screen_point

    app.step(1)
    image = PNMImage()
    assert app.base.win.get_screenshot(image)
    x, y = pixel_of(app.base, screen_point(app.base, node, offset))
    c = image.get_xel(x, y)
    return c[0], c[1], c[2]


def load_position(app, tmp_path, state: Any, mode: str = "hotseat") -> None:
    """Starts a game and loads `state` through the Load button, as a player would."""
    import json

    app.start_game(app.options.game or "aquaignis", mode=mode)
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(state.to_dict()))
    app.options.save_path = path
    app.hud.press("Load")                # the file dialog opens in the file's folder with its name filled in
    app.hud.press("dialog:Open")
    app.run_until_idle()


def show_position(app, game: str, state: Any):
    """Starts `game` and sets the table to `state` directly (no animation), returning the game's view."""
    app.start_game(game)
    app.session.timeline.reset(state.clone())
    app.view.build(app.session.state)
    app.refresh()
    return app.view


def start_busy_game(app, game: str, roll: bool = False) -> None:
    """A game a few actions in with a piece selected (its buttons shown); Combat: a seeded V07 fight,
    rolled when `roll`. What the layout and HUD tests fill the table with before measuring it."""
    if game == "combat":
        app.options.seed = 4
        app.start_game("combat", "v07")
        app.run_until_idle()
        if roll:
            app.hud.press("action:Roll the dice")
            app.run_until_idle()
        return
    app.start_game(game)
    app.run_until_idle()
    for _ in range(3):
        app.play_action(app.session.legal_actions()[0])
        app.run_until_idle()
    app.select(sorted(app.sources)[0])
