"""The hint (issue 27): the AI's best action at the hint's budget, and words that name the threat or gain.

Each position is reached through the engine by seeded play (greedy with a seeded dose of random actions),
and its feature is checked from the engine's own state before the hint is asked: an enemy ship on the
mover's Core, a fourth breakthrough within reach, an `end` that kills the Sentinel.
"""

from __future__ import annotations

import random

import pytest

import triptych.aquaignis as aquaignis
import triptych.combat as combat
import triptych.hexfleet as hexfleet
from triptych import CHANCE, ai
from triptych.events import boarded_cores
from triptych.hint import HINT_DEPTH, HINT_ITERATIONS, HINT_SEED, hint
from triptych.timeline import Timeline


def seeded_play(module, seed: int, plies: int):
    """`plies` actions from the start: greedy's choice, or (one time in five) a random one from Random(seed)."""
    rng = random.Random(seed)
    greedy = ai.Greedy()
    state = module.new_game()
    for _ in range(plies):
        state.apply(greedy.choose(state) if rng.random() < 0.8 else rng.choice(state.legal_actions()))
    return state


def alphabeta_choice(state):
    return ai.AlphaBeta(depth=HINT_DEPTH[ai.game_of(state)[0]]).choose(state.clone())


def test_hexfleet_boarding_is_pushed_off_and_the_words_say_so():
    state = seeded_play(hexfleet, 2, 12)
    stacks = {(s["q"], s["r"]): s["tiles"] for s in state.to_dict()["stacks"]}
    # Purple's Repulsor stands on Green's Core at 0,1, and Green is to move.
    assert state.to_move == 0
    assert [(q, r) for q, r, level in boarded_cores(state) if stacks[(q, r)][level - 1]["owner"] == 0] == [(0, 1)]
    h = hint(state)
    assert h.action == alphabeta_choice(state)
    assert str(h.action) == "R -1,2>0,1"
    assert "This pushes Purple's Repulsor off your Core at 0,1" in h.words
    assert "otherwise Purple wins at the start of its turn" in h.words
    # The action does what the words say: after it, no enemy ship is on Green's Core.
    after = state.clone()
    after.apply(h.action)
    assert not boarded_cores(after)


def test_hexfleet_win_threat_is_named_with_the_boarding_it_stops():
    state = seeded_play(hexfleet, 1, 18)
    assert not boarded_cores(state) and state.to_move == 1
    h = hint(state)
    assert h.action == alphabeta_choice(state)
    assert "This stops a threat: otherwise Green wins within its next turn" in h.words
    assert "Green boards Purple's Core at 1,0" in h.words
    # The threat is real: some other action lets Green win by force within its next turn.
    others = [a for a in state.legal_actions() if a != h.action]
    losing = 0
    for action in others:
        child = state.clone()
        child.apply(action)
        mate = ai.AlphaBeta(depth=5).search(child).mate_in   # for the side to act in `child`
        if mate is not None and (mate > 0) == (child.to_move == 0):
            losing += 1
    assert losing >= 1


def test_aquaignis_fourth_breakthrough_wins_and_the_words_say_so():
    state = seeded_play(aquaignis, 0, 165)
    d = state.to_dict()
    assert state.to_move == 0 and d["score"]["aqua"] == 3
    h = hint(state)
    assert h.action == alphabeta_choice(state)
    assert "This wins: your fourth breakthrough." in h.words
    after = state.clone()
    after.apply(h.action)
    assert after.is_terminal() and after.winner == 0 and after.to_dict()["score"]["aqua"] == 4


def test_aquaignis_forced_win_names_the_breakthrough_that_ends_it():
    state = seeded_play(aquaignis, 0, 164)
    h = hint(state)
    assert h.action == alphabeta_choice(state)
    assert h.result.mate_in == 2
    assert "It wins by force within 2 actions" in h.words
    assert "AQUA wins with 4 breakthroughs" in h.words


def lethal_fight():
    """A V01 fight (seed 0) played by greedy until ending the turn would kill the Sentinel."""
    fight = combat.new_game("v01", seed=0)
    greedy = ai.Greedy()
    while not fight.is_terminal():
        if fight.to_move == CHANCE:
            fight.play_chance()
            continue
        ends = [a for a in fight.legal_actions() if str(a) == "end"]
        probe = fight.clone()
        probe.apply(ends[0]) if ends else None
        if ends and probe.is_terminal() and probe.winner == 0:
            return fight
        fight.apply(greedy.choose(fight))
    raise AssertionError("the fight ended without a lethal turn")


def test_combat_lethal_blow_uses_the_combat_search_player_and_says_lethal():
    fight = lethal_fight()
    hp = fight.to_dict()["enemy"]["hp"]
    h = hint(fight)
    assert h.player == f"Combat MCTS, {HINT_ITERATIONS} iterations"
    expected = ai.MCTS(iterations=HINT_ITERATIONS, seed=HINT_SEED).choose(fight.clone())
    assert h.action == expected and str(h.action) == "end"
    assert f"This blow is lethal: the Sentinel's last {hp} HP fall and you win." in h.words


@pytest.mark.parametrize("game", ["aquaignis", "hexfleet", "combat"])
def test_a_hint_changes_neither_the_state_nor_the_timeline(game):
    module = {"aquaignis": aquaignis, "hexfleet": hexfleet, "combat": combat}[game]
    state = module.new_game("v01", seed=3) if game == "combat" else seeded_play(module, 4, 5)
    timeline = Timeline(state, seed=3)
    timeline.resolve_chance()
    before, steps, undo = timeline.state.to_dict(), list(timeline.steps), (timeline.can_undo, timeline.can_redo)
    h = hint(timeline.state)
    assert h.words and h.action in timeline.state.legal_actions()
    assert timeline.state.to_dict() == before
    assert timeline.steps == steps and (timeline.can_undo, timeline.can_redo) == undo


def test_the_same_position_gets_the_same_hint():
    state = seeded_play(hexfleet, 5, 7)
    assert hint(state).words == hint(state.clone()).words


def test_no_hint_when_there_is_nothing_to_decide():
    fight = combat.new_game("v01", seed=1)
    assert fight.to_move == CHANCE
    with pytest.raises(ValueError, match="pending"):
        hint(fight)
