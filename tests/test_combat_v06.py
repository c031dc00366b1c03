"""V06 Tide Price: every rule of the spec, with dice and draws set through chance outcomes."""

from __future__ import annotations

import pytest

import triptych
import triptych.combat as combat
from combat_helpers import draw, enemy, enemy_hp, fight, hand, notations, player, roll, slots

V = "v06"


def with_shunya(s, enemy_hp_value=None):
    """The same position after the Akasha gate opened: Shunya in hand."""
    data = s.to_dict()
    data["gated"] = True
    data["piles"]["hand"]["Shunya"] = 1
    if enemy_hp_value is not None:
        data["enemy"]["hp"] = enemy_hp_value
    return combat.State.from_dict(data)


def test_spec_numbers_are_the_defaults():
    p = next(v for v in combat.VARIANTS if v["id"] == V)["params"]
    assert (p["player_hp"], p["enemy_hp"], p["hand_size"]) == (50, 70, 5)
    assert (p["ember_lash_damage"], p["undertow_damage"], p["gale_damage"], p["stoneskin_block"]) == (9, 5, 4, 7)
    assert (p["ember_lash_cost"], p["undertow_cost"], p["gale_cost"], p["stoneskin_cost"]) == (2, 1, 0, 1)
    assert (p["strike_damage"], p["cleave_damage"], p["guard_block"], p["jab_damage"]) == (8, 13, 10, 4)
    assert (p["shunya_damage"], p["shunya_cost"], p["akasha_gate_percent"]) == (12, 0, 50)
    assert (p["base_income"], p["fired_income_cap"], p["carry_cap"], p["carry_weak_cap"]) == (3, 2, 6, 3)
    assert (p["first_roll_cost"], p["reroll_cost"], p["take_back_cost"], p["paid_draw_cost"]) == (1, 2, 1, 1)


def test_income_three_first_roll_one_reroll_two_and_the_roll_is_required():
    """V06-R1: the turn cannot end before the first roll while it is affordable."""
    s = fight(V, ["lash"])
    assert s.energy == 3
    assert "end" not in notations(s)
    s.apply("lash>1")
    roll(s, 2, "blank")
    assert s.energy == 2
    roll(s, 3, "blank")
    assert s.energy == 0 and "roll" not in notations(s) and "end" in notations(s)


def test_number_opens_one_slot_and_firing_is_immediate_at_printed_cost():
    s = fight(V, ["lash", "stone"])
    s.apply("lash>1")
    s.apply("stone>2")
    roll(s, 1, "blank")                       # Neap Tide: prices as printed
    assert "fire 1" in notations(s) and "fire 2" not in notations(s)
    s.apply("fire 1")
    assert s.energy == 0 and enemy_hp(s) == 61 and slots(s) == [None, "Stoneskin", None, None]
    assert s.to_dict()["piles"]["discard"] == {"Ember Lash": 1}
    assert "lash>1" not in notations(s)      # placement locked once rolled (not Vayu)


def test_blank_number_opens_the_lowest_occupied_slot_fixed_at_the_roll():
    """V06-R3: the slot a blank number opens is fixed when the dice land."""
    s = fight(V, ["gale", "stone"])
    s.apply("gale>3")
    s.apply("stone>4")
    roll(s, "blank", "blank")
    assert "fire 3" in notations(s)
    s.apply("fire 3")
    draw(s, "lash")                           # Gale's draw
    assert "fire 4" not in notations(s)       # slot 4 is now lowest, but the open slot stays 3


def test_unopened_cards_wait_on_offer():
    s = fight(V, ["lash"])
    s.apply("lash>2")
    roll(s, 1, "blank")
    s.apply("end")
    draw(s, "gale")
    assert slots(s) == [None, "Ember Lash", None, None]
    roll(s, 2, "blank")
    assert "fire 2" in notations(s)


@pytest.mark.parametrize("card,tide,cost", [
    ("lash", "blank", 2), ("lash", "agni", 1), ("lash", "prithvi", 3), ("lash", "jal", 2), ("lash", "vayu", 0),
    ("stone", "prithvi", 1),                  # discount before the surcharge: 1 - 1 + 1
    ("undertow", "jal", 0), ("gale", "vayu", 0), ("gale", "prithvi", 1), ("gale", "blank", 0),
])
def test_tide_adjusted_costs(card, tide, cost):
    s = fight(V, [card], params={"base_income": 6})
    s.apply(f"{card}>1")
    roll(s, 1, tide)
    energy, hp = s.energy, player(s)["hp"]
    s.apply("fire 1")
    if tide == "agni":
        assert s.energy == energy and player(s)["hp"] == hp - cost   # paid in HP
    elif tide == "jal":
        assert s.energy == energy                                     # refunded
    else:
        assert s.energy == energy - cost


def test_unaffordable_cards_cannot_fire():
    s = fight(V, ["lash"], params={"base_income": 3})
    s.apply("lash>1")
    roll(s, 1, "prithvi")                     # costs 3, energy 2
    assert "fire 1" not in notations(s)


def test_blood_tide_pays_hp_unblockably_and_doubles_damage():
    s = fight(V, ["undertow"])
    s.apply("undertow>1")
    roll(s, 1, "agni")
    data = s.to_dict()
    data["player"]["block"] = 10
    s = combat.State.from_dict(data)
    s.apply("fire 1")
    assert player(s)["hp"] == 49 and player(s)["block"] == 10 and s.energy == 2
    assert enemy_hp(s) == 70 - 10             # 5 x 2


def test_blood_tide_cannot_spend_the_last_hp():
    """V06-R2: a Blood Tide price must leave the player alive."""
    s = fight(V, ["lash"])
    s.apply("lash>1")
    roll(s, 1, "agni")                        # Ember Lash costs 1 HP here
    data = s.to_dict()
    data["player"]["hp"] = 1
    s = combat.State.from_dict(data)
    assert "fire 1" not in notations(s)
    data["player"]["hp"] = 2
    assert "fire 1" in notations(combat.State.from_dict(data))


def test_ebb_tide_carries_energy_and_weakens_the_enemy():
    s = fight(V, ["lash"])
    s.apply("lash>1")
    roll(s, 1, "jal")
    s.apply("fire 1")
    assert s.energy == 2
    s.apply("end")
    assert s.to_dict()["counters"]["carry"] == 2
    assert enemy(s)["weak"] == 2 * 2 - 1      # two stacks of 2 turns, one ticked
    assert player(s)["hp"] == 50 - 6          # the Strike was Weak: 8 x 0.75
    draw(s, "gale")
    assert s.energy == 3 + 1 + 2              # base + one card fired + carry-over


def test_ebb_tide_caps_carry_at_six_and_weak_at_three():
    """V06-R10: the carry-over adds at most 3 Weak stacks."""
    s = fight(V, [], params={"base_income": 9})
    roll(s, 1, "jal")
    s.apply("end")
    assert s.to_dict()["counters"]["carry"] == 6
    assert enemy(s)["weak"] == 3 * 2 - 1
    draw(s, "lash")
    assert s.energy == 9 + 6


def test_energy_is_lost_at_turn_end_under_other_tides():
    s = fight(V, [])
    roll(s, 1, "blank")
    s.apply("end")
    draw(s, "lash")
    assert s.energy == 3 and player(s)["hp"] == 42


def test_slack_tide_is_free_keeps_placement_open_and_discards_one_then_draws_one():
    s = fight(V, ["lash", "stone", "undertow"])
    s.apply("lash>1")
    roll(s, 1, "vayu")
    assert "stone>2" in notations(s)          # placement does not lock
    s.apply("fire 1")
    assert s.energy == 2 and enemy_hp(s) == 61
    # The random discard is a chance node over the hand.
    outcomes = {str(a): p for a, p in s.chance_outcomes()}
    assert outcomes == {"+undertow": pytest.approx(0.5), "+stone": pytest.approx(0.5)}
    s.apply("+stone")
    assert s.to_dict()["piles"]["discard"] == {"Ember Lash": 1, "Stoneskin": 1}
    assert s.to_dict()["draw_source"] == "draw"
    draw(s, "gale")
    assert hand(s) == {"Undertow": 1, "Gale": 1} and s.to_move == 0
    s.apply("undertow>2")                     # still placing after the roll


def test_slack_tide_gale_discards_first_then_draws_both():
    """V06-R4: the Slack Tide's discard comes before its draw and the card's own draw."""
    s = fight(V, ["gale", "stone"])
    s.apply("gale>1")
    roll(s, 1, "vayu")
    s.apply("fire 1")
    s.apply("+stone")                         # the only card in hand is discarded
    draw(s, "lash")
    draw(s, "lash")
    assert hand(s) == {"Ember Lash": 2} and s.to_move == 0


def test_slack_tide_with_an_empty_hand_just_draws():
    s = fight(V, ["lash"])
    s.apply("lash>1")
    roll(s, 1, "vayu")
    s.apply("fire 1")
    assert s.to_dict()["draw_source"] == "draw" and s.to_dict()["pending_draws"] == 1


def test_high_tide_card_stays_fires_once_a_turn_and_leftover_energy_becomes_block():
    """V06-R7: a card that stays under High Tide is bought again only on a later turn."""
    s = fight(V, ["stone"], params={"reroll_cost": 0})
    s.apply("stone>1")
    roll(s, 1, "prithvi")
    s.apply("fire 1")                         # 1 - 1 + 1 = 1
    assert slots(s) == ["Stoneskin", None, None, None] and s.energy == 1
    assert "fire 1" not in notations(s)
    roll(s, 1, "prithvi")
    assert "fire 1" not in notations(s)       # bought again only on a future turn
    s.apply("end")
    # 7 Block + 1 from the leftover energy soak the Strike 8.
    assert player(s)["hp"] == 50 and player(s)["block"] == 0
    draw(s, "lash")
    roll(s, 1, "blank")
    assert "fire 1" in notations(s)


def test_cards_fired_last_turn_add_income_capped_at_two():
    s = fight(V, ["gale", "gale", "undertow"], params={"reroll_cost": 0})
    for i, card in enumerate(["gale", "gale", "undertow"], start=1):
        s.apply(f"{card}>{i}")
    roll(s, 1, "blank")
    s.apply("fire 1")
    draw(s, "lash")
    roll(s, 2, "blank")
    s.apply("fire 2")
    draw(s, "lash")
    roll(s, 3, "blank")
    s.apply("fire 3")
    assert s.to_dict()["counters"]["fired"] == 3
    s.apply("end")
    draw(s, "stone")
    assert s.energy == 3 + 2


def test_a_reroll_does_not_undo_a_fired_card():
    s = fight(V, ["lash"], params={"base_income": 5})
    s.apply("lash>1")
    roll(s, 1, "blank")
    s.apply("fire 1")
    roll(s, 4, "agni")
    assert enemy_hp(s) == 61 and s.energy == 0
    assert s.to_dict()["piles"]["discard"] == {"Ember Lash": 1}


def test_take_back_costs_one_while_placing():
    """V06-R8: take-backs only while placement is open."""
    s = fight(V, ["lash"])
    s.apply("lash>1")
    s.apply("take_back 1")
    assert s.energy == 2 and hand(s) == {"Ember Lash": 1}
    s.apply("lash>1")
    roll(s, 2, "blank")
    assert "take_back 1" not in notations(s)


def test_paid_draw_costs_one_for_two_cards():
    """V06-R6: paid draws come from the draw pile, before the first roll."""
    s = fight(V, [])
    s.apply("buy")
    assert s.energy == 2 and s.to_move == triptych.CHANCE
    draw(s, "lash")
    draw(s, "gale")
    assert hand(s) == {"Ember Lash": 1, "Gale": 1} and s.to_move == 0


def test_akasha_gate_gives_shunya_at_half_hp():
    s = fight(V, ["lash"])
    data = s.to_dict()
    data["enemy"]["hp"] = 44
    s = combat.State.from_dict(data)
    s.apply("lash>1")
    roll(s, 1, "blank")
    s.apply("fire 1")                         # 44 - 9 = 35 <= 50% of 70
    assert s.to_dict()["gated"] and hand(s) == {"Shunya": 1}


def test_shunya_fires_free_from_any_slot_then_exhausts():
    """V06-R9: Shunya is placed like any card and fires from any slot once rolled, free, then exhausts."""
    s = with_shunya(fight(V, ["lash"]))
    s.apply("shunya>3")
    s.apply("lash>1")
    roll(s, 1, "prithvi")
    assert "fire 3" in notations(s)
    energy = s.energy
    s.apply("fire 3")
    assert s.energy == energy and enemy_hp(s) == 58
    assert slots(s)[2] is None and s.to_dict()["piles"]["exhaust"] == {"Shunya": 1}


def test_shunya_under_blood_tide_is_free_and_not_doubled():
    """V06-R9: Shunya is "NO TIDE": the Blood Tide neither charges HP for it nor doubles it."""
    s = with_shunya(fight(V, []))
    s.apply("shunya>2")
    roll(s, 4, "agni")
    s.apply("fire 2")
    assert player(s)["hp"] == 50 and enemy_hp(s) == 70 - 12


def test_each_firing_uses_the_tide_showing_when_it_is_bought():
    """V06-R5: a reroll changes the tide for later firings; turn-end rules use the last tide."""
    s = fight(V, ["undertow", "gale"], params={"reroll_cost": 0})
    s.apply("undertow>1")
    s.apply("gale>2")
    roll(s, 1, "agni")
    s.apply("fire 1")                         # 10 under Blood Tide
    roll(s, 2, "blank")
    s.apply("fire 2")                         # plain 4
    assert enemy_hp(s) == 70 - 10 - 4
    draw(s, "lash")
    roll(s, 3, "prithvi")
    s.apply("end")
    assert player(s)["hp"] == 49 - (6 - 2)   # 1 HP paid; 2 leftover energy became Block vs a Weak Strike 6


def test_blank_number_on_an_empty_board_opens_nothing():
    """V06-R11."""
    s = fight(V, ["lash"])
    roll(s, "blank", "vayu")
    s.apply("lash>1")                         # Slack Tide: still placing, but no slot was opened
    assert not any(n.startswith("fire") for n in notations(s))


@pytest.mark.parametrize("field,value", [("open_slot", 2), ("fired", 1), ("bought", 1), ("slack_owed", 1)])
def test_from_dict_refuses_turn_counters_play_cannot_reach(field, value):
    """Before the first roll nothing is open, fired or bought, and no Slack draw is owed."""
    data = fight(V, ["lash"]).to_dict()
    data["counters"][field] = value
    with pytest.raises(triptych.InvalidStateError, match=f"^counters.{field}"):
        combat.State.from_dict(data)


def test_from_dict_accepts_the_counters_of_a_purchase():
    s = fight(V, ["lash", "stone"])
    s.apply("lash>1")
    roll(s, 1, "vayu")
    s.apply("fire 1")                         # the Slack discard is pending, one draw owed
    data = s.to_dict()
    assert (data["counters"]["bought"], data["counters"]["slack_owed"], data["draw_source"]) == (1, 1, "hand")
    assert combat.State.from_dict(data).to_dict() == data
