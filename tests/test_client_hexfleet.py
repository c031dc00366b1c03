"""The 3D client playing Hexfleet offscreen: clicks at projected points, trays, previews, animations."""

from __future__ import annotations

import json
import random

import pytest

import triptych.hexfleet as hx
from client_helpers import click_node, pixel

pytest.importorskip("panda3d.core", reason="panda3d cannot load here")


def start(app, state=None, tmp_path=None):
    app.start_game("hexfleet")
    if state is not None:
        path = tmp_path / "pos.json"
        path.write_text(json.dumps(state.to_dict()))
        app.options.save_path = path
        app.hud.press("Load")
        app.hud.press("dialog:Open")
    app.run_until_idle()
    return app.view


def assert_view_matches_engine(app):
    """Every tile of the engine's state has its node at its hex and true level, and nothing else."""
    from triptych.client3d.views.hexfleet_view import TILE_H, hex_xy

    view, data = app.view, app.session.state.to_dict()
    expected = {(s["q"], s["r"], level) for s in data["stacks"] for level in range(len(s["tiles"]))}
    assert set(view.tiles) == expected
    for (q, r, level), node in view.tiles.items():
        x, y = hex_xy(q, r)
        p = node.get_pos()
        assert abs(p.x - x) < 1e-4 and abs(p.y - y) < 1e-4 and abs(p.z - level * TILE_H) < 1e-4


def test_core_offers_shipyards_and_a_click_on_a_target_builds_one(client_app):
    view = start(client_app)
    key = click_node(client_app, view.tiles[(0, 0, 0)])
    assert key == "hex:0:0"
    state = client_app.session.state
    dicts = [a.to_dict() for a in state.legal_actions()]
    shipyards = {f"hex:{d['at'][0]}:{d['at'][1]}" for d in dicts if d["type"] == "shipyard"}
    moves = {f"hex:{d['to'][0]}:{d['to'][1]}" for d in dicts if d["type"] == "move" and d["from"] == [0, 0]}
    assert shipyards and set(client_app.targets) == shipyards | moves   # the Core's own actions, no others
    before = view.tray_count(0, "shipyard")
    target = sorted(shipyards - moves)[0]
    click_node(client_app, view.nodes["highlight:" + target])
    client_app.run_until_idle()
    q, r = (int(v) for v in target.split(":")[1:])
    assert client_app.session.state.to_dict()["stacks"]  # the engine agrees a Shipyard stands there
    assert client_app.view.tray_count(0, "shipyard") == before - 1
    assert client_app.view.trays[(0, "shipyard")].get_num_children() == before - 1
    assert_view_matches_engine(client_app)
    r_, g, b = pixel(client_app, client_app.view.tiles[(q, r, 0)], (0.35, 0.0, 0.1))
    assert g > r_ and g > b, (r_, g, b)  # a green tile where the Shipyard was built


def test_spawning_from_a_shipyard_lets_you_pick_unit_and_face(client_app):
    view = start(client_app)
    click_node(client_app, view.tiles[(0, 0, 0)])
    yard = sorted(k for k, acts in client_app.targets.items()
                  if len(acts) == 1 and acts[0].to_dict()["type"] == "shipyard")[0]
    client_app.click_key(yard)
    client_app.run_until_idle()
    q, r = (int(v) for v in yard.split(":")[1:])
    click_node(client_app, client_app.view.tiles[(q, r, 0)])
    state = client_app.session.state
    spawns = [a for a in state.legal_actions() if a.to_dict()["type"] == "spawn"]
    assert set(client_app.targets) == {f"hex:{a.to_dict()['at'][0]}:{a.to_dict()['at'][1]}" for a in spawns}
    where = sorted(client_app.targets)[0]
    client_app.click_key(where)
    offered = sorted(k for k in client_app.hud.buttons if k.startswith("action:"))
    assert offered == sorted("action:" + client_app.view.describe(a, a.to_dict()) for a in client_app.targets[where])
    frigate = [k for k in offered if k.startswith("action:Place Frigate at") and "face-down" not in k][0]
    client_app.hud.press(frigate)
    client_app.run_until_idle()
    assert client_app.session.state.to_move == 1  # two actions spent: Purple's turn
    assert client_app.view.tray_count(0, "frigate") == 5
    assert_view_matches_engine(client_app)


def _position_with(kind: str, seed: int):
    """A position from a seeded random game where the side to move has an action of `kind`."""
    rng = random.Random(seed)
    state = hx.new_game()
    for _ in range(400):
        if state.is_terminal():
            state = hx.new_game()
        actions = state.legal_actions()
        if any(a.to_dict()["type"] == kind for a in actions):
            return state
        state.apply(rng.choice(actions))
    pytest.skip(f"no {kind} found")


def test_push_preview_shows_the_fall_and_the_push_lands_where_the_engine_says(client_app, tmp_path):
    state = _position_with("push", 3)
    view = start(client_app, state, tmp_path)
    push = next(a for a in state.legal_actions() if a.to_dict()["type"] == "push")
    d = push.to_dict()
    fq, fr = d["from"]
    level = len({(s["q"], s["r"]): s for s in state.to_dict()["stacks"]}[(fq, fr)]["tiles"]) - 1
    click_node(client_app, view.tiles[(fq, fr, level)], (0.3, 0, 0.1))
    tq, tr = d["target"]
    key = f"hex:{tq}:{tr}"
    assert key in client_app.targets
    assert "fall:" + key in client_app.view.nodes  # where the pushed ship would go, or the crush
    expected = state.clone()
    expected.apply(push)
    actions = client_app.targets[key]
    if len(actions) == 1:
        client_app.click_key(key)
    else:
        client_app.hud.press("action:" + client_app.view.describe(push, d))
    client_app.run_until_idle()
    assert client_app.session.state.hash == expected.hash
    assert_view_matches_engine(client_app)
    reserves = expected.to_dict()["reserves"]
    for owner in (0, 1):
        for unit in ("shield", "frigate", "destroyer", "repulsor"):
            assert client_app.view.tray_count(owner, unit) == reserves[owner][unit]


def test_ten_actions_by_mouse_alone_each_one_a_legal_engine_action(client_app):
    """Select a source, click a lit target, choose among buttons when several decisions land there."""
    view = start(client_app)
    rng = random.Random(5)
    client_app.options.anim_speed = 8.0
    try:
        for _ in range(10):
            if client_app.session.is_over():
                break
            state = client_app.session.state.clone()
            legal = {str(a) for a in state.legal_actions()}
            client_app.click_key(rng.choice(sorted(client_app.sources)))
            if client_app.targets:
                client_app.click_key(rng.choice(sorted(client_app.targets)))
            if not client_app.animating:
                client_app.hud.press(rng.choice(sorted(k for k in client_app.hud.buttons if k.startswith("action:"))))
            assert client_app.animating
            played = str(client_app.session.timeline.steps[-1].action)
            assert played in legal
            client_app.run_until_idle()
            assert_view_matches_engine(client_app)
    finally:
        client_app.options.anim_speed = 1.0
    del view
