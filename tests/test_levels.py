"""Named AI levels for people (issue 27): beginner to expert, budgets in plies or nodes, and the beginner's
human-like mistakes (a temperature over a shallow search's root scores, seeded)."""

from __future__ import annotations

import random

import pytest
from click.testing import CliRunner

import triptych.aquaignis as aquaignis
import triptych.combat as combat
import triptych.hexfleet as hexfleet
from triptych import ai
from triptych.cli import main
from triptych.levels import LEVEL_ALIASES, LEVEL_NAMES, LEVELS, resolve_level


def test_the_levels_run_from_beginner_to_expert_with_machine_independent_budgets():
    assert LEVEL_NAMES == ["beginner", "casual", "club", "strong", "expert"]
    for name in LEVEL_NAMES:
        player = ai.make_player(name, seed=1)
        assert isinstance(player, ai.Softmax if name == "beginner" else ai.AlphaBeta)
        if isinstance(player, ai.AlphaBeta):
            # A depth or a node count, never a time: the same level on every machine.
            assert player.time_ms is None and player.clock is None and (player.depth or player.nodes)
        assert ai.make_player(LEVELS[name].fallback).__class__ is ai.MCTS   # Combat's: iterations, not time


def test_the_old_names_are_read_as_the_nearest_level():
    assert {alias: resolve_level(alias).name for alias in LEVEL_ALIASES} == {
        "easy": "beginner", "medium": "strong", "hard": "expert"}
    with pytest.raises(ValueError, match="beginner, casual, club, strong, expert"):
        resolve_level("grandmaster")


def positions(module, count: int, seed: int):
    """Positions of seeded greedy-and-random play, each with several legal actions."""
    rng, greedy, out = random.Random(seed), ai.Greedy(), []
    state = module.new_game()
    while len(out) < count and not state.is_terminal():
        if len(state.legal_actions()) > 3 and rng.random() < 0.3:
            out.append(state.clone())
        state.apply(greedy.choose(state) if rng.random() < 0.8 else rng.choice(state.legal_actions()))
    return out


@pytest.mark.parametrize("module", [aquaignis, hexfleet])
def test_the_beginner_is_seeded(module):
    states = positions(module, 6, seed=2)
    a, b = ai.make_player("beginner", seed=5), ai.make_player("beginner", seed=5)
    assert [str(a.choose(s)) for s in states] == [str(b.choose(s)) for s in states]


@pytest.mark.parametrize("module", [aquaignis, hexfleet])
def test_the_beginners_mistakes_are_near_misses_not_random_blunders(module):
    """Over many seeded draws the beginner's action is on average closer to the best (by its own root scores)
    than a random action is, and the best is taken more often than a random pick would take it, yet not
    always."""
    beginner = ai.make_player("beginner", seed=0)
    beginner_gaps, random_gaps, best_taken, best_by_chance, draws = [], [], 0, 0.0, 0
    for state in positions(module, 8, seed=3):
        scores = dict((str(a), s) for a, s in beginner.root_scores(state))
        top = max(scores.values())
        for seed in range(12):
            choice = str(ai.Softmax(temperature=beginner.temperature, depth=beginner.depth, seed=seed).choose(state))
            beginner_gaps.append(top - scores[choice])
            random_gaps.append(sum(top - s for s in scores.values()) / len(scores))
            best_taken += scores[choice] == top
            best_by_chance += sum(s == top for s in scores.values()) / len(scores)
            draws += 1
    assert sum(beginner_gaps) < 0.75 * sum(random_gaps)
    assert best_by_chance < best_taken < draws


def test_the_beginner_never_misses_a_win_in_one():
    state = aquaignis.new_game()
    rng, greedy = random.Random(0), ai.Greedy()
    for _ in range(165):   # seeded play to AQUA 3 breakthroughs with the fourth one action away (test_hint)
        state.apply(greedy.choose(state) if rng.random() < 0.8 else rng.choice(state.legal_actions()))
    wins = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        if child.is_terminal() and child.winner == state.to_move:
            wins.append(str(action))
    assert wins
    assert all(str(ai.make_player("beginner", seed=seed).choose(state)) in wins for seed in range(10))


def test_low_temperature_plays_the_best_root_score():
    state = positions(hexfleet, 1, seed=4)[0]
    player = ai.Softmax(temperature=1, depth=1, seed=0)
    scores = player.root_scores(state)
    top = max(s for _, s in scores)
    assert dict((str(a), s) for a, s in scores)[str(player.choose(state))] == top


def test_softmax_refuses_combat_and_bad_arguments():
    fight = combat.new_game("v01", seed=1)
    fight.play_chance()
    with pytest.raises(ValueError, match="two-player"):
        ai.Softmax().choose(fight)
    with pytest.raises(ValueError, match="temperature"):
        ai.Softmax(temperature=0)
    with pytest.raises(ValueError, match="player spec"):
        ai.make_player("softmax:temperature=hot")


def test_the_client_and_the_command_line_use_the_names():
    from triptych.client3d.players import LEVELS as CLIENT_LEVELS
    from triptych.client3d.players import PEOPLE_LEVELS, make_ai

    assert PEOPLE_LEVELS == LEVEL_NAMES
    assert all(CLIENT_LEVELS[name] == (LEVELS[name].spec, LEVELS[name].fallback) for name in LEVEL_NAMES)
    assert isinstance(make_ai("beginner", aquaignis.new_game(), seed=1), ai.Softmax)
    assert isinstance(make_ai("medium", hexfleet.new_game(), seed=1), ai.AlphaBeta)   # an old name still works
    fight = combat.new_game("v01", seed=1)
    assert isinstance(make_ai("beginner", fight, seed=1), ai.MCTS)                   # Combat: the fallback


@pytest.mark.parametrize("level", ["beginner", "hard"])
def test_vs_ai_takes_a_level_name(level):
    # AQUA's two actions, then the AI answers as IGNIS and says at which level it plays.
    result = CliRunner().invoke(main, ["play", "aquaignis", "--terminal", "--vs-ai", level, "--seed", "2"],
                                input="N1\nN2\nquit\n")
    assert result.exit_code == 0, result.output
    shown = resolve_level(level).name
    assert f"({shown} AI: {LEVELS[shown].spec}) plays" in result.output


def test_an_unknown_level_is_refused_with_the_names():
    result = CliRunner().invoke(main, ["play", "aquaignis", "--terminal", "--vs-ai", "grandmaster"])
    assert result.exit_code == 2
    assert "beginner" in result.output and "expert" in result.output
