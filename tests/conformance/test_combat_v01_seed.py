"""V01 House Rules, sentence by sentence from the seed (combat-variants.txt, section V01).

Each test quotes the seed text it checks and was written from the seed. Dice and draws are set through
chance outcomes (tests/combat_helpers.py).
"""

from __future__ import annotations

import pytest

import triptych
import triptych.combat as combat
from combat_helpers import draw, enemy, enemy_hp, fight, hand, notations, player, roll, slots

SEED = "combat-variants.txt"
SECTION = "V01"
V = "v01"
INFO = next(v for v in combat.VARIANTS if v["id"] == V)


def place(s, *cards):
    """Places cards on slots 1, 2, ... (None skips a slot)."""
    for i, card in enumerate(cards, start=1):
        if card:
            s.apply(f"{card}>{i}")


def scorch(s):
    return [slot["scorch"] for slot in s.to_dict()["slots"]]


def rebuilt(s, **changes):
    data = s.to_dict()
    for key, value in changes.items():
        data[key] = value
    return combat.State.from_dict(data)


def roll_probabilities(s):
    numbers, elements = {}, {}
    for a, p in s.chance_outcomes():
        number, element = str(a).split("/")
        numbers[number] = numbers.get(number, 0) + p
        elements[element] = elements.get(element, 0) + p
    return numbers, elements


def test_name_bucket_and_teaching_sentence():
    """The variant is House Rules, a verb variant, and shows its teaching sentence.

    > V01 — House Rules (verb)

    > Teaching sentence: "The element die decides what counts as a match this turn; the number die is the number."
    """
    assert (INFO["name"], INFO["bucket"]) == ("House Rules", "verb")
    assert INFO["teaching"] == "The element die decides what counts as a match this turn; the number die is the number."


def test_two_dice_always_rolled_together_blank_is_a_face():
    """Every roll lands both dice; blanks are faces with their own weight.

    > Dice (exactly 2, always).

    > Number die, 6 faces: 1, 2, 3, 4, blank, blank. Value domain {1,2,3,4} ∪ {blank}.

    > Element die, 6 faces: Agni, Jal, Vayu, Prithvi, blank, blank.

    > Both dice are rolled together, always, every roll. Neither is ever removed or ignored in state; a blank face is a face, not an absent die.
    """
    s = fight(V, ["lash"])
    s.apply("lash>1")
    s.apply("roll")
    numbers, elements = roll_probabilities(s)
    assert numbers == pytest.approx({"1": 1 / 6, "2": 1 / 6, "3": 1 / 6, "4": 1 / 6, "blank": 2 / 6})
    assert elements == pytest.approx({"agni": 1 / 6, "jal": 1 / 6, "vayu": 1 / 6, "prithvi": 1 / 6, "blank": 2 / 6})
    assert len(s.chance_outcomes()) == 25          # every outcome is a pair
    s.apply("blank/blank")
    assert s.to_dict()["dice"] == {"number": "blank", "element": "blank"}
    s.apply("roll")                                # a reroll rolls both again
    assert len(s.chance_outcomes()) == 25


def test_four_slots_one_card_each_free_placement_no_overwrite():
    """Four slots, one card each; placing is free and a placed card can be matched.

    > Slots. 4 numbered slots, 1–4, left to right. A slot is a board position holding at most 1 card. Occupying a slot means the card is on the board and eligible to be matched. Occupied slots cannot be overwritten. Placement costs 0 energy.
    """
    s = fight(V, ["lash", "stone", "gale"])
    assert len(s.to_dict()["slots"]) == 4
    energy = s.energy
    s.apply("lash>4")
    assert s.energy == energy and slots(s) == [None, None, None, "Ember Lash"]
    with pytest.raises(triptych.IllegalActionError, match="occupied"):
        s.apply("stone>4")
    roll(s, 4, "blank")                            # slot 4 named: the card on it is matched
    s.apply("end")
    assert enemy_hp(s) == 70 - 8


def test_agni_threshold_scorches_lower_slots_and_scorch_caps_at_four():
    """Agni matches slots >= N, scorches slots < N; Scorch adds to the firing card and is spent.

    > Element behaviours (the element die selects the match predicate; the number die N is its argument).

    > Agni — THRESHOLD. Every slot with index ≥ N matches. Every slot with index < N gains 1 Scorch token. A card fires with +1 damage (or +1 block) per Scorch on its slot; Scorch is removed when that slot's card fires. Scorch caps at 4 per slot.

    > AGNI — Threshold: every slot at or above the number matches. Lower slots gain Scorch (+1 each).
    """
    s = fight(V, ["stone", "undertow", "lash", "stone"], params={"reroll_cost": 0})
    place(s, "stone", "undertow", "lash", "stone")
    roll(s, 3, "agni")
    assert scorch(s) == [1, 1, 0, 0]
    for _ in range(4):
        roll(s, 3, "agni")                         # rerolls keep scorching; cap 4
    assert scorch(s) == [4, 4, 0, 0]
    roll(s, 2, "agni")                             # slots 2, 3, 4 match; slot 1 capped at 4
    assert scorch(s) == [4, 4, 0, 0]
    s.apply("end")
    # Undertow 6 + 4 Scorch, Lash 8; Stoneskin 7 on slot 4; slot 1's Stoneskin did not fire.
    assert enemy_hp(s) == 70 - 10 - 8
    assert scorch(s) == [4, 0, 0, 0] and slots(s)[0] == "Stoneskin"
    assert player(s)["block"] == 0                 # 7 Block absorbed by the Strike (8 x 0.75 = 6)
    # +1 block per Scorch: slot 1's Stoneskin fires next with 7 + 4.
    draw(s, "gale")
    roll(s, 1, "blank")
    s.apply("end")
    assert player(s)["hp"] == 50                   # 11 Block against Strike 8 (Weak: 6)
    assert scorch(s)[0] == 0


def test_jal_mirror_and_weak_on_every_firing():
    """Jal matches slot 5 - N; each firing card also applies Weak 1 (x0.75, floor, 2 turns).

    > Jal — MIRROR. The slot at index 5 − N matches (1↔︎4, 2↔︎3). Any card that fires this turn additionally applies Weak 1 to the enemy (enemy damage ×0.75, floor, 2 turns).

    > JAL — Mirror: the opposite slot matches (1↔︎4, 2↔︎3). Firing applies Weak.
    """
    for n, slot in [(1, 4), (2, 3), (3, 2), (4, 1)]:
        s = fight(V, ["lash"])
        s.apply(f"lash>{slot}")
        roll(s, n, "jal")
        s.apply("end")
        assert enemy_hp(s) == 70 - 8, (n, slot)
        assert player(s)["hp"] == 50 - 6           # Strike 8 x 0.75 = 6
        assert enemy(s)["weak"] == 1               # 2 turns, one ticked at the end of its turn
    s = fight(V, ["lash"])
    s.apply("lash>1")
    roll(s, 1, "jal")                              # mirror of 1 is 4: slot 1 does not match
    s.apply("end")
    assert enemy_hp(s) == 70 and enemy(s)["weak"] == 0


@pytest.mark.parametrize("n, fired", [(1, [2]), (2, [1, 3]), (3, [2, 4]), (4, [3])])
def test_vayu_neighbours_without_wrap(n, fired):
    """Vayu matches N-1 and N+1, never N, never wrapping.

    > Vayu — NEIGHBOURS. Slots N−1 and N+1 match; slot N does not. No wrap (N=1 matches only 2; N=4 matches only 3).

    > VAYU — Neighbours: the slots either side of the number match.
    """
    s = fight(V, ["stone", "stone", "stone", "stone"], params={"stoneskin_count": 4})
    place(s, "stone", "stone", "stone", "stone")
    roll(s, n, "vayu")
    s.apply("end")
    left = [i + 1 for i, card in enumerate(slots(s)) if card is None]
    assert left == fired


def test_vayu_fired_cards_return_to_hand_and_draw_one():
    """Under Vayu fired cards go back to hand, and one card is drawn.

    > Every card that fires this turn returns to hand instead of the discard pile, and you draw 1.

    > Cards return to hand, draw 1.
    """
    s = fight(V, ["lash", "lash"])
    place(s, "lash", None, "lash")
    roll(s, 2, "vayu")
    s.apply("end")
    assert s.to_move == triptych.CHANCE            # the one Vayu draw
    draw(s, "stone")
    assert hand(s) == {"Ember Lash": 2, "Stoneskin": 1}
    assert s.to_dict()["piles"]["discard"] == {}
    assert enemy_hp(s) == 70 - 16


def test_vayu_draws_one_even_when_no_card_fires():
    """The draw is Vayu's own, joined to the return by "and": 4/Vayu matches slot 3 only, which is empty, so
    nothing fires, and one card is still drawn at turn end (before the enemy acts and turn 2's draw).

    Ruling: V01-R6.

    > Every card that fires this turn returns to hand instead of the discard pile, and you draw 1.

    > Cards return to hand, draw 1.
    """
    s = fight(V, ["lash", "stone"])
    place(s, "lash")
    roll(s, 4, "vayu")
    s.apply("end")
    assert enemy_hp(s) == 70 and slots(s) == ["Ember Lash", None, None, None]     # nothing fired
    assert s.to_move == triptych.CHANCE and s.to_dict()["stage"] == "resolve"      # Vayu's draw, in the resolution
    draw(s, "gale")
    assert s.to_move == triptych.CHANCE and s.to_dict()["turn"] == 2               # then turn 2's own draw
    draw(s, "undertow")
    assert hand(s) == {"Stoneskin": 1, "Gale": 1, "Undertow": 1}
    s = fight(V, ["lash", "stone"])                                               # a Prithvi turn draws nothing extra
    place(s, "lash")
    roll(s, 4, "prithvi")
    s.apply("end")
    assert s.to_dict()["turn"] == 2 and s.to_move == triptych.CHANCE


def test_prithvi_latch_survives_rerolls():
    """A Prithvi match latches through every later reroll of the turn.

    > Prithvi — LATCH. Slot N matches, and that match latches: it survives every subsequent reroll this turn and cannot be broken.

    > PRITHVI — Latch: the number's slot matches and stays matched through rerolls.
    """
    s = fight(V, ["lash", "stone"], params={"reroll_cost": 0})
    place(s, "lash", "stone")
    roll(s, 1, "prithvi")
    roll(s, 2, "blank")                            # slot 2 matches now, slot 1 still latched
    roll(s, 4, "jal")                              # mirror: slot 1 anyway; and latched
    roll(s, 3, "agni")                             # Agni 3 would not match slot 1 (it scorches it)
    s.apply("end")
    assert enemy_hp(s) == 70 - 9 and slots(s) == [None, "Stoneskin", None, None]


def test_blank_element_is_calm_slot_n_plainly():
    """A blank element matches slot N with no other effect.

    > Blank element — CALM. Slot N matches, plainly. (Never nothing.)

    > BLANK — Calm: the number's slot matches, plainly.
    """
    s = fight(V, ["lash", "lash"])
    place(s, "lash", "lash")
    roll(s, 2, "blank")
    assert scorch(s) == [0, 0, 0, 0]
    s.apply("end")
    assert slots(s) == ["Ember Lash", None, None, None] and enemy_hp(s) == 62 and enemy(s)["weak"] == 0


def shunya_fight(energy=3):
    s = fight(V, ["lash", "undertow", "stone"])
    place(s, "lash", "undertow", "stone")
    data = s.to_dict()
    for i in range(3):
        data["slots"][i]["scorch"] = 1
    data["slots"][0]["latched"] = 1
    data.update(gated=True, energy=energy)
    data["enemy"]["hp"] = 30
    data["piles"]["hand"] = {"Shunya": 1}
    return combat.State.from_dict(data)


def test_akasha_is_not_on_the_die_and_shunya_enters_at_half():
    """The element die never shows Akasha; Shunya enters the hand the first time the Sentinel is at half.

    > Akasha — VOID. Not on the die. Gate: the first time enemy HP ≤ 50%, one Akasha card "Shunya" is added to hand.
    """
    s = fight(V, ["lash", "lash"], params={"enemy_hp": 32})
    assert "akasha" not in s.to_dict()["element_faces"]
    place(s, "lash", "lash")
    s.apply("roll")
    assert not any("akasha" in str(a) for a, _ in s.chance_outcomes())
    s.apply("1/agni")
    s.apply("end")                                 # 32 -> 24 -> 16: at 50%
    assert hand(s).get("Shunya") == 1
    draw(s, "lash")
    s.apply("lash>1")
    roll(s, 1, "blank")
    s.apply("end")                                 # 16 -> 8: below, but only once
    draw(s, "stone")
    assert hand(s).get("Shunya") == 1


def test_shunya_costs_two_clears_and_voids_at_half_then_exhausts():
    """Ruling: V01-R3. Shunya is played by its verb for 2, clears Scorch and latches, and every occupied slot fires at half.

    > Playing it costs 2 energy and places it into any empty slot; it resolves immediately, removes all Scorch and all latches, and makes every occupied slot match this turn at half effect (round down). Then it exhausts.
    """
    s = shunya_fight()
    assert not any(a.startswith("shunya>") for a in notations(s))   # not an ordinary free card
    with pytest.raises(triptych.IllegalActionError):
        s.apply("shunya>4")
    s.apply("shunya")
    assert s.energy == 1
    assert scorch(s) == [0, 0, 0, 0]
    assert [sl["latched"] for sl in s.to_dict()["slots"]] == [0, 0, 0, 0]
    assert s.to_dict()["piles"]["exhaust"] == {"Shunya": 1} and "Shunya" not in hand(s)
    roll(s, 4, "blank")                            # the dice name empty slot 4
    s.apply("end")
    assert enemy_hp(s) == 30 - 4 - 3              # Lash 8/2, Undertow 6/2; Stoneskin 7/2 = 3 Block
    assert player(s)["hp"] == 50 - (6 - 3)
    s2 = shunya_fight(energy=1)
    assert "shunya" not in notations(s2)           # 2 energy needed
    # "into any empty slot": with the four slots full there is nowhere to place it.
    s3 = fight(V, ["lash", "undertow", "stone", "gale"])
    place(s3, "lash", "undertow", "stone", "gale")
    data = s3.to_dict()
    data.update(gated=True, energy=3)
    data["enemy"]["hp"] = 30
    data["piles"]["hand"] = {"Shunya": 1}
    s3 = combat.State.from_dict(data)
    assert "shunya" not in notations(s3)
    with pytest.raises(triptych.IllegalActionError):
        s3.apply("shunya")


def test_shunya_is_a_placement_so_it_locks_when_you_roll():
    """Ruling: V01-R3. Shunya is placed into a slot, and placement is locked once you roll.

    > First roll: pay 1, roll both dice. Placement now locked for the turn.
    """
    s = shunya_fight()
    roll(s, 4, "blank")
    assert "shunya" not in notations(s)
    with pytest.raises(triptych.IllegalActionError):
        s.apply("shunya")


def test_blank_number_is_the_lowest_occupied_slot_or_a_draw():
    """A blank number reads as the lowest occupied slot; on an empty board nothing matches and you draw 1.

    > Blank number die. N is taken to be the lowest-index occupied slot. If the board is empty, no slot matches and you draw 1 instead.
    """
    s = fight(V, ["lash", "stone"])
    place(s, None, "lash", "stone")
    roll(s, "blank", "blank")                      # N = 2
    s.apply("end")
    assert slots(s) == [None, None, "Stoneskin", None] and enemy_hp(s) == 62
    s = fight(V, ["lash"])
    roll(s, "blank", "agni")
    assert s.to_move == triptych.CHANCE
    draw(s, "gale")
    assert hand(s) == {"Ember Lash": 1, "Gale": 1} and scorch(s) == [0, 0, 0, 0]


def test_energy_income_sinks_and_no_carry_over():
    """Income is the empty slots (min 1); the sinks cost what the seed says; nothing carries over.

    > Energy. Income at turn start = number of empty slots (0–4), minimum 1. Sinks: first roll of the turn 1; each consecutive reroll 2 (flat); voluntarily exhaust one clogged card to free its slot 1; paid draw 1 energy → 2 cards from discard; play the Akasha card 2. Energy does not carry over. Energy is displayed as a single number.

    > Energy income = empty slots, min 1.
    """
    s = fight(V, ["lash", "stone", "stone", "stone"])
    assert s.energy == 4
    assert "Energy 4" in str(s) and isinstance(s.to_dict()["energy"], int)
    place(s, "lash", "stone", "stone", "stone")
    roll(s, 4, "blank")
    assert s.energy == 3
    roll(s, 4, "blank")
    assert s.energy == 1
    s.apply("end")                                 # slot 4 fired: 1 empty slot, 1 energy unspent
    draw(s, "gale")
    assert s.energy == 1                           # not 2: no carry-over
    assert "exhaust 1" in notations(s)             # Lash clogged since last turn
    s.apply("exhaust 1")
    assert s.energy == 0 and slots(s)[0] is None
    assert s.to_dict()["piles"]["exhaust"] == {"Ember Lash": 1}
    # Full board: income is still 1.
    s = fight(V, ["lash", "stone", "stone", "stone", "gale"], params={"first_roll_cost": 9})
    place(s, "lash", "stone", "stone", "stone")
    s.apply("end")
    draw(s, "lash")
    assert s.energy == 1
    # The paid draw: 1 energy, 2 cards from the discard.
    data = s.to_dict()
    data["piles"]["discard"] = {"Undertow": 2}
    data["piles"]["draw"]["Undertow"] -= 2
    s = combat.State.from_dict(data)
    s.apply("buy")
    assert s.energy == 0 and s.to_dict()["draw_source"] == "discard"
    draw(s, "undertow")
    draw(s, "undertow")
    assert hand(s)["Undertow"] == 2


def test_reroll_costs_two_flat_and_four_energy_gives_two_rolls():
    """From 4 energy: the first roll (1) and one reroll (2); a third roll is unaffordable.

    > Reroll. Rerolls both dice together. Cost 2 flat, unlimited while energy lasts (from a 4-energy turn: 1 + 2 → 2 rolls; 4 empty slots and no spends is the maximum).

    > Optionally reroll (2 each) → return to step 5.
    """
    s = fight(V, ["lash"])
    assert s.energy == 4
    roll(s, 1, "blank")
    roll(s, 2, "blank")
    assert s.energy == 1 and "roll" not in notations(s)
    s = fight(V, ["lash"], params={"player_hp": 50})
    data = s.to_dict()
    data["energy"] = 9
    s = combat.State.from_dict(data)
    roll(s, 1, "blank")
    for _ in range(4):
        roll(s, 1, "blank")                        # unlimited while energy lasts, 2 each
    assert s.energy == 0


def test_reroll_rederives_matches_but_undoes_nothing():
    """A reroll re-derives matches (latches stay); spent energy, Scorch and placements stay; nothing fired yet.

    > A reroll re-derives every match from the new dice, except Prithvi latches, which persist. A reroll does not undo: energy already spent, Scorch already placed, cards already placed (placement is locked once you roll), or a latched match. Nothing has fired yet at reroll time — all firing happens at turn end — so a reroll cannot un-fire anything.

    > Derive matches from the current dice per the predicate. Latched slots stay matched.
    """
    s = fight(V, ["lash", "lash", "stone", "gale"], params={"reroll_cost": 0})
    place(s, "lash", "lash", "stone")
    roll(s, 3, "agni")                             # Scorch on 1, 2; slot 3 matches
    roll(s, 1, "prithvi")                          # slot 1 matches and latches; slot 3 no longer
    assert enemy_hp(s) == 70                       # nothing has fired at roll time
    roll(s, 4, "jal")                              # mirror 1 (latched anyway)
    assert scorch(s) == [1, 1, 0, 0] and s.energy == 3
    assert not any(">" in a for a in notations(s))  # Gale cannot be placed now
    s.apply("end")
    assert slots(s) == [None, "Ember Lash", "Stoneskin", None]
    assert enemy_hp(s) == 70 - 9                   # Lash 8 + 1 Scorch, once


def test_resolution_order_of_one_turn():
    """Income, draw (reshuffling), paid draws, placement, roll, matches, then firing 1->4, discard, clog, enemy, Block decay.

    > Resolution order (deterministic).

    > Draw 1 (reshuffle discard into draw if needed). Optional paid draws.

    > Place any number of cards from hand into empty slots (free).

    > Turn end: every matched slot fires in slot order 1→4. Apply Scorch bonuses, then the card's effect through the damage pipeline. Fired cards go to discard (or hand, under Vayu). Unmatched cards remain on their slots (clog).

    > Enemy acts. Player Block decays to 0.
    """
    # Firing order 1 -> 4: Stoneskin (slot 1) gains Block before Lash (slot 2) ends the fight.
    s = fight(V, ["stone", "lash", "gale"], params={"enemy_hp": 8})
    place(s, "stone", "lash", "gale")
    roll(s, 1, "agni")
    s.apply("end")
    assert s.winner == 0 and player(s)["block"] == 7 and slots(s)[2] == "Gale"   # Gale never fired
    # Scorch then the pipeline: Lash 8 + 2 Scorch against a Vulnerable Sentinel = ceil(10 x 1.5) = 15.
    s = fight(V, ["lash", "stone"])
    place(s, "lash", "stone")
    data = s.to_dict()
    data["slots"][0]["scorch"] = 2
    data["enemy"]["vulnerable"] = 2
    s = combat.State.from_dict(data)
    roll(s, 1, "blank")
    s.apply("end")
    assert enemy_hp(s) == 70 - 15
    assert s.to_dict()["piles"]["discard"] == {"Ember Lash": 1}
    assert slots(s) == [None, "Stoneskin", None, None]                     # unmatched: clogs
    assert player(s)["hp"] == 42 and player(s)["block"] == 0               # the Sentinel struck 8
    # The draw of turn 2 reshuffles the discard when the draw pile is empty.
    assert s.to_move == triptych.CHANCE
    data = s.to_dict()
    moved = data["piles"]["draw"]
    data["piles"]["discard"] = {k: v + (1 if k == "Ember Lash" else 0) for k, v in moved.items()}
    data["piles"]["draw"] = {}
    with pytest.raises(triptych.InvalidStateError):
        combat.State.from_dict(data)               # a draw step with an empty draw pile never stops: it reshuffles
    s = fight(V, ["lash", "lash", "lash", "undertow", "undertow", "gale", "gale", "stone", "stone"])
    place(s, "lash")
    roll(s, 1, "blank")
    s.apply("end")                                 # 1 card left in the draw pile, Lash in the discard
    draw(s, "stone")
    s.apply("roll")
    s.apply("4/blank")
    s.apply("end")
    assert {str(a) for a, _ in s.chance_outcomes()} == {"+lash"}           # reshuffled discard


def test_win_and_lose():
    """The fight is won at enemy HP 0 and lost at player HP 0.

    > Win / lose. Enemy HP ≤ 0 → win. Player HP ≤ 0 → lose.
    """
    s = fight(V, ["lash"], params={"enemy_hp": 8})
    place(s, "lash")
    roll(s, 1, "blank")
    s.apply("end")
    assert s.is_terminal() and s.winner == 0 and enemy_hp(s) == 0
    s = fight(V, ["stone"], params={"player_hp": 8})
    roll(s, 4, "blank")
    s.apply("end")
    assert s.is_terminal() and s.winner == 1 and player(s)["hp"] == 0


def test_starting_deck_and_hand():
    """Ten cards with the seed's numbers; the opening hand is 5.

    > Starting deck — 10 cards. Hand starts at 5.

    > 3× Ember Lash (Agni) — deal 8.

    > 2× Undertow (Jal) — deal 6, apply Weak 1.

    > 2× Gale (Vayu) — deal 5, draw 1.

    > 3× Stoneskin (Prithvi) — gain 7 Block.
    """
    s = combat.new_game(V, seed=3)
    assert s.to_dict()["piles"]["draw"] == {"Ember Lash": 3, "Undertow": 2, "Gale": 2, "Stoneskin": 3}
    assert s.to_dict()["pending_draws"] == 5
    s.play_chance()
    assert sum(hand(s).values()) == 5
    for card, dmg, weak in [("lash", 8, 0), ("undertow", 6, 2), ("gale", 5, 0)]:
        f = fight(V, [card])
        place(f, card)
        roll(f, 1, "blank")
        f.apply("end")
        assert 70 - enemy_hp(f) == dmg, card
        assert enemy(f)["weak"] == max(0, weak - 1), card   # one turn of the two ticked
        if card == "gale":
            draw(f, "lash")                        # Gale's draw 1, at once
            assert f.to_move == triptych.CHANCE    # then turn 2's draw
            draw(f, "lash")
            assert hand(f) == {"Ember Lash": 2}
    f = fight(V, ["stone"], params={"strike_damage": 7})
    place(f, "stone")
    roll(f, 1, "blank")
    f.apply("end")
    assert player(f)["hp"] == 50                   # 7 Block took the Strike of 7


def test_sentinel_cycle_hp_and_player_hp():
    """The Sentinel has 70 HP and cycles Strike 8, Strike 8, Cleave 13, Guard 10 + Jab 4, telegraphed one turn ahead.

    > Enemy — Betaal Sentinel. HP 70. 4-turn intent cycle, telegraphed 1 turn ahead:

    > Strike — 8 damage.

    > Cleave — 13 damage.

    > Guard — gains 10 Block, then Jab for 4 damage. Average 8.25/turn.

    > Player HP 50.
    """
    s = fight(V, [], params={"first_roll_cost": 9})   # no roll affordable: the turn may end unrolled
    assert enemy(s)["hp"] == 70 and player(s)["hp"] == 50
    assert "Intent: Strike 8 (then Strike 8)" in str(s)
    taken = []
    for _ in range(4):
        hp = player(s)["hp"]
        s.apply("end")
        taken.append(hp - player(s)["hp"])
        if s.to_move == triptych.CHANCE:
            s.apply(str(s.chance_outcomes()[0][0]))
    assert taken == [8, 8, 13, 4]
    assert sum(taken) / 4 == 8.25
    assert s.to_dict()["intent"] == 0 and enemy(s)["block"] == 10  # Guard's Block stands through the player's turn


def test_element_legend_ui_text():
    """The legend the UI shows is the seed's.

    > Element legend (UI text).

    > AGNI — Threshold: every slot at or above the number matches. Lower slots gain Scorch (+1 each).

    > JAL — Mirror: the opposite slot matches (1↔︎4, 2↔︎3). Firing applies Weak.

    > VAYU — Neighbours: the slots either side of the number match. Cards return to hand, draw 1.

    > PRITHVI — Latch: the number's slot matches and stays matched through rerolls.

    > BLANK — Calm: the number's slot matches, plainly.

    > AKASHA — Void: clears Scorch and latches; every occupied slot fires at half.
    """
    seed_lines = [line.strip()[2:] for line in test_element_legend_ui_text.__doc__.splitlines()
                  if line.strip().startswith("> ") and "—" in line]
    assert INFO["legend"].split("\n") == [line.replace("\ufe0e", "") for line in seed_lines]
