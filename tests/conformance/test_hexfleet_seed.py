"""Hexfleet conformance: each test quotes the seed sentence(s) it checks (shared/seeds/hexfleet.txt) and was
written from the seed. Green is player 0, purple player 1 (see hexfleet_positions for the pictures)."""

from __future__ import annotations

import pytest
from hexfleet_positions import APART, CORES, RING1, play, quiet, total

import triptych
import triptych.ai as ai
import triptych.hexfleet as hf
from hexfleet_helpers import destinations, notations, picture, position, position_dict

SEED = "hexfleet.txt"


# --- the fleet and its tiles ------------------------------------------------------------------------


def test_a_fleet_is_exactly_24_tiles():
    """> Each player commands a fleet of exactly 24 physical Hex Tiles.
    """
    s = hf.new_game()
    for p in (0, 1):
        assert 1 + total(s.reserves[p]) == 24  # the Core on the board, 23 in reserve
    with pytest.raises(triptych.InvalidStateError, match="exactly 24"):
        hf.new_game(fleet={"core": 1, "shipyard": 3, "shield": 4, "frigate": 6, "destroyer": 5, "repulsor": 4})
    with pytest.raises(triptych.InvalidStateError, match="exactly 24"):
        hf.new_game(fleet={"core": 1, "shipyard": 3, "shield": 5, "frigate": 6, "destroyer": 5, "repulsor": 5})


def test_strictly_limited_to_the_tiles_in_your_inventory():
    """> You are strictly limited to the tiles in your inventory.
    """
    fleet = {"core": 1, "shipyard": 1, "shield": 1, "frigate": 20, "destroyer": 0, "repulsor": 1}
    s = position({**CORES, (-1, 0): "Y", (-2, 0): "S"}, fleet=fleet)  # the only Shield is on the board
    spawns = [a for a in notations(s) if a.startswith("P ")]
    assert "P frigate@-2,1" in spawns and "P ~frigate@-2,1" in spawns
    assert not [a for a in spawns if "destroyer" in a or "shield" in a]
    with pytest.raises(triptych.IllegalActionError, match="no destroyer left"):
        s.apply("P destroyer@-2,1")
    s.apply("P repulsor@-2,1")
    assert not [a for a in notations(s) if "repulsor" in a]  # the one Repulsor is used up


def test_tiles_are_dual_sided_a_face_down_ship_is_a_shield():
    """> Dual-Sided Tiles: The tiles are dual-sided. The top face shows a specific unit class, while the underside features a universal Shield symbol.

    > A Dedicated Shield tile, or any standard ship played face-down.
    """
    for letter, unit in (("F", "frigate"), ("D", "destroyer"), ("R", "repulsor")):
        # It acts as a Shield: the enemy Destroyer may remove it only if adjacent; it cannot move or act.
        s2 = position({**CORES, (-1, 0): "Y", (-1, 1): "~" + letter, (0, 1): "d", (1, 1): "r"}, to_move=1)
        assert "D 0,1>-1,1" in notations(s2)
        assert not [a for a in notations(s2) if a.startswith("R ") and a.endswith(">-1,1")]
        own = position({**CORES, (-1, 0): "Y", (-1, 1): "~" + letter, (0, 1): "d", (1, 1): "r"}, to_move=0)
        assert not [a for a in own.legal_actions() if a.source == (-1, 1) and a.type in ("move", "destroy", "push")]
        # and a Shield may be spawned on top of it like on any friendly Shield
        s3 = position({**CORES, (-1, 0): "Y", (-2, 0): "~" + letter})
        assert "P shield@-2,0" in notations(s3)
        assert s3.reserves[0][unit] == hf.DEFAULT_FLEET[unit] - 1  # it is still counted as its class


def test_unplayed_tiles_form_the_reserve():
    """> Players keep their unplayed tiles in front of them to form their available reserve.
    """
    s = hf.new_game()
    assert s.reserves[0] == {"shipyard": 3, "shield": 4, "frigate": 6, "destroyer": 5, "repulsor": 5}
    s.apply("Y@-1,0")
    s.apply("P ~repulsor@-2,0")
    assert s.reserves[0] == {"shipyard": 2, "shield": 4, "frigate": 6, "destroyer": 5, "repulsor": 4}


# --- winning ------------------------------------------------------------------------------------------


def test_win_by_starting_your_turn_on_the_enemy_core():
    """> To win, you must deploy a modular fleet, build dynamic 3D defenses, and be the first to breach and board the enemy's Command Core.

    > You win the game if you start your turn with one of your ships sitting directly on top of the enemy's Command Core.

    > The win condition: opponent must start a turn with a ship directly on top of it.
    """
    s = position({**CORES, (2, 0): "F", (-1, 0): "D", (2, -1): "d", (3, -1): "s"})
    s.apply("M 2,0>1,0")  # boarding is not yet winning
    assert not s.is_terminal()
    s.apply("M -1,0>-1,1")
    s.apply(s.legal_actions()[0])
    assert not s.is_terminal()  # purple (no Repulsor) cannot clear its Core
    s.apply(s.legal_actions()[0])
    assert s.is_terminal() and s.winner == 0 and s.returns() == [1.0, -1.0]


# --- stacks, suppression and conduction -----------------------------------------------------------------


def test_the_top_colour_controls_the_stack():
    """> Physical elevation matters. If tiles are stacked, the player whose color is on the top of the stack controls the stack.
    """
    # Purple's Frigate on top of green's Repulsor: purple moves it, green's Repulsor is silent.
    s = position({**CORES, (0, 1): "Rf", (-1, 1): "F"})
    assert not [a for a in s.legal_actions() if a.source == (0, 1)]
    s1 = position({**CORES, (0, 1): "Rf", (-1, 1): "F"}, to_move=1)
    assert [a for a in s1.legal_actions() if a.source == (0, 1) and a.type == "move"]


def test_only_the_top_tile_moves_never_the_whole_stack():
    """> You can never move or affect an entire stack. Only the active top tile can be moved, take actions, or be targeted by enemy actions.
    """
    s = position({**CORES, (-1, 0): "S~DF", (-1, 1): "r", (0, 1): "d"}, to_move=0)
    s.apply("M -1,0>-2,0")
    assert picture(s)[(-1, 0)] == "S~D" and picture(s)[(-2, 0)] == "F"
    # The enemy may target only the top tile: a push moves the top ship alone.
    t = position({**CORES, (0, 1): "SF", (-1, 1): "R", (1, 1): "r"}, to_move=1)
    t.apply("R 1,1>0,1")
    assert picture(t)[(0, 1)] == "Sr" and picture(t)[(-1, 1)] == "RF"  # the Shield stays, the Frigate moves


def test_tiles_beneath_the_top_are_locked_and_suppressed():
    """> All tiles beneath the top tile are completely locked and suppressed; their abilities cannot be used, and they cannot be targeted by actions until they are uncovered.
    """
    # Green's Destroyer buried under purple's Frigate cannot destroy the purple Shield beside it.
    s = position({**CORES, (0, 1): "Df", (1, 1): "s", (-1, 1): "S"})
    assert "D 0,1>1,1" not in notations(s)
    # A buried Shield cannot be destroyed, a buried ship cannot be pushed.
    s2 = position({**CORES, (0, 1): "D", (-1, 1): "sF", (1, 1): "R", (2, 1): "fF"})
    assert not [a for a in notations(s2) if a.endswith(">-1,1") or a.endswith(">2,1")]
    # Uncovered, the Destroyer acts again: purple's Frigate steps off it, and on green's turn the same
    # Destroyer destroys the Shield it could not touch while buried.
    s3 = position({**CORES, (0, 1): "Df", (1, 1): "s", (-1, 1): "S"}, to_move=1, actions_left=1)
    s3.apply("M 0,1>0,2")
    assert picture(s3)[(0, 1)] == "D" and s3.to_move == 0
    assert "D 0,1>1,1" in notations(s3)
    s3.apply("D 0,1>1,1")
    assert (1, 1) not in picture(s3) and s3.reserves[1]["shield"] == 4


def test_a_buried_tile_still_conducts():
    """> Connection is an inert ability. Suppression silences a tile; it does not unplug it. A buried tile still conducts, and remains part of the Command Network for every purpose of tracing a path home. It simply cannot act or be acted upon while something sits on it.
    """
    # Green's Frigate at (-2,0) hangs on the column (-1,0), whose green Shield is buried under purple.
    s = position({**CORES, (-1, 0): "Sf", (-2, 0): "F", (-1, 1): "d"}, to_move=1)
    assert picture(s)[(-2, 0)] == "F"  # powered (from_dict refuses unpowered tiles)
    assert "D -1,1>-1,0" not in notations(s)  # the buried Shield cannot be acted upon
    # Purple's Frigate leaves: the stack still links green's Frigate home in every position.
    s.apply("M -1,0>-1,-1")
    assert picture(s)[(-2, 0)] == "F"


def test_a_suppressed_core_cannot_act_but_still_powers_its_fleet():
    """> (This applies to the Command Core as well: a suppressed Core cannot take actions, but it always continues to passively function as the structural network hub for its fleet).
    """
    s = position({(0, 0): "Cf", (1, 0): "c", (-1, 0): "F", (-2, 0): "S", (-2, 1): "D"})
    assert not [a for a in s.legal_actions() if a.source == (0, 0)]  # no step, no Shipyard
    assert not [a for a in notations(s) if a.startswith("Y@")]
    assert picture(s)[(-2, 0)] == "S"  # powered through the covered Core


# --- adjacency and elevation ----------------------------------------------------------------------------


@pytest.mark.parametrize("i", range(6))
def test_the_six_edge_neighbours_and_not_the_ring_beyond(i):
    """The plan-view panel: a Repulsor and the six ✓ spaces; the ✗ spaces across a corner.

    > A hex grid has no diagonals. Every tile touches exactly six others, edge to edge. If two tiles do not share a full edge, no action can pass between them.

    > This Repulsor can push a ship standing in any of the six ✓ spaces. The two ✗ spaces sit one ring further out: they are visually close and may even look like they are "next to" the Repulsor across a corner, but they share no edge with it, so they are unreachable.
    """
    centre = (0, 3)  # the Repulsor, hung on green's Core by a line of Shields
    base = {**CORES, (0, 1): "S", (0, 2): "S"}
    dq, dr = RING1[i]
    near = (centre[0] + dq, centre[1] + dr)
    stacks = {**base, centre: "R", near: base.get(near, "") + "f"}  # on the Shield below, a purple ship is at Level 1
    assert f"R 0,3>{near[0]},{near[1]}" in notations(position(stacks))
    # the ring-2 hex between this direction and the next touches the Repulsor only at a corner
    eq, er = RING1[(i + 1) % 6]
    far = (centre[0] + dq + eq, centre[1] + dr + er)
    s2 = position({**base, centre: "R", near: base.get(near, "") + "s"[: near not in base], far: "f"})
    assert not [a for a in notations(s2) if a.endswith(f">{far[0]},{far[1]}")]


def test_the_six_space_test_governs_spawning_destroying_and_pushing():
    """> The same six-space test governs spawning, destroying, and pushing.
    """
    # Spawning: only the six hexes around the Shipyard, never a hex two away.
    s = position({**CORES, (-1, 0): "Y"})
    sites = {a.target for a in s.legal_actions() if a.type == "spawn"}
    assert sites == {(-2, 0), (-2, 1), (-1, 1), (-1, -1), (0, -1)}
    # Destroying: the six hexes around the Destroyer.
    d = position({**CORES, (0, 1): "D", (-1, 1): "S", (-1, 2): "s", (-2, 2): "s", (1, 1): "s"})
    assert {a.target for a in d.legal_actions() if a.type == "destroy"} == {(-1, 1), (-1, 2), (1, 1)}


@pytest.mark.parametrize("target_level,reachable", [(0, True), (1, True), (2, True), (3, False)])
def test_the_four_elevation_panels(target_level, reachable):
    """The four elevation panels, drawn: green's Destroyer at Level 1 on a Shield, purple's Shield at Level 0-3.

    > For any action requiring a tile to be "adjacent" to a target (such as pushing, destroying, or spawning), the target must be physically touching the active piece AND must be no more than 1 elevation level higher or lower.

    > Touching is not enough. The target must also be no more than one level higher or lower than the active piece. In all four panels below, the green Destroyer stands at Level 1; only the purple target's elevation changes.

    > The Destroyer's column physically touches the target column in all four cases, but in the fourth the purple Shield sits two levels up, so it cannot be destroyed, pushed, or spawned next to.
    """
    s = position({**CORES, (0, 1): "SD", (1, 1): "s" * (target_level + 1)})
    assert ("D 0,1>1,1" in notations(s)) == reachable
    # pushed: a purple ship at that level is pushable from Level 1 only within one level
    p = position({**CORES, (0, 1): "SR", (1, 1): "s" * target_level + "f"})
    assert ("R 0,1>1,1" in notations(p)) == reachable
    # spawned: the same gap between a Shipyard (always at Level 0) and the level its new Shield would
    # land at, on top of a friendly column of that height (R4); a gap of -1 has no spawn (nothing lies
    # below the ground).
    gap = target_level - 1
    if gap >= 0:
        site = (-1, -1)  # beside green's Shipyard at (-1,0)
        y = position({**CORES, (-1, 0): "Y", **({site: "S" * gap} if gap else {})})
        assert ("P shield@-1,-1" in notations(y)) == reachable
        assert ("P ~repulsor@-1,-1" in notations(y)) == reachable


@pytest.mark.parametrize("attacker_level,reachable", [(2, True), (3, False)])
def test_the_wall_cuts_both_ways(attacker_level, reachable):
    """> Note that this cuts both ways: the tile at Level 3 also cannot reach down to the Destroyer. Build two levels of separation and you have a wall neither side can act across.
    """
    # Purple's Repulsor or Destroyer on a purple Shield tower reaches green's Level-1 tile only from Level 2.
    t = position({**CORES, (0, 1): "SD", (1, 1): "s" * attacker_level + "r"}, to_move=1)
    assert ("R 1,1>0,1" in notations(t)) == reachable
    u = position({**CORES, (0, 1): "SS", (1, 1): "s" * attacker_level + "d"}, to_move=1)
    assert ("D 1,1>0,1" in notations(u)) == reachable


def test_a_two_level_wall_arises_in_play_and_spawning_stops_at_level_one():
    """Under the one-level spawn (R4) a Shield column grows two high, and a ship on it stands at Level 2:
    two levels above the ground beside it, a wall neither side acts across. The third Shield is refused.

    > For any action requiring a tile to be "adjacent" to a target (such as pushing, destroying, or spawning), the target must be physically touching the active piece AND must be no more than 1 elevation level higher or lower.

    > Build two levels of separation and you have a wall neither side can act across.

    Ruling: R4
    """
    s = hf.new_game()
    play(s, "Y@-1,1", "P shield@0,1",            # green: a Shipyard and a Shield beside purple's Core
         "Y@2,0", "P shield@1,1",                 # purple: a Shipyard and the foot of its column
         "P destroyer@-1,2", "M -1,2>0,1",        # green's Destroyer climbs to Level 1
         "P shield@1,1")                          # purple's second Shield lands at Level 1
    assert picture(s)[(1, 1)] == "ss" and s.to_move == 1
    before = s.to_dict()
    with pytest.raises(triptych.IllegalActionError, match="would land at Level 2, more than one level above"):
        s.apply("P shield@1,1")
    assert s.to_dict() == before
    # A purple ship on that column stands at Level 2: two levels above green's ground-level ships
    # beside it, so neither side's Repulsor can act across.
    w = position({**CORES, (0, 1): "R", (1, 1): "ssr", (1, 2): "F"}, to_move=0)
    assert "R 0,1>1,1" not in notations(w)
    w2 = position({**CORES, (0, 1): "R", (1, 1): "ssr", (1, 2): "F"}, to_move=1)
    assert not [a for a in notations(w2) if a.startswith("R 1,1>")]


def test_the_level_three_wall_arises_in_play_under_the_tower_option():
    """The fourth panel is reachable with R4's shield_towers option: both sides build it with legal
    actions from the start.

    > Shields can be spawned on top of friendly Shields.

    > Build two levels of separation and you have a wall neither side can act across.

    Ruling: R4
    """
    s = hf.new_game(shield_towers=True)
    play(s, "Y@-1,1", "P shield@0,1",            # green: a Shipyard and a Shield beside purple's Core
         "Y@2,0", "P shield@1,1",                 # purple: a Shipyard and the foot of its tower
         "P destroyer@-1,2", "M -1,2>0,1",        # green's Destroyer climbs to Level 1
         "P shield@1,1", "P shield@1,1",          # purple's tower: Levels 1 and 2
         "P frigate@-2,1", "P frigate@-2,2",
         "P shield@1,1", "P frigate@3,0")         # Level 3
    assert picture(s)[(0, 1)] == "SD" and picture(s)[(1, 1)] == "ssss"
    assert s.to_move == 0 and "D 0,1>1,1" not in notations(s)
    with pytest.raises(triptych.IllegalActionError, match="more than one level"):
        s.apply("D 0,1>1,1")


# --- the power chain -------------------------------------------------------------------------------------


def test_every_unit_traces_a_path_home():
    """> Every unit you control (including mobile ships, Shipyards, and Shields) must be able to trace a physical power/communication path of adjacent tiles (friendly or enemy) back to your Command Core. Your fleet relies on contiguous, edge-to-edge hex formations.

    > Every unit must trace a path of adjacent tiles back to its own Command Core.
    """
    # Through enemy tiles is fine: green's Shield at (3,0) reaches home through purple's Shield and Core.
    assert picture(position({**CORES, (2, 0): "s", (3, 0): "S"}))[(3, 0)] == "S"
    # A tile touching the network only at a corner (no shared edge) has no power: such a position cannot exist.
    for unit in ("F", "Y", "S"):
        with pytest.raises(triptych.InvalidStateError, match="unpowered"):
            position({**CORES, (-1, 2): unit})  # (-1,2) meets (0,0)'s ring only at corners
    with pytest.raises(triptych.InvalidStateError, match="unpowered"):
        position({**CORES, (-2, 1): "F"})


def test_a_combat_action_that_cuts_a_cluster_returns_it():
    """The load-bearing Shield example, drawn: green Core, green Shield, Frigate and Repulsor in a line.

    > However, if a combat action results in a cluster of units being disconnected from their Command Core, those units "lose power." Either attacker can cause this: a Destroyer breaking a load-bearing structure, or a Repulsor shoving or crushing a load-bearing ship out of position.

    > When a combat action breaks that path, everything cut off loses power immediately.

    > The green Shield is load-bearing: it is the only tile joining the Frigate and Repulsor to the Command Core. The purple Destroyer is adjacent to it, so it spends an action and returns that Shield to green's reserve. The Frigate and Repulsor are now touching nothing but each other — they lose power and go back to the reserve too, three tiles removed for one action.
    """
    s = position({**CORES, (-1, 0): "S", (-2, 0): "F", (-3, 0): "R", (-1, 1): "d"}, to_move=1)
    before = dict(s.reserves[0])
    s.apply("D -1,1>-1,0")
    assert picture(s) == {**CORES, (-1, 1): "d"}
    for unit in ("shield", "frigate", "repulsor"):
        assert s.reserves[0][unit] == before[unit] + 1
    assert total(s.reserves[0]) == total(before) + 3


def test_both_sides_tiles_in_a_cut_off_cluster_go_home():
    """> All of your units trapped in the enemy's disconnected group are immediately returned to your reserve, and all enemy units trapped in your disconnected group are returned to theirs.

    > Had any enemy units been stranded inside that same cluster, they would have returned to their owner's reserve at the same moment.
    """
    s = position({**CORES, (-1, 0): "S", (-2, 0): "F", (-3, 0): "f", (-2, -1): "s", (-1, 1): "d"}, to_move=1)
    f1, s1 = s.reserves[1]["frigate"], s.reserves[1]["shield"]
    s.apply("D -1,1>-1,0")
    assert picture(s) == {**CORES, (-1, 1): "d"}
    assert s.reserves[1]["frigate"] == f1 + 1 and s.reserves[1]["shield"] == s1 + 1


def test_a_repulsor_can_cut_a_fleet_with_deliberate_setup():
    """> (In practice a Repulsor severs a fleet less often than it looks like it should. Because the Repulsor immediately advances into the space its target vacated, it usually plugs the very hole it just made. Cutting a fleet with a Repulsor takes deliberate setup.)
    """
    # Usually: the load-bearing purple Frigate at (-1,0) is shoved away, the Repulsor plugs the hole.
    s = position({**CORES, (-1, 0): "f", (-1, 1): "R", (-2, 0): "S"})
    s.apply("R -1,1>-1,0")
    assert picture(s)[(-2, 0)] == "S" and picture(s)[(-1, 0)] == "R" and s.reserves[0]["shield"] == 3
    # Deliberate setup: the Repulsor's own square held green's Shield home; crushing the purple
    # Frigate into green's Core takes the Repulsor off that square, and the Shield loses power.
    t = position({**CORES, (-1, 0): "f", (-2, 0): "R", (-3, 0): "S"})
    t.apply("R -2,0>-1,0")
    assert picture(t) == {**CORES, (-1, 0): "R"}
    assert t.reserves[0]["shield"] == 4 and t.reserves[1]["frigate"] == 6


def test_power_loss_cascades_until_nothing_else_falls():
    """> The rule is absolute, and it cascades. No connection to your Command Core means destroyed, full stop. Resolve it by asking, once the dust settles, which of your tiles can still trace a path home — every tile that cannot is returned to the reserve, including tiles that only lost their connection because an earlier link in the chain was removed a moment ago. Keep asking until nothing else falls off.
    """
    s = position({(0, 0): "C", (2, 0): "c", (1, 0): "S", (0, 1): "D", (-1, 0): "f", (-2, 0): "S"})
    s.apply("D 0,1>1,0")
    # purple's Frigate is cut from its Core; with its column gone green's Shield beyond it is cut too
    assert picture(s) == {(0, 0): "C", (2, 0): "c", (0, 1): "D"}
    assert s.reserves[0]["shield"] == 4 and s.reserves[1]["frigate"] == 6


def test_tiles_above_a_removed_tile_drop_unharmed():
    """> If a tile is ever pulled out from under a stack, everything above it drops down to close the gap. This is deep space and there is no fall damage, so the tiles land unharmed at their new, lower elevation.
    """
    s = position({(0, 0): "C", (3, 0): "c", (1, 0): "S", (2, 0): "S", (0, 1): "D", (-1, 0): "ssF"})
    s.apply("D 0,1>1,0")  # purple's Shields under green's Frigate lose power and leave
    assert picture(s)[(-1, 0)] == "F" and s.height(-1, 0) == 1
    assert s.actions_left == 1 and (-1, 0) in {a.source for a in s.legal_actions()}  # and acts normally


def test_movement_never_breaks_the_chain():
    """> Note this only applies to combat actions: ordinary movement may never break the chain, not even for a single step.

    > Towers are therefore cheap to leave and expensive to take — and remember that the whole time, every step must keep the moving ship connected to your Command Core.

    Ruling: R3
    """
    s = position({**CORES, (-1, 0): "F", (-2, 0): "S"})
    assert destinations(s, -1, 0) == set()  # the Frigate carries the Shield's only path
    with pytest.raises(triptych.IllegalActionError, match="chain"):
        s.apply("M -1,0>-1,1")
    # A Frigate whose first step would break the chain may not pass that way even if the end is fine.
    bridge = {(-1, 0): "C", (-1, -1): "S", (1, 0): "c", (2, -1): "s", (2, -2): "s", (2, -3): "s", (1, -3): "s"}
    t = position({**bridge, (0, 0): "F"})
    assert (0, -2) not in destinations(t, 0, 0)
    assert (0, -2) in destinations(position({**bridge, (0, 0): "SF"}), 0, 0)


# --- the turn --------------------------------------------------------------------------------------------


def test_two_actions_in_any_combination():
    """> On your turn, you have 2 Actions. You may perform any combination of the following, including taking the same action twice or activating the same ship twice:
    """
    s = position({**CORES, (-1, 0): "Y", (-1, 1): "F"})
    play(s, "M -1,1>-2,1", "M -2,1>-1,1")  # the same ship twice
    assert s.to_move == 1 and s.actions_left == 2
    t = position({**CORES, (-1, 0): "Y"})
    play(t, "P frigate@-2,0", "P frigate@-2,1")  # the same action twice
    assert t.to_move == 1 and picture(t)[(-2, 1)] == "F"


def test_no_legal_action_at_the_start_disables_and_loses():
    """> If you begin your turn with no legal action available to you at all, your fleet is disabled and you lose.
    """
    fleet = {"core": 1, "shipyard": 0, "shield": 4, "frigate": 19}
    s = position({(0, 0): "C", (1, 0): "c", (2, -1): "F", (1, -1): "F", (0, 1): "F", (1, 1): "F",
                  (3, -1): "F"}, to_move=0, actions_left=1, fleet=fleet)
    s.apply("M 3,-1>2,0")  # purple's Core is now walled in and purple has nothing else
    assert s.is_terminal() and s.winner == 0


def test_nothing_legal_for_the_second_action_ends_the_turn():
    """> If instead you take your first action and then find nothing legal remaining for your second, your turn simply ends — you acted, so you are not disabled.
    """
    fleet = {"core": 1, "shipyard": 1, "shield": 22}
    s = position({(0, 0): "C", (1, 0): "c", (-1, 0): "Y", (1, -1): "SSSSS", (0, -1): "SSSSS",
                  (-1, 1): "SSSSS", (0, 1): "SSSSSS"}, fleet=fleet)
    s.apply("P shield@-2,0")  # the last tile: nothing is left to do
    assert not s.is_terminal() and (s.to_move, s.actions_left) == (1, 2)


# --- separation and the clock ------------------------------------------------------------------------------


def test_separation_starts_a_countdown_that_draws_after_four_turns():
    """> Combat will sometimes split the two fleets apart — a Destroyer takes out the tile that was holding them together, and suddenly there is open table between the masses.

    > If Player 1's network and Player 2's network become completely physically separated — no chain of tiles of any colour connects the two masses — a countdown begins at the start of the very next turn. Each player then takes two full turns. If the networks have still not touched by the end of that fourth turn, the game immediately ends in a Draw.
    """
    s = position(APART)
    s.apply("D 0,1>1,0")
    assert not s.networks_in_contact() and s.countdown is None  # not yet: at the start of the next turn
    quiet(s)
    assert s.to_move == 1 and s.countdown == 4
    turns = 0
    while not s.is_terminal():
        side = s.to_move
        quiet(s)
        if not s.is_terminal() and s.to_move == side:
            quiet(s)
        turns += 1
    assert turns == 4 and s.winner is None and s.returns() == [0.0, 0.0]


def test_contact_cancels_the_clock_and_a_new_separation_starts_afresh():
    """> Reconnecting is cheap and the clock is short: extend a chain outward, and play carries on.

    > Contact clears the clock. If the two networks touch again at any point during the countdown, it is cancelled outright. Should the fleets separate again later, a fresh four-turn countdown begins from scratch.
    """
    s = position({**APART, (-1, 0): "F", (4, 0): "f"})
    play(s, "D 0,1>1,0", "M -1,0>-1,1", "M 4,0>4,-1", "M 4,-1>4,0")
    assert s.to_move == 0 and s.countdown == 3
    s.apply("M 0,0>1,0")  # one step of the Core touches purple's Shield again
    assert s.networks_in_contact() and s.countdown is None
    s.apply("M 0,1>0,0")
    assert s.countdown is None and not s.is_terminal()
    s.apply("D 3,-1>2,0")  # purple cuts loose: a fresh countdown of four
    s.apply("M 4,0>4,-1")
    assert s.to_move == 0 and s.countdown == 4


def test_you_cannot_flee_on_foot():
    """> You cannot flee on foot. Because movement may never open a gap, no amount of walking will break contact — a retreating fleet only drags the enemy along behind it.
    """
    s = position({(0, 0): "C", (2, 0): "c", (1, 0): "F", (-1, 0): "D", (3, 0): "f"})
    for a in s.legal_actions():
        if a.type == "move":
            t = s.clone()
            t.apply(a)
            assert t.networks_in_contact()
    assert destinations(s, 1, 0) == set()


def test_breaking_away_is_a_combat_act_paid_with_a_tile():
    """> Breaking away is a combat act: you point a Destroyer at your own tile, the one holding the two fleets together, and cut yourself loose, paying a tile for the gap.

    > Which means a losing player can, if they are determined, use the clock as an escape hatch: sever yourself free and stay away for four turns. A drawn battle costs you the win, but it denies your opponent theirs.
    """
    s = position(APART)
    before = s.reserves[0]["shield"]
    s.apply("D 0,1>1,0")  # green destroys its own link Shield
    assert not s.networks_in_contact() and s.reserves[0]["shield"] == before + 1
    while not s.is_terminal():
        quiet(s)
    assert s.winner is None


def test_the_pursuer_closes_the_gap_for_nothing():
    """> It is rarely worth attempting — you spend a tile to open the gap, while your pursuer need only extend a chain outward to close it and spends nothing.
    """
    s = position({**APART, (2, 1): "f"})
    play(s, "D 0,1>1,0", "M 0,1>-1,1")
    assert s.to_move == 1 and s.countdown == 4
    before = dict(s.reserves[1])
    s.apply("M 2,1>1,0")  # purple's Frigate steps into the gap and touches green's Core
    assert s.networks_in_contact() and s.countdown is None and s.reserves[1] == before


# --- the units ---------------------------------------------------------------------------------------------


def test_move_allowances_by_unit():
    """The unit table's Move column.

    > Unit | Move | Action / Special Rule

    > Command Core | 1 | Mobile.

    > Frigate | 2 | The Flanker.

    > Destroyer | 1 | The Breacher.

    > Repulsor | 1 | The Displacer.
    """
    s = position({**CORES, (-1, 0): "S", (-1, 1): "S", (0, -1): "S", (-2, 1): "F", (-2, 0): "D", (-1, -1): "R"})
    for src, reach in (((-2, 1), 2), ((-2, 0), 1), ((-1, -1), 1)):
        q, r = src
        dist = {max(abs(q - a), abs(r - b), abs(q + r - a - b)) for a, b in destinations(s, q, r)}
        assert max(dist) == reach
    assert {max(abs(a), abs(b), abs(a + b)) for a, b in destinations(hf.new_game(), 0, 0)} == {1}


def test_the_core_walks_one_step_on_the_ground_and_never_climbs():
    """> Cannot climb.

    > Your headquarters walks: the Core moves 1 space laterally like any other ship, and in the opening it usually should.

    > It can never gain elevation — it may only step onto empty ground.
    """
    s = hf.new_game()
    assert {a for a in notations(s) if a.startswith("M ")} == {"M 0,0>0,1", "M 0,0>1,-1"}
    t = position({**CORES, (-1, 0): "S", (0, 1): "s", (0, -1): "Y"})
    assert destinations(t, 0, 0) == {(1, -1), (-1, 1)}  # never onto the Shields or the Shipyard
    with pytest.raises(triptych.IllegalActionError, match="empty ground"):
        t.apply("M 0,0>-1,0")


def test_the_core_is_unpushable_and_never_in_a_stack():
    """> Unpushable.

    > Since nothing can ever be placed beneath a tile and the Core cannot be pushed, this keeps your Core on the table for the entire game; it is never part of a stack and can never sit on top of anything.
    """
    s = position({**CORES, (2, 0): "R", (2, -1): "S"})
    assert "R 2,0>1,0" not in notations(s)
    with pytest.raises(triptych.InvalidStateError, match="Core stands on the ground"):
        position({(0, 0): "C", (1, 0): "sc"})


def test_only_the_core_spawns_shipyards():
    """> Action: Spawn Shipyard.

    > It is the only unit that can spawn a Shipyard, so its position dictates where your fleet can be built.
    """
    s = hf.new_game()
    assert {a.target for a in s.legal_actions() if a.type == "shipyard"} == {(-1, 0), (-1, 1), (0, -1)}
    play(s, "M 0,0>0,1", "Y@-1,2")  # the Core walked: the Shipyard follows it
    assert picture(s)[(-1, 2)] == "Y"
    with pytest.raises(triptych.IllegalActionError, match="not a shipyard"):
        position({**CORES, (-1, 0): "Y"}).apply("P shipyard@-2,0")  # a Shipyard cannot build one


def test_the_core_is_never_face_down_and_never_carries_its_own_ships():
    """> Can never be played face-down as a Shield.

    > Cannot have friendly ships stacked on it.
    """
    with pytest.raises(triptych.InvalidStateError, match="face_down"):
        d = position_dict(CORES)
        d["stacks"][0]["tiles"][0]["face_down"] = True
        hf.State.from_dict(d)
    s = position({**CORES, (-1, 0): "F", (1, 1): "s"})
    assert (0, 0) not in destinations(s, -1, 0)
    with pytest.raises(triptych.InvalidStateError, match="its own Core"):
        position({(0, 0): "CF", (1, 0): "c"})


def test_shipyards_are_immovable_and_spawned_by_the_core_on_friendly_ground():
    """> Shipyard | 0 | Structure (Immovable). Unpushable. Must be spawned on Level 0 adjacent to the Command Core, touching only friendly tiles. (Max 3 per player).
    """
    s = position({**CORES, (-1, 0): "Y", (0, 1): "r", (-1, 1): "S"}, to_move=1)
    assert not [a for a in notations(s) if ">-1,0" in a]  # purple's Repulsor cannot push it
    g = position({**CORES, (-1, 0): "Y", (-2, 1): "F"})
    assert not [a for a in g.legal_actions() if a.source == (-1, 0) and a.type == "move"]
    # touching only friendly tiles: next to purple's Core (0,1 and 1,-1) it may not go
    assert {a.target for a in hf.new_game().legal_actions() if a.type == "shipyard"} == {(-1, 0), (-1, 1), (0, -1)}
    fleet = {"core": 1, "shipyard": 4, "shield": 4, "frigate": 5, "destroyer": 5, "repulsor": 5}
    three = position({**CORES, (-1, 0): "Y", (0, -1): "Y", (-1, 1): "Y"}, fleet=fleet)
    assert not [a for a in notations(three) if a.startswith("Y@")]


def test_a_shipyard_is_disabled_when_parked_on_or_surrounded():
    """> Disabling: A Shipyard is locked and disabled if a ship is parked on top of it, OR if it is completely surrounded on all sides so no empty spaces remain to spawn new ships.
    """
    parked = position({**CORES, (-1, 0): "Yf", (-1, 1): "D"})
    assert not [a for a in notations(parked) if a.startswith("P ")]
    ring = {(-2, 0): "S", (-1, -1): "~F", (0, -1): "~D", (-2, 1): "~R", (-1, 1): "S"}
    surrounded = position({**CORES, (-1, 0): "Y", **ring})
    assert not [a for a in notations(surrounded) if a.startswith("P ")]
    del ring[(-2, 1)]
    assert "P shield@-2,0" in notations(position({**CORES, (-1, 0): "Y", **ring}))


def test_shields_are_immovable_and_unpushable_and_crush():
    """> The Shield (Face-Down) | 0 | Structure (Immovable). Unpushable.

    > Cannot be pushed. Crushes enemy ships pushed horizontally into it.
    """
    s = position({**CORES, (-1, 0): "S", (0, 1): "R", (0, 2): "f", (0, 3): "S", (1, 1): "s"})
    assert not [a for a in s.legal_actions() if a.source in ((-1, 0), (0, 3)) and a.type == "move"]
    assert "R 0,1>1,1" not in notations(s)  # a Shield cannot be pushed
    f1 = s.reserves[1]["frigate"]
    s.apply("R 0,1>0,2")
    assert picture(s)[(0, 2)] == "R" and picture(s)[(0, 3)] == "S" and s.reserves[1]["frigate"] == f1 + 1


def test_shields_spawn_on_top_of_friendly_shields_only():
    """> Shields can be spawned on top of friendly Shields.
    """
    s = position({**CORES, (-1, 0): "Y", (-1, -1): "S", (0, -1): "~F", (-2, 0): "s", (-2, 1): "F"})
    spawns = set(notations(s))
    assert {"P shield@-1,-1", "P ~repulsor@-1,-1", "P shield@0,-1"} <= spawns
    assert "P frigate@-1,-1" not in spawns  # a ship only onto empty ground
    assert not [a for a in spawns if a.endswith("@-2,0") or a.endswith("@-2,1")]  # not onto purple, not onto ships


def test_the_frigate_crosses_two_spaces_and_has_no_other_ability():
    """> Speed is its entire ability. 2 Move makes the Frigate the only unit in the fleet that can cross two spaces in a single action, letting it reposition, race for a Core, or climb two levels while everything else manages one.
    """
    s = position({**CORES, (-1, 0): "F", (-1, 1): "s", (0, 1): "f"})
    assert not [a for a in s.legal_actions() if a.source == (-1, 0) and a.type != "move"]
    assert (-2, 2) in destinations(s, -1, 0)  # two spaces in one action
    race = position({**CORES, (-1, 1): "F", (0, 1): "s"})
    assert (1, 0) in destinations(race, -1, 1)  # onto the enemy Core, two spaces away
    climb = position({**CORES, (0, 1): "F", (-1, 1): "S", (-2, 1): "~D~D"})
    assert (-2, 1) in destinations(climb, 0, 1)  # two levels in one action
    d = position({**CORES, (0, 1): "D", (-1, 1): "S", (-2, 1): "~D~D"})
    assert destinations(d, 0, 1) >= {(-1, 1)} and (-2, 1) not in destinations(d, 0, 1)


def test_the_frigate_climbs_and_drops_like_every_ship_twice_per_action():
    """> It carries no special movement rule of its own — it climbs and drops exactly like every other ship, just twice as much per action.
    """
    # Each of its steps climbs at most one level: next door two levels up is out of reach.
    s = position({**CORES, (0, 1): "F", (0, 2): "~R~R"})
    assert (0, 2) not in destinations(s, 0, 1)
    # and each step drops any depth
    t = position({**CORES, (-1, 0): "S~D~RF", (-1, 1): "S"})
    assert {(-2, 0), (-2, 2)} <= destinations(t, -1, 0)


def test_the_destroyer_destroys_shields_and_shipyards_of_either_side():
    """> Action: Destroy an adjacent tile that is not a ship — which is to say a Shield or a Shipyard, friend or foe. The destroyed tile is returned directly to its owner's reserve. You cannot destroy a target if it has another tile stacked on top of it.
    """
    s = position({**CORES, (0, 1): "D", (0, 2): "S", (-1, 1): "Y", (1, 1): "s", (-1, 2): "SF", (0, 3): "y", (1, 2): "f"})
    assert {a for a in notations(s) if a.startswith("D ")} == {"D 0,1>0,2", "D 0,1>-1,1", "D 0,1>1,1"}
    s1 = s.reserves[1]["shield"]
    s.apply("D 0,1>1,1")
    assert s.reserves[1]["shield"] == s1 + 1  # to its owner's reserve


def test_the_repulsor_pushes_adjacent_enemy_ships_one_space():
    """> Action: Push an adjacent enemy ship exactly 1 space. (Repulsors cannot target Unpushable units: Shields, Shipyards, or Cores). A push only targets the active top tile of a stack.
    """
    s = position({**CORES, (0, 1): "R", (0, 2): "s", (1, 1): "fF", (-1, 1): "y", (-1, 2): "F"})
    assert not [a for a in notations(s) if a.startswith("R ")]  # Shield, buried ship, Shipyard, Core, own ship
    t = position({**CORES, (0, 1): "R", (0, 2): "f", (1, 1): "S"})
    t.apply("R 0,1>0,2")
    assert picture(t)[(0, 3)] == "f" and picture(t)[(0, 2)] == "R"  # exactly one space


# --- pushing -----------------------------------------------------------------------------------------------


def test_the_repulsor_takes_the_targets_exact_space():
    """> When a Repulsor uses its action to shove an enemy ship, the Repulsor immediately moves into the target's exact vacated XYZ space. The fate of the pushed enemy depends on what is behind them:

    > A Repulsor shoves an adjacent enemy ship exactly one space and then occupies the space its target just left.
    """
    s = position({**CORES, (0, 1): "R", (0, 2): "Sf", (0, 3): "S", (1, 1): "S"})
    s.apply("R 0,1>0,2")
    assert picture(s)[(0, 2)] == "SR" and picture(s)[(0, 3)] == "Sf"  # same hex, same level (1)


@pytest.mark.parametrize("k", range(6))
def test_the_push_direction_is_the_line_from_the_repulsor(k):
    """> Direction: A push is always directly away from the Repulsor—along the straight line running from the Repulsor, through the target, into the space beyond. You never choose the direction; the geometry of where you attack from decides it.
    """
    dq, dr = RING1[k]
    target = (-2, 0)
    rep = (target[0] - dq, target[1] - dr)
    beyond = (target[0] + dq, target[1] + dr)
    # The target is ringed by green Shields but for the Repulsor's side and the far side; two
    # face-down Repulsors tie the ring to green's Core whichever side is open.
    ring = [(target[0] + a, target[1] + b) for a, b in RING1]
    walls = iter("SSSS")
    stacks = {**CORES, (-1, 1): "~R", (0, -1): "~R", target: "f", rep: "R"}
    stacks.update({h: next(walls) for h in ring if h not in (rep, beyond)})
    s = position(stacks)
    a = f"R {rep[0]},{rep[1]}>{target[0]},{target[1]}"
    assert [x for x in notations(s) if x.startswith("R ")] == [a]  # one push: its direction is not chosen
    s.apply(a)
    assert picture(s)[beyond] == "f" and picture(s)[target] == "R"


def test_pushed_off_a_stack_the_ship_falls_as_far_as_needed():
    """> If pushed off a stack into an empty vertical space, the pushed ship falls straight down as many levels as needed until it lands safely on the ground (Level 0) or on top of a lower tile. Because the Repulsor takes the vacated space before the fall, the Repulsor maintains the high ground.

    > There is no fall damage. This is deep space, not a gravity well. A ship dropped one level and a ship dropped five levels both land intact and fully functional, and may act normally on their owner's next turn. Height is a positional advantage, never a weapon by itself.
    """
    for below in ("", "S", "SS"):
        s = position({**CORES, (0, 1): "S~F~F~DR", (0, 2): "~R~R~D~Df", **({(0, 3): below} if below else {})})
        s.apply("R 0,1>0,2")
        assert picture(s)[(0, 2)] == "~R~R~D~DR"  # Level 4: the high ground
        assert picture(s)[(0, 3)] == below + "f" and s.reserves[1]["frigate"] == 5  # fell, intact
        s.apply(next(a for a in s.legal_actions() if a.source != (0, 2)))
        assert s.to_move == 1 and [a for a in s.legal_actions() if a.source == (0, 3)]  # acts normally


def test_you_cannot_force_a_ship_upwards_a_crush():
    """> You cannot force an enemy ship to move upwards. A Crush happens whenever a pushed ship hits a physical backboard.

    > If the pushed ship is shoved horizontally backwards into an occupied space at its exact same elevation, OR into a stack that is higher than its current elevation, it cannot be pushed up. It slams into the side of the blocking tile and is crushed. The crushed ship is destroyed and returned directly to its owner's reserve.

    > You can never force a ship upwards. If the space behind the target is blocked at the same elevation or higher, the target has nowhere to go and is destroyed.
    """
    for behind in ("S", "SS", "SSS", "f", "Sf"):  # a tile at its level (0), or a taller stack
        s = position({**CORES, (0, 1): "R", (0, 2): "f", (0, 3): behind, (1, 1): "S"})
        f1 = s.reserves[1]["frigate"]
        s.apply("R 0,1>0,2")
        assert picture(s)[(0, 3)] == behind and s.reserves[1]["frigate"] == f1 + 1
        assert picture(s)[(0, 2)] == "R"
    # Off the ground the two cases differ from "any tile behind": a Frigate at Level 1 is crushed by a
    # column reaching its own level (1) or higher, and steps across a lower one.
    for behind, crushed in (("s", False), ("ss", True), ("sss", True), ("sF", True), ("ssF", True)):
        s = position({**CORES, (0, 1): "SR", (0, 2): "sf", (0, 3): behind, (1, 1): "S"})
        f1 = s.reserves[1]["frigate"]
        s.apply("R 0,1>0,2")
        assert picture(s)[(0, 3)] == (behind if crushed else behind + "f"), behind
        assert s.reserves[1]["frigate"] == f1 + crushed and picture(s)[(0, 2)] == "sR"


def test_a_crush_does_not_cancel_the_shove():
    """> The Repulsor still advances. A Crush does not cancel the shove. The Repulsor moves into the space its target occupied exactly as it would on any other push—destroying the target and taking its ground are one motion, not two. This is what makes a Crush the strongest play in the game: you remove an enemy ship and gain its position for a single action.
    """
    s = position({**CORES, (0, 1): "SR", (0, 2): "sf", (0, 3): "SS"})
    s.apply("R 0,1>0,2")
    assert picture(s)[(0, 2)] == "sR" and picture(s)[(0, 1)] == "S"
    assert s.actions_left == 1 and s.reserves[1]["frigate"] == 6  # one action, ship gone, ground taken


# --- the worked examples -------------------------------------------------------------------------------------


def test_push_off_a_perch_worked_example():
    """The elevation panel: green's Repulsor at Level 1 pushes purple's Frigate off its Level 1 perch on a grey tile.

    > If nothing is behind the target, it falls.

    > The purple Frigate is pushed off its perch into open air and drops as far as it needs to — here one level, but it would fall five just the same, landing unharmed. The important detail is the order of events: the Repulsor takes the vacated Level 1 space before the Frigate falls, so the attacker ends the action holding the high ground while the defender is on the floor. Note also that the grey foundation tile under the Frigate stays exactly where it was; only the active top tile of a stack ever moves.
    """
    s = position({**CORES, (0, 1): "SR", (0, 2): "sf"})
    s.apply("R 0,1>0,2")
    p = picture(s)
    assert p[(0, 1)] == "S" and p[(0, 2)] == "sR" and p[(0, 3)] == "f"
    assert s.height(0, 2) == 2 and s.height(0, 3) == 1 and s.reserves[1]["frigate"] == 5
    five = position({**CORES, (0, 1): "S~F~F~D~DR", (0, 2): "SS~R~R~Df"})
    five.apply("R 0,1>0,2")
    assert picture(five)[(0, 3)] == "f" and five.reserves[1]["frigate"] == 5


def test_crush_into_a_shield_worked_example():
    """The elevation panel: the same push with a Shield behind the Frigate at its own level.

    > The Frigate slams into the side of the Shield and is destroyed, returning to its owner's reserve. The Repulsor still advances into the space the Frigate vacated. Compare this with 7.4: the identical push is harmless when the space behind is open and lethal when it is walled. A Shield is therefore worth as much as an anvil as it is as a barricade — a wall one level higher than your enemy's ships crushes anything shoved into it, and since Shields are Unpushable, they cannot be shifted out of the way first.
    """
    s = position({**CORES, (0, 1): "SR", (0, 2): "sf", (0, 3): "SS"})
    s.apply("R 0,1>0,2")
    assert picture(s)[(0, 2)] == "sR" and picture(s)[(0, 3)] == "SS" and s.reserves[1]["frigate"] == 6
    # a wall one level higher than ground ships crushes them; nothing can push the Shield first
    g = position({**CORES, (0, 1): "R", (0, 2): "f", (0, 3): "SS", (1, 1): "S"})
    assert not [a for a in notations(g) if a.endswith(">0,3")]
    g.apply("R 0,1>0,2")
    assert g.reserves[1]["frigate"] == 6


@pytest.mark.parametrize("third,result", [("", "fell"), ("S", "floor"), ("SS", "crushed")])
def test_three_column_comparison_worked_example(third, result):
    """The three panels: Repulsor and Frigate held identical (both at Level 1), only the third column changes.

    > A push always involves three columns: the Repulsor that swings, the ship being struck, and whatever is waiting behind it. Hold the first two identical, change only the third, and the same attack produces three completely different results.

    > A Crush is a hammer-and-anvil kill and it needs both halves present: the Repulsor supplies the hammer, and something must supply the anvil. In the first panel there is no anvil at all—the Frigate is shoved off a cliff edge and drops harmlessly to the table. In the second the tile behind is one level down, which makes it a floor rather than a wall: the Frigate steps across onto it, ends the push at the elevation it started, and survives. Only in the third panel does a tile actually fill the space at the target's own level, trapping it between the blow and the backboard. Look at the third column before you commit the action—it, not the target, decides what your push does.
    """
    stacks = {**CORES, (0, 1): "SR", (0, 2): "sf"}
    if third:
        stacks[(0, 3)] = third
    s = position(stacks)
    s.apply("R 0,1>0,2")
    p = picture(s)
    assert p[(0, 2)] == "sR"
    if result == "fell":
        assert p[(0, 3)] == "f" and s.height(0, 3) == 1
    elif result == "floor":
        assert p[(0, 3)] == "Sf" and s.height(0, 3) == 2  # Level 1, where it started
    else:
        assert p[(0, 3)] == "SS" and s.reserves[1]["frigate"] == 6


# --- climbing and dropping -----------------------------------------------------------------------------------


def test_frigate_climbs_two_levels_with_its_whole_move():
    """The elevation panel: a Frigate at Level 0 beside a Level-0 tile, a Level-1 tile beyond.

    > Movement is asymmetric on purpose. Going up is rationed one level at a time; going down is free at any depth. Both examples below use a Frigate, which has 2 Move.

    > Climbing costs one lateral space per level, so this Frigate spends its entire 2 Move to reach Level 2 and arrives with nothing left.
    """
    s = position({**CORES, (0, 1): "F", (-1, 1): "S", (-2, 1): "~D~D", (-3, 1): "~R~R~R"})
    reach = destinations(s, 0, 1)
    assert (-2, 1) in reach and (-3, 1) not in reach
    s.apply("M 0,1>-2,1")
    assert picture(s)[(-2, 1)] == "~D~DF" and s.actions_left == 1
    assert (-3, 1) not in destinations(s, -2, 1)  # nothing left to climb with this turn (R19)


def test_frigate_drops_from_level_three_and_still_has_a_step():
    """> Dropping ignores depth entirely: the same Frigate can leave Level 3, land on the table, and still have a second space of movement in hand.
    """
    s = position({**CORES, (-1, 1): "S~D~RF", (-1, 0): "S", (-2, 0): "S"})
    assert {(-2, 1), (-3, 1), (-2, 2)} <= destinations(s, -1, 1)
    s.apply("M -1,1>-3,1")
    assert picture(s)[(-3, 1)] == "F" and s.height(-3, 1) == 1


def test_destroyer_and_repulsor_drop_any_depth_but_climb_one_level_a_turn():
    """The finding's position: the Destroyer may not climb twice in one turn.

    > A Repulsor or Destroyer, with 1 Move, can make that same descent but can only ever climb a single level per turn.

    Ruling: R19
    """
    drop = position({**CORES, (-1, 1): "S~D~RD", (-1, 0): "S"})
    assert (-2, 1) in destinations(drop, -1, 1)  # the same descent, from Level 3 to the table
    for ship in ("D", "R"):
        s = position({**CORES, (-1, 0): "S", (-1, 1): ship, (-2, 1): "S", (-3, 1): "SS"})
        s.apply("M -1,1>-2,1")  # one level up
        assert s.actions_left == 1 and (-3, 1) not in destinations(s, -2, 1)
        with pytest.raises(triptych.IllegalActionError, match="already climbed"):
            s.apply("M -2,1>-3,1")
        # dropping is still free, and the next turn it may climb again
        assert (-2, 2) in destinations(s, -2, 1)
        t = position({**CORES, (-1, 0): "S", (-1, 1): ship, (-2, 1): "S", (-3, 1): "SS"})
        t.apply("M -1,1>-2,1")
        t.apply(next(a for a in t.legal_actions() if a.source != (-2, 1)))
        t.apply(t.legal_actions()[0])
        t.apply(t.legal_actions()[0])
        assert t.to_move == 0 and (-3, 1) in destinations(t, -2, 1)
