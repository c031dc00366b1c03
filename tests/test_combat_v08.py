"""V08 Fuse Line: every rule of the spec, with dice and draws set through chance outcomes."""

from __future__ import annotations

import pytest

import triptych
import triptych.combat as combat
from combat_helpers import draw, enemy, enemy_hp, fight, hand, notations, player, roll, slots

V = "v08"


def line(cards, params=None, gated=False):
    """A fight with `cards` placed in slots 1.. (None leaves a slot empty); 'shunya' needs gated=True."""
    real = [c for c in cards if c and c != "shunya"]
    s = fight(V, real, params=params)
    if gated:
        data = s.to_dict()
        data["gated"] = True
        data["piles"]["hand"]["Shunya"] = 1
        s = combat.State.from_dict(data)
    for i, card in enumerate(cards, start=1):
        if card:
            s.apply(f"{card}>{i}")
    return s


def test_spec_numbers_are_the_defaults():
    p = next(v for v in combat.VARIANTS if v["id"] == V)["params"]
    assert (p["player_hp"], p["enemy_hp"]) == (50, 70)
    assert (p["ember_lash_damage"], p["undertow_damage"], p["gale_damage"], p["stoneskin_block"]) == (7, 5, 4, 6)
    assert (p["strike_damage"], p["cleave_damage"], p["guard_block"], p["jab_damage"]) == (8, 13, 10, 4)
    assert (p["shunya_damage"], p["reroll_cost"], p["pull_cost"], p["paid_draw_cost"]) == (6, 2, 1, 1)
    assert (p["base_income"], p["income_cap"], p["escalation_percent"]) == (1, 6, 50)


def test_first_roll_free_and_required_rearranging_free_until_it():
    """V08-R1: the turn ends only after the first (free) roll."""
    s = line(["lash", "stone"])
    assert s.energy == 1 and "end" not in notations(s)
    s.apply("move 1 4")                        # to an empty slot
    s.apply("move 2 4")                        # onto an occupied slot: a swap
    assert slots(s) == [None, "Ember Lash", None, "Stoneskin"] and s.energy == 1
    roll(s, 1, "blank")
    assert s.energy == 1
    assert not any(n.startswith(("move", "lash>", "pull")) for n in notations(s))   # locked
    assert "roll" not in notations(s)          # a reroll costs 2


def test_a_full_wheel_chain_escalates_holds_and_pays_for_itself():
    s = line(["gale", "lash", "stone", "undertow"])
    roll(s, 1, "vayu")
    s.apply("end")
    draw(s, "lash")                            # Gale's draw, mid-chain
    # Gale 4 (SAME), Lash 7 (FEEDS; Agni +50% after it), Stoneskin 6 x 1.5 = 9 standing, Undertow 5 x 1.5 = 7.
    assert enemy_hp(s) == 70 - 4 - 7 - 7
    assert slots(s) == [None, None, "Stoneskin", None]          # the Prithvi link holds
    assert player(s)["hp"] == 50 and player(s)["standing_block"] == 9 - 6   # Weak Strike 6
    draw(s, "gale")
    assert s.energy == 1 + 4


def test_income_is_capped():
    s = line(["lash"], params={"base_income": 5})
    roll(s, 1, "agni")
    s.apply("end")
    draw(s, "lash")
    assert s.energy == 6


def test_smothered_resolves_at_half_and_stops():
    s = line(["gale", "lash"])
    roll(s, 1, "agni")                         # Vayu feeds Agni: the arrow points back at the spark
    s.apply("end")
    draw(s, "stone")                           # Gale still draws
    assert enemy_hp(s) == 70 - 2 and slots(s) == [None, "Ember Lash", None, None]


def test_opposed_attack_becomes_half_block_stays_and_stops():
    """V08-R3: an OPPOSED card is pure defence: half its damage as Block, no riders."""
    s = line(["undertow", "lash"])
    roll(s, 1, "agni")                         # Agni <-> Jal
    s.apply("end")
    assert enemy_hp(s) == 70 and enemy(s)["weak"] == 0
    assert player(s)["hp"] == 50 - (8 - 2)
    draw(s, "gale")
    assert slots(s) == ["Undertow", "Ember Lash", None, None]
    assert s.to_dict()["slots"][0]["stayed"] == 1
    assert "pull 1" in notations(s)


def test_opposed_block_card_gives_full_block():
    s = line(["stone"])
    roll(s, 1, "vayu")                         # Vayu <-> Prithvi
    s.apply("end")
    assert player(s)["hp"] == 50 - (8 - 6) and player(s)["standing_block"] == 0
    assert slots(s)[0] == "Stoneskin"


def test_wild_spark_feeds_the_first_card_then_takes_its_element():
    s = line(["lash", "undertow"])
    roll(s, 1, "blank")
    s.apply("end")
    # Lash fires fully; the spark is now Agni, which opposes Undertow: 5 // 2 Block... x 1.5 escalation.
    assert enemy_hp(s) == 63
    assert player(s)["hp"] == 50 - (8 - 3)


def test_blank_number_enters_at_slot_four():
    s = line(["lash", None, None, "lash"])
    roll(s, "blank", "agni")
    s.apply("end")
    assert enemy_hp(s) == 63 and slots(s)[0] == "Ember Lash"


def test_walk_stops_at_an_empty_slot():
    s = line(["lash", None, "lash"])
    roll(s, 1, "agni")
    s.apply("end")
    assert enemy_hp(s) == 63 and slots(s)[2] == "Ember Lash"


def test_agni_escalation_is_cumulative_and_applies_to_block():
    """V08-R7: the escalation multiplies Block as well as damage."""
    s = line(["lash", "lash", "stone"])
    roll(s, 1, "agni")
    s.apply("end")
    assert enemy_hp(s) == 70 - 7 - 10          # 7 x 1.5 = 10.5 -> 10
    assert player(s)["standing_block"] == 12 - 8                # 6 x 2.0


def test_jal_redirect_asks_and_self_aim_heals_half():
    """V08-R4: damage aimed at yourself heals half of it (after relation and escalation)."""
    s = line(["undertow", "gale"])
    data = s.to_dict()
    data["player"]["hp"] = 40
    s = combat.State.from_dict(data)
    roll(s, 1, "jal")
    s.apply("end")
    assert notations(s) == ["aim enemy", "aim player"]
    assert enemy_hp(s) == 65 and enemy(s)["weak"] == 2
    s.apply("aim player")
    assert player(s)["hp"] == 42 and enemy_hp(s) == 65
    draw(s, "lash")                            # Gale's draw is still yours


def test_jal_self_aim_reaims_weak_too():
    """V08-R9: every effect after a self-aimed Jal link lands on you, Undertow's Weak included."""
    s = line(["undertow", "undertow"])
    roll(s, 1, "jal")
    s.apply("end")
    s.apply("aim player")
    assert player(s)["weak"] >= 1 and enemy(s)["weak"] == 2 - 1


def test_no_aim_choice_when_the_chain_stops_at_the_jal_link():
    """V08-R10: the aim is asked only when the chain goes on past the Jal link."""
    s = line(["undertow"])
    roll(s, 1, "jal")
    s.apply("end")
    assert s.to_move == triptych.CHANCE     # straight on to the next turn's draw


def test_vayu_shunts_the_next_card_and_the_walk_skips_the_gap():
    s = line(["gale", "stone"])
    roll(s, 1, "vayu")
    s.apply("end")
    draw(s, "lash")
    # Stoneskin moved from 2 to 3 and was reached there (Vayu opposes Prithvi: full Block, it stays).
    assert slots(s) == [None, None, "Stoneskin", None]
    assert player(s)["hp"] == 50 - (8 - 6)


def test_no_shunt_when_the_slot_beyond_is_taken():
    s = line(["gale", "lash", "stone"])
    roll(s, 1, "vayu")
    s.apply("end")
    draw(s, "lash")
    assert enemy_hp(s) == 70 - 4 - 7 and slots(s) == [None, None, "Stoneskin", None]


def test_shunya_is_a_null_link_keeping_the_old_element():
    """V08-R6/V08-R8: Shunya passes the spark unchanged, resolves fully and then goes to the discard."""
    s = line(["lash", "shunya", "stone"], gated=True)
    roll(s, 1, "agni")
    s.apply("end")
    assert enemy_hp(s) == 70 - 7 - 9           # Shunya 6 x 1.5
    assert player(s)["standing_block"] == 9 - 8
    assert s.to_dict()["piles"]["discard"] == {"Ember Lash": 1, "Shunya": 1}


def test_pull_costs_one_and_returns_a_card_left_on_the_line():
    """V08-R5: a card still on the line from an earlier turn may be pulled (an OPPOSED clog, or a card the walk
    never reached) — never a Prithvi link."""
    s = line(["stone", "lash"])
    roll(s, 2, "agni")                                 # the walk starts at slot 2: Stoneskin is never reached
    s.apply("end")
    draw(s, "gale")
    assert slots(s)[0] == "Stoneskin" and s.to_dict()["slots"][0]["held"] == 0 and s.energy == 2
    s.apply("pull 1")
    assert s.energy == 1 and "Stoneskin" in hand(s)


def test_a_prithvi_link_cannot_be_pulled_and_its_mark_round_trips():
    """V08-R5: a resolved Prithvi card is marked `held`; `pull` never takes it; the mark survives to_dict/from_dict
    and from_dict refuses it on an empty slot or a card of another element."""
    s = line(["stone"], params={"base_income": 5})
    roll(s, 1, "prithvi")
    s.apply("end")
    draw(s, "lash")
    data = s.to_dict()
    assert data["slots"][0]["card"] == "Stoneskin" and data["slots"][0]["held"] == 1
    assert not any(n.startswith("pull") for n in notations(s))
    assert combat.State.from_dict(data).to_dict() == data
    bad = dict(data, slots=[dict(x) for x in data["slots"]])
    bad["slots"][1]["held"] = 1                        # an empty slot
    with pytest.raises(triptych.InvalidStateError):
        combat.State.from_dict(bad)
    bad["slots"][1]["held"] = 0
    bad["slots"][0]["held"] = 2
    with pytest.raises(triptych.InvalidStateError):
        combat.State.from_dict(bad)


def test_reroll_costs_two_and_replaces_the_pending_walk():
    s = line(["lash"], params={"base_income": 3})
    roll(s, 2, "agni")
    roll(s, 1, "agni")
    assert s.energy == 1
    s.apply("end")
    assert enemy_hp(s) == 63


def test_paid_draw_one_for_two():
    s = fight(V, [])
    s.apply("buy")
    assert s.energy == 0
    draw(s, "lash")
    draw(s, "stone")
    assert hand(s) == {"Ember Lash": 1, "Stoneskin": 1}


def test_akasha_gate_at_half():
    s = line(["lash"])
    data = s.to_dict()
    data["enemy"]["hp"] = 41
    s = combat.State.from_dict(data)
    roll(s, 1, "agni")
    s.apply("end")
    assert enemy_hp(s) == 34 and s.to_dict()["gated"]
    draw(s, "gale")
    assert hand(s)["Shunya"] == 1


@pytest.mark.parametrize("spark,card,relation", [
    ("vayu", "lash", "feeds"), ("agni", "stone", "feeds"), ("prithvi", "undertow", "feeds"), ("jal", "gale", "feeds"),
    ("agni", "gale", "smothered"), ("jal", "stone", "smothered"), ("agni", "undertow", "opposed"),
    ("vayu", "stone", "opposed"), ("agni", "lash", "same"),
])
def test_the_wheel(spark, card, relation):
    s = line([card, "lash"])
    roll(s, 1, spark)
    s.apply("end")
    while s.to_dict()["stage"] == "resolve":
        s.apply(s.chance_outcomes()[0][0] if s.to_move == triptych.CHANCE else "aim enemy")
    assert s.to_dict()["counters"]["chain_last"] == (2 if relation in ("feeds", "same") else 1)


def test_link_properties_act_only_when_the_chain_passes_through():
    """V08-R2: a smothered Vayu card does not shunt; a smothered Agni card escalates nothing."""
    s = line(["gale", "stone"])
    roll(s, 1, "agni")
    s.apply("end")
    draw(s, "lash")
    assert slots(s)[1] == "Stoneskin" and enemy_hp(s) == 68


def test_a_wild_spark_stays_wild_through_shunya():
    """V08-R6."""
    s = line(["shunya", "undertow"], gated=True)
    roll(s, 1, "blank")
    s.apply("end")
    assert enemy_hp(s) == 70 - 6 - 5 and enemy(s)["weak"] == 1
