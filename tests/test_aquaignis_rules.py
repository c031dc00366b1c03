"""One test (at least) per rule sentence of the AquaIgnis seed and per ruling
R1..R23 of docs/rules/aquaignis.md (the seed-quoting suite is tests/conformance/test_aquaignis_seed.py). Positions are built with from_dict."""

from __future__ import annotations

import pytest

import triptych
import triptych.aquaignis as aq
from conftest import AB, IB, A, I, board, notations, position

# --- the board, turns and the start -------------------------------------------------


def test_new_game_aqua_moves_first_with_two_actions_and_seven_spawns():
    s = aq.new_game()
    assert s.to_move == aq.AQUA and s.actions_left == 2
    assert notations(s) == [f"N{f}" for f in range(1, 8)]


def test_first_player_option_lets_ignis_start():
    s = aq.new_game(first_player="ignis")
    assert s.to_move == aq.IGNIS
    s.apply("N4")
    assert board(s)[(4, 6)] == ("ignis", "piece", 1)


def test_two_actions_per_turn_then_the_other_side():
    s = aq.new_game()
    s.apply("N1")
    assert (s.to_move, s.actions_left) == (aq.AQUA, 1)
    s.apply("N2")
    assert (s.to_move, s.actions_left) == (aq.IGNIS, 2)


def test_aqua_enters_at_0_ignis_at_6():
    s = aq.new_game()
    s.apply("N3")
    s.apply("N5")
    s.apply("N3")
    assert board(s) == {(3, 0): ("aqua", "piece", 1), (5, 0): ("aqua", "piece", 1), (3, 6): ("ignis", "piece", 1)}


# --- spawn ---------------------------------------------------------------------------


def test_spawn_may_replace_own_piece_as_sacrifice():
    s = position(A(2, 0, 3))
    assert "N2" in notations(s)
    s.apply("N2")
    assert board(s)[(2, 0)] == ("aqua", "piece", 1)


def test_R1_spawn_blocked_by_enemy_piece_on_entry_but_not_by_enemy_barrier():
    s = position(I(2, 0, 1), IB(3, 0, 2))
    legal = notations(s)
    assert "N2" not in legal and "N3" in legal and "N1" in legal
    with pytest.raises(triptych.IllegalActionError, match="your entry, flow 2 pos 0, is held by an enemy piece"):
        s.apply("N2")
    s.apply("N3")  # "Barriers do not block your spawn": it enters beyond the enemy barrier
    assert board(s)[(3, 1)] == ("aqua", "piece", 1) and board(s)[(3, 0)] == ("ignis", "barrier", 2)


def test_R2_spawn_passes_through_own_barrier_on_entry():
    s = position(AB(4, 0, 2))
    s.apply("N4")
    assert board(s)[(4, 1)] == ("aqua", "piece", 1)
    assert board(s)[(4, 0)] == ("aqua", "barrier", 2)


def test_R2_spawn_through_own_barrier_replaces_own_piece_behind_it():
    s = position(IB(4, 6, 1), I(4, 5, 3), to_move="ignis")
    s.apply("N4")
    assert board(s)[(4, 5)] == ("ignis", "piece", 1)


def test_R2_spawn_through_own_barrier_blocked_by_enemy_behind_it():
    s = position(AB(4, 0, 1), I(4, 1, 1))
    assert "N4" not in notations(s)


def test_barrier_elsewhere_in_flow_does_not_block_spawn():
    s = position(IB(5, 3, 3))
    assert "N5" in notations(s)


# --- charge and crown ------------------------------------------------------------------


def test_charge_adds_one():
    s = position(A(1, 2, 1))
    s.apply("C1.2")
    assert board(s)[(1, 2)][2] == 2


def test_one_piece_may_become_crown_when_none():
    s = position(A(1, 2, 3))
    s.apply("C1.2")
    assert board(s)[(1, 2)][2] == 4


def test_no_second_crown_while_one_stands():
    s = position(A(1, 2, 3), A(2, 3, 4))
    assert "C1.2" not in notations(s)
    with pytest.raises(triptych.IllegalActionError, match="already have a Crown"):
        s.apply("C1.2")


def test_crown_cannot_be_charged_past_four():
    s = position(A(2, 3, 4))
    assert "C2.3" not in notations(s)
    with pytest.raises(triptych.IllegalActionError, match="Crown cannot be charged"):
        s.apply("C2.3")


def test_may_crown_again_after_crown_is_reduced():
    # The crown loses a clash point (4 vs 4 -> both 3); then a new crown is allowed.
    s = position(A(2, 3, 4), I(2, 4, 4), A(5, 1, 3))
    s.apply("A2.3")
    assert board(s)[(2, 3)][2] == 3 and board(s)[(2, 4)][2] == 3
    assert "C5.1" in notations(s)
    s.apply("C5.1")
    assert board(s)[(5, 1)][2] == 4


def test_charge_barrier_raises_durability_up_to_3():
    s = position(AB(3, 2, 2))
    s.apply("C3.2")
    assert board(s)[(3, 2)] == ("aqua", "barrier", 3)
    assert "C3.2" not in notations(s)


# --- advance and clashes ----------------------------------------------------------------


def test_advance_moves_one_slot_in_own_direction():
    s = position(A(1, 2), I(6, 4), to_move="aqua")
    s.apply("A1.2")
    assert (1, 3) in board(s)
    s.apply("N7")
    s.apply("A6.4")
    assert board(s)[(6, 3)] == ("ignis", "piece", 1)


def test_advance_blocked_by_own_piece():
    s = position(A(1, 2), A(1, 3))
    assert "A1.2" not in notations(s)
    with pytest.raises(triptych.IllegalActionError, match="own piece blocks"):
        s.apply("A1.2")


def test_higher_charge_wins_clash_and_R4_attacker_takes_the_slot():
    s = position(A(1, 2, 3), I(1, 3, 2))
    s.apply("A1.2")
    assert board(s) == {(1, 3): ("aqua", "piece", 3)}


def test_R4_defender_with_higher_charge_wins_and_stays():
    s = position(A(1, 2, 1), I(1, 3, 2))
    s.apply("A1.2")
    assert board(s) == {(1, 3): ("ignis", "piece", 2)}


def test_equal_clash_both_lose_exactly_one_and_R4_attacker_stays():
    s = position(A(1, 2, 2), I(1, 3, 2))
    s.apply("A1.2")
    assert board(s) == {(1, 2): ("aqua", "piece", 1), (1, 3): ("ignis", "piece", 1)}


def test_equal_clash_at_one_destroys_both():
    s = position(A(1, 2, 1), I(1, 3, 1))
    s.apply("A1.2")
    assert board(s) == {}


def test_crown_beats_lower_charges():
    s = position(A(1, 2, 4), I(1, 3, 3))
    s.apply("A1.2")
    assert board(s) == {(1, 3): ("aqua", "piece", 4)}


def test_crown_vs_crown_both_drop_to_three():
    s = position(A(1, 2, 4), I(1, 3, 4))
    s.apply("A1.2")
    assert board(s) == {(1, 2): ("aqua", "piece", 3), (1, 3): ("ignis", "piece", 3)}


# --- barriers --------------------------------------------------------------------------


def test_barrier_converts_a_piece_one_per_player():
    s = position(A(1, 2, 2), A(3, 1, 1))
    s.apply("B1.2")
    assert board(s)[(1, 2)] == ("aqua", "barrier", 2)
    assert "B3.1" not in notations(s)
    with pytest.raises(triptych.IllegalActionError, match="already have a barrier"):
        s.apply("B3.1")


def test_R14_crown_converts_to_durability_three_barrier():
    s = position(A(1, 2, 4))
    s.apply("B1.2")
    assert board(s)[(1, 2)] == ("aqua", "barrier", 3)


def test_barrier_may_be_rebuilt_after_destroyed():
    s = position(AB(1, 2, 1), I(1, 3, 2), A(4, 1, 1), to_move="ignis")
    s.apply("A1.3")  # 2 > 1: the barrier is destroyed
    s.apply("N6")
    assert "B4.1" in notations(s)


def test_barrier_never_expires():
    s = position(AB(2, 2, 1), A(5, 0, 1))
    for _ in range(10):
        s.apply(s.legal_actions()[0])  # spawns
    assert board(s)[(2, 2)] == ("aqua", "barrier", 1)


def test_barrier_does_not_move():
    s = position(AB(2, 2, 1))
    legal = notations(s)
    assert "A2.2" not in legal and "S2.2" not in legal


def test_R3_own_pieces_advance_through_own_barrier():
    s = position(A(2, 1, 1), AB(2, 2, 2))
    s.apply("A2.1")
    assert board(s) == {(2, 3): ("aqua", "piece", 1), (2, 2): ("aqua", "barrier", 2)}


def test_R3_R6_own_barrier_on_edge_row_is_passed_off_the_board():
    # R3: a piece on 5 behind its own barrier on 6 passes it freely, and beyond it is the way off the
    # board from the edge row: an Advance or a Surge scores; the barrier stays.
    s = position(A(2, 5, 3), AB(2, 6, 1))
    legal = notations(s)
    assert "A2.5" in legal and "S2.5" in legal
    s.apply("A2.5")
    assert s.score == (1, 0) and board(s) == {(2, 6): ("aqua", "barrier", 1)}
    # Behind the barrier an own piece still blocks: passing the barrier onto it is no move.
    t = position(A(2, 3, 1), AB(2, 4, 1), A(2, 5, 1))
    assert "A2.3" not in notations(t)
    with pytest.raises(triptych.IllegalActionError, match="own piece beyond your barrier"):
        t.apply("A2.3")


def test_stronger_attack_destroys_barrier_and_R4_takes_its_slot():
    s = position(A(2, 1, 3), IB(2, 2, 2))
    s.apply("A2.1")
    assert board(s) == {(2, 2): ("aqua", "piece", 3)}


def test_equal_attack_on_barrier_costs_both_one():
    s = position(A(2, 1, 2), IB(2, 2, 2))
    s.apply("A2.1")
    assert board(s) == {(2, 1): ("aqua", "piece", 1), (2, 2): ("ignis", "barrier", 1)}


def test_weaker_attack_on_barrier_costs_both_one():
    s = position(A(2, 1, 1), IB(2, 2, 3))
    s.apply("A2.1")
    assert board(s) == {(2, 2): ("ignis", "barrier", 2)}


def test_barrier_worn_to_zero_is_destroyed_attacker_stays():
    s = position(A(2, 1, 1), IB(2, 2, 1))
    s.apply("A2.1")
    assert board(s) == {}  # both reach 0
    s = position(A(2, 1, 2), IB(2, 2, 2))
    s.apply("A2.1")
    s.apply("A2.1")  # 1 vs 1: both destroyed
    assert board(s) == {}


def test_enemy_cannot_side_jump_into_barrier_flow():
    s = position(A(2, 3, 3), I(3, 3, 1), IB(3, 5, 2))
    assert "J2.3-3.3" not in notations(s)
    with pytest.raises(triptych.IllegalActionError, match="enemy Barrier"):
        s.apply("J2.3-3.3")


# --- surge ------------------------------------------------------------------------------


def test_surge_needs_exactly_three():
    for charge in (1, 2, 4):
        s = position(A(4, 1, charge))
        assert "S4.1" not in notations(s)
    s = position(A(4, 1, 2))
    with pytest.raises(triptych.IllegalActionError, match="exactly 3"):
        s.apply("S4.1")


def test_surge_moves_two_slots_and_ends_at_charge_one():
    s = position(A(4, 1, 3))
    s.apply("S4.1")
    assert board(s)[(4, 3)] == ("aqua", "piece", 1)


def test_R5_surge_stops_at_first_fight_and_takes_slot_when_winning():
    s = position(A(4, 1, 3), I(4, 2, 2), I(4, 4, 1))
    s.apply("S4.1")
    b = board(s)
    assert b[(4, 2)] == ("aqua", "piece", 1) and b[(4, 4)] == ("ignis", "piece", 1)


def test_R5_surge_clash_on_second_step():
    s = position(A(4, 1, 3), I(4, 3, 3))
    s.apply("S4.1")
    b = board(s)
    assert b[(4, 2)] == ("aqua", "piece", 1) and b[(4, 3)] == ("ignis", "piece", 2)


def test_R5_surge_stops_short_of_own_piece_and_needs_open_first_step():
    s = position(A(4, 1, 3), A(4, 3, 1))
    s.apply("S4.1")
    assert board(s)[(4, 2)] == ("aqua", "piece", 1)
    s = position(A(4, 1, 3), A(4, 2, 1))
    assert "S4.1" not in notations(s)


def test_R5_surge_loses_to_crown():
    s = position(A(4, 1, 3), I(4, 2, 4))
    s.apply("S4.1")
    assert (4, 1) not in board(s) and board(s)[(4, 2)] == ("ignis", "piece", 4)


def test_R3_surge_passes_through_own_barrier():
    s = position(A(4, 1, 3), AB(4, 2, 1))
    s.apply("S4.1")
    assert board(s)[(4, 4)] == ("aqua", "piece", 1)


def test_pulse_boosts_pieces_in_adjacent_flows():
    s = position(A(4, 1, 3), A(3, 2, 1), A(5, 0, 2))
    s.apply("S4.1")
    b = board(s)
    assert b[(3, 2)][2] == 2 and b[(5, 0)][2] == 3


def test_R8_pulse_sends_fresh_scout_into_empty_flank():
    s = position(A(4, 1, 3), A(3, 2, 1))
    s.apply("S4.1")
    b = board(s)
    assert b[(5, 0)] == ("aqua", "piece", 1) and b[(3, 2)][2] == 2
    assert s.to_dict()["links"] == []


def test_R8_fresh_scout_blocked_by_enemy_entry():
    s = position(A(4, 1, 3), I(5, 0, 1))
    s.apply("S4.1")
    assert board(s)[(5, 0)] == ("ignis", "piece", 1)


def test_R8_pulse_wraps_around_the_ring():
    s = position(A(1, 1, 3), A(7, 3, 1), A(2, 2, 1))
    s.apply("S1.1")
    b = board(s)
    assert b[(7, 3)][2] == 2 and b[(2, 2)][2] == 2


def test_R7_pulse_boosts_the_piece_nearest_the_surge_end():
    # Surge ends at pos 3; flank 3 has pieces at 0 and 4 (distances 3 and 1).
    s = position(A(4, 1, 3), A(3, 0, 1), A(3, 4, 1), A(5, 2, 1), A(5, 4, 1))
    s.apply("S4.1")
    b = board(s)
    assert b[(3, 4)][2] == 2 and b[(3, 0)][2] == 1
    # Flank 5: pos 2 and pos 4 tie at distance 1 -> the more advanced (pos 4) answers.
    assert b[(5, 4)][2] == 2 and b[(5, 2)][2] == 1


def test_R8_pulse_may_crown_only_when_no_crown():
    s = position(A(4, 1, 3), A(3, 3, 3), A(5, 3, 1))
    s.apply("S4.1")
    assert board(s)[(3, 3)][2] == 4
    s = position(A(4, 1, 3), A(3, 3, 3), A(5, 3, 1), A(7, 0, 4))
    s.apply("S4.1")
    assert board(s)[(3, 3)][2] == 3


def test_R8_pulse_happens_after_breakthrough_surge():
    s = position(A(4, 6, 3), A(3, 5, 1), A(5, 6, 2))
    s.apply("S4.6")
    assert s.score == (1, 0)
    b = board(s)
    assert b[(3, 5)][2] == 2 and b[(5, 6)][2] == 3


def test_crown_cannot_surge():
    s = position(A(4, 1, 4))
    assert "S4.1" not in notations(s)


# --- breakthroughs -----------------------------------------------------------------------


def test_breakthrough_by_advance_from_edge_row_scores():
    s = position(A(1, 6, 1), I(2, 0, 2), to_move="aqua")
    s.apply("A1.6")
    assert s.score == (1, 0) and (1, 6) not in board(s)
    s.apply("N3")
    s.apply("A2.0")
    assert s.score == (1, 1)


def test_landing_on_the_edge_row_does_not_score():
    s = position(A(1, 5, 1))
    s.apply("A1.5")
    assert s.score == (0, 0) and board(s)[(1, 6)] == ("aqua", "piece", 1)


def test_R6_surge_from_pos_5_stops_on_the_edge_row_without_scoring():
    s = position(A(1, 5, 3))
    s.apply("S1.5")
    assert s.score == (0, 0) and board(s)[(1, 6)] == ("aqua", "piece", 1)
    s = position(I(1, 1, 3), to_move="ignis")
    s.apply("S1.1")
    assert s.score == (0, 0) and board(s)[(1, 0)] == ("ignis", "piece", 1)
    # From the edge row itself the Surge scores.
    s = position(A(1, 6, 3))
    s.apply("S1.6")
    assert s.score == (1, 0) and (1, 6) not in board(s)


def test_R6_surge_from_pos_5_blocked_on_edge_does_not_score():
    s = position(A(1, 5, 3), I(1, 6, 1))
    s.apply("S1.5")
    assert s.score == (0, 0) and board(s)[(1, 6)] == ("aqua", "piece", 1)


def test_first_to_four_wins_R18_immediately():
    s = position(A(1, 6, 1), A(2, 6, 1), score=(3, 0))
    s.apply("A1.6")
    assert s.is_terminal() and s.winner == aq.AQUA and s.to_move == triptych.TERMINAL
    assert s.returns() == [1.0, -1.0]
    assert s.legal_actions() == []
    with pytest.raises(triptych.IllegalActionError, match="game is over"):
        s.apply("A2.6")


def test_R18_fourth_breakthrough_stops_parallel_advance():
    link = [{"owner": "aqua", "flows": [1, 3], "turns_left": 2}]
    s = position(A(1, 6, 1), A(3, 6, 1), score=(3, 2), links=link, actions_left=1)
    s.apply("A1.6")
    assert s.is_terminal() and s.score == (4, 2) and board(s)[(3, 6)] == ("aqua", "piece", 1)


# --- side jumps ----------------------------------------------------------------------------


def test_side_jump_needs_charge_two():
    s = position(A(2, 3, 1), I(3, 3, 1))
    assert "J2.3-3.3" not in notations(s)
    with pytest.raises(triptych.IllegalActionError, match="charge 2 or more"):
        s.apply("J2.3-3.3")


def test_side_jump_needs_same_height():
    s = position(A(2, 3, 3), I(3, 4, 1))
    assert not any(n.startswith("J") for n in notations(s))


def test_side_jump_target_to_zero_dies_and_jumper_lands():
    s = position(A(2, 3, 3), I(3, 3, 1))
    s.apply("J2.3-3.3")
    assert board(s) == {(3, 3): ("aqua", "piece", 2)}


def test_side_jump_both_survive_jumper_bounces_home():
    s = position(A(2, 3, 2), I(3, 3, 3))
    s.apply("J2.3-3.3")
    assert board(s) == {(2, 3): ("aqua", "piece", 1), (3, 3): ("ignis", "piece", 2)}


def test_weaker_jumper_still_chips_a_crown():
    s = position(A(2, 3, 2), I(3, 3, 4))
    s.apply("J2.3-3.3")
    assert board(s)[(3, 3)] == ("ignis", "piece", 3)


def test_R20_jumper_never_reaches_zero_because_jumps_need_charge_two():
    # The weakest legal jumper (charge 2) kills a charge-1 target and lands with 1.
    s = position(A(2, 3, 2), I(3, 3, 1))
    s.apply("J2.3-3.3")
    assert board(s) == {(3, 3): ("aqua", "piece", 1)}
    s = position(A(2, 3, 2), I(3, 3, 2))
    s.apply("J2.3-3.3")
    assert board(s) == {(2, 3): ("aqua", "piece", 1), (3, 3): ("ignis", "piece", 1)}


def test_side_jump_wraps_between_flows_1_and_7():
    s = position(A(1, 3, 2), I(7, 3, 1))
    assert "J1.3-7.3" in notations(s)
    s.apply("J1.3-7.3")
    assert board(s) == {(7, 3): ("aqua", "piece", 1)}


def test_R15_barrier_is_not_a_jump_target():
    s = position(A(2, 3, 3), IB(3, 3, 1))
    assert not any(n.startswith("J") for n in notations(s))


def test_crown_may_side_jump_and_loses_crown():
    s = position(A(2, 3, 4), I(3, 3, 2))
    s.apply("J2.3-3.3")
    assert board(s) == {(2, 3): ("aqua", "piece", 3), (3, 3): ("ignis", "piece", 1)}


# --- flow link -------------------------------------------------------------------------------


def surge_with_link():
    s = position(A(4, 1, 3), A(3, 2, 1), A(5, 2, 1), I(6, 4, 1), I(2, 4, 1))
    s.apply("S4.1")
    return s


def test_R9_link_forms_when_both_flanks_held_pieces():
    s = surge_with_link()
    assert s.to_dict()["links"] == [{"owner": "aqua", "flows": [3, 5], "turns_left": 2}]


def test_R9_no_link_with_a_fresh_scout():
    s = position(A(4, 1, 3), A(3, 2, 1))
    s.apply("S4.1")
    assert s.to_dict()["links"] == []


def test_R9_no_link_when_a_flank_piece_is_capped_and_not_boosted():
    # Flank 3 holds only a capped piece (AQUA already has a Crown): the pulse boosts nothing there.
    s = position(A(4, 1, 3), A(3, 2, 3), A(5, 2, 1), A(7, 0, 4))
    s.apply("S4.1")
    assert board(s)[(3, 2)][2] == 3 and board(s)[(5, 2)][2] == 2
    assert s.to_dict()["links"] == []


def test_R9_new_link_replaces_old():
    s = position(A(4, 1, 3), A(3, 2, 1), A(5, 2, 1), A(2, 1, 1), A(1, 1, 3), A(7, 1, 1),
                 links=[{"owner": "aqua", "flows": [1, 3], "turns_left": 1}])
    s.apply("S1.1")  # flanks 7 and 2 both held
    assert s.to_dict()["links"] == [{"owner": "aqua", "flows": [7, 2], "turns_left": 2}]


def test_R10_link_usable_at_once_and_lasts_through_next_own_turn():
    s = surge_with_link()
    # The second action of the same turn already uses the link (Parallel Advance).
    s.apply("A3.2")
    b = board(s)
    assert b[(3, 3)] == ("aqua", "piece", 2) and b[(5, 3)] == ("aqua", "piece", 2)
    assert s.to_dict()["links"][0]["turns_left"] == 1
    s.apply("N1")
    s.apply("N1")  # IGNIS' turn ends; AQUA's next turn is still linked
    assert s.to_dict()["links"][0]["turns_left"] == 1
    s.apply("C3.3")
    assert board(s)[(5, 3)][2] == 3  # Harmonic Charge in the next own turn
    s.apply("N7")
    assert s.to_dict()["links"] == []  # expired at the end of that turn


def test_R11_parallel_advance_moves_partner_piece_with_clash():
    s = position(A(3, 2, 2), A(5, 2, 2), I(5, 3, 1),
                 links=[{"owner": "aqua", "flows": [3, 5], "turns_left": 2}], actions_left=1)
    s.apply("A3.2")
    b = board(s)
    assert b[(3, 3)] == ("aqua", "piece", 2) and b[(5, 3)] == ("aqua", "piece", 2)


def test_R11_parallel_advance_skips_blocked_pieces_and_surge_does_not_trigger():
    s = position(A(3, 2, 3), A(5, 2, 1), A(5, 3, 1), A(5, 0, 1),
                 links=[{"owner": "aqua", "flows": [3, 5], "turns_left": 2}], actions_left=1)
    before = board(s)
    s.apply("S3.2")  # surge does not trigger Parallel Advance
    for pos in (0, 2, 3):
        assert before[(5, pos)] == board(s)[(5, pos)]
    s = position(A(3, 2, 1), A(5, 2, 1), A(5, 3, 1), A(5, 0, 1),
                 links=[{"owner": "aqua", "flows": [3, 5], "turns_left": 2}], actions_left=1)
    s.apply("A3.2")  # 5.2 is blocked by 5.3; 5.3 (distance 1) advances
    b = board(s)
    assert (5, 4) in b and (5, 2) in b and (5, 0) in b


def test_R12_harmonic_charge_boosts_partner_and_respects_crown_cap():
    link = [{"owner": "aqua", "flows": [3, 5], "turns_left": 1}]
    s = position(A(3, 2, 1), A(5, 2, 1), links=link)
    s.apply("C3.2")
    assert board(s)[(5, 2)][2] == 2
    s = position(A(3, 2, 3), A(5, 2, 3), links=link)
    s.apply("C3.2")  # 3.2 becomes the Crown; the partner cannot be a second Crown
    assert board(s)[(3, 2)][2] == 4 and board(s)[(5, 2)][2] == 3


def test_R12_harmonic_charge_from_barrier_charge():
    link = [{"owner": "aqua", "flows": [3, 5], "turns_left": 1}]
    s = position(AB(3, 2, 1), A(5, 2, 1), links=link)
    s.apply("C3.2")
    assert board(s)[(3, 2)] == ("aqua", "barrier", 2) and board(s)[(5, 2)][2] == 2


def test_R13_resonant_jump_between_linked_flows():
    link = [{"owner": "aqua", "flows": [3, 5], "turns_left": 1}]
    s = position(A(3, 2, 2), I(5, 2, 1), I(5, 3, 1), I(5, 1, 1), links=link)
    legal = notations(s)
    assert "J3.2-5.2" in legal and "J3.2-5.3" in legal and "J3.2-5.1" not in legal
    s.apply("J3.2-5.3")
    assert board(s)[(5, 3)] == ("aqua", "piece", 1)


def test_R13_resonant_jump_for_ignis_goes_toward_aqua_entry():
    link = [{"owner": "ignis", "flows": [3, 5], "turns_left": 1}]
    s = position(I(3, 4, 2), A(5, 3, 1), A(5, 5, 1), to_move="ignis", links=link)
    legal = notations(s)
    assert "J3.4-5.3" in legal and "J3.4-5.5" not in legal


def test_R13_resonant_jump_blocked_by_enemy_barrier_and_needs_link():
    link = [{"owner": "aqua", "flows": [3, 5], "turns_left": 1}]
    s = position(A(3, 2, 2), I(5, 2, 1), IB(5, 6, 1), links=link)
    assert "J3.2-5.2" not in notations(s)
    s = position(A(3, 2, 2), I(5, 2, 1))
    with pytest.raises(triptych.IllegalActionError, match="neither adjacent nor linked"):
        s.apply("J3.2-5.2")


def test_enemy_link_does_not_help_me():
    link = [{"owner": "ignis", "flows": [3, 5], "turns_left": 1}]
    s = position(A(3, 2, 2), I(5, 2, 1), links=link)
    assert "J3.2-5.2" not in notations(s)


# --- pass, stalling and the hash ---------------------------------------------------------------


def test_R16_pass_only_when_nothing_else_is_legal():
    ignis_everywhere = [I(f, 0, 1) for f in range(1, 8)]
    s = position(*ignis_everywhere)
    assert notations(s) == ["pass"]
    s.apply("pass")
    assert s.actions_left == 1
    s = aq.new_game()
    with pytest.raises(triptych.IllegalActionError, match="only allowed when no other"):
        s.apply("pass")


def test_R17_stalled_game_is_a_draw():
    s = aq.new_game(no_progress_limit=3)  # 3 turns = 6 actions
    for n in ("N1", "N2", "N1", "N2", "C1.0"):
        s.apply(n)
        assert not s.is_terminal()
    s.apply("C2.0")
    assert s.is_terminal() and s.winner is None and s.returns() == [0.0, 0.0]


def test_R17_no_progress_limit_zero_turns_the_house_rule_off():
    """R17 is a house rule (the seed has no draw): no_progress_limit=0 turns it off, as Hexfleet's
    repetitions=0 does. Nothing is counted, so no number of quiet actions draws the game."""
    s = aq.new_game(no_progress_limit=0)
    assert s.to_dict()["options"]["no_progress_limit"] == 0
    quiet = ["N1", "N2", "N1", "N2"]  # a turn of spawns each: no breakthrough, nothing destroyed
    for n in quiet:
        s.apply(n)
    for _ in range(150):  # 300 more quiet actions (a spawn replacing your own piece is no progress)
        for flow in (3, 4):
            s.apply(f"N{flow}")
    assert not s.is_terminal() and s.to_dict()["no_progress"] == 0
    # the same line with the house rule on (limit 3) is drawn after 6 quiet actions
    on = aq.new_game(no_progress_limit=3)
    for n in quiet + ["N3", "N4"]:
        on.apply(n)
    assert on.is_terminal() and on.winner is None
    # a saved game with the rule off round-trips, and a count under "off" is refused by name
    d = s.to_dict()
    assert aq.State.from_dict(d).to_dict() == d
    d["no_progress"] = 1
    with pytest.raises(triptych.InvalidStateError, match=r"^no_progress: must be 0 when options.no_progress_limit is 0"):
        aq.State.from_dict(d)


def test_R17_the_players_rules_page_calls_the_stall_draw_a_house_rule():
    """The rules in brief (F1's page in the client, and the top of `triptych rules aquaignis`) name the
    stall draw a house rule and say how to turn it off."""
    from triptych.cli.rules_command import rules_text
    from triptych.client3d.help_pages import help_page

    brief = rules_text("aquaignis").split("## Rulings")[0]
    for page in (brief, help_page("aquaignis")):
        line = next(ln for ln in page.splitlines() if "Stalled game" in ln)
        assert "house rule" in line and "not in the seed" in line
        assert "no_progress_limit" in page and "0 turns the house rule off" in page


def test_R17_destruction_resets_the_counter():
    s = position(A(1, 2, 2), I(1, 3, 1), no_progress=5)
    s.apply("A1.2")
    assert s.to_dict()["no_progress"] == 0
    s.apply("N4")
    assert s.to_dict()["no_progress"] == 1


def test_hash_ignores_turn_and_counter_but_not_side_or_actions():
    base = dict(to_move="aqua", actions_left=2)
    h = position(A(1, 1), **base).hash
    assert position(A(1, 1), turn=7, no_progress=3, **base).hash == h
    assert position(A(1, 1), to_move="ignis").hash != h
    assert position(A(1, 1), actions_left=1).hash != h
    assert position(A(1, 1), score=(1, 0)).hash != h
    link = [{"owner": "aqua", "flows": [3, 5], "turns_left": 1}]
    assert position(A(1, 1), links=link).hash != h


def test_transposition_same_hash():
    s1, s2 = aq.new_game(), aq.new_game()
    for n in ("N1", "N2"):
        s1.apply(n)
    for n in ("N2", "N1"):
        s2.apply(n)
    assert s1.hash == s2.hash and s1.to_dict() == s2.to_dict()


def test_R8_left_flank_is_pulsed_first_and_takes_the_crown():
    # Both flanks hold a charge-3 piece and AQUA has no Crown: the left flank (the lower flow, 7 for
    # flow 1 on the ring) is pulsed first and crowns; the right one is then capped at 3.
    s = position(A(4, 1, 3), A(3, 3, 3), A(5, 3, 3))
    s.apply("S4.1")
    assert board(s)[(3, 3)][2] == 4 and board(s)[(5, 3)][2] == 3
    s = position(A(1, 1, 3), A(7, 3, 3), A(2, 3, 3))
    s.apply("S1.1")
    assert board(s)[(7, 3)][2] == 4 and board(s)[(2, 3)][2] == 3


def test_R8_fresh_scout_enters_beyond_a_barrier_on_the_entry():
    # The scout enters as a spawn would: no barrier blocks it (R1, R2), an enemy piece does.
    s = position(A(4, 1, 3), IB(3, 0, 2), I(5, 0, 1))
    s.apply("S4.1")
    b = board(s)
    assert b[(3, 1)] == ("aqua", "piece", 1) and b[(3, 0)] == ("ignis", "barrier", 2)
    assert b[(5, 0)] == ("ignis", "piece", 1) and (5, 1) not in b
