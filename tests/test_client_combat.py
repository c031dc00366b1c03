"""The 3D client playing Combat offscreen: cards by click, dice landing on the engine's outcome, buttons."""

from __future__ import annotations

import pytest

import triptych.combat as combat
from client_helpers import click_node

pytest.importorskip("panda3d.core", reason="panda3d cannot load here")


def start(app, variant="v02"):
    app.options.seed = 11
    app.start_game("combat", variant)
    app.run_until_idle()
    return app.view


def test_opening_hand_is_dealt_as_cards_on_the_table(client_app):
    view = start(client_app)
    hand = client_app.session.state.to_dict()["piles"]["hand"]
    assert sum(hand.values()) == 5
    assert len(view.cards2d) == 5                      # drawn flat in the hand band, one face per card
    assert sorted(c.name for c in view.cards2d) == sorted(n for n, k in hand.items() for _ in range(k))
    assert set(view.hand_cards) == set(hand)


def test_click_a_card_then_a_highlighted_slot_places_it(client_app):
    view = start(client_app)
    name = sorted(view.hand_cards)[0]
    view.hand_cards[name].frame["command"]()          # what a click on the card in the hand runs
    assert client_app.selected == f"card:{name}"
    state = client_app.session.state
    places = {f"cslot:{d['slot']}" for d in (a.to_dict() for a in state.legal_actions())
              if d["type"] == "place" and d["card"] == name}
    assert set(client_app.targets) == places and places
    slot = sorted(places)[0]
    click_node(client_app, client_app.view.nodes[slot], (0.9, 1.2, 0.05))  # the slot's rim, beside any card
    client_app.run_until_idle()
    n = int(slot.split(":")[1])
    assert client_app.session.state.to_dict()["slots"][n - 1]["card"] == name
    assert f"slotcard:{n}" in client_app.view.nodes


def test_each_die_tumbles_onto_the_face_asked_for(client_app):
    view = start(client_app)
    for die in view.dice:
        for face in sorted(set(die.faces)):
            ival = die.tumble(face)
            ival.start()
            client_app.step(3)
            ival.finish()
            assert die.face_up() == face


def test_rolling_shows_the_engine_outcome_on_the_dice(client_app):
    start(client_app)
    client_app.hud.press("action:Roll the dice")
    assert client_app.session.at_chance() or client_app.animating
    client_app.run_until_idle()
    dice = client_app.session.state.to_dict()["dice"]
    number, element = client_app.view.dice
    assert number.face_up() == str(dice["number"]) and element.face_up() == str(dice["element"])
    assert f"Dice: {dice['number']} / {dice['element']}" in client_app.session.log
    # Only the rolled faces are marked: nothing else on the dice can be read as the result.
    assert number.visible_faces() == [str(dice["number"])] and element.visible_faces() == [str(dice["element"])]


@pytest.mark.parametrize("variant", combat.variant_ids())
def test_every_variant_is_drawn_with_its_slots_hand_and_buttons(client_app, variant):
    view = start(client_app, variant)
    assert all(f"cslot:{i}" in view.nodes for i in (1, 2, 3, 4))
    legal = client_app.session.legal_actions()
    offered = {k for k in client_app.hud.buttons if k.startswith("action:")}
    labels = {"action:" + view.describe(a, a.to_dict()) for a in legal}
    assert offered <= labels and len(offered) == min(40, len(labels))
    # Every decision that has no card to click (roll, end, the variant's verbs) has its button.
    assert {"action:" + view.describe(a, a.to_dict()) for a in legal if a.to_dict()["type"] != "place"} <= offered


def test_a_whole_fight_with_buttons_alone(client_app):
    """Place a card when possible, roll once, then end the turn: every decision through the buttons."""
    start(client_app, "v01")
    client_app.options.anim_speed = 8.0
    try:
        for _ in range(400):
            if client_app.session.is_over():
                break
            labels = [k for k in client_app.hud.buttons if k.startswith("action:")]
            assert labels, "a decision is pending but no button offers it"
            rolled = client_app.session.state.to_dict()["rolls"] > 0
            pick = next((k for k in labels if " to slot " in k), None) \
                or (None if rolled else next((k for k in labels if k.startswith("action:Roll")), None)) \
                or next((k for k in labels if k == "action:End turn"), labels[0])
            client_app.hud.press(pick)
            client_app.run_until_idle()
        assert client_app.session.is_over()
        assert not client_app.hud.banner.is_hidden()
        assert client_app.hud.banner_text.getText() in ("You win", "Sentinel wins", "Draw")
    finally:
        client_app.options.anim_speed = 1.0


def test_undo_never_rerolls_the_dice(client_app):
    """Defect 1: roll, Undo twice, roll again gave a new result for free. A roll is final now."""
    start(client_app)
    client_app.hud.press("action:Roll the dice")
    client_app.run_until_idle()
    rolled = client_app.session.state.clone()
    assert rolled.to_dict()["dice"]["number"] is not None
    for _ in range(2):
        client_app.hud.press("Undo")
        client_app.run_until_idle()
    assert client_app.session.state.hash == rolled.hash          # the roll and what it cost stay
    assert "final" in client_app.hud.message.getText()           # and the player is told why
    assert client_app.human_turn()


def test_undo_takes_back_a_placement_and_removes_it_from_the_log(client_app):
    start(client_app, "v01")
    rolled = client_app.session.state.clone()
    place = next(k for k in client_app.hud.buttons if " to slot " in k)
    client_app.hud.press(place)
    client_app.run_until_idle()
    assert client_app.session.state.hash != rolled.hash
    log_before = list(client_app.session.log)
    client_app.hud.press("Undo")
    assert client_app.session.state.hash == rolled.hash
    assert len(client_app.session.log) < len(log_before)          # the undone placement left the log
    assert not any(line.startswith("You place") for line in client_app.session.log[-2:])


def test_dice_show_nothing_before_the_roll_and_blank_reads_blank(client_app):
    """Defect 2: unrolled dice showed 1/AGNI; a blank roll let a side face (AGNI, "1") read as the result."""
    view = start(client_app)
    assert view.dice[0].visible_faces() == [] and view.dice[1].visible_faces() == []
    assert "not rolled" in client_app.hud.info.getText()
    state = client_app.session.state.to_dict()
    client_app.hud.press("action:Roll the dice")
    client_app.settle()
    while not client_app.session.at_chance():
        client_app.step()
    blank = next(o for o, _ in client_app.session.state.chance_outcomes()
                 if o.to_dict()["number"] == "blank" and o.to_dict()["element"] == "blank")
    client_app._play(client_app.session.timeline.play_chance(blank))
    client_app.run_until_idle()
    number, element = client_app.view.dice
    assert number.face_up() == "blank" and element.face_up() == "blank"
    assert number.visible_faces() == ["blank"] and element.visible_faces() == ["blank"]
    assert state["dice"]["number"] is None


def test_marks_are_token_stacks_and_the_intent_a_banner(client_app):
    """Every slot mark and fighter status of the engine's state is a token stack with its number; the
    Sentinel's telegraphed intent stands on a banner in the side panel."""
    start(client_app, "v02")
    d = client_app.session.state.to_dict()
    d["player"]["weak"], d["enemy"]["block"], d["enemy"]["burn"] = 2, 5, 3
    d["slots"][1]["charged"], d["slots"][3]["doused"] = 1, 1
    client_app.session.timeline.reset(combat.State.from_dict(d))
    client_app.view.build(client_app.session.state)
    state = client_app.session.state
    d = state.to_dict()
    view = client_app.view
    for i, slot in enumerate(d["slots"]):
        drawn = {n.get_tag("mark"): int(n.get_tag("value")) for n in view.marks[f"slot:{i + 1}"]}
        assert drawn == {k: int(v) for k, v in slot.items() if k != "card" and v}
    for side in ("player", "enemy"):
        f = d[side]
        expected = {k: f[k] for k in ("weak", "vulnerable", "burn", "strength", "dexterity") if f[k]}
        if f["block"] + f["standing_block"]:
            expected["block"] = f["block"] + f["standing_block"]
        assert {n.get_tag("mark"): int(n.get_tag("value")) for n in view.marks[side]} == expected
    assert any(view.marks.values()), "the fight left no mark to draw: choose another line"
    intent = next(line.split("Intent:", 1)[1].strip() for line in str(state).splitlines() if "Intent:" in line)
    assert view.intent == intent
    shown = [t.getText() for t in view.panel.texts]
    assert f"Next: {intent.partition(' (then ')[0]}" in shown


def test_cards_fly_to_the_piles_the_engine_put_them_in():
    from triptych.client3d.combat_props import pile_moves
    from triptych.timeline import Timeline

    game = Timeline(combat.new_game("v01", seed=2), seed=2)
    game.resolve_chance()
    place = next(a for a in game.state.legal_actions() if a.to_dict()["type"] == "place")
    game.apply(place)
    game.apply("roll")
    game.resolve_chance()
    before = game.state.to_dict()
    game.apply("end")
    game.resolve_chance()                 # the Sentinel acts, the next hand is drawn
    after = game.state.to_dict()
    moves = pile_moves(before, after)
    assert moves                          # V01 keeps the slotted card; the next turn's draw flies to the hand
    for card, origin, dest in moves:      # every flight ends where the engine has one more of that card
        assert after["piles"][dest].get(card, 0) > before["piles"][dest].get(card, 0)
        assert origin == "draw" and dest == "hand"
    # A card leaving a slot for the exhaust pile, another the hand for the discard pile.
    empty = {"card": None}
    before = {"slots": [{"card": "Gale"}, empty, empty, empty],
              "piles": {"hand": {"Undertow": 1}, "draw": {}, "discard": {}, "exhaust": {}}}
    after = {"slots": [empty] * 4, "piles": {"hand": {}, "draw": {}, "discard": {"Undertow": 1}, "exhaust": {"Gale": 1}}}
    assert sorted(pile_moves(before, after)) == [("Gale", "slot:1", "exhaust"), ("Undertow", "hand", "discard")]
