"""The Hexfleet table read off the scene graph: stack heights, animations that end in the engine's state,
the power network overlay, the boarded-Core flag and the hover listing. Offscreen (software renderer)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import triptych.hexfleet as hx
from client_helpers import show_position
from triptych.timeline import Timeline

pytest.importorskip("panda3d.core", reason="panda3d cannot load here")


def midgame() -> hx.State:
    """A seeded line of play: 18 columns, a stack four high, Green's Frigate on Purple's Core (under R4's
    shield_towers option, the rule this line was drawn under)."""
    rng = random.Random(1)
    state = hx.new_game(shield_towers=True)
    for _ in range(54):
        state.apply(rng.choice(state.legal_actions()))
    return state


def show(app, state):
    return show_position(app, "hexfleet", state)


def scene_stacks(view) -> dict[tuple[int, int], list[tuple[int, str, float]]]:
    """(level, tile tag, z) of every visible tile node, by the column its tag names, bottom to top."""
    out: dict[tuple[int, int], list[tuple[int, str, float]]] = {}
    for node in view.root.find_all_matches("**/=tile"):
        if node.is_hidden():
            continue
        q, r = (int(v) for v in node.get_tag("column").split(","))
        out.setdefault((q, r), []).append((int(node.get_tag("level")), node.get_tag("tile"), node.get_z()))
    return {k: sorted(v) for k, v in out.items()}


def test_every_columns_height_and_tiles_read_off_the_scene_graph(client_app):
    from triptych.client3d.views.hexfleet_pieces import TILE_H, tile_tag

    state = midgame()
    view = show(client_app, state)
    stacks = {(s["q"], s["r"]): s["tiles"] for s in state.to_dict()["stacks"]}
    assert max(len(t) for t in stacks.values()) >= 3
    scene = scene_stacks(view)
    assert set(scene) == set(stacks)
    for column, tiles in stacks.items():
        drawn = scene[column]
        assert [level for level, _, _ in drawn] == list(range(len(tiles))), column
        assert [tag for _, tag, _ in drawn] == [tile_tag(t) for t in tiles], column
        assert all(abs(z - level * TILE_H) < 1e-4 for level, _, z in drawn), column
    # Each tile's side shows its level, the number the log uses.
    for (q, r, level), node in view.tiles.items():
        marker = node.find("**/=level-marker")
        assert marker.get_tag("level-marker") == str(level)


def snapshot(view) -> Counter:
    """Visible tiles as (what, x, y, z) rounded: where the scene shows each tile."""
    out: Counter = Counter()
    for node in view.root.find_all_matches("**/=tile"):
        if node.is_hidden():
            continue
        p = node.get_pos(view.root)
        out[(node.get_tag("tile"), round(p.x, 3), round(p.y, 3), round(p.z, 3))] += 1
    return out


def test_every_animation_ends_where_a_fresh_draw_of_the_engine_state_puts_each_tile(client_app):
    """Random games rich in pushes, crushes, cascades and Frigate moves: each step's animation, run to its
    end, leaves every tile node where the next state's fresh draw has it (and the rest hidden in the trays)."""
    seen: Counter = Counter()
    rng = random.Random(3)
    client_app.start_game("hexfleet")
    view = client_app.view
    for game in range(3):
        timeline = Timeline(hx.new_game())
        for _ in range(80):
            if timeline.state.is_terminal():
                break
            actions = timeline.state.legal_actions()
            fights = [a for a in actions if a.to_dict()["type"] in ("push", "destroy")]
            action = rng.choice(fights) if fights and rng.random() < 0.7 else rng.choice(actions)
            view.build(timeline.state)
            step = timeline.apply(action)
            interval = view.animate(step)
            interval.finish()
            animated = snapshot(view)
            view.build(step.after)
            assert animated == snapshot(view), (str(action), [e.text for e in step.events])
            kinds = {e.kind for e in step.events}
            seen[step.action.to_dict()["type"]] += 1
            seen.update(k for k in kinds if k in ("crush", "reserve"))
            d = step.action.to_dict()
            if d["type"] == "move" and max(abs(d["from"][0] - d["to"][0]), abs(d["from"][1] - d["to"][1]),
                                           abs(d["from"][0] + d["from"][1] - d["to"][0] - d["to"][1])) == 2:
                seen["two-step"] += 1
    assert seen["push"] and seen["destroy"] and seen["reserve"] and seen["two-step"], seen


def test_a_frigates_two_steps_are_two_hops_through_a_hex_the_engine_accepts(client_app):
    from triptych.client3d.views.hexfleet_motion import distance, move_path
    from triptych.client3d.views.hexfleet_pieces import hex_xy

    rng = random.Random(8)
    state = hx.new_game()
    for _ in range(300):
        two = [a for a in state.legal_actions() if a.to_dict()["type"] == "move"
               and distance(tuple(a.to_dict()["from"]), tuple(a.to_dict()["to"])) == 2]
        if two:
            break
        state.apply(rng.choice(state.legal_actions()))
    assert two
    action = two[0]
    d = action.to_dict()
    start, end = tuple(d["from"]), tuple(d["to"])
    path = move_path(state, start, end)
    assert len(path) == 2 and path[-1] == end
    middle = path[0]
    assert distance(start, middle) == 1 and distance(middle, end) == 1
    assert state.is_legal({"type": "move", "from": list(start), "to": list(middle)})
    view = show(client_app, state)
    step = client_app.session.timeline.apply(action)
    height = len({(s["q"], s["r"]): s for s in state.to_dict()["stacks"]}[start]["tiles"])
    node = view.tiles[(*start, height - 1)]
    interval = view.animate(step)
    interval.start()
    interval.set_t(0.42)       # the first hop's end
    p = node.get_pos()
    assert (p.x, p.y) == pytest.approx(hex_xy(*middle), abs=1e-3)
    interval.finish()
    assert (node.get_x(), node.get_y()) == pytest.approx(hex_xy(*end), abs=1e-3)
    client_app.session.timeline.reset(state)


def test_the_power_network_overlay_shows_what_the_engine_reports(client_app):
    state = midgame()
    view = show(client_app, state)
    assert "network" not in view.nodes
    client_app.base.messenger.send("n")            # the N key
    network = state.power_network()
    cuts = {f"cut:{c['hex'][0]},{c['hex'][1]}" for c in network if c["cut"]}
    assert cuts and cuts == {k for k in view.nodes if k.startswith("cut:")}
    # Every column holding a player's tiles has a route home, except that player's Core column itself.
    cores = {0: tuple(state.core(0)), 1: tuple(state.core(1))}
    expected = {f"route:{t['owner']}:{s['q']},{s['r']}" for s in state.to_dict()["stacks"] for t in s["tiles"]
                if (s["q"], s["r"]) != cores[t["owner"]]}
    assert expected <= {k for k in view.nodes if k.startswith("route:")}
    view.build(state)                               # stays on across redraws...
    assert "network" in view.nodes
    client_app.hud.press("Network")                 # ...until toggled off
    assert "network" not in view.nodes and not any(k.startswith("cut:") for k in view.nodes)


def test_a_ship_on_an_enemy_core_raises_a_red_flag_over_it(client_app):
    from client_helpers import pixel

    state = midgame()
    view = show(client_app, state)
    flags = [k for k in view.nodes if k.startswith("threat:")]
    core = state.core(1)
    assert flags == [f"threat:{core[0]}:{core[1]}"]
    client_app.camera.snap()
    r, g, b = pixel(client_app, view.nodes[flags[0]].find("**/threat-flag"), (0.0, -0.02, 0.1))
    assert r > 0.7 and g < 0.4 and b < 0.4, (r, g, b)
    # A position without a boarded Core has no flag.
    show(client_app, hx.new_game())
    assert not [k for k in client_app.view.nodes if k.startswith("threat:")]


def test_hovering_a_column_lists_its_stack_bottom_to_top(client_app):
    state = midgame()
    show(client_app, state)
    (q, r), tiles = max(((s["q"], s["r"]), s["tiles"]) for s in state.to_dict()["stacks"]
                        if len(s["tiles"]) >= 3)
    tip = client_app.tooltip_for(f"hex:{q}:{r}")
    listed = tip.split("bottom to top: ")[1].split("; ")
    assert len(listed) == len(tiles)
    for level, (line, tile) in enumerate(zip(listed, tiles)):
        assert line.startswith(f"{level} {('Green', 'Purple')[tile['owner']]} ")


def test_the_software_renderer_keeps_plain_lights_without_shadows(client_app):
    """p3tinydisplay runs no shaders: the table detects it and lights per vertex (OpenGL gets shadows)."""
    from triptych.client3d.table import enable_shadows, supports_shadows

    assert not supports_shadows(client_app.base)
    key = client_app.base.render.find("**/+DirectionalLight")
    assert enable_shadows(client_app.base, key) is False
    assert not key.node().is_shadow_caster() and client_app.base.render.get_shader() is None
