"""V02 Four Braziers: pairings, STRONG/SWIFT, brazier verbs, Charge/Douse, energy, Akasha."""

from __future__ import annotations

import pytest

import triptych
import triptych.combat as combat
from combat_helpers import draw, enemy, enemy_hp, fight, hand, notations, player, roll, slots

V = "v02"


def marks(s, name):
    return [slot[name] for slot in s.to_dict()["slots"]]


def edit(s, fn):
    data = s.to_dict()
    fn(data)
    return combat.State.from_dict(data)


def test_pure_doubles_and_agni_brazier_escalates():
    s = fight(V, ["lash"])
    s.apply("lash>1")
    roll(s, 1, "blank")
    s.apply("end")
    assert enemy_hp(s) == 70 - 14
    assert marks(s, "escalation") == [1, 1, 1, 1]
    draw(s, "lash")
    s.apply("lash>1")
    roll(s, 1, "blank")
    s.apply("end")
    assert enemy_hp(s) == 56 - 15          # pairing x2, then +1 escalation


def test_charge_pays_energy_until_the_brazier_next_resolves():
    """V02-R2."""
    s = fight(V, ["lash"])
    s.apply("lash>2")                      # Agni feeds Jal: CHARGE x1
    roll(s, 2, "blank")
    s.apply("end")
    assert enemy_hp(s) == 63
    assert s.to_dict()["choice"] == 1      # the Jal brazier's redirect (a Charge exists to move)
    s.apply("skip")
    draw(s, "stone")
    assert marks(s, "charged") == [0, 1, 0, 0]
    assert s.energy == 2                   # 1 + one Charged brazier
    s.apply("stone>2")                     # Prithvi in Jal: across the wheel
    roll(s, 2, "blank")
    s.apply("end")
    assert marks(s, "charged") == [0, 0, 0, 0]


def test_douse_halves_and_blocks_placement_next_turn_unless_cleared():
    """V02-R3."""
    s = fight(V, ["undertow", "lash"])
    s.apply("undertow>1")                  # the Agni brazier feeds a Jal card: DOUSE
    roll(s, 1, "blank")
    s.apply("end")
    assert enemy_hp(s) == 70 - 2           # 5 x 0.5, rounded down
    draw(s, "stone")
    assert marks(s, "doused")[0] == 1
    assert not any(a.endswith(">1") for a in notations(s))
    assert "clear 1" in notations(s)
    s.apply("clear 1")
    assert s.energy == 0 and "lash>1" in notations(s)


def test_douse_expires_after_one_turn():
    """V02-R3."""
    s = fight(V, ["undertow"])
    s.apply("undertow>1")
    roll(s, 1, "blank")
    s.apply("end")
    draw(s, "stone")
    roll(s, 4, "blank")
    s.apply("end")
    draw(s, "stone")
    assert marks(s, "doused")[0] == 0 and "stone>1" in notations(s)


def test_rupture_triples_exhausts_and_recoils():
    s = fight(V, ["lash"])
    s.apply("lash>3")                      # Agni across Vayu
    roll(s, 3, "blank")
    s.apply("end")
    assert enemy_hp(s) == 70 - 21
    assert s.to_dict()["piles"]["exhaust"] == {"Ember Lash": 1}
    assert player(s)["hp"] == 50 - 4 - 8   # unblockable recoil, then the Strike


def test_rupture_recoil_is_unblockable():
    """F-R13."""
    s = fight(V, ["stone"])
    s.apply("stone>2")                     # Prithvi across Jal: 18 Block, then 4 recoil past it
    roll(s, 2, "blank")
    s.apply("end")
    assert player(s)["hp"] == 46 and player(s)["block"] == 0


def test_strong_when_the_element_die_shows_the_brazier():
    s = fight(V, ["lash"])
    s.apply("lash>1")
    roll(s, 1, "agni")
    s.apply("end")
    assert enemy_hp(s) == 70 - 28


def test_swift_resolves_the_clockwise_brazier_plain():
    s = fight(V, ["lash", "gale"])
    s.apply("lash>2")                      # CHARGE 7
    s.apply("gale>3")                      # PURE 8
    roll(s, 2, "agni")                     # the card's element: SWIFT
    s.apply("end")
    s.apply("skip")                        # Jal brazier's choice
    assert enemy_hp(s) == 70 - 7 - 8
    assert slots(s) == [None, None, None, None]


def test_swift_wraps_from_brazier_four_to_one():
    """F-R11, V02-R10."""
    s = fight(V, ["gale", "lash"])
    s.apply("gale>4")                      # Vayu feeds Prithvi: CHARGE 4
    s.apply("lash>1")                      # PURE 14
    roll(s, 4, "vayu")
    s.apply("end")
    draw(s, "stone")                       # Gale's draw, before brazier 1 resolves
    assert enemy_hp(s) == 70 - 4 - 14


def test_both_shared_element_is_strong_not_swift():
    s = fight(V, ["gale", "lash"])
    s.apply("gale>3")
    s.apply("lash>4")
    roll(s, 3, "vayu")
    s.apply("end")
    assert enemy_hp(s) == 70 - 16          # 4 x2 PURE x2 STRONG; brazier 4 untouched
    assert slots(s)[3] == "Ember Lash"


def test_blank_number_names_the_lowest_occupied_brazier():
    s = fight(V, ["gale", "lash"])
    s.apply("gale>3")
    s.apply("lash>4")
    roll(s, "blank", "blank")
    s.apply("end")
    assert slots(s) == [None, None, None, "Ember Lash"]


def test_named_empty_brazier_resolves_nothing():
    """V02-R1."""
    s = fight(V, ["lash"])
    s.apply("lash>1")
    roll(s, 3, "blank")
    s.apply("end")
    assert enemy_hp(s) == 70 and slots(s)[0] == "Ember Lash"


def test_jal_redirect_moves_a_status():
    """V02-R7."""
    s = fight(V, ["undertow"])
    s.apply("undertow>2")                  # PURE 10 + Weak 1 (2 turns)
    roll(s, 2, "blank")
    s.apply("end")
    assert enemy_hp(s) == 60
    assert notations(s) == ["redirect_status weak enemy", "skip"]
    s.apply("redirect_status weak enemy")
    assert player(s)["weak"] == 1 and enemy(s)["weak"] == 0   # moved, then the player's turn end ticked it


def test_jal_redirect_moves_a_charge():
    """V02-R7."""
    s = fight(V, ["undertow"])
    s.apply("undertow>2")
    s = edit(s, lambda d: d["slots"][3].update(charged=1))
    roll(s, 2, "blank")
    s.apply("end")
    assert "redirect_charge 4 1" in notations(s)
    s.apply("redirect_charge 4 1")
    draw(s, "lash")
    assert marks(s, "charged") == [1, 0, 0, 0]


def test_vayu_displace_swaps_contents_and_pairings_follow():
    """V02-R8."""
    s = fight(V, ["gale", "lash", "stone"])
    s.apply("lash>1")
    s.apply("gale>3")
    s.apply("stone>4")
    roll(s, 3, "blank")
    s.apply("end")
    draw(s, "undertow")                    # Gale's draw comes first
    assert "swap 1 4" in notations(s)
    s.apply("swap 1 4")
    draw(s, "undertow")
    assert slots(s) == ["Stoneskin", None, None, "Ember Lash"]
    roll(s, 4, "blank")                    # Ember Lash in the Prithvi brazier is now DOUSE
    s.apply("end")
    assert enemy_hp(s) == 70 - 8 - 3


def test_prithvi_hold_makes_block_standing_and_charge_permanent():
    """V02-R9."""
    s = fight(V, ["stone"])
    s.apply("stone>4")                     # PURE 12 Block
    roll(s, 4, "blank")
    s.apply("end")
    assert player(s)["hp"] == 50 and player(s)["standing_block"] == 4 and player(s)["block"] == 0
    assert marks(s, "permanent")[3] == 1
    s = fight(V, ["gale", "gale"])
    s.apply("gale>4")                      # CHARGE in the Prithvi brazier
    roll(s, 4, "blank")
    s.apply("end")
    draw(s, "lash")                        # Gale's draw
    draw(s, "lash")                        # turn 2
    assert marks(s, "charged")[3] == 1 and marks(s, "permanent")[3] == 1
    s.apply("lash>4")                      # DOUSE in the Prithvi brazier: cannot be Doused, Charge stays
    roll(s, 4, "blank")
    s.apply("end")
    draw(s, "lash")
    assert marks(s, "charged")[3] == 1 and marks(s, "doused")[3] == 0
    assert s.energy == 2


def test_hold_spend_keeps_the_card_from_resolving():
    """V02-R4."""
    s = fight(V, ["lash"], params={"base_income": 3})
    s.apply("lash>1")
    roll(s, 1, "blank")
    assert "hold" in notations(s)
    s.apply("hold")
    assert s.energy == 1
    s.apply("end")
    assert enemy_hp(s) == 70 and slots(s)[0] == "Ember Lash"
    assert marks(s, "held") == [0, 0, 0, 0]


def test_income_and_the_free_first_reroll_of_the_combat():
    s = fight(V, ["lash"])
    assert s.energy == 1
    s.apply("lash>1")
    roll(s, 3, "blank")
    assert s.energy == 0 and "roll" in notations(s)      # turn-1 mercy: free
    roll(s, 2, "blank")
    assert "roll" not in notations(s)                    # later rerolls cost 2
    s = fight(V, ["lash"], params={"base_income": 5})
    roll(s, 3, "blank")
    roll(s, 3, "blank")
    assert s.energy == 4
    roll(s, 3, "blank")
    assert s.energy == 2


def test_shunya_is_pure_anywhere_and_wipes_its_brazier():
    """V02-R5, V02-R6."""
    s = fight(V, ["lash"])
    s = edit(s, lambda d: (d.update(gated=True), d["piles"]["hand"].update({"Shunya": 1}),
                           d["slots"][2].update(charged=1, escalation=2), d["enemy"].update(hp=30)))
    s.apply("shunya>3")
    roll(s, 3, "blank")
    s.apply("end")
    assert enemy_hp(s) == 30 - (12 + 2)    # PURE x2, plus the brazier's escalation
    assert marks(s, "charged")[2] == 0 and marks(s, "escalation")[2] == 0
    assert player(s)["hp"] == 50           # and 12 + 2 Block took the Strike


def test_gate_gives_shunya_once():
    s = fight(V, ["lash"], params={"enemy_hp": 28})
    s.apply("lash>1")
    roll(s, 1, "blank")
    s.apply("end")
    assert enemy_hp(s) == 14 and s.to_dict()["gated"]
    draw(s, "lash")
    assert hand(s)["Shunya"] == 1 and s.cards_conserved()


def test_sentinel_numbers():
    s = fight(V, [])
    hps = []
    for card in ["lash", "lash", "stone", "stone"]:
        roll(s, 1, "blank")
        s.apply("end")
        hps.append(player(s)["hp"])
        draw(s, card)
    assert hps == [42, 34, 21, 17] and enemy(s)["block"] == 10
