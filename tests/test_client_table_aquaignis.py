"""The AquaIgnis table read off the scene graph: disc stacks equal charges, walls show durability, links
are drawn between the linked flows, animations end in the engine's state, and no label overlaps another
or the HUD at any window size from 960x600 up. Offscreen (software renderer)."""

from __future__ import annotations

import itertools
import random

import pytest

import triptych.aquaignis as aq
from client_helpers import show_position
from conftest import A, I, position
from triptych.timeline import Timeline

pytest.importorskip("panda3d.core", reason="panda3d cannot load here")

SIZES = [(960, 600), (1280, 800), (1920, 1080)]


def midgame() -> aq.State:
    """A seeded line of play: 13 units, IGNIS's flows 2 and 7 linked, an AQUA Crown, two barriers."""
    rng = random.Random(1)
    state = aq.new_game()
    for _ in range(44):
        state.apply(rng.choice(state.legal_actions()))
    return state


def show(app, state):
    return show_position(app, "aquaignis", state)


def test_every_piece_is_a_stack_of_as_many_discs_as_its_charge_and_a_crown_is_crowned(client_app):
    state = midgame()
    view = show(client_app, state)
    pieces = state.to_dict()["pieces"]
    assert any(p["charge"] == 4 for p in pieces) and any(p["kind"] == "barrier" for p in pieces)
    for p in pieces:
        node = view.units[(p["flow"], p["pos"])]
        assert node.get_tag("charge") == str(p["charge"])
        discs = node.find_all_matches("**/disc").get_num_paths()
        spikes = node.find_all_matches("**/spike").get_num_paths()
        if p["kind"] == "barrier":
            assert discs == 0
            assert node.find_all_matches("**/wall-course").get_num_paths() == p["charge"]
            assert node.find_all_matches("**/crack").get_num_paths() > 0 if p["charge"] < 3 else True
        else:
            assert discs == p["charge"], p
            assert (spikes > 0) == (p["charge"] == 4), p
    # Each lane shows both directions of play.
    assert view.root.find_all_matches("**/lane-arrow-0").get_num_paths() == 7 * 6
    assert view.root.find_all_matches("**/lane-arrow-1").get_num_paths() == 7 * 6


def test_a_barrier_loses_a_course_and_gains_a_crack_per_point_of_durability(client_app):
    counts = []
    for durability in (3, 2, 1):
        state = position(A(3, 2, 1), I(5, 5, 1))
        d = state.to_dict()
        d["pieces"].append({"owner": "ignis", "kind": "barrier", "flow": 4, "pos": 4, "charge": durability})
        view = show(client_app, aq.State.from_dict(d))
        wall = view.units[(4, 4)]
        counts.append((wall.find_all_matches("**/wall-course").get_num_paths(),
                       wall.find_all_matches("**/crack").get_num_paths()))
    assert [c for c, _ in counts] == [3, 2, 1]
    assert counts[0][1] == 0 and counts[0][1] < counts[1][1] < counts[2][1]


def test_a_link_is_an_arch_between_the_two_linked_flows(client_app):
    from triptych.client3d.views.aquaignis_pieces import slot_xy

    state = midgame()
    view = show(client_app, state)
    (link,) = state.to_dict()["links"]
    arch = view.nodes["link:1"]
    a, b = sorted(link["flows"])
    assert arch.get_tag("link") == f"{a}-{b}" and arch.get_tag("turns") == str(link["turns_left"])
    lo, hi = arch.get_tight_bounds(view.root)
    assert lo.x == pytest.approx(slot_xy(a, 6)[0] - 0.28, abs=0.05)
    assert hi.x == pytest.approx(slot_xy(b, 6)[0] + 0.28, abs=0.05)
    assert lo.y > slot_xy(a, 6)[1]                     # beyond IGNIS's entry row, its end of the board
    assert arch.find_all_matches("**/link-turn").get_num_paths() == 2 * link["turns_left"]


def snapshot(view):
    """Visible units as (owner, charge, x, y) rounded, where the scene shows each."""
    out = []
    for node in view.root.find_all_matches("**/=unit"):
        if node.is_hidden() or node.get_sx() < 0.5 or node.get_color_scale()[3] < 0.5:
            continue
        p = node.get_pos(view.root)
        owner = node.get_tag("unit").split(":")[0]   # a barrier made from a piece is redrawn as a wall
        out.append((owner, node.get_tag("charge"), round(p.x, 3), round(p.y, 3)))
    return sorted(out)


def test_every_animation_ends_with_each_unit_where_a_fresh_draw_puts_it(client_app):
    """Random games rich in surges, pulses, clashes and jumps: run each animation to its end and compare
    the moved units' places with a fresh draw of the engine's state."""
    rng = random.Random(4)
    client_app.start_game("aquaignis")
    view = client_app.view
    seen = set()
    for _ in range(2):
        timeline = Timeline(aq.new_game())
        for _ in range(70):
            if timeline.state.is_terminal():
                break
            actions = timeline.state.legal_actions()
            bold = [a for a in actions if a.to_dict()["type"] in ("surge", "jump", "advance")]
            action = rng.choice(bold) if bold and rng.random() < 0.6 else rng.choice(actions)
            view.build(timeline.state)
            step = timeline.apply(action)
            interval = view.animate(step)
            interval.finish()
            moved = snapshot(view)
            view.build(step.after)
            fresh = snapshot(view)
            # Charge changes are shown by the redraw (a disc more or less); places must already agree.
            assert sorted(m[:1] + m[2:] for m in moved) == sorted(f[:1] + f[2:] for f in fresh), (
                str(action), [e.text for e in step.events])
            seen |= {e.kind for e in step.events}
    assert {"surge", "clash"} <= seen, seen


def projected(app, node, lens, extent):
    """`node`'s tight bounds projected through `lens`, in aspect2d units (left, right, bottom, top)."""
    from panda3d.core import Point2, Point3

    root = app.view.root
    lo, hi = node.get_tight_bounds(root)    # a flat label is a flat box on the table: its corners project exactly
    xs, ys = [], []
    for x, y, z in itertools.product((lo.x, hi.x), (lo.y, hi.y), (lo.z, hi.z)):
        p = app.base.cam.get_relative_point(root, Point3(x, y, z))
        film = Point2()
        lens.project(p, film)
        xs.append(film.x * extent[0])
        ys.append(film.y * extent[1])
    return min(xs), max(xs), min(ys), max(ys)


def overlap(a, b, eps=1e-3) -> bool:
    return a[0] < b[1] - eps and b[0] < a[1] - eps and a[2] < b[3] - eps and b[2] < a[3] - eps


@pytest.mark.parametrize("size", SIZES)
def test_no_table_label_overlaps_another_a_link_or_the_hud(client_app, size):
    """Every text label on the table (flow numbers, the two end labels, the side names, the numbers on the
    pieces) and every link arch, projected as the window of `size` frames the table, overlaps no other
    and none of the HUD's parts (action buttons included, with a piece selected)."""
    from triptych.client3d.camera import frame_lens
    from triptych.client3d.hud import extent_of

    state = midgame()
    view = show(client_app, state)
    client_app.select(sorted(client_app.sources)[0])
    assert [k for k in client_app.hud.buttons if k.startswith("action:")]
    regions = client_app.hud.regions(size)
    board = client_app.hud.board_rect
    extent = extent_of(*size)
    lens = client_app.base.camLens.make_copy()
    client_app.camera.snap()
    frame_lens(lens, size, extent, board, client_app._base_min_fov)
    labels = {f"{node.get_parent().get_name()}/{i}": projected(client_app, node, lens, extent)
              for i, node in enumerate(view.root.find_all_matches("**/label"))}
    arches = {k: projected(client_app, view.nodes[k], lens, extent) for k in view.nodes if k.startswith("link:")}
    assert len(labels) > 15 and arches
    X, Y = extent
    for name, box in {**labels, **arches}.items():
        assert -X <= box[0] and box[1] <= X and -Y <= box[2] and box[3] <= Y, (size, name, box)
        for part, region in regions.items():
            assert not overlap(box, region), f"at {size}: {name} {box} overlaps the HUD's {part} {region}"
    for (n1, b1), (n2, b2) in itertools.combinations(labels.items(), 2):
        assert not overlap(b1, b2), f"at {size}: {n1} {b1} overlaps {n2} {b2}"
    for (n1, b1), (n2, b2) in itertools.product(labels.items(), arches.items()):
        assert not overlap(b1, b2), f"at {size}: {n1} {b1} overlaps {n2} {b2}"
    client_app.step(1)   # the window's own layout again
