"""V04 Painted Ground, sentence by sentence from the seed (combat-variants.txt, section V04)."""

from __future__ import annotations

import pytest

import triptych
import triptych.combat as combat
from combat_helpers import draw, enemy, enemy_hp, fight, hand, notations, player, roll, slots
from combat_v04_v06_positions import edit, legend, paint, roll_distribution, with_paint, with_shunya

SEED = "combat-variants.txt"
SECTION = "V04"
V = "v04"
FREE_REROLLS = {"reroll_cost_first": 0, "reroll_cost_max": 0}


def test_dice_faces():
    """Both dice are rolled together with the printed faces.

    > Number die, 6 faces: 1, 2, 3, 4, blank, blank.

    > Element die, 6 faces: Agni, Jal, Vayu, Prithvi, blank, blank.
    """
    s = fight(V, ["lash"])
    s.apply("roll")
    numbers, elements = roll_distribution(s)
    assert numbers == pytest.approx({"1": 1 / 6, "2": 1 / 6, "3": 1 / 6, "4": 1 / 6, "blank": 2 / 6})
    assert elements == pytest.approx({"agni": 1 / 6, "jal": 1 / 6, "vayu": 1 / 6, "prithvi": 1 / 6, "blank": 2 / 6})


def test_an_anchor_holds_one_card_and_a_colour_or_is_bare():
    """
    > Slots. 4 anchors, 1–4. An anchor holds at most 1 card AND carries a paint colour (one of the four elements) or is bare.
    """
    s = fight(V, ["lash", "stone"])
    assert paint(s) == [None, None, None, None]
    s.apply("lash>4")
    with pytest.raises(triptych.IllegalActionError):
        s.apply("stone>4")
    assert "stone>5" not in notations(s) and sum(n.startswith("stone>") for n in notations(s)) == 3
    roll(s, 4, "agni")
    assert paint(s) == [None, None, None, "agni"] and slots(s) == [None, None, None, "Ember Lash"]


def test_paint_persists_across_rerolls_and_turns():
    """
    > Paint persists across rerolls and across turns until repainted or scraped.

    > Paint from earlier rolls this turn is not undone — rerolling is how you build a multicoloured board, not how you retry.
    """
    s = fight(V, ["lash"], params=FREE_REROLLS)
    roll(s, 1, "jal")
    roll(s, 3, "vayu")                     # a reroll paints another anchor; anchor 1 keeps Jal
    assert paint(s) == ["jal", None, "vayu", None]
    s.apply("end")
    draw(s, "stone")
    assert paint(s) == ["jal", "jal", "vayu", None]   # (anchor 2: the Jal spread)
    roll(s, 1, "agni")                     # repainted
    roll(s, 3, "blank")                    # scraped
    assert paint(s) == ["agni", "jal", None, None]


def test_the_card_resolves_under_the_anchors_paint_not_its_own_element():
    """An Ember Lash on Swept ground behaves as Swept, not as Agni.

    > Occupying an anchor means the card will resolve under whatever that anchor's paint says.

    > Element behaviours (properties of the anchor, not the card).

    > The card's own element is not a gate; if the card's element equals the paint colour the effect is doubled (resonance).
    """
    s = fight(V, ["lash"])
    s.apply("lash>2")
    roll(s, 2, "vayu")
    s.apply("end")
    assert enemy_hp(s) == 75 - 7           # fired at x1: no resonance (Agni card on Vayu ground)
    assert slots(s)[1] is None              # Swept: back to hand
    draw(s, "stone")                        # Swept's draw 1
    draw(s, "stone")                        # turn 2's draw
    assert hand(s) == {"Ember Lash": 1, "Stoneskin": 2}


def test_each_roll_paints_the_anchor_the_number_names():
    """
    > Painting. Every roll paints exactly one anchor: the number die picks the anchor, the element die is the colour.

    > Reroll. Rerolls both dice and paints an additional anchor.

    > Optional rerolls (2, 3, 4, 4…) → each paints another anchor.

    > First roll: pay 1. Number picks anchor, element paints it (or scrapes on blank). Placement locks.
    """
    s = fight(V, ["lash", "stone"], params=FREE_REROLLS)
    s.apply("lash>1")
    energy = s.energy
    roll(s, 2, "agni")
    assert s.energy == energy - 1
    assert paint(s) == [None, "agni", None, None]
    assert not any(">" in n for n in notations(s))          # placement locked
    roll(s, 4, "prithvi")
    roll(s, 3, "jal")
    assert paint(s) == [None, "agni", "jal", "prithvi"]
    roll(s, 3, "blank")
    assert paint(s) == [None, "agni", None, "prithvi"]


def test_blank_number_paints_the_lowest_bare_anchor_else_anchor_one():
    """
    > Blank number → paints the lowest-index bare anchor; if none is bare, the lowest-index anchor.
    """
    s = fight(V, ["lash"], params=FREE_REROLLS)
    s = with_paint(s, ["agni", None, "jal", None])
    roll(s, "blank", "vayu")
    assert paint(s) == ["agni", "vayu", "jal", None]
    roll(s, "blank", "vayu")
    assert paint(s) == ["agni", "vayu", "jal", "vayu"]
    roll(s, "blank", "jal")
    assert paint(s) == ["jal", "vayu", "jal", "vayu"]


def test_blank_element_scrapes_the_targeted_anchor():
    """
    > Blank element → SCRAPES the targeted anchor bare instead of painting it.

    > BLANK — Scrapes the anchor bare.
    """
    s = fight(V, ["lash"], params=FREE_REROLLS)
    s = with_paint(s, ["agni", "jal", None, None])
    roll(s, 2, "blank")
    assert paint(s) == ["agni", None, None, None]
    roll(s, "blank", "blank")              # targets anchor 2 (lowest bare): stays bare
    assert paint(s) == ["agni", None, None, None]


def test_turn_end_resolves_painted_occupied_anchors_in_slot_order():
    """The lethal blow lands on anchor 2 before anchor 3's Stoneskin would fire, so no Block is gained.

    > Resolution. At turn end, every anchor that is painted and holds a card resolves that card under the paint's verb, in slot order 1→4.

    > Turn end: resolve every painted+occupied anchor in slot order.
    """
    s = with_shunya(fight(V, ["lash", "stone", "gale"]), enemy_hp=5)
    s.apply("gale>2")
    s.apply("stone>3")
    s.apply("lash>4")
    s = with_paint(s, [None, "prithvi", "prithvi", None])
    roll(s, 1, "jal")                      # anchor 1 painted but empty; anchor 4 unpainted
    s.apply("end")
    assert s.is_terminal and s.winner == 0
    assert player(s)["block"] == 0          # anchor 3 never fired


def test_an_unpainted_card_waits():
    """
    > An unpainted anchor does nothing. There is no clog penalty — an unpainted card simply waits.
    """
    s = fight(V, ["lash", "stone"])
    s.apply("lash>1")
    s.apply("stone>2")
    roll(s, 3, "vayu")
    s.apply("end")
    assert enemy_hp(s) == 75 and player(s)["hp"] == 50 - 8
    assert slots(s)[:2] == ["Ember Lash", "Stoneskin"]
    draw(s, "gale")
    assert s.energy == 1                   # no penalty: income is the colours (1)


def test_scorched_fires_again_every_turn_growing_fifty_percent():
    """Ruling: V04-R5. Undertow (5, no resonance): 5, floor(7.5) = 7, 10.

    > Agni — SCORCHED. The card fires, then returns to the same anchor and fires again next turn at +50% of base per turn elapsed (turn 1: 100%, turn 2: 150%, turn 3: 200%…), until the anchor is repainted or scraped.

    > AGNI ground — Scorched: the card fires again every turn, +50% each time.
    """
    s = fight(V, ["undertow"], params={"weak_turns": 0})
    s.apply("undertow>1")
    roll(s, 1, "agni")
    s.apply("end")
    assert enemy_hp(s) == 75 - 5 and slots(s)[0] == "Undertow"
    for hp, card in ((75 - 5 - 7, "stone"), (75 - 5 - 7 - 10, "stone")):
        draw(s, card)
        roll(s, 4, "vayu")
        s.apply("end")
        assert enemy_hp(s) == hp
    draw(s, "stone")
    roll(s, 1, "vayu")                     # repainted: the card leaves Scorched
    s.apply("end")
    assert enemy_hp(s) == 75 - 22 - 5 and slots(s)[0] is None


def test_scorched_with_resonance_rounds_growth_before_doubling():
    """Ruling: V04-R5.

    > Apply the paint verb, then resonance doubling if card element = paint colour, then the damage pipeline.

    > RESONANCE — card colour = ground colour → doubled.
    """
    s = fight(V, ["lash"])
    s.apply("lash>1")
    roll(s, 1, "agni")
    s.apply("end")
    assert enemy_hp(s) == 75 - 14          # 7 x 100% x2
    draw(s, "stone")
    s = edit(s, lambda d: d["player"].update(weak=2))  # the pipeline comes last
    roll(s, 4, "blank")
    s.apply("end")
    assert enemy_hp(s) == 61 - 15          # floor(7 x 1.5) = 10, x2 = 20, Weak floor(20 x 0.75) = 15


def test_painting_the_same_colour_again_is_no_repaint():
    """Ruling: V04-R4. Agni over Agni: the Scorched count goes on (7, 10 -> 14 with resonance: 14, 20).

    > Agni — SCORCHED. The card fires, then returns to the same anchor and fires again next turn at +50% of base per turn elapsed (turn 1: 100%, turn 2: 150%, turn 3: 200%…), until the anchor is repainted or scraped.
    """
    s = fight(V, ["lash"])
    s.apply("lash>1")
    roll(s, 1, "agni")
    s.apply("end")
    draw(s, "stone")
    roll(s, 1, "agni")
    s.apply("end")
    assert enemy_hp(s) == 75 - 14 - 20
    draw(s, "stone")
    s = edit(s, lambda d: d.update(energy=2))
    s.apply("scrape 1")
    roll(s, 1, "agni")                     # scraped, then painted again: back to 100%
    s.apply("end")
    assert enemy_hp(s) == 75 - 34 - 14


def test_empty_scorched_anchor_chips_for_one():
    """Ruling: V04-R5 (the chip goes through the pipeline).

    > A Scorched anchor with no card deals 1 damage to the enemy per turn.

    > Empty scorched ground chips for 1.
    """
    s = fight(V, ["lash"])
    roll(s, 3, "agni")
    s.apply("end")
    assert enemy_hp(s) == 74
    draw(s, "stone")
    roll(s, 1, "vayu")
    s.apply("end")
    assert enemy_hp(s) == 73


def test_flooded_fires_the_right_neighbour_at_half():
    """Ruling: V04-R2, V04-R9. Lash on Flood (7), Undertow right of it at half: floor(5 / 2) = 2
    (plain: no resonance with the Jal flood, which would give 4). The Lash goes to the discard.

    > Vayu — SWEPT. The card fires and returns to hand instead of discard, and you draw 1.

    > Jal — FLOODED. The card fires, and the anchor to its right also fires its card at half effect (round down).

    > JAL ground — Flooded: also fires the anchor to the right at half, and spreads Jal rightwards.
    """
    s = fight(V, ["lash", "undertow"], params={"weak_turns": 0})
    s.apply("lash>1")
    s.apply("undertow>2")
    roll(s, 1, "jal")
    s.apply("end")
    assert enemy_hp(s) == 75 - 7 - 2
    assert slots(s)[:2] == [None, "Undertow"]          # the splashed card stays (V04-R2)
    assert s.to_dict()["piles"]["discard"] == {"Ember Lash": 1}   # V04-R9


def test_flood_spreads_to_a_bare_right_neighbour_at_turn_end():
    """Ruling: V04-R3.

    > At turn end, a Flooded anchor paints its right neighbour Jal if that neighbour is bare. Anchor 4 has no right neighbour.

    > Jal spread: each Flooded anchor paints its right neighbour Jal if bare.
    """
    s = with_paint(fight(V, ["lash"]), ["jal", None, None, "agni"])
    roll(s, 2, "blank")                    # anchor 2 stays bare until turn end
    assert paint(s) == ["jal", None, None, "agni"]
    s.apply("end")
    assert paint(s) == ["jal", "jal", None, "agni"]   # one step, no chain to anchor 3
    draw(s, "stone")
    roll(s, 4, "agni")
    s.apply("end")
    assert paint(s) == ["jal", "jal", "jal", "agni"]  # the next turn's spread; Agni is not bare
    s = with_paint(fight(V, ["lash"]), [None, None, None, "jal"])
    roll(s, 2, "blank")
    s.apply("end")
    assert paint(s) == [None, None, None, "jal"]      # anchor 4 does not wrap to anchor 1


def test_swept_returns_the_card_to_hand_draws_one_and_keeps_paint():
    """Ruling: V04-R6. A Gale on Swept ground draws twice: its own draw and the Swept draw.

    > Vayu — SWEPT. The card fires and returns to hand instead of discard, and you draw 1. The anchor keeps its paint.

    > VAYU ground — Swept: the card fires and comes back to your hand; draw 1.
    """
    s = fight(V, ["gale"])
    s.apply("gale>1")
    roll(s, 1, "vayu")
    s.apply("end")
    assert enemy_hp(s) == 75 - 10          # resonance
    draw(s, "lash")                        # Gale's draw
    draw(s, "stone")                       # Swept's draw
    draw(s, "stone")                       # turn 2
    assert hand(s) == {"Gale": 1, "Ember Lash": 1, "Stoneskin": 2}
    assert paint(s)[0] == "vayu" and s.to_dict()["piles"]["discard"] == {}


def test_stone_keeps_the_card_firing_every_turn_and_no_roll_repaints_it():
    """Ruling: V04-R1, V04-R8.

    > Prithvi — STONE. The card fires and stays permanently, firing every turn under Stone. A Stone anchor cannot be repainted by a roll — only scraped (1 energy) or cleared by Akasha.

    > PRITHVI ground — Stone: the card stays forever and fires every turn. Only scraping removes it.
    """
    s = fight(V, ["lash"], params=FREE_REROLLS)
    s.apply("lash>1")
    roll(s, 1, "prithvi")
    s.apply("end")
    assert enemy_hp(s) == 75 - 7
    draw(s, "stone")
    roll(s, 1, "agni")
    roll(s, 1, "blank")                    # neither a colour nor a blank touches Stone
    s.apply("end")
    assert enemy_hp(s) == 75 - 14 and paint(s)[0] == "prithvi" and slots(s)[0] == "Ember Lash"
    draw(s, "stone")
    energy = s.energy
    s.apply("scrape 1")
    assert s.energy == energy - 1 and paint(s)[0] is None


def test_akasha_gate_gives_shunya_at_half_hp():
    """75 x 50% = 37.5: the gate opens at 37.

    > Akasha — NULL. Gate: first time enemy HP ≤ 50%, one Akasha card "Shunya" enters hand (deal 6, gain 6 Block).
    """
    s = fight(V, ["lash", "lash"])
    s = edit(s, lambda d: d["enemy"].update(hp=45))
    s.apply("lash>1")
    roll(s, 1, "prithvi")                  # 45 - 7 = 38: not yet
    s.apply("end")
    assert not s.to_dict()["gated"]
    draw(s, "stone")
    roll(s, 4, "vayu")
    s.apply("end")                         # 38 - 7 = 31
    assert s.to_dict()["gated"]
    draw(s, "stone")
    assert hand(s)["Shunya"] == 1
    energy, block = s.energy, player(s)["block"]
    s.apply("shunya")
    assert enemy_hp(s) == 31 - 6 and player(s)["block"] == block + 6 and s.energy == energy


def test_shunya_strips_all_four_anchors_returns_every_card_then_exhausts():
    """Ruling: V04-R7. Shunya is not an ordinary card that waits on an anchor.

    > Playing it costs 0, is placed on any anchor, and immediately strips paint from all four anchors; every card on a stripped anchor returns to hand. Then it exhausts.

    > AKASHA — Null: strips all four anchors; their cards return to hand.
    """
    s = fight(V, ["lash", "stone", "gale", "undertow"])
    for i, card in enumerate(["lash", "stone", "gale", "undertow"], start=1):
        s.apply(f"{card}>{i}")
    s = with_paint(with_shunya(s, enemy_hp=30), ["agni", None, "prithvi", "jal"])
    assert not any(n.startswith("shunya>") for n in notations(s))   # not placed to wait
    assert "shunya" in notations(s)        # a full board does not lock it out
    energy = s.energy
    s.apply("shunya")
    assert s.energy == energy
    assert paint(s) == [None, None, None, None] and slots(s) == [None, None, None, None]
    assert hand(s) == {"Ember Lash": 1, "Stoneskin": 1, "Gale": 1, "Undertow": 1}
    assert s.to_dict()["piles"]["exhaust"] == {"Shunya": 1}


def test_shunya_is_a_placement_so_it_locks_at_the_first_roll():
    """Ruling: V04-R7, V04-R8 (a scrape before the roll).

    > A reroll does not undo placements (locked once you roll), scrapes, or spent energy.
    """
    s = with_shunya(fight(V, ["lash"], params=FREE_REROLLS), enemy_hp=30)
    s = edit(with_paint(s, ["agni", "jal", None, None]), lambda d: d.update(energy=3))
    s.apply("scrape 2")
    energy = s.energy
    roll(s, 1, "vayu")
    assert "shunya" not in notations(s) and not any(">" in n for n in notations(s))
    with pytest.raises(triptych.IllegalActionError):
        s.apply("shunya")
    roll(s, 3, "prithvi")                  # the reroll undoes neither the scrape nor the spend
    assert paint(s) == ["vayu", None, "prithvi", None] and s.energy == energy - 1


def test_income_is_distinct_colours_minimum_one():
    """
    > Energy. Income at turn start = the number of distinct paint colours currently on the board (0–4), minimum 1. This is the element-interaction pressure: a monochrome board is poor, a four-colour board is rich.

    > Energy = distinct paint colours on board, min 1.
    """
    for colours, income in (([None] * 4, 1), (["jal"] * 4, 1), (["agni", "agni", "jal", None], 2),
                            (["agni", "jal", "vayu", "prithvi"], 4)):
        s = with_paint(fight(V, ["lash"]), colours)
        s = edit(s, lambda d: d.update(energy=0))
        s.apply("end")                      # no roll affordable: nothing changes the paint
        draw(s, "stone")
        assert s.energy == income, colours


def test_energy_sinks_and_no_carry_over():
    """Ruling: V04-R8 (a scrape after the rolls).

    > Sinks: first roll 1; rerolls escalate 2, then 3, then 4, then 4 flat; scrape an anchor bare 1; paid draw 1 → 2 cards. No carry-over.
    """
    s = fight(V, ["lash"])
    s = edit(s, lambda d: d.update(energy=20))
    s.apply("buy")
    assert s.energy == 19 and s.to_dict()["pending_draws"] == 2
    draw(s, "stone")
    draw(s, "gale")
    costs = []
    for _ in range(5):
        before = s.energy
        roll(s, 4, "vayu")
        costs.append(before - s.energy)
    assert costs == [1, 2, 3, 4, 4]
    s.apply("scrape 4")
    assert s.energy == 19 - 14 - 1
    s.apply("end")
    draw(s, "lash")
    assert s.energy == 1                   # 4 left over are gone; the board is bare: min 1


def test_turn_order_draw_one_then_place_into_empty_anchors():
    """
    > Draw 1. Optional paid draws.

    > Place cards into empty anchors (free).
    """
    s = fight(V, ["lash"])
    roll(s, 1, "blank")
    s.apply("end")
    assert s.to_move == triptych.CHANCE and s.to_dict()["pending_draws"] == 1
    draw(s, "stone")
    energy = s.energy
    s.apply("stone>3")
    assert s.energy == energy and "buy" in notations(s)


def test_enemy_acts_then_block_decays():
    """
    > Enemy acts. Block decays.
    """
    s = fight(V, ["stone", "stone"])
    s.apply("stone>1")
    s.apply("stone>2")
    s = with_paint(s, ["prithvi", "prithvi", None, None])
    roll(s, 4, "vayu")
    s.apply("end")                         # 12 Block (resonance, twice: 24) against the Strike 8
    assert player(s)["hp"] == 50 and player(s)["block"] == 0


def test_win_and_lose():
    """
    > Win / lose. Enemy HP ≤ 0 → win. Player HP ≤ 0 → lose.
    """
    s = with_shunya(fight(V, ["lash"]), enemy_hp=7)
    s.apply("lash>1")
    roll(s, 1, "vayu")
    s.apply("end")
    assert s.is_terminal and s.winner == 0
    s = fight(V, ["lash"])
    s = edit(s, lambda d: d["player"].update(hp=8))
    roll(s, 1, "vayu")
    s.apply("end")
    assert s.is_terminal and s.winner == 1


def test_starting_deck_and_hand():
    """
    > Starting deck — 10 cards. Hand starts at 5.
    """
    s = combat.new_game(V, seed=3)
    assert sum(s.to_dict()["piles"]["draw"].values()) == 10
    s.play_chance()
    assert sum(hand(s).values()) == 5 and sum(s.to_dict()["piles"]["draw"].values()) == 5


def test_the_four_cards():
    """Each card fired once on Stone ground of another colour (no resonance).

    > 3× Ember Lash (Agni) — deal 7.

    > 2× Undertow (Jal) — deal 5, apply Weak 1.

    > 2× Gale (Vayu) — deal 5, draw 1.

    > 3× Stoneskin (Prithvi) — gain 6 Block.
    """
    assert combat.new_game(V).to_dict()["piles"]["draw"] == {"Ember Lash": 3, "Undertow": 2, "Gale": 2,
                                                            "Stoneskin": 3}
    s = fight(V, ["lash", "undertow", "gale"])
    s.apply("lash>1")
    s.apply("undertow>2")
    s.apply("gale>3")
    s = with_paint(s, ["prithvi", "prithvi", "prithvi", None])
    roll(s, 4, "blank")
    s.apply("end")
    assert enemy_hp(s) == 75 - 7 - 5 - 5
    assert s.to_dict()["pending_draws"] == 1     # Gale's draw
    draw(s, "stone")
    assert enemy(s)["weak"] > 0
    s = fight(V, ["stone"])
    s.apply("stone>1")
    s = with_paint(s, ["agni", None, None, None])
    roll(s, 4, "blank")
    s.apply("end")
    assert player(s)["hp"] == 50 - (8 - 6)


def test_the_sentinel():
    """
    > Enemy — Betaal Sentinel. HP 75.

    > Cycle: Strike 8 → Strike 8 → Cleave 14 → Guard (10 Block) + Jab 5. Average 8.75/turn.

    > Player HP 50.
    """
    s = fight(V, [])
    assert enemy(s)["hp"] == 75 and player(s)["hp"] == 50
    hps = []
    for card in ["lash", "lash", "stone", "stone"]:
        roll(s, 1, "blank")
        s.apply("end")
        hps.append(player(s)["hp"])
        draw(s, card)
    assert hps == [42, 34, 20, 15] and enemy(s)["block"] == 10
    assert (50 - 15) / 4 == 8.75


def test_the_legend_is_shown_as_written():
    """The UI legend, line for line (each line's rule is checked by the test quoting it above).

    > Element legend (UI text).
    """
    assert legend(V) == [
        "AGNI ground — Scorched: the card fires again every turn, +50% each time. Empty scorched ground chips for 1.",
        "JAL ground — Flooded: also fires the anchor to the right at half, and spreads Jal rightwards.",
        "VAYU ground — Swept: the card fires and comes back to your hand; draw 1.",
        "PRITHVI ground — Stone: the card stays forever and fires every turn. Only scraping removes it.",
        "BLANK — Scrapes the anchor bare.",
        "RESONANCE — card colour = ground colour → doubled.",
        "AKASHA — Null: strips all four anchors; their cards return to hand.",
    ]
