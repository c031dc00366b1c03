"""V09 Their Dice: every rule of the spec, with the Sentinel's declarations and draws set through chance outcomes."""

from __future__ import annotations

import pytest

import triptych
import triptych.combat as combat
from combat_helpers import declared_fight, draw, enemy, enemy_hp, hand, notations, player, slots

V = "v09"


def fight(hand_cards, number, element, params=None, **changes):
    """A V09 fight: opening hand exactly `hand_cards`, the Sentinel's first declaration number/element."""
    return declared_fight(V, hand_cards, number, element, params, **changes)


def end(s, declare="1/blank"):
    """Ends the turn; the Sentinel then rolls `declare` as its next declaration."""
    s.apply("end")
    while s.to_move == triptych.CHANCE and s.chance_outcomes()[0][0].to_dict()["type"] == "draw" \
            and s.to_dict()["stage"] == "resolve":
        s.apply(s.chance_outcomes()[0][0])     # draws from cards fired during the blow
    if s.to_move == triptych.CHANCE and s.to_dict()["stage"] == "resolve":
        s.apply(declare)


def test_spec_numbers_are_the_defaults():
    p = next(v for v in combat.VARIANTS if v["id"] == V)["params"]
    assert (p["player_hp"], p["enemy_hp"]) == (50, 70)
    assert (p["ember_lash_damage"], p["undertow_damage"], p["gale_damage"], p["stoneskin_block"]) == (8, 6, 5, 8)
    assert (p["strike_damage"], p["cleave_damage"], p["guard_block"], p["jab_damage"]) == (8, 13, 10, 5)
    assert (p["akasha_gate_percent"], p["bypass_bonus"], p["force_cost"], p["second_force_cost"]) == (30, 4, 2, 4)
    assert (p["extra_place_cost"], p["pull_cost"], p["paid_draw_cost"], p["base_income"]) == (1, 1, 1, 1)


def test_the_declaration_is_rolled_before_the_turn_and_shown_all_turn():
    """V09-R1: the opening declaration is rolled after the opening hand, before turn 1."""
    s = fight(["lash"], 3, "agni")
    data = s.to_dict()
    assert data["dice"] == {"number": 3, "element": "agni"} and s.energy == 1 + 4
    assert "roll" not in notations(s) and "end" in notations(s)   # the player never rolls
    s.apply("end")
    assert s.to_move == triptych.CHANCE     # the next declaration, rolled face-up at turn end
    s.apply("2/jal")
    draw(s, "gale")
    assert s.to_dict()["dice"] == {"number": 2, "element": "jal"}


def test_first_placement_free_then_one_each():
    s = fight(["lash", "stone", "gale"], 1, "blank")
    s.apply("lash>1")
    assert s.energy == 5
    s.apply("stone>2")
    s.apply("gale>3")
    assert s.energy == 3


def test_block_in_the_struck_slot_absorbs_the_blow():
    s = fight(["stone"], 2, "blank")
    s.apply("stone>2")
    end(s)
    assert player(s)["hp"] == 50 and slots(s) == [None] * 4
    assert s.to_dict()["piles"]["discard"] == {"Stoneskin": 1}


def test_an_attack_in_the_struck_slot_trades():
    s = fight(["lash"], 2, "blank")
    s.apply("lash>2")
    end(s)
    assert enemy_hp(s) == 62 and player(s)["hp"] == 42


def test_an_empty_struck_slot_takes_the_full_blow_and_nothing_fires():
    s = fight(["lash"], 2, "blank")
    s.apply("lash>1")
    end(s)
    assert enemy_hp(s) == 70 and player(s)["hp"] == 42 and slots(s)[0] == "Ember Lash"


def test_blank_number_bypasses_the_board_for_plus_four():
    """V09-R6: a blank number hits the player directly; nothing on the board fires, no verb."""
    s = fight(["lash", "stone"], "blank", "agni")
    s.apply("lash>1")
    s.apply("stone>2")
    end(s)
    assert player(s)["hp"] == 50 - 12 and enemy_hp(s) == 70
    assert slots(s)[:2] == ["Ember Lash", "Stoneskin"]


def test_income_is_one_plus_empty_slots():
    s = fight(["lash", "stone"], 4, "blank")
    s.apply("lash>1")
    s.apply("stone>2")
    end(s)
    draw(s, "gale")
    assert s.energy == 1 + 2


def test_agni_ignites_the_neighbours_at_half_and_everything_that_fired_exhausts():
    s = fight(["lash", "lash", "lash", "stone"], 2, "agni")
    for i, card in enumerate(["lash", "lash", "lash", "stone"], start=1):
        s.apply(f"{card}>{i}")
    end(s)
    assert enemy_hp(s) == 70 - 8 - 4 - 4
    assert slots(s) == [None, None, None, "Stoneskin"]
    assert s.to_dict()["piles"]["exhaust"] == {"Ember Lash": 3}
    assert player(s)["hp"] == 42


def test_jal_fires_the_struck_card_then_hops_to_a_slot_you_choose():
    """V09-R7: Block from any card fired by the blow absorbs it."""
    s = fight(["lash", "stone", "gale"], 1, "jal")
    s.apply("lash>1")
    s.apply("stone>3")
    s.apply("gale>4")
    s.apply("end")
    assert enemy_hp(s) == 62
    assert notations(s) == ["hop 3", "hop 4"]
    s.apply("hop 3")                           # Stoneskin fires at full: its Block soaks the blow
    s.apply("1/blank")
    draw(s, "undertow")
    assert player(s)["hp"] == 50 and slots(s) == [None, None, None, "Gale"]
    assert s.to_dict()["piles"]["discard"] == {"Ember Lash": 1, "Stoneskin": 1}


def test_vayu_slides_cards_toward_the_impact_then_the_struck_card_returns_to_hand():
    s = fight(["lash", "stone"], 3, "vayu")
    s.apply("lash>2")
    s.apply("stone>4")
    end(s)
    # Lash slides 2 -> 3 (into the struck slot) and fires; Stoneskin cannot enter the now-taken slot 3.
    assert enemy_hp(s) == 62 and player(s)["hp"] == 42
    draw(s, "gale")
    assert "Ember Lash" in hand(s) and slots(s) == [None, None, None, "Stoneskin"]


def test_vayu_slide_is_one_slot_only():
    s = fight(["lash"], 3, "vayu")
    s.apply("lash>1")
    end(s)
    assert slots(s) == [None, "Ember Lash", None, None] and enemy_hp(s) == 70 and player(s)["hp"] == 42


def test_vayu_slide_left_card_takes_an_empty_struck_slot_first():
    """V09-R4: when both neighbours could slide into an empty struck slot, the left one does."""
    s = fight(["lash", "stone"], 2, "vayu")
    s.apply("lash>1")
    s.apply("stone>3")
    end(s)
    assert enemy_hp(s) == 62 and slots(s)[2] == "Stoneskin"


def test_prithvi_card_stays_and_wards_its_slot_against_the_next_strike():
    """V09-R3: a Ward negates the blow's damage and is used up; the struck card still fires (its counter)."""
    s = fight(["stone", "lash"], 2, "prithvi")
    s.apply("stone>2")
    end(s, declare="2/blank")
    assert player(s)["hp"] == 50 and slots(s)[1] == "Stoneskin"
    assert s.to_dict()["slots"][1]["ward"] == 1
    draw(s, "lash")
    s.apply("pull 2")                          # an attack now stands on the warded slot
    s.apply("lash>2")
    end(s, declare="2/blank")
    assert player(s)["hp"] == 50 and enemy_hp(s) == 62      # the counter fired; the blow was negated
    assert slots(s)[1] is None and s.to_dict()["slots"][1]["ward"] == 0
    draw(s, "lash")
    end(s)
    assert player(s)["hp"] == 50 - 13          # Cleave on the empty slot, no Ward left


def test_forcing_rerolls_the_declaration_two_then_four_while_energy_lasts():
    """V09-R2: 2, then 4 for every later forcing; no count limit, only energy."""
    s = fight([], 1, "agni", params={"base_income": 9})
    assert s.energy == 13
    s.apply("force")
    assert s.energy == 11 and s.to_move == triptych.CHANCE
    s.apply("blank/jal")
    assert s.to_dict()["dice"] == {"number": "blank", "element": "jal"}
    s.apply("force")
    s.apply("4/vayu")
    s.apply("force")
    s.apply("1/vayu")
    assert s.energy == 3 and s.to_dict()["counters"]["forced"] == 3 and "force" not in notations(s)


def test_after_forcing_you_may_re_place_at_the_normal_price():
    """V09-R8: no phase lock: place, pull, buy and force in any order."""
    s = fight(["lash", "stone"], 1, "blank")
    s.apply("lash>1")
    s.apply("force")
    s.apply("3/blank")
    s.apply("pull 1")
    s.apply("stone>3")
    assert s.energy == 5 - 2 - 1 - 1


def test_paid_draw_one_for_two():
    s = fight([], 1, "blank")
    s.apply("buy")
    draw(s, "lash")
    draw(s, "stone")
    assert s.energy == 4 and hand(s) == {"Ember Lash": 1, "Stoneskin": 1}


def test_guard_turn_gains_block_and_jabs_for_five():
    """V09-R9: the Guard's Block is gained before the blow, so it soaks that turn's counter, and is gone after."""
    s = fight(["lash", "lash"], 1, "blank", intent=3)
    s.apply("lash>1")
    end(s, declare="1/blank")
    assert player(s)["hp"] == 45 and enemy_hp(s) == 70 and enemy(s)["block"] == 0
    draw(s, "gale")
    s.apply("lash>1")
    end(s)
    assert enemy_hp(s) == 62                   # the next turn's counter meets no Block


def test_weak_softens_the_blow():
    s = fight([], 1, "blank", enemy={"weak": 2})
    end(s)
    assert player(s)["hp"] == 50 - 6


def test_gate_at_thirty_percent_puts_akasha_on_a_blank_face():
    s = fight(["lash"], 1, "blank", enemy={"hp": 29})
    s.apply("lash>1")
    s.apply("end")                             # 29 - 8 = 21 <= 30% of 70
    assert s.to_dict()["gated"] and s.to_dict()["element_faces"].count("akasha") == 1
    assert s.to_dict()["element_faces"].count("blank") == 1 and hand(s) == {}
    probs = {str(a): p for a, p in s.chance_outcomes()}
    assert probs["1/akasha"] == pytest.approx(1 / 36)


def test_akasha_returns_every_card_and_the_sentinel_rerolls_blind():
    """V09-R5: an Akasha declaration returns every card at once; the blow is re-rolled blind at the
    resolution and lands then (Akasha again: the cards go back again and it is re-rolled again)."""
    s = fight(["lash", "stone"], 2, "blank")
    data = s.to_dict()
    data["enemy"]["hp"] = 20
    data["gated"] = True
    data["element_faces"][4] = "akasha"
    s = combat.State.from_dict(data)
    s.apply("lash>1")
    s.apply("force")
    s.apply("2/akasha")                        # cancelled the moment it shows
    assert hand(s) == {"Ember Lash": 1, "Stoneskin": 1} and slots(s) == [None] * 4
    assert s.to_dict()["dice"] == {"number": None, "element": None} and s.to_dict()["counters"]["blind"] == 1
    assert "force" not in notations(s) and s.energy == 5 - 2
    s.apply("stone>2")
    s.apply("end")
    s.apply("2/akasha")                        # blind, Akasha again: Stoneskin back to hand, rolled again
    assert hand(s) == {"Ember Lash": 1, "Stoneskin": 1} and s.to_move == triptych.CHANCE
    s.apply("blank/blank")                     # the blow lands in this resolution: Strike 8 + 4
    assert player(s)["hp"] == 50 - 12 and enemy_hp(s) == 20 and s.to_dict()["counters"]["blind"] == 0
    s.apply("3/blank")                         # then the next declaration, face-up
    assert s.to_dict()["dice"] == {"number": 3, "element": "blank"}


def test_an_akasha_declaration_cannot_be_loaded_uncancelled():
    """V09-R5: a saved declaration showing Akasha is one play never leaves on the table."""
    s = fight(["lash"], 2, "blank")
    data = s.to_dict()
    data["enemy"]["hp"] = 20
    data["gated"] = True
    data["element_faces"][4] = "akasha"
    data["dice"]["element"] = "akasha"
    with pytest.raises(triptych.InvalidStateError, match="dice.element"):
        combat.State.from_dict(data)


def test_a_ward_belongs_to_its_slot():
    """V09-R10: pulling the card leaves the Ward on the slot."""
    s = fight(["stone"], 2, "prithvi")
    s.apply("stone>2")
    end(s, declare="2/blank")
    draw(s, "lash")
    s.apply("pull 2")
    assert s.to_dict()["slots"][1]["ward"] == 1
    end(s)
    assert player(s)["hp"] == 50 and s.to_dict()["slots"][1]["ward"] == 0
