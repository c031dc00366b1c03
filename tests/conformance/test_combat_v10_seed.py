"""V10 The Written Die: every sentence of the build spec, checked in a position it describes.

Each test quotes the seed sentence(s) it checks. Rolls and draws are set through chance outcomes.
"""

from __future__ import annotations

import pytest

import triptych
import triptych.combat as combat
from combat_helpers import draw, enemy, enemy_hp, fight, hand, notations, player, roll, slots

SEED = "combat-variants.txt"
SECTION = "V10"
V = "v10"
PRINTED = ["agni", "jal", "vayu", "prithvi", "agni", "prithvi"]


def faces(s):
    return s.to_dict()["element_faces"]


def piles(s):
    return s.to_dict()["piles"]


def engraved(s):
    return [slot["engraved"] for slot in s.to_dict()["slots"]]


def odds(s):
    numbers, elements = {}, {}
    for a, p in s.chance_outcomes():
        d = a.to_dict()
        numbers[d["number"]] = numbers.get(d["number"], 0) + p
        elements[d["element"]] = elements.get(d["element"], 0) + p
    return numbers, elements


def with_enemy_hp(s, hp):
    data = s.to_dict()
    data["enemy"]["hp"] = hp
    return combat.State.from_dict(data)


def gated(s):
    """The same position after the gate: Shunya in hand (the Sentinel at 35, half of 70)."""
    data = s.to_dict()
    data["enemy"]["hp"] = 35
    data["gated"] = True
    data["piles"]["hand"]["Shunya"] = 1
    return combat.State.from_dict(data)


def engrave(s, card, face, next_draw):
    """Plays a turn that engraves `card` on `face` (Prithvi lands there); the next turn draws `next_draw`."""
    s.apply(f"{card}>{face}")
    roll(s, face, "prithvi")
    s.apply("end")
    draw(s, next_draw)
    assert engraved(s)[face - 1] == 1


# --- the dice and the faces ------------------------------------------------------------------------------------


def test_the_four_value_faces_are_the_four_slots_and_the_blanks_take_nothing():
    """Inscribing is offered on faces 1-4 only; a card inscribed on face 3 fires when 3 lands; a blank fires
    nothing; each face holds one card.

    > Dice.

    > Number die, 6 faces: 1, 2, 3, 4, blank, blank. The four value faces ARE the four slots. The two blank faces are permanently unwritable.

    > Slots. The countable unit is the 4 value faces of the number die (C3.5: four, never more). "Playing a card into slot 3" means inscribing that card onto face 3. A face holds at most 1 card.

    > YOUR SLOTS ARE THE DIE — inscribing a card into slot 3 writes it onto face 3.
    """
    s = fight(V, ["lash", "stone"], params={"base_income": 4})
    assert [n for n in notations(s) if n.startswith("lash>")] == ["lash>1", "lash>2", "lash>3", "lash>4"]
    with pytest.raises(Exception):
        s.apply("lash>5")
    s.apply("lash>3")
    assert slots(s) == [None, None, "Ember Lash", None] and len(s.to_dict()["slots"]) == 4
    s.apply("roll")
    numbers, _ = odds(s)
    assert numbers == pytest.approx({1: 1 / 6, 2: 1 / 6, 3: 1 / 6, 4: 1 / 6, "blank": 2 / 6})
    s.apply("blank/prithvi")
    blank = s.clone()
    blank.apply("end")
    assert enemy_hp(blank) == 70 and slots(blank)[2] == "Ember Lash" and engraved(blank) == [0, 0, 0, 0]
    roll(s, 3, "prithvi")
    s.apply("end")
    assert enemy_hp(s) == 60 and slots(s)[2] == "Ember Lash"


def test_the_element_die_has_no_blanks():
    """> Element die, 6 faces: Agni, Jal, Vayu, Prithvi, Agni, Prithvi — no blanks; the element die never misses."""
    s = fight(V, [])
    assert faces(s) == PRINTED
    s.apply("roll")
    _, elements = odds(s)
    assert elements == pytest.approx({"agni": 2 / 6, "jal": 1 / 6, "vayu": 1 / 6, "prithvi": 2 / 6})


def test_first_inscription_each_turn_is_free_then_one_each():
    """The ladder restarts each turn.

    > The first inscription each turn is free; each further inscription that turn costs 1 energy.
    """
    s = fight(V, ["lash", "stone", "gale"])
    assert s.energy == 2
    s.apply("lash>1")
    assert s.energy == 2
    s.apply("stone>2")
    assert s.energy == 1
    s.apply("gale>3")
    assert s.energy == 0 and not any(">" in n for n in notations(s))
    roll(s, "blank", "prithvi")
    s.apply("end")
    draw(s, "undertow")
    assert s.energy == 2
    s.apply("undertow>4")
    assert s.energy == 2


def test_an_unengraved_written_face_can_be_overwritten_the_old_card_goes_to_discard():
    """With every face written, an inscription over face 2 is still offered (at the inscription price): the card
    it replaces goes to the discard and the face counts as cleared. The engraved face 1 is not offered.

    Ruling: V10-R4.

    > An engraved face (see Prithvi) cannot be overwritten.

    > Inscribe cards onto free, unengraved faces (first free, then 1 each).
    """
    s = fight(V, ["stone", "lash", "lash", "gale", "undertow"], params={"hand_size": 5})
    engrave(s, "stone", 1, next_draw="stone")
    assert s.energy == 2
    s.apply("lash>2")
    s.apply("lash>3")
    assert s.energy == 1
    roll(s, "blank", "agni")                   # a blank: nothing fires, nothing clears
    s.apply("end")
    draw(s, "gale")
    assert s.energy == 2 and slots(s)[:3] == ["Stoneskin", "Ember Lash", "Ember Lash"]
    s.apply("gale>4")                          # the last empty face: the die is full
    assert all(slots(s))
    options = [n for n in notations(s) if n.startswith("undertow>")]
    assert options == ["undertow>2", "undertow>3", "undertow>4"]      # never face 1 (engraved)
    s.apply("undertow>2")
    assert s.energy == 1 and slots(s)[1] == "Undertow" and piles(s)["discard"] == {"Ember Lash": 1}
    assert "Income next turn: 2 + faces cleared this turn (1) = 3" in str(s)
    roll(s, "blank", "agni")
    s.apply("end")
    draw(s, "lash")
    assert s.energy == 3                       # the overwritten face cleared


# --- resolution ----------------------------------------------------------------------------------------------------


def test_the_verb_resolves_first_then_the_landed_face_fires_even_an_unwritten_one_under_vayu():
    """Face 2 is empty when 2/Vayu lands; the rotation (the verb) comes first and carries Ember Lash from
    face 1 onto face 2, which then fires. A blank face fires nothing, but the verb still rotates the die.

    > Resolution. Roll both dice. The element verb resolves first, then the landed face fires its inscribed card. If the landed face is blank or unwritten, nothing fires but the element verb still resolves against the whole die.

    > Resolve: the element verb applies to the die, then the landed face fires its card through the damage pipeline.
    """
    s = fight(V, ["lash"])
    s.apply("lash>1")
    s.apply("roll")
    assert all(a.to_dict()["number"] is not None and a.to_dict()["element"] for a, _ in s.chance_outcomes())
    s.apply("2/vayu")
    s.apply("end")
    assert enemy_hp(s) == 60 and slots(s) == [None] * 4
    s = fight(V, ["lash"])
    s.apply("lash>4")
    roll(s, "blank", "vayu")
    s.apply("end")
    assert enemy_hp(s) == 70 and slots(s) == ["Ember Lash", None, None, None]
    s = fight(V, ["lash"])
    s.apply("lash>4")
    roll(s, 2, "prithvi")                      # unwritten face: nothing fires
    s.apply("end")
    assert enemy_hp(s) == 70 and engraved(s) == [0, 0, 0, 0]


def test_there_is_no_turn_in_which_the_dice_did_nothing():
    """The turn cannot end before the (free) first roll.

    Ruling: V10-R1.

    > There is no turn in which the dice did nothing.
    """
    s = fight(V, ["lash"])
    assert "end" not in notations(s) and "roll" in notations(s)
    s.apply("roll")
    s.apply("1/agni")
    assert "end" in notations(s) and s.energy == 2


def test_agni_fires_twice_then_exhausts_and_empties_the_face():
    """Ember Lash 10 twice = 20; the card exhausts and face 1 is empty (so it cleared: income 3).

    Ruling: V10-R11.

    > Element behaviours (the element die edits the number die).

    > Agni — REIGNITE. The fired card fires a second time immediately, then the card exhausts and its face is left empty. Fire spends the die to double the hit.

    > AGNI — Reignite: the fired card fires twice, then burns away.
    """
    s = fight(V, ["lash"])
    s.apply("lash>1")
    roll(s, 1, "agni")
    s.apply("end")
    assert enemy_hp(s) == 50 and slots(s) == [None] * 4 and piles(s)["exhaust"] == {"Ember Lash": 1}
    draw(s, "gale")
    assert s.energy == 3
    s = fight(V, ["undertow"])                 # both firings are whole: two Weak stacks
    s.apply("undertow>1")
    roll(s, 1, "agni")
    s.apply("end")
    assert enemy_hp(s) == 70 - 16 and player(s)["hp"] == 50 - 7 * 3 // 4


def test_jal_sets_the_landed_card_aside_and_fires_the_face_you_choose():
    """1/Jal: Ember Lash on face 1 stays written, unfired; the player picks face 2 or 4; Stoneskin fires (9 Block
    soaks Strike 7) and goes to the discard.

    Ruling: V10-R10.

    > Jal — REDIRECT. The card on the landed face is set aside unfired (it stays inscribed); instead, the card on any other face of your choosing fires.

    > JAL — Redirect: fire any other face instead of the one that landed.
    """
    s = fight(V, ["lash", "stone", "gale"], params={"base_income": 3})
    s.apply("lash>1")
    s.apply("stone>2")
    s.apply("gale>4")
    roll(s, 1, "jal")
    s.apply("end")
    assert notations(s) == ["redirect 2", "redirect 4"]
    s.apply("redirect 2")
    assert enemy_hp(s) == 70 and player(s)["hp"] == 50
    assert slots(s) == ["Ember Lash", None, None, "Gale"] and piles(s)["discard"] == {"Stoneskin": 1}


def test_jal_on_a_blank_or_unwritten_landing_still_redirects():
    """A blank or an unwritten face lands under Jal: the landed face fires nothing, and the verb, which acts
    on the whole die, still lets you fire another inscribed face (you must pick one; with none, nothing fires).

    Ruling: V10-R10 (the reading that "nothing fires" forbids the redirect is the rejected one).

    > If the landed face is blank or unwritten, nothing fires but the element verb still resolves against the whole die.

    > Jal — REDIRECT. The card on the landed face is set aside unfired (it stays inscribed); instead, the card on any other face of your choosing fires.
    """
    for number in ("blank", 2):
        s = fight(V, ["lash", "stone"], params={"base_income": 3})
        s.apply("lash>1")
        s.apply("stone>4")
        roll(s, number, "jal")
        s.apply("end")
        assert notations(s) == ["redirect 1", "redirect 4"]   # no "decline": the redirect resolves
        s.apply("redirect 1")
        assert enemy_hp(s) == 60 and slots(s) == [None, None, None, "Stoneskin"]
    s = fight(V, [])
    roll(s, "blank", "jal")
    s.apply("end")                             # nothing written anywhere: nothing fires, the turn goes on
    assert s.turn == 2 and enemy_hp(s) == 70


def test_vayu_shifts_every_inscription_one_face_along_then_the_fired_card_returns_to_hand():
    """Ember Lash 1 -> 2, Stoneskin 4 -> 1 (the wrap); 1 lands: Stoneskin fires and goes back to hand.

    > Vayu — ROTATION. Every inscription shifts one face along (1→2→3→4→1) before resolution, so the landed face fires whatever rotated onto it. The fired card then returns to your hand instead of the discard pile.

    > VAYU — Rotation: every inscription shifts one face along before resolving; the fired card returns to hand.
    """
    s = fight(V, ["lash", "stone"])
    s.apply("lash>1")
    s.apply("stone>4")
    roll(s, 1, "vayu")
    s.apply("end")
    assert slots(s) == [None, "Ember Lash", None, None] and player(s)["hp"] == 50 and enemy_hp(s) == 70
    draw(s, "gale")
    assert hand(s) == {"Stoneskin": 1, "Gale": 1} and s.energy == 3


def test_prithvi_engraves_the_fired_card_on_its_face():
    """Stoneskin fires and stays on face 1, engraved: no inscription onto face 1 is offered, a Vayu rotation
    steps over it, and clearing it costs 2 (the engraving goes, the card stays written).

    Ruling: V10-R3, V10-R4.

    > Prithvi — ENGRAVING. The fired card stays written on its face instead of going to discard, and the face gains an engraving marker: it cannot be overwritten by another inscription and does not rotate under Vayu. Clearing an engraving costs 2 energy.

    > PRITHVI — Engraving: the fired card stays written and its face can never be overwritten.
    """
    s = fight(V, ["stone", "lash", "gale"])
    s.apply("stone>1")
    roll(s, 1, "prithvi")
    s.apply("end")
    assert player(s)["hp"] == 50 and slots(s)[0] == "Stoneskin" and engraved(s) == [1, 0, 0, 0]
    assert piles(s)["discard"] == {}
    draw(s, "undertow")
    assert s.energy == 2                       # an engraved card did not leave: nothing cleared
    assert "lash>1" not in notations(s) and "lash>2" in notations(s)
    s.apply("lash>4")
    s.apply("gale>2")
    roll(s, 3, "vayu")                         # over faces 2, 3, 4: Gale 2 -> 3, Ember Lash 4 -> 2 (1 is skipped)
    s.apply("end")
    assert slots(s)[0] == "Stoneskin" and engraved(s) == [1, 0, 0, 0]
    assert slots(s)[1] == "Ember Lash" and slots(s)[2] is None       # Gale rotated onto 3 and fired
    assert enemy_hp(s) == 70 - 7
    draw(s, "lash")
    draw(s, "stone")                           # Gale's draw came after the turn's draw
    assert s.energy == 3
    s.apply("clear 1")
    assert s.energy == 1 and slots(s)[0] == "Stoneskin" and engraved(s) == [0, 0, 0, 0]
    assert piles(s)["discard"] == {}
    assert "lash>1" in notations(s)


def test_clearing_an_engraving_unlocks_the_face_and_leaves_its_card():
    """Clearing costs 2 and removes the engraving only: Stoneskin stays written on face 1, no face clears (next
    turn's income stays 2), and the face is an ordinary written face again: it rotates under Vayu and can be
    overwritten (the overwritten card then goes to the discard and the face clears).

    Ruling: V10-R4.

    > Clearing an engraving costs 2 energy.

    > An engraved face (see Prithvi) cannot be overwritten.
    """
    s = fight(V, ["stone", "lash", "gale"])
    engrave(s, "stone", 1, next_draw="undertow")
    assert s.energy == 2 and "clear 1" in notations(s) and "lash>1" not in notations(s)
    s.apply("clear 1")
    assert s.energy == 0 and slots(s)[0] == "Stoneskin" and engraved(s) == [0, 0, 0, 0]
    assert piles(s)["discard"] == {} and hand(s) == {"Ember Lash": 1, "Gale": 1, "Undertow": 1}
    assert "lash>1" in notations(s)            # the face takes an inscription again
    roll(s, 3, "vayu")                         # no longer engraved: it rotates (1 -> 2); face 3 is empty
    s.apply("end")
    assert slots(s) == [None, "Stoneskin", None, None]
    draw(s, "lash")
    assert s.energy == 2                       # no card left a face last turn
    s.apply("lash>2")                          # overwriting the (unengraved) Stoneskin
    assert piles(s)["discard"] == {"Stoneskin": 1} and slots(s)[1] == "Ember Lash"


def test_akasha_gate_at_half_brings_shunya_which_costs_nothing_and_puts_akasha_on_the_die():
    """The gate opens at 35 of 70 exactly; Shunya enters the hand, once (two more blows below half bring no
    second); inscribing it costs 0 (and leaves the free
    inscription unused); while it is written, face 6 shows Akasha; when it leaves, the face is Prithvi again.

    Ruling: V10-R5, V10-R8.

    > Akasha — ERASURE. Gate: the first time enemy HP ≤ 50%, one Akasha card "Shunya" enters hand; inscribing it costs 0, and while it is inscribed one element-die face becomes Akasha.
    """
    s = with_enemy_hp(fight(V, ["lash"]), 45)
    s.apply("lash>1")
    roll(s, 1, "prithvi")
    s.apply("end")
    assert enemy_hp(s) == 35 and hand(s) == {"Shunya": 1} and s.to_dict()["gated"]
    for face, hp in ((2, 25), (3, 15)):         # "the first time": later blows below half bring no second Shunya
        draw(s, "lash")
        s.apply(f"lash>{face}")
        roll(s, face, "prithvi")
        s.apply("end")
        shunyas = sum(pile.get("Shunya", 0) for pile in piles(s).values()) + slots(s).count("Shunya")
        assert enemy_hp(s) == hp and shunyas == 1
    s = with_enemy_hp(fight(V, ["lash"]), 46)
    s.apply("lash>1")
    roll(s, 1, "prithvi")
    s.apply("end")
    assert enemy_hp(s) == 36 and hand(s) == {} and not s.to_dict()["gated"]
    s = gated(fight(V, ["lash", "stone"]))
    s.apply("shunya>2")
    assert s.energy == 2 and faces(s) == PRINTED[:5] + ["akasha"]
    s.apply("lash>1")
    assert s.energy == 2
    s.apply("stone>2")                         # Shunya overwritten: it leaves the die, and so does Akasha
    assert faces(s) == PRINTED and piles(s)["discard"] == {"Shunya": 1}


def test_akasha_wipes_the_landed_face_fires_nothing_draws_two_and_rerolls_free():
    """Ruling: V10-R6, V10-R9.

    > When Akasha is rolled: the landed face is wiped (its card goes to discard), nothing fires, you draw 2, and you get one free reroll.

    > AKASHA — Erasure: wipe the landed face, fire nothing, draw 2, reroll free.
    """
    s = gated(fight(V, ["lash"]))
    s.apply("shunya>2")
    s.apply("lash>1")
    roll(s, 1, "akasha")
    assert slots(s) == [None, "Shunya", None, None] and piles(s)["discard"] == {"Ember Lash": 1}
    assert enemy_hp(s) == 35
    draw(s, "gale")
    draw(s, "stone")
    assert s.energy == 2 and "roll" in notations(s)
    roll(s, 3, "prithvi")                      # the free reroll
    assert s.energy == 2
    roll(s, 3, "prithvi")                      # the next one is the first paid one: 2
    assert s.energy == 0
    s = gated(fight(V, []))
    s.apply("shunya>1")
    roll(s, 2, "akasha")
    draw(s, "gale")
    draw(s, "stone")
    s.apply("end")                             # Akasha left standing: nothing fires at the turn's end
    assert enemy_hp(s) == 35 and slots(s)[0] == "Shunya"


def test_tilt_changes_one_element_face_for_this_turn_repeatable_before_the_roll():
    """Two tilts (1 each) change two faces to other elements; the odds follow; they survive rerolls and are
    gone next turn. Tilting is a step before the first roll.

    Ruling: V10-R7.

    > TILT (the signature play). Pay 1 energy to change one face of the element die to a different element for this turn only.

    > Repeatable while energy lasts.

    > Optionally tilt element-die faces (1 each).

    > TILT — pay 1 to change one face of the element die for this turn.
    """
    s = fight(V, [], params={"base_income": 5})
    assert "tilt 1 agni" not in notations(s) and "tilt 1 jal" in notations(s)   # a different element
    s.apply("tilt 2 agni")
    s.apply("tilt 3 agni")
    assert s.energy == 3 and faces(s) == ["agni", "agni", "agni", "prithvi", "agni", "prithvi"]
    s.apply("tilt 4 agni")
    s.apply("tilt 6 agni")
    s.apply("tilt 5 jal")
    assert s.energy == 0 and not any(n.startswith("tilt") for n in notations(s))   # while energy lasts
    s.apply("roll")
    _, elements = odds(s)
    assert elements == pytest.approx({"agni": 5 / 6, "jal": 1 / 6})
    s.apply("1/agni")
    assert not any(n.startswith("tilt") for n in notations(s))
    s.apply("end")
    draw(s, "lash")
    assert faces(s) == PRINTED


# --- energy, sinks, rerolls ---------------------------------------------------------------------------------------


def test_income_is_two_plus_faces_cleared_last_turn_at_most_six_printed_beside_the_die():
    """Discard (Jal's redirect), exhaust (Agni), hand (Vayu) and an overwrite all clear a face; the next turn's
    income counts them, capped at 6, and the line beside the die says so. Nothing carries over.

    > Energy. Income at turn start = 2 + the number of faces that cleared last turn, where a face "clears" when its card leaves it (to discard, exhaust, or hand). Range 2–6, printed beside the die.

    > Energy = 2 + faces cleared last turn.

    > No carry-over.
    """
    s = fight(V, ["lash", "stone"])
    s.apply("lash>1")
    s.apply("stone>2")
    roll(s, 1, "jal")
    s.apply("end")
    s.apply("redirect 2")                      # Stoneskin to the discard: 1 face cleared
    draw(s, "gale")
    assert s.energy == 3
    s.apply("gale>2")
    roll(s, 2, "vayu")                         # rotation: Gale 2 -> 3, Ember Lash 1 -> 2, which fires
    s.apply("end")                             # and returns to hand: 1 face cleared; 2 energy unspent
    draw(s, "undertow")
    assert s.energy == 3                       # the unspent 2 did not carry over
    data = s.to_dict()
    data["counters"]["cleared"] = 0b1011       # faces 1, 2 and 4 already cleared this turn (a mask of faces)
    s = combat.State.from_dict(data)
    assert "Income next turn: 2 + faces cleared this turn (3) = 5 (range 2-6)" in str(s)
    s.apply("lash>3")                          # overwrites Gale: face 3, the fourth face cleared this turn
    assert "(4) = 6 (range 2-6)" in str(s)
    roll(s, "blank", "agni")
    s.apply("end")
    draw(s, "gale")
    assert s.energy == 6


def test_income_counts_faces_not_departures():
    """A face that clears twice in a turn is one face: Stoneskin overwrites Ember Lash on face 1 (it clears),
    then fires there under Agni and exhausts (face 1 clears again): next turn's income is 2 + 1.

    > Energy. Income at turn start = 2 + the number of faces that cleared last turn, where a face "clears" when its card leaves it (to discard, exhaust, or hand). Range 2–6, printed beside the die.
    """
    s = fight(V, ["lash", "stone", "gale"], params={"strike_damage": 0})
    s.apply("lash>1")
    roll(s, 3, "agni")                         # face 3 is unwritten: nothing fires, nothing clears
    s.apply("end")
    draw(s, "undertow")
    assert s.energy == 2
    s.apply("stone>1")                         # overwrite: Ember Lash to the discard, face 1 clears
    assert "faces cleared this turn (1)" in str(s)
    roll(s, 1, "agni")
    s.apply("end")                             # Stoneskin fires twice and exhausts: face 1 clears again
    assert s.to_dict()["piles"]["exhaust"] == {"Stoneskin": 1}
    draw(s, "lash")
    assert s.energy == 2 + 1


def test_sinks_and_their_prices():
    """Each sink at its price; paid draws, clears and tilts are steps before the first roll.

    Ruling: V10-R12.

    > Sinks: inscriptions beyond the first each turn 1 each; TILT 1 each; reroll both dice 2, then 4; clear an engraving 2; paid draw 1 → 2 cards.

    > Draw 1.

    > Optional paid draws.
    """
    s = fight(V, ["stone", "lash", "gale"], params={"base_income": 9, "income_cap": 12})
    engrave(s, "stone", 1, next_draw="undertow")
    assert s.energy == 9 and sum(hand(s).values()) == 3          # one card drawn at turn start
    s.apply("lash>2")
    s.apply("gale>3")
    assert s.energy == 8
    s.apply("tilt 1 jal")
    assert s.energy == 7
    s.apply("clear 1")
    assert s.energy == 5
    s.apply("buy")
    draw(s, "lash")
    draw(s, "lash")
    assert s.energy == 4 and hand(s) == {"Undertow": 1, "Ember Lash": 2}
    roll(s, 1, "jal")
    assert s.energy == 4
    assert not any(n == "buy" or n.startswith(("clear", "tilt")) for n in notations(s))   # V10-R12, V10-R7
    roll(s, 1, "jal")
    assert s.energy == 2
    assert "roll" not in notations(s)          # the next would cost 4


def test_the_first_roll_is_free_rerolls_cost_two_then_four_and_roll_both_dice():
    """Ruling: V10-R2 (every reroll after the first costs 4).

    > Reroll. The first roll of the turn is free. Rerolls cost 2, then 4, and roll both dice.

    > First roll (free): both dice.

    > Optionally reroll (2, then 4) → return to step 5.
    """
    s = fight(V, [], params={"base_income": 10, "income_cap": 10})
    s.apply("roll")
    assert s.energy == 10 and len(s.chance_outcomes()) == 5 * 4
    s.apply("1/agni")
    roll(s, 2, "jal")
    assert s.energy == 8 and s.to_dict()["dice"] == {"number": 2, "element": "jal"}
    roll(s, 3, "vayu")
    assert s.energy == 4
    roll(s, 4, "prithvi")
    assert s.energy == 0 and "roll" not in notations(s)


def test_a_reroll_replaces_the_pending_outcome_and_undoes_nothing():
    """Nothing resolves until `end`: the first outcome (Agni on Ember Lash) never fires. A reroll keeps the
    tilt, the inscriptions, the engraving and the energy spent. The tilt costs less than a reroll and is
    bought before the roll.

    > Resolution occurs once per turn, after the roll phase, so a reroll replaces the pending outcome rather than undoing a resolved one.

    > A reroll does not undo tilts (they last the turn), inscriptions (they stay written), engravings, or spent energy — and a tilt is deliberately the cheaper, plannable alternative to a reroll.
    """
    s = fight(V, ["stone", "lash"], params={"base_income": 5, "income_cap": 6})
    engrave(s, "stone", 1, next_draw="gale")
    s.apply("lash>2")
    s.apply("tilt 2 vayu")
    assert s.energy == 4
    roll(s, 2, "agni")
    assert enemy_hp(s) == 70 and slots(s)[1] == "Ember Lash"     # nothing resolved yet
    roll(s, 1, "prithvi")
    assert s.energy == 2 and faces(s)[1] == "vayu"
    assert slots(s)[:2] == ["Stoneskin", "Ember Lash"] and engraved(s) == [1, 0, 0, 0]
    s.apply("end")
    assert enemy_hp(s) == 70 and slots(s)[1] == "Ember Lash"     # only 1/prithvi resolved: Stoneskin
    p = next(v for v in combat.VARIANTS if v["id"] == V)["params"]
    assert p["tilt_cost"] < p["reroll_cost"]


def test_the_landed_card_fires_through_the_damage_pipeline_then_the_enemy_acts_and_block_decays():
    """The Guard's 8 Block (from the Sentinel's last turn) soaks 8 of Ember Lash's 10; a Stoneskin's 9 Block
    soaks the Cleave 12 and is gone after the Sentinel's turn.

    > Resolution order.

    > Enemy acts. Block decays.
    """
    s = fight(V, ["lash"])
    data = s.to_dict()
    data["intent"] = 0
    data["enemy"]["block"] = 8                 # the Guard just happened (its Block lasts until its next turn)
    s = combat.State.from_dict(data)
    s.apply("lash>1")
    roll(s, 1, "prithvi")
    s.apply("end")
    assert enemy_hp(s) == 68 and enemy(s)["block"] == 0
    s = fight(V, ["stone"])
    s.apply("stone>1")
    roll(s, 1, "prithvi")
    s.apply("end")                             # 9 Block against Strike 7: 2 left over ...
    assert player(s)["hp"] == 50 and player(s)["block"] == 0       # ... and gone after the Sentinel's turn


EXIT = {"agni": "exhaust", "jal": "discard", "vayu": "hand", "prithvi": "face"}


@pytest.mark.parametrize("element", list(EXIT))
def test_cards_exit_per_the_verb(element):
    """> Cards exit per the verb (discard by default; exhaust under Agni; hand under Vayu; stay under Prithvi)."""
    s = fight(V, ["lash", "stone"])
    s.apply("lash>1")
    s.apply("stone>2")
    roll(s, 2 if element == "vayu" else 1, element)   # under Vayu Ember Lash rotates onto 2
    s.apply("end")
    if element == "jal":
        s.apply("redirect 2")                  # Stoneskin fires instead and takes the default exit
        assert piles(s)["discard"] == {"Stoneskin": 1}
        return
    where = EXIT[element]
    if where == "face":
        assert slots(s)[0] == "Ember Lash"
    else:
        assert piles(s)[where] == {"Ember Lash": 1} and "Ember Lash" not in slots(s)


def test_win_and_lose():
    """> Win / lose. Enemy HP ≤ 0 → win. Player HP ≤ 0 → lose."""
    s = gated(fight(V, ["lash"]))
    s = with_enemy_hp(s, 20)
    s.apply("lash>1")
    roll(s, 1, "agni")
    s.apply("end")
    assert s.is_terminal() and s.winner == 0 and enemy_hp(s) == 0
    data = fight(V, []).to_dict()
    data["player"]["hp"] = 7
    s = combat.State.from_dict(data)
    roll(s, "blank", "agni")
    s.apply("end")
    assert s.is_terminal() and s.winner == 1 and player(s)["hp"] == 0


# --- deck, enemy, legend --------------------------------------------------------------------------------------------


def test_starting_deck_hand_and_card_numbers_one_card_fires_per_turn():
    """Ten cards (3/2/2/3) and a hand of five; each card's number when it fires; with all four faces written
    only the landed one fires (Agni: it twice).

    > Starting deck — 10 cards. Hand starts at 5. Card numbers are the largest on the slate because at most one card fires per turn (twice under Agni).

    > 3× Ember Lash (Agni) — deal 10.

    > 2× Undertow (Jal) — deal 8, apply Weak 1.

    > 2× Gale (Vayu) — deal 7, draw 1.

    > 3× Stoneskin (Prithvi) — gain 9 Block.

    > Player HP 50.
    """
    # Weak 1 is 2 turns of Weak (framework R1); the Sentinel's own turn has ticked one off when we look.
    s = combat.new_game(V)
    d = s.to_dict()
    assert d["piles"]["draw"] == {"Ember Lash": 3, "Undertow": 2, "Gale": 2, "Stoneskin": 3}
    assert d["player"]["hp"] == d["player"]["max_hp"] == 50
    for _ in range(5):
        s.apply(s.chance_outcomes()[0][0])
    assert s.to_move == 0 and sum(hand(s).values()) == 5
    for card, hp, weak, drawn, block in [("lash", 60, 0, 0, 0), ("undertow", 62, 1, 0, 0),
                                         ("gale", 63, 0, 1, 0), ("stone", 70, 0, 0, 9)]:
        s = combat.State.from_dict({**fight(V, [card]).to_dict(), "intent": 2})   # Cleave 12 shows the Block
        s.apply(f"{card}>1")
        roll(s, 1, "prithvi")
        s.apply("end")
        assert enemy_hp(s) == hp and enemy(s)["weak"] == weak, card
        while s.to_move == triptych.CHANCE:
            s.apply(s.chance_outcomes()[0][0])
        assert sum(hand(s).values()) == 1 + drawn, card      # the turn's draw, plus Gale's
        blow = 12 * 3 // 4 if weak else 12
        assert player(s)["hp"] == 50 - (blow - block), card
    s = fight(V, ["lash", "lash", "lash", "undertow"], params={"base_income": 5})
    for i, card in enumerate(["lash", "lash", "lash", "undertow"], start=1):
        s.apply(f"{card}>{i}")
    roll(s, 2, "prithvi")
    s.apply("end")
    assert enemy_hp(s) == 60 and all(slots(s))


def test_the_sentinel_cycle_strike_strike_cleave_guard_and_jab():
    """70 HP; 7, 7, 12, then Guard 8 Block + Jab 4 (average 7.5).

    > Enemy — Betaal Sentinel. HP 70.

    > Cycle: Strike 7 → Strike 7 → Cleave 12 → Guard (8 Block) + Jab 4. Average 7.5/turn.
    """
    s = fight(V, [])
    assert enemy_hp(s) == enemy(s)["max_hp"] == 70
    blows = []
    for card in ["lash", "lash", "lash", "stone"]:
        before = player(s)["hp"]
        roll(s, "blank", "prithvi")
        s.apply("end")
        blows.append(before - player(s)["hp"])
        draw(s, card)
    assert blows == [7, 7, 12, 4] and sum(blows) / 4 == 7.5 and enemy(s)["block"] == 8


def test_the_element_legend_is_the_seeds_ui_text():
    """> Element legend (UI text).

    > YOUR SLOTS ARE THE DIE — inscribing a card into slot 3 writes it onto face 3.

    > AGNI — Reignite: the fired card fires twice, then burns away.

    > JAL — Redirect: fire any other face instead of the one that landed.

    > VAYU — Rotation: every inscription shifts one face along before resolving; the fired card returns to hand.

    > PRITHVI — Engraving: the fired card stays written and its face can never be overwritten.

    > AKASHA — Erasure: wipe the landed face, fire nothing, draw 2, reroll free.

    > TILT — pay 1 to change one face of the element die for this turn.
    """
    info = next(v for v in combat.VARIANTS if v["id"] == V)
    assert info["legend"].split("\n") == [
        "YOUR SLOTS ARE THE DIE — inscribing a card into slot 3 writes it onto face 3.",
        "AGNI — Reignite: the fired card fires twice, then burns away.",
        "JAL — Redirect: fire any other face instead of the one that landed.",
        "VAYU — Rotation: every inscription shifts one face along before resolving; the fired card returns to hand.",
        "PRITHVI — Engraving: the fired card stays written and its face can never be overwritten.",
        "AKASHA — Erasure: wipe the landed face, fire nothing, draw 2, reroll free.",
        "TILT — pay 1 to change one face of the element die for this turn.",
    ]
