"""Combat's tutorial on the offscreen table: its hand is 2D (cards fanned in the HUD, not on the 3D table), so
a click on a card goes through the same 2D controls as the mouse's; a wrong card or slot leaves the step."""

from __future__ import annotations

import pytest

from client_helpers import click_node

pytest.importorskip("panda3d.core", reason="panda3d cannot load here")


def test_a_wrong_card_or_slot_leaves_the_combat_step_and_the_right_clicks_play_it(client_app):
    app = client_app
    app.start_tutorial("combat", "v01", step=0)          # asks: Ember Lash into slot 3
    app.run_until_idle()
    mode, view = app.tutorial, app.view
    before = app.session.state.to_dict()
    assert click_node(app, view.nodes["card:Stoneskin"]) == "card:Stoneskin"   # a card in the hand, not the asked
    app.run_until_idle()
    assert app.session.state.to_dict() == before and mode.awaiting() and app.selected is None
    assert "try" in app.hud.full("message").lower()
    assert click_node(app, view.nodes["card:Ember Lash"]) == "card:Ember Lash"
    assert app.selected == "card:Ember Lash"
    assert click_node(app, view.nodes["cslot:2"]) == "cslot:2"                   # a free slot, not the asked one
    app.run_until_idle()
    assert app.session.state.to_dict() == before and mode.awaiting() and mode.index == 0
    if app.selected != "card:Ember Lash":
        assert click_node(app, view.nodes["card:Ember Lash"]) == "card:Ember Lash"
    assert click_node(app, view.nodes["highlight:cslot:3"]) == "cslot:3"
    app.run_until_idle()
    assert mode.phase == "done" and app.session.state.to_dict()["slots"][2]["card"] == "Ember Lash"
