"""V02 Four Braziers, sentence by sentence from the seed (combat-variants.txt, section V02).

Each test quotes the seed text it checks and was written from the seed. Dice and draws are set through
chance outcomes (tests/combat_helpers.py).
"""

from __future__ import annotations

import pytest

import triptych
import triptych.combat as combat
from combat_helpers import draw, enemy, enemy_hp, fight, hand, notations, player, roll, slots

SEED = "combat-variants.txt"
SECTION = "V02"
V = "v02"
INFO = next(v for v in combat.VARIANTS if v["id"] == V)


def marks(s, name):
    return [slot[name] for slot in s.to_dict()["slots"]]


def edit(s, fn):
    data = s.to_dict()
    fn(data)
    return combat.State.from_dict(data)


def fire_once(card, brazier, element="blank", **params):
    """Turn 1: `card` in `brazier`, dice `brazier/element`, end. Returns the fight after the resolution."""
    s = fight(V, [card], params=params or None)
    s.apply(f"{card}>{brazier}")
    roll(s, brazier, element)
    s.apply("end")
    if s.to_dict()["choice"]:
        s.apply("skip")
    return s


def test_name_bucket_and_teaching_sentence():
    """Four Braziers is the first reaction variant.

    > V02 — Four Braziers (reaction)

    > Teaching sentence: "Every slot belongs to an element, so where you put a card decides what it does."
    """
    assert (INFO["name"], INFO["bucket"]) == ("Four Braziers", "reaction")
    assert INFO["teaching"] == "Every slot belongs to an element, so where you put a card decides what it does."


def test_the_two_dice():
    """The same two dice as the slate: 1-4 and two blanks; four elements and two blanks.

    > Dice.

    > Number die, 6 faces: 1, 2, 3, 4, blank, blank.

    > Element die, 6 faces: Agni, Jal, Vayu, Prithvi, blank, blank.
    """
    s = fight(V, ["lash"])
    s.apply("lash>1")
    s.apply("roll")
    numbers, elements = {}, {}
    for a, p in s.chance_outcomes():
        n, e = str(a).split("/")
        numbers[n] = numbers.get(n, 0) + p
        elements[e] = elements.get(e, 0) + p
    assert numbers == pytest.approx({"1": 1 / 6, "2": 1 / 6, "3": 1 / 6, "4": 1 / 6, "blank": 1 / 3})
    assert elements == pytest.approx({"agni": 1 / 6, "jal": 1 / 6, "vayu": 1 / 6, "prithvi": 1 / 6, "blank": 1 / 3})


@pytest.mark.parametrize("card, brazier, pairing", [
    ("lash", 1, "PURE"), ("lash", 2, "CHARGE"), ("lash", 3, "RUPTURE"), ("lash", 4, "DOUSE"),
    ("undertow", 2, "PURE"), ("undertow", 3, "CHARGE"), ("undertow", 4, "RUPTURE"), ("undertow", 1, "DOUSE"),
    ("gale", 3, "PURE"), ("gale", 4, "CHARGE"), ("gale", 1, "RUPTURE"), ("gale", 2, "DOUSE"),
    ("stone", 4, "PURE"), ("stone", 1, "CHARGE"), ("stone", 2, "RUPTURE"), ("stone", 3, "DOUSE"),
])
def test_fixed_braziers_and_the_wheel(card, brazier, pairing):
    """Braziers are Agni, Jal, Vayu, Prithvi; the wheel feeds clockwise; across is Agni-Vayu, Jal-Prithvi; previews show every pairing.

    > Slots. 4 braziers, printed with fixed elements that never change: slot 1 = Agni, slot 2 = Jal, slot 3 = Vayu, slot 4 = Prithvi. The wheel is Agni → Jal → Vayu → Prithvi → Agni and the arrow means FEEDS. Across the wheel: Agni↔︎Vayu and Jal↔︎Prithvi. A brazier holds at most 1 card. Placing a card into a brazier costs 0 energy and immediately fixes its pairing (card element vs brazier element). The UI shows a live preview icon of the resulting pairing on every empty brazier before the player commits.

    > Pairings (this is the element behaviour layer).
    """
    s = fight(V, [card, "lash"], params={"base_income": 3})
    short = {"lash": "lash", "undertow": "undertow", "gale": "gale", "stone": "stone"}[card]
    preview = str(s).split("Preview:")[1].split("\n")[0]
    assert f"{short}={pairing}" in preview.split(f"[{brazier}]")[1].split("[")[0]
    energy = s.energy
    s.apply(f"{card}>{brazier}")
    assert s.energy == energy
    assert f"{brazier}={pairing}" in str(s)
    # The preview stays on every brazier still empty (for the Ember Lash left in hand), not on the filled one.
    preview = str(s).split("Preview:")[1].split("\n")[0]
    assert [f"[{b}]" in preview for b in range(1, 5)] == [b != brazier for b in range(1, 5)]
    with pytest.raises(triptych.IllegalActionError, match="occupied"):
        s.apply(f"lash>{brazier}")
    assert "Braziers: 1 agni, 2 jal, 3 vayu, 4 prithvi." in str(s)   # the printed elements are the board's


def test_pure_doubles():
    """PURE: same element, effect x2.

    > PURE — card element = brazier element. Effect ×2.

    > PAIRING — Same = PURE ×2.
    """
    assert enemy_hp(fire_once("lash", 1)) == 70 - 14
    assert enemy_hp(fire_once("gale", 3)) == 70 - 8


def test_charge_pays_one_energy_every_turn_until_it_resolves():
    """CHARGE: x1, and the brazier pays +1 energy at every turn start until it next resolves.

    > CHARGE — card element feeds the brazier (Agni card in Jal brazier; Jal card in Vayu; Vayu card in Prithvi; Prithvi card in Agni). Effect ×1, and the brazier becomes Charged — it pays +1 energy at every turn start until it next resolves.

    > Feeds = CHARGE ×1 (+1 energy/turn).
    """
    s = fight(V, ["undertow", "stone"])
    s.apply("undertow>3")
    roll(s, 3, "blank")
    s.apply("end")
    if s.to_dict()["choice"]:
        s.apply("skip")
    assert enemy_hp(s) == 70 - 5
    draw(s, "lash")
    assert marks(s, "charged") == [0, 0, 1, 0] and s.energy == 2
    roll(s, 4, "blank")
    s.apply("end")
    draw(s, "lash")
    assert s.energy == 2                           # still Charged: it has not resolved again
    s.apply("lash>3")                              # Agni across Vayu
    roll(s, 3, "blank")
    s.apply("end")
    draw(s, "lash")
    assert marks(s, "charged")[2] == 0 and s.energy == 1


def test_douse_halves_and_shuts_the_brazier_next_turn_unless_cleared():
    """DOUSE: x0.5 rounded down, and no card may be placed there next turn; clearing it costs 1.

    > DOUSE — brazier element feeds the card (the backward direction). Effect ×0.5 (round down), and the brazier becomes Doused: no card may be placed into it next turn. Clear a Doused brazier early for 1 energy.

    > Smothered = DOUSE ×½.
    """
    s = fight(V, ["undertow"])
    s.apply("undertow>1")                          # Agni feeds Jal: the brazier feeds the card
    roll(s, 1, "blank")
    s.apply("end")
    assert enemy_hp(s) == 70 - 2                   # 5 x 0.5 = 2
    draw(s, "lash")
    assert not any(a.endswith(">1") for a in notations(s))
    s.apply("clear 1")
    assert s.energy == 0 and "lash>1" in notations(s)


def test_rupture_triples_exhausts_and_recoils_four_unblockable():
    """RUPTURE: x3, the card exhausts, the player takes 4 past any Block.

    > RUPTURE — card and brazier are across the wheel. Effect ×3, the card exhausts (removed for the rest of the combat), and the player takes 4 recoil damage (unblockable).

    > Across = RUPTURE ×3, card exhausts, take 4.
    """
    s = fire_once("lash", 3)
    assert enemy_hp(s) == 70 - 21
    assert s.to_dict()["piles"]["exhaust"] == {"Ember Lash": 1}
    s = fire_once("stone", 2)                      # 18 Block, yet the recoil reaches HP
    assert player(s)["hp"] == 50 - 4


def test_agni_escalates_every_brazier_for_the_fight():
    """Resolving in the Agni brazier adds +1 to every brazier's resolution, for good, cumulatively: two Agni
    resolutions make +2 on every brazier (the second Agni resolution already gets the first's +1), and a later
    resolution elsewhere gets the whole +2.

    > Element verbs (fire when that element's brazier resolves).

    > Agni — ESCALATE. Resolving in the Agni brazier permanently raises the base magnitude of every brazier's resolution by +1 for the rest of the combat (cumulative, visible counter).

    > Slot 1 AGNI — Escalate: resolving here permanently raises every brazier's output by 1.
    """
    s = fight(V, ["lash"])
    s.apply("lash>1")
    roll(s, 1, "blank")
    s.apply("end")
    assert marks(s, "escalation") == [1, 1, 1, 1] and "escalation=1" in str(s)
    assert enemy_hp(s) == 70 - 14                  # Ember Lash PURE 7 x 2
    draw(s, "lash")
    s.apply("lash>1")
    roll(s, 1, "blank")
    s.apply("end")
    assert marks(s, "escalation") == [2, 2, 2, 2] and "escalation=2" in str(s)
    assert enemy_hp(s) == 70 - 14 - 15             # PURE 14, +1 from the first escalation
    draw(s, "gale")
    s.apply("gale>3")
    roll(s, 3, "blank")
    s.apply("end")
    assert enemy_hp(s) == 70 - 14 - 15 - 10        # Gale PURE 8, +2: both escalations, for the fight


def test_jal_redirects_a_charge_or_a_status():
    """Resolving in the Jal brazier moves one Charge marker, or one status between the sides.

    > Jal — REDIRECT. Resolving in the Jal brazier lets you move one Charged marker from any brazier to any other brazier, or move one status effect between you and the enemy.

    > Slot 2 JAL — Redirect: resolving here moves a Charge marker or a status effect.
    """
    s = fight(V, ["undertow"])
    s.apply("undertow>2")
    roll(s, 2, "blank")
    s.apply("end")
    assert "redirect_status weak enemy" in notations(s)
    s.apply("redirect_status weak enemy")
    assert enemy(s)["weak"] == 0 and player(s)["weak"] == 1
    s = fight(V, ["undertow"])
    s.apply("undertow>2")
    s = edit(s, lambda d: d["slots"][3].update(charged=1))
    roll(s, 2, "blank")
    s.apply("end")
    s.apply("redirect_charge 4 1")
    draw(s, "lash")
    assert marks(s, "charged") == [1, 0, 0, 0]


def test_vayu_swaps_two_braziers_and_pairings_follow():
    """Resolving in the Vayu brazier swaps two braziers' contents; the pairings are recomputed.

    > Vayu — DISPLACE. Resolving in the Vayu brazier swaps the contents of two braziers of your choice (cards and their pairings move with them, pairings recomputed against the new braziers).

    > Slot 3 VAYU — Displace: resolving here swaps two braziers' contents.
    """
    s = fight(V, ["gale", "lash", "stone"])
    s.apply("lash>1")
    s.apply("gale>3")
    s.apply("stone>4")
    roll(s, 3, "blank")
    s.apply("end")
    draw(s, "undertow")                            # Gale's own draw
    s.apply("swap 1 4")
    draw(s, "undertow")
    assert slots(s) == ["Stoneskin", None, None, "Ember Lash"]
    assert "1=CHARGE" in str(s) and "4=DOUSE" in str(s)


def test_prithvi_holds_charge_and_block():
    """Resolving in the Prithvi brazier makes its Charge permanent (never Doused) and this turn's Block standing.

    > Prithvi — HOLD. Resolving in the Prithvi brazier makes that brazier's Charge permanent (it can never be Doused) and converts any Block gained this turn into standing Block that does not decay at end of turn.

    > Slot 4 PRITHVI — Hold: resolving here makes Charge permanent and Block persistent.
    """
    s = fire_once("stone", 4)                      # PURE 12 Block; the Strike takes 8, 4 stand
    assert player(s)["standing_block"] == 4 and player(s)["hp"] == 50
    s = fight(V, ["gale", "gale"])
    s.apply("gale>4")
    roll(s, 4, "blank")
    s.apply("end")
    draw(s, "lash")
    draw(s, "lash")
    s.apply("lash>4")                              # DOUSE pairing in a permanent brazier
    roll(s, 4, "blank")
    s.apply("end")
    draw(s, "lash")
    assert marks(s, "charged")[3] == 1 and marks(s, "doused")[3] == 0


def test_shunya_pure_anywhere_wipes_its_brazier():
    """Shunya (deal 6, gain 6 Block) enters at half HP, counts PURE anywhere and wipes Charge, Douse and escalation.

    > Akasha — VOID. Gate: first time enemy HP ≤ 50%, one Akasha card "Shunya" enters hand (deal 6, gain 6 Block). It counts as PURE in any brazier (×2) and on resolution wipes that brazier clean: removes Charge, Douse and the Agni escalation on that brazier.

    > AKASHA — Void: PURE anywhere, and wipes its brazier clean.
    """
    s = fight(V, ["lash"], params={"enemy_hp": 28})
    s.apply("lash>1")
    roll(s, 1, "blank")
    s.apply("end")
    draw(s, "lash")
    assert hand(s)["Shunya"] == 1
    s = edit(s, lambda d: (d["slots"][2].update(charged=1, escalation=2), d["enemy"].update(hp=40, max_hp=80)))
    assert "shunya>3" in notations(s)
    s.apply("shunya>3")
    roll(s, 3, "blank")
    s.apply("end")
    assert enemy_hp(s) == 40 - (12 + 2)              # PURE x2, plus the brazier's own escalation
    assert marks(s, "charged")[2] == 0 and marks(s, "escalation")[2] == 0 and marks(s, "doused")[2] == 0


def test_the_number_names_the_brazier_and_the_element_modifies_it():
    """Number: the brazier (blank: lowest occupied). Element: brazier's -> STRONG; card's -> SWIFT; both -> STRONG; blank -> plain.

    > Resolution selection. The number die names the brazier that resolves at turn end. Blank number = the lowest-index occupied brazier resolves (never nothing). The element die modifies it:

    > shows the brazier's element → STRONG: outcome doubled.

    > shows the card's element → SWIFT: the named brazier resolves, and so does the brazier clockwise of it (that one plain, no STRONG).

    > shows both (card and brazier share an element) → STRONG.

    > blank → plain.
    """
    assert enemy_hp(fire_once("lash", 1, "blank")) == 70 - 14
    assert enemy_hp(fire_once("lash", 1, "agni")) == 70 - 28        # both: STRONG
    s = fight(V, ["lash", "gale"])
    s.apply("lash>2")                              # CHARGE 7
    s.apply("gale>3")                              # PURE 8
    roll(s, 2, "agni")                             # the card's element: SWIFT
    s.apply("end")
    s.apply("skip")
    assert enemy_hp(s) == 70 - 7 - 8
    s = fight(V, ["lash", "gale"])
    s.apply("lash>2")
    s.apply("gale>3")
    roll(s, 2, "jal")                              # the brazier's element: STRONG only
    s.apply("end")
    s.apply("skip")
    assert enemy_hp(s) == 70 - 14 and slots(s)[2] == "Gale"
    s = fight(V, ["gale", "lash"])
    s.apply("gale>3")
    s.apply("lash>4")
    roll(s, "blank", "blank")
    s.apply("end")
    assert slots(s) == [None, None, None, "Ember Lash"]


def test_income_sinks_and_no_carry_over():
    """Income 1 + Charged braziers; the sinks; hold keeps the named card; nothing carries over.

    > Energy. Income at turn start = 1 + number of Charged braziers (range 1–5). Sinks: first roll 1; each reroll 2 flat; clear a Doused brazier early 1; paid draw 1 → 2 cards; hold a card from resolving 1 (the named brazier does not resolve; the card and its pairing stay). No carry-over.

    > Energy = 1 + Charged braziers.
    """
    s = fight(V, ["lash"])
    assert s.energy == 1
    s = fight(V, ["lash", "stone"], params={"base_income": 4})
    s.apply("buy")
    assert s.energy == 3 and s.to_dict()["pending_draws"] == 2
    draw(s, "gale")
    draw(s, "gale")
    s.apply("lash>1")
    roll(s, 1, "blank")
    assert s.energy == 2
    s.apply("hold")
    assert s.energy == 1
    s.apply("end")
    assert enemy_hp(s) == 70 and slots(s)[0] == "Ember Lash" and "1=PURE" in str(s)
    draw(s, "undertow")
    assert s.energy == 4                           # base 4 again: the 1 left did not carry
    s = fight(V, [])
    s = edit(s, lambda d: [sl.update(charged=1) for sl in d["slots"]])
    roll(s, 4, "blank")                            # an empty brazier resolves nothing: all stay Charged
    s.apply("end")
    draw(s, "lash")
    assert s.energy == 5                           # the top of the range 1-5


def test_reroll_mercy_is_turn_ones_then_two_flat():
    """Ruling: V02-R11. The first reroll of turn 1 is free; unused, the mercy lapses; every other reroll costs 2.

    > Reroll. First reroll of each combat is free (turn-1 mercy). Every reroll after that is 2 flat. Rerolls both dice.
    """
    s = fight(V, ["lash"])
    s.apply("lash>1")
    roll(s, 3, "blank")
    assert s.energy == 0 and "roll" in notations(s)          # free on turn 1
    roll(s, 2, "blank")
    assert s.to_dict()["counters"]["mercy_used"] == 1
    assert "roll" not in notations(s)                        # the next costs 2
    # Unused on turn 1, it is gone on turn 2: the reroll costs 2.
    s = fight(V, ["lash"], params={"base_income": 3})
    roll(s, 1, "blank")
    s.apply("end")
    draw(s, "stone")
    roll(s, 1, "blank")
    assert s.energy == 2
    roll(s, 2, "blank")
    assert s.energy == 0


def test_reroll_changes_only_which_brazier_and_how_loud():
    """A reroll keeps placements, pairings, Charge, Douse and spent energy.

    > Resolution is deferred to turn end, so a reroll only changes which brazier resolves and how loud — it does not undo placements, pairings, Charge, Douse, or spent energy.

    > Optional rerolls at 2.
    """
    s = fight(V, ["lash", "undertow"], params={"base_income": 5})
    s = edit(s, lambda d: (d["slots"][3].update(charged=1), d["slots"][2].update(doused=1)))
    s.apply("lash>2")
    s.apply("undertow>1")
    roll(s, 2, "jal")
    roll(s, 1, "agni")
    roll(s, 4, "blank")
    assert s.energy == 5 - 1 - 0 - 2
    assert slots(s)[:2] == ["Undertow", "Ember Lash"] and "1=DOUSE" in str(s) and "2=CHARGE" in str(s)
    assert marks(s, "charged")[3] == 1 and marks(s, "doused")[2] == 1
    assert enemy_hp(s) == 70


def test_resolution_order_of_one_turn():
    """Energy, draw, paid draws, placement into open braziers, roll locks placement, rerolls, one resolution, enemy, Block decay.

    > Resolution order.

    > Draw 1. Optional paid draws.

    > Place cards into empty, non-Doused braziers (previews shown). Placement phase.

    > First roll: pay 1, roll both. Placement locks.

    > Turn end: the named brazier resolves — apply pairing multiplier, then STRONG/SWIFT, then the Agni escalation bonus, then the damage pipeline. Apply Charge/Douse. The resolved card leaves to discard (or exhausts, under RUPTURE). Non-resolving braziers keep their cards, pairings and markers.

    > Enemy acts. Block decays (except standing Block from Prithvi).
    """
    # Pairing x2, STRONG x2, then +1 escalation, then the pipeline (Vulnerable: x1.5, ceil): (7*2*2 + 1) * 1.5 = 44.
    s = fight(V, ["lash", "stone"])
    s = edit(s, lambda d: ([sl.update(escalation=1) for sl in d["slots"]], d["enemy"].update(vulnerable=2)))
    s.apply("lash>1")
    s.apply("stone>3")
    roll(s, 1, "agni")
    assert not any(">" in a for a in notations(s))            # placement locked
    s.apply("end")
    assert enemy_hp(s) == 70 - 44
    assert s.to_dict()["piles"]["discard"] == {"Ember Lash": 1}
    assert slots(s) == [None, None, "Stoneskin", None] and "3=DOUSE" in str(s)
    assert player(s)["hp"] == 42 and player(s)["block"] == 0
    # Charge is applied after the resolution, to the resolving brazier.
    s = fire_once("lash", 2)
    assert marks(s, "charged") == [0, 1, 0, 0]
    # Block decays at the end of the enemy's turn, standing Block does not.
    s = fire_once("stone", 4, strike_damage=2)
    assert player(s)["block"] == 0 and player(s)["standing_block"] == 10


def test_win_and_lose():
    """Enemy at 0 wins, player at 0 loses.

    > Win / lose. Enemy HP ≤ 0 → win. Player HP ≤ 0 → lose.
    """
    s = fire_once("lash", 1, enemy_hp=14)
    assert s.is_terminal() and s.winner == 0
    s = fire_once("lash", 3, player_hp=4)          # the recoil alone
    assert s.is_terminal() and s.winner == 1


def test_starting_deck_hand_and_numbers():
    """Ten cards with V02's numbers; the opening hand is 5.

    > Starting deck — 10 cards. Hand starts at 5.

    > 3× Ember Lash (Agni) — deal 7.

    > 2× Undertow (Jal) — deal 5, apply Weak 1.

    > 2× Gale (Vayu) — deal 4, draw 1.

    > 3× Stoneskin (Prithvi) — gain 6 Block.
    """
    s = combat.new_game(V, seed=5)
    assert s.to_dict()["piles"]["draw"] == {"Ember Lash": 3, "Undertow": 2, "Gale": 2, "Stoneskin": 3}
    assert s.to_dict()["pending_draws"] == 5
    # CHARGE is x1: the printed numbers.
    assert enemy_hp(fire_once("lash", 2)) == 70 - 7
    s = fire_once("undertow", 3)
    assert enemy_hp(s) == 70 - 5 and enemy(s)["weak"] == 1
    s = fight(V, ["gale"])
    s.apply("gale>4")
    roll(s, 4, "blank")
    s.apply("end")
    assert enemy_hp(s) == 70 - 4 and s.to_move == triptych.CHANCE
    s = fire_once("stone", 1, strike_damage=6)
    assert player(s)["hp"] == 50


def test_sentinel_hp_cycle_and_player_hp():
    """Sentinel 70 HP: Strike 8, Strike 8, Cleave 13, Guard 10 Block + Jab 4; player 50 HP.

    > Enemy — Betaal Sentinel. HP 70. Cycle: Strike 8 → Strike 8 → Cleave 13 → Guard (10 Block) + Jab 4.

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


def test_element_legend_ui_text():
    """The legend the UI shows is the seed's.

    > Element legend (UI text).

    > Slot 1 AGNI — Escalate: resolving here permanently raises every brazier's output by 1.

    > Slot 2 JAL — Redirect: resolving here moves a Charge marker or a status effect.

    > Slot 3 VAYU — Displace: resolving here swaps two braziers' contents.

    > Slot 4 PRITHVI — Hold: resolving here makes Charge permanent and Block persistent.

    > PAIRING — Same = PURE ×2. Feeds = CHARGE ×1 (+1 energy/turn). Smothered = DOUSE ×½. Across = RUPTURE ×3, card exhausts, take 4.

    > AKASHA — Void: PURE anywhere, and wipes its brazier clean.
    """
    seed_lines = [line.strip()[2:] for line in test_element_legend_ui_text.__doc__.splitlines()
                  if line.strip().startswith("> ") and "—" in line]
    assert INFO["legend"].split("\n") == seed_lines
