"""Steady and honest interaction (issue #26): the hover line is worked out again after every change of state,
target highlights are neutral, the game-over banner can be closed (and opens the replay), buttons speak words.
Offscreen, through the handlers a click or a key runs."""

from __future__ import annotations

import re

import pytest

from client_helpers import click_node, load_position
from conftest import A, I, position

pytest.importorskip("panda3d.core", reason="panda3d cannot load here")


def hover_over(app, key):
    from triptych.client3d.picking import screen_point

    point = screen_point(app.base, app.view.nodes[key])
    assert point is not None
    app.hover_at(*point)
    assert app.picker.pick_at(*point) == key
    return point


def fresh_tip(app, point):
    return app.tooltip_for(app.picker.pick_at(*point))


def test_the_hover_line_follows_a_move_an_undo_and_an_ai_move(client_app):
    app = client_app
    app.start_game("aquaignis")
    app.run_until_idle()
    point = hover_over(app, "slot:4:0")           # AQUA's empty entry on flow 4
    empty = app.hud.tip_text()
    assert empty == fresh_tip(app, point)
    app.click_key("slot:4:0")
    app.hud.press("action:Spawn on flow 4")
    app.run_until_idle()
    placed = app.hud.tip_text()                   # the hover names the new piece, not the empty slot
    assert placed != empty and placed == fresh_tip(app, point) and "AQUA" in placed
    app.undo()
    app.run_until_idle()
    assert app.hud.tip_text() == fresh_tip(app, point) == empty   # the undone spawn is no longer described
    app.ai_budget = 1                             # the AI plays the next decision for whoever is to move
    app.run_until_idle()
    assert len(app.session.log) >= 1 and app.hud.tip_text() == fresh_tip(app, point)


@pytest.mark.parametrize("game", ["aquaignis", "hexfleet"])
def test_target_highlights_are_neutral(client_app, game):
    from triptych.client3d.geometry import SELECTED, TARGET
    from triptych.client3d.views import aquaignis_pieces, hexfleet_pieces

    app = client_app
    app.start_game(game)
    app.run_until_idle()
    for _ in range(4):
        app.play_action(app.session.legal_actions()[0])
        app.run_until_idle()
    for key in sorted(app.sources):
        app.select(key)
        if app.targets:
            break
    assert app.targets
    players = list(aquaignis_pieces.COLORS) + list(hexfleet_pieces.COLORS) + [hexfleet_pieces.GOLD] + \
        list(aquaignis_pieces.CROWN_COLORS)
    marks = [n for k, n in app.view.nodes.items() if k.startswith("highlight:")]
    assert not any(hasattr(n.node(), "get_text") for n in marks)   # nothing written over a tile's own label
    assert len(marks) >= len(app.targets)
    for node in marks:
        color = tuple(node.get_color())[:3]
        assert any(max(abs(a - b) for a, b in zip(color, c[:3])) < 0.01 for c in (TARGET, SELECTED)), color
        for other in players:   # far from every player's colour and from the Cores' and crowns' gold
            assert sum((a - b) ** 2 for a, b in zip(color, other[:3])) ** 0.5 > 0.3, (color, other)


def won_aquaignis(app, tmp_path):
    app.start_game("aquaignis")
    load_position(app, tmp_path, position(A(1, 6, 1), I(5, 5, 1), score=(3, 0)))
    click_node(app, app.view.units[(1, 6)])
    app.hud.press("action:Advance (flow 1, pos 6)")
    app.run_until_idle()
    assert app.session.is_over() and app.hud.banner_shown()


def test_the_game_over_banner_closes_by_escape_click_and_button(client_app, tmp_path):
    app = client_app
    won_aquaignis(app, tmp_path)
    app.escape()
    assert not app.hud.banner_shown()
    won_aquaignis(app, tmp_path)
    app.on_click()                                # a click on the table beside its buttons
    assert not app.hud.banner_shown()
    won_aquaignis(app, tmp_path)
    assert {"banner:Close", "banner:Review game", "banner:New game"} <= set(app.hud.buttons)
    app.hud.press("banner:Close")
    assert not app.hud.banner_shown() and app.session.is_over()   # the final position stays on the table
    app.run_until_idle()
    assert not app.hud.banner_shown()             # and the banner does not come back by itself


def test_review_game_on_the_banner_opens_the_replay(client_app, tmp_path):
    app = client_app
    won_aquaignis(app, tmp_path)
    app.hud.press("banner:Review game")
    assert app.replay_mode is not None and not app.hud.banner_shown()
    app.hud.press("action:Close replay")
    app.run_until_idle()


NOTATION = re.compile(r"[A-Z]\d\.\d|[A-Z] -?\d+,-?\d+>|@|>\d|\b[a-z]+>\d|^\w+ \d+ \d+$")


@pytest.mark.parametrize("game", ["aquaignis", "hexfleet"])
def test_no_button_label_contains_notation(client_app, game):
    app = client_app
    app.start_game(game)
    app.run_until_idle()
    seen = 0
    for _ in range(6):
        for key in sorted(app.sources):
            app.select(key)
            for label in (k[len("action:"):] for k in app.hud.buttons if k.startswith("action:")):
                actions = app.sources[key]
                notations = {str(a) for a in actions}
                assert label not in notations and not NOTATION.search(label), label
                assert not any(n in label for n in notations if len(n) > 2), label
                seen += 1
        app.deselect()
        app.play_action(app.session.legal_actions()[-1])
        app.run_until_idle()
    assert seen > 10


def test_the_load_question_offers_what_it_says(client_app):
    from triptych.client3d import layout

    app = client_app
    app.start_game("aquaignis")
    app.run_until_idle()
    app.play_action(app.session.legal_actions()[0])
    app.run_until_idle()
    app.load()
    assert app.hud.dialog is not None
    text = " ".join(layout.wrapped(app.hud.dialog_text))
    assert "Save" in text and {"dialog:Save first", "dialog:Discard", "dialog:Cancel"} <= set(app.hud.buttons)
    app.hud.press("dialog:Cancel")


def test_help_pages_are_for_players(client_app):
    from triptych.client3d.help_pages import help_page

    for game in ("aquaignis", "hexfleet"):
        page = help_page(game)
        assert "*" not in page and "`" not in page and "test" not in page.lower(), game
        assert "Breakthrough" in page or "Core" in page


def test_the_hover_line_follows_a_card_placed_in_a_slot(client_app):
    """Combat: hovering a slot said "Slot 1: empty" after a card went there."""
    app = client_app
    app.options.seed = 11
    app.start_game("combat", "v01")
    app.run_until_idle()
    place = next(a for a in app.session.legal_actions() if a.to_dict()["type"] == "place")
    key = f"cslot:{place.to_dict()['slot']}"
    point = hover_over(app, key)
    before = app.hud.tip_text()
    assert "empty" in before
    app.play_action(place)
    app.run_until_idle()
    assert app.hud.tip_text() == fresh_tip(app, point) and place.to_dict()["card"] in app.hud.tip_text()
