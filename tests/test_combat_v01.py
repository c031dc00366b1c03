"""V01 House Rules: every rule of the spec, with dice and draws set through chance outcomes."""

from __future__ import annotations

import pytest

import triptych
import triptych.combat as combat
from combat_helpers import draw, enemy, enemy_hp, fight, hand, notations, patched, player, roll, slots

V = "v01"
FULL = ["lash", "undertow", "gale", "stone"]


def place_all(s, cards=FULL):
    for i, card in enumerate(cards, start=1):
        s.apply(f"{card}>{i}")


def scorch(s):
    return [slot["scorch"] for slot in s.to_dict()["slots"]]


def test_agni_threshold_matches_at_or_above_and_scorches_below():
    """V01-R8."""
    s = fight(V, ["lash", "lash", "lash", "stone"])
    place_all(s, ["lash", "lash", "lash", "stone"])
    roll(s, 3, "agni")
    assert scorch(s) == [1, 1, 0, 0]
    s.apply("end")
    assert enemy_hp(s) == 70 - 8          # slot 3 fired, slot 4 (Stoneskin) gave Block
    assert player(s)["hp"] == 50 - (8 - 7)
    assert slots(s) == ["Ember Lash", "Ember Lash", None, None]  # unmatched cards clog
    # Turn 2: Agni on 1 matches every slot; each Scorch adds 1 damage and is removed on firing.
    draw(s, "gale")
    roll(s, 1, "agni")
    s.apply("end")
    assert enemy_hp(s) == 62 - 9 - 9
    assert scorch(s) == [0, 0, 0, 0]


def test_scorch_caps_at_four():
    """V01-R4."""
    s = fight(V, ["lash"], params={"reroll_cost": 0})
    s.apply("lash>4")
    for _ in range(6):
        roll(s, 4, "agni")
    assert scorch(s) == [4, 4, 4, 0]


def test_scorch_adds_to_block_cards_too():
    s = fight(V, ["stone"])
    s.apply("stone>1")
    data = s.to_dict()
    data["slots"][0]["scorch"] = 2
    s = combat.State.from_dict(data)
    roll(s, 1, "blank")
    s.apply("end")
    assert player(s)["hp"] == 50 and player(s)["block"] == 0  # 7 + 2 Scorch = 9 Block soaked the Strike 8


def test_jal_mirror_and_weak_on_every_firing():
    """V01-R9."""
    s = fight(V, FULL)
    place_all(s)
    roll(s, 4, "jal")                      # 5 - 4 = slot 1
    s.apply("end")
    assert enemy_hp(s) == 62
    assert player(s)["hp"] == 50 - 6       # Weak: 8 x 0.75 = 6
    assert enemy(s)["weak"] == 1           # 2 turns, one ticked
    draw(s, "lash")
    roll(s, 3, "jal")                      # slot 2: Undertow
    s.apply("end")
    assert enemy_hp(s) == 62 - 6
    # Undertow's own Weak 1 plus Jal's Weak 1 (R: each stack is 2 turns), one turn ticked.
    assert enemy(s)["weak"] == 1 + 2 + 2 - 1


@pytest.mark.parametrize("number,fired", [(1, [2]), (2, [1, 3]), (3, [2, 4]), (4, [3])])
def test_vayu_neighbours_without_wrap(number, fired):
    s = fight(V, FULL)
    place_all(s)
    roll(s, number, "vayu")
    s.apply("end")
    left = [i + 1 for i, card in enumerate(slots(s)) if card is None]
    assert left == fired


def test_vayu_returns_fired_cards_to_hand_and_draws_one():
    """V01-R6."""
    s = fight(V, FULL)
    place_all(s)
    roll(s, 2, "vayu")                     # slots 1 (Ember Lash) and 3 (Gale)
    s.apply("end")
    assert enemy_hp(s) == 70 - 8 - 5
    draw(s, "stone")                       # Gale's draw
    draw(s, "stone")                       # Vayu's draw (V01-R6: one per turn)
    draw(s, "lash")                        # turn 2's draw
    assert s.to_move == 0
    assert hand(s) == {"Ember Lash": 2, "Gale": 1, "Stoneskin": 2}
    assert s.to_dict()["piles"]["discard"] == {}


def test_prithvi_latch_survives_rerolls():
    s = fight(V, FULL)
    place_all(s)
    roll(s, 2, "prithvi")
    roll(s, 4, "blank")
    s.apply("end")
    assert slots(s) == ["Ember Lash", None, "Gale", None]
    assert enemy_hp(s) == 70 - 6
    assert player(s)["hp"] == 50           # 7 Block vs a Weakened Strike of 6


def test_latch_lasts_one_turn():
    """V01-R8: latches end with the turn; Scorch stays."""
    s = fight(V, ["lash", "stone"])
    s.apply("lash>1")
    s.apply("stone>2")
    roll(s, 3, "prithvi")                  # latches empty slot 3; nothing fires
    s.apply("end")
    assert [slot["latched"] for slot in s.to_dict()["slots"]] == [0, 0, 0, 0]


def test_blank_element_is_calm_slot_n():
    s = fight(V, FULL)
    place_all(s)
    roll(s, 3, "blank")
    s.apply("end")
    assert slots(s) == ["Ember Lash", "Undertow", None, "Stoneskin"]


def test_blank_number_means_lowest_occupied_slot():
    s = fight(V, ["gale", "stone"])
    s.apply("gale>2")
    s.apply("stone>4")
    roll(s, "blank", "blank")
    s.apply("end")
    assert slots(s) == [None, None, None, "Stoneskin"]


def test_blank_number_with_agni_thresholds_from_lowest_occupied():
    """F-R11, V01-R7: matches are frozen when resolution starts, so the blank number does not move as cards leave."""
    s = fight(V, ["gale", "stone"])
    s.apply("gale>2")
    s.apply("stone>3")
    roll(s, "blank", "prithvi")            # N = 2: only slot 2, not slot 3 after slot 2 leaves
    s.apply("end")
    assert slots(s) == [None, None, "Stoneskin", None]
    s2 = fight(V, ["gale", "stone"])
    s2.apply("gale>2")
    s2.apply("stone>4")
    roll(s2, "blank", "agni")
    assert scorch(s2) == [1, 0, 0, 0]
    s2.apply("end")
    draw(s2, "lash")                       # Gale's draw happens at once, in slot order (F-R11)
    assert slots(s2) == [None, None, None, None]


def test_blank_number_on_empty_board_draws_one():
    """V01-R5: the draw happens at the roll, on every such roll."""
    s = fight(V, ["lash"], params={"reroll_cost": 0})
    roll(s, "blank", "jal")
    assert s.to_move == triptych.CHANCE
    draw(s, "stone")
    assert hand(s) == {"Ember Lash": 1, "Stoneskin": 1}
    assert scorch(s) == [0, 0, 0, 0]


def test_income_is_empty_slots_min_one_and_roll_costs():
    s = fight(V, FULL)
    assert s.energy == 4
    place_all(s)
    roll(s, 4, "blank")
    assert s.energy == 3                   # first roll 1
    roll(s, 4, "blank")
    assert s.energy == 1                   # reroll 2
    assert "roll" not in notations(s)      # a reroll needs 2
    s.apply("end")
    draw(s, "lash")
    assert slots(s).count(None) == 1
    assert s.energy == 1                   # income = 1 empty slot


def test_income_minimum_one_on_a_full_board():
    """F-R5."""
    s = fight(V, FULL, params={"first_roll_cost": 3})
    place_all(s)
    roll(s, 4, "blank")                    # Stoneskin fires; 1 slot empty
    s.apply("end")
    draw(s, "lash")
    assert s.energy == 1
    s.apply("lash>4")
    assert "end" in notations(s) and "roll" not in notations(s)  # roll unaffordable: may end unrolled
    s.apply("end")
    draw(s, "lash")
    assert slots(s).count(None) == 0
    assert s.energy == 1                   # 0 empty slots, minimum 1


def test_first_roll_is_required_when_affordable():
    """F-R5: 'end' is offered before the first roll only when the roll is unaffordable."""
    s = fight(V, ["lash"])
    assert "end" not in notations(s)
    s.apply("lash>1")
    roll(s, 1, "blank")
    assert "end" in notations(s)


def test_placement_locks_once_rolled():
    s = fight(V, ["lash", "stone"])
    s.apply("lash>1")
    roll(s, 3, "blank")
    assert not any(">" in a for a in notations(s))
    with pytest.raises(triptych.IllegalActionError, match="locked"):
        s.apply("stone>2")


def test_occupied_slots_cannot_be_overwritten():
    s = fight(V, ["lash", "stone"])
    s.apply("lash>1")
    with pytest.raises(triptych.IllegalActionError, match="occupied"):
        s.apply("stone>1")


def test_firing_order_is_slot_1_to_4():
    """F-R10."""
    s = fight(V, ["lash", "stone"], params={"enemy_hp": 8})
    s.apply("lash>1")
    s.apply("stone>2")
    roll(s, 1, "agni")
    s.apply("end")
    assert s.winner == 0 and player(s)["block"] == 0 and slots(s)[1] == "Stoneskin"
    s = fight(V, ["lash", "stone"], params={"enemy_hp": 8})
    s.apply("stone>1")
    s.apply("lash>2")
    roll(s, 1, "agni")
    s.apply("end")
    assert s.winner == 0 and player(s)["block"] == 7


def test_sentinel_cycle_and_guard_block():
    """F-R2."""
    s = fight(V, [])
    hps = []
    for card in ["lash", "lash", "stone", "stone"]:
        roll(s, 1, "blank")
        s.apply("end")
        hps.append(player(s)["hp"])
        draw(s, card)
    assert hps == [42, 34, 21, 17]         # Strike 8, Strike 8, Cleave 13, Guard + Jab 4
    assert enemy(s)["block"] == 10
    s.apply("lash>1")
    roll(s, 1, "blank")
    s.apply("end")
    assert enemy_hp(s) == 70               # the Guard's 10 Block took the 8
    assert enemy(s)["block"] == 0          # and was gone when the Sentinel acted again
    assert player(s)["hp"] == 9


def test_player_block_decays_after_enemy_turn():
    s = fight(V, ["stone"])
    s.apply("stone>1")
    roll(s, 1, "blank")
    s.apply("end")
    assert player(s)["hp"] == 49 and player(s)["block"] == 0


def test_exhaust_only_clogged_cards_before_rolling():
    """V01-R2."""
    s = fight(V, ["lash", "stone", "gale"])
    s.apply("lash>1")
    assert not any(a.startswith("exhaust") for a in notations(s))   # placed this turn: not clogged
    s.apply("stone>2")
    roll(s, 4, "blank")
    s.apply("end")
    draw(s, "lash")
    assert s.energy == 2
    assert {"exhaust 1", "exhaust 2"} <= set(notations(s))
    s.apply("exhaust 1")
    assert s.energy == 1 and slots(s)[0] is None
    assert s.to_dict()["piles"]["exhaust"] == {"Ember Lash": 1}
    assert s.cards_conserved()
    roll(s, 4, "blank")
    assert not any(a.startswith("exhaust") for a in notations(s))


def test_paid_draw_takes_two_from_the_discard():
    """V01-R1: random, from the discard pile, before the first roll."""
    s = fight(V, ["lash", "undertow"])
    s.apply("lash>1")
    s.apply("undertow>2")
    assert "buy" not in notations(s)       # discard empty
    roll(s, 1, "agni")
    s.apply("end")
    draw(s, "gale")
    assert s.energy == 4
    s.apply("buy")
    assert s.energy == 3
    outcomes = {str(a): p for a, p in s.chance_outcomes()}
    assert outcomes == {"+lash": 0.5, "+undertow": 0.5}
    draw(s, "undertow")
    assert {str(a): p for a, p in s.chance_outcomes()} == {"+lash": 1.0}
    draw(s, "lash")
    assert hand(s) == {"Ember Lash": 1, "Undertow": 1, "Gale": 1}


def test_akasha_gate_once_at_half():
    s = fight(V, ["lash", "lash", "lash"], params={"enemy_hp": 20, "reroll_cost": 0})
    s.apply("lash>1")
    roll(s, 1, "blank")
    s.apply("end")
    assert enemy_hp(s) == 12 and "Shunya" not in hand(s)
    draw(s, "stone")
    s.apply("lash>1")
    s.apply("lash>2")
    roll(s, 1, "agni")
    s.apply("end")
    assert s.winner == 0


def test_akasha_gate_adds_one_shunya_only_once():
    s = fight(V, ["lash", "lash"], params={"enemy_hp": 20})
    s.apply("lash>1")
    s.apply("lash>2")
    roll(s, 1, "agni")                     # 20 -> 12 -> 4: crosses 10 once
    s.apply("end")
    draw(s, "lash")
    assert hand(s).get("Shunya") == 1 and s.to_dict()["gated"]
    assert s.cards_conserved()
    s.apply("lash>1")
    roll(s, 4, "blank")
    s.apply("end")
    draw(s, "stone")
    assert hand(s).get("Shunya") == 1


def shunya_position(energy=3):
    """Placement phase: Lash, Undertow, Stoneskin on slots 1-3 with 1 Scorch each, Shunya in hand."""
    s = fight(V, ["lash", "undertow", "stone"])
    s.apply("lash>1")
    s.apply("undertow>2")
    s.apply("stone>3")
    data = s.to_dict()
    for i in range(3):
        data["slots"][i]["scorch"] = 1
    data["gated"] = True
    data["energy"] = energy
    data["enemy"]["hp"] = 30
    data["piles"]["hand"] = {"Shunya": 1}
    return combat.State.from_dict(data)


def test_shunya_void_every_occupied_slot_at_half():
    """V01-R3: played before rolling for 2; half of (base + Scorch), and Scorch was cleared by Shunya."""
    s = shunya_position()
    assert "shunya" in notations(s)
    s.apply("shunya")
    assert s.energy == 1
    assert scorch(s) == [0, 0, 0, 0]
    assert s.to_dict()["piles"]["exhaust"] == {"Shunya": 1}
    roll(s, 4, "blank")                    # slot 4 is empty: the dice add nothing
    s.apply("end")
    assert enemy_hp(s) == 30 - 4 - 3
    assert player(s)["hp"] == 50 - (6 - 3)  # Undertow's Weak: Strike 6, Block 3


def test_shunya_is_not_an_ordinary_card_and_locks_with_placement():
    """V01-R3: Shunya is never placed for free as `shunya>N`, and not played once the dice are rolled."""
    s = shunya_position()
    assert not any(a.startswith("shunya>") for a in notations(s))
    with pytest.raises(triptych.IllegalActionError):
        s.apply("shunya>4")
    roll(s, 4, "blank")
    assert "shunya" not in notations(s)
    with pytest.raises(triptych.IllegalActionError):
        s.apply("shunya")


def test_shunya_needs_energy_and_an_empty_slot():
    """V01-R3."""
    s = shunya_position()
    data = s.to_dict()
    data["energy"] = 1
    assert "shunya" not in notations(combat.State.from_dict(data))
    data["energy"] = 2
    data["slots"][3]["card"] = "Gale"
    data["piles"]["draw"]["Gale"] -= 1
    assert "shunya" not in notations(combat.State.from_dict(data))


def test_shunya_clears_latches():
    """V01-R3."""
    s = shunya_position()
    data = s.to_dict()
    data["slots"][0]["latched"] = 1
    s = combat.State.from_dict(data)
    s.apply("shunya")
    assert [slot["latched"] for slot in s.to_dict()["slots"]] == [0, 0, 0, 0]


def test_weak_lasts_two_enemy_turns():
    """F-R1: Weak 1 = 2 turns, ticking at the end of the holder's turn."""
    s = fight(V, ["undertow"])
    s.apply("undertow>1")
    roll(s, 1, "blank")
    s.apply("end")
    assert player(s)["hp"] == 44           # 8 -> 6
    draw(s, "lash")
    roll(s, 4, "blank")
    s.apply("end")
    assert player(s)["hp"] == 38           # 8 -> 6 again
    draw(s, "lash")
    roll(s, 4, "blank")
    s.apply("end")
    assert player(s)["hp"] == 25           # Cleave 13 at full strength
