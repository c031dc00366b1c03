"""Fights whose parameters sit at their limits stay positions a save can hold (ruling F-R16).

Every parameter may be 0..999, and `from_dict` holds a saved fight to fixed ranges: statuses 0..99,
Block, standing Block, the turn's Block gained and energy 0..999. With parameters far from the defaults
play used to leave those ranges (an Undertow of 999 Weak stacks; an income of 999 plus a charge) and the
position could not be read back; a gate at 100% or more of the Sentinel's HP was closed at the start
though HP was already at it; V07 with `rolls_per_turn_cap` 0 still allows the turn's first roll, which
its own check then refused. Found by random play over such parameters (the kind of edit the dict_combat
fuzz target makes to a save's `params`).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import triptych
import triptych.combat as combat

VARIANTS = [v["id"] for v in combat.VARIANTS]
EXTREMES = [0, 1, 2, 50, 99, 100, 127, 500, 999]
DECK = ("ember_lash_count", "undertow_count", "gale_count", "stoneskin_count")


def extreme_params(variant: dict, rng: random.Random) -> dict[str, int]:
    """Half the parameters at a limit-ish value, as a fight new_game accepts."""
    defaults = variant["params"]
    while True:
        params = {name: rng.choice(EXTREMES) for name in defaults if rng.random() < 0.5}
        params["player_hp"] = max(1, params.get("player_hp", defaults["player_hp"]))
        params["enemy_hp"] = max(1, params.get("enemy_hp", defaults["enemy_hp"]))
        params["turn_cap"] = max(1, params.get("turn_cap", defaults["turn_cap"]))
        if sum(params.get(k, defaults[k]) for k in DECK) <= 60:
            return params


def play_and_reload(s: combat.State, rng: random.Random, actions: int, seen: Counter) -> None:
    for _ in range(actions):
        data = s.to_dict()
        again = combat.State.from_dict(data)          # what play reaches, a save holds
        assert again.to_dict() == data and again.hash == s.hash
        for side in ("player", "enemy"):
            for field in ("weak", "vulnerable", "burn", "block", "standing_block"):
                seen[f"{side}.{field}"] = max(seen[f"{side}.{field}"], data[side][field])
        seen["energy"] = max(seen["energy"], data["energy"])
        seen["block_gained"] = max(seen["block_gained"], data["block_gained"])
        if s.is_terminal():
            return
        if s.to_move == triptych.CHANCE:
            s.play_chance()
        else:
            s.apply(rng.choice(s.legal_actions()))


def test_fights_at_the_parameters_limits_stay_savable_and_reach_the_caps():
    seen: Counter = Counter()
    for variant in combat.VARIANTS:
        rng = random.Random(f"limits-{variant['id']}")
        for trial in range(12):
            s = combat.new_game(variant["id"], seed=trial, params=extreme_params(variant, rng))
            play_and_reload(s, rng, 250, seen)
    # The caps are reached, not just respected: the guard is what keeps these positions savable.
    assert seen["enemy.weak"] == 99
    assert seen["energy"] == 999
    assert max(seen["player.block"], seen["player.standing_block"], seen["block_gained"]) == 999
    assert all(seen[f"{side}.{f}"] <= 99 for side in ("player", "enemy") for f in ("weak", "vulnerable", "burn"))


@pytest.mark.parametrize("variant", VARIANTS)
def test_an_undertow_of_999_weak_stacks_leaves_the_sentinel_at_99(variant):
    s = combat.new_game(variant, seed=1, params={"undertow_weak": 999, "weak_turns": 999})
    rng = random.Random(variant)
    seen: Counter = Counter()
    play_and_reload(s, rng, 400, seen)
    # 99, or 98 where the Sentinel's own turn end ticked it before play next stopped; 0: no Undertow landed
    assert seen["enemy.weak"] in (0, 98, 99)


@pytest.mark.parametrize("percent,open_at_start", [(99, False), (100, True), (500, True)])
@pytest.mark.parametrize("variant", VARIANTS)
def test_a_gate_at_or_above_the_sentinels_hp_is_open_from_the_start(variant, percent, open_at_start):
    """«In every variant the gate is: the first time the enemy's HP drops to 50% or below, one Akasha card is added
    to the player's hand.» With the 50% as `akasha_gate_percent` at 100% or more, HP is at the gate from the start."""
    s = combat.new_game(variant, seed=2, params={"akasha_gate_percent": percent})
    data = s.to_dict()
    assert bool(data["gated"]) is open_at_start
    assert combat.State.from_dict(data).to_dict() == data


def test_v07_without_a_roll_guard_still_rolls_once_and_saves():
    """V07-R13's guard counts the first roll; at 0 the mandatory first roll is still allowed, and kept."""
    s = combat.new_game("v07", seed=3, params={"rolls_per_turn_cap": 0})
    while s.to_move == triptych.CHANCE:
        s.play_chance()
    assert "roll" in [str(a) for a in s.legal_actions()]
    s.apply("roll")
    while s.to_move == triptych.CHANCE:
        s.play_chance()
    data = s.to_dict()
    assert data["rolls"] == 1 and "roll" not in [str(a) for a in s.legal_actions()]
    assert combat.State.from_dict(data).to_dict() == data


def test_the_null_well_over_full_wells_lists_every_amount_and_plays():
    """V03-R9's one conversion «moves any amount»: with every well at its limit of 99 (F-R16) and a rate of 1,
    every amount from Jal and Vayu into each other well is listed (3 x 99 each, beyond the old 160-action
    list) and has a compact id. A save with a well past 99 (where the list once overran) is refused."""
    s = combat.new_game("v03", seed=4, params={"jal_cap": 99, "null_rate": 1, "akasha_gate_percent": 100})
    while s.to_move == triptych.CHANCE:
        s.play_chance()
    s.apply("shunya")                                  # the gate was open from the start: Shunya is in hand
    while s.to_move == triptych.CHANCE:
        s.play_chance()
    data = s.to_dict()
    data["counters"].update(agni=99, jal=99, vayu=99, prithvi=99)
    full = combat.State.from_dict(data)
    converts = [str(a) for a in full.legal_actions() if str(a).startswith("convert")]
    assert len(converts) == 3 + 2 * 3 * 99            # Agni all or nothing; Jal and Vayu any amount
    assert {"convert jal agni 1", "convert vayu prithvi 99", "convert agni jal 99"} <= set(converts)
    assert len(full.legal_compact_ids()) == len(full.legal_actions())
    full.apply("convert vayu jal 99")                  # Jal and Prithvi are full: the charge is lost
    assert full.to_dict()["counters"] == {**data["counters"], "vayu": 0, "null_well": 2}
    data["counters"]["vayu"] = 100
    with pytest.raises(triptych.InvalidStateError, match=r"^counters\.vayu: must be 0\.\.99"):
        combat.State.from_dict(data)
