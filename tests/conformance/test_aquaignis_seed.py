"""AquaIgnis seed conformance: every rule-bearing sentence of aquaignis.txt, quoted and checked.

Each test was written from the sentence it quotes (the seed is the rule book); where the seed leaves a
choice, the docstring names the ruling of docs/rules/aquaignis.md that makes it. Positions are built with
from_dict (flows 1..7, positions 0..6 as in the seed).
"""

from __future__ import annotations

import random

import pytest

import triptych
import triptych.aquaignis as aq
from conftest import AB, IB, A, I, board, notations, position

SEED = "aquaignis.txt"


def charge_at(state: aq.State, flow: int, pos: int) -> int:
    return board(state)[(flow, pos)][2]


def linked_by_surge() -> aq.State:
    """AQUA surges up flow 4 with pieces in both flanks (3 and 5): a Flow Link [3, 5], one action left."""
    s = position(A(4, 1, 3), A(3, 2, 1), A(5, 2, 1), I(6, 5, 1))
    s.apply("S4.1")
    assert s.to_dict()["links"] == [{"owner": "aqua", "flows": [3, 5], "turns_left": 2}]
    return s


# --- the board, the sides, the turn -----------------------------------------------------------------


def test_seven_flows_of_seven_slots_and_two_factions():
    """The board is 7 flows × 7 slots, and two sides play.

    > 7 CONDUITS • 2 FACTIONS • PURE FLOW

    > 7 vertical Flows (columns 1–7), each with 7 slots (positions 0–6)
    """
    s = aq.new_game()
    assert notations(s) == [f"N{f}" for f in range(1, 8)]
    assert aq.OBSERVATION_SHAPE[1:] == (7, 7)
    assert position(A(7, 6)).to_dict()["pieces"] == [A(7, 6)]
    for bad, field in ((A(8, 0), "flow"), (A(1, 7), "pos"), (A(0, 3), "flow")):
        with pytest.raises(triptych.InvalidStateError, match=field):
            position(bad)
    assert aq.PLAYER_NAMES == ("AQUA", "IGNIS")


def test_aqua_enters_at_the_bottom_and_rises_ignis_enters_at_the_top_and_descends():
    """Entries and directions.

    > AQUA rises from the source; IGNIS descends from the sink.

    > AQUA enters at bottom (pos 0) and moves up

    > IGNIS enters at top (pos 6) and moves down
    """
    s = aq.new_game()
    s.apply("N2")
    s.apply("A2.0")
    assert board(s) == {(2, 1): ("aqua", "piece", 1)}
    s.apply("N5")
    s.apply("A5.6")
    assert board(s)[(5, 5)] == ("ignis", "piece", 1)


def test_aqua_moves_first_unless_the_option_says_ignis():
    """Ruling: R21 (the seed does not say who starts).

    > AQUA enters at bottom (pos 0) and moves up
    """
    s = aq.new_game()
    assert s.to_move == aq.AQUA and s.actions_left == 2 and s.score == (0, 0)
    s = aq.new_game(first_player="ignis")
    assert s.to_move == aq.IGNIS
    s.apply("N4")
    assert board(s) == {(4, 6): ("ignis", "piece", 1)}


def test_a_player_with_nothing_legal_passes():
    """Ruling: R16 (pass costs an action and is legal only when nothing else is).

    > Two actions per turn.
    """
    s = position(*[I(f, 0, 1) for f in range(1, 8)])  # every AQUA entry held, no AQUA unit
    assert notations(s) == ["pass"]
    s.apply("pass")
    assert (s.to_move, s.actions_left) == (aq.AQUA, 1)
    s.apply("pass")
    assert s.to_move == aq.IGNIS and "pass" not in notations(s)


def test_a_stalled_game_is_a_draw():
    """Ruling: R17 (no breakthrough and no destroyed unit for no_progress_limit whole turns: a draw).

    > First player to 4 Breakthroughs wins.
    """
    s = aq.new_game(no_progress_limit=2)  # 2 whole turns = 4 actions
    for move in ("N1", "N2", "N6"):
        s.apply(move)
        assert not s.is_terminal()
    s.apply("N7")
    assert s.is_terminal() and s.winner is None and s.returns() == [0.0, 0.0]


def test_no_randomness_the_same_actions_always_give_the_same_game():
    """No chance node anywhere: a game is its list of actions.

    > No randomness.
    """
    def play(seed: int) -> tuple[list[str], dict]:
        rng, s, moves = random.Random(seed), aq.new_game(), []
        for _ in range(120):
            if s.is_terminal():
                break
            assert s.to_move in (aq.AQUA, aq.IGNIS)  # never triptych.CHANCE
            move = str(rng.choice(s.legal_actions()))
            moves.append(move)
            s.apply(move)
        return moves, s.to_dict()

    moves, final = play(3)
    replay = aq.new_game()
    for move in moves:
        replay.apply(move)
    assert replay.to_dict() == final


def test_two_actions_per_turn_one_crown_one_barrier_first_to_four():
    """The landing page's summary line.

    > ACTIONS (2 PER TURN)

    > Two actions per turn.

    > Two actions per turn. Master scarce power (one Crown, one Barrier). First to 4 wins.
    """
    s = aq.new_game()
    s.apply("N1")
    assert (s.to_move, s.actions_left) == (aq.AQUA, 1)
    s.apply("N2")
    assert (s.to_move, s.actions_left) == (aq.IGNIS, 2)
    s = position(A(1, 2, 3), A(2, 2, 4), A(3, 2, 2), AB(4, 2, 1))
    assert "C1.2" not in notations(s)  # a second Crown
    assert not any(n.startswith("B") for n in notations(s))  # a second Barrier
    s = position(A(1, 6, 1), score=(3, 2))
    s.apply("A1.6")
    assert s.is_terminal() and s.winner == aq.AQUA and s.score == (4, 2)


def test_first_to_four_breakthroughs_wins():
    """Ruling: R18 (the game ends at once).

    > First player to 4 Breakthroughs wins.
    """
    s = position(I(3, 0, 2), I(4, 0, 1), score=(3, 3), to_move="ignis")
    s.apply("A3.0")
    assert s.is_terminal() and s.winner == aq.IGNIS and s.returns() == [-1.0, 1.0]
    assert s.legal_actions() == [] and s.to_move == triptych.TERMINAL
    s = position(A(1, 6, 1), score=(2, 0))
    s.apply("A1.6")
    assert s.score == (3, 0) and not s.is_terminal()


# --- spawn ----------------------------------------------------------------------------------------------


def test_spawn_puts_a_charge_one_piece_on_your_entry():
    """Ruling: R22 (the game starts on an empty board: spawning is how pieces arrive).

    > SPAWN — Charge-1 at your entry.
    """
    s = aq.new_game()
    assert board(s) == {}
    s.apply("N6")
    assert board(s) == {(6, 0): ("aqua", "piece", 1)}
    s = position(A(1, 1), to_move="ignis")
    s.apply("N6")
    assert board(s)[(6, 6)] == ("ignis", "piece", 1)


def test_spawn_may_replace_your_own_piece_on_the_entry():
    """Ruling: R23 (the piece replaced is the one on the slot the spawn lands on).

    > May replace your own piece in that flow (sacrifice).
    """
    s = position(A(2, 0, 3), A(2, 3, 2))
    s.apply("N2")
    assert board(s) == {(2, 0): ("aqua", "piece", 1), (2, 3): ("aqua", "piece", 2)}
    s = position(I(2, 6, 4), to_move="ignis")
    s.apply("N2")  # even a Crown may be sacrificed
    assert board(s) == {(2, 6): ("ignis", "piece", 1)}


def test_no_barrier_blocks_your_spawn():
    """Ruling: R1, R2 (an enemy barrier on your entry does not block your spawn either).

    > Barriers do not block your spawn.

    > Your pieces Advance, Surge, and Spawn through it freely
    """
    s = position(AB(3, 0, 2), IB(5, 0, 1), I(6, 0, 1))
    legal = notations(s)
    assert "N3" in legal and "N5" in legal and "N6" not in legal  # an enemy piece does block (R1)
    s.apply("N3")
    s.apply("N5")
    b = board(s)
    assert b[(3, 1)] == ("aqua", "piece", 1) and b[(3, 0)] == ("aqua", "barrier", 2)
    assert b[(5, 1)] == ("aqua", "piece", 1) and b[(5, 0)] == ("ignis", "barrier", 1)


# --- charge and the Crown -------------------------------------------------------------------------------


def test_charge_adds_one_up_to_the_normal_maximum_three():
    """A Crown (4) is the top: it cannot be charged further either.

    > CHARGE — +1 charge (normal max 3).
    """
    s = position(A(1, 2, 1), A(2, 2, 3), A(3, 2, 4))
    s.apply("C1.2")
    assert charge_at(s, 1, 2) == 2
    assert "C2.2" not in notations(s) and "C3.2" not in notations(s)  # 3 is the cap while a Crown stands
    with pytest.raises(triptych.IllegalActionError, match="already have a Crown"):
        s.apply("C2.2")
    with pytest.raises(triptych.IllegalActionError, match="Crown cannot be charged"):
        s.apply("C3.2")


def test_one_piece_may_be_crowned_while_you_have_no_crown():
    """> One piece may go to 4 (Crown) if you have no Crown yet."""
    s = position(A(1, 2, 3), A(2, 2, 3), I(5, 5, 4))  # the enemy's Crown does not count
    s.apply("C1.2")
    assert charge_at(s, 1, 2) == 4
    assert "C2.2" not in notations(s)


def test_you_may_charge_your_barrier_up_to_durability_three():
    """> You may also charge your Barrier (durability max 3)."""
    s = position(AB(3, 2, 2))
    s.apply("C3.2")
    assert board(s)[(3, 2)] == ("aqua", "barrier", 3)
    with pytest.raises(triptych.IllegalActionError, match="maximum durability 3"):
        s.apply("C3.2")


def test_at_most_one_crown_per_player_at_a_time():
    """> At most one charge-4 piece per player at a time"""
    s = position(A(1, 2, 4), A(2, 2, 3), I(4, 4, 3), to_move="ignis")
    s.apply("C4.4")  # IGNIS may have its own Crown beside AQUA's
    assert charge_at(s, 4, 4) == 4
    s.apply("N1")
    assert "C2.2" not in notations(s)
    d = position(A(1, 2, 4)).to_dict()
    d["pieces"].append(A(2, 2, 4))
    with pytest.raises(triptych.InvalidStateError, match="a second Crown for aqua"):
        aq.State.from_dict(d)


def test_crown_beats_lower_charges_in_advance_and_surge_clashes():
    """> Beats lower charges in Advance/Surge clashes"""
    s = position(A(1, 2, 4), I(1, 3, 3))
    s.apply("A1.2")
    assert board(s) == {(1, 3): ("aqua", "piece", 4)}
    s = position(A(2, 1, 3), I(2, 2, 4))  # a Surge (charge 3) against a Crown loses
    s.apply("S2.1")
    assert board(s)[(2, 2)] == ("ignis", "piece", 4) and (2, 1) not in board(s)


def test_crown_against_crown_both_drop_to_three():
    """> 4 vs 4 = equal clash: both drop to 3"""
    s = position(A(1, 2, 4), I(1, 3, 4))
    s.apply("A1.2")
    assert board(s) == {(1, 2): ("aqua", "piece", 3), (1, 3): ("ignis", "piece", 3)}


def test_a_lost_or_reduced_crown_may_be_replaced_later():
    """> If lost or reduced, you may crown again later"""
    s = position(A(2, 3, 4), I(3, 3, 2), A(5, 1, 3))
    s.apply("J2.3-3.3")  # the Crown jumps: reduced to 3
    s.apply("C5.1")
    assert charge_at(s, 5, 1) == 4
    s = position(A(2, 6, 4), A(6, 1, 3))
    s.apply("A2.6")  # the Crown leaves the board (a breakthrough): lost
    s.apply("C6.1")
    assert s.score == (1, 0) and charge_at(s, 6, 1) == 4


def test_crown_cannot_surge():
    """> Strongest clash value — but cannot Surge.

    > Crown-4 cannot Surge.
    """
    s = position(A(4, 1, 4), I(4, 2, 3))
    assert "S4.1" not in notations(s) and "A4.1" in notations(s)
    with pytest.raises(triptych.IllegalActionError, match="exactly 3"):
        s.apply("S4.1")
    s.apply("A4.1")  # the strongest clash value: it beats the strongest ordinary piece
    assert board(s) == {(4, 2): ("aqua", "piece", 4)}


def test_crown_blurb_one_piece_per_player_may_reach_four():
    """> One piece per player may reach charge 4."""
    s = position(A(1, 1, 3), A(2, 1, 3), I(6, 5, 3))
    s.apply("C1.1")
    assert "C2.1" not in notations(s)
    s.apply("N7")
    s.apply("C6.5")  # IGNIS crowns too: one each
    assert charge_at(s, 1, 1) == 4 and charge_at(s, 6, 5) == 4


# --- advance and clashes --------------------------------------------------------------------------------


def test_charge_and_advance_blurb():
    """> Build charge. Push one slot. Higher charge wins clashes; equal charge both lose 1."""
    s = position(A(1, 1, 1), A(2, 1, 3), I(2, 2, 2), A(3, 1, 2), I(3, 2, 2))
    s.apply("C1.1")
    assert charge_at(s, 1, 1) == 2
    s.apply("A1.1")
    assert board(s)[(1, 2)] == ("aqua", "piece", 2) and (1, 1) not in board(s)
    s = position(A(2, 1, 3), I(2, 2, 2), A(3, 1, 2), I(3, 2, 2))
    s.apply("A2.1")
    assert board(s)[(2, 2)] == ("aqua", "piece", 3)
    s.apply("A3.1")
    assert board(s)[(3, 1)] == ("aqua", "piece", 1) and board(s)[(3, 2)] == ("ignis", "piece", 1)


def test_advance_moves_one_slot_and_clashes_by_charge():
    """Ruling: R4 (the winner of an Advance clash takes the slot; after a tie the attacker stays).

    > ADVANCE — Move 1 slot. Clashes by charge.
    """
    s = position(A(1, 2, 1))
    s.apply("A1.2")
    assert board(s) == {(1, 3): ("aqua", "piece", 1)}
    s = position(A(1, 2, 1), I(1, 3, 2))
    s.apply("A1.2")
    assert board(s) == {(1, 3): ("ignis", "piece", 2)}


def test_higher_charge_wins_a_clash():
    """> Higher charge wins"""
    s = position(I(5, 4, 3), A(5, 3, 2), to_move="ignis")
    s.apply("A5.4")
    assert board(s) == {(5, 3): ("ignis", "piece", 3)}


def test_equal_clash_both_lose_exactly_one_destroyed_only_at_zero():
    """> Equal: both lose exactly 1 charge (destroyed only at 0)"""
    s = position(A(1, 2, 3), I(1, 3, 3), A(2, 2, 1), I(2, 3, 1))
    s.apply("A1.2")
    assert board(s)[(1, 2)] == ("aqua", "piece", 2) and board(s)[(1, 3)] == ("ignis", "piece", 2)
    s.apply("A2.2")
    assert (2, 2) not in board(s) and (2, 3) not in board(s)


# --- surge ----------------------------------------------------------------------------------------------


def test_surge_needs_charge_exactly_three():
    """> SURGE — Charge exactly 3 only."""
    for charge in (1, 2, 4):
        assert "S4.1" not in notations(position(A(4, 1, charge)))
    assert "S4.1" in notations(position(A(4, 1, 3)))


def test_surge_pushes_two_slots_ends_at_one_and_pulses_both_flanks():
    """Ruling: R5, R7, R8.

    > Two-slot push; ends at charge 1; pulses adjacent flows.

    > At exact charge 3, push two slots. Ends at charge 1 and pulses adjacent flows.
    """
    assert "S4.1" not in notations(position(A(4, 1, 2)))
    s = position(A(4, 1, 3), A(3, 0, 1), A(5, 4, 2))
    s.apply("S4.1")
    b = board(s)
    assert b[(4, 3)] == ("aqua", "piece", 1) and (4, 1) not in b
    assert b[(3, 0)][2] == 2 and b[(5, 4)][2] == 3


def test_pulse_into_a_flow_without_your_pieces_sends_a_fresh_scout():
    """Ruling: R8 (a flank without your pieces gets a fresh scout at your entry; the ring wraps)."""
    s = position(A(1, 2, 3), A(2, 5, 1))
    s.apply("S1.2")
    b = board(s)
    assert b[(7, 0)] == ("aqua", "piece", 1) and b[(2, 5)][2] == 2


def test_pulse_skips_a_capped_piece_and_charges_the_nearest_that_can_take_it():
    """Ruling: R8 (a capped piece cannot take the +1; the nearest piece that can takes it).

    > Two-slot push; ends at charge 1; pulses adjacent flows.
    """
    s = position(A(4, 1, 3), A(3, 3, 3), A(3, 0, 1), A(5, 3, 1), A(7, 6, 4))
    s.apply("S4.1")
    b = board(s)
    assert b[(3, 3)][2] == 3 and b[(3, 0)][2] == 2 and b[(5, 3)][2] == 2
    assert s.to_dict()["links"] == [{"owner": "aqua", "flows": [3, 5], "turns_left": 2}]


# --- barrier --------------------------------------------------------------------------------------------


def test_barrier_converts_a_piece_one_per_player_while_it_stands():
    """Ruling: R14 (the charge becomes the durability, at most 3).

    > BARRIER — Convert a piece into a Barrier (one per player while it stands).
    """
    s = position(A(1, 2, 2), A(3, 1, 1), I(1, 3, 3), to_move="aqua")
    s.apply("B1.2")
    assert board(s)[(1, 2)] == ("aqua", "barrier", 2)
    assert "B3.1" not in notations(s)
    s.apply("N5")
    s.apply("A1.3")  # IGNIS 3 > durability 2: the barrier falls
    s.apply("N6")
    assert "B3.1" in notations(s)  # no barrier stands: a new one may be made


def test_one_barrier_per_player_that_never_expires():
    """> One active Barrier per player; never expires on its own"""
    s = position(AB(2, 2, 1), A(5, 0, 1), A(6, 1, 2))
    assert "B6.1" not in notations(s)
    for _ in range(12):
        s.apply(next(a for a in s.legal_actions() if str(a).startswith("N")))
    assert board(s)[(2, 2)] == ("aqua", "barrier", 1)


def test_barrier_blurb_one_fortress_friendly_pieces_pass_blocks_jumps_blunts_attacks():
    """> One fortress per player. Friendly pieces pass through; blocks enemy jumps and blunts attacks."""
    s = position(A(2, 1, 1), AB(2, 2, 2), A(4, 3, 2), I(3, 3, 1), A(3, 5, 1), IB(3, 6, 3))
    assert "B4.3" not in notations(s)
    assert "J4.3-3.3" not in notations(s)
    s.apply("A2.1")
    assert board(s)[(2, 3)] == ("aqua", "piece", 1)
    s.apply("A3.5")
    assert board(s)[(3, 6)] == ("ignis", "barrier", 2) and (3, 5) not in board(s)


def test_your_pieces_advance_and_surge_through_your_barrier():
    """Ruling: R3 (passing your barrier costs no movement).

    > Friendly pieces pass through; blocks enemy jumps and blunts attacks.

    > Your pieces Advance, Surge, and Spawn through it freely
    """
    s = position(A(2, 1, 1), AB(2, 2, 2))
    s.apply("A2.1")
    assert board(s)[(2, 3)] == ("aqua", "piece", 1)
    s = position(A(4, 1, 3), AB(4, 2, 1))
    s.apply("S4.1")
    assert board(s)[(4, 4)] == ("aqua", "piece", 1) and board(s)[(4, 2)] == ("aqua", "barrier", 1)


@pytest.mark.parametrize("side", ["aqua", "ignis"])
def test_your_barrier_on_your_edge_row_is_passed_freely_and_off_the_board(side):
    """Ruling: R3, R6 (the piece behind your barrier on your edge row Advances or Surges through it and
    off the board: a breakthrough; a Surge that first lands behind it stops there).

    > Your pieces Advance, Surge, and Spawn through it freely

    > Friendly pieces pass through; blocks enemy jumps and blunts attacks.

    > Score only by moving off the board from the edge row (not by merely landing on it):
    """
    aqua = side == "aqua"
    edge, behind, two_behind = (6, 5, 4) if aqua else (0, 1, 2)
    mine, barrier = (A, AB) if aqua else (I, IB)
    score = (1, 0) if aqua else (0, 1)
    for verb, charge in (("A", 1), ("S", 3)):
        s = position(mine(2, behind, charge), barrier(2, edge, 2), to_move=side)
        assert f"{verb}2.{behind}" in notations(s)
        s.apply(f"{verb}2.{behind}")
        assert s.score == score
        assert (2, behind) not in board(s) and board(s)[(2, edge)] == (side, "barrier", 2)  # the barrier stays
    # A Surge from two behind: its first step lands behind the barrier, and a Surge leaves the board only
    # on its first step (R6), so it stops there.
    s = position(mine(3, two_behind, 3), barrier(3, edge, 1), to_move=side)
    s.apply(f"S3.{two_behind}")
    assert s.score == (0, 0) and board(s)[(3, behind)] == (side, "piece", 1)


def test_enemy_cannot_side_jump_into_a_barrier_flow():
    """Ruling: R15 (a barrier anywhere in the flow closes it to enemy jumps).

    > Cannot jump into a flow with an enemy Barrier

    > Enemy cannot Side Jump into that flow
    """
    s = position(A(2, 3, 3), I(3, 3, 1), IB(3, 0, 2), I(1, 3, 1))
    legal = notations(s)
    assert "J2.3-3.3" not in legal and "J2.3-1.3" in legal
    with pytest.raises(triptych.IllegalActionError, match="enemy Barrier"):
        s.apply("J2.3-3.3")


def test_attacked_barrier_stronger_destroys_equal_or_weaker_costs_both_one():
    """Ruling: R4 (a stronger attacker takes the barrier's slot).

    > Attacked: stronger charge destroys Barrier; equal/weaker → Barrier −1 durability, attacker −1 charge
    """
    s = position(A(2, 1, 3), IB(2, 2, 2))
    s.apply("A2.1")
    assert board(s) == {(2, 2): ("aqua", "piece", 3)}
    s = position(A(2, 1, 2), IB(2, 2, 2))
    s.apply("A2.1")
    assert board(s) == {(2, 1): ("aqua", "piece", 1), (2, 2): ("ignis", "barrier", 1)}
    s = position(A(2, 1, 1), IB(2, 2, 3))
    s.apply("A2.1")
    assert board(s) == {(2, 2): ("ignis", "barrier", 2)}


# --- side jump ------------------------------------------------------------------------------------------


def test_side_jump_needs_charge_two_an_adjacent_flow_and_costs_both_one():
    """Ruling: R15 (only enemy pieces are targets).

    > SIDE JUMP — Charge 2+.

    > Skirmish: both −1 charge.
    """
    s = position(A(2, 3, 1), I(3, 3, 2))
    assert not any(n.startswith("J") for n in notations(s))
    s = position(A(2, 3, 2), I(3, 3, 2), I(4, 3, 1))
    assert "J2.3-3.3" in notations(s) and "J2.3-4.3" not in notations(s)  # flow 4 is not adjacent
    s.apply("J2.3-3.3")
    assert board(s)[(2, 3)] == ("aqua", "piece", 1) and board(s)[(3, 3)] == ("ignis", "piece", 1)


def test_side_jump_wraps_between_flows_seven_and_one():
    """> SIDE JUMP — Charge 2+. Adjacent flow (wraps 1↔7). Skirmish: both −1 charge."""
    s = position(I(7, 4, 3), A(1, 4, 1), to_move="ignis")
    assert "J7.4-1.4" in notations(s)
    s.apply("J7.4-1.4")
    assert board(s) == {(1, 4): ("ignis", "piece", 2)}


def test_side_jump_blurb_weaker_jumper_chips_a_crown():
    """> Charge 2+: skirmish jump. Both pieces lose 1 charge — weaker jumpers can still chip a Crown."""
    s = position(A(2, 3, 2), I(3, 3, 4))
    s.apply("J2.3-3.3")
    assert board(s) == {(2, 3): ("aqua", "piece", 1), (3, 3): ("ignis", "piece", 3)}


def test_jump_needs_the_enemy_at_a_valid_height():
    """Ruling: R13.

    > Needs enemy at valid height (same height, or Resonant rules when Linked)
    """
    s = position(A(2, 3, 3), I(3, 4, 1), I(1, 2, 1))
    assert not any(n.startswith("J") for n in notations(s))
    s = linked_by_surge()  # AQUA's link [3, 5]
    s = aq.State.from_dict({**s.to_dict(), "pieces": [A(3, 2, 2), I(5, 3, 1), I(4, 3, 1)]})
    assert "J3.2-5.3" in notations(s)  # one step toward IGNIS' entry, between linked flows
    assert "J3.2-4.3" not in notations(s)  # an ordinary side jump still needs the same height


def test_jumper_and_target_each_lose_one_even_if_the_jumper_is_weaker():
    """> Jumper and target each lose 1 charge (even if jumper is weaker)"""
    s = position(A(2, 3, 2), I(3, 3, 3))
    s.apply("J2.3-3.3")
    assert board(s) == {(2, 3): ("aqua", "piece", 1), (3, 3): ("ignis", "piece", 2)}


def test_target_at_zero_dies_and_the_jumper_lands_with_its_remaining_charge():
    """> Target to 0 → dies; jumper lands with remaining charge"""
    s = position(A(2, 3, 3), I(3, 3, 1))
    s.apply("J2.3-3.3")
    assert board(s) == {(3, 3): ("aqua", "piece", 2)}


def test_jumper_at_zero_cannot_happen_and_survivors_bounce_home():
    """Ruling: R20 (a jumper has charge 2 or more, so it never reaches 0).

    > Jumper to 0 → dies; no land. Both survive → jumper bounces home
    """
    s = position(A(2, 3, 2), I(3, 3, 2))
    s.apply("J2.3-3.3")
    assert board(s) == {(2, 3): ("aqua", "piece", 1), (3, 3): ("ignis", "piece", 1)}
    s = position(A(2, 3, 1), I(3, 3, 1))  # a charge-1 piece, the only one that could reach 0, cannot jump
    assert "J2.3-3.3" not in notations(s)


# --- flow link ------------------------------------------------------------------------------------------


def test_flow_link_forms_when_both_flanks_held_pieces_and_the_pulse_boosted_them():
    """Ruling: R9.

    > After a Surge, if both adjacent flows already held your pieces and the pulse boosted them (no fresh scouts), those flanks Link until the end of your next turn.
    """
    s = linked_by_surge()
    assert charge_at(s, 3, 2) == 2 and charge_at(s, 5, 2) == 2


def test_no_flow_link_when_a_flank_got_a_fresh_scout():
    """Ruling: R9.

    > After a Surge, if both adjacent flows already held your pieces and the pulse boosted them (no fresh scouts), those flanks Link until the end of your next turn.
    """
    s = position(A(4, 1, 3), A(3, 2, 1))
    s.apply("S4.1")
    assert board(s)[(5, 0)] == ("aqua", "piece", 1)  # the fresh scout
    assert s.to_dict()["links"] == []


def test_no_flow_link_when_the_pulse_boosted_nothing_in_a_flank():
    """Ruling: R9 (both flanks held pieces, but they were capped: nothing was boosted, no link).

    > After a Surge, if both adjacent flows already held your pieces and the pulse boosted them (no fresh scouts), those flanks Link until the end of your next turn.
    """
    s = position(A(4, 1, 3), A(3, 2, 4), A(5, 2, 3))
    s.apply("S4.1")
    assert charge_at(s, 3, 2) == 4 and charge_at(s, 5, 2) == 3
    assert s.to_dict()["links"] == []


def test_flow_link_lasts_until_the_end_of_your_next_turn():
    """Ruling: R10.

    > After a Surge, if both adjacent flows already held your pieces and the pulse boosted them (no fresh scouts), those flanks Link until the end of your next turn.
    """
    s = linked_by_surge()
    s.apply("N1")  # AQUA's turn ends: the link stays for AQUA's next turn
    s.apply("N2")
    s.apply("N2")
    assert s.to_move == aq.AQUA and s.to_dict()["links"][0]["turns_left"] == 1
    s.apply("C3.2")
    assert charge_at(s, 5, 2) == 3  # still linked (Harmonic Charge)
    s.apply("N7")
    assert s.to_dict()["links"] == []


def test_flow_link_blurb():
    """> Surge with both flanks set to link flows. Parallel Advance, Harmonic Charge, Resonant Jump."""
    s = linked_by_surge()
    s.apply("A3.2")  # Parallel Advance
    assert board(s)[(3, 3)] == ("aqua", "piece", 2) and board(s)[(5, 3)] == ("aqua", "piece", 2)
    s = linked_by_surge()
    s.apply("C5.2")  # Harmonic Charge
    assert charge_at(s, 5, 2) == 3 and charge_at(s, 3, 2) == 3
    s = linked_by_surge()
    s = aq.State.from_dict({**s.to_dict(), "pieces": [A(3, 2, 2), I(5, 2, 1)]})
    s.apply("J3.2-5.2")  # Resonant Jump: flows 3 and 5 are not adjacent
    assert board(s) == {(5, 2): ("aqua", "piece", 1)}


def test_parallel_advance_also_advances_the_other_linked_flow_if_legal():
    """Ruling: R7, R11.

    > Parallel Advance — Advance on one linked flow also advances the other (if legal)
    """
    s = linked_by_surge()
    s.apply("A5.2")
    assert (3, 3) in board(s) and (5, 3) in board(s)
    s = linked_by_surge()
    s = aq.State.from_dict({**s.to_dict(), "pieces": [A(3, 2, 1), A(5, 2, 1), A(5, 3, 1)]})
    s.apply("A3.2")  # 5.2 is blocked by its own piece; 5.3 (legal) advances
    assert set(board(s)) == {(3, 3), (5, 2), (5, 4)}


def test_harmonic_charge_also_charges_the_other_and_respects_the_crown_cap():
    """Ruling: R7, R12.

    > Harmonic Charge — Charge on one also +1 on the other (respects Crown cap)
    """
    s = linked_by_surge()
    s.apply("C3.2")
    assert charge_at(s, 3, 2) == 3 and charge_at(s, 5, 2) == 3
    s = linked_by_surge()
    s = aq.State.from_dict({**s.to_dict(), "pieces": [A(3, 2, 3), A(5, 2, 3)]})
    s.apply("C3.2")
    assert charge_at(s, 3, 2) == 4 and charge_at(s, 5, 2) == 3  # no second Crown


def test_resonant_jump_between_linked_flows_same_height_or_one_step_toward_their_entry():
    """Ruling: R13.

    > Resonant Jump — Side Jump between linked flows even if not adjacent; target same height or one step toward their entry
    """
    s = linked_by_surge()
    s = aq.State.from_dict({**s.to_dict(), "pieces": [A(3, 2, 2), I(5, 1, 1), I(5, 2, 1), I(5, 3, 1)]})
    legal = notations(s)
    assert "J3.2-5.2" in legal and "J3.2-5.3" in legal and "J3.2-5.1" not in legal
    s.apply("J3.2-5.3")
    assert board(s)[(5, 3)] == ("aqua", "piece", 1)


# --- breakthrough ---------------------------------------------------------------------------------------


def test_score_only_by_moving_off_the_board_not_by_landing_on_the_edge_row():
    """> Score only by moving off the board from the edge row (not by merely landing on it):"""
    s = position(A(1, 5, 1), I(2, 1, 1))
    s.apply("A1.5")
    assert s.score == (0, 0) and board(s)[(1, 6)] == ("aqua", "piece", 1)
    s.apply("A1.6")
    assert s.score == (1, 0) and (1, 6) not in board(s)


def test_aqua_breaks_through_by_advance_or_surge_from_position_six():
    """Ruling: R3, R6 (a Surge from position 5 stops on 6; passing your barrier on 6 is a way off the board).

    > AQUA — Advance or Surge from position 6
    """
    s = position(A(1, 6, 1), A(2, 6, 3))
    s.apply("A1.6")
    s.apply("S2.6")
    assert s.score == (2, 0)
    s = position(A(3, 5, 3), A(6, 4, 3), AB(6, 5, 1))
    s.apply("S3.5")
    s.apply("S6.4")  # through its own barrier onto 6, and no further
    assert s.score == (0, 0)
    assert board(s)[(3, 6)] == ("aqua", "piece", 1) and board(s)[(6, 6)] == ("aqua", "piece", 1)
    s = position(A(5, 5, 1), AB(5, 6, 1))
    s.apply("A5.5")  # through its own barrier on 6, off the board from the edge row (R3)
    assert s.score == (1, 0)


def test_ignis_breaks_through_by_advance_or_surge_from_position_zero():
    """Ruling: R6.

    > IGNIS — Advance or Surge from position 0
    """
    s = position(I(1, 0, 1), I(2, 0, 3), to_move="ignis")
    s.apply("A1.0")
    s.apply("S2.0")
    assert s.score == (0, 2)
    s = position(I(3, 1, 3), to_move="ignis")
    s.apply("S3.1")
    assert s.score == (0, 0) and board(s)[(3, 0)] == ("ignis", "piece", 1)
