"""V04 Painted Ground: painting, the four grounds, resonance, income, rerolls, scrape, Akasha."""

from __future__ import annotations

import triptych
import triptych.combat as combat
from combat_helpers import draw, enemy, enemy_hp, fight, hand, notations, player, roll, slots

V = "v04"
NAMES = {0: None, 1: "agni", 2: "jal", 3: "vayu", 4: "prithvi"}


def paint(s):
    return [NAMES[slot["paint"]] for slot in s.to_dict()["slots"]]


def edit(s, fn):
    data = s.to_dict()
    fn(data)
    return combat.State.from_dict(data)


def test_each_roll_paints_the_numbered_anchor_and_rerolls_add_paint():
    s = fight(V, ["lash"], params={"reroll_cost_first": 0, "reroll_cost_max": 0})
    roll(s, 2, "agni")
    roll(s, 4, "jal")
    assert paint(s) == [None, "agni", None, "jal"]


def test_blank_number_paints_lowest_bare_anchor_then_anchor_one():
    s = fight(V, ["lash"], params={"reroll_cost_first": 0, "reroll_cost_max": 0})
    roll(s, 1, "agni")
    roll(s, "blank", "vayu")
    assert paint(s) == ["agni", "vayu", None, None]
    roll(s, 3, "jal")
    roll(s, 4, "jal")
    roll(s, "blank", "vayu")               # nothing bare: anchor 1
    assert paint(s) == ["vayu", "vayu", "jal", "jal"]


def test_blank_element_scrapes_but_a_roll_never_touches_stone():
    """V04-R1."""
    s = fight(V, ["lash"], params={"reroll_cost_first": 0, "reroll_cost_max": 0})
    roll(s, 1, "agni")
    roll(s, 1, "blank")
    assert paint(s)[0] is None
    roll(s, 2, "prithvi")
    roll(s, 2, "agni")
    roll(s, 2, "blank")
    assert paint(s)[1] == "prithvi"


def test_scorched_fires_every_turn_growing_fifty_percent_with_resonance():
    """V04-R5."""
    s = fight(V, ["lash"])
    s.apply("lash>1")
    roll(s, 1, "agni")
    s.apply("end")
    assert enemy_hp(s) == 75 - 14          # 7 x 100% x2 resonance
    draw(s, "stone")
    roll(s, 4, "blank")
    s.apply("end")
    assert enemy_hp(s) == 61 - 20          # floor(7 x 1.5) = 10, x2
    draw(s, "stone")
    roll(s, 4, "blank")
    s.apply("end")
    assert enemy_hp(s) == 41 - 28          # 7 x 2 x2
    assert slots(s)[0] == "Ember Lash"


def test_repainting_resets_the_scorched_count():
    """V04-R4."""
    s = fight(V, ["lash"], params={"reroll_cost_first": 0, "reroll_cost_max": 0})
    s.apply("lash>1")
    roll(s, 1, "agni")
    s.apply("end")
    draw(s, "stone")
    roll(s, 1, "vayu")
    roll(s, 1, "agni")
    s.apply("end")
    assert enemy_hp(s) == 75 - 14 - 14


def test_empty_scorched_anchor_chips_for_one():
    """V04-R5."""
    s = fight(V, ["lash"])
    roll(s, 3, "agni")
    s.apply("end")
    assert enemy_hp(s) == 74


def test_flooded_fires_right_neighbour_at_half_then_spreads():
    """V04-R2."""
    s = fight(V, ["lash", "stone"])
    s.apply("lash>1")
    s.apply("stone>2")
    roll(s, 1, "jal")
    s.apply("end")
    assert enemy_hp(s) == 75 - 7
    assert player(s)["hp"] == 50 - (8 - 3)  # the splash: Stoneskin at half = 3 Block
    assert slots(s) == [None, "Stoneskin", None, None]   # the splashed card stays put (V04-R2)
    assert paint(s) == ["jal", "jal", None, None]
    draw(s, "lash")
    roll(s, 4, "blank")
    s.apply("end")                         # anchor 2 now Flooded: Stoneskin fires at full and leaves
    assert player(s)["hp"] == 45 - (8 - 6)
    assert paint(s) == ["jal", "jal", "jal", None]


def test_swept_returns_to_hand_and_draws_one():
    """V04-R6."""
    s = fight(V, ["gale"])
    s.apply("gale>1")
    roll(s, 1, "vayu")
    s.apply("end")
    assert enemy_hp(s) == 75 - 10
    draw(s, "lash")                        # Gale's own draw
    draw(s, "lash")                        # Swept's draw
    draw(s, "stone")                       # turn 2
    assert hand(s) == {"Gale": 1, "Ember Lash": 2, "Stoneskin": 1}
    assert paint(s)[0] == "vayu"


def test_stone_keeps_the_card_firing_every_turn_until_scraped():
    """V04-R8."""
    s = fight(V, ["stone"])
    s.apply("stone>1")
    roll(s, 1, "prithvi")
    s.apply("end")
    assert player(s)["hp"] == 50           # 12 Block (resonance) soaked the Strike
    draw(s, "lash")
    roll(s, 1, "agni")                     # a roll cannot repaint Stone
    s.apply("end")
    assert paint(s)[0] == "prithvi" and slots(s)[0] == "Stoneskin" and player(s)["hp"] == 50
    draw(s, "lash")
    assert "scrape 1" in notations(s)
    s.apply("scrape 1")
    assert paint(s)[0] is None


def test_unpainted_anchor_does_nothing():
    s = fight(V, ["lash"])
    s.apply("lash>1")
    roll(s, 2, "vayu")                     # paints anchor 2 (empty, Swept: nothing)
    s.apply("end")
    assert enemy_hp(s) == 75 and slots(s)[0] == "Ember Lash"


def test_income_is_distinct_colours_min_one():
    s = fight(V, ["lash"])
    assert s.energy == 1
    s = edit(s, lambda d: [d["slots"][i].update(paint=p) for i, p in enumerate([1, 1, 2, 3])])
    roll(s, 4, "vayu")
    s.apply("end")
    draw(s, "stone")
    assert s.energy == 3


def test_rerolls_cost_two_three_four_four():
    s = fight(V, ["lash"])
    s = edit(s, lambda d: d.update(energy=14))
    costs = []
    for _ in range(5):
        before = s.energy
        roll(s, 4, "vayu")
        costs.append(before - s.energy)
    assert costs == [1, 2, 3, 4, 4]


def test_shunya_strips_all_four_anchors_and_returns_every_card():
    """V04-R7: all four anchors are stripped, so every card on the board returns (a bare anchor's too)."""
    s = fight(V, ["lash", "stone"])
    s.apply("lash>1")
    s.apply("stone>2")
    s = edit(s, lambda d: (d.update(gated=True), d["piles"]["hand"].update({"Shunya": 1}),
                           d["slots"][0].update(paint=1), d["slots"][3].update(paint=2), d["enemy"].update(hp=30)))
    s.apply("shunya")
    assert enemy_hp(s) == 24 and player(s)["block"] == 6
    assert paint(s) == [None, None, None, None]
    assert slots(s) == [None, None, None, None]
    assert hand(s) == {"Ember Lash": 1, "Stoneskin": 1}
    assert s.to_dict()["piles"]["exhaust"] == {"Shunya": 1}


def test_sentinel_numbers():
    s = fight(V, [])
    hps = []
    for card in ["lash", "lash", "stone", "stone"]:
        roll(s, 1, "blank")
        s.apply("end")
        hps.append(player(s)["hp"])
        draw(s, card)
    assert hps == [42, 34, 20, 15] and enemy(s)["block"] == 10


def test_same_colour_again_is_no_repaint():
    """V04-R4: the Scorched count continues when a roll paints Agni over Agni."""
    s = fight(V, ["lash"])
    s.apply("lash>1")
    roll(s, 1, "agni")
    s.apply("end")
    draw(s, "stone")
    roll(s, 1, "agni")
    s.apply("end")
    assert enemy_hp(s) == 75 - 14 - 20
