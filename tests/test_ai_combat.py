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


# V07 at the slate's parameters is won by Greedy in about 99% of fights, so no player can
# show it is stronger there; the ordering is measured with the player at 25 HP instead.
# V09 is the hardest variant (Greedy about 13%): its gap shows at 1000 iterations.
# V06 with one purchase per roll (V06-R12) is won by neither Random nor Greedy at the slate's
# Sentinel HP 70 (0% each; MCTS 500 about 5%), so it is measured against a Sentinel of 35 HP
# (random 2%, greedy 11%, MCTS 46%) until the balance lab re-tunes it.
ORDERING_PARAMS = {"v07": {"player_hp": 25}, "v06": {"enemy_hp": 35}}
ORDERING_MCTS = {"v09": (1000, 200)}  # (iterations per decision, fights); else (500, 150)


@pytest.mark.parametrize("variant", VARIANTS)
def test_mcts_beats_greedy_which_beats_random(variant: str) -> None:
    # Seeded fights in C++ (dice and draws from seed 11), the same seed for each player.
    params = ORDERING_PARAMS.get(variant)
    iterations, fights = ORDERING_MCTS.get(variant, (500, 150))
    random_rate = core.run_fights(variant, "random", 4 * fights, 11, params)["win_rate"]
    greedy_rate = core.run_fights(variant, "greedy", fights, 11, params)["win_rate"]
    start = combat.new_game(variant, seed=0, params=params)
    mcts_rate = core.run_fights_mcts(start, iterations=iterations, games=fights, seed=11)["win_rate"]
    assert mcts_rate > greedy_rate > random_rate, (mcts_rate, greedy_rate, random_rate)


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
    fa.apply("roll"), fb.apply("roll")
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
    a.apply("roll"), b.apply("roll")
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
