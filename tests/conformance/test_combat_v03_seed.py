"""V03 Twin Wells, sentence by sentence from the seed (combat-variants.txt, section V03).

Each test quotes the seed text it checks and was written from the seed. Dice and draws are set through
chance outcomes (tests/combat_helpers.py).
"""

from __future__ import annotations

import pytest

import triptych
import triptych.combat as combat
from combat_helpers import draw, enemy, enemy_hp, fight, hand, notations, player, roll, slots

SEED = "combat-variants.txt"
SECTION = "V03"
V = "v03"
INFO = next(v for v in combat.VARIANTS if v["id"] == V)


def wells(s):
    c = s.to_dict()["counters"]
    return [c["agni"], c["jal"], c["vayu"], c["prithvi"]]


def edit(s, fn=None, **counters):
    data = s.to_dict()
    data["counters"].update(counters)
    if fn:
        fn(data)
    return combat.State.from_dict(data)


def test_name_bucket_and_teaching_sentence():
    """Twin Wells is a track variant.

    > V03 — Twin Wells (track)

    > Teaching sentence: "Rolling an element fills that element's well, and wells pay for everything you do — but no two wells work the same way."
    """
    assert (INFO["name"], INFO["bucket"]) == ("Twin Wells", "track")
    assert INFO["teaching"] == ("Rolling an element fills that element's well, and wells pay for everything you do "
                                "— but no two wells work the same way.")


def test_all_four_wells_are_on_the_board():
    """The prototype has all four wells at once (not the run's pair).

    > This prototype puts all four wells on the board at once so all four verbs are observable in a single fight (C7.3).
    """
    s = fight(V, ["lash"])
    assert wells(s) == [0, 0, 0, 0]
    assert "Wells: agni 0, jal 0/4, vayu 0, prithvi 0" in str(s)


def test_the_two_dice():
    """The slate's two dice.

    > Dice.

    > Number die, 6 faces: 1, 2, 3, 4, blank, blank.

    > Element die, 6 faces: Agni, Jal, Vayu, Prithvi, blank, blank.
    """
    s = fight(V, ["lash"])
    s.apply("roll")
    probs = {str(a): p for a, p in s.chance_outcomes()}
    assert len(probs) == 25
    assert probs["1/agni"] == pytest.approx(1 / 36) and probs["blank/blank"] == pytest.approx(4 / 36)


def test_four_slots_free_placement_no_overwrite():
    """Four slots, one card each, free; an occupied slot cannot be overwritten.

    > Slots. 4 numbered slots, 1–4, 1 card each, placement free, no overwriting. A slot is a board position; occupying one means the card can be matched and primed.

    > Place cards into empty slots (free).
    """
    s = fight(V, ["lash", "stone"])
    assert len(s.to_dict()["slots"]) == 4
    before = wells(s)
    s.apply("lash>3")
    assert wells(s) == before and s.energy == 0
    with pytest.raises(triptych.IllegalActionError, match="occupied"):
        s.apply("stone>3")


def test_both_match_locks_and_fires_at_turn_end():
    """Element and number both match: the card is locked and fires at turn end.

    > Match rules.

    > Both-match (element die = card's element AND number die = slot index) → the card is locked; it fires at turn end.
    """
    s = fight(V, ["lash"])
    s.apply("lash>1")
    roll(s, 1, "agni")
    assert enemy_hp(s) == 60                       # not yet
    s.apply("end")
    assert enemy_hp(s) == 60 - 7 and s.to_dict()["piles"]["discard"] == {"Ember Lash": 1}


def test_every_roll_pours_into_the_rolled_well():
    """Element-only matches only pour: +2 to the rolled element's well, every roll; blank pours 1 everywhere.

    > Element-only match → that element's well gains its charge (see income; this happens on every roll regardless).

    > Blank element die → +1 charge to all four wells.
    """
    s = fight(V, ["lash"])
    s.apply("lash>1")
    roll(s, 3, "agni")                             # element matches the card, number does not
    assert wells(s) == [2, 0, 0, 0]
    s = edit(s, vayu=2)
    roll(s, 4, "blank", action="reroll vayu")
    assert wells(s) == [3, 1, 2, 1]                # Vayu paid 1, then every well +1
    s.apply("end")
    assert enemy_hp(s) == 60


def test_number_only_match_primes_and_fires_free_next_turn_at_three():
    """A number-only match primes the card; next turn it fires free if its well is 3+, else the prime is dropped.

    > Number-only match (slot index matches, element does not) → the card is PRIMED. A primed card fires free at the start of next turn if its element's well is at 3+. If the well is below 3 at that moment, the prime is discarded and the card stays on the board.

    > Primes carry across exactly one turn.
    """
    s = fight(V, ["lash"])
    s.apply("lash>2")
    roll(s, 2, "jal")
    s = edit(s, agni=3)
    s.apply("end")
    assert enemy_hp(s) == 60 - 7 and slots(s)[1] is None and wells(s)[0] == 4
    s = fight(V, ["lash"])
    s.apply("lash>2")
    roll(s, 2, "jal")
    s = edit(s, agni=2)
    s.apply("end")
    draw(s, "stone")
    assert enemy_hp(s) == 60 and slots(s)[1] == "Ember Lash" and s.to_dict()["slots"][1]["primed"] == 0


def test_locks_and_primes_are_rederived_on_every_roll():
    """Locks do not latch: a reroll re-derives locks and primes (a lock can become a prime, a prime can lapse).

    > Locks are non-latching within a turn (re-derived on every roll).

    > A reroll re-derives all locks and primes from the new dice.
    """
    s = fight(V, ["lash"])
    s.apply("lash>1")
    roll(s, 1, "agni")                             # locked
    s = edit(s, jal=2)
    roll(s, 2, "jal", action="reroll jal")         # no longer
    s.apply("end")
    draw(s, "stone")
    assert enemy_hp(s) == 60 and s.to_dict()["slots"][0]["primed"] == 0
    # A lock turned into a prime by the reroll: it fires at the next turn start only if the Agni well is
    # at 3+ (a lock would fire at turn end whatever the well).
    for agni, fired in ((3, True), (2, False)):
        s = fight(V, ["lash"])
        s.apply("lash>1")
        roll(s, 1, "agni")                         # locked
        s = edit(s, jal=2, agni=agni)
        roll(s, 1, "jal", action="reroll jal")     # same slot, other element: now primed, not locked
        s.apply("end")
        assert enemy_hp(s) == (60 - 7 if fired else 60), agni
        assert slots(s)[0] == (None if fired else "Ember Lash")
        assert wells(s)[0] == (agni + 1 if fired else agni)   # +1 for the Agni card that fired
    # A prime undone by the reroll: the card never fires, whatever the well.
    s = fight(V, ["lash"])
    s.apply("lash>1")
    roll(s, 1, "jal")                              # primed
    s = edit(s, jal=4, agni=5)
    roll(s, 3, "jal", action="reroll jal")         # slot 1 no longer named: no prime
    s.apply("end")
    draw(s, "stone")
    assert enemy_hp(s) == 60 and slots(s)[0] == "Ember Lash" and wells(s)[0] == 5


def test_blank_number_no_lock_no_prime():
    """A blank number locks and primes nothing.

    > Blank number die → no lock, no prime.
    """
    s = fight(V, ["lash"])
    s.apply("lash>1")
    roll(s, "blank", "agni")
    s = edit(s, agni=5)
    s.apply("end")
    draw(s, "stone")
    assert enemy_hp(s) == 60 and s.to_dict()["slots"][0]["primed"] == 0


def test_agni_detonator_no_cap_never_decays_all_or_nothing():
    """Agni keeps everything; any spend empties it for 2 damage per charge.

    > Wells (the element behaviours — four different physical laws).

    > Agni — DETONATOR. No cap, never decays. Cannot be spent in part: any Agni spend empties the well entirely and deals 2 × charge spent damage to the enemy.

    > AGNI WELL — Detonator: never decays, no cap. Spending empties it for 2 damage per charge.
    """
    s = fight(V, ["lash"])
    roll(s, 4, "agni")
    s = edit(s, agni=20)
    s.apply("end")
    draw(s, "stone")
    assert wells(s)[0] == 20                       # kept across the turn
    roll(s, 4, "agni")
    assert wells(s)[0] == 22                       # no cap
    s.apply("reroll agni")                         # a reroll costs 2, yet the whole well goes
    assert wells(s)[0] == 0 and enemy_hp(s) == 60 - 44


def test_jal_spillway_caps_at_four_spills_and_spends_granularly():
    """Jal caps at 4 and spills into Prithvi; 1 slides a card, 2 blunts the next attack by 5.

    > Jal — SPILLWAY. Hard cap 4; overflow is not lost, it spills into the Prithvi well. Granular spends: 1 = slide one card from its slot to any empty slot; 2 = reduce the enemy's next attack by 5.

    > JAL WELL — Spillway: caps at 4 and spills into Prithvi. 1 = move a card. 2 = blunt the next attack by 5.
    """
    s = fight(V, ["lash"])
    s.apply("lash>1")
    roll(s, 4, "jal")
    s = edit(s, jal=3, vayu=1)
    roll(s, 4, "jal", action="reroll vayu")
    assert wells(s) == [0, 4, 0, 1]
    s.apply("slide 1 3")
    assert slots(s) == [None, None, "Ember Lash", None] and wells(s)[1] == 3
    s.apply("blunt")
    assert wells(s)[1] == 1
    s.apply("end")
    assert player(s)["hp"] == 50 - (7 - 5)


def test_vayu_gust_empties_pays_rerolls_at_one_draws_two_for_one():
    """Vayu empties every turn; a reroll from it costs 1; 1 charge draws 2.

    > Vayu — GUST. Empties to 0 at the end of every turn. In exchange it is the cheapest currency: a reroll paid from Vayu costs 1 instead of 2, and 1 Vayu charge draws 2 cards.

    > The Vayu well empties to 0.

    > VAYU WELL — Gust: empties every turn. Pays rerolls at 1. 1 charge draws 2.
    """
    s = fight(V, ["lash"])
    roll(s, 4, "vayu")
    roll(s, 4, "vayu", action="reroll vayu")
    assert wells(s)[2] == 3
    s.apply("end")
    draw(s, "stone")
    assert wells(s)[2] == 0
    s = edit(s, vayu=1)
    s.apply("buy vayu")
    draw(s, "gale")
    draw(s, "gale")
    assert wells(s)[2] == 0 and hand(s)["Gale"] == 2


def test_prithvi_ladder_never_spends_and_its_rungs():
    """Prithvi never spends or decays; at 3 each placement gives 2 Block; at 9 slot 4 fires on a number-only match.

    > Prithvi — LADDER. Never spends and never decays — it is a threshold ladder, not a currency. At 3: every card placed also grants 2 Block.

    > At 9: slot 4 fires on a number-only match without needing a prime check.

    > Prithvi thresholds re-evaluate.

    > PRITHVI WELL — Ladder: cannot be spent. 3 = +2 Block per placement.

    > 9 = slot 4 self-fires.
    """
    s = fight(V, ["lash", "stone"])
    s = edit(s, prithvi=3)
    s.apply("lash>1")
    assert player(s)["block"] == 2
    s.apply("stone>2")
    assert player(s)["block"] == 4
    roll(s, 4, "jal")
    assert not any(a.startswith(("reroll prithvi", "buy prithvi")) for a in notations(s))
    s.apply("end")
    draw(s, "gale")
    assert wells(s)[3] == 3
    s = fight(V, ["lash"])
    s.apply("lash>4")
    roll(s, 4, "jal")
    s = edit(s, prithvi=9)
    s.apply("end")
    assert enemy_hp(s) == 60 - 7                   # this turn, no prime


def test_shunya_opens_the_null_well_for_one_conversion():
    """Shunya (deal 6) opens the Null Well: one conversion at 2:1, then sealed; it is not placed as a plain card.

    > Akasha — NULL WELL. Gate: first time enemy HP ≤ 50%, one Akasha card "Shunya" enters hand (deal 6). Playing it opens the Null Well for the rest of the combat: it converts charge from any well into any other well at 2:1, once, and then seals permanently.

    > AKASHA — Null Well: converts between wells at 2:1, once, then seals.
    """
    s = fight(V, ["lash"], params={"enemy_hp": 14})
    s.apply("lash>1")
    roll(s, 1, "agni")
    s.apply("end")
    draw(s, "stone")
    assert hand(s).get("Shunya") == 1
    assert not any(a.startswith("shunya>") for a in notations(s))   # not an ordinary card
    with pytest.raises(triptych.IllegalActionError):
        s.apply("shunya>1")
    s = edit(s, jal=4)
    s.apply("shunya")
    assert enemy_hp(s) == 7 - 6 and s.to_dict()["piles"]["exhaust"] == {"Shunya": 1}
    s.apply("convert jal vayu 2")
    assert wells(s)[1:3] == [0, 2]
    assert not any(a.startswith("convert") for a in notations(s))


def test_charge_is_the_only_energy():
    """There is no energy pool: the four wells pay for everything and are shown as four numbers.

    > Energy. Charge is energy; there is no separate pool. Four visible numbers.
    """
    s = fight(V, ["lash"])
    assert s.energy == 0
    roll(s, 4, "agni")
    assert s.energy == 0 and "agni 2" in str(s)


def test_income_and_sinks():
    """+2 per roll (rerolls too), +1 per blank, +1 per firing card of the element; the sinks' prices.

    > Income: +2 to the rolled element's well on every roll, including rerolls; blank element face = +1 to all four wells; +1 to a well for each card of that element that fires. Sinks: reroll 2 charge from any single well (or 1 if paid from Vayu); paid draw 2 charge → 2 cards; voluntarily exhaust a clogged card 1 charge; Jal's and Agni's own spends as listed. Charge can never go negative and can only be spent from a well that holds it.
    """
    s = fight(V, ["lash", "undertow"])
    s.apply("lash>1")
    s.apply("undertow>4")
    roll(s, 1, "agni")
    s.apply("end")
    draw(s, "stone")
    assert wells(s) == [3, 0, 0, 0]                # 2 poured + 1 for the firing Agni card
    s = edit(s, jal=2)
    s.apply("buy jal")
    assert wells(s)[1] == 0
    draw(s, "gale")
    draw(s, "gale")
    s = edit(s, jal=1)
    s.apply("exhaust 4 jal")                       # Undertow clogged since last turn
    assert wells(s)[1] == 0 and s.to_dict()["piles"]["exhaust"] == {"Undertow": 1}
    roll(s, 4, "prithvi")
    assert "reroll jal" not in notations(s) and "reroll vayu" not in notations(s)  # empty wells pay nothing
    s = edit(s, jal=2)
    s.apply("reroll jal")
    assert wells(s)[1] == 0


def test_first_roll_free_rerolls_two_or_one_from_vayu():
    """The first roll costs nothing and is taken; rerolls cost 2 (Vayu 1) and roll both dice.

    > Reroll. The first roll of the turn is free — but it is not a free lunch, because it commits which well gets filled. Every reroll costs 2 flat (1 from Vayu). Rerolls both dice.

    > First roll (free): both dice. Pour charge. Derive locks and primes. Placement locks.

    > Optional rerolls at 2 (1 from Vayu) → pour more charge, re-derive locks and primes.
    """
    s = fight(V, ["lash"])
    assert "end" not in notations(s) and "roll" in notations(s)
    s.apply("roll")
    assert len(s.chance_outcomes()) == 25
    s.apply("4/jal")
    assert wells(s) == [0, 2, 0, 0]
    assert not any(">" in a for a in notations(s))
    s.apply("reroll jal")
    s.apply("4/vayu")
    assert wells(s) == [0, 0, 2, 0]
    s.apply("reroll vayu")
    s.apply("4/vayu")
    assert wells(s) == [0, 0, 3, 0]


def test_reroll_undoes_nothing():
    """Charge poured, placements and spends all stay after a reroll.

    > A reroll does not undo: charge already poured by earlier rolls this turn (it stays), placements (locked once you roll), or spends already made.
    """
    s = fight(V, ["lash", "stone"])
    s.apply("lash>1")
    roll(s, 2, "jal")
    s.apply("blunt")
    s = edit(s, vayu=1)
    roll(s, 3, "prithvi", action="reroll vayu")
    assert wells(s)[3] == 2 and s.to_dict()["counters"]["blunt"] == 5
    assert slots(s)[0] == "Ember Lash" and "stone>2" not in notations(s)


def test_resolution_order_of_one_turn():
    """Primes first, then draw, paid draws, placement, rolls, firing 1->4, primes, Vayu empties, clogs, enemy, Block.

    > Resolution order.

    > Primed cards check their well: well ≥ 3 → the card fires now, free, and goes to discard. Otherwise the prime is cleared and the card stays.

    > Draw 1. Optional paid draws.

    > Turn end: locked cards fire in slot order 1→4 and go to discard. New primes recorded.

    > Unfired cards clog.

    > Enemy acts. Block decays.
    """
    # The prime fires before turn 2's draw.
    s = fight(V, ["lash", "stone"], params={"enemy_hp": 80})
    s.apply("lash>2")
    s.apply("stone>1")
    roll(s, 2, "jal")
    s = edit(s, agni=3)
    s.apply("end")
    assert s.to_dict()["piles"]["discard"] == {"Ember Lash": 1} and s.to_move == triptych.CHANCE
    assert s.to_dict()["slots"][0]["clogged"] == 1 and slots(s)[0] == "Stoneskin"
    assert player(s)["hp"] == 43 and player(s)["block"] == 0
    draw(s, "gale")
    s = edit(s, jal=2)
    s.apply("buy jal")                             # paid draws only before the roll
    draw(s, "lash")
    draw(s, "lash")
    roll(s, 1, "prithvi")
    assert not any(a.startswith("buy") for a in notations(s))
    s.apply("end")
    assert player(s)["hp"] == 43 and player(s)["block"] == 0   # 7 Block took the Strike of 7


def test_win_and_lose_and_a_killing_paid_draw_leaves_nothing_pending():
    """The fight ends when a side reaches 0, even when a paid draw's detonation kills.

    > Win / lose. Enemy HP ≤ 0 → win. Player HP ≤ 0 → lose.
    """
    s = fight(V, ["lash"], params={"enemy_hp": 7})
    s.apply("lash>1")
    roll(s, 1, "agni")
    s.apply("end")
    assert s.is_terminal() and s.winner == 0
    s = fight(V, ["lash"], params={"enemy_hp": 20})
    s = edit(s, agni=10)
    s.apply("buy agni")                            # 2 x 10 = 20: the Sentinel falls before any card is drawn
    assert s.is_terminal() and s.winner == 0
    assert s.to_dict()["pending_draws"] == 0
    assert combat.State.from_dict(s.to_dict()).to_dict() == s.to_dict()
    s = fight(V, [], params={"player_hp": 7})
    roll(s, 4, "jal")
    s.apply("end")
    assert s.is_terminal() and s.winner == 1


def test_starting_deck_and_numbers():
    """Ten cards with V03's numbers; the opening hand is 5.

    > Starting deck — 10 cards. Hand starts at 5.

    > 3× Ember Lash (Agni) — deal 7.

    > 2× Undertow (Jal) — deal 5, apply Weak 1.

    > 2× Gale (Vayu) — deal 5, draw 1.

    > 3× Stoneskin (Prithvi) — gain 7 Block.
    """
    s = combat.new_game(V, seed=1)
    assert s.to_dict()["piles"]["draw"] == {"Ember Lash": 3, "Undertow": 2, "Gale": 2, "Stoneskin": 3}
    assert s.to_dict()["pending_draws"] == 5
    for card, element, dmg in [("lash", "agni", 7), ("undertow", "jal", 5), ("gale", "vayu", 5)]:
        f = fight(V, [card])
        f.apply(f"{card}>1")
        roll(f, 1, element)
        f.apply("end")
        assert enemy_hp(f) == 60 - dmg, card
    assert enemy(f)["weak"] == 0
    f = fight(V, ["undertow"])
    f.apply("undertow>1")
    roll(f, 1, "jal")
    f.apply("end")
    assert enemy(f)["weak"] == 1 and player(f)["hp"] == 50 - 5   # Strike 7 x 0.75


def test_sentinel_hp_cycle_and_player_hp():
    """Sentinel 60 HP: Strike 7, Strike 7, Cleave 12, Guard 8 Block + Jab 4 (7.5 a turn); player 50 HP.

    > Enemy — Betaal Sentinel. HP 60.

    > Cycle: Strike 7 → Strike 7 → Cleave 12 → Guard (8 Block) + Jab 4. Average 7.5/turn.

    > Player HP 50.
    """
    s = fight(V, [])
    assert enemy(s)["hp"] == 60 and player(s)["hp"] == 50
    hps = []
    for card in ["lash", "lash", "stone", "stone"]:
        roll(s, 1, "blank")
        s.apply("end")
        hps.append(player(s)["hp"])
        draw(s, card)
    assert hps == [43, 36, 24, 20] and enemy(s)["block"] == 8
    assert (50 - 20) / 4 == 7.5


def test_element_legend_ui_text():
    """The legend the UI shows is the seed's.

    > Element legend (UI text).

    > AGNI WELL — Detonator: never decays, no cap. Spending empties it for 2 damage per charge.

    > JAL WELL — Spillway: caps at 4 and spills into Prithvi. 1 = move a card. 2 = blunt the next attack by 5.

    > VAYU WELL — Gust: empties every turn. Pays rerolls at 1. 1 charge draws 2.

    > PRITHVI WELL — Ladder: cannot be spent. 3 = +2 Block per placement. 6 = clogs stop costing you. 9 = slot 4 self-fires.

    > AKASHA — Null Well: converts between wells at 2:1, once, then seals.
    """
    seed_lines = [line.strip()[2:] for line in test_element_legend_ui_text.__doc__.splitlines()
                  if line.strip().startswith("> ") and "—" in line]
    assert INFO["legend"].split("\n") == seed_lines
