"""V03 Twin Wells: pouring, locks and primes, the four wells' laws, the Null Well."""

from __future__ import annotations

import triptych
import triptych.combat as combat
from combat_helpers import draw, enemy, enemy_hp, fight, hand, notations, player, roll, slots

V = "v03"


def wells(s):
    c = s.to_dict()["counters"]
    return [c["agni"], c["jal"], c["vayu"], c["prithvi"]]


def edit(s, **counters):
    data = s.to_dict()
    data["counters"].update(counters)
    return combat.State.from_dict(data)


def test_first_roll_free_and_pours_two_into_the_rolled_well():
    """V03-R1."""
    s = fight(V, ["lash"])
    assert "end" not in notations(s)       # the free first roll is taken every turn
    s.apply("lash>1")
    roll(s, 3, "vayu")
    assert wells(s) == [0, 0, 2, 0]


def test_blank_element_pours_one_into_every_well():
    s = fight(V, ["lash"])
    roll(s, 3, "blank")
    assert wells(s) == [1, 1, 1, 1]


def test_both_match_locks_and_fires_and_pours_one():
    s = fight(V, ["lash"])
    s.apply("lash>1")
    roll(s, 1, "agni")
    s.apply("end")
    assert enemy_hp(s) == 60 - 7
    assert wells(s) == [3, 0, 0, 0]        # 2 from the roll, 1 from the firing Agni card
    assert player(s)["hp"] == 50 - 7


def test_locks_are_rederived_on_every_roll():
    """V03-R4."""
    s = fight(V, ["lash"])
    s.apply("lash>1")
    roll(s, 1, "agni")                     # locked...
    roll(s, 2, "blank", action="reroll agni")   # ...paid from Agni: the whole well detonates (2 x 2)
    assert enemy_hp(s) == 56
    assert wells(s) == [1, 1, 1, 1]
    s.apply("end")
    assert enemy_hp(s) == 56 and slots(s)[0] == "Ember Lash"


def test_number_only_match_primes_and_fires_free_next_turn_at_well_three():
    """V03-R11."""
    s = fight(V, ["lash"])
    s.apply("lash>2")
    roll(s, 2, "jal")
    s = edit(s, agni=3)
    s.apply("end")
    assert enemy_hp(s) == 60 - 7           # fired at the start of turn 2, before the draw
    assert s.to_move == triptych.CHANCE and slots(s)[1] is None
    assert wells(s)[0] == 4


def test_prime_lapses_when_the_well_is_below_three():
    s = fight(V, ["lash"])
    s.apply("lash>2")
    roll(s, 2, "jal")
    s.apply("end")
    draw(s, "stone")
    assert enemy_hp(s) == 60 and slots(s)[1] == "Ember Lash"
    assert s.to_dict()["slots"][1]["primed"] == 0


def test_blank_number_gives_no_lock_and_no_prime():
    s = fight(V, ["lash"])
    s.apply("lash>1")
    roll(s, "blank", "agni")
    s.apply("end")
    draw(s, "stone")
    assert enemy_hp(s) == 60 and s.to_dict()["slots"][0]["primed"] == 0


def test_detonate_empties_agni_for_two_per_charge():
    """V03-R4."""
    s = fight(V, ["lash"])
    roll(s, 4, "agni")
    s = edit(s, agni=5)
    s.apply("detonate")
    assert enemy_hp(s) == 50 and wells(s)[0] == 0
    assert "detonate" not in notations(s)


def test_jal_caps_at_four_and_spills_into_prithvi():
    s = fight(V, ["lash"])
    roll(s, 4, "jal")
    s = edit(s, jal=3)
    s.apply("reroll jal")
    s.apply("4/jal")                       # 3 - 2 + 2 = 3
    assert wells(s) == [0, 3, 0, 0]
    s = edit(s, jal=3, vayu=1)
    roll(s, 4, "jal", action="reroll vayu")
    assert wells(s) == [0, 4, 0, 1]


def test_jal_slide_and_blunt():
    """V03-R6."""
    s = fight(V, ["lash"])
    s.apply("lash>1")
    roll(s, 2, "jal")                      # Jal 2
    s.apply("slide 1 2")                   # Jal 1, allowed after the roll
    assert slots(s) == [None, "Ember Lash", None, None] and wells(s)[1] == 1
    s = edit(s, jal=2)
    s.apply("blunt")
    s.apply("end")
    assert player(s)["hp"] == 50 - (7 - 5)


def test_slide_can_complete_a_both_match():
    """V03-R2: locks are read at turn end from the final dice and board."""
    s = fight(V, ["lash"])
    s.apply("lash>1")
    roll(s, 3, "agni")
    s = edit(s, jal=1)
    s.apply("slide 1 3")
    s.apply("end")
    assert enemy_hp(s) == 53


def test_vayu_pays_rerolls_at_one_draws_two_for_one_and_empties_each_turn():
    s = fight(V, ["lash"])
    roll(s, 4, "vayu")
    roll(s, 4, "vayu", action="reroll vayu")
    assert wells(s)[2] == 3                # 2 - 1 + 2
    s.apply("end")
    draw(s, "stone")
    assert wells(s)[2] == 0
    s = edit(s, vayu=1)
    s.apply("buy vayu")
    assert wells(s)[2] == 0
    draw(s, "gale")
    draw(s, "gale")
    assert hand(s) == {"Ember Lash": 1, "Gale": 2, "Stoneskin": 1}


def test_prithvi_never_spends():
    s = fight(V, ["lash"])
    roll(s, 4, "prithvi")
    s = edit(s, prithvi=8)
    assert not any(a.startswith("reroll") for a in notations(s))


def test_prithvi_three_gives_block_per_placement():
    s = fight(V, ["lash", "stone"])
    s = edit(s, prithvi=3)
    s.apply("lash>1")
    s.apply("stone>2")
    assert player(s)["block"] == 4


def test_prithvi_nine_fires_slot_four_on_a_number_only_match():
    """V03-R8."""
    s = fight(V, ["lash"])
    s.apply("lash>4")
    roll(s, 4, "jal")
    s = edit(s, prithvi=9)
    s.apply("end")
    assert enemy_hp(s) == 53


def test_exhaust_a_clogged_card_for_one_charge():
    """V03-R5."""
    s = fight(V, ["lash"])
    s.apply("lash>1")
    roll(s, 4, "jal")
    s.apply("end")
    draw(s, "stone")
    assert "exhaust 1 jal" in notations(s)
    s.apply("exhaust 1 jal")
    assert wells(s)[1] == 1 and s.to_dict()["piles"]["exhaust"] == {"Ember Lash": 1}


def test_paid_draw_costs_two_from_one_well():
    """V03-R5."""
    s = fight(V, ["lash"])
    s = edit(s, jal=2)
    s.apply("buy jal")
    assert wells(s)[1] == 0 and s.to_move == triptych.CHANCE


def test_shunya_opens_the_null_well_once():
    """V03-R9."""
    s = fight(V, ["lash"])
    data = s.to_dict()
    data.update(gated=True)
    data["piles"]["hand"]["Shunya"] = 1
    data["enemy"]["hp"] = 30
    data["counters"]["jal"] = 4
    s = combat.State.from_dict(data)
    s.apply("shunya")
    assert enemy_hp(s) == 24 and s.to_dict()["counters"]["null_well"] == 1
    assert "convert jal agni 2" in notations(s)
    s.apply("convert jal agni 2")
    assert wells(s) == [2, 0, 0, 0] and s.to_dict()["counters"]["null_well"] == 2
    assert not any(a.startswith("convert") for a in notations(s))


def test_sentinel_numbers():
    s = fight(V, [])
    hps = []
    for card in ["lash", "lash", "stone", "stone"]:
        roll(s, 1, "blank")
        s.apply("end")
        hps.append(player(s)["hp"])
        draw(s, card)
    assert hps == [43, 36, 24, 20] and enemy(s)["block"] == 8


def test_blank_element_still_primes_the_numbered_card():
    """V03-R3: a blank element is not the card's element, so slot N's card is primed."""
    s = fight(V, ["lash"])
    s.apply("lash>2")
    roll(s, 2, "blank")
    s = edit(s, agni=3)
    s.apply("end")
    assert enemy_hp(s) == 53


def test_prithvi_rung_six_is_inert():
    """V03-R7: nothing in V03's income depends on clogs, so reaching 6 changes no option and no number."""
    a = fight(V, ["lash", "stone"])
    a.apply("lash>1")
    roll(a, 4, "jal")
    b = edit(a, prithvi=6)
    a = edit(a, prithvi=5)
    assert notations(a) == notations(b)
    a.apply("end")
    b.apply("end")
    draw(a, "stone")
    draw(b, "stone")
    assert notations(a) == notations(b) and wells(a)[1:3] == wells(b)[1:3]


def test_rolls_per_turn_guard():
    """V03-R10."""
    s = fight(V, ["lash"], params={"rolls_per_turn_cap": 2})
    roll(s, 1, "vayu")
    roll(s, 1, "vayu", action="reroll vayu")
    assert not any(a.startswith("reroll") for a in notations(s))
