"""Client usability (issue #19): a HUD that holds at every size, fixed button places, guards, threats,
summaries, tooltips and reasons, the help page's font. Offscreen, through the handlers a click runs."""

from __future__ import annotations

import itertools
import json

import pytest

import triptych.combat as combat
import triptych.hexfleet as hexfleet
from client_helpers import click_node, load_position, start_busy_game
from conftest import A, I, position

pytest.importorskip("panda3d.core", reason="panda3d cannot load here")

SIZES = [(800, 600), (900, 600), (700, 800), (1024, 768), (1280, 800), (1920, 1080), (2560, 1440)]


def overlap(a, b, eps=1e-3) -> bool:
    return a[0] < b[1] - eps and b[0] < a[1] - eps and a[2] < b[3] - eps and b[2] < a[3] - eps


def busy_hud(app, game):
    """A game with everything the HUD can show at once: status, info, action buttons and a title, a log."""
    start_busy_game(app, game, roll=True)
    app.session.note("A note to the player that is rather long, to see that it wraps inside its own column")
    app.refresh()
    if app.selected is None and game != "combat":
        app.select(sorted(app.sources)[0])


@pytest.mark.parametrize("game", ["aquaignis", "hexfleet", "combat"])
def test_hud_regions_never_overlap_from_800x600_to_2560x1440(client_app, game):
    from triptych.client3d.hud import extent_of

    busy_hud(client_app, game)
    for size in SIZES:
        regions = client_app.hud.regions(size)
        X, Y = extent_of(*size)                # aspect2d's extent in a window of that size
        assert {"toolbar", "status", "info", "log", "hint", "actions"} <= set(regions), (size, set(regions))
        for name, (l, r, b, t) in regions.items():
            assert -X - 1e-3 <= l < r <= X + 1e-3 and -Y - 1e-3 <= b < t <= Y + 1e-3, (size, name)
        for (n1, r1), (n2, r2) in itertools.combinations(regions.items(), 2):
            assert not overlap(r1, r2), f"{game} at {size}: {n1} {r1} overlaps {n2} {r2}"
        board = client_app.hud.board_rect
        assert board[1] - board[0] > 0.6 and board[3] - board[2] > 0.6, (size, board)  # the table keeps room
        for name, region in regions.items():
            assert not overlap(board, region), f"{game} at {size}: {name} covers the table"
        text = client_app.hud._bounds(client_app.hud.log_text)
        log = regions["log"]
        assert log[0] <= text[0] and text[1] <= log[1] and log[2] <= text[2] and text[3] <= log[3], size


def test_the_table_is_drawn_inside_the_space_the_hud_leaves(client_app):
    from triptych.client3d.picking import screen_point

    client_app.start_game("aquaignis")
    client_app.run_until_idle()
    client_app.step(3)
    X, Y = client_app.hud.extent()
    left, right, bottom, top = client_app.hud.board_rect
    for flow in (1, 7):
        for pos in (0, 6):
            x, y = screen_point(client_app.base, client_app.view.nodes[f"slot:{flow}:{pos}"])
            assert left <= x * X <= right and bottom <= y * Y <= top, (flow, pos)


def places_by_kind(app):
    return {app.session.legal_actions and text.split(" ")[0]: place
            for text, place in app.hud.action_places().items()}


def test_aquaignis_each_action_kind_keeps_its_button_place(client_app, tmp_path):
    """Defect 5: Spawn|Charge|Advance on the entry, Charge|Advance|Barrier above: a click meant to charge advanced."""
    state = position(A(3, 0, 1), A(4, 2, 1), I(5, 5, 1))
    load_position(client_app, tmp_path, state)
    view = client_app.view
    click_node(client_app, view.units[(3, 0)])
    entry = places_by_kind(client_app)
    click_node(client_app, view.units[(4, 2)])
    above = places_by_kind(client_app)
    assert {"Spawn", "Charge", "Advance"} <= set(entry) and {"Charge", "Advance", "Barrier"} <= set(above)
    assert entry["Charge"] == above["Charge"] and entry["Advance"] == above["Advance"]


def test_v07_buttons_do_not_move_after_blast(client_app):
    client_app.options.seed = 4
    client_app.start_game("combat", "v07")
    client_app.run_until_idle()
    before = client_app.hud.action_places()
    blast = "Blast: spend the Wick as damage"
    assert blast in before
    client_app.hud.press("action:" + blast)
    client_app.run_until_idle()
    after = client_app.hud.action_places()
    for text in set(before) & set(after):
        assert before[text] == after[text], text


def test_new_and_load_ask_before_discarding_a_game(client_app, tmp_path):
    client_app.start_game("aquaignis")
    client_app.run_until_idle()
    client_app.hud.press("New")                      # nothing played yet: no question
    assert client_app.hud.dialog is None
    client_app.play_action("N1")
    client_app.run_until_idle()
    played = client_app.session.state.hash
    client_app.hud.press("New")
    assert client_app.hud.dialog is not None and client_app.session.state.hash == played
    client_app.hud.press("dialog:Cancel")
    assert client_app.hud.dialog is None and client_app.session.state.hash == played
    client_app.hud.press("New")
    client_app.base.messenger.send("escape")          # Escape cancels too
    assert client_app.hud.dialog is None and client_app.session.state.hash == played
    # Load: a Hexfleet save opened in AquaIgnis is refused in a whole sentence, the game untouched.
    path = tmp_path / "hex.json"
    path.write_text(json.dumps(hexfleet.new_game().to_dict()))
    client_app.options.save_path = path
    client_app.hud.press("Load")
    assert client_app.hud.dialog is not None
    client_app.hud.press("dialog:Discard")
    client_app.hud.press("dialog:Open")               # the file dialog, on that file
    assert client_app.hud.message.getText() == "This file is a Hexfleet game; open it from Hexfleet."
    assert client_app.session.state.hash == played
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    client_app.load(bad)
    client_app.hud.press("dialog:Discard")
    assert client_app.hud.message.getText() == "bad.json is not a saved game (it is not the engine's JSON)."
    client_app.hud.press("New")
    client_app.hud.press("dialog:Discard")
    assert client_app.session.state.to_dict()["pieces"] == []


def test_menu_can_be_dismissed_and_hides_what_does_nothing_there(client_app):
    client_app.start_game("hexfleet")
    client_app.run_until_idle()
    state = client_app.session.state.hash
    for close in ("escape", "cancel", "click outside"):
        client_app.hud.press("Menu")
        assert client_app.start_screen is not None
        assert not client_app.hud.tool_shown("Undo") and not client_app.hud.tool_shown("Save")
        assert client_app.hud.tool_shown("New") and client_app.hud.tool_shown("Help")
        if close == "escape":
            client_app.base.messenger.send("escape")
        elif close == "cancel":
            client_app.start_screen.buttons["cancel"]()
        else:
            client_app.on_click()                      # the offscreen mouse is over no button: outside the menu
        assert client_app.start_screen is None and client_app.session.state.hash == state
        assert client_app.hud.tool_shown("Undo") and client_app.hud.tool_shown("Save")


def test_combat_start_screen_offers_no_hotseat_or_ai_strength(client_app):
    client_app.hud.press("Menu")
    screen = client_app.start_screen
    while screen.choice["game"] != "combat":
        screen.buttons["game"]()
    assert "variant" in screen.buttons
    assert not {"mode", "level", "first"} & set(screen.buttons)
    assert all(screen.rows[r].is_hidden() for r in ("mode", "level", "first"))
    while screen.choice["game"] != "aquaignis":
        screen.buttons["game"]()
    assert {"mode", "first"} <= set(screen.buttons) and "variant" not in screen.buttons
    client_app.close_start_screen()


def test_a_ship_on_your_core_raises_a_warning(client_app, tmp_path):
    import random

    from triptych.events import threats
    from triptych.timeline import Timeline

    for seed in range(60):
        game, rng = Timeline(hexfleet.new_game()), random.Random(seed)
        while not game.is_over() and not threats(game.state) and len(game.steps) < 200:
            game.apply(rng.choice(game.state.legal_actions()))
        if threats(game.state):
            break
    client_app.start_game("hexfleet")
    load_position(client_app, tmp_path, game.state)
    client_app.refresh()
    text = client_app.hud.threat.getText()
    assert text.startswith("Warning: ") and "Core" in text and "wins at the start of its next turn" in text
    assert client_app.hud.threat.getText().startswith("Warning") and "info" in client_app.hud.regions()  # drawn in the info panel


def test_game_over_says_who_won_how_and_the_numbers(client_app, tmp_path):
    client_app.start_game("aquaignis")
    load_position(client_app, tmp_path, position(A(1, 6, 1), I(5, 5, 1), score=(3, 0)))
    click_node(client_app, client_app.view.units[(1, 6)])
    client_app.hud.press("action:Advance (flow 1, pos 6)")
    client_app.run_until_idle()
    sub = client_app.hud.banner_sub.getText()
    assert "AQUA wins with 4 breakthroughs" in sub and "decision" in sub and "Breakthroughs AQUA 4 - IGNIS 0" in sub
    assert client_app.session.log[-1] == "AQUA wins with 4 breakthroughs"


def test_hover_says_what_a_button_would_do_and_an_illegal_click_says_why(client_app, tmp_path):
    client_app.start_game("aquaignis")
    load_position(client_app, tmp_path, position(A(3, 2, 3), I(3, 3, 1), I(5, 5, 1)))
    view = client_app.view
    click_node(client_app, view.units[(3, 2)])
    tip = client_app.hud.tooltips["action:Advance (flow 3, pos 2)"]
    assert "Clash at 3.3: IGNIS's piece (charge 1) is destroyed" in tip        # the clash it would produce
    assert "IGNIS" in client_app.tooltip_for("slot:3:3") or client_app.tooltip_for("slot:3:3")
    client_app.deselect()
    click_node(client_app, view.units[(5, 5)])                                  # IGNIS's piece on AQUA's turn
    assert client_app.hud.message.getText() == "That is IGNIS's unit: it is AQUA's turn."


def test_combat_buttons_and_cards_explain_cost_and_effect(client_app):
    client_app.options.seed = 11
    client_app.start_game("combat", "v02")
    client_app.run_until_idle()
    assert "cost" in client_app.hud.tooltips["action:Roll the dice"]
    place = next(k for k in client_app.hud.tooltips if " to slot " in k)
    assert "pairing" in client_app.hud.tooltips[place]
    card = next(k for k in client_app.view.nodes if k.startswith("card:"))
    assert card.split(":", 1)[1] in client_app.tooltip_for(card)


def test_v07_counters_are_words():
    from triptych.client3d.views.combat_view import counters_text

    text = counters_text({"colour": 5, "colourless": 4, "repaint": 1, "floor": 0})
    assert text == "Wick colour: colourless, colourless charge 4, a rolled colour waits for Repaint or Hold"


@pytest.mark.parametrize("game,variant", [("aquaignis", None), ("hexfleet", None), ("combat", "v02"),
                                          ("combat", "v07")])
def test_help_is_the_players_page_and_its_font_has_every_character(client_app, game, variant):
    from triptych.client3d.fonts import has_glyph
    from triptych.client3d.help_pages import help_page

    page = help_page(game, variant)
    assert "Rejected reading" not in page and "## Rulings" not in page
    if variant:
        assert f"Combat - {variant.upper()}" in page
    client_app.options.game, client_app.options.variant = game, variant
    client_app.toggle_help()
    try:
        shown = "\n".join(client_app.hud._help_lines)
        missing = {ch for ch in shown if not has_glyph(client_app.hud.font, ch)}
        assert not missing
        if game == "hexfleet":
            assert "\u2212" in shown       # (+1,−1): the minus sign that rendered as a box
    finally:
        client_app.hud.toggle_help()


def test_the_log_scrolls_and_loses_undone_moves(client_app):
    import random

    rng = random.Random(2)
    client_app.start_game("aquaignis")
    while len(client_app.session.log) < client_app.hud._log_capacity + 6:
        client_app.play_action(rng.choice(client_app.session.legal_actions()))
        client_app.run_until_idle()
    hud = client_app.hud
    newest = hud.visible_log()
    hud.press("log:Older")
    assert hud.visible_log() != newest and hud.visible_log()[0] in client_app.session.log
    hud.press("log:Newer")
    assert hud.visible_log() == newest
    lines = len(client_app.session.log)
    client_app.hud.press("Undo")
    client_app.refresh()
    assert len(client_app.session.log) < lines and hud.visible_log()[-1] == client_app.session.log[-1]


def contrast(a, b) -> float:
    """WCAG contrast ratio of two colours (0..1 RGB)."""
    def lum(c):
        ch = [x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4 for x in c[:3]]
        return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2]
    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_link_markers_are_readable_and_the_two_crowns_differ():
    from triptych.client3d.views.aquaignis_view import CROWN_COLORS, LINK_TEXT, link_color

    for owner in (0, 1):
        assert contrast(LINK_TEXT, link_color(owner)) >= 4.5      # "link 2" white on salmon was unreadable
    assert contrast(CROWN_COLORS[0], CROWN_COLORS[1]) > 1.0 and CROWN_COLORS[0] != CROWN_COLORS[1]


def test_v07_wick_never_grows_into_slot_1(client_app):
    d = combat.new_game("v07", seed=1)
    d.play_chance()
    data = d.to_dict()
    data["energy"] = 40
    data["counters"]["colourless"] = 40
    client_app.start_game("combat", "v07")
    client_app.session.timeline.reset(combat.State.from_dict(data))
    client_app.view.build(client_app.session.state)
    wick = client_app.view.nodes["wick"]
    assert wick.get_tag("charge") == "40"                            # the charge is written beside it
    lo, hi = wick.get_tight_bounds(client_app.view.root)
    slo, shi = client_app.view.nodes["cslot:1"].get_tight_bounds(client_app.view.root)
    assert hi.x < slo.x and hi.z < 4                                 # it stays left of slot 1, a candle's height