"""Hexfleet rules: each worked example of the seed, the rules of issue 3, and
the rulings R1..R21 of docs/rules/hexfleet.md (each test names its ruling).
Positions are built with from_dict (see hexfleet_helpers)."""

from __future__ import annotations

import pytest

import triptych
import triptych.hexfleet as hf
from hexfleet_helpers import destinations, notations, picture, position

# Player 0's Core at (0,0), player 1's at (1,0) unless a test says otherwise.
CORES = {(0, 0): "C", (1, 0): "c"}


def reserve(state: hf.State, player: int, unit: str) -> int:
    return state.reserves[player][unit]


# --- the start (R1) -----------------------------------------------------------------


def test_r1_initial_position_cores_locked_side_by_side():
    """R1: the Cores start on adjacent hexes (0,0) and (1,0); player 0 moves first with two actions.

    Ruling: R1

    > Two rival capital ships have locked onto each other in deep space.
    """
    s = hf.new_game()
    assert picture(s) == {(0, 0): "C", (1, 0): "c"}
    assert (s.to_move, s.actions_left, s.countdown) == (0, 2, None)
    assert s.reserves[0] == {"shipyard": 3, "shield": 4, "frigate": 6, "destroyer": 5, "repulsor": 5}
    # The Core may only step where it stays touching the enemy Core; Shipyards go where only friends touch.
    assert notations(s) == ["M 0,0>0,1", "M 0,0>1,-1", "Y@-1,0", "Y@-1,1", "Y@0,-1"]


def test_r1_first_player_option_and_fleet_option():
    """Ruling: R1

    > Two rival capital ships have locked onto each other in deep space.
    """
    s = hf.new_game(first_player=1, fleet={"core": 1, "shipyard": 3, "shield": 20})
    assert s.to_move == 1
    assert s.reserves[1] == {"shipyard": 3, "shield": 20, "frigate": 0, "destroyer": 0, "repulsor": 0}
    with pytest.raises(triptych.InvalidStateError, match="options.fleet"):
        hf.new_game(fleet={"core": 1, "shield": 5})
    with pytest.raises(triptych.InvalidStateError, match="options.fleet.core"):
        hf.new_game(fleet={"core": 2, "shield": 22})


def test_two_actions_per_turn_then_the_other_player():
    s = hf.new_game()
    s.apply("Y@-1,0")
    assert (s.to_move, s.actions_left) == (0, 1)
    s.apply("P frigate@-2,0")
    assert (s.to_move, s.actions_left, s.turn) == (1, 2, 1)


def test_the_same_ship_may_act_twice_in_a_turn():
    s = position({**CORES, (-1, 0): "F", (-1, 1): "Y"})
    s.apply("M -1,0>-2,1")
    assert "M -2,1>-1,0" in notations(s)
    s.apply("M -2,1>-1,0")
    assert s.to_move == 1


# --- geometry and elevation -----------------------------------------------------------


RING1 = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]


@pytest.mark.parametrize("i", range(6))
def test_six_edge_neighbours_and_not_ring_two(i):
    """Worked example: a Repulsor reaches the six edge-neighbours, never the ring-2 hexes across a corner."""
    centre = (0, 3)  # the Repulsor, hung on player 0's Core by a line of Shields
    base = {**CORES, (0, 1): "S", (0, 2): "~F"}
    dq, dr = RING1[i]
    near = (centre[0] + dq, centre[1] + dr)
    if near in base:
        return
    s = position({**base, centre: "R", near: "f"})
    assert f"R 0,3>{near[0]},{near[1]}" in notations(s)
    # The ring-2 hex between this direction and the next touches the Repulsor only at a corner.
    eq, er = RING1[(i + 1) % 6]
    far = (centre[0] + dq + eq, centre[1] + dr + er)
    if far in base:
        return
    s = position({**base, centre: "R", near: "s", far: "f"})  # a Shield carries the target's power
    assert not [a for a in notations(s) if a.startswith("R ")]


@pytest.mark.parametrize("target_level,reachable", [(0, True), (1, True), (2, True), (3, False)])
def test_four_elevation_panels(target_level, reachable):
    """Worked example: a Destroyer at level 1 reaches a Shield at level 0, 1, 2 but not 3."""
    s = position({**CORES, (-1, 0): "SD", (-2, 0): "s" * (target_level + 1)})
    assert ("D -1,0>-2,0" in notations(s)) == reachable


@pytest.mark.parametrize("attacker_level,reachable", [(2, True), (3, False)])
def test_elevation_wall_cuts_both_ways(attacker_level, reachable):
    """Worked example: the tile at level 3 cannot reach down to level 1 either."""
    s = position({**CORES, (-1, 0): "SS", (-2, 0): "s" * attacker_level + "d"}, to_move=1)
    assert ("D -2,0>-1,0" in notations(s)) == reachable


# --- the power chain and combat ---------------------------------------------------------


def test_load_bearing_shield_returns_three_tiles():
    """Worked example: destroying the load-bearing Shield returns it, the Frigate and the Repulsor."""
    s = position({**CORES, (-1, 0): "S", (-2, 0): "F", (-3, 0): "R", (-1, 1): "d"}, to_move=1)
    before = dict(s.reserves[0])
    s.apply("D -1,1>-1,0")
    assert picture(s) == {**CORES, (-1, 1): "d"}
    assert s.reserves[0]["shield"] == before["shield"] + 1
    assert s.reserves[0]["frigate"] == before["frigate"] + 1
    assert s.reserves[0]["repulsor"] == before["repulsor"] + 1


def test_stranded_enemy_tiles_go_back_to_their_owner_too():
    """Both sides' tiles in a cut-off cluster return to their owners' reserves."""
    s = position({**CORES, (-1, 0): "S", (-2, 0): "F", (-3, 0): "f", (-1, 1): "d"}, to_move=1)
    f1 = s.reserves[1]["frigate"]
    s.apply("D -1,1>-1,0")
    assert picture(s) == {**CORES, (-1, 1): "d"}
    assert s.reserves[1]["frigate"] == f1 + 1


def test_power_cascades_over_several_rounds():
    """A column emptied by the power check strands what hung on it: the check repeats."""
    s = position({(0, 0): "C", (2, 0): "c", (1, 0): "S", (0, 1): "D", (-1, 0): "f", (-2, 0): "S"})
    s.apply("D 0,1>1,0")
    # round 1: the bridge gone, player 1's Frigate (on player 0's side) is cut from its Core;
    # round 2: its column gone, the Shield beyond it is cut from player 0's Core.
    assert picture(s) == {(0, 0): "C", (2, 0): "c", (0, 1): "D"}
    assert s.reserves[0]["shield"] == 4 and s.reserves[1]["frigate"] == 6


def test_buried_tiles_still_conduct():
    """A buried tile powers what touches its column (the whole column conducts).

    Ruling: R2

    > Every unit you control (including mobile ships, Shipyards, and Shields) must be able to trace a physical power/communication path of adjacent tiles (friendly or enemy) back to your Command Core.

    > A buried tile still conducts, and remains part of the Command Network for every purpose of tracing a path home.
    """
    s = position({**CORES, (-1, 0): "Sf", (-2, 0): "F"})  # player 0's Frigate hangs on a stack topped by the enemy
    assert picture(s)[(-2, 0)] == "F"


def test_r2_power_flows_between_columns_whatever_their_levels():
    """R2: every tile of a column conducts to every tile of the six columns around it, at any level.

    Ruling: R2

    > Every unit you control (including mobile ships, Shipyards, and Shields) must be able to trace a physical power/communication path of adjacent tiles (friendly or enemy) back to your Command Core.

    > A buried tile still conducts, and remains part of the Command Network for every purpose of tracing a path home.
    """
    s = position({**CORES, (-1, 0): "S~D~RS", (-2, 0): "F"})  # a ground Frigate beside a level-3 top
    assert picture(s)[(-2, 0)] == "F"
    s.apply("M -2,0>-2,1")  # and it moves as part of the network
    assert picture(s)[(-2, 1)] == "F"


def test_stranded_tiles_above_a_removed_tile_drop():
    """Everything above a removed tile drops to close the gap (no fall damage)."""
    # Player 1's Shield stack carries player 0's Frigate; cutting player 1 off from the stack's
    # column removes the Shields and the Frigate drops to the ground.
    s = position({(0, 0): "C", (3, 0): "c", (1, 0): "S", (2, 0): "S", (0, 1): "D", (-1, 0): "ssF"})
    s.apply("D 0,1>1,0")
    assert picture(s)[(-1, 0)] == "F"
    assert s.height(-1, 0) == 1


def test_push_off_a_perch_repulsor_keeps_high_ground():
    """Worked example: the pushed Frigate falls; the Repulsor takes level 1; the foundation stays."""
    s = position({**CORES, (0, 1): "SR", (0, 2): "sf"})
    s.apply("R 0,1>0,2")
    p = picture(s)
    assert p[(0, 1)] == "S"
    assert p[(0, 2)] == "sR"  # the foundation stays, the Repulsor on it at level 1
    assert p[(0, 3)] == "f"  # fell to the ground, unharmed


def test_crush_into_a_shield_repulsor_still_advances():
    """Worked example: pushed into a Shield at its own level the Frigate is crushed; the Repulsor advances."""
    s = position({**CORES, (0, 1): "R", (0, 2): "f", (0, 3): "S", (1, 1): "S"})
    f1 = s.reserves[1]["frigate"]
    s.apply("R 0,1>0,2")
    p = picture(s)
    assert (0, 1) not in p and p[(0, 2)] == "R" and p[(0, 3)] == "S"
    assert s.reserves[1]["frigate"] == f1 + 1


@pytest.mark.parametrize("third,result", [
    ("", "fell"),        # no anvil: it drops off the cliff to level 0
    ("S", "floor"),      # one level down: lands at its starting level
    ("SS", "crushed"),   # a tile at its own level: crushed
])
def test_three_column_comparison(third, result):
    """Worked example: the third column decides the push."""
    stacks = {**CORES, (0, 1): "SR", (0, 2): "sf"}
    if third:
        stacks[(0, 3)] = third
    s = position(stacks)
    f1 = s.reserves[1]["frigate"]
    s.apply("R 0,1>0,2")
    p = picture(s)
    assert p[(0, 2)] == "sR"
    if result == "fell":
        assert p[(0, 3)] == "f" and s.height(0, 3) == 1
    elif result == "floor":
        assert p[(0, 3)] == "Sf" and s.height(0, 3) == 2  # level 1, where it started
    else:
        assert p[(0, 3)] == "SS" and s.reserves[1]["frigate"] == f1 + 1


def test_push_direction_is_the_line_from_the_repulsor():
    s = position({**CORES, (-1, 1): "R", (-1, 2): "f", (0, 1): "S"})
    s.apply("R -1,1>-1,2")
    assert picture(s)[(-1, 3)] == "f"


def test_repulsor_never_targets_structures_cores_or_buried_ships():
    s = position({**CORES, (0, 1): "R", (0, 2): "s", (1, 1): "fF", (-1, 1): "y"})
    assert not [a for a in notations(s) if a.startswith("R ")]


def test_destroyer_destroys_shields_and_shipyards_of_either_side_but_not_ships_or_covered_tiles():
    s = position({**CORES, (0, 1): "D", (0, 2): "S", (-1, 1): "Y", (1, 1): "s", (-1, 2): "SF", (0, 3): "y"})
    destroys = {a for a in notations(s) if a.startswith("D ")}
    assert destroys == {"D 0,1>0,2", "D 0,1>-1,1", "D 0,1>1,1"}


def test_destroyed_face_down_ship_returns_as_its_class():
    s = position({**CORES, (0, 1): "D", (0, 2): "~R"})
    r0 = s.reserves[0]["repulsor"]
    s.apply("D 0,1>0,2")
    assert s.reserves[0]["repulsor"] == r0 + 1


# --- movement --------------------------------------------------------------------------


CLIMB = {**CORES, (0, 1): "F", (-1, 1): "S", (-2, 1): "~D~D", (0, 2): "~R~R", (1, 1): "~F~F~F"}


def test_frigate_climbs_two_levels_arriving_with_nothing_left():
    """Worked example: one level per space; two levels costs the Frigate its whole move."""
    s = position(CLIMB)
    reach = destinations(s, 0, 1)
    assert (-2, 1) in reach  # via the level-1 Shield: level 2 after two steps
    assert (0, 2) not in reach  # next door but two levels up, with no step in between
    assert (1, 1) not in reach


def test_one_move_ship_climbs_only_one_level():
    """Worked example: a Destroyer climbs onto level 1 but never two levels in its move."""
    s = position({**CLIMB, (0, 1): "D"})
    reach = destinations(s, 0, 1)
    assert (-1, 1) in reach and (0, 2) not in reach and (-2, 1) not in reach


def test_frigate_drops_from_level_three_and_steps_again():
    """Worked example: dropping is free, so the Frigate lands and still has a step in hand."""
    stacks = {**CORES, (-1, 1): "S~D~RF", (-1, 0): "S"}
    s = position(stacks)
    reach = destinations(s, -1, 1)
    assert (-2, 1) in reach and (-2, 0) in reach  # ground next door, and one more step
    s.apply("M -1,1>-2,0")
    assert picture(s)[(-2, 0)] == "F"
    d = position({**stacks, (-1, 1): "S~D~RD"})
    assert (-2, 1) in destinations(d, -1, 1) and (-2, 0) not in destinations(d, -1, 1)


def test_core_moves_one_step_onto_empty_ground_only_and_never_climbs():
    s = position({**CORES, (-1, 0): "S", (0, -1): "Y"})
    reach = destinations(s, 0, 0)
    assert reach <= {(1, -1), (0, 1), (-1, 1)}
    assert (-1, 0) not in reach and (0, -1) not in reach


def test_covered_core_cannot_act():
    s = position({(0, 0): "Cf", (1, 0): "c", (-1, 0): "F"})
    assert not [a for a in s.legal_actions() if a.source == (0, 0)]


def test_shields_and_shipyards_never_move():
    s = position({**CORES, (-1, 0): "S", (0, 1): "Y", (0, -1): "~F"})
    movers = {a.source for a in s.legal_actions() if a.type == "move"}
    assert movers == {(0, 0)}


def test_movement_never_breaks_the_chain():
    """A ship holding the chain together cannot walk away (every step keeps all tiles powered).

    Ruling: R3

    > Note this only applies to combat actions: ordinary movement may never break the chain, not even for a single step.

    > every step must keep the moving ship connected to your Command Core
    """
    s = position({**CORES, (-1, 0): "F", (-2, 0): "S"})
    # The Frigate carries the Shield's only path, and no hex it can reach touches both pieces.
    assert destinations(s, -1, 0) == set()
    with pytest.raises(triptych.IllegalActionError, match="chain"):
        s.apply("M -1,0>-1,1")
    # Parked on a Shield instead, it leaves the column (and the path) behind.
    s2 = position({**CORES, (-1, 0): "SF", (-2, 0): "S"})
    assert {(-1, 1), (0, -1), (-2, 0)} <= destinations(s2, -1, 0)


def test_movement_cannot_separate_networks_in_contact():
    """You cannot flee on foot: a move that would open a gap between the networks is illegal."""
    s = position({(0, 0): "C", (2, 0): "c", (1, 0): "F"})
    assert destinations(s, 1, 0) == set()  # every step away from the gap opens it
    for a in s.legal_actions():
        t = s.clone()
        t.apply(a)
        assert t.networks_in_contact()


BRIDGE = {(-1, 0): "C", (-1, -1): "S", (1, 0): "c", (2, -1): "s", (2, -2): "s", (2, -3): "s", (1, -3): "s"}


def test_r14_frigate_intermediate_step_must_keep_the_chain():
    """R14: no step of a Frigate's move may break the chain, not even the first.

    Ruling: R14

    > It carries no special movement rule of its own — it climbs and drops exactly like every other ship, just twice as much per action.
    """
    # The Frigate at (0,0) is the only link between the networks. (0,-2) touches both, so the
    # position after "M 0,0>0,-2" would be fine, but the only way there is through (0,-1),
    # which touches player 0's side alone: the first step would break the chain.
    s = position({**BRIDGE, (0, 0): "F"})
    assert destinations(s, 0, 0) == set()
    with pytest.raises(triptych.IllegalActionError):
        s.apply("M 0,0>0,-2")
    assert position({**BRIDGE, (0, -2): "F"}).networks_in_contact()  # the end itself is legal
    # Standing on a Shield, the Frigate leaves the link behind and the same path is fine.
    s2 = position({**BRIDGE, (0, 0): "SF"})
    assert (0, -2) in destinations(s2, 0, 0)


def test_r3_a_step_is_judged_by_the_position_it_leaves():
    """R3: a lone tile may leave a cut vertex if the hex it steps to touches every piece again.

    Ruling: R3

    > Note this only applies to combat actions: ordinary movement may never break the chain, not even for a single step.

    > every step must keep the moving ship connected to your Command Core
    """
    s = hf.new_game()
    s.apply("Y@-1,1")
    # The Core holds the Shipyard and the enemy Core together; (0,1) touches both.
    assert "M 0,0>0,1" in notations(s)
    assert "M 0,0>1,-1" not in notations(s)


def test_r7_no_ship_in_its_own_cores_column():
    """R7: a Core never has its owner's ship anywhere in its stack, so ships never land there.

    Ruling: R7

    > Cannot have friendly ships stacked on it.
    """
    s = position({(0, 0): "Cf", (1, 0): "c", (-1, 0): "SF", (0, 1): "S"})
    assert (0, 0) not in destinations(s, -1, 0)
    with pytest.raises(triptych.InvalidStateError, match=r"stacks\[\d\]\.tiles\[2\]: a ship may never stand on its own Core"):
        position({(0, 0): "CfF", (1, 0): "c"})
    with pytest.raises(triptych.InvalidStateError, match="its own Core"):
        position({(0, 0): "CF", (1, 0): "c"})


def test_ships_may_land_on_stacks_of_either_colour_and_on_the_enemy_core():
    s = position({**CORES, (0, 1): "F", (-1, 1): "s", (1, 1): "S"})
    reach = destinations(s, 0, 1)
    assert {(-1, 1), (1, 1), (1, 0)} <= reach


def test_r14_frigate_move_ends_elsewhere_and_lists_each_destination_once():
    """R14: a move names only its start and end; the start itself is never a destination.

    Ruling: R14

    > It carries no special movement rule of its own — it climbs and drops exactly like every other ship, just twice as much per action.
    """
    s = position({**CORES, (-1, 0): "F", (-1, 1): "S"})
    moves = [a for a in notations(s) if a.startswith("M -1,0>")]
    assert len(moves) == len(set(moves))
    assert "M -1,0>-1,0" not in moves
    with pytest.raises(triptych.IllegalActionError):
        s.apply("M -1,0>-1,0")


# --- spawning -------------------------------------------------------------------------


def test_shipyard_spawns_ships_and_shields_in_every_form():
    """Ruling: R4

    > Shields can be spawned on top of friendly Shields.

    > For any action requiring a tile to be "adjacent" to a target (such as pushing, destroying, or spawning), the target must be physically touching the active piece AND must be no more than 1 elevation level higher or lower.
    """
    s = position({**CORES, (-1, 0): "Y", (-1, -1): "S", (0, -1): "SS", (-2, 0): "s"})
    spawns = {a for a in notations(s) if a.startswith("P ")}
    site = "-2,1"
    assert {f"P frigate@{site}", f"P destroyer@{site}", f"P repulsor@{site}", f"P shield@{site}",
            f"P ~frigate@{site}", f"P ~destroyer@{site}", f"P ~repulsor@{site}"} <= spawns
    # onto a friendly level-0 Shield: only Shields
    assert "P shield@-1,-1" in spawns and "P ~destroyer@-1,-1" in spawns
    assert "P frigate@-1,-1" not in spawns
    # R4: onto a two-high friendly Shield the new tile would land at Level 2, two above the Shipyard
    assert not [a for a in spawns if a.endswith("@0,-1")]
    # never onto an enemy Shield
    assert not [a for a in spawns if a.endswith("@-2,0")]


def test_r4_a_spawned_shield_lands_within_one_level_of_its_shipyard():
    """R4: the new tile is the spawn's target, so it lands at most one level above the Shipyard (Level 0):
    a Shield goes onto a lone friendly Shield, never onto a two-high one; the refusal says why and
    changes nothing. Ships still go only onto empty ground.

    Ruling: R4

    > For any action requiring a tile to be "adjacent" to a target (such as pushing, destroying, or spawning), the target must be physically touching the active piece AND must be no more than 1 elevation level higher or lower.

    > Shields can be spawned on top of friendly Shields.
    """
    s = position({**CORES, (-1, 0): "Y", (-1, -1): "S"})
    s.apply("P shield@-1,-1")
    assert picture(s)[(-1, -1)] == "SS"
    before = s.to_dict()
    for bad in ("P shield@-1,-1", "P ~frigate@-1,-1"):
        with pytest.raises(triptych.IllegalActionError, match=r"would land at Level 2, more than one level above"):
            s.apply(bad)
        assert s.to_dict() == before
    s3 = position({**CORES, (-1, 0): "Y", (-1, -1): "SF"})
    assert not [a for a in notations(s3) if a.endswith("@-1,-1")]  # a ship on top: not a Shield
    # Play cannot build a Shield above Level 1, so a saved game holding one is refused by name.
    with pytest.raises(triptych.InvalidStateError, match=r"^stacks\[\d+\]\.tiles\[2\]: a Shield above Level 1"):
        position({**CORES, (-1, 0): "Y", (-1, -1): "SSS"}, shield_towers=False)


def test_r4_option_shield_towers_spawns_at_any_height():
    """R4's option: with shield_towers on, a Shield (dedicated or face-down) goes on top of your own
    neighbouring Shield at any height; the option is in new_game, the dict and the hash.

    Ruling: R4

    > Shields can be spawned on top of friendly Shields.

    > Build two levels of separation and you have a wall neither side can act across.
    """
    s2 = position({**CORES, (-1, 0): "Y", (-1, -1): "SS"}, shield_towers=True)
    s2.apply("P ~frigate@-1,-1")
    s2.apply("P ~destroyer@-1,-1")
    assert picture(s2)[(-1, -1)] == "SS~F~D" and s2.height(-1, -1) == 4
    assert s2.to_dict()["options"]["shield_towers"] is True
    assert hf.State.from_dict(s2.to_dict()).to_dict() == s2.to_dict()
    # In the hash: the same board under the two rules is not the same position.
    on, off = hf.new_game(shield_towers=True), hf.new_game()
    assert off.to_dict()["options"]["shield_towers"] is False
    assert on.hash != off.hash and on._compute_hash() == on.hash
    assert on.to_dict()["stacks"] == off.to_dict()["stacks"]
    with pytest.raises(triptych.InvalidStateError, match=r"^options\.shield_towers: expected true or false"):
        hf.new_game(shield_towers=1)


def test_r6_core_and_shipyards_never_face_down():
    """R6: only ships (Frigate, Destroyer, Repulsor) can be played face-down.

    Ruling: R6

    > A Dedicated Shield tile, or any standard ship played face-down.

    > Can never be played face-down as a Shield.
    """
    s = position({**CORES, (-1, 0): "Y"})
    for bad in ("P ~shipyard@-2,0", "P ~core@-2,0", "P core@-2,0", "P shipyard@-2,0", "P ~shield@-2,0"):
        with pytest.raises(triptych.IllegalActionError):
            s.apply(bad)
    d = position(CORES).to_dict()
    d["stacks"][0]["tiles"][0]["face_down"] = True
    with pytest.raises(triptych.InvalidStateError, match=r"^stacks\[0\]\.tiles\[0\]\.face_down"):
        hf.State.from_dict(d)


def test_shipyard_with_a_ship_parked_on_it_is_disabled():
    s = position({**CORES, (-1, 0): "Yf", (-1, 1): "D"})
    assert not [a for a in notations(s) if a.startswith("P ")]


def test_r16_surrounded_shipyard_spawns_nothing_not_even_shields():
    """R16: with no empty neighbour a Shipyard is disabled, even onto a friendly Shield.

    Ruling: R16

    > Disabling: A Shipyard is locked and disabled if a ship is parked on top of it, OR if it is completely surrounded on all sides so no empty spaces remain to spawn new ships.
    """
    ring = {(-2, 0): "S", (-1, -1): "~F", (0, -1): "~D", (-2, 1): "~R", (-1, 1): "S"}
    s = position({**CORES, (-1, 0): "Y", **ring})
    assert not [a for a in notations(s) if a.startswith("P ")]
    del ring[(-2, 1)]
    s2 = position({**CORES, (-1, 0): "Y", **ring})
    assert "P shield@-2,0" in notations(s2)


def test_r15_one_spawn_action_per_site_even_beside_two_shipyards():
    """R15: the spawn action names the site, not the Shipyard, so a shared site is listed once.

    Ruling: R15

    > The same six-space test governs spawning, destroying, and pushing.
    """
    s = position({**CORES, (-1, 0): "Y", (-1, 1): "Y"})
    spawns = [a for a in notations(s) if a == "P frigate@-2,1"]
    assert len(spawns) == 1


def test_core_spawns_shipyards_adjacent_on_ground_up_to_three():
    fleet = {"core": 1, "shipyard": 4, "shield": 4, "frigate": 5, "destroyer": 5, "repulsor": 5}
    s = position({**CORES, (-1, 0): "Y", (0, -1): "Y"}, fleet=fleet)
    assert "Y@-1,1" in notations(s)
    s.apply("Y@-1,1")
    assert s.to_move == 0 and not [a for a in notations(s) if a.startswith("Y@")]
    with pytest.raises(triptych.IllegalActionError, match="3 Shipyards"):
        s.apply("Y@0,1")


def test_r5_shipyard_site_touching_only_friendly_tiles_counts_buried_tiles():
    """R5: every tile of every neighbouring column counts, buried ones included.

    Ruling: R5

    > Must be spawned on Level 0 adjacent to the Command Core, touching only friendly tiles.
    """
    s = position({**CORES, (-1, 0): "fF"})  # an enemy Frigate buried under our Frigate
    assert "Y@-1,1" not in notations(s) and "Y@0,-1" not in notations(s)
    s2 = position({**CORES, (-1, 0): "SF"})
    assert "Y@-1,1" in notations(s2) and "Y@0,-1" in notations(s2)


def test_covered_core_spawns_no_shipyard():
    s = position({(0, 0): "Cf", (1, 0): "c", (-1, 0): "D"})
    assert not [a for a in notations(s) if a.startswith("Y@")]


# --- pushes around Cores (R8, R9) --------------------------------------------------------


def test_r8_ship_pushed_into_its_own_cores_column_is_crushed():
    """R8: a Core refuses its owner's ships, so it is a wall to them even when lower.

    Ruling: R8

    > If the pushed ship is shoved horizontally backwards into an occupied space at its exact same elevation, OR into a stack that is higher than its current elevation, it cannot be pushed up.

    > Cannot have friendly ships stacked on it.
    """
    # player 0 pushes player 1's Frigate (level 1) toward player 1's Core (height 1, a floor otherwise)
    s = position({(0, 0): "C", (2, 1): "c", (0, 1): "SR", (1, 1): "sf"})
    f1 = s.reserves[1]["frigate"]
    s.apply("R 0,1>1,1")
    assert picture(s)[(2, 1)] == "c" and s.reserves[1]["frigate"] == f1 + 1


def test_pushed_onto_the_enemy_core_it_lands_there():
    """A pushed ship that lands on the pusher's own Core sits on it (and may win at its owner's turn).

    Ruling: R17

    > If pushed off a stack into an empty vertical space, the pushed ship falls straight down as many levels as needed until it lands safely on the ground (Level 0) or on top of a lower tile.
    """
    # Repulsor at (-2,1) pushes along +q: target (-1,1) at level 1, beyond (0,1)
    s = position({(0, 1): "C", (1, 0): "c", (-2, 1): "SR", (-1, 1): "sf"})
    s.apply("R -2,1>-1,1")
    assert picture(s)[(0, 1)] == "Cf"
    s.apply(next(a for a in s.legal_actions() if a.type != "push"))
    assert s.is_terminal() and s.winner == 1


def test_r9_repulsor_pushing_off_its_own_core_does_not_advance():
    """R9: a Repulsor never stands on its own Core, so clearing its Core it stays put.

    Ruling: R9

    > When a Repulsor uses its action to shove an enemy ship, the Repulsor immediately moves into the target's exact vacated XYZ space.

    > Cannot have friendly ships stacked on it.
    """
    s = position({(0, 0): "Cf", (1, 0): "c", (-1, 0): "R"}, to_move=0)
    assert "R -1,0>0,0" in notations(s)
    s.apply("R -1,0>0,0")
    p = picture(s)
    assert p[(0, 0)] == "C" and p[(-1, 0)] == "R"
    assert p[(1, 0)] == "c"  # the Frigate hit player 1's own Core: crushed (R8)


# --- winning, losing, drawing ------------------------------------------------------------


def test_win_at_the_start_of_a_turn_not_at_arrival():
    """Ruling: R12

    > You win the game if you start your turn with one of your ships sitting directly on top of the enemy's Command Core.

    > If you begin your turn with no legal action available to you at all, your fleet is disabled and you lose.
    """
    s = position({**CORES, (2, 0): "F", (-1, 0): "D", (2, -1): "d", (3, -1): "s"})
    s.apply("M 2,0>1,0")
    assert not s.is_terminal() and s.to_move == 0
    s.apply("M -1,0>-1,1")
    assert s.to_move == 1
    # Player 1 (no Repulsor) does not clear the Core: any two actions.
    s.apply(s.legal_actions()[0])
    assert not s.is_terminal()
    s.apply(s.legal_actions()[0])
    assert s.is_terminal() and s.winner == 0 and s.returns() == [1.0, -1.0]
    assert s.to_move == triptych.TERMINAL


def test_r10_a_buried_ship_on_the_enemy_core_still_wins():
    """R10: "directly on top" is the level-1 tile; tiles above it do not unseat it.

    Ruling: R10

    > You win the game if you start your turn with one of your ships sitting directly on top of the enemy's Command Core.
    """
    s = position({(0, 0): "C", (1, 0): "cFD", (0, 1): "S", (2, 0): "s", (2, -1): "d"}, to_move=1, actions_left=1)
    s.apply(next(iter(s.legal_actions())))
    assert s.is_terminal() and s.winner == 0


def test_from_dict_rejects_a_win_left_unclaimed():
    """Ruling: R18

    > If you begin your turn with no legal action available to you at all, your fleet is disabled and you lose.

    > Contact clears the clock.
    """
    with pytest.raises(triptych.InvalidStateError, match="^over:"):
        position({(0, 0): "C", (1, 0): "cF", (-1, 0): "S"}, to_move=0, actions_left=2)


def test_disabled_player_loses_at_the_start_of_the_turn():
    """R12: starting a turn with no legal action at all, the fleet is disabled and loses.

    Ruling: R12

    > You win the game if you start your turn with one of your ships sitting directly on top of the enemy's Command Core.

    > If you begin your turn with no legal action available to you at all, your fleet is disabled and you lose.
    """
    fleet = {"core": 1, "shipyard": 0, "shield": 4, "frigate": 19}
    s = position({(0, 0): "C", (1, 0): "c", (2, -1): "F", (1, -1): "F", (0, 1): "F", (1, 1): "F",
                  (3, -1): "F"}, to_move=0, actions_left=1, fleet=fleet)
    s.apply("M 3,-1>2,0")
    assert s.is_terminal() and s.winner == 0


def test_second_action_with_nothing_legal_simply_ends_the_turn():
    """After one action with nothing legal left, the turn ends; the player is not disabled."""
    fleet = {"core": 1, "shipyard": 1, "shield": 22}
    s = position({(0, 0): "C", (1, 0): "c", (-1, 0): "Y", (1, -1): "SSSSS", (0, -1): "SSSSS",
                  (-1, 1): "SSSSS", (0, 1): "SSSSSS"}, fleet=fleet)
    assert s.reserves[0]["shield"] == 1
    # R4: the towers beside the Shipyard take the last Shield too
    assert sorted(notations(s)) == ["P shield@-1,-1", "P shield@-1,1", "P shield@-2,0", "P shield@-2,1",
                                    "P shield@0,-1"]
    s.apply("P shield@-2,0")
    assert not s.is_terminal() and (s.to_move, s.actions_left) == (1, 2)


def test_r13_game_length_limit_draws():
    """R13: max_turns whole turns end the game in a draw (0 disables the limit).

    Ruling: R13

    > If the networks have still not touched by the end of that fourth turn, the game immediately ends in a Draw.
    """
    s = hf.new_game(max_turns=2)
    for a in ("Y@-1,0", "P frigate@-2,0", "Y@2,0", "P frigate@3,0"):
        assert not s.is_terminal()
        s.apply(a)
    assert s.is_terminal() and s.winner is None and s.returns() == [0.0, 0.0]
    assert hf.new_game(max_turns=0).to_dict()["options"]["max_turns"] == 0


# --- separation and the countdown (R11) ----------------------------------------------------

APART = {(0, 0): "C", (0, 1): "D", (1, 0): "S", (2, 0): "s", (3, 0): "c", (3, -1): "d"}


def contact_after(state: hf.State, action: hf.Action) -> bool:
    t = state.clone()
    t.apply(action)
    return t.networks_in_contact()


def quiet(state: hf.State) -> None:
    """Apply the first legal action that keeps the networks apart."""
    for a in state.legal_actions():
        t = state.clone()
        t.apply(a)
        if not t.networks_in_contact():
            state.apply(a)
            return
    raise AssertionError("no quiet action")


def test_r11_countdown_starts_next_turn_and_draws_after_four_turns():
    """Ruling: R11

    > If Player 1's network and Player 2's network become completely physically separated — no chain of tiles of any colour connects the two masses — a countdown begins at the start of the very next turn.

    > Each player then takes two full turns.
    """
    s = position(APART)
    s.apply("D 0,1>1,0")
    assert not s.networks_in_contact() and s.countdown is None  # starts at the next turn
    quiet(s)
    assert s.to_move == 1 and s.countdown == 4
    for expected in (4, 3, 2, 1):
        assert s.countdown == expected and not s.is_terminal()
        quiet(s)
        if not s.is_terminal() and s.actions_left == 1:
            quiet(s)
    assert s.is_terminal() and s.winner is None


def test_r11_contact_cancels_and_a_new_separation_starts_afresh():
    """Ruling: R11

    > If Player 1's network and Player 2's network become completely physically separated — no chain of tiles of any colour connects the two masses — a countdown begins at the start of the very next turn.

    > Each player then takes two full turns.
    """
    s = position({**APART, (-1, 0): "F", (4, 0): "f"})
    for a in ("D 0,1>1,0", "M -1,0>-1,1", "M 4,0>4,-1", "M 4,-1>4,0"):
        s.apply(a)
    assert s.to_move == 0 and s.countdown == 3
    s.apply("M 0,0>1,0")  # the Core steps back into contact with player 1's Shield
    assert s.networks_in_contact() and s.countdown is None
    s.apply("M 0,1>0,0")
    assert s.to_move == 1 and s.countdown is None
    # Player 1 cuts loose by destroying its own Shield: a fresh countdown of four turns.
    s.apply("D 3,-1>2,0")
    assert not s.networks_in_contact() and s.countdown is None
    s.apply("M 4,0>4,-1")
    assert s.to_move == 0 and s.countdown == 4


def test_r11_separation_repaired_in_the_same_turn_never_starts_a_countdown():
    """Ruling: R11

    > If Player 1's network and Player 2's network become completely physically separated — no chain of tiles of any colour connects the two masses — a countdown begins at the start of the very next turn.

    > Each player then takes two full turns.
    """
    s = position(APART)
    s.apply("D 0,1>1,0")
    s.apply("M 0,0>1,0")
    assert s.to_move == 1 and s.countdown is None


def test_from_dict_countdown_consistency():
    """Ruling: R18

    > If you begin your turn with no legal action available to you at all, your fleet is disabled and you lose.

    > Contact clears the clock.
    """
    with pytest.raises(triptych.InvalidStateError, match="^countdown:"):
        position(CORES | {(-1, 0): "S"}, countdown=3)
    with pytest.raises(triptych.InvalidStateError, match="^countdown:"):
        position({(0, 0): "C", (0, 1): "D", (3, 0): "c", (3, -1): "d"})
    s = position({(0, 0): "C", (0, 1): "D", (3, 0): "c", (3, -1): "d"}, countdown=2)
    assert s.countdown == 2


# --- from_dict validation ---------------------------------------------------------------------


@pytest.mark.parametrize("stacks,field", [
    ({(0, 0): "C", (1, 0): "c", (-1, 0): "FS"}, r"stacks\[0\]\.tiles\[1\]: a Shield"),
    ({(0, 0): "C", (1, 0): "c", (-1, 0): "sS"}, r"stacks\[0\]\.tiles\[1\]: a Shield"),
    ({(0, 0): "C", (1, 0): "c", (-1, 0): "SY"}, r"stacks\[0\]\.tiles\[1\]: a Shipyard"),
    ({(0, 0): "C", (1, 0): "c", (-1, 0): "SC"}, r"stacks\[0\]\.tiles\[1\]: a Core"),
    ({(0, 0): "C", (1, 0): "c", (-2, 0): "F"}, r"stacks\[0\]\.tiles\[0\]: unpowered"),
    ({(0, 0): "C", (1, 0): "c", (-1, 0): "Y", (-1, 1): "Y", (0, -1): "Y", (0, 1): "Y"}, r"^stacks: player 0 has 4"),
    ({(0, 0): "C"}, r"^stacks: player 1 has no Core"),
])
def test_from_dict_rejects_positions_that_cannot_exist(stacks, field):
    with pytest.raises(triptych.InvalidStateError, match=field):
        position(stacks, fleet={"core": 1, "shipyard": 4, "shield": 4, "frigate": 5, "destroyer": 5, "repulsor": 5})


def test_from_dict_rejects_counts_that_do_not_add_up():
    d = position({**CORES, (-1, 0): "F"}).to_dict()
    d["reserves"][0]["frigate"] += 1
    with pytest.raises(triptych.InvalidStateError, match=r"^reserves\[0\]\.frigate: 1 on the board \+ 6"):
        hf.State.from_dict(d)


# --- climbing a turn (R19, R21) ------------------------------------------------------------------

STAIRS = {**CORES, (-1, 0): "S", (-2, 1): "S", (-3, 1): "SS", (-4, 1): "~F~F~F"}


def test_r19_a_destroyer_climbs_one_level_a_turn_not_one_an_action():
    """R19: the finding's position: M -1,1>-2,1 then M -2,1>-3,1 climbed two levels in one turn.

    Ruling: R19

    > A Repulsor or Destroyer, with 1 Move, can make that same descent but can only ever climb a single level per turn.

    > 2 Move makes the Frigate the only unit in the fleet that can cross two spaces in a single action, letting it reposition, race for a Core, or climb two levels while everything else manages one.
    """
    s = position({**STAIRS, (-1, 1): "D"})
    s.apply("M -1,1>-2,1")
    assert s.to_dict()["climbed"] == {"at": [-2, 1], "levels": 1}
    assert (-3, 1) not in destinations(s, -2, 1)
    with pytest.raises(triptych.IllegalActionError, match="already climbed"):
        s.apply("M -2,1>-3,1")
    s.apply("M -2,1>-1,1")  # dropping back down is free
    assert s.to_dict()["climbed"] is None and s.to_move == 1


def test_r19_a_ship_that_did_not_climb_keeps_its_level_for_the_second_action():
    s = position({**STAIRS, (-1, 1): "D", (-2, 2): "~D"})
    s.apply("M -1,1>-1,2")  # level 0 to level 0
    assert s.to_dict()["climbed"] is None
    assert "M -1,2>-2,2" in notations(s)


def test_r19_a_frigate_climbs_two_levels_a_turn():
    """R19: the Frigate "climbs two levels while everything else manages one": two a turn, in one action or two.

    Ruling: R19

    > A Repulsor or Destroyer, with 1 Move, can make that same descent but can only ever climb a single level per turn.

    > 2 Move makes the Frigate the only unit in the fleet that can cross two spaces in a single action, letting it reposition, race for a Core, or climb two levels while everything else manages one.
    """
    s = position({**STAIRS, (-1, 1): "F"})
    s.apply("M -1,1>-2,1")  # one level
    assert s.to_dict()["climbed"] == {"at": [-2, 1], "levels": 1}
    assert "M -2,1>-3,1" in notations(s)  # a second level is still in hand
    assert "M -2,1>-4,1" not in notations(s)  # but not a third (and not two steps up)
    s.apply("M -2,1>-3,1")
    t = position({**STAIRS, (-1, 1): "F"})
    t.apply("M -1,1>-3,1")  # two levels in one action
    assert t.to_dict()["climbed"] == {"at": [-3, 1], "levels": 2}
    assert "M -3,1>-4,1" not in notations(t)


def test_r19_the_cheapest_path_counts():
    """R19: a Frigate's move counts the fewest levels any legal path to its end climbs.

    Ruling: R19

    > A Repulsor or Destroyer, with 1 Move, can make that same descent but can only ever climb a single level per turn.

    > 2 Move makes the Frigate the only unit in the fleet that can cross two spaces in a single action, letting it reposition, race for a Core, or climb two levels while everything else manages one.
    """
    stacks = {**CORES, (-1, 0): "S", (-2, 1): "S", (-1, 1): "F"}
    s = position(stacks)
    s.apply("M -1,1>-3,2")  # over the ground at -2,2, not over the Shield at -2,1: no climb
    assert s.to_dict()["climbed"] is None
    t = position(stacks)
    t.apply("M -1,1>-3,1")  # the only way there is over the Shield: one level up (and down again)
    assert t.to_dict()["climbed"] == {"at": [-3, 1], "levels": 1}


def test_r21_a_push_advance_is_not_a_climb():
    """R21: the Repulsor that climbed may still push a ship one level up and advance onto its space.

    Ruling: R21

    > The Repulsor still advances.

    > Going up is rationed one level at a time; going down is free at any depth.
    """
    s = position({**CORES, (-1, 0): "S", (-1, 1): "R", (-2, 1): "S", (-3, 1): "Sf", (-3, 2): "S"})
    s.apply("M -1,1>-2,1")
    assert "R -2,1>-3,1" in notations(s)
    s.apply("R -2,1>-3,1")
    assert picture(s)[(-3, 1)] == "SR"


def test_r19_climb_is_saved_hashed_and_checked():
    """Ruling: R19

    > A Repulsor or Destroyer, with 1 Move, can make that same descent but can only ever climb a single level per turn.

    > 2 Move makes the Frigate the only unit in the fleet that can cross two spaces in a single action, letting it reposition, race for a Core, or climb two levels while everything else manages one.
    """
    s = position({**STAIRS, (-1, 1): "D"})
    s.apply("M -1,1>-2,1")
    d = s.to_dict()
    back = hf.State.from_dict(d)
    assert back.hash == s.hash and back.to_dict() == d
    assert "M -2,1>-3,1" not in notations(back)
    free = dict(d, climbed=None, history=d["history"])
    assert hf.State.from_dict(free).hash != s.hash and "M -2,1>-3,1" in notations(hf.State.from_dict(free))
    for bad, field in [({"at": [-2, 1], "levels": 2}, "climbed.levels"), ({"at": [-1, 0], "levels": 1}, "climbed.at"),
                       ({"at": [5, 5], "levels": 1}, "climbed.at"), ({"at": [-2, 1], "levels": 3}, "climbed.levels"),
                       ({"at": [-2, 1]}, "climbed.levels"), ({"at": [-2, 1], "levels": 1, "x": 1}, "climbed.x")]:
        with pytest.raises(triptych.InvalidStateError, match=f"^{field}"):
            hf.State.from_dict(dict(d, climbed=bad))
    with pytest.raises(triptych.InvalidStateError, match="^climbed: a climb is only remembered"):
        hf.State.from_dict(dict(d, actions_left=2, climbed=d["climbed"], history=None) | {"history": []})


# --- repetition (R20) ------------------------------------------------------------------------------


def shuffle(state: hf.State, times: int) -> None:
    """Both Cores step out and back: the start position comes round again every two turns."""
    for _ in range(times):
        for a in ("M 0,0>0,1", "M 0,1>0,0", "M 1,0>1,-1", "M 1,-1>1,0"):
            state.apply(a)


def test_r20_the_third_occurrence_of_a_turn_start_is_a_draw():
    """Ruling: R20

    A house rule: the seed has no repetition rule; its only draw is the separation countdown.

    > If the networks have still not touched by the end of that fourth turn, the game immediately ends in a Draw.
    """
    s = position(CORES)
    shuffle(s, 1)
    assert not s.is_terminal() and len(s.to_dict()["history"]) == 3
    s.apply("M 0,0>0,1")
    s.apply("M 0,1>0,0")
    s.apply("M 1,0>1,-1")
    assert not s.is_terminal()
    s.apply("M 1,-1>1,0")  # player 0 starts a turn in this position for the third time
    assert s.is_terminal() and s.winner is None and s.returns() == [0.0, 0.0]


def test_r20_the_players_rules_page_calls_the_repetition_draw_a_house_rule():
    """The rules in brief (F1's page in the client, and the top of `triptych rules hexfleet`) name the
    repetition draw a house rule and say how to turn it off.

    Ruling: R20
    """
    from triptych.cli.rules_command import rules_text
    from triptych.client3d.help_pages import help_page

    brief = rules_text("hexfleet").split("## Rulings")[0]
    for page in (brief, help_page("hexfleet")):
        line = next(ln for ln in page.splitlines() if "third time" in ln or "Repetition draw" in ln)
        assert "house rule" in line.lower() and "not in the seed" in line
        assert "repetitions" in page and "0" in page


def test_r20_option_off_and_in_the_dict():
    """Ruling: R20

    A house rule: the seed has no repetition rule; its only draw is the separation countdown.

    > If the networks have still not touched by the end of that fourth turn, the game immediately ends in a Draw.
    """
    s = position(CORES, options={"fleet": dict(hf.DEFAULT_FLEET), "max_turns": 300,
                                                                  "first_player": 0, "repetitions": 0})
    shuffle(s, 3)
    assert not s.is_terminal() and s.to_dict()["history"] == []
    assert hf.new_game(repetitions=2).to_dict()["options"]["repetitions"] == 2
    for bad in (1, -1):
        with pytest.raises(triptych.InvalidStateError, match="options.repetitions"):
            hf.new_game(repetitions=bad)


def test_r20_history_round_trips_and_from_dict_checks_it():
    """Ruling: R20

    A house rule: the seed has no repetition rule; its only draw is the separation countdown.

    > If the networks have still not touched by the end of that fourth turn, the game immediately ends in a Draw.
    """
    s = position(CORES)
    shuffle(s, 1)
    d = s.to_dict()
    assert hf.State.from_dict(d).to_dict() == d
    h = d["history"]
    assert h[0] == h[2] == s.hash and len(set(h)) == 2
    cases = [
        (dict(d, turn=9, history=h + [h[1]]), "history: the last entry"),
        (dict(d, history=[h[0], h[1], h[0], h[0]]), "history: 4 turn starts"),
        (dict(d, turn=9, history=[h[0], h[1], h[0], h[1], h[0]]), "history: a position occurs 3 times"),
        (dict(d, history=[-1]), r"history\[0\]: out of range"),
        (dict(d, history=[2**64]), r"history\[0\]: out of range"),
        (dict(d, history=["x"]), r"history\[0\]: expected"),
        (dict(d, history=[True]), r"history\[0\]: expected"),
        (dict(d, history=7), "history: expected a list"),
    ]
    for bad, match in cases:
        with pytest.raises(triptych.InvalidStateError, match=match):
            hf.State.from_dict(bad)
    off = dict(d, options=dict(d["options"], repetitions=0))
    with pytest.raises(triptych.InvalidStateError, match="history: must be empty"):
        hf.State.from_dict(off)
    legacy = {k: v for k, v in d.items() if k != "history"}  # saved before R20: the current start only
    assert hf.State.from_dict(legacy).to_dict()["history"] == [s.hash]


def test_r20_self_play_no_longer_runs_to_the_turn_limit():
    """AI self-play at depth 1 used to cycle (board the Core, pushed off by R9, board again) for 300 turns.

    Ruling: R20

    A house rule: the seed has no repetition rule; its only draw is the separation countdown.

    > If the networks have still not touched by the end of that fourth turn, the game immediately ends in a Draw.
    """
    import random

    import triptych.ai as ai

    def game(repetitions: int) -> hf.State:
        s = hf.new_game(repetitions=repetitions)
        rng = random.Random(1)
        for _ in range(2):
            s.apply(rng.choice(s.legal_actions()))
        player = ai.AlphaBeta(depth=1)
        while not s.is_terminal():
            s.apply(player.search(s).best)
        return s

    cycling = game(0)
    assert cycling.turn == 300 and cycling.winner is None  # the cycle, with the rule off
    ended = game(3)
    assert ended.is_terminal() and ended.turn < 30
