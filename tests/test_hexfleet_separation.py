"""The separation outlook (docs/nnue.md, "The separation outlook"): while the networks are apart, the gap
between them and the actions each side takes before the countdown draws; the NNUE search judges a
separation by whether the side ahead can still close the gap in time.

The gap and the action counts are checked against oracles written here from the seed's R11:

> If Player 1's network and Player 2's network become completely physically separated — no chain of tiles
> of any colour connects the two masses — a countdown begins at the start of the very next turn.

> Each player then takes two full turns. If the networks have still not touched by the end of that fourth
> turn, the game immediately ends in a Draw.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import triptych._core.hexfleet as native
import triptych.hexfleet as hf
from hexfleet_helpers import FAR_APART, hex_distance, pieces, position


def truncated(numerator: int, denominator: int) -> int:
    """C++'s integer division (toward zero)."""
    quotient = abs(numerator) // denominator
    return quotient if numerator >= 0 else -quotient


def owners(state: hf.State) -> dict[tuple[int, int], set[int]]:
    return {(st["q"], st["r"]): {t["owner"] for t in st["tiles"]} for st in state.to_dict()["stacks"]}


def gap_oracle(state: hf.State) -> int:
    """Empty hexes on the shortest line between the two networks, from the tiles' owners."""
    columns = owners(state)
    mine = [h for h, o in columns.items() if o == {0}]
    theirs = [h for h, o in columns.items() if o == {1}]
    return min(hex_distance(a, b) for a in mine for b in theirs) - 1


def cutting_actions(state: hf.State) -> list[hf.Action]:
    out = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        if not child.is_terminal() and not child.networks_in_contact():
            out.append(action)
    return out


def apart_positions(seed: int, wanted: int) -> list[hf.State]:
    """Positions with the networks apart, from seeded random games that cut loose whenever they can."""
    rng = random.Random(seed)
    found: list[hf.State] = []
    while len(found) < wanted:
        state = hf.new_game()
        for _ in range(400):
            if state.is_terminal():
                break
            cuts = cutting_actions(state) if state.networks_in_contact() else []
            actions = cuts if cuts and rng.random() < 0.7 else state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
            if not state.is_terminal() and not state.networks_in_contact():
                found.append(state.clone())
    return found[:wanted]


@pytest.fixture(scope="module")
def apart() -> list[hf.State]:
    return apart_positions(seed=11, wanted=60)


def test_apart_every_column_belongs_to_one_player_and_the_gap_is_the_hexes_between(apart: list[hf.State]) -> None:
    gaps = set()
    for state in apart:
        columns = owners(state)
        # Apart, a tile in the other network could not reach its own Core: each piece holds one owner's tiles.
        assert all(len(o) == 1 for o in columns.values())
        assert len(pieces(set(columns))) >= 2
        outlook = state.separation()
        assert outlook is not None and outlook["gap"] == gap_oracle(state) >= 1
        gaps.add(outlook["gap"])
    assert len(gaps) >= 2  # the sample holds gaps of more than one width


def test_no_action_closes_more_than_one_hex_of_the_gap(apart: list[hf.State]) -> None:
    closed = 0
    for state in apart:
        gap = state.separation()["gap"]
        for action in state.legal_actions():
            child = state.clone()
            child.apply(action)
            if child.is_terminal():
                continue
            if child.networks_in_contact():
                assert gap == 1, f"{action} closed a gap of {gap} in one action"
                assert child.separation() is None
                closed += 1
            else:
                assert child.separation()["gap"] >= gap - 1, str(action)
    assert closed > 0  # some gaps of one were closed


def expected_actions(state: hf.State) -> tuple[int, int]:
    """The seed's count: the side to act's actions left this turn, then two a full turn until the fourth
    turn of the countdown ends (it starts at the next turn when the cut came in this one)."""
    later_turns = state.countdown - 1 if state.countdown else 4
    me = state.to_move
    actions = [0, 0]
    actions[me] = state.actions_left + 2 * (later_turns // 2)
    actions[1 - me] = 2 * ((later_turns + 1) // 2)
    return actions[0], actions[1]


def play_apart_to_the_draw(state: hf.State, rng: random.Random) -> list[int] | None:
    """Actions each player takes while the networks stay apart, to the draw; None when play could not
    stay apart (every action touches) or a turn ended after one action."""
    taken = [0, 0]
    while not state.is_terminal():
        keep_apart = []
        for action in state.legal_actions():
            child = state.clone()
            child.apply(action)
            if not child.networks_in_contact():
                keep_apart.append(action)
        if not keep_apart:
            return None
        mover, left = state.to_move, state.actions_left
        state.apply(keep_apart[rng.randrange(len(keep_apart))])
        taken[mover] += 1
        if left == 2 and not state.is_terminal() and state.to_move != mover:
            return None  # the turn ended early: the outlook counts two actions a turn
    assert state.winner is None
    return taken


def test_the_actions_to_the_draw_are_those_play_takes(apart: list[hf.State]) -> None:
    rng = random.Random(3)
    checked = 0
    for state in apart:
        outlook = state.separation()
        assert tuple(outlook["actions"]) == expected_actions(state)
        taken = play_apart_to_the_draw(state.clone(), rng)
        if taken is not None:
            assert tuple(taken) == tuple(outlook["actions"])
            checked += 1
    assert checked >= 30


def test_no_outlook_while_the_networks_touch_or_once_the_game_is_over() -> None:
    state = hf.new_game()
    assert state.separation() is None
    s = position({(0, 0): "C", (0, 1): "D", (1, 0): "S", (2, 0): "s", (3, 0): "c", (3, -1): "d"})
    assert s.separation() is None
    s.apply("D 0,1>1,0")  # player 0 cuts itself loose: the countdown starts with the next turn
    assert s.countdown is None and s.separation() == {"gap": 1, "actions": (5, 4)}


# --- the NNUE search's judgement of a separation ---------------------------------------------------------


def scaled(state: Any, score: int, draw: int = 0) -> int:
    """The documented rule: the side that scores the position above the draw (`draw`: the draw's value for
    the side to act, 0 without contempt), with a actions before the draw and a gap of g hexes to close,
    keeps (a + 1 - g) / (a + 1) of its lead over the draw, nothing once g > a (the other side will not
    close it); C++'s integer division truncates toward zero."""
    outlook = state.separation()
    if outlook is None or score == draw:
        return score
    ahead = state.to_move if score > draw else 1 - state.to_move
    actions = outlook["actions"][ahead]
    if outlook["gap"] > actions:
        return draw
    return draw + truncated((score - draw) * (actions + 1 - outlook["gap"]), actions + 1)


def blend(net: Any, state: Any, share: int) -> int:
    return truncated(net.evaluate(state) * (100 - share) + native.evaluate_board(state) * share, 100)


@pytest.mark.parametrize("share,contempt", [(0, 0), (50, 0), (50, 60)])
def test_a_depth_one_nnue_search_scales_each_apart_child_by_the_gap(apart: list[hf.State], share: int,
                                                                     contempt: int) -> None:
    from triptych.ai import default_net

    net = native.NnueNet(default_net("hexfleet"))
    searcher = native.NnueAlphaBetaSearcher(net, threads=1, tt_mb=8, quiescence=False, classic_share=share,
                                            contempt=contempt)
    changed = 0
    for state in apart[:20]:
        best = None
        root = state.to_move

        def draw(side: int) -> int:
            """Under contempt a draw is worth -contempt to the side that searches, +contempt to the other."""
            return -contempt if side == root else contempt

        for action in state.legal_actions():
            child = state.clone()
            child.apply(action)
            if child.is_terminal():
                assert child.winner is None  # apart, only the countdown can end the game: a draw
                value = draw(child.to_move)
            else:
                unscaled = blend(net, child, share) if share else net.evaluate(child)
                value = scaled(child, unscaled, draw(child.to_move))
                changed += value != unscaled
            value = value if child.to_move == root else -value
            best = value if best is None else max(best, value)
        assert searcher.search(state, depth=1)["score"] == best
    assert changed > 0


def test_a_gap_wider_than_the_side_aheads_actions_is_judged_a_draw() -> None:
    from triptych.ai import AlphaBeta

    # The countdown's last turn leaves player 0 two actions and player 1 none for a gap of three: after
    # either first action, one action for a gap of two or more.
    state = position(FAR_APART, countdown=1)
    assert state.separation() == {"gap": 3, "actions": (2, 0)}
    assert AlphaBeta(depth=1, evaluation="nnue").search(state).score == 0
    assert AlphaBeta(depth=1, evaluation="classic").search(state).score != 0  # the classic scales by the clock alone


def test_under_contempt_a_gap_too_wide_to_close_is_a_draw_below_zero_for_the_searching_side() -> None:
    from triptych.ai import AlphaBeta

    state = position(FAR_APART, countdown=1)
    assert AlphaBeta(depth=1, evaluation="nnue", contempt=40).search(state).score == -40
    assert AlphaBeta(depth=3, evaluation="nnue", contempt=-25).search(state).score == 25  # one that wants the draw


def turn_passing_children(states: list[hf.State]) -> list[tuple[hf.State, hf.State]]:
    """(state, child) pairs where the child, still in play, is the other side's to act."""
    pairs = []
    for state in states:
        child = state.clone()
        while not child.is_terminal() and child.to_move == state.to_move:
            child.apply(child.legal_actions()[0])
        if not child.is_terminal():
            pairs.append((state, child))
    return pairs


def sides_differ(contempt: int, pairs: list[tuple[hf.State, hf.State]]) -> int:
    """How many children a searcher that first searched the parent scores otherwise than a fresh one."""
    from triptych.ai import default_net

    net = native.NnueNet(default_net("hexfleet"))
    differ = 0
    for state, child in pairs:
        kept = native.NnueAlphaBetaSearcher(net, tt_mb=8, classic_share=50, contempt=contempt)
        kept.search(state, depth=4)
        fresh = native.NnueAlphaBetaSearcher(net, tt_mb=8, classic_share=50, contempt=contempt)
        mine, theirs = kept.search(child, depth=2), fresh.search(child, depth=2)
        differ += (mine["score"], mine["best"]) != (theirs["score"], theirs["best"])
    return differ


def test_contempt_keeps_each_root_sides_table_entries_apart(apart: list[hf.State]) -> None:
    """Scores under contempt are the root side's: a searcher whose table holds the parent's search (the
    other side's) must score the child as a fresh one does. Without contempt the table is shared, and the
    parent's deeper entries do change some children's results, so the check can fail."""
    pairs = turn_passing_children(apart[:30])
    assert len(pairs) >= 25
    assert sides_differ(contempt=80, pairs=pairs) == 0
    assert sides_differ(contempt=0, pairs=pairs) > 0
