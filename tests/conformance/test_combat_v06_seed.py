"""V06 Tide Price, sentence by sentence from the seed (combat-variants.txt, section V06)."""

from __future__ import annotations

import pytest

import triptych
import triptych.combat as combat
from combat_helpers import draw, enemy, enemy_hp, fight, hand, notations, player, roll, slots
from combat_v04_v06_positions import counters, edit, legend, roll_distribution, with_shunya

SEED = "combat-variants.txt"
SECTION = "V06"
V = "v06"

# Prices read off the seed: printed cost, 1 less (min 0) when the card's element is the tide,
# then +1 under Prithvi; 0 under Vayu.
PRICES = {
    "lash": {"agni": 1, "jal": 2, "vayu": 0, "prithvi": 3, "blank": 2},
    "undertow": {"agni": 1, "jal": 0, "vayu": 0, "prithvi": 2, "blank": 1},
    "gale": {"agni": 0, "jal": 0, "vayu": 0, "prithvi": 1, "blank": 0},
    "stone": {"agni": 1, "jal": 1, "vayu": 0, "prithvi": 1, "blank": 1},
}


def fires(s):
    return [n for n in notations(s) if n.startswith("fire")]


def test_dice_faces_the_number_opens_exactly_one_slot():
    """
    > Number die, 6 faces: 1, 2, 3, 4, blank, blank — opens exactly one slot.

    > Element die, 6 faces: Agni, Jal, Vayu, Prithvi, blank, blank — sets the tide (the turn's economy rule).
    """
    s = fight(V, ["gale", "gale", "stone", "stone"])
    for i, card in enumerate(["gale", "gale", "stone", "stone"], start=1):
        s.apply(f"{card}>{i}")
    s.apply("roll")
    numbers, elements = roll_distribution(s)
    assert numbers == pytest.approx({"1": 1 / 6, "2": 1 / 6, "3": 1 / 6, "4": 1 / 6, "blank": 2 / 6})
    assert elements == pytest.approx({"agni": 1 / 6, "jal": 1 / 6, "vayu": 1 / 6, "prithvi": 1 / 6, "blank": 2 / 6})
    s.apply("3/blank")
    assert fires(s) == ["fire 3"]


def test_a_placed_card_waits_on_offer_until_its_slot_opens():
    """
    > Slots. 4 numbered slots, 1–4. A slot holds 1 card, placed face-up and unfired. Placing costs 0. Occupying a slot means the card is on offer — it can be bought and fired when its slot is opened. Cards carry a printed energy cost.

    > Place cards from hand into empty slots (free).
    """
    s = fight(V, ["lash", "stone"])
    s.apply("lash>2")
    assert s.energy == 3 and enemy_hp(s) == 70           # free, and not fired by placing
    with pytest.raises(triptych.IllegalActionError):
        s.apply("stone>2")
    roll(s, 1, "blank")
    assert fires(s) == []
    s.apply("end")
    draw(s, "gale")
    assert slots(s)[1] == "Ember Lash"
    roll(s, 2, "blank")
    s.apply("fire 2")
    assert s.energy == 2 - 2 and enemy_hp(s) == 70 - 9   # its printed cost, 2


@pytest.mark.parametrize("card", sorted(PRICES))
@pytest.mark.parametrize("tide", ["agni", "jal", "vayu", "prithvi", "blank"])
def test_tide_adjusted_prices(card, tide):
    """The price shown and the price paid (HP under Agni; refunded under Jal).

    > Discount: a card whose element equals the current tide element costs 1 less (minimum 0). This applies before Prithvi's +1.

    > MATCHING — a card whose element is the tide costs 1 less.
    """
    s = fight(V, [card], params={"base_income": 6})
    s.apply(f"{card}>1")
    roll(s, 1, tide)
    price = PRICES[card][tide]
    assert f"[1] costs {price}" in str(s)
    energy, hp = s.energy, player(s)["hp"]
    s.apply("fire 1")
    if tide == "agni":
        assert (s.energy, player(s)["hp"]) == (energy, hp - price)
    elif tide == "jal":
        assert (s.energy, player(s)["hp"]) == (energy, hp)
    else:
        assert (s.energy, player(s)["hp"]) == (energy - price, hp)


def test_the_matching_discount_applies_before_the_high_tide_surcharge():
    """With the printed costs no card tells the two orders apart (Stoneskin 1: 1 - 1 + 1 either way); a
    Stoneskin printed at cost 0 does: the discount stops at 0, then +1 makes it 1 (the other order: 0).

    > Discount: a card whose element equals the current tide element costs 1 less (minimum 0). This applies before Prithvi's +1.
    """
    s = fight(V, ["stone", "lash"], params={"base_income": 6, "stoneskin_cost": 0})
    s.apply("stone>1")
    roll(s, 1, "prithvi")
    assert "[1] costs 1" in str(s)
    energy = s.energy
    s.apply("fire 1")
    assert s.energy == energy - 1 and player(s)["block"] == 7


def test_blood_tide_pays_in_hp_unblockably_and_doubles():
    """Ruling: V06-R5. Ember Lash: 1 HP (matching discount), 9 x 2 = 18; the energy is kept for a reroll.

    > Agni — BLOOD TIDE. All firing costs are paid in HP instead of energy (1 HP per 1 cost, unblockable). Any card fired this turn deals double. Your energy is untouched and remains available for rerolls.

    > AGNI — Blood Tide: pay costs in HP, not energy. Everything you fire hits twice as hard.
    """
    s = fight(V, ["lash", "undertow"])
    s.apply("lash>1")
    s.apply("undertow>2")
    roll(s, 1, "agni")
    s = edit(s, lambda d: d["player"].update(block=10))
    s.apply("fire 1")
    assert player(s)["hp"] == 49 and player(s)["block"] == 10 and s.energy == 2
    assert enemy_hp(s) == 70 - 18
    roll(s, 2, "agni")                     # the untouched energy pays the reroll
    s.apply("fire 2")
    assert s.energy == 0 and player(s)["hp"] == 48 and enemy_hp(s) == 70 - 18 - 10


def test_blood_tide_price_must_leave_the_player_alive():
    """Ruling: V06-R2.

    > All firing costs are paid in HP instead of energy (1 HP per 1 cost, unblockable).
    """
    s = fight(V, ["lash"])
    s.apply("lash>1")
    roll(s, 1, "agni")
    assert "fire 1" not in fires(edit(s, lambda d: d["player"].update(hp=1)))
    assert "fire 1" in fires(edit(s, lambda d: d["player"].update(hp=2)))


def test_ebb_tide_refunds_carries_and_weakens():
    """
    > Jal — EBB TIDE. Firing a card refunds its cost. Any energy unspent at turn end carries over into next turn (cap 6) — the only carry-over in the game. The enemy gains Weak 1 per energy carried over, capped at Weak 3.

    > JAL — Ebb Tide: firing refunds its cost, and leftover energy carries to next turn (and Weakens the enemy).
    """
    s = fight(V, ["lash"])
    s.apply("lash>1")
    roll(s, 1, "jal")
    s.apply("fire 1")
    assert s.energy == 2 and enemy_hp(s) == 70 - 9
    s.apply("end")
    assert counters(s)["carry"] == 2
    assert enemy(s)["weak"] == 2 * 2 - 1   # two stacks of two turns, one ticked
    assert player(s)["hp"] == 50 - 6       # 8 x 0.75
    draw(s, "gale")
    assert s.energy == 3 + 1 + 2


def test_ebb_carry_caps_at_six_and_weak_at_three():
    """Ruling: V06-R10.

    > The enemy gains Weak 1 per energy carried over, capped at Weak 3.
    """
    s = fight(V, [], params={"base_income": 9})
    roll(s, 1, "jal")
    s.apply("end")
    assert counters(s)["carry"] == 6 and enemy(s)["weak"] == 3 * 2 - 1
    draw(s, "lash")
    assert s.energy == 9 + 6


def test_slack_tide_is_free_discards_then_draws_and_placement_stays_open():
    """Ruling: V06-R4, V06-R8 (take_back is offered while placement is open).

    > Vayu — SLACK TIDE. All costs are 0 this turn. Every card fired also discards 1 random card from hand and draws 1. Placement does not lock when you roll under Vayu — you may keep placing.

    > VAYU — Slack Tide: everything is free, but each firing discards 1 and draws 1. You can keep placing.
    """
    s = fight(V, ["lash", "stone", "undertow"])
    s.apply("lash>1")
    roll(s, 1, "vayu")
    assert "stone>2" in notations(s) and "take_back 1" in notations(s)
    s.apply("fire 1")
    assert s.energy == 2 and enemy_hp(s) == 70 - 9
    assert {str(a): p for a, p in s.chance_outcomes()} == {"+undertow": pytest.approx(0.5),
                                                           "+stone": pytest.approx(0.5)}
    s.apply("+stone")                      # the random discard
    draw(s, "gale")                        # then the draw
    assert hand(s) == {"Undertow": 1, "Gale": 1}
    assert s.to_dict()["piles"]["discard"] == {"Ember Lash": 1, "Stoneskin": 1}
    s.apply("undertow>2")                  # still placing


def test_one_purchase_per_roll():
    """Ruling: V06-R12. Under the Slack Tide a refilled open slot is not bought again on the same
    dice (the audit found one roll buying 11 firings); a reroll opens a new purchase.

    > Optionally pay the open card's tide-adjusted cost to fire it. The effect resolves immediately through the damage pipeline. Fired cards go to discard (or stay, under Prithvi).

    > Optionally reroll (2) → return to step 4's outcome with new dice, and you may fire again. Repeat while energy lasts.
    """
    s = fight(V, ["gale", "lash", "lash"])
    s.apply("gale>1")
    roll(s, 1, "vayu")
    s.apply("fire 1")
    s.apply("+lash")                       # discard
    draw(s, "lash")                        # Slack's draw
    draw(s, "stone")                       # Gale's draw
    s.apply("lash>1")                      # placement is open, the slot is open ...
    assert fires(s) == []                  # ... but this roll's purchase is spent
    with pytest.raises(triptych.IllegalActionError):
        s.apply("fire 1")
    roll(s, 1, "vayu")                     # new dice: you may fire again
    assert fires(s) == ["fire 1"]
    s = fight(V, ["gale", "undertow"], params={"base_income": 6})
    s.apply("gale>1")
    s.apply("undertow>2")
    roll(s, "blank", "blank")              # opens slot 1 (lowest occupied)
    s.apply("fire 1")
    draw(s, "lash")
    assert fires(s) == []                  # slot 1 is empty now; slot 2 was not opened
    s = edit(s, lambda d: d["enemy"].update(vulnerable=1))
    roll(s, 2, "blank")
    s.apply("fire 2")                      # immediately, through the pipeline: ceil(5 x 1.5) = 8
    assert enemy_hp(s) == 70 - 4 - 8 and s.to_dict()["piles"]["discard"] == {"Gale": 1, "Undertow": 1}


def test_high_tide_surcharge_block_and_the_card_stays():
    """Ruling: V06-R7. Stoneskin under Prithvi costs 1 - 1 + 1 = 1; the 1 energy left becomes Block.

    > Prithvi — HIGH TIDE. Every cost is +1. Every point of energy unspent at turn end becomes 1 Block. A card fired under Prithvi stays in its slot (it can be bought and fired again on a future turn) instead of going to discard.

    > PRITHVI — High Tide: everything costs 1 more, leftover energy becomes Block, and fired cards stay in their slot.
    """
    s = fight(V, ["stone"], params={"reroll_cost": 0})
    s.apply("stone>1")
    roll(s, 1, "prithvi")
    s.apply("fire 1")
    assert slots(s)[0] == "Stoneskin" and s.energy == 1 and player(s)["block"] == 7
    roll(s, 1, "prithvi")
    assert fires(s) == []                  # again only on a future turn
    s.apply("end")
    assert player(s)["hp"] == 50           # 7 + 1 Block against the Strike 8
    draw(s, "lash")
    roll(s, 1, "blank")
    assert fires(s) == ["fire 1"]


def test_neap_tide_prices_as_printed():
    """
    > Blank element — NEAP TIDE. Costs as printed, nothing special.

    > BLANK — Neap Tide: prices as printed.
    """
    s = fight(V, ["lash"])
    s.apply("lash>1")
    roll(s, 1, "blank")
    s.apply("fire 1")
    assert s.energy == 0 and enemy_hp(s) == 70 - 9 and player(s)["hp"] == 50
    assert s.to_dict()["piles"]["discard"] == {"Ember Lash": 1}
    s.apply("end")
    assert counters(s)["carry"] == 0


def test_tides_price_cards_not_rolls_or_other_sinks():
    """Ruling: V06-R13, V06-R8. A reroll costs 2 under the Slack and High Tides too; take_back and
    the paid draw go with placement.

    > All costs are 0 this turn.

    > Every cost is +1.

    > Sinks: card firing costs (the main sink, tide-adjusted); first roll 1; each reroll 2 flat; swap a placed card back to hand 1; paid draw 1 → 2 cards.
    """
    s = fight(V, ["lash"], params={"base_income": 9})
    s.apply("buy")
    assert s.energy == 8 and s.to_dict()["pending_draws"] == 2
    draw(s, "stone")
    draw(s, "gale")
    s.apply("lash>1")
    s.apply("take_back 1")
    assert s.energy == 7 and hand(s)["Ember Lash"] == 1
    costs = []
    for element in ("vayu", "prithvi", "vayu"):
        before = s.energy
        roll(s, 4, element)
        costs.append(before - s.energy)
    assert costs == [1, 2, 2]
    assert "take_back 1" not in notations(s) and "buy" not in notations(s)


def test_energy_is_lost_at_turn_end_except_under_jal_and_prithvi():
    """
    > Energy is lost at turn end except under Jal (carry) and Prithvi (converts to Block).

    > Turn end: Prithvi converts leftover energy to Block; Jal carries it over; otherwise it is lost.
    """
    for element, carry, block_hp in (("blank", 0, 42), ("agni", 0, 42), ("vayu", 0, 42), ("jal", 2, 44),
                                     ("prithvi", 0, 44)):
        s = fight(V, [])
        roll(s, 1, element)
        s.apply("end")
        assert counters(s)["carry"] == carry and player(s)["hp"] == block_hp, element
        draw(s, "lash")
        assert s.energy == 3 + carry


def test_a_reroll_undoes_nothing_already_fired_or_paid():
    """
    > Reroll. Rerolls both dice, changing both the open slot and the tide. Cost 2 flat. A reroll does not undo a card already fired this turn, does not refund the energy or HP already paid for it, and does not return a card that already left its slot.
    """
    s = fight(V, ["lash", "stone"], params={"base_income": 5})
    s.apply("lash>1")
    s.apply("stone>2")
    roll(s, 1, "agni")
    s.apply("fire 1")
    assert player(s)["hp"] == 49 and enemy_hp(s) == 70 - 18
    roll(s, 2, "prithvi")
    assert "Tide: High" in str(s) and "open slot: 2" in str(s) and s.energy == 2
    assert player(s)["hp"] == 49 and enemy_hp(s) == 70 - 18 and slots(s)[0] is None
    assert s.to_dict()["piles"]["discard"] == {"Ember Lash": 1}


def test_each_firing_uses_the_tide_showing_when_it_is_bought():
    """Ruling: V06-R5. A card bought under the Blood Tide is doubled; one bought after a reroll to
    the Neap Tide is not.

    > Any card fired this turn deals double.

    > Reroll. Rerolls both dice, changing both the open slot and the tide.
    """
    s = fight(V, ["undertow", "gale"], params={"reroll_cost": 0})
    s.apply("undertow>1")
    s.apply("gale>2")
    roll(s, 1, "agni")
    s.apply("fire 1")
    roll(s, 2, "blank")
    s.apply("fire 2")
    assert enemy_hp(s) == 70 - 10 - 4


def test_akasha_no_tide_shunya_fires_free_from_any_slot_and_exhausts():
    """Ruling: V06-R9. 70 x 50% = 35: the gate opens at 35. No tide touches Shunya: under the Blood
    Tide it costs no HP and is not doubled, under the Slack Tide it discards and draws nothing,
    under the High Tide it does not stay; it is not the roll's purchase.

    > Akasha — NO TIDE. Gate: first time enemy HP ≤ 50%, one Akasha card "Shunya" enters hand (deal 12). It may be fired at zero cost regardless of which slot is open, then exhausts permanently.

    > AKASHA — No Tide: fires free from any slot, once, then it is gone.
    """
    s = fight(V, ["lash"])
    s = edit(s, lambda d: d["enemy"].update(hp=44))
    s.apply("lash>1")
    roll(s, 1, "blank")
    s.apply("fire 1")                      # 44 - 9 = 35
    assert s.to_dict()["gated"] and hand(s) == {"Shunya": 1}
    for tide in ("agni", "vayu", "prithvi", "jal", "blank"):
        s = with_shunya(fight(V, ["stone", "gale"]), enemy_hp=30)
        s.apply("shunya>3")
        s.apply("stone>1")
        roll(s, 1, tide)
        energy, hp = s.energy, player(s)["hp"]
        assert "fire 3" in fires(s) and "fire 1" in fires(s)
        s.apply("fire 3")
        assert (s.energy, player(s)["hp"], enemy_hp(s)) == (energy, hp, 30 - 12), tide
        assert s.to_move == 0 and s.to_dict()["pending_draws"] == 0, tide
        assert slots(s)[2] is None and s.to_dict()["piles"]["exhaust"] == {"Shunya": 1}, tide
        assert "fire 1" in fires(s), tide  # the open card can still be bought on these dice


def test_blank_number_opens_the_lowest_occupied_slot():
    """Ruling: V06-R3, V06-R11.

    > Blank number → the lowest-index occupied slot is opened (never nothing).
    """
    s = fight(V, ["gale", "stone"])
    s.apply("gale>3")
    s.apply("stone>4")
    roll(s, "blank", "blank")
    assert fires(s) == ["fire 3"]
    s.apply("fire 3")
    draw(s, "lash")
    assert fires(s) == []                  # fixed at the roll: slot 4 does not open now
    s = fight(V, ["lash"])
    roll(s, "blank", "vayu")               # empty board: nothing to open
    s.apply("lash>1")
    assert fires(s) == []


def test_first_roll_pays_one_opens_a_slot_sets_the_tide_and_locks_placement():
    """Ruling: V06-R1.

    > First roll: pay 1, roll both. The number opens one slot; the element sets the tide. Placement locks (except under Vayu).
    """
    s = fight(V, ["lash", "stone"])
    assert "end" not in notations(s)
    s.apply("lash>2")
    roll(s, 2, "jal")
    assert s.energy == 2 and "Tide: Ebb" in str(s) and "open slot: 2" in str(s)
    assert not any(">" in n for n in notations(s)) and "end" in notations(s)


def test_income_three_plus_cards_fired_last_turn_capped_plus_carry():
    """
    > Energy. Income at turn start = 3 flat, +1 per card that fired last turn (cap +2, so 3–5), plus any Jal carry-over.

    > Energy income = 3 + (cards fired last turn, cap 2) + Jal carry-over.
    """
    s = fight(V, ["gale", "gale", "undertow"], params={"reroll_cost": 0})
    assert s.energy == 3
    for i, card in enumerate(["gale", "gale", "undertow"], start=1):
        s.apply(f"{card}>{i}")
    roll(s, 1, "blank")
    s.apply("fire 1")
    draw(s, "lash")
    s.apply("end")
    draw(s, "lash")
    assert s.energy == 3 + 1
    for i in (2, 3):
        roll(s, i, "blank")
        s.apply("fire " + str(i))
        if i == 2:
            draw(s, "stone")
    roll(s, 4, "jal")                      # the last tide: Ebb (4 - 1 - 0 - 1 = 2 energy left)
    s.apply("end")
    draw(s, "stone")
    assert s.energy == 3 + 2 + 2           # two fired (of two), two carried
    # Three cards fired in one turn still add only +2 (the cap); the Neap Tide carries nothing.
    s = fight(V, ["gale", "gale", "undertow"], params={"reroll_cost": 0})
    for i, card in enumerate(["gale", "gale", "undertow"], start=1):
        s.apply(f"{card}>{i}")
    for i in (1, 2, 3):
        roll(s, i, "blank")
        s.apply(f"fire {i}")
        if i < 3:
            draw(s, "lash")                # Gale's draw
    assert slots(s) == [None, None, None, None] and s.energy == 3 - 1 - 1
    s.apply("end")
    draw(s, "stone")
    assert s.energy == 3 + 2


def test_turn_order_draw_one_then_paid_draws_before_the_roll():
    """Ruling: V06-R6.

    > Draw 1. Optional paid draws.
    """
    s = fight(V, ["lash"])
    roll(s, 4, "blank")
    s.apply("end")
    assert s.to_dict()["pending_draws"] == 1
    draw(s, "stone")
    assert "buy" in notations(s)
    roll(s, 4, "blank")
    assert "buy" not in notations(s)


def test_enemy_acts_then_block_decays():
    """
    > Enemy acts. Block decays.
    """
    s = fight(V, ["stone"])
    s.apply("stone>1")
    s = edit(s, lambda d: d.update(energy=5))
    roll(s, 1, "blank")
    s.apply("fire 1")
    s = edit(s, lambda d: d["player"].update(block=20))
    s.apply("end")
    assert player(s)["hp"] == 50 and player(s)["block"] == 0


def test_win_and_lose():
    """
    > Win / lose. Enemy HP ≤ 0 → win. Player HP ≤ 0 → lose.
    """
    s = with_shunya(fight(V, ["lash"]), enemy_hp=9)
    s.apply("lash>1")
    roll(s, 1, "blank")
    s.apply("fire 1")
    assert s.is_terminal and s.winner == 0
    s = edit(fight(V, []), lambda d: d["player"].update(hp=8))
    roll(s, 1, "blank")
    s.apply("end")
    assert s.is_terminal and s.winner == 1


def test_starting_deck_and_the_four_cards():
    """Each card bought under the Neap Tide at its printed cost.

    > Starting deck — 10 cards. Hand starts at 5.

    > 3× Ember Lash (Agni) — cost 2 — deal 9.

    > 2× Undertow (Jal) — cost 1 — deal 5, apply Weak 1.

    > 2× Gale (Vayu) — cost 0 — deal 4, draw 1.

    > 3× Stoneskin (Prithvi) — cost 1 — gain 7 Block.
    """
    s = combat.new_game(V, seed=5)
    assert s.to_dict()["piles"]["draw"] == {"Ember Lash": 3, "Undertow": 2, "Gale": 2, "Stoneskin": 3}
    s.play_chance()
    assert sum(hand(s).values()) == 5
    for card, cost, damage, block in (("lash", 2, 9, 0), ("undertow", 1, 5, 0), ("gale", 0, 4, 0),
                                      ("stone", 1, 0, 7)):
        s = fight(V, [card])
        s.apply(f"{card}>1")
        roll(s, 1, "blank")
        s.apply("fire 1")
        assert (s.energy, enemy_hp(s), player(s)["block"]) == (2 - cost, 70 - damage, block), card
        assert s.to_dict()["pending_draws"] == (1 if card == "gale" else 0)
        assert (enemy(s)["weak"] > 0) == (card == "undertow")


def test_the_sentinel():
    """
    > Enemy — Betaal Sentinel. HP 70. Cycle: Strike 8 → Strike 8 → Cleave 13 → Guard (10 Block) + Jab 4. Average 8.25/turn.

    > Player HP 50.
    """
    s = fight(V, [])
    assert enemy(s)["hp"] == 70 and player(s)["hp"] == 50
    hps = []
    for card in ["lash", "lash", "stone", "stone"]:
        roll(s, 1, "blank")
        s.apply("end")
        hps.append(player(s)["hp"])
        draw(s, card)
    assert hps == [42, 34, 21, 17] and enemy(s)["block"] == 10
    assert (50 - 17) / 4 == 8.25


def test_the_legend_is_shown_as_written():
    """The UI legend, line for line (each line's rule is checked by the test quoting it above).

    > Element legend (UI text).
    """
    assert legend(V) == [
        "AGNI — Blood Tide: pay costs in HP, not energy. Everything you fire hits twice as hard.",
        "JAL — Ebb Tide: firing refunds its cost, and leftover energy carries to next turn (and Weakens the enemy).",
        "VAYU — Slack Tide: everything is free, but each firing discards 1 and draws 1. You can keep placing.",
        "PRITHVI — High Tide: everything costs 1 more, leftover energy becomes Block, and fired cards stay in their slot.",
        "BLANK — Neap Tide: prices as printed.",
        "MATCHING — a card whose element is the tide costs 1 less.",
        "AKASHA — No Tide: fires free from any slot, once, then it is gone.",
    ]
