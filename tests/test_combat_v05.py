"""V05 Sangam: the four outcomes on the wheel, board verbs, HOLD, Brace, energy, Akasha."""

from __future__ import annotations

import pytest

import triptych
import triptych.combat as combat
from combat_helpers import draw, enemy, enemy_hp, fight, hand, notations, player, roll, slots

V = "v05"


def edit(s, fn):
    data = s.to_dict()
    fn(data)
    return combat.State.from_dict(data)


def counters(s):
    return s.to_dict()["counters"]


def test_pure_same_element_doubles():
    s = fight(V, ["lash"])
    s.apply("lash>1")
    roll(s, 1, "agni")
    s.apply("end")
    assert enemy_hp(s) == 65 - 14 and player(s)["hp"] == 43


def test_blank_element_is_pure():
    s = fight(V, ["stone"])
    s.apply("stone>1")
    roll(s, 1, "blank")
    s.apply("end")
    assert player(s)["hp"] == 50 and player(s)["block"] == 0   # 12 Block soaked the 7


def test_feed_agni_burns_and_escalates_forever():
    """F-R8, V05-R6."""
    s = fight(V, ["stone", "lash"])
    s.apply("stone>1")
    roll(s, 1, "agni")                     # Agni feeds Prithvi
    s.apply("end")
    assert player(s)["hp"] == 49
    assert enemy_hp(s) == 62 and enemy(s)["burn"] == 3 and enemy(s)["burn_turns"] == 2
    assert counters(s)["escalation"] == 1
    draw(s, "lash")
    s.apply("lash>1")
    roll(s, 1, "agni")
    s.apply("end")
    assert enemy_hp(s) == 62 - 15 - 3      # PURE 14 + 1 escalation, then Burn


def test_feed_vayu_rotates_every_card_right_with_wrap():
    s = fight(V, ["lash", "stone", "gale"])
    s.apply("lash>1")
    s.apply("stone>2")
    s.apply("gale>4")
    roll(s, 1, "vayu")                     # Vayu feeds Agni
    s.apply("end")
    assert enemy_hp(s) == 58
    assert slots(s) == ["Gale", None, "Stoneskin", None]


def test_feed_jal_swaps_debuffs():
    """V05-R8."""
    s = fight(V, ["gale"])
    s.apply("gale>1")
    roll(s, 1, "jal")                      # Jal feeds Vayu
    s = edit(s, lambda d: d["player"].update(weak=3, vulnerable=1))
    s.apply("end")
    draw(s, "lash")                        # Gale's draw
    assert enemy(s)["weak"] == 2 and enemy(s)["vulnerable"] == 0   # moved, then ticked on its turn
    assert player(s)["weak"] == 0 and player(s)["hp"] == 50 - 5    # 7 x 0.75


def test_feed_prithvi_holds_next_turn():
    """V05-R5."""
    s = fight(V, ["undertow", "lash"])
    s.apply("undertow>1")
    roll(s, 1, "prithvi")                  # Prithvi feeds Jal
    s.apply("end")
    assert counters(s)["hold_active"] == 1 and counters(s)["hold_pending"] == 0   # turn 2 has begun
    draw(s, "lash")
    s.apply("lash>1")
    roll(s, 1, "jal")                      # CLASH under HOLD: nothing is destroyed
    s.apply("end")
    assert s.to_dict()["piles"]["discard"].get("Ember Lash") == 1
    assert s.to_dict()["piles"].get("exhaust") == {}
    draw(s, "stone")
    assert s.energy == 2                   # no clash refund: no card was destroyed


def test_hold_keeps_block_from_decaying():
    """V05-R5."""
    s = fight(V, ["lash"])
    s = edit(s, lambda d: (d["counters"].update(hold_active=1), d["player"].update(block=10)))
    roll(s, 4, "blank")
    s.apply("end")
    assert player(s)["block"] == 3


def test_hold_stops_conversion_and_rotation():
    """V05-R5."""
    s = fight(V, ["gale", "lash"])
    s.apply("gale>1")
    s.apply("lash>2")
    s = edit(s, lambda d: d["counters"].update(hold_active=1))
    roll(s, 1, "agni")                     # SMOTHER, but nothing converts
    s.apply("end")
    draw(s, "stone")
    assert slots(s)[0] == "Gale"


def test_smother_halves_and_converts_in_place():
    s = fight(V, ["gale"])
    s.apply("gale>1")
    roll(s, 1, "agni")                     # Vayu feeds Agni: Agni onto Vayu is backwards
    s.apply("end")
    assert enemy_hp(s) == 63
    assert slots(s)[0] == "Gale:agni"
    draw(s, "lash")                        # Gale's rider
    draw(s, "lash")
    roll(s, 1, "agni")                     # now the same element: PURE
    s.apply("end")
    assert enemy_hp(s) == 63 - 8
    assert s.to_dict()["piles"]["discard"] == {"Gale:agni": 1}
    assert s.cards_conserved()


def test_clash_destroys_recoils_and_refunds_two_energy_next_turn():
    """V05-R1."""
    s = fight(V, ["lash"])
    s.apply("lash>1")
    roll(s, 1, "jal")                      # Agni and Jal are across the wheel
    s.apply("end")
    assert enemy_hp(s) == 58
    assert s.to_dict()["piles"]["exhaust"] == {"Ember Lash": 1}
    assert player(s)["hp"] == 50 - 3 - 7
    draw(s, "stone")
    assert s.energy == 4


def test_blank_number_lands_leftmost_and_empty_board_draws():
    """V05-R2."""
    s = fight(V, ["lash", "stone"])
    s.apply("stone>3")
    s.apply("lash>4")
    roll(s, "blank", "agni")
    s.apply("end")
    assert slots(s) == [None, None, None, "Ember Lash"]   # FEED on Stoneskin at slot 3
    s = fight(V, ["lash"])
    roll(s, "blank", "agni")
    s.apply("end")
    draw(s, "stone")                       # the draw instead of a confluence
    draw(s, "stone")                       # turn 2
    assert hand(s) == {"Ember Lash": 1, "Stoneskin": 2}


def test_income_two_and_rerolls_escalate():
    s = fight(V, ["lash"], params={"base_income": 7})
    assert s.energy == 7
    costs = []
    for _ in range(4):
        before = s.energy
        roll(s, 1, "blank")
        costs.append(before - s.energy)
    assert costs == [1, 1, 2, 3]
    assert "roll" not in notations(s)      # the next costs 4
    assert fight(V, ["lash"]).energy == 2


def test_brace_forces_pure_through_rerolls():
    """V05-R7."""
    s = fight(V, ["lash"], params={"base_income": 4})
    s.apply("lash>1")
    roll(s, 1, "jal")
    s.apply("brace")
    assert "brace" not in notations(s)
    roll(s, 1, "vayu")                     # the Brace stays paid
    s.apply("end")
    assert enemy_hp(s) == 65 - 14 and s.to_dict()["piles"]["exhaust"] == {}


def test_shunya_cannot_react_it_fires_plain_even_braced():
    """V05-R4: played after the roll, Shunya fires x1 at once and the pending (Braced) confluence never resolves."""
    s = fight(V, ["lash"], params={"base_income": 3})
    s = edit(s, lambda d: (d.update(gated=True), d["piles"]["hand"].update({"Shunya": 1}), d["enemy"].update(hp=30)))
    assert "shunya>1" not in notations(s) and "shunya" not in notations(s)
    s.apply("lash>1")
    roll(s, 1, "prithvi")
    s.apply("brace")
    s.apply("shunya")
    s.apply("end")
    assert enemy_hp(s) == 24 and player(s)["hp"] == 50 - 1   # deal 6, gain 6 Block, x1; the Lash never fired
    assert slots(s)[0] == "Ember Lash"
    assert s.to_dict()["piles"]["discard"] == {"Shunya": 1}


def test_shunya_in_a_slot_or_a_void_with_a_coloured_die_is_refused():
    """V05-R4: from_dict refuses Shunya on the board and a Void beside a rolled colour."""
    s = fight(V, ["lash"])
    data = s.to_dict()
    data["gated"] = True
    data["slots"][0]["card"] = "Shunya"
    with pytest.raises(triptych.InvalidStateError, match="Shunya"):
        combat.State.from_dict(data)
    s.apply("lash>1")
    roll(s, 1, "agni")
    data = s.to_dict()
    data["counters"]["void"] = 1
    with pytest.raises(triptych.InvalidStateError, match="void"):
        combat.State.from_dict(data)


def test_gate_adds_shunya_once():
    s = fight(V, ["lash", "lash"], params={"enemy_hp": 28})
    s.apply("lash>1")
    roll(s, 1, "agni")
    s.apply("end")
    assert enemy_hp(s) == 14 and s.to_dict()["gated"]
    draw(s, "stone")
    assert hand(s)["Shunya"] == 1 and s.cards_conserved()


def test_sentinel_numbers():
    s = fight(V, [])
    hps = []
    for card in ["lash", "lash", "stone", "stone"]:
        roll(s, 1, "blank")
        s.apply("end")
        hps.append(player(s)["hp"])
        draw(s, card)
    assert hps == [43, 36, 24, 20] and enemy(s)["block"] == 8


def test_number_on_an_empty_slot_is_no_confluence():
    """V05-R3."""
    s = fight(V, ["lash"])
    s.apply("lash>1")
    roll(s, 3, "agni")
    s.apply("end")
    assert enemy_hp(s) == 65 and slots(s)[0] == "Ember Lash"
