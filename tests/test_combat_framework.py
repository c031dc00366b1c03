"""The Combat framework shared by every variant: pipeline, contract, dicts, chance nodes."""

from __future__ import annotations

import copy
import json
import os
import random

import numpy as np
import pytest

import triptych
import triptych.combat as combat
from combat_helpers import draw, enemy, enemy_hp, fight, player, roll

IDS = combat.variant_ids()
# Fights per variant in the random-fight audit. .ci/sanitize lowers it under ASan+UBSan, where the
# same C++ loop runs several times slower and the time-boxed soak plays every variant as well.
AUDIT_FIGHTS = int(os.environ.get("TRIPTYCH_AUDIT_FIGHTS", "2000"))
# Variants where the player never rolls: the dice are the Sentinel's declaration (V09).
NO_PLAYER_ROLL = {"v09"}


def lash_hits(strength=0, weak=0, vulnerable=0, enemy_block=0, base=None):
    """Enemy HP lost when an Ember Lash fires (V01, slot 1, blank element) with these statuses."""
    params = {} if base is None else {"ember_lash_damage": base}
    s = fight("v01", ["lash"], params=params)
    s.apply("lash>1")
    roll(s, 1, "blank")
    data = s.to_dict()
    data["player"].update(strength=strength, weak=weak)
    data["enemy"].update(vulnerable=vulnerable, block=enemy_block)
    s = combat.State.from_dict(data)
    s.apply("end")
    return 70 - enemy_hp(s)


def test_pipeline_order_strength_then_weak_floor_then_vulnerable_ceil():
    assert lash_hits() == 8
    assert lash_hits(strength=2) == 10
    assert lash_hits(weak=1) == 6                          # 8 x 0.75
    assert lash_hits(strength=2, weak=1) == 7              # (8 + 2) x 0.75 = 7.5 -> 7: Strength before Weak
    assert lash_hits(vulnerable=1) == 12
    assert lash_hits(strength=2, weak=1, vulnerable=1) == 11  # 7 x 1.5 = 10.5 -> 11 (ceil)
    assert lash_hits(base=7, weak=1, vulnerable=1) == 8    # 7 x .75 = 5.25 -> 5; x 1.5 = 7.5 -> 8


def test_pipeline_clamps_to_zero():
    assert lash_hits(strength=-20) == 0
    assert lash_hits(strength=-20, vulnerable=1) == 0


def test_block_absorbs_first():
    assert lash_hits(enemy_block=5) == 3


def test_dexterity_adds_to_block_gain():
    s = fight("v01", ["stone"])
    s.apply("stone>1")
    roll(s, 1, "blank")
    data = s.to_dict()
    data["player"]["dexterity"] = 2
    s = combat.State.from_dict(data)
    s.apply("end")
    assert player(s)["hp"] == 50          # 9 Block vs Strike 8


def test_standing_block_absorbs_after_block_and_does_not_decay():
    """F-R6."""
    s = fight("v01", [])
    data = s.to_dict()
    data["player"]["standing_block"] = 5
    s = combat.State.from_dict(data)
    roll(s, 1, "blank")
    s.apply("end")
    assert player(s)["hp"] == 47 and player(s)["standing_block"] == 0
    s = fight("v01", [])
    data = s.to_dict()
    data["player"]["standing_block"] = 20
    s = combat.State.from_dict(data)
    roll(s, 1, "blank")
    s.apply("end")
    assert player(s)["hp"] == 50 and player(s)["standing_block"] == 12


def test_deck_cycles_when_draw_pile_is_empty():
    s = fight("v01", [], params={"ember_lash_count": 1, "undertow_count": 0, "gale_count": 0, "stoneskin_count": 1})
    roll(s, 1, "blank")
    s.apply("end")
    draw(s, "lash")
    s.apply("lash>1")
    roll(s, 1, "blank")
    s.apply("end")                          # lash fires to the discard
    draw(s, "stone")                        # last card of the draw pile
    roll(s, 4, "blank")
    s.apply("end")
    assert s.to_dict()["piles"]["draw"] == {"Ember Lash": 1}   # the discard was shuffled in
    assert [str(a) for a, _ in s.chance_outcomes()] == ["+lash"]


def test_nothing_to_draw_skips_the_draw():
    """F-R7."""
    s = fight("v01", ["lash"], params={"ember_lash_count": 1, "undertow_count": 0, "gale_count": 0, "stoneskin_count": 0})
    s.apply("lash>1")
    roll(s, 4, "blank")
    s.apply("end")
    assert s.to_move == 0 and s.turn == 2


def test_opening_hand_is_turn_one_draw():
    """F-R3: turn 1 draws the opening hand of 5 and nothing more."""
    s = combat.new_game("v01", seed=1)
    outcomes = s.play_chance()
    assert len(outcomes) == 5 and all(o.to_dict()["type"] == "draw" for o in outcomes)
    assert s.to_move == 0


@pytest.mark.parametrize("variant", IDS)
def test_variants_table(variant):
    info = next(v for v in combat.VARIANTS if v["id"] == variant)
    assert info["name"] and info["bucket"] in {"verb", "reaction", "track", "wildcard"}
    assert info["teaching"].endswith(".") and len(info["legend"].splitlines()) >= 5
    assert info["params"]["player_hp"] == 50


@pytest.mark.parametrize("variant", IDS)
def test_params_override_and_unknown_names(variant):
    s = combat.new_game(variant, params={"enemy_hp": 80, "player_hp": 40})
    assert s.to_dict()["enemy"]["hp"] == 80 and s.to_dict()["player"]["max_hp"] == 40
    with pytest.raises(ValueError, match="unknown parameter 'enemy_hpp'"):
        combat.new_game(variant, params={"enemy_hpp": 80})


def test_unknown_variant():
    with pytest.raises(ValueError, match="unknown combat variant"):
        combat.new_game("v99")


@pytest.mark.parametrize("variant", IDS)
def test_dice_chance_outcomes(variant):
    if variant in NO_PLAYER_ROLL:
        s = combat.new_game(variant, params={"hand_size": 1})
        s.apply("+lash")                     # V09: the Sentinel's opening declaration is rolled next
    else:
        s = fight(variant, ["lash"])
        s.apply("roll")
    outcomes = s.chance_outcomes()
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-12
    assert s.to_move == triptych.CHANCE
    first = outcomes[0][0].to_dict()
    assert first["type"] == "roll" and set(first) == {"type", "number", "element"}
    probs = {(o.to_dict()["number"], o.to_dict()["element"]): p for o, p in outcomes}
    faces = s.to_dict()["element_faces"]        # V10's element die has no blanks
    assert probs.get(("blank", "blank"), 0) == pytest.approx(2 / 6 * faces.count("blank") / 6)
    assert probs[(1, "agni")] == pytest.approx(1 / 6 * faces.count("agni") / 6)


def test_draw_probabilities_are_counts_over_pile():
    s = combat.new_game("v01")
    probs = {o.to_dict()["card"]: p for o, p in s.chance_outcomes()}
    assert probs == pytest.approx({"Ember Lash": 0.3, "Undertow": 0.2, "Gale": 0.2, "Stoneskin": 0.3})


@pytest.mark.parametrize("rng", [np.random.default_rng(3), random.Random(3), 3, None])
def test_sample_chance_accepts_generators(rng):
    s = combat.new_game("v01", seed=5)
    outcome = s.sample_chance(rng)
    assert outcome in [a for a, _ in s.chance_outcomes()]


def test_seeded_play_chance_repeats():
    a = combat.new_game("v01", seed=11)
    b = combat.new_game("v01", seed=11)
    assert [str(x) for x in a.play_chance()] == [str(x) for x in b.play_chance()]


@pytest.mark.parametrize("variant", IDS)
def test_illegal_actions_raise_and_change_nothing(variant):
    s = combat.new_game(variant, seed=2)
    s.play_chance()
    before = s.to_dict()
    for bad in ["lash>9", "fly", "+lash", "3/agni", {"type": "place", "card": "Nope", "slot": 1}, 17]:
        with pytest.raises(triptych.IllegalActionError):
            s.apply(bad)
        assert s.to_dict() == before
    if variant not in NO_PLAYER_ROLL:
        with pytest.raises(ValueError):
            s.apply("end")  # the first roll is required while affordable (every variant offers a roll here)
        assert s.to_dict() == before


@pytest.mark.parametrize("variant", IDS)
def test_actions_round_trip_through_notation_and_dict(variant):
    s = combat.new_game(variant, seed=4)
    for _ in range(60):
        if s.is_terminal():
            break
        if s.to_move == triptych.CHANCE:
            actions = [a for a, _ in s.chance_outcomes()]
        else:
            actions = s.legal_actions()
        for a in actions:
            c1, c2 = s.clone(), s.clone()
            c1.apply(str(a))
            c2.apply(a.to_dict())
            assert c1.hash == c2.hash
            assert repr(a) == f"Action('{a}')" and hash(a) == hash(a)
        s.apply(actions[len(actions) // 2])


@pytest.mark.parametrize("variant", IDS)
def test_state_contract_over_random_fights(variant):
    rng = random.Random(variant)
    for game in range(15):
        s = combat.new_game(variant, seed=game)
        while not s.is_terminal():
            data = s.to_dict()
            json.loads(json.dumps(data))
            rebuilt = combat.State.from_dict(data)
            assert rebuilt.hash == s.hash and rebuilt.to_dict() == data
            assert copy.deepcopy(s).hash == s.hash
            obs = s.observation()
            assert obs.dtype == np.float32 and obs.shape == combat.OBSERVATION_SHAPE
            assert s.cards_conserved()
            if s.to_move == triptych.CHANCE:
                s.apply(s.sample_chance(rng))
            else:
                s.apply(rng.choice(s.legal_actions()))
        assert s.winner in (0, 1)
        assert s.returns() == ([1.0, -1.0] if s.winner == 0 else [-1.0, 1.0])
        assert s.to_move == triptych.TERMINAL and s.legal_actions() == [] and s.chance_outcomes() == []
        assert "won" in str(s)


@pytest.mark.parametrize("variant", IDS)
def test_thousands_of_random_fights_keep_every_invariant(variant):
    """F-R9. No exception; every fight ends well inside the turn cap; HP/Block/energy never negative; cards conserved;
    validate() accepts every reachable position; the hash equals a rebuild (checked in C++ after every step)."""
    report = combat.audit_random_fights(variant, AUDIT_FIGHTS, seed=17)
    assert report["failure"] == ""
    assert report["fights"] == AUDIT_FIGHTS and report["capped"] == 0


@pytest.mark.parametrize("variant", IDS)
def test_greedy_player_beats_random(variant):
    rnd = combat.run_fights(variant, "random", 300, seed=1)
    greedy = combat.run_fights(variant, "greedy", 40, seed=1)
    assert rnd["capped"] == 0 and greedy["capped"] == 0
    assert greedy["win_rate"] >= rnd["win_rate"]


def test_from_dict_names_the_bad_field():
    s = combat.new_game("v01", seed=1)
    s.play_chance()
    good = s.to_dict()
    cases = [
        (("player", "hp"), 99, "player.hp"),
        (("enemy", "weak"), -1, "enemy.weak"),
        (("dice",), {"number": 7, "element": "agni"}, "dice.number"),
        (("phase",), "sideways", "phase"),
        (("variant",), "v77", "variant"),
        (("params",), {"nope": 1}, "params.nope"),
        (("stage",), "enemy", "stage"),
    ]
    for path, value, field in cases:
        data = json.loads(json.dumps(good))
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        with pytest.raises(triptych.InvalidStateError, match="^" + field.replace(".", r"\.")):
            combat.State.from_dict(data)
    data = json.loads(json.dumps(good))
    data["piles"]["hand"]["Ember Lash"] = data["piles"]["hand"].get("Ember Lash", 0) + 1
    with pytest.raises(triptych.InvalidStateError, match="^piles"):
        combat.State.from_dict(data)
    data = json.loads(json.dumps(good))
    data["slots"][0]["scorch"] = 9
    with pytest.raises(triptych.InvalidStateError, match=r"^slots\[0\]\.scorch"):
        combat.State.from_dict(data)


def test_perft_counts_chance_plies():
    s = combat.new_game("v01")
    assert combat.perft(s, 1) == 4        # four distinct first cards
    assert combat.perft(s, 0) == 1
    assert combat.perft(s, 3) > combat.perft(s, 2)


def test_text_shows_the_position():
    s = combat.new_game("v01", seed=1)
    s.play_chance()
    text = str(s)
    for needle in ["HP 50/50", "Sentinel HP 70/70", "Energy 4", "Intent: Strike 8", "Hand:", "Draw 5", "[1] -"]:
        assert needle in text


def test_turn_cap_ends_the_fight_drawn():
    """F-R9: the guard; never reached in the random-fight audits."""
    s = fight("v01", [], params={"turn_cap": 1})
    roll(s, 1, "blank")
    s.apply("end")
    assert s.is_terminal() and s.winner is None and s.returns() == [0.0, 0.0]


def test_multipliers_scale_numbers_not_riders():
    """F-R4: V02 PURE doubles Undertow's damage, not its Weak."""
    s = fight("v02", ["undertow"])
    s.apply("undertow>2")
    roll(s, 2, "blank")
    s.apply("end")
    s.apply("skip")
    assert enemy_hp(s) == 60 and enemy(s)["weak"] == 1    # one stack (2 turns), one ticked


def test_paid_draw_from_the_draw_pile_before_the_first_roll_only():
    """F-R12."""
    s = fight("v05", ["lash"])
    s.apply("buy")
    assert s.energy == 1 and {o.to_dict()["card"] for o, _ in s.chance_outcomes()} == {
        "Ember Lash", "Undertow", "Gale", "Stoneskin"}
    draw(s, "gale")
    draw(s, "gale")
    roll(s, 1, "blank")
    assert "buy" not in [str(a) for a in s.legal_actions()]


def test_combat_state_satisfies_the_contract_protocols():
    from triptych.contract import Action, ChanceState, State

    s = combat.new_game("v03", seed=1)
    assert isinstance(s, State) and isinstance(s, ChanceState)
    assert isinstance(s.chance_outcomes()[0][0], Action)
    s.play_chance()
    assert isinstance(s.legal_actions()[0], Action)
