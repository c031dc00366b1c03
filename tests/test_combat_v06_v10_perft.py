"""V06-V10: perft counts the action tree (chance outcomes are plies) consistently with the move lists."""

from __future__ import annotations

import random

import pytest

import triptych
import triptych.combat as combat

IDS = ["v06", "v07", "v08", "v09", "v10"]


def branching(s):
    return len(s.chance_outcomes()) if s.to_move == triptych.CHANCE else len(s.legal_actions())


@pytest.mark.parametrize("variant", IDS)
def test_perft_depth_one_is_the_branching_factor_along_a_fight(variant):
    rng = random.Random(variant)
    s = combat.new_game(variant, seed=3)
    for _ in range(40):
        if s.is_terminal():
            break
        assert combat.perft(s, 1) == branching(s)
        # depth 2 is the sum of the children's branching factors
        kids = [a for a, _ in s.chance_outcomes()] if s.to_move == triptych.CHANCE else s.legal_actions()
        total = 0
        for a in kids:
            c = s.clone()
            c.apply(a)
            total += 1 if c.is_terminal() else branching(c)
        assert combat.perft(s, 2) == total
        s.apply(s.sample_chance(rng) if s.to_move == triptych.CHANCE else rng.choice(s.legal_actions()))
