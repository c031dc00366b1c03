"""V07 One Wick: every rule-bearing sentence of the build spec, checked from the seed text."""

from __future__ import annotations

import pytest

import triptych
import triptych.combat as combat
from combat_helpers import draw, enemy, enemy_hp, fight, hand, notations, patched, player, roll, slots

SEED = "combat-variants.txt"
SECTION = "V07"
V = "v07"
AGNI, JAL, VAYU, PRITHVI, BLANK = 0, 1, 2, 3, 5


def wick(s):
    c = s.to_dict()["counters"]
    return s.energy, c["colour"], c["colourless"]


def painted(s, number, element):
    roll(s, number, element)
    if "repaint" in notations(s):
        s.apply("repaint")


def test_the_dice_faces():
    """Both dice have six faces, two of them blank.

    > Number die, 6 faces: 1, 2, 3, 4, blank, blank — names the only slot you may place into this turn.

    > Element die, 6 faces: Agni, Jal, Vayu, Prithvi, blank, blank — repaints the Wick.
    """
    s = fight(V, [])
    s.apply("roll")
    outcomes = {str(a): p for a, p in s.chance_outcomes()}
    number = {n: sum(p for k, p in outcomes.items() if k.split("/")[0] == n) for n in ("1", "2", "3", "4", "blank")}
    element = {e: sum(p for k, p in outcomes.items() if k.split("/")[1] == e)
               for e in ("agni", "jal", "vayu", "prithvi", "blank")}
    assert number == pytest.approx({"1": 1 / 6, "2": 1 / 6, "3": 1 / 6, "4": 1 / 6, "blank": 2 / 6})
    assert element == pytest.approx({"agni": 1 / 6, "jal": 1 / 6, "vayu": 1 / 6, "prithvi": 1 / 6, "blank": 2 / 6})


def test_the_number_names_the_only_slot_and_does_not_gate_firing():
    """Placement goes only into the named slot, free, one card a slot; firing ignores the number.

    > 4 numbered slots, 1–4, 1 card each.

    > A slot is a board position.

    > You may only place into the slot the number die names this turn.

    > It does not gate firing.

    > Place into the named slot only (free).
    """
    s = fight(V, ["lash", "lash", "stone"], params={"reroll_cost": 0})   # free rerolls: no Agni spend
    painted(s, 1, "agni")
    assert sorted(n for n in notations(s) if ">" in n) == ["lash>1", "stone>1"]
    energy = s.energy
    s.apply("lash>1")
    assert s.energy == energy                          # free
    roll(s, 1, "agni")                                 # slot 1 is named again but holds a card
    assert not any(">" in n for n in notations(s))
    roll(s, 3, "agni")
    assert sorted(n for n in notations(s) if ">" in n) == ["lash>3", "stone>3"]
    s.apply("lash>3")
    roll(s, 4, "agni")                                 # the number now names slot 4
    s.apply("end")
    assert slots(s) == [None, None, None, None]         # slots 1 and 3 fired though 4 was named
    assert enemy_hp(s) == 75 - 10


def test_the_wick_is_one_meter_and_the_only_energy():
    """The Wick is a number and a colour; it is the energy, and it carries from turn to turn.

    > One visible meter under the board: a number (charge) and a colour.

    > It is the only energy in the game.

    > The Wick is energy.

    > THE WICK — one number, one colour.
    """
    s = fight(V, ["lash"])
    assert "Wick: 4 colourless" in str(s)
    painted(s, 2, "jal")
    assert "Wick: 6 jal" in str(s) and s.energy == 6
    s.apply("end")
    draw(s, "gale")
    assert s.energy == 6 + 4                           # carried over (Jal static) + empty slots: no other income


def test_a_roll_repaints_and_adds_two_in_the_rolled_colour():
    """The first roll is free, repaints the Wick and adds +2.

    > Rolling the element die repaints the Wick to the rolled colour and adds +2 charge.

    > First roll (free): the element repaints the Wick and adds +2; the number names the accessible slot.

    > First roll of the turn is free.
    """
    s = fight(V, ["lash"])
    assert wick(s) == (4, BLANK, 4)
    painted(s, 2, "agni")
    assert wick(s) == (6, AGNI, 4)                     # free, +2 Agni charge
    assert [n for n in notations(s) if ">" in n] == ["lash>2"]


def test_hold_pays_two_and_keeps_the_colour_and_the_charge():
    """Holding refuses the repaint for 2; the +2 is still gained.

    > Paying 2 charge holds the colour (refuses the repaint; the +2 charge is still gained).

    > Choose: accept the repaint, or pay 2 to hold the previous colour.

    > HOLD — pay 2 to refuse a repaint and keep your colour.
    """
    s = fight(V, [], params={"reroll_cost": 0})
    roll(s, 1, "jal")                                  # the colourless Wick is offered Jal
    assert notations(s) == ["repaint", "hold"]
    s.apply("hold")
    assert wick(s) == (4 + 2 - 2, BLANK, 4)
    roll(s, 1, "jal")
    s.apply("repaint")
    assert wick(s)[:2] == (6, JAL)


def test_cards_wait_for_their_colour_with_no_clog_penalty():
    """A card of another colour waits; nothing is lost for it; it fires when the Wick takes its colour.

    > Cards wait in their slots indefinitely — there is no clog penalty; a card simply waits for its colour.

    > A colourless Wick fires nothing but preserves everything.
    """
    s = fight(V, ["lash"])
    roll(s, 1, "blank")                                # colourless Wick
    s.apply("lash>1")
    s.apply("end")
    draw(s, "stone")
    assert slots(s)[0] == "Ember Lash" and wick(s) == (5 + 3, BLANK, 8)
    painted(s, 2, "jal")
    s.apply("end")
    draw(s, "stone")
    assert slots(s)[0] == "Ember Lash" and s.energy == 10 + 3   # still waiting, charge untouched
    painted(s, 2, "agni")
    s.apply("end")
    assert slots(s)[0] is None and enemy_hp(s) == 75 - 5


def test_every_card_of_the_colour_fires_in_slot_order_goes_to_discard_and_adds_charge():
    """End of turn: the Wick's colour fires in slot order, to the discard, +1 charge each.

    > At the end of the turn, every card whose element equals the Wick's colour fires, in slot order 1→4, and goes to discard.

    > Turn end: every card whose element equals the Wick's colour fires in slot order and goes to discard.

    > Gain +1 charge per card fired.

    > Every card of that colour fires at end of turn.
    """
    s = fight(V, ["lash", "lash", "stone"], params={"reroll_cost": 0})
    painted(s, 2, "agni")
    s.apply("lash>2")
    roll(s, 3, "agni")
    s.apply("stone>3")
    roll(s, 4, "agni")
    s.apply("lash>4")
    energy = s.energy
    s.apply("end")
    assert slots(s) == [None, None, "Stoneskin", None]
    assert s.to_dict()["piles"]["discard"] == {"Ember Lash": 2}
    assert enemy_hp(s) == 75 - 10
    draw(s, "gale")
    assert s.energy == energy + 2 + 1 + 3             # +1 per card fired, Agni +1, 3 empty slots
    # Slot order: with the Sentinel at 5 HP the slot-2 Lash kills and the slot-4 Lash never fires.
    s = fight(V, ["lash", "lash"], params={"reroll_cost": 0, "enemy_hp": 5, "akasha_gate_percent": 0})
    painted(s, 4, "agni")
    s.apply("lash>4")
    roll(s, 2, "agni")
    s.apply("lash>2")
    s.apply("end")
    assert s.is_terminal() and slots(s) == [None, None, None, "Ember Lash"]


def test_agni_hoards_and_any_agni_spend_empties_the_meter():
    """Agni grows +1 a turn for free; spending empties it all at 2 damage per charge.

    > Held Agni charge grows +1 at end of turn.

    > Any Agni spend empties the meter entirely, dealing 2 damage per charge spent.

    > All-or-nothing; the only colour that grows for free.

    > AGNI — Hoard: grows +1 each turn.

    > Spending empties it all for 2 damage per charge.
    """
    s = fight(V, ["stone"])
    painted(s, 1, "agni")
    s.apply("stone>1")
    s.apply("end")
    draw(s, "stone")
    assert wick(s)[:2] == (6 + 1 + 3, AGNI)            # +1 Agni growth, +3 empty slots
    assert notations(s).count("blast") == 1            # one spend: no partial amounts
    s.apply("blast")
    assert s.energy == 0 and enemy_hp(s) == 75 - 20


def test_repainting_away_from_jal_costs_two_extra():
    """> Repainting away from Jal costs 2 extra charge (it resists overwrite).

    > JAL — Sticky: costs 2 extra to repaint away.
    """
    s = fight(V, [], params={"reroll_cost": 0})
    painted(s, 1, "jal")
    roll(s, 1, "agni")
    assert s.energy == 8
    s.apply("repaint")
    assert wick(s)[:2] == (6, AGNI)
    roll(s, 1, "jal")
    s.apply("repaint")                                 # leaving Agni costs nothing extra
    assert wick(s)[:2] == (8, JAL)


def test_jal_spends_move_swap_and_redirect_and_never_damage():
    """Finding: the redirected blow went on to the Sentinel's HP. Jal spends never damage.

    Ruling: V07-R9

    > Jal spends never convert to damage: 2 = move a card between slots; 2 = swap two cards; 3 = redirect the enemy's next attack into its own Block (the enemy takes it).

    > Buys movement, swaps and a redirect — never damage.
    """
    s = fight(V, ["lash", "stone"], params={"reroll_cost": 0})
    painted(s, 1, "jal")                               # 6
    s.apply("lash>1")
    s.apply("move 1 3")
    assert slots(s) == [None, None, "Ember Lash", None] and s.energy == 4
    roll(s, 2, "jal")
    s.apply("stone>2")
    s.apply("swap 2 3")
    assert slots(s) == [None, "Ember Lash", "Stoneskin", None] and s.energy == 4
    s = patched(s, intent=2)                           # Cleave 14 against an unguarded Sentinel
    s.apply("redirect")
    assert s.energy == 1
    s.apply("end")
    assert player(s)["hp"] == 50 and enemy_hp(s) == 75 and enemy(s)["block"] == 0
    # Against the Guard: Guard 10 Block, then the Jab 5 goes into that Block.
    s = fight(V, [])
    painted(s, 1, "jal")
    s = patched(s, intent=3)
    s.apply("redirect")
    s.apply("end")
    assert enemy(s)["block"] == 5 and enemy_hp(s) == 75 and player(s)["hp"] == 50


def test_vayu_leaks_cheaper_spends_free_rerolls_and_halves():
    """> Everything costs 1 less (minimum 1) and rerolls are free.

    > The Wick halves, rounded down, at end of turn.

    > VAYU — Leak: everything cheaper, rerolls free, but the Wick halves every turn.
    """
    s = fight(V, ["lash"])
    painted(s, 1, "vayu")
    s.apply("lash>1")
    roll(s, 1, "vayu")                                 # free reroll
    assert s.energy == 8
    s.apply("exhaust")                                 # 1, minimum 1
    assert s.energy == 7
    s.apply("buy")                                     # 2 - 1
    assert s.energy == 6
    draw(s, "lash")
    draw(s, "lash")
    roll(s, 1, "agni")
    s.apply("hold")                                    # 2 - 1
    assert s.energy == 7
    s.apply("end")
    draw(s, "gale")
    assert s.energy == 7 // 2 + 4                      # halved, rounded down, then 4 empty slots


def test_prithvi_floor_never_drops_below_three():
    """Finding: a floored Prithvi Wick could be spent to 0. It never drops below 3 again.

    Ruling: V07-R5

    > Once the Wick reaches 3 while Prithvi, it never drops below 3 again, and no enemy effect can drain it.

    > PRITHVI — Floor: never drops below 3, 2 extra to repaint away, converts 1:1 into permanent Block.
    """
    s = fight(V, [])
    painted(s, 1, "prithvi")                           # 6: floored
    for _ in range(3):
        s.apply("fortify")
    assert s.energy == 3
    assert "fortify" not in notations(s) and "roll" not in notations(s) and "buy" not in notations(s)
    with pytest.raises(triptych.IllegalActionError):
        s.apply("fortify")
    s.apply("end")                                     # the Sentinel strikes: nothing drains the Wick
    assert player(s)["hp"] == 50 - (8 - 3)
    draw(s, "lash")
    assert wick(s)[:2] == (3 + 4, PRITHVI)
    # Below 3 a Prithvi Wick has no floor yet.
    s = fight(V, [], params={"empty_slot_charge": 0})
    painted(s, 1, "prithvi")
    assert s.energy == 2 and s.to_dict()["counters"]["floor"] == 0
    s.apply("fortify")
    s.apply("fortify")
    assert s.energy == 0


def test_prithvi_repaint_extra_and_block_that_persists():
    """> Repainting away from Prithvi costs 2 extra.

    > Prithvi spends convert 1:1 into Block that persists between turns.

    > Block decays (except Prithvi's persistent Block).
    """
    s = fight(V, ["stone"], params={"strike_damage": 0})
    painted(s, 1, "prithvi")
    s.apply("stone>1")
    s.apply("fortify")
    s.apply("fortify")
    assert player(s)["standing_block"] == 2 and s.energy == 4
    s.apply("end")                                     # Stoneskin fired: 5 ordinary Block
    draw(s, "lash")
    assert player(s)["standing_block"] == 2 and player(s)["block"] == 0   # ordinary Block decayed
    roll(s, 1, "agni")                                 # reroll 3 on Prithvi... the first roll is free
    e = s.energy
    s.apply("repaint")
    assert wick(s)[:2] == (e - 2, AGNI)


def test_a_blank_element_adds_one_colourless_and_keeps_the_colour():
    """> Charges the Wick +1 colourless with no repaint (the existing colour is kept).

    > BLANK — Colourless: +1 charge, no repaint.
    """
    s = fight(V, [], params={"reroll_cost": 0})
    painted(s, 1, "jal")
    assert wick(s) == (6, JAL, 4)
    roll(s, 1, "blank")
    assert wick(s) == (7, JAL, 5) and "repaint" not in notations(s)


def test_colourless_charge_pays_one_off_colour_spend_a_turn():
    """Finding: colourless charge paid any number of off-colour spends.

    Ruling: V07-R3

    > Colourless charge may be spent at any colour's rate exactly once.
    """
    s = fight(V, [])
    painted(s, 1, "agni")                              # 2 Agni + 4 colourless
    assert "fortify" in notations(s)
    s.apply("fortify")                                 # Prithvi's rate, from the colourless part
    assert wick(s) == (5, AGNI, 3) and player(s)["standing_block"] == 1
    assert "fortify" not in notations(s) and not any(n.startswith("move") for n in notations(s))
    s.apply("blast")                                   # the Wick's own colour: the whole meter
    assert s.energy == 0 and enemy_hp(s) == 75 - 10
    s.apply("end")
    draw(s, "lash")
    assert "fortify" in notations(s)                   # a new turn, a new off-colour spend


def test_shunya_freezes_the_colour_for_one_full_turn_then_exhausts():
    """> Gate: first time enemy HP ≤ 50%, one Akasha card "Shunya" enters hand.

    > Playing it (free, into any slot) freezes the Wick's colour for one full turn — no repaint is possible by any roll or any cost.

    > Then it exhausts.

    > AKASHA — Freeze: the colour cannot change for one full turn.
    """
    s = fight(V, [])
    s = patched(s, enemy={**enemy(s), "hp": 50})
    painted(s, 1, "agni")
    s.apply("blast")                                   # 12: 50 -> 38, above 50 % of 75
    assert "Shunya" not in hand(s)
    s = fight(V, [])
    s = patched(s, enemy={**enemy(s), "hp": 49})
    painted(s, 1, "agni")
    s.apply("blast")                                   # 49 -> 37 <= 37.5
    assert hand(s) == {"Shunya": 1}
    s.apply("end")
    draw(s, "lash")
    energy = s.energy
    assert {"shunya 1", "shunya 2", "shunya 3", "shunya 4"} <= set(notations(s))
    s.apply("shunya 3")
    assert s.energy == energy and s.to_dict()["piles"]["exhaust"] == {"Shunya": 1} and slots(s)[2] is None
    roll(s, 1, "jal")
    assert "repaint" not in notations(s) and "hold" not in notations(s) and wick(s)[1] == AGNI
    roll(s, 1, "vayu")
    assert wick(s)[1] == AGNI
    s.apply("end")
    draw(s, "gale")
    painted(s, 1, "jal")                               # thawed the next turn
    assert wick(s)[1] == JAL


def test_income_and_sinks():
    """> Income: +2 on every roll, in the rolled colour; +1 colourless per empty slot at turn start; +1 per card that fires.

    > Sinks: reroll 2 (free under Vayu, 3 under Prithvi); hold the colour 2 (the signature spend); the current colour's own spend list; paid draw 2 charge → 2 cards; exhaust the named slot's card 1.
    """
    s = fight(V, ["lash"])
    assert wick(s) == (4, BLANK, 4)                    # 4 empty slots, colourless
    s.apply("buy")
    assert s.energy == 2
    draw(s, "stone")
    draw(s, "stone")
    assert hand(s) == {"Ember Lash": 1, "Stoneskin": 2}
    painted(s, 1, "jal")                               # (on Agni every payment would empty it: V07-R15)
    assert wick(s) == (4, JAL, 2)
    s.apply("lash>1")
    roll(s, 1, "jal")                                  # reroll 2, +2
    assert s.energy == 4
    s.apply("exhaust")                                 # the named slot's card, 1
    assert s.energy == 3 and slots(s)[0] is None
    s.apply("stone>1")
    roll(s, 2, "prithvi")                              # reroll 2, +2
    s.apply("hold")                                    # 2
    assert wick(s)[:2] == (3 - 2 + 2 - 2, JAL)
    s.apply("end")
    draw(s, "gale")
    assert s.energy == 1 + 3                           # Jal static, 3 empty slots
    roll(s, 3, "jal")                                  # +2
    s.apply("stone>3")
    roll(s, 2, "prithvi")                              # reroll 2, +2
    s.apply("repaint")                                 # 2 extra to leave Jal
    assert s.energy == 6 - 2 + 2 - 2 and wick(s)[1] == PRITHVI
    s.apply("end")                                     # two Stoneskins fire: +1 each
    draw(s, "gale")
    assert s.energy == 4 + 2 + 4


def test_rerolls_cost_roll_both_dice_and_undo_nothing():
    """> Rerolls cost 2 flat (Vayu free, Prithvi 3) and roll both dice — a reroll therefore repaints the Wick again and names a different accessible slot.

    > It is never a neutral retry: you are gambling the colour you already own.

    > A reroll does not undo charge already gained, spends already made, or cards already placed this turn.

    > Optionally reroll (2 / free / 3) → return to step 3.
    """
    s = fight(V, ["lash", "stone"], params={"empty_slot_charge": 2})   # 8 to start
    painted(s, 1, "jal")                               # (an Agni Wick's reroll would empty it: V07-R15)
    s.apply("lash>1")
    s.apply("fortify")                                 # a spend
    roll(s, 3, "vayu")                                 # 2
    assert s.energy == 10 - 1 - 2 + 2
    s.apply("repaint")                                 # the colour you owned is gone (+2 extra to leave Jal)
    assert wick(s)[:2] == (9 - 2, VAYU)
    assert slots(s)[0] == "Ember Lash" and player(s)["standing_block"] == 1
    assert [n for n in notations(s) if ">" in n] == ["stone>3"]
    energy = s.energy
    roll(s, 2, "vayu")                                 # free under Vayu
    assert s.energy == energy + 2
    roll(s, 2, "jal")
    s.apply("repaint")
    e = s.energy
    roll(s, 3, "prithvi")                              # 2 flat from Jal
    assert s.energy == e - 2 + 2
    s.apply("repaint")
    e = s.energy
    roll(s, 2, "prithvi")                              # 3 under Prithvi
    assert s.energy == e - 3 + 2


def test_turn_order_upkeep_draw_paid_draws_spends_enemy():
    """> The Wick decays or grows per its current colour (Agni +1, Vayu halves rounded down, Prithvi floors at 3, Jal static).

    > Draw 1.

    > Optional paid draws.

    > Spend charge on the current colour's actions.

    > Enemy acts.
    """
    for colour, expected in (("agni", 7 + 1), ("vayu", 7 // 2), ("prithvi", 7), ("jal", 7)):
        s = fight(V, [], params={"reroll_cost": 0, "empty_slot_charge": 0, "roll_charge": 7})
        painted(s, 1, colour)
        assert s.energy == 7
        s.apply("end")
        assert player(s)["hp"] == 42                   # the Sentinel acted
        assert s.to_move == triptych.CHANCE            # draw 1
        draw(s, "lash")
        assert s.energy == expected and hand(s) == {"Ember Lash": 1}
        assert "buy" in notations(s) or colour == "vayu"
    # Spends follow the Wick's colour: Jal's list on a Jal Wick, Agni's blast on an Agni Wick.
    s = fight(V, ["lash"], params={"empty_slot_charge": 0, "roll_charge": 7})
    painted(s, 1, "jal")
    assert "redirect" in notations(s) and "blast" not in notations(s) and "fortify" not in notations(s)


def test_win_and_lose():
    """> Enemy HP ≤ 0 → win.

    > Player HP ≤ 0 → lose.
    """
    s = fight(V, [], params={"enemy_hp": 12})
    painted(s, 1, "agni")
    s.apply("blast")
    assert s.is_terminal() and s.winner == 0
    s = fight(V, [])
    s = patched(s, player={**player(s), "hp": 8})
    roll(s, 1, "blank")
    s.apply("end")
    assert s.is_terminal() and s.winner == 1


def test_deck_hand_enemy_and_player_numbers():
    """> Starting deck — 10 cards.

    > Hand starts at 5.

    > 3× Ember Lash (Agni) — deal 5.

    > 2× Undertow (Jal) — deal 4, apply Weak 1.

    > 2× Gale (Vayu) — deal 4, draw 1.

    > 3× Stoneskin (Prithvi) — gain 5 Block.

    > Enemy — Betaal Sentinel.

    > HP 75.

    > Cycle: Strike 8 → Strike 8 → Cleave 14 → Guard (10 Block) + Jab 5.

    > Average 8.75/turn.

    > Player HP 50.
    """
    p = next(v for v in combat.VARIANTS if v["id"] == V)["params"]
    assert (p["ember_lash_count"], p["undertow_count"], p["gale_count"], p["stoneskin_count"]) == (3, 2, 2, 3)
    assert p["hand_size"] == 5
    assert (p["ember_lash_damage"], p["undertow_damage"], p["gale_damage"], p["stoneskin_block"]) == (5, 4, 4, 5)
    assert (p["strike_damage"], p["cleave_damage"], p["guard_block"], p["jab_damage"]) == (8, 14, 10, 5)
    assert (2 * p["strike_damage"] + p["cleave_damage"] + p["jab_damage"]) / 4 == 8.75
    s = combat.new_game(V, seed=1)
    assert sum(s.to_dict()["piles"]["draw"].values()) == 10
    s.play_chance()
    assert sum(hand(s).values()) == 5
    assert enemy(s)["hp"] == 75 and player(s)["hp"] == 50
    # The cards as drawn: Undertow deals 4 and Weak 1, Gale 4 and draws 1, Stoneskin 5 Block.
    s = fight(V, ["undertow", "gale", "stone"], params={"reroll_cost": 0})
    painted(s, 1, "jal")
    s.apply("undertow>1")
    s.apply("end")
    assert enemy_hp(s) == 71 and player(s)["hp"] == 50 - 8 * 3 // 4
    draw(s, "lash")
    painted(s, 2, "vayu")
    s.apply("gale>2")
    s.apply("end")
    assert enemy_hp(s) == 67 and s.to_move == triptych.CHANCE
    draw(s, "lash")                                    # Gale's draw
    draw(s, "lash")                                    # the turn's draw
    painted(s, 3, "prithvi")
    s.apply("stone>3")
    s.apply("end")
    assert player(s)["hp"] == 50 - 6 - 6 - 9           # Weak Strikes 6 and 6, then 5 Block against Cleave 14


def test_the_legend_is_the_seeds_ui_text():
    """The legend shown to the player is the seed's, line for line.

    > THE WICK — one number, one colour.
    """
    legend = next(v for v in combat.VARIANTS if v["id"] == V)["legend"].splitlines()
    assert legend == [
        "THE WICK — one number, one colour. Every card of that colour fires at end of turn.",
        "AGNI — Hoard: grows +1 each turn. Spending empties it all for 2 damage per charge.",
        "JAL — Sticky: costs 2 extra to repaint away. Buys movement, swaps and a redirect — never damage.",
        "VAYU — Leak: everything cheaper, rerolls free, but the Wick halves every turn.",
        "PRITHVI — Floor: never drops below 3, 2 extra to repaint away, converts 1:1 into permanent Block.",
        "BLANK — Colourless: +1 charge, no repaint.",
        "HOLD — pay 2 to refuse a repaint and keep your colour.",
        "AKASHA — Freeze: the colour cannot change for one full turn.",
    ]


def test_a_reroll_loop_on_a_vayu_wick_stops_at_the_roll_guard():
    """Finding: free Vayu rerolls (+2 each, hold 1) gained charge forever. A guard of 12 rolls a turn.

    Ruling: V07-R13

    > Everything costs 1 less (minimum 1) and rerolls are free.
    """
    s = fight(V, [])
    painted(s, 1, "vayu")
    for _ in range(11):
        roll(s, 2, "vayu")
    assert s.to_dict()["rolls"] == 12 and s.energy == 6 + 22
    assert "roll" not in notations(s)
    with pytest.raises(triptych.IllegalActionError):
        s.apply("roll")
    assert combat.State.from_dict(s.to_dict()).to_dict() == s.to_dict()


def test_every_reachable_wick_survives_a_save_and_load():
    """Finding: long loops overflowed the 16-bit counters and from_dict then refused the position.

    Ruling: V07-R14

    > It is the only energy in the game.
    """
    s = fight(V, [])
    s = patched(s, energy=997, counters={**s.to_dict()["counters"], "colourless": 997})
    painted(s, 1, "vayu")
    assert s.energy == 999                             # the position's limit: the rest is lost
    roll(s, 1, "vayu")
    assert s.energy == 999
    back = combat.State.from_dict(s.to_dict())
    assert back.to_dict() == s.to_dict()
    s = fight(V, [])
    s = patched(s, energy=996, player={**player(s), "standing_block": 995},
                counters={**s.to_dict()["counters"], "colourless": 996})
    painted(s, 1, "prithvi")
    for _ in range(6):
        s.apply("fortify")
    assert player(s)["standing_block"] == 999
    assert combat.State.from_dict(s.to_dict()).to_dict() == s.to_dict()


def test_any_payment_from_an_agni_wick_empties_it_for_damage():
    """A paid draw, a reroll, a hold or an exhaust paid from an Agni Wick is an Agni spend: the whole meter,
    its colourless part included, goes at 2 damage a charge (the price is part of it, and the bought thing
    still comes). `blast` is the same spend with nothing bought.

    Ruling: V07-R15

    > Any Agni spend empties the meter entirely, dealing 2 damage per charge spent.

    > Spending empties it all for 2 damage per charge.
    """
    s = fight(V, ["stone"])
    painted(s, 1, "agni")
    s.apply("stone>1")
    s.apply("end")
    draw(s, "stone")
    assert wick(s) == (10, AGNI, 7)                    # 6 + 1 Agni growth + 3 colourless
    s.apply("buy")                                     # a paid draw (2) from an Agni Wick
    assert wick(s) == (0, AGNI, 0) and enemy_hp(s) == 75 - 20
    draw(s, "lash")
    draw(s, "lash")                                    # the draw still comes
    roll(s, 1, "agni")                                 # first roll: free, spends nothing
    assert wick(s)[:2] == (2, AGNI) and enemy_hp(s) == 55
    roll(s, 2, "agni")                                 # a reroll (2) from an Agni Wick
    assert wick(s)[:2] == (2, AGNI) and enemy_hp(s) == 55 - 4
    s.apply("lash>2")
    s.apply("exhaust")                                 # exhaust (1) from an Agni Wick
    assert wick(s)[:2] == (0, AGNI) and enemy_hp(s) == 51 - 4 and slots(s)[1] is None
    assert "blast" not in notations(s) and "roll" not in notations(s)   # an empty Wick pays nothing


def test_a_hold_from_an_agni_wick_is_an_agni_spend():
    """Holding Agni against a repaint pays from the Agni Wick, so it empties it for damage.

    Ruling: V07-R15

    > Any Agni spend empties the meter entirely, dealing 2 damage per charge spent.
    """
    s = fight(V, [], params={"reroll_cost": 0})        # the free reroll spends nothing
    painted(s, 1, "agni")                              # 6
    roll(s, 1, "jal")                                  # 8, offered Jal
    s.apply("hold")
    assert wick(s) == (0, AGNI, 0) and enemy_hp(s) == 75 - 16


def test_the_fight_starts_with_an_empty_colourless_wick():
    """Ruling: V07-R16

    > One visible meter under the board: a number (charge) and a colour.
    """
    s = combat.new_game(V, seed=3)
    assert s.to_dict()["counters"]["colour"] == BLANK and s.to_dict()["counters"]["colourless"] == 4
    assert s.energy == 4                               # 0, then +1 colourless for each of the 4 empty slots
