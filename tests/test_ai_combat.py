"""The AI on Combat: every player finishes fights on every variant, the searching
players beat random play, and the search cannot see the fight's seeded future."""

from __future__ import annotations

import random

import pytest

import triptych
import triptych.ai as ai
import triptych.combat as combat
from triptych._core import combat as core

VARIANTS = combat.variant_ids()


def decision_point(variant: str, seed: int) -> combat.State:
    state = combat.new_game(variant, seed=seed)
    state.play_chance()
    return state


def play_fight(state: combat.State, player, rng: random.Random) -> combat.State:
    while not state.is_terminal():
        if state.to_move == triptych.CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(player.choose(state))
    return state


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_player_finishes_a_fight(variant: str) -> None:
    for player in (ai.Random(seed=1), ai.Greedy(), ai.MCTS(iterations=60, seed=2)):
        end = play_fight(decision_point(variant, 5), player, random.Random(9))
        assert end.winner in (0, 1)


@pytest.mark.parametrize("variant", VARIANTS)
def test_searching_players_beat_random_play(variant: str) -> None:
    start = combat.new_game(variant, seed=0)
    random_rate = core.run_fights(variant, "random", 300, 11)["win_rate"]
    greedy_rate = core.run_fights(variant, "greedy", 40, 11)["win_rate"]
    mcts_rate = core.run_fights_mcts(start, iterations=120, games=24, seed=11)["win_rate"]
    assert greedy_rate > random_rate, (greedy_rate, random_rate)
    assert mcts_rate > random_rate, (mcts_rate, random_rate)


def test_search_cannot_see_the_seeded_future() -> None:
    # Two fights with different seeds (different futures) brought to the same position:
    # the search must answer identically, since it may only use the state's own odds.
    a = combat.new_game("v01", seed=1)
    b = combat.new_game("v01", seed=2)
    rng = random.Random(4)
    while a.to_move == triptych.CHANCE:
        outcome = a.sample_chance(rng)
        a.apply(outcome)
        b.apply(str(outcome))
    assert a.to_dict() == b.to_dict()
    # Their futures differ: the fights' own generators draw different outcomes.
    fa, fb = a.clone(), b.clone()
    fa.apply("end"), fb.apply("end")
    futures_a, futures_b = [], []
    for _ in range(6):
        if fa.to_move == triptych.CHANCE:
            futures_a.append(str(fa.sample_chance(None)))
            fa.apply(futures_a[-1])
        if fb.to_move == triptych.CHANCE:
            futures_b.append(str(fb.sample_chance(None)))
            fb.apply(futures_b[-1])
    assert futures_a != futures_b
    ra = core.mcts_search(a, iterations=300, seed=3)
    rb = core.mcts_search(b, iterations=300, seed=3)
    assert (str(ra["best"]), ra["score"], ra["nodes"]) == (str(rb["best"]), rb["score"], rb["nodes"])
    assert str(core.greedy(a)["best"]) == str(core.greedy(b)["best"])


def test_search_leaves_the_fight_generator_alone() -> None:
    a, b = decision_point("v03", 8), decision_point("v03", 8)
    ai.MCTS(iterations=100, seed=1).search(a)
    ai.Greedy().search(a)
    a.apply("end"), b.apply("end")
    a.play_chance(), b.play_chance()
    assert a.to_dict() == b.to_dict()


def test_mcts_is_deterministic_for_a_seed() -> None:
    s = decision_point("v05", 3)
    r1 = ai.MCTS(iterations=200, seed=6).search(s)
    r2 = ai.MCTS(iterations=200, seed=6).search(s)
    assert (r1.best, r1.score, r1.nodes) == (r2.best, r2.score, r2.nodes)
    assert s.is_legal(r1.best) and r1.nodes == 200


def test_players_that_do_not_fit_say_so() -> None:
    s = decision_point("v01", 1)
    with pytest.raises(ValueError, match="two-player games"):
        ai.AlphaBeta(depth=2).search(s)
    chance = combat.new_game("v01", seed=1)
    assert chance.to_move == triptych.CHANCE
    for player in (ai.MCTS(iterations=10), ai.Greedy(), ai.Random(seed=1)):
        with pytest.raises(ValueError, match="chance node"):
            player.search(chance)
