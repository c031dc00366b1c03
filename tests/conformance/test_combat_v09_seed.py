"""V09 Their Dice: every sentence of the build spec, checked in a position it describes.

Each test quotes the seed sentence(s) it checks. The Sentinel's declarations and the draws are set
through chance outcomes, so every position is one play can reach.
"""

from __future__ import annotations

import pytest

import triptych
import triptych.combat as combat
from combat_helpers import declared_fight, draw, enemy, enemy_hp, hand, notations, player, slots

SEED = "combat-variants.txt"
SECTION = "V09"
V = "v09"


def fight(hand_cards, number, element, params=None, **changes):
    """A V09 fight: opening hand exactly `hand_cards`, the Sentinel's first declaration number/element."""
    return declared_fight(V, hand_cards, number, element, params, **changes)


def gated(s, enemy_hp_now=20):
    """The same position after the Akasha gate opened: one blank of the element die is Akasha."""
    data = s.to_dict()
    data["enemy"]["hp"] = enemy_hp_now
    data["gated"] = True
    data["element_faces"][4] = "akasha"
    return combat.State.from_dict(data)


def resolve(s):
    """Ends the turn and plays the resolution's draws (first outcome) up to the next declaration roll."""
    s.apply("end")
    while s.to_move == triptych.CHANCE and s.to_dict()["stage"] == "resolve" \
            and s.chance_outcomes()[0][0].to_dict()["type"] == "draw":
        s.apply(s.chance_outcomes()[0][0])


def end(s, declare="1/blank"):
    """Ends the turn; the Sentinel then rolls `declare` as its next declaration."""
    resolve(s)
    if s.to_move == triptych.CHANCE and s.to_dict()["stage"] == "resolve":
        s.apply(declare)


def roll_odds(s):
    """Probability of each number face and each element face in the pending roll."""
    numbers, elements = {}, {}
    for a, p in s.chance_outcomes():
        d = a.to_dict()
        numbers[d["number"]] = numbers.get(d["number"], 0) + p
        elements[d["element"]] = elements.get(d["element"], 0) + p
    return numbers, elements


# --- the dice ------------------------------------------------------------------------------------------


def test_the_dice_are_the_sentinels_declaration_rolled_face_up_at_turn_end():
    """The player owns no dice: the Sentinel rolls both at the end of every turn, face-up, for the next.

    Ruling: V09-R1 (the first declaration is rolled after the opening hand, before turn 1).

    > Dice (still exactly 2 — they simply belong to the enemy). Both are rolled face-up at the end of every turn as the enemy's declaration for next turn, and both remain in state and on screen at all times.

    > Read the enemy's declaration (rolled face-up at the end of last turn).

    > The enemy rolls its next declaration face-up.
    """
    s = combat.new_game(V, params={"hand_size": 1})
    s.apply("+lash")
    assert s.to_move == triptych.CHANCE and s.to_dict()["stage"] == "resolve"   # before turn 1
    s.apply("3/agni")
    assert s.turn == 1 and s.to_dict()["dice"] == {"number": 3, "element": "agni"}
    assert "number 3, element agni" in str(s) and "Declared blow: slot 3, agni" in str(s)
    assert not any(n == "roll" for n in notations(s))           # the player never rolls
    s.apply("lash>1")
    assert s.to_dict()["dice"] == {"number": 3, "element": "agni"}   # on the table all turn
    s.apply("end")
    assert s.to_move == triptych.CHANCE and s.to_dict()["stage"] == "resolve"
    assert {a.to_dict()["type"] for a, _ in s.chance_outcomes()} == {"roll"}   # both dice, one roll
    s.apply("2/jal")
    draw(s, "gale")
    assert s.turn == 2 and s.to_dict()["dice"] == {"number": 2, "element": "jal"}
    assert "number 2, element jal" in str(s)


def test_the_number_die_picks_the_struck_slot_and_the_element_die_the_material():
    """Faces of both dice, with their probabilities at the end-of-turn roll.

    > Number die, 6 faces: 1, 2, 3, 4, blank, blank — which of the player's four slots is struck.

    > Element die, 6 faces: Agni, Jal, Vayu, Prithvi, blank, blank — what the blow is made of.
    """
    s = fight([], 1, "blank")
    assert s.to_dict()["element_faces"] == ["agni", "jal", "vayu", "prithvi", "blank", "blank"]
    s.apply("end")
    numbers, elements = roll_odds(s)
    assert numbers == pytest.approx({1: 1 / 6, 2: 1 / 6, 3: 1 / 6, 4: 1 / 6, "blank": 2 / 6})
    assert elements == pytest.approx({"agni": 1 / 6, "jal": 1 / 6, "vayu": 1 / 6, "prithvi": 1 / 6,
                                      "blank": 2 / 6})


def test_a_blank_number_bypasses_the_board_for_plus_four():
    """Nothing on the board fires or blocks, and the element's verb does not resolve.

    Ruling: V09-R6.

    > Blank = the blow bypasses the board and hits the player directly for its damage +4.

    > BLANK number — the blow bypasses your board and hits you for +4.
    """
    s = fight(["lash", "stone", "lash"], "blank", "agni")
    s.apply("lash>1")
    s.apply("stone>2")
    s.apply("lash>3")
    end(s)
    assert player(s)["hp"] == 50 - (8 + 4) and enemy_hp(s) == 70
    assert slots(s)[:3] == ["Ember Lash", "Stoneskin", "Ember Lash"]
    assert s.to_dict()["piles"]["exhaust"] == {}


def test_a_blank_element_is_a_plain_blow():
    """The struck card fires and goes to the discard; no neighbour fires, no hop, no slide, no Ward.

    > Blank = a plain blow with no verb.

    > BLANK element — a plain blow, no verb.
    """
    s = fight(["lash", "lash", "lash"], 2, "blank")
    for i in (1, 2, 3):
        s.apply(f"lash>{i}")
    end(s)
    assert enemy_hp(s) == 62 and player(s)["hp"] == 42
    assert slots(s) == ["Ember Lash", None, "Ember Lash", None]
    assert s.to_dict()["piles"]["discard"] == {"Ember Lash": 1} and s.to_dict()["piles"]["exhaust"] == {}
    assert [slot["ward"] for slot in s.to_dict()["slots"]] == [0, 0, 0, 0]


# --- slots and the damage exchange ------------------------------------------------------------------------


def test_four_slots_one_card_each_every_one_can_be_struck():
    """Placement is offered on slots 1-4, one card per slot, and the number die reaches each of them.

    > Slots. 4 numbered slots, 1–4, 1 card each. A slot is a place the enemy can hit.
    """
    s = fight(["lash", "stone"], 1, "blank")
    assert [n for n in notations(s) if n.startswith("lash>")] == ["lash>1", "lash>2", "lash>3", "lash>4"]
    s.apply("lash>2")
    assert "stone>2" not in notations(s) and {"stone>1", "stone>3", "stone>4"} <= set(notations(s))
    s.apply("end")
    numbers, _ = roll_odds(s)
    assert {1, 2, 3, 4} <= set(numbers)


def test_a_block_card_on_the_struck_slot_fires_and_absorbs_the_blow():
    """Cleave 13 on a Stoneskin (8 Block): 5 gets through; the card fired (to the discard).

    > Occupying one means: if that slot is struck, your card fires (that is your counter) and its Block value absorbs the incoming blow.

    > Damage exchange. The enemy's blow damage is its intent number. If the struck slot holds a card with Block, that Block absorbs the blow first and the remainder hits the player.
    """
    s = fight(["stone"], 3, "blank", intent=2)
    assert "Cleave 13" in str(s)
    s.apply("stone>3")
    end(s)
    assert player(s)["hp"] == 50 - (13 - 8) and player(s)["block"] == 0
    assert slots(s) == [None] * 4 and s.to_dict()["piles"]["discard"] == {"Stoneskin": 1}


def test_an_attack_card_on_the_struck_slot_trades():
    """The counter hits the Sentinel and the whole blow hits the player.

    > If the struck slot holds an attack card, the attack fires at the enemy and the full blow hits the player (a trade).
    """
    s = fight(["lash"], 4, "blank")
    s.apply("lash>4")
    end(s)
    assert enemy_hp(s) == 70 - 8 and player(s)["hp"] == 50 - 8


def test_an_empty_struck_slot_takes_the_full_blow_and_nothing_fires():
    """A card elsewhere on the board does not answer a blow on an empty slot.

    > An empty struck slot means the full blow hits the player and nothing fires.
    """
    s = fight(["stone", "lash"], 2, "blank")
    s.apply("stone>1")
    s.apply("lash>3")
    end(s)
    assert player(s)["hp"] == 42 and enemy_hp(s) == 70 and player(s)["block"] == 0
    assert slots(s) == ["Stoneskin", None, "Ember Lash", None]


def test_first_placement_each_turn_is_free_then_one_each():
    """The price ladder restarts every turn.

    > First placement each turn is free; each additional placement costs 1 energy.

    > Place cards (first free, then 1 each).
    """
    s = fight(["lash", "stone", "gale"], 4, "blank")
    assert s.energy == 5
    s.apply("lash>1")
    assert s.energy == 5
    s.apply("stone>2")
    assert s.energy == 4
    s.apply("gale>3")
    assert s.energy == 3
    end(s, declare="4/blank")
    draw(s, "undertow")
    assert s.energy == 1 + 1                   # slot 4 is the only empty one
    s.apply("undertow>4")
    assert s.energy == 2                       # free again on the new turn


# --- resolution --------------------------------------------------------------------------------------------

EXIT = {  # element -> where the struck card goes
    "agni": "exhaust",
    "jal": "discard",
    "vayu": "hand",
    "prithvi": "slot",
    "blank": "discard",
}


@pytest.mark.parametrize("element", list(EXIT))
def test_the_struck_card_always_fires_whatever_its_element_and_exits_per_the_verb(element):
    """An Ember Lash (an Agni card) fires for 8 under every material; where it goes is the verb's.

    > Resolution. There is no match condition. The card occupying the struck slot resolves 100% of the time, and the struck element's verb resolves with it.

    > Cards exit per the verb (discard by default; exhaust under Agni; hand under Vayu; stay under Prithvi).
    """
    s = fight(["lash"], 2, element)
    s.apply("lash>2")
    end(s)
    assert enemy_hp(s) == 62
    piles = s.to_dict()["piles"]
    where = EXIT[element]
    if where == "slot":
        assert slots(s)[1] == "Ember Lash" and s.to_dict()["slots"][1]["ward"] == 1
    else:
        assert slots(s) == [None] * 4 and piles[where] == {"Ember Lash": 1}


def test_cards_in_unstruck_slots_wait_and_fire_in_full_when_the_strike_reaches_them():
    """A card that waited two turns still fires at full value; nothing on the board goes dead.

    > Cards in unstruck slots wait; they are never dead, because the strike walks the board over time. Clog does not exist.
    """
    s = fight(["lash"], 3, "blank")
    s.apply("lash>1")
    end(s, declare="4/blank")
    draw(s, "stone")
    assert slots(s)[0] == "Ember Lash" and enemy_hp(s) == 70
    end(s, declare="1/blank")
    draw(s, "stone")
    assert slots(s)[0] == "Ember Lash"
    assert "pull 1" in notations(s)            # still the player's card, movable at the normal price
    end(s)
    assert enemy_hp(s) == 62 and slots(s)[0] is None


def test_element_behaviours_heading_and_agni_ignites_both_neighbours_at_half():
    """Agni on slot 2: Ember Lash fires for 8, Gale (slot 1) at half of 5 = 2, Stoneskin (slot 3) at half
    of 8 = 4 Block; all three exhaust; slot 4 is not a neighbour and waits. The ignited Stoneskin's Block is
    not Block from the struck slot (V09-R7): Strike 8 lands in full.

    > Element behaviours (the blow's material).

    > Agni — IGNITION. The struck card fires, then the cards in the two adjacent slots also fire at half value (round down). Every card that fired exhausts.

    > AGNI blow — Ignition: the struck card and both neighbours fire; everything that fired burns away.
    """
    s = fight(["gale", "lash", "stone", "lash"], 2, "agni")
    for i, card in enumerate(["gale", "lash", "stone", "lash"], start=1):
        s.apply(f"{card}>{i}")
    s.apply("end")
    draw(s, "undertow")                        # Gale's rider draws, once, unscaled
    s.apply("1/blank")
    assert enemy_hp(s) == 70 - 8 - 2
    assert player(s)["hp"] == 50 - 8
    assert slots(s) == [None, None, None, "Ember Lash"]
    assert s.to_dict()["piles"]["exhaust"] == {"Gale": 1, "Ember Lash": 1, "Stoneskin": 1}


def test_only_block_from_the_struck_slot_absorbs_the_blow():
    """Agni on slot 2 (Ember Lash): the ignited Stoneskin on slot 3 gains its 4 Block, but that Block is not
    from the struck slot, so Strike 8 lands in full (the 4 Block stays until it decays). Agni on slot 3 (the
    Stoneskin itself): its 8 Block absorbs the blow.

    Ruling: V09-R7.

    > If the struck slot holds a card with Block, that Block absorbs the blow first and the remainder hits the player.

    > Resolve, in this order: Vayu slide (if Vayu) → the struck card fires (and adjacent/hopped cards per the verb) → the element verb's remaining effects → the enemy's blow damage is applied, reduced by any Block from the struck slot.
    """
    s = fight(["lash", "stone"], 2, "agni")
    s.apply("lash>2")
    s.apply("stone>3")
    s.apply("end")
    assert enemy_hp(s) == 70 - 8 and player(s)["hp"] == 50 - 8 and player(s)["block"] == 4
    s.apply("1/blank")
    assert player(s)["block"] == 0             # decayed at the end of the Sentinel's turn, unused
    s = fight(["lash", "stone"], 3, "agni")
    s.apply("lash>2")
    s.apply("stone>3")
    s.apply("end")
    assert enemy_hp(s) == 70 - 4 and player(s)["hp"] == 50 and player(s)["block"] == 0


def test_jal_fires_the_struck_card_then_the_blow_hops_to_a_slot_you_choose():
    """Ember Lash on slot 1 fires; the player picks among the other occupied slots; the hopped Stoneskin
    fires at full (8 Block) and soaks the blow.

    Ruling: V09-R7.

    > Jal — REDIRECTION. The struck card fires, then you choose one other occupied slot and the blow hops there: that card fires too, at full value.

    > JAL blow — Redirection: the struck card fires, then the blow hops to a slot of your choice and fires that too.
    """
    s = fight(["lash", "stone", "gale"], 1, "jal")
    s.apply("lash>1")
    s.apply("stone>3")
    s.apply("gale>4")
    s.apply("end")
    assert enemy_hp(s) == 62 and notations(s) == ["hop 3", "hop 4"]
    s.apply("hop 3")
    s.apply("1/blank")
    draw(s, "undertow")
    assert player(s)["hp"] == 50 and slots(s) == [None, None, None, "Gale"]
    assert s.to_dict()["piles"]["discard"] == {"Ember Lash": 1, "Stoneskin": 1}


def test_a_hop_is_not_a_strike_on_the_hopped_slot():
    """The Ward of the slot the blow hops to is not consumed and does not negate the blow.

    Ruling: V09-R11.

    > The struck card fires, then you choose one other occupied slot and the blow hops there: that card fires too, at full value.

    > The struck card fires and stays in its slot, gaining a standing Ward that fully negates the next strike to that slot (the Ward is consumed when it triggers).
    """
    s = fight(["stone", "lash", "lash"], 3, "prithvi")
    s.apply("stone>3")
    end(s, declare="1/jal")                    # slot 3 is warded
    draw(s, "gale")
    s.apply("lash>1")
    s.apply("pull 3")
    s.apply("lash>3")
    s.apply("end")
    s.apply("hop 3")
    assert enemy_hp(s) == 70 - 16 and player(s)["hp"] == 42
    assert s.to_dict()["slots"][2]["ward"] == 1


def test_vayu_slides_every_card_one_slot_toward_the_impact_then_the_struck_card_returns_to_hand():
    """Strike on 3: Ember Lash 1 -> 2 (one slot only), Stoneskin 4 -> 3, which fires (8 Block soaks 8) and goes
    back to hand.

    Ruling: V09-R4.

    > Vayu — DISPLACEMENT. Before resolution, every card slides one slot toward the point of impact, closing gaps. Then the struck card fires and returns to your hand instead of the discard pile.

    > VAYU blow — Displacement: cards slide toward the impact; the struck card fires and returns to your hand.

    > Vayu slide (if Vayu)
    """
    s = fight(["lash", "stone"], 3, "vayu")
    s.apply("lash>1")
    s.apply("stone>4")
    end(s)
    assert player(s)["hp"] == 50 and enemy_hp(s) == 70
    assert slots(s) == [None, "Ember Lash", None, None]
    draw(s, "gale")
    assert hand(s) == {"Stoneskin": 1, "Gale": 1}


def test_vayu_left_neighbour_fills_an_empty_struck_slot():
    """Both neighbours could close the gap on the struck slot 2; the left one (Ember Lash) does.

    Ruling: V09-R4.

    > Before resolution, every card slides one slot toward the point of impact, closing gaps.
    """
    s = fight(["lash", "stone"], 2, "vayu")
    s.apply("lash>1")
    s.apply("stone>3")
    end(s)
    assert enemy_hp(s) == 62 and player(s)["hp"] == 42 and slots(s) == [None, None, "Stoneskin", None]


def test_prithvi_card_stays_and_wards_its_slot_the_ward_negates_the_next_blow_but_not_the_counter():
    """Turn 1: Stoneskin fires on slot 2, stays, and the slot gains a Ward. Turn 2 (Agni on slot 2): the Ward
    is consumed and no damage gets through, yet the Ember Lash on it fires and ignites its neighbour.
    Turn 3: no Ward is left.

    Ruling: V09-R3, V09-R10.

    > Prithvi — ABSORPTION. The struck card fires and stays in its slot, gaining a standing Ward that fully negates the next strike to that slot (the Ward is consumed when it triggers).

    > PRITHVI blow — Absorption: the struck card fires, stays, and wards its slot against the next strike.
    """
    s = fight(["stone", "lash", "lash"], 2, "prithvi")
    s.apply("stone>2")
    end(s, declare="2/agni")
    assert player(s)["hp"] == 50 and slots(s)[1] == "Stoneskin" and s.to_dict()["slots"][1]["ward"] == 1
    draw(s, "gale")
    s.apply("pull 2")                          # the Ward belongs to the slot (V09-R10)
    assert s.to_dict()["slots"][1]["ward"] == 1
    s.apply("lash>2")
    s.apply("lash>3")
    end(s, declare="2/blank")
    assert player(s)["hp"] == 50                                 # the blow is negated
    assert enemy_hp(s) == 70 - 8 - 4                             # the counter and the ignition happened
    assert s.to_dict()["slots"][1]["ward"] == 0 and s.to_dict()["piles"]["exhaust"] == {"Ember Lash": 2}
    draw(s, "gale")
    end(s)
    assert player(s)["hp"] == 50 - 13                            # Cleave on slot 2: no Ward any more


def test_a_ward_on_an_empty_slot_negates_the_blow_and_is_used_up():
    """Ruling: V09-R10.

    > PRITHVI blow — Absorption: the struck card fires, stays, and wards its slot against the next strike.
    """
    s = fight(["stone"], 2, "prithvi")
    s.apply("stone>2")
    end(s, declare="2/blank")
    draw(s, "lash")
    s.apply("pull 2")
    end(s)
    assert player(s)["hp"] == 50 and s.to_dict()["slots"][1]["ward"] == 0


def test_akasha_gate_at_thirty_percent_puts_akasha_on_a_blank_face_for_good():
    """70 HP: 22 is above 30 %, 21 is exactly 30 %: the gate opens there, once, and the face stays.

    > Akasha — NULLITY. Gate: when the enemy's HP first drops to 30% or below, one Akasha face permanently replaces one blank on the enemy's element die.
    """
    s = fight(["lash"], 1, "blank", enemy={"hp": 30})
    s.apply("lash>1")
    s.apply("end")
    assert enemy_hp(s) == 22 and not s.to_dict()["gated"]
    s = fight(["lash", "lash"], 1, "blank", enemy={"hp": 29})
    s.apply("lash>1")
    s.apply("end")
    assert enemy_hp(s) == 21 and s.to_dict()["gated"]
    assert s.to_dict()["element_faces"] == ["agni", "jal", "vayu", "prithvi", "akasha", "blank"]
    _, elements = roll_odds(s)
    assert elements["akasha"] == pytest.approx(1 / 6) and elements["blank"] == pytest.approx(1 / 6)
    s.apply("1/blank")
    draw(s, "gale")
    end(s)
    assert s.to_dict()["element_faces"].count("akasha") == 1      # permanent: still there a turn later
    assert "shunya" not in str(hand(s)).lower()                   # V09's gate adds a face, not a card


def test_an_akasha_declaration_returns_every_card_at_once_and_the_blow_is_rerolled_blind_when_it_resolves():
    """Akasha rolled as the next declaration: at once every card on the board goes back to hand and no
    declaration is shown (nothing to force). At that turn's resolution the Sentinel re-rolls blind and the blow
    lands then. Akasha from a forcing cancels the same way; a blind re-roll that is Akasha again returns the
    cards again and is re-rolled again, and the blow still lands in that resolution.

    Ruling: V09-R5.

    > When it is rolled: nothing is struck, every card returns to hand, and the enemy's declaration is cancelled outright — it must re-roll blind at the moment of resolution.

    > AKASHA blow — Nullity: nothing is struck, every card returns to hand, the declaration is cancelled.
    """
    s = gated(fight(["lash", "stone", "gale"], 2, "blank"))
    s.apply("lash>1")
    s.apply("stone>2")
    s.apply("end")                             # turn 1: Stoneskin on slot 2 soaks Strike 8
    assert player(s)["hp"] == 50 and slots(s) == ["Ember Lash", None, None, None]
    s.apply("3/akasha")                        # the next declaration is Akasha: nothing is struck, and at once ...
    assert slots(s) == [None] * 4 and s.to_dict()["piles"]["hand"]["Ember Lash"] == 1   # ... cards to hand
    draw(s, "stone")
    assert s.turn == 2 and player(s)["hp"] == 50 and enemy_hp(s) == 20
    assert s.to_dict()["dice"] == {"number": None, "element": None} and "blind" in str(s)
    assert "force" not in notations(s) and s.energy == 5
    s.apply("lash>1")
    s.apply("stone>3")
    s.apply("end")
    assert s.to_move == triptych.CHANCE and s.to_dict()["stage"] == "resolve"   # re-rolled blind now ...
    s.apply("3/blank")                         # ... and it lands now: Stoneskin soaks turn 2's Strike 8
    assert player(s)["hp"] == 50 and enemy_hp(s) == 20 and s.to_move == triptych.CHANCE
    s.apply("1/blank")                         # the next declaration, face-up
    draw(s, "undertow")
    assert s.turn == 3 and slots(s) == ["Ember Lash", None, None, None] and s.energy == 4
    s.apply("force")
    s.apply("4/akasha")                        # a forcing that shows Akasha cancels the declaration too
    assert slots(s) == [None] * 4 and "force" not in notations(s) and s.energy == 2
    s.apply("lash>2")
    s.apply("end")
    s.apply("2/akasha")                        # blind re-roll is Akasha again: the card goes back, roll again
    assert slots(s) == [None] * 4 and s.to_move == triptych.CHANCE and s.to_dict()["stage"] == "resolve"
    s.apply("blank/blank")                     # turn 3's Cleave 13 lands in this resolution: bypass +4
    assert player(s)["hp"] == 50 - (13 + 4) and s.to_dict()["counters"]["blind"] == 0


# --- energy, sinks, the forced reroll -------------------------------------------------------------------------


def test_income_is_one_plus_empty_slots_shown_on_the_board_and_nothing_carries_over():
    """An empty board gives 5, a full one 1; energy left at the end of a turn is lost.

    > Energy. Income at turn start = 1 + number of empty slots (range 1–5), visible on the board.

    > Energy income = 1 + empty slots.

    > No carry-over.
    """
    s = fight(["lash", "lash", "stone", "stone", "gale"], 1, "blank")
    assert s.energy == 5 and "Income at turn start: 1 + empty slots (4 now) = 5" in str(s)
    for i, card in enumerate(["lash", "lash", "stone", "stone"], start=1):
        s.apply(f"{card}>{i}")
    assert s.energy == 2 and "(0 now) = 1" in str(s)
    end(s, declare="blank/blank")              # the blow on slot 1 takes Ember Lash off
    draw(s, "gale")
    assert s.energy == 1 + 1                   # the 2 left over are gone; one empty slot
    s.apply("gale>1")
    end(s, declare="blank/blank")
    draw(s, "undertow")
    assert s.energy == 1                       # a full board: the minimum


def test_sinks_and_their_prices():
    """Force 2 then 4; each placement after the free one 1; pull 1; paid draw 1 for 2 cards.

    > Sinks: force the enemy to reroll its declared intent 2, and 4 for a second forcing in the same turn; each placement after the first free one 1; pull a card off a slot back to hand 1; paid draw 1 → 2 cards.

    > Draw 1.

    > Optional paid draws.
    """
    s = fight(["lash", "stone"], 1, "blank", params={"base_income": 9})
    assert s.energy == 13
    s.apply("lash>1")
    s.apply("stone>2")
    assert s.energy == 12
    s.apply("pull 2")
    assert s.energy == 11 and hand(s) == {"Stoneskin": 1} and slots(s)[1] is None
    s.apply("buy")
    draw(s, "gale")
    draw(s, "undertow")
    assert s.energy == 10 and hand(s) == {"Stoneskin": 1, "Gale": 1, "Undertow": 1}
    s.apply("force")
    s.apply("2/agni")
    assert s.energy == 8
    s.apply("force")
    s.apply("3/agni")
    assert s.energy == 4
    end(s)
    assert s.to_move == triptych.CHANCE and len(s.chance_outcomes()) >= 1   # turn 2 draws 1 ...
    s.apply(s.chance_outcomes()[0][0])
    assert s.to_move == 0 and sum(hand(s).values()) == 4                      # ... and only 1


def test_forcing_rerolls_both_dice_two_then_four_bounded_by_income_not_by_a_count():
    """The forced roll is a full new declaration (any number with any element); the second and every later
    forcing cost 4, and energy is the only bound: with 13 energy a third forcing is offered, and none is once
    fewer than 4 are left. With the spec's income (at most 5) a second forcing is already out of reach.

    Ruling: V09-R2.

    > Reroll. The player never rerolls their own outcome — the reroll action forces the enemy to reroll its declared intent, both dice together. Cost 2, then 4 for a second forcing that turn, hard-bounded by income.

    > Optionally force a reroll of the intent (2, then 4).
    """
    s = fight([], 1, "agni", params={"base_income": 9})
    assert "roll" not in notations(s) and "force" in notations(s)
    s.apply("force")
    assert s.energy == 11
    numbers, elements = roll_odds(s)
    assert set(numbers) == {1, 2, 3, 4, "blank"} and set(elements) == {"agni", "jal", "vayu", "prithvi", "blank"}
    assert len(s.chance_outcomes()) == 25
    s.apply("blank/jal")
    assert s.to_dict()["dice"] == {"number": "blank", "element": "jal"}
    s.apply("force")
    s.apply("4/vayu")
    assert s.energy == 7 and "force" in notations(s)     # a third forcing: no count limits it
    s.apply("force")
    s.apply("2/prithvi")
    assert s.energy == 3 and "force" not in notations(s)  # 3 < 4: income is the bound
    s = fight([], 1, "agni")                               # the spec's income: 5 on an empty board
    assert s.energy == 5
    s.apply("force")
    s.apply("2/agni")
    assert s.energy == 3 and "force" not in notations(s)


def test_forcing_is_a_gamble_a_survivable_strike_can_become_lethal():
    """9 HP behind a Stoneskin on the struck slot survives; forced onto a blank number it dies.

    > It is a genuine gamble in both directions: you may replace a survivable strike with a lethal one.
    """
    s = fight(["stone"], 2, "blank", player={"hp": 9})
    s.apply("stone>2")
    survive = s.clone()
    end(survive)
    assert survive.to_dict()["player"]["hp"] == 9
    s.apply("force")
    s.apply("blank/blank")
    s.apply("end")
    assert s.is_terminal() and s.winner == 1


def test_a_forcing_keeps_placements_and_spent_energy_and_you_may_re_place():
    """After the new declaration, placements stay, nothing is refunded, nothing undoes it; moving a card to
    the new slot costs a pull and a placement at the normal price.

    Ruling: V09-R8.

    > A forcing does not undo placements made this turn (you may re-place afterwards, paying the normal placement price), does not refund energy, and cannot be taken back once the new declaration is shown.

    > You may then re-place.
    """
    s = fight(["lash", "stone"], 1, "blank")
    s.apply("lash>1")
    s.apply("force")
    s.apply("3/blank")
    assert slots(s)[0] == "Ember Lash" and s.energy == 3 and s.to_dict()["dice"]["number"] == 3
    assert not any(n.startswith(("undo", "unforce")) for n in notations(s))
    s.apply("pull 1")
    s.apply("lash>3")
    assert s.energy == 3 - 1 - 1 and slots(s) == [None, None, "Ember Lash", None]
    end(s)
    assert enemy_hp(s) == 62


def test_resolution_order_the_counter_fires_before_the_blow_lands():
    """The blow's damage comes last: a counter that kills the Sentinel ends the fight unhurt, and an Undertow
    counter's Weak already softens the same turn's blow (8 x 0.75 = 6).

    > Resolution order.

    > the struck card fires (and adjacent/hopped cards per the verb) → the element verb's remaining effects → the enemy's blow damage is applied, reduced by any Block from the struck slot.

    > Resolve, in this order:
    """
    s = gated(fight(["lash"], 2, "blank"), enemy_hp_now=8)
    s.apply("lash>2")
    s.apply("end")
    assert s.is_terminal() and s.winner == 0 and player(s)["hp"] == 50
    s = fight(["undertow"], 2, "blank")
    s.apply("undertow>2")
    end(s)
    assert enemy_hp(s) == 64 and player(s)["hp"] == 50 - 6


def test_win_and_lose():
    """> Win / lose. Enemy HP ≤ 0 → win. Player HP ≤ 0 → lose."""
    s = gated(fight(["lash"], 2, "blank"), enemy_hp_now=5)
    s.apply("lash>2")
    s.apply("end")
    assert s.is_terminal() and s.winner == 0 and enemy_hp(s) == 0
    s = fight([], "blank", "blank", player={"hp": 12})
    s.apply("end")
    assert s.is_terminal() and s.winner == 1 and player(s)["hp"] == 0


# --- deck, enemy, player ------------------------------------------------------------------------------------


def test_starting_deck_hand_and_card_numbers():
    """Ten cards (3/2/2/3), an opening hand of five, and each card's number as it fires on the struck slot.

    > Starting deck — 10 cards. Hand starts at 5.

    > 3× Ember Lash (Agni) — deal 8.

    > 2× Undertow (Jal) — deal 6, apply Weak 1.

    > 2× Gale (Vayu) — deal 5, draw 1.

    > 3× Stoneskin (Prithvi) — gain 8 Block.

    > Player HP 50.
    """
    s = combat.new_game(V)
    d = s.to_dict()
    assert d["piles"]["draw"] == {"Ember Lash": 3, "Undertow": 2, "Gale": 2, "Stoneskin": 3}
    assert d["player"]["hp"] == d["player"]["max_hp"] == 50
    for _ in range(5):
        assert s.to_move == triptych.CHANCE and s.chance_outcomes()[0][0].to_dict()["type"] == "draw"
        s.apply(s.chance_outcomes()[0][0])
    assert sum(s.to_dict()["piles"]["hand"].values()) == 5
    for card, hp, weak, hand_after, block in [("lash", 62, 0, 0, 0), ("undertow", 64, 2, 0, 0),
                                              ("gale", 65, 0, 1, 0), ("stone", 70, 0, 0, 8)]:
        s = fight([card], 2, "blank", intent=2)        # Cleave 13 shows the Block
        s.apply(f"{card}>2")
        resolve(s)
        assert enemy_hp(s) == hp and enemy(s)["weak"] == weak and sum(hand(s).values()) == hand_after, card
        blow = 13 * 3 // 4 if weak else 13
        assert player(s)["hp"] == 50 - (blow - block), card


def test_the_sentinel_cycle_is_declared_a_turn_ahead_and_guards_before_striking():
    """70 HP; blows 8, 8, 13, 5 (average 8.5); on the Guard turn its 10 Block is there when the counter fires,
    and gone for the next turn's counter. The position shows this turn's blow and the next.

    Ruling: V09-R9.

    > Enemy — Betaal Sentinel. HP 70. Blow damage on a 4-turn cycle, always declared one turn ahead: 8 → 8 → 13 → 5 (on the 4th it also gains 10 Block before striking). Average 8.5/turn before Block.
    """
    s = fight(["lash"], 2, "blank")
    assert enemy_hp(s) == enemy(s)["max_hp"] == 70
    assert "Intent: Strike 8 (then Strike 8)" in str(s)
    blows = []
    for turn in range(4):
        before = player(s)["hp"]
        if turn == 3:
            assert "Guard" in str(s)
            s.apply("lash>1")                  # the Guard turn's counter
        end(s, declare="1/blank" if turn == 2 else "2/blank")
        blows.append(before - player(s)["hp"])
        draw(s, "stone" if turn < 3 else "lash")
    assert blows == [8, 8, 13, 5] and sum(blows) / 4 == 8.5
    assert enemy_hp(s) == 70 and enemy(s)["block"] == 0     # 8 into the 10 Block; the Block is gone after
    s.apply("lash>2")
    end(s)
    assert enemy_hp(s) == 62                   # turn 5's counter meets no Block


def test_the_element_legend_is_the_seeds_ui_text():
    """The legend the game shows for V09, line by line.

    > Element legend (UI text).

    > AGNI blow — Ignition: the struck card and both neighbours fire; everything that fired burns away.

    > JAL blow — Redirection: the struck card fires, then the blow hops to a slot of your choice and fires that too.

    > VAYU blow — Displacement: cards slide toward the impact; the struck card fires and returns to your hand.

    > PRITHVI blow — Absorption: the struck card fires, stays, and wards its slot against the next strike.

    > BLANK number — the blow bypasses your board and hits you for +4.

    > BLANK element — a plain blow, no verb.

    > AKASHA blow — Nullity: nothing is struck, every card returns to hand, the declaration is cancelled.
    """
    info = next(v for v in combat.VARIANTS if v["id"] == V)
    assert info["legend"].split("\n") == [
        "AGNI blow — Ignition: the struck card and both neighbours fire; everything that fired burns away.",
        "JAL blow — Redirection: the struck card fires, then the blow hops to a slot of your choice and fires that too.",
        "VAYU blow — Displacement: cards slide toward the impact; the struck card fires and returns to your hand.",
        "PRITHVI blow — Absorption: the struck card fires, stays, and wards its slot against the next strike.",
        "BLANK number — the blow bypasses your board and hits you for +4.",
        "BLANK element — a plain blow, no verb.",
        "AKASHA blow — Nullity: nothing is struck, every card returns to hand, the declaration is cancelled.",
    ]
