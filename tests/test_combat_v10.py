"""V10 The Written Die: every rule of the spec, with dice and draws set through chance outcomes."""

from __future__ import annotations

import pytest

import triptych
import triptych.combat as combat
from combat_helpers import draw, enemy_hp, fight, hand, notations, player, roll, slots

V = "v10"
PRINTED = ["agni", "jal", "vayu", "prithvi", "agni", "prithvi"]


def faces(s):
    return s.to_dict()["element_faces"]


def gated(s):
    data = s.to_dict()
    data["gated"] = True
    data["piles"]["hand"]["Shunya"] = 1
    return combat.State.from_dict(data)


def test_spec_numbers_are_the_defaults():
    p = next(v for v in combat.VARIANTS if v["id"] == V)["params"]
    assert (p["player_hp"], p["enemy_hp"]) == (50, 70)
    assert (p["ember_lash_damage"], p["undertow_damage"], p["gale_damage"], p["stoneskin_block"]) == (10, 8, 7, 9)
    assert (p["strike_damage"], p["cleave_damage"], p["guard_block"], p["jab_damage"]) == (7, 12, 8, 4)
    assert (p["reroll_cost"], p["later_reroll_cost"], p["tilt_cost"], p["clear_engraving_cost"]) == (2, 4, 1, 2)
    assert (p["base_income"], p["income_cap"], p["extra_inscribe_cost"], p["akasha_draw"]) == (2, 6, 1, 2)


def test_the_element_die_has_no_blanks():
    s = fight(V, ["lash"])
    assert faces(s) == PRINTED
    s.apply("roll")
    probs = {str(a): p for a, p in s.chance_outcomes()}
    assert probs["1/agni"] == pytest.approx(2 / 36) and probs["blank/jal"] == pytest.approx(2 / 36)
    assert not any(k.endswith("/blank") for k in probs)


def test_first_inscription_free_then_one_each_and_the_first_roll_free_and_required():
    """V10-R1: the turn ends only after the first (free) roll."""
    s = fight(V, ["lash", "stone", "gale", "undertow"])
    assert s.energy == 2 and "end" not in notations(s)
    s.apply("lash>1")
    s.apply("stone>2")
    s.apply("gale>3")
    assert s.energy == 0 and not any(">" in n for n in notations(s))
    roll(s, "blank", "prithvi")
    assert s.energy == 0 and "end" in notations(s)


def test_rerolls_cost_two_then_four():
    """V10-R2: every reroll after the first costs later_reroll_cost."""
    s = fight(V, [], params={"base_income": 9, "income_cap": 9})
    roll(s, 1, "agni")
    roll(s, 1, "agni")
    assert s.energy == 7
    roll(s, 1, "agni")
    assert s.energy == 3
    assert "roll" not in notations(s)


def test_agni_fires_twice_then_exhausts_and_empties_the_face():
    """V10-R11: both firings are full firings."""
    s = fight(V, ["lash"])
    s.apply("lash>1")
    roll(s, 1, "agni")
    s.apply("end")
    assert enemy_hp(s) == 50 and slots(s) == [None] * 4
    assert s.to_dict()["piles"]["exhaust"] == {"Ember Lash": 1}
    draw(s, "gale")
    assert s.energy == 2 + 1                   # one face cleared


def test_jal_sets_the_landed_card_aside_and_fires_the_face_you_choose():
    """V10-R10: the choice is compulsory when another face is inscribed."""
    s = fight(V, ["lash", "stone"])
    s.apply("lash>1")
    s.apply("stone>2")
    roll(s, 1, "jal")
    s.apply("end")
    assert notations(s) == ["redirect 2"]
    s.apply("redirect 2")
    assert enemy_hp(s) == 70 and player(s)["hp"] == 50       # 9 Block soaked the Strike 7
    assert slots(s) == ["Ember Lash", None, None, None]


def test_jal_on_a_blank_face_can_fire_any_face():
    s = fight(V, ["lash"])
    s.apply("lash>3")
    roll(s, "blank", "jal")
    s.apply("end")
    s.apply("redirect 3")
    assert enemy_hp(s) == 60


def test_jal_with_no_other_inscription_fires_nothing():
    s = fight(V, ["lash"])
    s.apply("lash>1")
    roll(s, 1, "jal")
    s.apply("end")
    assert enemy_hp(s) == 70 and s.to_move == triptych.CHANCE and slots(s)[0] == "Ember Lash"


def test_vayu_rotates_every_inscription_then_the_fired_card_returns_to_hand():
    s = fight(V, ["lash", "stone"])
    s.apply("lash>1")
    s.apply("stone>4")
    roll(s, 1, "vayu")
    s.apply("end")
    # Stoneskin rotated 4 -> 1 and fired there; Ember Lash moved 1 -> 2.
    assert slots(s) == [None, "Ember Lash", None, None] and player(s)["hp"] == 50
    draw(s, "gale")
    assert hand(s) == {"Stoneskin": 1, "Gale": 1} and s.energy == 3


def test_vayu_rotation_steps_over_engraved_faces():
    """V10-R3: engraved faces stay put; the other inscriptions rotate over the remaining faces."""
    s = fight(V, ["lash", "stone", "gale"], params={"base_income": 4})
    s.apply("lash>1")
    s.apply("stone>2")
    s.apply("gale>3")
    data = s.to_dict()
    data["slots"][1]["engraved"] = 1
    s = combat.State.from_dict(data)
    roll(s, 1, "vayu")
    s.apply("end")
    assert slots(s) == [None, "Stoneskin", "Ember Lash", "Gale"] and enemy_hp(s) == 70


def test_blank_face_fires_nothing_but_the_verb_still_resolves():
    s = fight(V, ["lash"])
    s.apply("lash>4")
    roll(s, "blank", "vayu")
    s.apply("end")
    assert slots(s) == ["Ember Lash", None, None, None] and enemy_hp(s) == 70


def test_prithvi_engraves_the_card_which_stays_and_blocks_inscription_until_cleared():
    """V10-R4: clearing an engraving unlocks the face; its card stays written (nothing cleared for income)."""
    s = fight(V, ["stone", "lash"])
    s.apply("stone>1")
    roll(s, 1, "prithvi")
    s.apply("end")
    assert player(s)["hp"] == 50 and slots(s)[0] == "Stoneskin"
    assert s.to_dict()["slots"][0]["engraved"] == 1
    draw(s, "gale")
    assert s.energy == 2                       # nothing cleared
    assert "lash>1" not in notations(s) and "clear 1" in notations(s)
    s.apply("clear 1")
    assert s.energy == 0 and slots(s)[0] == "Stoneskin" and s.to_dict()["slots"][0]["engraved"] == 0
    assert s.to_dict()["piles"]["discard"] == {} and "lash>1" in notations(s)
    roll(s, 2, "agni")
    s.apply("end")
    draw(s, "stone")
    assert s.energy == 2                       # the clear moved no card: no face cleared


def test_tilt_changes_one_face_for_this_turn_and_survives_rerolls():
    """V10-R7: tilts are bought before the first roll; they last the turn."""
    s = fight(V, [], params={"base_income": 5})
    s.apply("tilt 2 agni")
    assert s.energy == 4 and faces(s) == ["agni", "agni", "vayu", "prithvi", "agni", "prithvi"]
    s.apply("roll")
    probs = {str(a): p for a, p in s.chance_outcomes()}
    assert probs["1/agni"] == pytest.approx(3 / 36) and "1/jal" not in probs
    s.apply("1/agni")
    assert not any(n.startswith("tilt") for n in notations(s))
    roll(s, 2, "vayu")
    assert faces(s)[1] == "agni"
    s.apply("end")
    draw(s, "lash")
    assert faces(s) == PRINTED


def test_shunya_is_free_to_inscribe_and_puts_akasha_on_the_die():
    """V10-R5/V10-R8: Shunya costs 0 and leaves the free inscription unused; face 6 shows Akasha while it is written."""
    s = gated(fight(V, ["lash"]))
    s.apply("shunya>2")
    assert faces(s) == PRINTED[:5] + ["akasha"] and s.energy == 2
    s.apply("lash>1")
    assert s.energy == 2


def test_akasha_wipes_the_landed_face_draws_two_and_gives_a_free_reroll():
    """V10-R6: the free reroll does not count on the 2-then-4 ladder. V10-R9: Erasure acts as the dice land."""
    s = gated(fight(V, ["lash"]))
    s.apply("shunya>2")
    s.apply("lash>1")
    roll(s, 1, "akasha")
    assert slots(s)[0] is None and s.to_dict()["piles"]["discard"] == {"Ember Lash": 1}
    draw(s, "gale")
    draw(s, "stone")
    roll(s, 3, "prithvi")
    assert s.energy == 2
    assert "roll" in notations(s)              # the next reroll is the first paid one: 2
    roll(s, 3, "prithvi")
    assert s.energy == 0


def test_paid_draw_one_for_two():
    """V10-R12: paid draws (and clears) before the first roll."""
    s = fight(V, [])
    s.apply("buy")
    draw(s, "lash")
    draw(s, "lash")
    assert s.energy == 1 and hand(s) == {"Ember Lash": 2}


def test_akasha_gate_at_half():
    s = fight(V, ["lash"])
    data = s.to_dict()
    data["enemy"]["hp"] = 50
    s = combat.State.from_dict(data)
    s.apply("lash>1")
    roll(s, 1, "agni")
    s.apply("end")
    assert enemy_hp(s) == 30 and hand(s) == {"Shunya": 1}


def test_a_tilt_overrides_shunyas_akasha_face():
    """V10-R8."""
    s = gated(fight(V, []))
    s.apply("shunya>1")
    s.apply("tilt 6 jal")
    assert faces(s)[5] == "jal"
    assert not any(n.startswith("tilt") and n.endswith("akasha") for n in notations(s))


def test_agni_riders_apply_on_both_firings():
    """V10-R11."""
    s = fight(V, ["undertow"])
    s.apply("undertow>1")
    roll(s, 1, "agni")
    s.apply("end")
    assert enemy_hp(s) == 70 - 16
