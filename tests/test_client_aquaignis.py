"""The 3D client playing AquaIgnis offscreen, driven through the handlers a click runs."""

from __future__ import annotations

import json

import pytest

import triptych.aquaignis as aq
from client_helpers import click_node, load_position, pixel
from conftest import A, I, position

pytest.importorskip("panda3d.core", reason="panda3d cannot load here")


def start(app, tmp_path, state, mode="hotseat"):
    app.start_game("aquaignis", mode=mode)
    load_position(app, tmp_path, state, mode)
    return app.view


def test_clicking_a_piece_offers_exactly_its_legal_actions_and_highlights_jump_targets(client_app, tmp_path):
    state = position(A(3, 2, 2), I(4, 2, 1), I(2, 2, 1), I(5, 5, 1))
    view = start(client_app, tmp_path, state)
    key = click_node(client_app, view.units[(3, 2)])
    assert key == "slot:3:2" and client_app.selected == "slot:3:2"
    legal = [a for a in state.legal_actions() if a.to_dict().get("flow") == 3 and a.to_dict().get("pos") == 2]
    offered = sorted(k for k in client_app.hud.buttons if k.startswith("action:"))
    assert offered == sorted("action:" + view.describe(a, a.to_dict()) for a in legal)
    jumps = {f"slot:{d['to_flow']}:{d['to_pos']}" for d in (a.to_dict() for a in legal) if d["type"] == "jump"}
    assert jumps == {"slot:4:2", "slot:2:2"}
    # The advance's square (previewed on a copy of the engine state) is a target too.
    assert set(client_app.targets) == jumps | {"slot:3:3"}
    assert [str(a) for a in client_app.targets["slot:3:3"]] == ["A3.2"]
    assert all(not view.nodes["highlight:" + k].is_empty() for k in client_app.targets)


def test_a_jump_by_clicking_its_target_lands_the_node_there(client_app, tmp_path):
    state = position(A(3, 2, 2), I(4, 2, 1), I(5, 5, 1))
    view = start(client_app, tmp_path, state)
    click_node(client_app, view.units[(3, 2)])
    click_node(client_app, view.nodes["slot:4:2"])
    assert client_app.animating
    client_app.run_until_idle()
    expected = state.clone()
    expected.apply("J3.2-4.2")
    assert client_app.session.state.hash == expected.hash
    node = client_app.view.units[(4, 2)]
    target = client_app.view.nodes["slot:4:2"]
    assert (node.get_pos(client_app.base.render).xy - target.get_pos(client_app.base.render).xy).length() < 1e-4
    assert (3, 2) not in client_app.view.units
    r, g, b = pixel(client_app, node, (0.3, 0, 0.14))  # beside the number on top
    assert b > 0.5 and b > r + 0.2, (r, g, b)     # an AQUA (blue) piece is drawn where it landed


def test_advance_by_button_then_undo_restores_the_position(client_app, tmp_path):
    state = position(A(3, 2, 1), I(5, 5, 1))
    view = start(client_app, tmp_path, state)
    click_node(client_app, view.units[(3, 2)])
    client_app.hud.press("action:Advance (flow 3, pos 2)")
    for _ in range(3):
        client_app.step()
    moving = view.units[(3, 2)]
    assert client_app.animating and moving.get_y() > view.nodes["slot:3:2"].get_y()  # on its way up
    client_app.run_until_idle()
    assert set(client_app.view.units) == {(3, 3), (5, 5)}
    assert "AQUA advances the piece at 3.2" in client_app.session.log
    client_app.hud.press("Undo")
    assert client_app.session.state.hash == state.hash
    assert set(client_app.view.units) == {(3, 2), (5, 5)}


def test_advance_by_clicking_the_square_ahead(client_app, tmp_path):
    state = position(A(3, 2, 1), I(5, 5, 1))
    view = start(client_app, tmp_path, state)
    click_node(client_app, view.units[(3, 2)])
    click_node(client_app, view.nodes["slot:3:3"])
    client_app.run_until_idle()
    assert set(client_app.view.units) == {(3, 3), (5, 5)}


def test_spawn_from_an_empty_entry_slot_and_save(client_app, tmp_path):
    view = start(client_app, tmp_path, aq.new_game())
    click_node(client_app, view.nodes["slot:6:0"])
    assert [k for k in client_app.hud.buttons if k.startswith("action:")] == ["action:Spawn on flow 6"]
    client_app.hud.press("action:Spawn on flow 6")
    client_app.run_until_idle()
    save = tmp_path / "saved.json"
    client_app.options.save_path = save
    client_app.hud.press("Save")              # the file dialog, in the file's folder with its name filled in
    client_app.hud.press("dialog:Save")
    saved = aq.State.from_dict(json.loads(save.read_text()))
    assert {(p["flow"], p["pos"]) for p in saved.to_dict()["pieces"]} == {(6, 0)}
    assert saved.actions_left == 1


def test_the_winning_breakthrough_shows_the_banner(client_app, tmp_path):
    state = position(A(1, 6, 1), I(5, 5, 1), score=(3, 0))
    view = start(client_app, tmp_path, state)
    click_node(client_app, view.units[(1, 6)])
    client_app.hud.press("action:Advance (flow 1, pos 6)")
    client_app.run_until_idle()
    assert client_app.session.is_over()
    assert not client_app.hud.banner.is_hidden()
    assert client_app.hud.banner_text.getText() == "AQUA wins"
    assert client_app.view.nodes["score:0:3"].get_sz() > 0  # the fourth pip is lit
    client_app.hud.press("New")
    assert client_app.hud.banner.is_hidden() and client_app.session.state.hash == aq.new_game().hash


def test_ai_turn_runs_in_the_background_while_frames_render(client_app, tmp_path):
    client_app.options.ai_level = "easy"
    state = position(A(3, 2, 1), I(5, 5, 1))
    view = start(client_app, tmp_path, state, mode="vs-ai")
    click_node(client_app, view.units[(3, 2)])
    client_app.hud.press("action:Charge (flow 3, pos 2)")
    client_app.run_until_idle()
    click_node(client_app, client_app.view.units[(3, 2)])
    client_app.hud.press("action:Charge (flow 3, pos 2)")
    frames = 0
    seen_thinking = False
    while client_app.session.state.to_move != 0 or client_app.animating or client_app.thinker.busy:
        client_app.step()
        seen_thinking |= client_app.thinker.busy
        frames += 1
        assert frames < 5000
    assert seen_thinking
    assert sum(1 for step in client_app.session.timeline.steps if step.player == 1) == 2
    assert client_app.human_turn()
