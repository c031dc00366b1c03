"""V07 One Wick: every rule of the spec, with dice and draws set through chance outcomes."""

from __future__ import annotations

import triptych.combat as combat
from combat_helpers import draw, enemy, enemy_hp, fight, hand, notations, player, roll, slots

V = "v07"
AGNI, JAL, VAYU, PRITHVI, BLANK = 0, 1, 2, 3, 5


def wick(s):
    c = s.to_dict()["counters"]
    return s.energy, c["colour"], c["colourless"]


def painted(s, number, element):
    """Rolls and accepts the repaint."""
    roll(s, number, element)
    s.apply("repaint")


def test_spec_numbers_are_the_defaults():
    p = next(v for v in combat.VARIANTS if v["id"] == V)["params"]
    assert (p["player_hp"], p["enemy_hp"]) == (50, 75)
    assert (p["ember_lash_damage"], p["undertow_damage"], p["gale_damage"], p["stoneskin_block"]) == (5, 4, 4, 5)
    assert (p["strike_damage"], p["cleave_damage"], p["guard_block"], p["jab_damage"]) == (8, 14, 10, 5)
    assert (p["roll_charge"], p["hold_cost"], p["reroll_cost"], p["prithvi_reroll_cost"]) == (2, 2, 2, 3)
    assert (p["jal_move_cost"], p["jal_swap_cost"], p["jal_redirect_cost"], p["paid_draw_cost"]) == (2, 2, 3, 2)
    assert (p["agni_damage_per_charge"], p["prithvi_floor"], p["exhaust_cost"], p["blank_charge"]) == (2, 3, 1, 1)


def test_the_wick_starts_colourless_with_one_per_empty_slot_and_the_first_roll_is_free():
    """V07-R1: the first roll is free and required. V07-R7: a blank element adds only its +1 colourless."""
    s = fight(V, ["lash"])
    assert wick(s) == (4, BLANK, 4)
    assert "end" not in notations(s) and "lash>1" not in notations(s)
    roll(s, 2, "blank")
    assert wick(s) == (5, BLANK, 5)          # blank: +1 colourless, no repaint, no choice
    assert "end" in notations(s)


def test_a_roll_adds_two_and_offers_repaint_or_hold():
    """V07-R11: the choice comes only when the rolled colour differs from the Wick's."""
    s = fight(V, [])
    roll(s, 2, "agni")
    assert notations(s) == ["repaint", "hold"]
    assert s.energy == 6
    s.apply("repaint")
    assert wick(s) == (6, AGNI, 4)
    roll(s, 3, "jal")                          # reroll 2 from an Agni Wick: an Agni spend (V07-R15)
    assert wick(s) == (2, AGNI, 0) and enemy_hp(s) == 75 - 12   # 6 emptied for 12, then +2
    s.apply("hold")                            # pay 2, keep Agni: again it empties the meter
    assert wick(s) == (0, AGNI, 0) and enemy_hp(s) == 75 - 16


def test_the_number_names_the_only_slot_to_place_into():
    s = fight(V, ["lash", "stone"])
    roll(s, 3, "blank")
    assert sorted(n for n in notations(s) if ">" in n) == ["lash>3", "stone>3"]
    s.apply("lash>3")
    assert not any(">" in n for n in notations(s))


def test_a_blank_number_names_no_slot():
    """V07-R2: a blank number opens no slot for placement."""
    s = fight(V, ["lash"])
    roll(s, "blank", "blank")
    assert not any(">" in n for n in notations(s))


def test_every_card_of_the_wicks_colour_fires_in_slot_order_and_adds_charge():
    s = fight(V, ["lash", "lash", "stone"], params={"reroll_cost": 0})
    painted(s, 1, "agni")
    s.apply("lash>1")
    roll(s, 3, "agni")                         # same colour: no choice; a free reroll spends nothing
    s.apply("lash>3")
    s.apply("end")
    assert enemy_hp(s) == 75 - 10 and slots(s) == [None, None, None, None]
    assert player(s)["hp"] == 42
    # 6 + 2 + 2 fired = 10; Agni hoard +1; 4 empty slots +4.
    draw(s, "gale")
    assert wick(s) == (15, AGNI, 8)


def test_a_colourless_wick_fires_nothing_and_keeps_everything():
    s = fight(V, ["lash"])
    roll(s, 1, "blank")
    s.apply("lash>1")
    s.apply("end")
    draw(s, "gale")
    assert slots(s) == ["Ember Lash", None, None, None]
    assert wick(s) == (5 + 3, BLANK, 8)


def test_agni_spend_empties_the_meter_for_two_damage_per_charge():
    s = fight(V, [])
    painted(s, 1, "agni")
    s.apply("blast")
    assert wick(s) == (0, AGNI, 0) and enemy_hp(s) == 75 - 12


def test_colourless_charge_spends_at_another_colours_rate():
    """V07-R3: off-colour spends draw only on the colourless part."""
    s = fight(V, [])
    painted(s, 1, "jal")                       # 2 Jal + 4 colourless
    s.apply("blast")                           # Agni's rate, colourless only
    assert wick(s) == (2, JAL, 0) and enemy_hp(s) == 75 - 8
    assert "blast" not in notations(s) and "fortify" not in notations(s)


def test_jal_buys_moves_swaps_and_a_redirect_never_damage():
    """V07-R9/V07-R10: the redirect sends this turn's attack into the Sentinel's own Block; what the Block cannot
    take is lost, never damage (the seed: "Jal spends never convert to damage"). Spends may come before the roll."""
    s = fight(V, ["lash", "stone"])
    painted(s, 1, "jal")                       # 6
    s.apply("lash>1")
    s.apply("move 1 3")
    assert slots(s) == [None, None, "Ember Lash", None] and s.energy == 4
    s.apply("redirect")
    assert s.energy == 1
    s.apply("end")
    # The Strike went into the Sentinel's own (empty) Block: the player takes nothing, the Sentinel loses no HP.
    assert player(s)["hp"] == 50 and enemy_hp(s) == 75 and enemy(s)["block"] == 0
    draw(s, "gale")


def test_jal_swap_and_redirect_into_the_guard_block():
    s = fight(V, ["lash", "stone"], params={"reroll_cost": 0})
    painted(s, 1, "jal")
    s.apply("lash>1")
    roll(s, 2, "jal")
    s.apply("stone>2")
    s.apply("swap 1 2")
    assert slots(s)[:2] == ["Stoneskin", "Ember Lash"] and s.energy == 6
    data = s.to_dict()
    data["intent"] = 3                          # Guard (10 Block) then Jab 5
    s = combat.State.from_dict(data)
    s.apply("redirect")
    s.apply("end")
    assert enemy(s)["block"] == 5 and enemy_hp(s) == 75 and player(s)["hp"] == 50


def test_repainting_away_from_jal_costs_two_extra():
    s = fight(V, [])
    painted(s, 1, "jal")
    roll(s, 1, "blank")
    s.apply("end")
    draw(s, "lash")
    assert wick(s) == (6 - 2 + 1 + 4, JAL, 9)
    roll(s, 2, "agni")
    s.apply("repaint")
    assert wick(s) == (9 + 2 - 2, AGNI, 9)


def test_vayu_leaks_cheaper_costs_free_rerolls_and_halves():
    """V07-R6/V07-R12: decay and growth happen at turn start; halving takes the whole Wick."""
    s = fight(V, [])
    painted(s, 1, "vayu")
    roll(s, 2, "vayu")                         # reroll free
    assert s.energy == 8
    s.apply("buy")                             # paid draw 2 - 1
    assert s.energy == 7
    draw(s, "lash")
    draw(s, "lash")
    roll(s, 3, "agni")
    assert "hold" in notations(s)
    s.apply("hold")                            # hold 2 - 1
    assert s.energy == 8
    s.apply("end")
    draw(s, "gale")
    assert wick(s) == (8 // 2 + 4, VAYU, 8)


def test_prithvi_floors_at_three_converts_to_standing_block_and_rerolls_cost_three():
    """V07-R5: a floored Prithvi Wick never drops below 3: spends take only the charge above the floor
    (the seed: "Once the Wick reaches 3 while Prithvi, it never drops below 3 again")."""
    s = fight(V, [], params={"strike_damage": 3})
    painted(s, 1, "prithvi")
    assert s.to_dict()["counters"]["floor"] == 1
    for _ in range(3):
        s.apply("fortify")
    assert player(s)["standing_block"] == 3 and s.energy == 3
    assert "fortify" not in notations(s) and "roll" not in notations(s)   # the 3 are the floor
    s.apply("end")
    assert player(s)["hp"] == 50 and player(s)["standing_block"] == 0
    draw(s, "lash")
    assert s.energy == 3 + 4                   # the floor, then 4 empty slots
    roll(s, 1, "prithvi")                      # a reroll costs 3 on a Prithvi Wick
    roll(s, 2, "prithvi")
    assert s.energy == 9 - 3 + 2


def test_standing_block_from_prithvi_persists_between_turns():
    s = fight(V, [], params={"strike_damage": 0})
    painted(s, 1, "prithvi")
    s.apply("fortify")
    s.apply("end")
    draw(s, "lash")
    assert player(s)["standing_block"] == 1


def test_repainting_away_from_prithvi_costs_two_extra():
    s = fight(V, [])
    painted(s, 1, "prithvi")
    roll(s, 1, "agni")                         # 6 - 3 + 2
    assert s.energy == 5
    s.apply("repaint")
    assert wick(s)[:2] == (3, AGNI) and s.to_dict()["counters"]["floor"] == 0


def test_paid_draw_two_charge_and_exhaust_the_named_slot_for_one():
    s = fight(V, ["lash"])
    s.apply("buy")
    assert s.energy == 2
    draw(s, "stone")
    draw(s, "stone")
    roll(s, 1, "blank")
    s.apply("lash>1")
    s.apply("end")
    draw(s, "gale")
    roll(s, 1, "blank")
    energy = s.energy
    s.apply("exhaust")
    assert s.energy == energy - 1 and slots(s)[0] is None
    assert s.to_dict()["piles"]["exhaust"] == {"Ember Lash": 1}


def test_shunya_freezes_the_colour_for_the_turn_and_exhausts():
    """V07-R8: Shunya is played before the first roll; no roll or cost can repaint that turn."""
    s = fight(V, [])
    data = s.to_dict()
    data["gated"] = True
    data["piles"]["hand"]["Shunya"] = 1
    s = combat.State.from_dict(data)
    s.apply("shunya 2")
    assert s.to_dict()["piles"]["exhaust"] == {"Shunya": 1} and slots(s)[1] is None
    roll(s, 1, "agni")
    assert "repaint" not in notations(s) and wick(s) == (6, BLANK, 4)
    s.apply("end")
    draw(s, "lash")
    painted(s, 1, "agni")                      # thawed the next turn
    assert wick(s)[1] == AGNI


def test_akasha_gate_at_half():
    s = fight(V, [])
    data = s.to_dict()
    data["enemy"]["hp"] = 40
    s = combat.State.from_dict(data)
    painted(s, 1, "agni")
    s.apply("blast")
    assert enemy_hp(s) == 28 and hand(s) == {"Shunya": 1}


def test_an_unaffordable_repaint_still_happens_when_holding_is_unaffordable_too():
    """V07-R4."""
    s = fight(V, [], params={"hold_cost": 9, "jal_repaint_extra": 9})
    painted(s, 1, "jal")
    roll(s, 1, "agni")
    assert notations(s) == ["repaint"]
    s.apply("repaint")
    assert wick(s) == (0, AGNI, 0)


def test_same_colour_roll_just_adds_charge():
    """V07-R11."""
    s = fight(V, [], params={"reroll_cost": 0})
    painted(s, 1, "agni")
    roll(s, 2, "agni")
    assert s.to_move == 0 and "repaint" not in notations(s) and wick(s) == (8, AGNI, 4)
