"""Combat as a card table (issue 26): readable cards, the paced Sentinel turn, words on the buttons, the help.

Offscreen (p3tinydisplay). Sizes other than the test window's are laid out with the HUD's layout for that
size (aspect2d units do not depend on the window), and text is measured from the text nodes' bounds.
"""

from __future__ import annotations

import random
import re

import pytest

import triptych.combat as combat

pytest.importorskip("panda3d.core", reason="panda3d cannot load here")

SIZES = [(800, 600), (1024, 768), (1280, 800), (1600, 1000), (2560, 1440)]


def start(app, variant="v01", seed=11):
    app.options.seed = seed
    app.start_game("combat", variant)
    app.run_until_idle()
    return app.view


def lay_out(app, size):
    """The view's 2D parts placed as the HUD would for a window of `size`; returns the regions."""
    from triptych.client3d import layout

    view = app.view
    regions = layout.regions(size, view.layout_request(), toolbar=[t for t, _ in app.hud._toolbar])
    view.place_hud(regions, size)
    return regions


def glyph_px(node, size) -> float:
    """The height in pixels of one line of `node`'s glyphs in a window of `size`, from its bounds (measured in
    its parent's frame, so a fanned card's tilt does not inflate it)."""
    from triptych.client3d import layout

    parent = node.getParent()
    lo, hi = node.get_tight_bounds(parent)
    lines = max(1, len(layout.wrapped(node)))
    one = (hi.z - lo.z) - (lines - 1) * node.getScale()[1] * layout.LINE   # the extent of one line's glyphs
    return one * parent.get_sz(app_aspect2d(node)) * layout.px_per_unit(size)


def app_aspect2d(node):
    """The aspect2d node above `node`."""
    np = node
    while not np.is_empty() and np.get_name() != "aspect2d":
        np = np.get_parent()
    assert not np.is_empty()
    return np


def card_box(card):
    """A card's face (its frame, which tight bounds do not see) in aspect2d units, tilt included."""
    return frame_box(card.frame)


def frame_box(frame):
    """A DirectFrame's frame in aspect2d units (its own transform included)."""
    from panda3d.core import Point3

    l, r, b, t = frame["frameSize"]
    mat = frame.get_mat(app_aspect2d(frame))
    pts = [mat.xform_point(Point3(x, 0, z)) for x in (l, r) for z in (b, t)]
    return min(p.x for p in pts), max(p.x for p in pts), min(p.z for p in pts), max(p.z for p in pts)


def to_aspect2d_box(node):
    lo, hi = node.get_tight_bounds(app_aspect2d(node))
    return lo.x, hi.x, lo.z, hi.z


# -- readable cards -----------------------------------------------------------------------------------------
def test_card_text_is_legible_at_1280x800(client_app):
    """Every line on the hand's cards, the zoomed card and the side panel is at least 11 px tall."""
    view = start(client_app)
    size = (1280, 800)
    lay_out(client_app, size)
    view.show_zoom(view.cards2d[0].name, 0.0)
    nodes = view.text_nodes()
    panels = {p for p, _ in nodes}
    assert {"hand", "side", "table"} <= panels
    heights = {node.getText(): glyph_px(node, size) for _, node in nodes}
    smallest = min(heights, key=heights.get)
    assert heights[smallest] >= 11, f"{smallest!r} is {heights[smallest]:.1f} px tall"
    # The words pinned to the table (slots, piles, dice, the Wick) too: their text's extent in the TextNode
    # (its background card left out, the tag's scale for a 1280x800 window applied).
    view.tags.update(size, None)
    from triptych.client3d import layout

    assert len(view.tags.tags) >= 8
    for _, _, node in view.tags.tags:
        tn = node.textNode
        lines = max(1, len(layout.wrapped(node)))
        extent = tn.get_upper_left_3d().z - tn.get_lower_right_3d().z
        one = (extent - (lines - 1) * tn.get_line_height() * node.getScale()[1]) * layout.px_per_unit(size)
        assert one >= 11, (node.getText(), one)
    # A card says its name, element, cost and effect in words.
    texts = [t.getText() for t in view.cards2d[0].texts]
    name = view.cards2d[0].name
    assert texts[0] == name and any(t.startswith(("Deal", "Block")) for t in texts)
    assert any(t.startswith(("Agni", "Jal", "Vayu", "Prithvi", "Akasha")) for t in texts)
    assert any(re.search(r"^(Free|Costs)|, (free|costs)", t) for t in texts)


@pytest.mark.parametrize("size", SIZES)
def test_cards_and_sentinel_panel_lie_inside_the_window(client_app, size):
    from triptych.client3d import layout

    view = start(client_app, "v07")
    regions = lay_out(client_app, size)
    X, Y = layout.extent(size)
    window = layout.Rect(-X, X, -Y, Y)
    hand = regions["hand"]
    assert view.cards2d
    for card in [*view.cards2d]:
        box = card_box(card)
        assert window.contains(box) and hand.contains(box), (card.name, box, hand)
        face = layout.Rect(*card.frame["frameSize"])
        for text in card.texts:                       # every line stays on its card
            lo, hi = text.get_tight_bounds(card.frame)
            assert face.contains((lo.x, hi.x, lo.z, hi.z)), (card.name, text.getText(), face)
    side = regions["side"]
    assert view.panel.texts
    for node in view.panel.texts:
        assert side.contains(to_aspect2d_box(node)), (node.getText(), side)
    view.show_zoom(view.cards2d[-1].name, X)       # hovered at the right edge: the zoom stays on screen
    zoom = card_box(view.zoom)
    assert window.contains(zoom) and regions["table"].contains(zoom)
    face = layout.Rect(*view.zoom.frame["frameSize"])
    for text in view.zoom.texts:
        lo, hi = text.get_tight_bounds(view.zoom.frame)
        assert face.contains((lo.x, hi.x, lo.z, hi.z)), text.getText()
    # The HP bar and the intent do not overlap any caption: each line has its own band.
    boxes = [to_aspect2d_box(n) for n in view.panel.texts]
    bars = [frame_box(p) for p in view.panel.parts if p.get_name() == "hp-bar"]
    assert bars
    for bar in bars:
        assert not any(layout.Rect(*bar).overlaps(b) for b in boxes)
    for i, a in enumerate(boxes):
        assert not any(layout.Rect(*a).overlaps(b) for b in boxes[i + 1:])


def test_hovering_a_card_shows_it_zoomed(client_app):
    view = start(client_app)
    lay_out(client_app, (1280, 800))
    card = view.cards2d[1]
    view._hover_card(card.name, 1, True)          # what the mouse entering the card runs
    assert view.zoomed == card.name
    zl, zr, zb, zt = card_box(view.zoom)
    cl, cr, cb, ct = card_box(card)
    assert (zt - zb) > 1.5 * (ct - cb)             # larger than the card in the hand
    zoomed = [t.getText() for t in view.zoom.texts]
    assert zoomed[0] == card.name and len(zoomed) >= 4          # name, element, cost, effect: a line each
    words = lambda texts: set(re.findall(r"[a-z0-9]+", " ".join(texts).lower()))  # noqa: E731
    assert words([t.getText() for t in card.texts]) <= words(zoomed)   # everything the hand's card says
    view._hover_card(card.name, 1, False)
    assert view.zoom is None


def test_status_captions_stand_apart(client_app):
    """Two marks on a slot and several statuses: every caption on the table has its own place."""
    view = start(client_app)
    d = client_app.session.state.to_dict()
    d["slots"][0]["scorch"], d["slots"][0]["clogged"] = 2, 1
    d["enemy"]["weak"], d["enemy"]["vulnerable"], d["enemy"]["block"] = 1, 2, 5
    client_app.session.timeline.reset(combat.State.from_dict(d))
    lay_out(client_app, (1280, 800))
    view.build(client_app.session.state)
    captions = [n for n in view.root.find_all_matches("**/mark-caption")]
    assert len(captions) >= 5
    boxes = []
    for c in captions:
        lo, hi = c.get_tight_bounds(view.root)
        boxes.append((lo.x, hi.x, lo.y, hi.y))
    for i, (l1, r1, b1, t1) in enumerate(boxes):
        for l2, r2, b2, t2 in boxes[i + 1:]:
            assert not (l1 < r2 and l2 < r1 and b1 < t2 and b2 < t1), "two captions run together"
    lines = [t.getText() for t in view.panel.texts]
    assert "Weak 1: deals 25% less damage" in lines and "Vulnerable 2: takes 50% more damage" in lines


# -- the paced Sentinel turn ----------------------------------------------------------------------------------
def ready_to_end(app):
    """Place a card and roll, so ending the turn fires something and the Sentinel strikes."""
    place = next(k for k in app.hud.buttons if " to slot " in k)
    app.hud.press(place)
    app.run_until_idle()
    app.hud.press("action:Roll the dice")
    app.run_until_idle()


def test_the_sentinels_turn_plays_out_beat_by_beat(client_app):
    view = start(client_app)
    ready_to_end(client_app)
    before = client_app.session.state.to_dict()
    client_app.hud.press("action:End turn")
    client_app.step()
    assert view.pacer.running
    seen: list[tuple[int, str]] = []
    titles = set()
    for frame in range(600):
        if not view.pacer.running:
            break
        titles.add(client_app.hud.status.getText())
        if not seen or seen[-1][1] != view.pacer.shown[-1]:
            seen.append((frame, view.pacer.shown[-1]))
        client_app.step()
    assert not view.pacer.running
    captions = [c for _, c in seen]
    kinds = [c.split(":")[0] for c in captions]
    assert captions[0].startswith("Your cards resolve") or captions[0].startswith("The Sentinel")
    assert any(c.startswith("The Sentinel's") or c.startswith("The Sentinel guards") for c in captions)
    assert captions[-1].startswith("Next, the Sentinel will")
    assert len(captions) >= 2 and kinds == [c.split(":")[0] for c in view.pacer.shown]
    # Each beat stays up long enough to read (the test clock runs at 30 frames a second).
    gaps = [b - a for (a, _), (b, _) in zip(seen, seen[1:])]
    assert min(gaps) >= 25, gaps
    assert titles == {"The Sentinel's turn"}, titles                      # never "Rolling..." meanwhile
    client_app.run_until_idle()
    after = client_app.session.state.to_dict()
    assert after["turn"] == before["turn"] + 1


def test_the_blow_lands_on_the_panel_only_at_its_beat(client_app):
    view = start(client_app)
    ready_to_end(client_app)
    hp = client_app.session.state.to_dict()["player"]["hp"]
    client_app.hud.press("action:End turn")
    client_app.step(2)
    blow_seen = False
    for _ in range(600):
        if not view.pacer.running:
            break
        shown = [t.getText() for t in view.panel.texts]
        last = view.pacer.shown[-1]
        if not blow_seen and not last.startswith("The Sentinel's"):
            assert f"HP {hp} / 50" in " ".join(shown[:8] + shown)   # your HP unchanged before the blow
        if last.startswith("The Sentinel's"):
            blow_seen = True
        client_app.step()
    assert blow_seen


@pytest.mark.parametrize("how", ["space", "click"])
def test_the_sentinels_turn_can_be_skipped(client_app, how, monkeypatch):
    view = start(client_app)
    monkeypatch.setattr(client_app.base, "mouseWatcherNode", FakeMouse(client_app.base.mouseWatcherNode))
    ready_to_end(client_app)
    client_app.hud.press("action:End turn")
    client_app.step(3)
    assert view.pacer.running and len(view.pacer.shown) == 1
    client_app.base.messenger.send("space" if how == "space" else "mouse1")
    assert not client_app.view.pacer.running
    client_app.run_until_idle(max_frames=200)
    d = client_app.session.state.to_dict()
    shown = " ".join(t.getText() for t in client_app.view.panel.texts)
    assert f"HP {d['player']['hp']} / {d['player']['max_hp']}" in shown   # the engine's state, at once


def test_sentinel_beats_follow_the_engine_order():
    """The beats of an End turn come in the engine's order and end at the engine's numbers."""
    from triptych.client3d.views.combat_beats import sentinel_beats
    from triptych.timeline import Timeline

    order = ["cards", "burn", "guard", "blow", "ticks", "block", "intent"]
    for seed in range(6):
        game = Timeline(combat.new_game("v01", seed=seed), seed=seed)
        game.resolve_chance()
        for _ in range(6):
            if game.is_over():
                break
            for a in list(game.state.legal_actions())[:1]:
                if a.to_dict()["type"] == "place":
                    game.apply(a)
            if game.state.to_dict()["rolls"] == 0:
                game.apply("roll")
                game.resolve_chance()
            intent = re.search(r"Intent: (.*)", str(game.state)).group(1).strip()
            before = game.state.to_dict()
            game.apply("end")
            after = game.state.to_dict()
            nxt = re.search(r"Intent: (.*)", str(game.state))
            beats = sentinel_beats(before, after, intent, nxt.group(1).strip() if nxt else "")
            kinds = [b.kind for b in beats]
            assert kinds == sorted(kinds, key=order.index) and "blow" in kinds
            last = beats[-1]
            assert last.enemy["hp"] == after["enemy"]["hp"] and last.player["hp"] == after["player"]["hp"]
            game.resolve_chance()


def test_the_hud_shows_a_roll_only_when_the_dice_settle(client_app):
    view = start(client_app)
    log_before = list(client_app.hud._log_lines)
    client_app.hud.press("action:Roll the dice")
    in_air = 0
    for _ in range(300):
        client_app.step()
        if client_app.animating and client_app.session.state.to_dict()["dice"]["number"] is not None \
                and view.shown_dice.get("number") is None:
            in_air += 1
            assert "rolling" in client_app.hud.info.getText()
            assert not any(line.startswith("Dice:") for line in client_app.hud._log_lines[len(log_before):])
            assert "Rolling" not in client_app.hud.status.getText() or "dice" in client_app.hud.status.getText()
        if not client_app.animating and not client_app.session.at_chance():
            break
    assert in_air > 10                                   # the dice really tumbled for a while
    client_app.run_until_idle()
    dice = client_app.session.state.to_dict()["dice"]
    assert f"Dice: {dice['number']} / {dice['element']}" in client_app.hud.info.getText()
    assert f"Dice: {dice['number']} / {dice['element']}" in client_app.hud._log_lines


# -- the hover line --------------------------------------------------------------------------------------------
class FakeMouse:
    """A mouse resting over the table (offscreen windows have none)."""

    def __init__(self, real) -> None:
        self.real = real

    def has_mouse(self) -> bool:
        return True

    def is_over_region(self) -> bool:
        return False

    def get_mouse(self):
        from panda3d.core import Point2

        return Point2(0, 0)

    def __getattr__(self, name):
        return getattr(self.real, name)


def test_hover_text_is_recomputed_after_placing_a_card(client_app, monkeypatch):
    view = start(client_app)
    name = sorted(view.hand_cards)[0]
    slot = next(d["slot"] for d in (a.to_dict() for a in client_app.session.legal_actions())
                if d["type"] == "place" and d["card"] == name)
    monkeypatch.setattr(client_app.base, "mouseWatcherNode", FakeMouse(client_app.base.mouseWatcherNode))
    monkeypatch.setattr(client_app.picker, "pick_at", lambda x, y: f"cslot:{slot}")
    client_app.step(12)
    assert client_app.hud.tip.getText().startswith(f"Slot {slot}: empty")
    view.hand_cards[name].frame["command"]()
    client_app.click_key(f"cslot:{slot}")
    client_app.run_until_idle()
    client_app.step(12)
    tip = client_app.hud.tip.getText()
    assert tip.startswith(f"Slot {slot}: {name}"), tip


# -- words, not notation -------------------------------------------------------------------------------------
NOTATION = re.compile(r">|_|^[a-z]|^\w+( \d+)+$|\b(lash|stone|blast|exhaust|redirect|fortify|move) \d")


@pytest.mark.parametrize("variant", combat.variant_ids())
def test_no_combat_button_label_is_notation(variant):
    """Every decision met in seeded random fights is labelled in words, never the engine's notation."""
    from triptych.client3d.views.combat_words import action_label

    rng = random.Random(variant)
    seen = 0
    for seed in range(3):
        state = combat.new_game(variant, seed=seed)
        for _ in range(120):
            if state.is_terminal():
                break
            if state.to_move == -1 or str(state.to_move) == "-1" or state.chance_outcomes():
                state.play_chance()
                continue
            d = state.to_dict()
            for action in state.legal_actions():
                data = action.to_dict()
                text = action_label(variant, data, rolled=bool(d["rolls"]))
                assert text != str(action) and not NOTATION.search(text), (variant, str(action), text)
                seen += 1
            state.apply(rng.choice(list(state.legal_actions())))
    assert seen > 50


def test_the_buttons_on_the_table_say_words(client_app):
    view = start(client_app, "v07")
    client_app.hud.press("action:Roll the dice")
    client_app.run_until_idle()
    labels = [k[7:] for k in client_app.hud.buttons if k.startswith("action:")]
    assert labels
    for text in labels:
        assert not NOTATION.search(text), text
    assert all(view.describe(a, a.to_dict()) in labels for a in client_app.session.legal_actions()[:40])


# -- the help --------------------------------------------------------------------------------------------------
LEAKS = re.compile(r"`|\*|\{|\}|new_game|Error|params|matched_mask|test|JSON|to_dict|\[\w+\]|_")


@pytest.mark.parametrize("variant", combat.variant_ids())
def test_each_variant_has_a_players_help_page(variant):
    from triptych.client3d.help_pages import help_page

    page = help_page("combat", variant)
    body = page.split("\n", 3)[3]                           # after the title and the controls
    assert not LEAKS.search(body), LEAKS.search(body)
    info = next(v for v in combat.VARIANTS if v["id"] == variant)
    assert f"{variant.upper()} - {info['name']}" in page
    assert "Block" in page and "Weak" in page                 # the shared fight is there too
    own = body.split(f"{variant.upper()} - ")[1].split("The fight (every variant)")[0]
    assert len(own.strip().splitlines()) >= 4                 # and the variant's own rules, first
