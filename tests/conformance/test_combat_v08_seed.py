"""V08 Fuse Line: every rule-bearing sentence of the build spec, checked from the seed text."""

from __future__ import annotations

import pytest

import triptych
import triptych.combat as combat
from combat_helpers import enemy, enemy_hp, fight, hand, notations, patched, player, roll, slots

SEED = "combat-variants.txt"
SECTION = "V08"
V = "v08"
TOKEN = {"agni": "lash", "jal": "undertow", "vayu": "gale", "prithvi": "stone"}


def line(cards, params=None, gated=False, hand_extra=()):
    """A fight with `cards` placed in slots 1.. (None leaves a slot empty); 'shunya' needs gated=True."""
    real = [c for c in cards if c and c != "shunya"] + list(hand_extra)
    s = fight(V, real, params=params)
    if gated:
        data = s.to_dict()
        data["gated"] = True
        data["piles"]["hand"]["Shunya"] = 1
        s = combat.State.from_dict(data)
    for i, card in enumerate(cards, start=1):
        if card:
            s.apply(f"{card}>{i}")
    return s


def settle(s):
    """Lands every pending draw on the first card offered and leaves a Jal link's aim at its default (the
    enemy), until the player is to move in a new turn or the fight is over."""
    while not s.is_terminal():
        if s.to_move == triptych.CHANCE and not s.to_dict()["pending_roll"]:
            s.apply(str(s.chance_outcomes()[0][0]))
        elif s.to_dict()["choice"]:
            s.apply("aim enemy")
        else:
            return


def fire(s, number, element):
    roll(s, number, element)
    s.apply("end")
    settle(s)


def test_the_dice_faces():
    """> Number die, 6 faces: 1, 2, 3, 4, blank, blank — the slot the spark enters.

    > Element die, 6 faces: Agni, Jal, Vayu, Prithvi, blank, blank — the element the spark carries.

    > Spark enters at the slot named by the number die carrying the element named by the element die.
    """
    s = fight(V, [])
    s.apply("roll")
    outcomes = {str(a): p for a, p in s.chance_outcomes()}
    number = {n: sum(p for k, p in outcomes.items() if k.split("/")[0] == n) for n in ("1", "2", "3", "4", "blank")}
    element = {e: sum(p for k, p in outcomes.items() if k.split("/")[1] == e)
               for e in ("agni", "jal", "vayu", "prithvi", "blank")}
    assert number == pytest.approx({"1": 1 / 6, "2": 1 / 6, "3": 1 / 6, "4": 1 / 6, "blank": 2 / 6})
    assert element == pytest.approx({"agni": 1 / 6, "jal": 1 / 6, "vayu": 1 / 6, "prithvi": 1 / 6, "blank": 2 / 6})
    # The spark enters slot 3 carrying Agni: the slot-3 Lash resolves (SAME), the slot-1 Lash does not.
    s = line(["lash", None, "lash"])
    fire(s, 3, "agni")
    assert enemy_hp(s) == 70 - 7 and slots(s) == ["Ember Lash", None, None, None]


def test_a_blank_number_enters_at_slot_four():
    """Ruling: V08-R11

    > Blank = the spark enters at slot 4 (the shortest possible chain — never nothing).
    """
    s = line(["lash", "lash", "lash", "lash"], params={"ember_lash_count": 4})
    fire(s, "blank", "agni")
    assert enemy_hp(s) == 70 - 7 and slots(s) == ["Ember Lash", "Ember Lash", "Ember Lash", None]
    s = line(["lash", "lash", "lash", None])          # slot 4 empty: the spark enters there and finds nothing
    fire(s, "blank", "agni")
    assert enemy_hp(s) == 70 and slots(s)[:3] == ["Ember Lash"] * 3


def test_a_wild_spark_feeds_the_first_card_then_takes_its_element():
    """> Blank = a wild spark: it counts as FEEDS against the first card only, then becomes that card's element.
    """
    s = line(["undertow", "gale", "lash"], params={"weak_percent": 100})
    fire(s, 1, "blank")                               # wild feeds Undertow; Jal feeds Vayu; Vayu feeds Agni
    s2 = line(["undertow", "lash"])
    fire(s2, 1, "blank")                              # wild feeds Undertow; then Jal against Agni: OPPOSED
    assert enemy_hp(s) == 70 - 5 - 4 - 7
    assert enemy_hp(s2) == 70 - 5 and slots(s2) == [None, "Ember Lash", None, None]


def test_slots_are_a_line_placed_and_rearranged_freely_until_the_first_roll():
    """> 4 slots in a row, 1–4, left to right, 1 card each.

    > A slot is a link in a fuse.

    > Occupying one means the card is part of the line and can be walked through.

    > Before the first roll of a turn you may place into empty slots and rearrange placed cards freely, for free.

    > Place into empty slots and rearrange placed cards freely (free).

    > Rearranging before the first roll is free.

    > First roll (free).

    > Placement and arrangement lock.

    > The first roll of the turn is free — you always get one spark.
    """
    s = fight(V, ["lash", "stone", "gale"])
    assert {"lash>1", "lash>4", "stone>2", "gale>3"} <= set(notations(s))
    assert "end" not in notations(s)                  # you always get one spark
    s.apply("lash>1")
    assert "stone>1" not in notations(s)              # one card a slot
    s.apply("stone>4")
    s.apply("move 1 3")
    s.apply("move 3 4")                               # onto an occupied slot: the two swap
    assert slots(s) == [None, None, "Stoneskin", "Ember Lash"] and s.energy == 1
    roll(s, 3, "prithvi")                             # free
    assert s.energy == 1
    assert not any(n.startswith(("move", "gale>", "pull")) for n in notations(s))
    with pytest.raises(triptych.IllegalActionError):
        s.apply("gale>1")


WHEEL = {  # (spark, card) -> relation, read off "Vayu → Agni → Prithvi → Jal → Vayu"
    ("vayu", "vayu"): "same", ("vayu", "agni"): "feeds", ("vayu", "prithvi"): "opposed", ("vayu", "jal"): "smothered",
    ("agni", "agni"): "same", ("agni", "prithvi"): "feeds", ("agni", "jal"): "opposed", ("agni", "vayu"): "smothered",
    ("prithvi", "prithvi"): "same", ("prithvi", "jal"): "feeds", ("prithvi", "vayu"): "opposed",
    ("prithvi", "agni"): "smothered",
    ("jal", "jal"): "same", ("jal", "vayu"): "feeds", ("jal", "agni"): "opposed", ("jal", "prithvi"): "smothered",
}
DAMAGE = {"lash": 7, "undertow": 5, "gale": 4, "stone": 0}
BLOCK = {"lash": 0, "undertow": 0, "gale": 0, "stone": 6}


@pytest.mark.parametrize("spark, card", sorted(WHEEL))
def test_the_wheel_and_its_three_relations(spark, card):
    """Each spark against each card, on a line of two like cards (the second resolves only if the chain goes on).

    > Vayu → Agni → Prithvi → Jal → Vayu, arrows read as FEEDS.

    > Across the wheel: Agni↔︎Jal, Vayu↔︎Prithvi.

    > FEEDS (arrow points from spark to card) or SAME → the card resolves at full effect, the spark becomes that card's element, and the walk advances one slot to the right.

    > SMOTHERED (arrow points backwards) → the card resolves at half (round down) and the chain stops.

    > OPPOSED (across the wheel) → the card resolves as pure defence: its damage is converted into Block equal to half its damage (round down); block cards give full Block.

    > The card stays in its slot (clogs) and the chain stops.

    > THE WHEEL — Vayu → Agni → Prithvi → Jal → Vayu.

    > The arrow means "feeds".

    > FEEDS or SAME — the card resolves fully and the chain continues carrying that card's element.

    > SMOTHERED (arrow backwards) — the card resolves at half and the chain stops.

    > OPPOSED (across the wheel) — the card resolves as Block only, stays put, and the chain stops.
    """
    token = TOKEN[card]
    s = line([token, token], params={"strike_damage": 20, "weak_percent": 100, "gale_draw": 0})
    fire(s, 1, spark)
    relation = WHEEL[(spark, card)]
    d, b = DAMAGE[token], BLOCK[token]
    prithvi = card == "prithvi"
    if relation in ("feeds", "same"):
        second = d * 3 // 2 if card == "agni" else d   # an Agni link escalates the next one
        dealt, defence = d + second, 2 * b
        left = [token, token] if prithvi else [None, None]
    elif relation == "smothered":
        dealt, defence = d // 2, b // 2
        left = [token, token] if prithvi else [None, token]
    else:
        dealt, defence = 0, b if b else d // 2
        left = [token, token]
    assert enemy_hp(s) == 70 - dealt
    assert player(s)["hp"] == 50 - (20 - defence)
    names = {"lash": "Ember Lash", "undertow": "Undertow", "gale": "Gale", "stone": "Stoneskin"}
    assert slots(s)[:2] == [names[t] if t else None for t in left]


def test_the_walk_goes_right_from_the_entry_and_stops_at_slot_four_or_a_gap():
    """> Loop: evaluate the relation against the card in the current slot, apply the result, and if it was FEEDS/SAME advance one slot right and repeat.

    > The walk also stops at slot 4 or at an empty slot.

    > The chain resolves, walking left to right from the entry slot.
    """
    s = line(["lash", "lash", "lash", "lash"], params={"ember_lash_count": 4})
    fire(s, 3, "agni")                                # 3 then 4, and no wrap to slot 1
    assert enemy_hp(s) == 70 - 7 - 10 and slots(s) == ["Ember Lash", "Ember Lash", None, None]
    s = line(["lash", "lash", None, "lash"])
    fire(s, 1, "agni")                                # 1, 2, then the gap at 3 stops it
    assert enemy_hp(s) == 70 - 7 - 10 and slots(s) == [None, None, None, "Ember Lash"]


def test_agni_escalation_is_cumulative_and_comes_after_the_relation():
    """> Every Agni card the chain passes through raises the chain's multiplier by +1 step (+50% of base) for every card after it, cumulative.

    > AGNI link — Escalate: +50% to every card after it in the chain.

    > Apply each link's relation, the Agni escalation multiplier, then the damage pipeline.
    """
    s = line(["lash", "lash", "lash"])
    fire(s, 1, "agni")
    assert enemy_hp(s) == 70 - 7 - 10 - 14            # +50 %, then +100 %
    # Relation first, then the multiplier: wild -> Lash (x1.5 after) -> Stoneskin 9 -> Lash SMOTHERED:
    # 7 // 2 = 3, x 1.5 = 4 (the other order would give 10 // 2 = 5).
    s = line(["lash", "stone", "lash"], params={"strike_damage": 0})
    fire(s, 1, "blank")
    assert enemy_hp(s) == 70 - 7 - 4 and player(s)["standing_block"] == 9
    # Then the pipeline: a Weak player's escalated Lash 10 deals 10 x 0.75 = 7.
    s = line(["lash", "lash"])
    s = patched(s, player={**player(s), "weak": 2})
    fire(s, 1, "agni")
    assert enemy_hp(s) == 70 - 7 * 3 // 4 - 10 * 3 // 4


def test_a_jal_link_re_aims_what_follows_and_self_damage_heals_half():
    """> A Jal card re-aims every effect after it in the chain: you choose, at resolution, either the enemy (default) or yourself, where damage becomes healing at half value.

    > JAL link — Redirect: choose a new target for everything after it.
    """
    s = line(["undertow", "gale", "lash"], params={"strike_damage": 0})
    s = patched(s, player={**player(s), "hp": 30})
    roll(s, 1, "jal")
    s.apply("end")
    assert sorted(notations(s)) == ["aim enemy", "aim player"]
    s.apply("aim player")
    settle(s)
    # Undertow 5 to the enemy; Gale 4 -> heals 2, Lash 7 -> heals 3; the Sentinel takes nothing more.
    assert enemy_hp(s) == 70 - 5 and player(s)["hp"] == 30 + 2 + 3
    s = line(["undertow", "gale"])
    roll(s, 1, "jal")
    s.apply("end")
    s.apply("aim enemy")                              # the default
    settle(s)
    assert enemy_hp(s) == 70 - 5 - 4


def test_a_prithvi_link_holds_and_its_block_never_decays():
    """> A Prithvi card does not leave its slot when it resolves; it stays as a permanent link and any Block it grants does not decay at end of turn.

    > PRITHVI link — Hold: never leaves the line; its Block never decays.

    > Block decays (except Prithvi Block).

    > Resolved cards go to discard, except Prithvi links (stay) and OPPOSED cards (stay).
    """
    s = line(["undertow", "stone", "lash"], params={"strike_damage": 0, "guard_block": 0})
    fire(s, 1, "jal")                                 # Undertow SAME; Jal against Prithvi: Stoneskin SMOTHERED
    assert slots(s) == [None, "Stoneskin", "Ember Lash", None]   # Prithvi stays, Undertow to discard
    assert player(s)["standing_block"] == 3
    s = line(["lash", "stone", "gale"], params={"strike_damage": 0})
    fire(s, 1, "agni")                                # Lash, Stoneskin 9 standing, Gale: Prithvi vs Vayu OPPOSED
    assert slots(s) == [None, "Stoneskin", "Gale", None]
    assert player(s)["standing_block"] == 9 and player(s)["block"] == 0    # Gale's 2 x 1.5 = 3 Block decayed
    assert s.to_dict()["piles"]["discard"] == {"Ember Lash": 1}
    roll(s, 4, "blank")
    s.apply("end")
    settle(s)
    assert player(s)["standing_block"] == 9           # still there a turn later


def test_a_vayu_link_shunts_the_next_card_and_the_walk_skips_the_gap():
    """> A Vayu card, on resolving, shunts the card to its right one place further right (if that further slot is empty), then the chain continues from the vacated slot — which is now empty, so the chain would stop; instead, under Vayu, the chain skips the vacated slot and continues at the shunted card.

    > This is how you jump a dead link.

    > VAYU link — Displace: shunts the next card one slot further right and skips the gap.
    """
    s = line(["gale", "lash", None, "stone"], params={"gale_draw": 0, "strike_damage": 0})
    fire(s, 1, "vayu")                                # Gale; Lash shunted to 3 and fired; Stoneskin at 4 reached
    assert enemy_hp(s) == 70 - 4 - 7
    assert slots(s) == [None, None, None, "Stoneskin"] and player(s)["standing_block"] == 9
    s = line(["gale", "lash", "stone", None], params={"gale_draw": 0, "strike_damage": 0})
    fire(s, 1, "vayu")                                # slot 3 taken: no shunt, the walk goes on as usual
    assert enemy_hp(s) == 70 - 4 - 7 and slots(s) == [None, None, "Stoneskin", None]
    s = line(["undertow", "lash", None, "stone"], params={"strike_damage": 0})
    fire(s, 1, "blank")                               # no Vayu: the Lash (OPPOSED to Jal) clogs, 4 is never reached
    assert slots(s) == [None, "Ember Lash", None, "Stoneskin"]


def test_shunya_is_a_null_link_and_a_splice():
    """Ruling: V08-R12

    > Gate: first time enemy HP ≤ 50%, one Akasha card "Shunya" enters hand (deal 6).

    > It is a null link: the spark passes through unchanged (it neither feeds nor smothers), the card resolves at full effect, and the chain continues carrying the previous element.

    > It is the splice for joining two elements that hate each other.

    > AKASHA link — Void: the spark passes through unchanged and the chain keeps its old element.
    """
    s = line(["lash"], params={"strike_damage": 0})
    s = patched(s, enemy={**enemy(s), "hp": 42})
    fire(s, 1, "agni")                                # 42 -> 35 = 50 %
    assert hand(s).get("Shunya") == 1
    s = line(["lash", "shunya", "stone"], gated=True, params={"strike_damage": 0})
    fire(s, 1, "agni")                                # Lash 7, Shunya 6 x 1.5 = 9, Stoneskin fed by Agni 9
    assert enemy_hp(s) == 70 - 7 - 9 and player(s)["standing_block"] == 9
    s = line(["lash", "shunya", "undertow"], gated=True, params={"strike_damage": 0})
    fire(s, 1, "agni")                                # the spark is still Agni: the Undertow is OPPOSED
    assert enemy_hp(s) == 70 - 7 - 9 and slots(s)[2] == "Undertow"


def test_income_is_one_plus_last_chain_capped_and_not_carried():
    """> Income at turn start = 1 base + 1 per card that resolved in last turn's chain (cap 6).

    > Chains pay for themselves.

    > No carry-over.

    > Energy = 1 + last turn's chain length (cap 6).
    """
    s = line(["lash", "lash", "stone"], hand_extra=["gale"])
    assert s.energy == 1
    fire(s, 1, "agni")                                # Lash, Lash, Stoneskin: 3 resolved
    assert s.energy == 1 + 3                          # the unspent 1 is not carried
    roll(s, 4, "blank")                               # slot 4 empty: no chain
    s.apply("end")
    settle(s)
    assert s.energy == 1
    s = line(["lash", "lash", "stone"], params={"base_income": 5})
    fire(s, 1, "agni")
    assert s.energy == 6                              # 5 + 3, capped at 6


def test_sinks_reroll_pull_and_paid_draw():
    """> Sinks: each reroll 2; pull a clogged card off the line back to hand 1; paid draw 1 → 2 cards.

    > Every reroll is a flat 2.

    > Optional paid draws.
    """
    s = line(["lash", "undertow"], params={"strike_damage": 0, "base_income": 5})
    fire(s, 1, "agni")                                # Undertow OPPOSED: it clogs
    assert slots(s)[1] == "Undertow" and s.energy == 6   # 5 + 2 resolved, capped at 6
    s.apply("pull 2")
    assert s.energy == 5 and slots(s)[1] is None and hand(s).get("Undertow") == 1
    s.apply("buy")
    assert s.energy == 4
    settle(s)
    roll(s, 1, "blank")                               # free
    roll(s, 2, "blank")                               # 2
    roll(s, 3, "blank")                               # 2
    assert s.energy == 0 and "roll" not in notations(s)


def test_a_prithvi_link_never_leaves_the_line_and_only_a_clog_is_pulled():
    """A resolved Prithvi card is a permanent link: `pull` cannot take it back to hand; an OPPOSED card beside it
    (a clog) can be pulled.

    Ruling: V08-R5

    > A Prithvi card does not leave its slot when it resolves; it stays as a permanent link and any Block it grants does not decay at end of turn.

    > PRITHVI link — Hold: never leaves the line; its Block never decays.

    > Sinks: each reroll 2; pull a clogged card off the line back to hand 1; paid draw 1 → 2 cards.
    """
    s = line(["stone", "gale"], params={"strike_damage": 0, "base_income": 5})
    fire(s, 1, "prithvi")                             # Stoneskin SAME (stays); Gale OPPOSED (clogs)
    assert slots(s)[:2] == ["Stoneskin", "Gale"]
    pulls = [n for n in notations(s) if n.startswith("pull")]
    assert pulls == ["pull 2"]                        # the clog, never the Prithvi link
    s.apply("move 1 3")                               # rearranging keeps it on the line
    assert slots(s)[2] == "Stoneskin" and "pull 3" not in notations(s)


def test_rerolls_roll_both_dice_replace_the_pending_walk_and_refund_nothing():
    """> Both dice always reroll together; you cannot keep the number and re-spin the element.

    > Resolution happens once, after the roll phase ends, so a reroll replaces the pending walk rather than undoing a resolved one.

    > A reroll does not undo placements or rearrangements (both lock on the first roll) or refund spent energy.

    > The pending chain is previewed.

    > Optional rerolls at 2 each → the pending chain is recomputed.
    """
    s = line(["lash", "lash", "gale"], params={"reroll_cost": 1})
    s.apply("move 3 4")
    roll(s, 1, "agni")
    assert "Pending chain: 1 2" in str(s) and enemy_hp(s) == 70    # previewed, nothing resolved yet
    s.apply("roll")
    outcomes = [str(a) for a, _ in s.chance_outcomes()]
    assert len(outcomes) == 25 and "1/agni" in outcomes             # both dice again
    s.apply("2/vayu")
    assert "Pending chain: 2" in str(s) and "Pending chain: 1" not in str(s)
    assert s.energy == 0 and slots(s) == ["Ember Lash", "Ember Lash", None, "Gale"]
    s.apply("end")
    settle(s)
    assert enemy_hp(s) == 70 - 7                      # only the final walk: Vayu feeds the slot-2 Lash, slot 3 is empty

def test_turn_order_draw_then_the_enemy_acts():
    """> Draw 1.

    > Enemy acts.
    """
    s = line(["lash"])
    fire(s, 1, "agni")
    assert player(s)["hp"] == 50 - 8 and s.to_dict()["intent"] == 1
    assert sum(hand(s).values()) == 1                 # the turn's draw


def test_win_and_lose():
    """> Enemy HP ≤ 0 → win.

    > Player HP ≤ 0 → lose.
    """
    s = line(["lash"], params={"enemy_hp": 7})
    fire(s, 1, "agni")
    assert s.is_terminal() and s.winner == 0
    s = line(["lash"])
    s = patched(s, player={**player(s), "hp": 8})
    fire(s, 2, "agni")
    assert s.is_terminal() and s.winner == 1


def test_deck_hand_enemy_and_player_numbers():
    """> Starting deck — 10 cards.

    > Hand starts at 5.

    > 3× Ember Lash (Agni) — deal 7.

    > 2× Undertow (Jal) — deal 5, apply Weak 1.

    > 2× Gale (Vayu) — deal 4, draw 1.

    > 3× Stoneskin (Prithvi) — gain 6 Block.

    > Enemy — Betaal Sentinel.

    > HP 70.

    > Cycle: Strike 8 → Strike 8 → Cleave 13 → Guard (10 Block) + Jab 4.

    > Average 8.25/turn.

    > Player HP 50.
    """
    p = next(v for v in combat.VARIANTS if v["id"] == V)["params"]
    assert (p["ember_lash_count"], p["undertow_count"], p["gale_count"], p["stoneskin_count"]) == (3, 2, 2, 3)
    assert p["hand_size"] == 5
    assert (p["ember_lash_damage"], p["undertow_damage"], p["gale_damage"], p["stoneskin_block"]) == (7, 5, 4, 6)
    assert (p["strike_damage"], p["cleave_damage"], p["guard_block"], p["jab_damage"]) == (8, 13, 10, 4)
    assert (2 * p["strike_damage"] + p["cleave_damage"] + p["jab_damage"]) / 4 == 8.25
    s = combat.new_game(V, seed=1)
    assert sum(s.to_dict()["piles"]["draw"].values()) == 10
    s.play_chance()
    assert sum(hand(s).values()) == 5 and enemy(s)["hp"] == 70 and player(s)["hp"] == 50
    s = line(["undertow", "gale"])
    fire(s, 1, "jal")                                 # Undertow 5 + Weak, Gale 4 + a draw
    assert enemy_hp(s) == 70 - 9 and player(s)["hp"] == 50 - 8 * 3 // 4
    assert sum(hand(s).values()) == 2                 # Gale's card and the turn's
    s = line(["stone"])
    s = patched(s, intent=2)
    fire(s, 1, "prithvi")
    assert player(s)["hp"] == 50 - (13 - 6)
    for intent, hp in ((0, 50 - 8), (3, 50 - 4)):
        s = line([])
        s = patched(s, intent=intent)
        fire(s, 1, "blank")
        assert player(s)["hp"] == hp
    assert enemy(s)["block"] == 10


def test_a_four_link_chain_with_two_agni_links_can_exceed_30():
    """The seed's own claim, reproduced: wild -> Gale 4 -> Lash 7 -> Lash 10 -> Shunya 12 = 33.

    > Chains are spiky: a 4-link chain with two Agni links can exceed 30.
    """
    s = line(["gale", "lash", "lash", "shunya"], gated=True, params={"gale_draw": 0})
    fire(s, 1, "blank")
    assert 70 - enemy_hp(s) == 4 + 7 + 10 + 12 > 30


def test_the_legend_is_the_seeds_ui_text():
    """> AGNI link — Escalate: +50% to every card after it in the chain.
    """
    legend = next(v for v in combat.VARIANTS if v["id"] == V)["legend"].splitlines()
    assert legend == [
        "THE WHEEL — Vayu → Agni → Prithvi → Jal → Vayu. The arrow means \"feeds\".",
        "FEEDS or SAME — the card resolves fully and the chain continues carrying that card's element.",
        "SMOTHERED (arrow backwards) — the card resolves at half and the chain stops.",
        "OPPOSED (across the wheel) — the card resolves as Block only, stays put, and the chain stops.",
        "AGNI link — Escalate: +50% to every card after it in the chain.",
        "JAL link — Redirect: choose a new target for everything after it.",
        "PRITHVI link — Hold: never leaves the line; its Block never decays.",
        "VAYU link — Displace: shunts the next card one slot further right and skips the gap.",
        "AKASHA link — Void: the spark passes through unchanged and the chain keeps its old element.",
    ]


def test_a_vayu_link_shunts_only_the_card_beside_it():
    """With the slot to its right empty there is no card to shunt: the walk stops at that empty slot.

    Ruling: V08-R13

    > A Vayu card, on resolving, shunts the card to its right one place further right (if that further slot is empty), then the chain continues from the vacated slot — which is now empty, so the chain would stop; instead, under Vayu, the chain skips the vacated slot and continues at the shunted card.
    """
    s = line(["gale", None, "lash", None], params={"gale_draw": 0})
    fire(s, 1, "vayu")
    assert enemy_hp(s) == 70 - 4 and slots(s) == [None, None, "Ember Lash", None]
