"""V05 Sangam, sentence by sentence from the seed (combat-variants.txt, section V05)."""

from __future__ import annotations

import pytest

import triptych
import triptych.combat as combat
from combat_helpers import draw, enemy, enemy_hp, fight, hand, notations, player, roll, slots
from combat_v04_v06_positions import counters, edit, legend, roll_distribution, with_shunya

SEED = "combat-variants.txt"
SECTION = "V05"
V = "v05"
CARD_OF = {"agni": "lash", "jal": "undertow", "vayu": "gale", "prithvi": "stone"}

# Read off the seed's wheel (Vayu → Agni → Prithvi → Jal → Vayu; across: Vayu–Prithvi, Agni–Jal),
# incoming element first, then the card's element.
OUTCOMES = {
    ("agni", "agni"): "PURE", ("agni", "prithvi"): "FEED", ("agni", "vayu"): "SMOTHER", ("agni", "jal"): "CLASH",
    ("jal", "jal"): "PURE", ("jal", "vayu"): "FEED", ("jal", "prithvi"): "SMOTHER", ("jal", "agni"): "CLASH",
    ("vayu", "vayu"): "PURE", ("vayu", "agni"): "FEED", ("vayu", "jal"): "SMOTHER", ("vayu", "prithvi"): "CLASH",
    ("prithvi", "prithvi"): "PURE", ("prithvi", "jal"): "FEED", ("prithvi", "agni"): "SMOTHER",
    ("prithvi", "vayu"): "CLASH",
}


def pending(s):
    text = str(s)
    return text.split("Pending: slot ")[1].split()[1] if "Pending: slot " in text else None


def test_dice_faces():
    """Ruling: V05-R3 (a number naming an empty slot: no confluence).

    > Number die, 6 faces: 1, 2, 3, 4, blank, blank — says where the confluence lands.

    > Element die, 6 faces: Agni, Jal, Vayu, Prithvi, blank, blank — says what pours in.
    """
    s = fight(V, ["lash"])
    s.apply("roll")
    numbers, elements = roll_distribution(s)
    assert numbers == pytest.approx({"1": 1 / 6, "2": 1 / 6, "3": 1 / 6, "4": 1 / 6, "blank": 2 / 6})
    assert elements == pytest.approx({"agni": 1 / 6, "jal": 1 / 6, "vayu": 1 / 6, "prithvi": 1 / 6, "blank": 2 / 6})
    s.apply("2/agni")
    assert "Pending: slot" not in str(s)   # slot 2 is empty: the number said where, nothing is there


def test_slots_hold_one_card_free_and_the_card_waits():
    """
    > Slots. 4 numbered slots, 1–4, 1 card each, placement free, no overwriting. A card in a slot is an ingredient waiting to meet an incoming element.

    > Place cards into empty slots (free).
    """
    s = fight(V, ["lash", "stone"])
    energy = s.energy
    s.apply("lash>2")
    assert s.energy == energy
    with pytest.raises(triptych.IllegalActionError):
        s.apply("stone>2")
    roll(s, 3, "agni")
    s.apply("end")
    assert slots(s)[1] == "Ember Lash" and enemy_hp(s) == 65   # not met: it waits


@pytest.mark.parametrize("incoming,card", sorted(OUTCOMES))
def test_the_wheel_decides_the_outcome(incoming, card):
    """The preview names the outcome the seed's wheel gives for each pair.

    > The wheel (printed on the board, one picture). Vayu → Agni → Prithvi → Jal → Vayu, arrows read as FEEDS. Across the wheel: Vayu↔︎Prithvi and Agni↔︎Jal.

    > The four outcomes. Compare the incoming element (element die) with the card's element in the named slot:

    > THE WHEEL — Vayu → Agni → Prithvi → Jal → Vayu. The arrow means "feeds".
    """
    s = fight(V, [CARD_OF[card]])
    s.apply(f"{CARD_OF[card]}>3")
    roll(s, 3, incoming)
    assert pending(s) == OUTCOMES[(incoming, card)]
    assert "Wheel: vayu > agni > prithvi > jal > vayu." in str(s)


def test_pure_fires_at_double():
    """Ruling: V05-R9: the card then leaves its slot for the discard (only a SMOTHERed card stays).

    > PURE (same element) — the card fires at ×2.

    > SMOTHER (incoming is the wheel-successor, arrow points the wrong way) — the card fires at ×0.5 (round down) and is CONVERTED: it stays in its slot but its element becomes the incoming element for the rest of the combat.

    > PURE (same) — fires at double.
    """
    s = fight(V, ["lash"])
    s.apply("lash>1")
    roll(s, 1, "agni")
    s.apply("end")
    assert enemy_hp(s) == 65 - 14
    assert slots(s)[0] is None and s.to_dict()["piles"]["discard"] == {"Ember Lash": 1}


def test_feed_fires_once_and_the_agni_verb_escalates():
    """Ruling: V05-R6 (the +1 reaches Block too). Agni feeds Prithvi: Stoneskin fires x1 (6 Block), then ESCALATE.

    > FEED (incoming is the wheel-predecessor of the card, i.e. the arrow points from incoming to card) — the card fires at ×1, and the incoming element's board verb applies (below).

    > Board verbs (fire only on FEED).

    > Agni — ESCALATE. The enemy gains Burn 3 (loses 3 HP at the end of each of its turns for 3 turns, refreshing), and every future confluence's magnitude gains +1 for the rest of the combat (cumulative, visible counter).

    > FEED (arrow points at your card) — fires, and the incoming element's verb hits the whole board.

    > AGNI verb — Escalate: Burn 3 and +1 to every future confluence, forever.
    """
    s = fight(V, ["stone", "stone"])
    s.apply("stone>1")
    roll(s, 1, "agni")
    s.apply("end")
    assert player(s)["hp"] == 50 - (7 - 6)
    assert enemy_hp(s) == 65 - 3 and counters(s)["escalation"] == 1
    draw(s, "stone")
    s.apply("stone>1")
    roll(s, 1, "agni")                     # FEED again: Burn refreshes, escalation 2
    s.apply("end")
    assert player(s)["hp"] == 49 - (7 - 7)  # 6 + 1 escalation Block
    assert enemy_hp(s) == 62 - 3 and enemy(s)["burn_turns"] == 2 and counters(s)["escalation"] == 2
    assert "Escalation +2" in str(s)       # the visible counter
    for hp in (56, 53, 53):                # the refreshed Burn ticks on turns 3 and 4, then stops
        draw(s, "lash")
        roll(s, 4, "blank")                # slot 4 is empty: no confluence
        s.apply("end")
        assert enemy_hp(s) == hp


def test_smother_halves_and_converts_for_the_rest_of_the_combat():
    """Gale (Vayu) meets Agni, which it feeds: the arrow points the wrong way.

    > SMOTHER (incoming is the wheel-successor, arrow points the wrong way) — the card fires at ×0.5 (round down) and is CONVERTED: it stays in its slot but its element becomes the incoming element for the rest of the combat.

    > SMOTHER (arrow points away) — fires at half and your card is converted to the incoming element.

    > Board mutations (conversions, rotations) persist into next turn.
    """
    s = fight(V, ["gale"])
    s.apply("gale>1")
    roll(s, 1, "agni")
    s.apply("end")
    assert enemy_hp(s) == 65 - 2 and slots(s)[0] == "Gale:agni"
    draw(s, "lash")                        # Gale's draw
    draw(s, "lash")                        # turn 2
    roll(s, 1, "jal")                      # the card is Agni now: Jal across the wheel
    assert pending(s) == "CLASH"


def test_clash_fires_destroys_recoils_and_gives_two_energy():
    """Ruling: V05-R1 (the +2 is spent next turn: nothing can be bought after the confluence).

    > CLASH (across the wheel) — the card fires at ×1, is then destroyed (exhausted), the player takes 3 unblockable recoil, and gains 2 energy immediately.

    > CLASH (opposite sides) — fires, card destroyed, take 3, gain 2 energy.

    > Energy. Income at turn start = 2 flat, + 2 per card destroyed by a CLASH last turn.
    """
    s = fight(V, ["stone"])
    s.apply("stone>1")
    s = edit(s, lambda d: d["player"].update(block=20))
    roll(s, 1, "vayu")                     # Vayu and Prithvi are across
    s.apply("end")
    assert s.to_dict()["piles"]["exhaust"] == {"Stoneskin": 1}
    assert player(s)["hp"] == 47            # 26 Block could not stop the recoil
    draw(s, "lash")
    assert s.energy == 2 + 2


def test_jal_redirect_swaps_every_debuff():
    """Ruling: V05-R8. Jal feeds Vayu.

    > Jal — REDIRECT. Every debuff currently on the player moves to the enemy, and every debuff on the enemy moves to the player. (A straight swap.)

    > JAL verb — Redirect: swap all debuffs between you and the enemy.
    """
    s = fight(V, ["gale"])
    s.apply("gale>1")
    s = edit(s, lambda d: (d["player"].update(weak=3, vulnerable=2, dexterity=1),
                           d["enemy"].update(burn=2, burn_turns=2)))
    roll(s, 1, "jal")
    s.apply("end")
    draw(s, "lash")                        # Gale's draw; then the Sentinel acts
    assert enemy(s)["weak"] == 2 and enemy(s)["vulnerable"] == 1          # moved, then ticked once
    assert player(s)["weak"] == 0 and player(s)["vulnerable"] == 0
    assert player(s)["dexterity"] == 1 and enemy(s)["dexterity"] == 0   # not a debuff: stays
    assert player(s)["hp"] == 50 - 2 - 5    # Burn 2 now on the player; Strike 7 x 0.75 = 5


def test_vayu_displace_rotates_every_card_right_with_wrap():
    """Vayu feeds Agni: the Lash fires and leaves; the other cards rotate one slot right.

    > Vayu — DISPLACE. Every card rotates one slot to the right, wrapping (slot 4 → slot 1).

    > VAYU verb — Displace: every card rotates one slot right.
    """
    s = fight(V, ["lash", "stone", "gale"])
    s.apply("stone>1")
    s.apply("lash>2")
    s.apply("gale>4")
    roll(s, 2, "vayu")
    s.apply("end")
    assert enemy_hp(s) == 65 - 7
    assert slots(s) == ["Gale", "Stoneskin", None, None]


def test_prithvi_hold_protects_the_next_turn():
    """Ruling: V05-R5. Prithvi feeds Jal; next turn a CLASH destroys nothing, a SMOTHER converts
    nothing, a Vayu FEED rotates nothing, and Block survives the enemy's turn.

    > Prithvi — HOLD. Next turn nothing converts, nothing rotates and nothing is destroyed, and Block does not decay at end of turn.

    > PRITHVI verb — Hold: next turn nothing converts, rotates or dies; Block persists.

    > Enemy acts. Block decays (unless Prithvi HOLD is active).
    """
    s = fight(V, ["undertow", "lash", "gale"], params={"base_income": 5})
    s.apply("undertow>1")
    s.apply("lash>2")
    s.apply("gale>3")
    roll(s, 1, "prithvi")
    s.apply("end")
    draw(s, "stone")
    assert counters(s)["hold_active"] == 1
    s.apply("stone>1")
    s = edit(s, lambda d: d["player"].update(block=30))
    roll(s, 2, "jal")                      # CLASH on the Lash
    s.apply("end")
    assert s.to_dict()["piles"]["exhaust"] == {} and "Ember Lash" in s.to_dict()["piles"]["discard"]
    draw(s, "stone")
    assert player(s)["block"] == 30 - 5    # not decayed after the (Weakened) Strike
    assert player(s)["hp"] == 45 - 3       # the recoil still hits
    assert counters(s)["hold_active"] == 0 and s.energy == 5   # nothing destroyed: no +2
    s = fight(V, ["gale", "lash"])
    s.apply("gale>1")
    s.apply("lash>2")
    s = edit(s, lambda d: d["counters"].update(hold_active=1))
    roll(s, 1, "agni")                     # SMOTHER: halves but does not convert
    s.apply("end")
    draw(s, "stone")
    draw(s, "stone")
    assert slots(s)[0] == "Gale" and enemy_hp(s) == 65 - 2   # stayed, fired at half, unconverted
    s = fight(V, ["lash", "stone"])
    s.apply("lash>1")
    s.apply("stone>2")
    s = edit(s, lambda d: d["counters"].update(hold_active=1))
    roll(s, 1, "vayu")                     # FEED with Vayu: no rotation under HOLD
    s.apply("end")
    assert slots(s) == [None, "Stoneskin", None, None]


def test_akasha_void_shunya_fires_plain_and_nothing_else_confluences():
    """Ruling: V05-R4. 65 x 50% = 32.5: the gate opens at 32. Shunya is played from hand once the dice are
    rolled (never placed in a slot): it fires at once at x1 — not doubled by a Brace, no escalation bonus —
    then the element die is blank and the pending confluence (here a Braced PURE Stoneskin) never resolves.

    > Akasha — VOID. Gate: first time enemy HP ≤ 50%, one Akasha card "Shunya" enters hand (deal 6, gain 6 Block). It cannot react: it always fires plain (×1) and then blanks the element die for the rest of the turn — no further confluences can occur this turn.

    > AKASHA — Void: fires plain, then no more confluences this turn.
    """
    s = fight(V, ["lash", "lash", "stone"])
    s = edit(s, lambda d: d["enemy"].update(hp=46))
    s.apply("lash>1")
    roll(s, 1, "agni")                     # 46 - 14 = 32
    s.apply("end")
    assert s.to_dict()["gated"]
    draw(s, "stone")
    assert hand(s)["Shunya"] == 1
    assert not any(n.startswith("shunya") for n in notations(s))   # not a card for a slot; not before the roll
    s = edit(s, lambda d: (d.update(energy=3), d["counters"].update(escalation=1)))
    s.apply("stone>2")
    roll(s, 2, "prithvi")
    s.apply("brace")
    assert pending(s) == "PURE"
    block = player(s)["block"]
    s.apply("shunya")                      # fires now: x1 even Braced, no escalation
    assert enemy_hp(s) == 32 - 6 and player(s)["block"] == block + 6
    assert s.to_dict()["dice"]["element"] == "blank" and counters(s)["void"] == 1
    assert notations(s) == ["end"]          # nothing left to roll or brace for
    s.apply("end")
    assert slots(s)[1] == "Stoneskin"       # the Braced PURE confluence never resolved
    assert enemy_hp(s) == 26 and s.to_dict()["piles"]["discard"].get("Shunya") == 1


def test_blank_handling_is_never_nothing():
    """Ruling: V05-R2.

    > Blank handling (never nothing). Blank number → the confluence lands on the leftmost occupied slot; if the board is empty, no confluence occurs and you draw 1 instead. Blank element → PURE by default.
    """
    s = fight(V, ["lash", "stone"])
    s.apply("stone>3")
    s.apply("lash>4")
    roll(s, "blank", "blank")
    assert pending(s) == "PURE"
    s.apply("end")
    assert player(s)["hp"] == 50 and slots(s) == [None, None, None, "Ember Lash"]   # 12 Block
    s = fight(V, ["lash"])
    roll(s, "blank", "jal")
    assert s.to_move == 0                  # no draw when the dice land (V05-R2) ...
    s.apply("end")
    assert s.to_dict()["pending_draws"] == 1   # ... but at resolution, before the Sentinel acts
    draw(s, "stone")
    draw(s, "stone")
    assert hand(s) == {"Ember Lash": 1, "Stoneskin": 2}


def test_income_is_two_plus_two_per_clash_and_empty_slots_pay_nothing():
    """
    > Energy. Income at turn start = 2 flat, + 2 per card destroyed by a CLASH last turn. Empty slots pay nothing — this core wants a full board.

    > Energy = 2 + clash refunds from last turn.
    """
    assert fight(V, ["lash"]).energy == 2
    s = fight(V, ["lash", "stone", "gale", "undertow"])
    for i, card in enumerate(["lash", "stone", "gale", "undertow"], start=1):
        s.apply(f"{card}>{i}")
    roll(s, 1, "jal")                      # CLASH
    s.apply("end")
    draw(s, "lash")
    assert s.energy == 4
    roll(s, 2, "blank")
    s.apply("end")
    draw(s, "lash")
    assert s.energy == 2                   # only last turn's clashes count; a full board pays nothing


def test_energy_sinks_and_no_carry_over():
    """Ruling: V05-R7 (the Brace is bought after rolling).

    > Sinks: first roll 1; rerolls escalate 1, 2, 3, 4, 5… with no cap; Brace 2 — forces this turn's confluence to resolve as PURE regardless of elements; paid draw 1 → 2 cards. No carry-over.

    > Optional rerolls (1, 2, 3, 4…) or Brace (2).
    """
    s = fight(V, ["lash"])
    s = edit(s, lambda d: d.update(energy=40))
    s.apply("buy")
    assert s.energy == 39 and s.to_dict()["pending_draws"] == 2
    draw(s, "stone")
    draw(s, "gale")
    s.apply("lash>1")
    costs = []
    for _ in range(7):
        before = s.energy
        roll(s, 1, "jal")
        costs.append(before - s.energy)
    assert costs == [1, 1, 2, 3, 4, 5, 6]
    s.apply("brace")
    assert s.energy == 39 - 22 - 2 and pending(s) == "PURE"
    s.apply("end")
    assert enemy_hp(s) == 65 - 14 and s.to_dict()["piles"]["exhaust"] == {}
    draw(s, "lash")
    assert s.energy == 2                   # 15 left over are gone


def test_a_reroll_replaces_the_pending_outcome():
    """Ruling: V05-R7.

    > Reroll. Rerolls both dice. The confluence outcome is previewed live but resolves only once, at the end of the roll phase — so a reroll replaces the pending outcome rather than undoing a resolved one. A reroll does not refund a Brace already paid, does not undo placements (locked once you roll), and does not refund spent energy.

    > First roll: pay 1, roll both. Placement locks. Preview the outcome.
    """
    s = fight(V, ["lash", "stone"], params={"base_income": 6})
    s.apply("lash>1")
    roll(s, 1, "jal")
    assert s.energy == 5 and pending(s) == "CLASH" and enemy_hp(s) == 65
    assert not any(">" in n for n in notations(s))
    roll(s, 1, "vayu")
    assert s.energy == 4 and pending(s) == "FEED" and enemy_hp(s) == 65
    s.apply("brace")
    roll(s, 1, "jal")
    assert s.energy == 0 and pending(s) == "PURE"   # the Brace stays paid
    s.apply("end")
    assert enemy_hp(s) == 65 - 14


def test_resolution_multiplier_then_escalation_then_pipeline():
    """Ruling: V05-R6. Escalation 1: a SMOTHERed Gale is floor(4 / 2) + 1 = 3, not floor(5 / 2);
    a PURE Lash into a Vulnerable Sentinel is ceil((14 + 1) x 1.5) = 23.

    > Resolve the confluence: apply the outcome multiplier, then the Agni escalation bonus, then the damage pipeline. Apply conversion / destruction / board verb.
    """
    s = edit(fight(V, ["gale"]), lambda d: d["counters"].update(escalation=1))
    s.apply("gale>1")
    roll(s, 1, "agni")
    s.apply("end")
    assert enemy_hp(s) == 65 - 3 and slots(s)[0] == "Gale:agni"
    s = edit(fight(V, ["lash"]), lambda d: (d["counters"].update(escalation=1), d["enemy"].update(vulnerable=1)))
    s.apply("lash>1")
    roll(s, 1, "agni")
    s.apply("end")
    assert enemy_hp(s) == 65 - 23


def test_exactly_one_card_resolves_per_turn():
    """
    > Exactly one card resolves per turn (but often at ×2), so the enemy is tuned down.
    """
    s = fight(V, ["lash", "lash", "undertow", "gale"], params={"base_income": 9})
    for i, card in enumerate(["lash", "lash", "undertow", "gale"], start=1):
        s.apply(f"{card}>{i}")
    for _ in range(4):
        roll(s, 2, "agni")
    s.apply("end")
    assert enemy_hp(s) == 65 - 14 and slots(s) == ["Ember Lash", None, "Undertow", "Gale"]


def test_turn_order_draw_one_and_paid_draws_before_the_roll():
    """
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


def test_win_and_lose():
    """
    > Win / lose. Enemy HP ≤ 0 → win. Player HP ≤ 0 → lose.
    """
    s = with_shunya(fight(V, ["lash"]), enemy_hp=14)
    s.apply("lash>1")
    roll(s, 1, "agni")
    s.apply("end")
    assert s.is_terminal and s.winner == 0
    s = edit(fight(V, ["lash"]), lambda d: d["player"].update(hp=7))
    roll(s, 1, "blank")
    s.apply("end")
    assert s.is_terminal and s.winner == 1


def test_starting_deck_and_the_four_cards():
    """Each card met by its own element (PURE, x2).

    > Starting deck — 10 cards. Hand starts at 5.

    > 3× Ember Lash (Agni) — deal 7.

    > 2× Undertow (Jal) — deal 5, apply Weak 1.

    > 2× Gale (Vayu) — deal 4, draw 1.

    > 3× Stoneskin (Prithvi) — gain 6 Block.
    """
    s = combat.new_game(V, seed=5)
    assert s.to_dict()["piles"]["draw"] == {"Ember Lash": 3, "Undertow": 2, "Gale": 2, "Stoneskin": 3}
    s.play_chance()
    assert sum(hand(s).values()) == 5
    for card, element, hp, block in (("lash", "agni", 65 - 14, 0), ("undertow", "jal", 65 - 10, 0),
                                     ("gale", "vayu", 65 - 8, 0), ("stone", "prithvi", 65, 12)):
        s = fight(V, [card])
        s.apply(f"{card}>1")
        roll(s, 1, element)
        s.apply("end")
        if card == "gale":
            assert s.to_dict()["pending_draws"] == 1
            draw(s, "lash")
        if card == "undertow":
            assert enemy(s)["weak"] > 0
        assert enemy_hp(s) == hp
        assert player(s)["hp"] == 50 - max(0, (5 if card == "undertow" else 7) - block)


def test_the_sentinel():
    """
    > Enemy — Betaal Sentinel. HP 65.

    > Cycle: Strike 7 → Strike 7 → Cleave 12 → Guard (8 Block) + Jab 4. Average 7.5/turn.

    > Player HP 50.
    """
    s = fight(V, [])
    assert enemy(s)["hp"] == 65 and player(s)["hp"] == 50
    hps = []
    for card in ["lash", "lash", "stone", "stone"]:
        roll(s, 1, "blank")
        s.apply("end")
        hps.append(player(s)["hp"])
        draw(s, card)
    assert hps == [43, 36, 24, 20] and enemy(s)["block"] == 8
    assert (50 - 20) / 4 == 7.5


def test_the_legend_is_shown_as_written():
    """The UI legend, line for line (each line's rule is checked by the test quoting it above).

    > Element legend (UI text).
    """
    assert legend(V) == [
        "THE WHEEL — Vayu → Agni → Prithvi → Jal → Vayu. The arrow means \"feeds\".",
        "PURE (same) — fires at double.",
        "FEED (arrow points at your card) — fires, and the incoming element's verb hits the whole board.",
        "SMOTHER (arrow points away) — fires at half and your card is converted to the incoming element.",
        "CLASH (opposite sides) — fires, card destroyed, take 3, gain 2 energy.",
        "AGNI verb — Escalate: Burn 3 and +1 to every future confluence, forever.",
        "JAL verb — Redirect: swap all debuffs between you and the enemy.",
        "VAYU verb — Displace: every card rotates one slot right.",
        "PRITHVI verb — Hold: next turn nothing converts, rotates or dies; Block persists.",
        "AKASHA — Void: fires plain, then no more confluences this turn.",
    ]
