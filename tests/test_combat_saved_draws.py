"""Draws owed in a saved fight: every count play can owe is saved and read back (found by the dict_combat fuzz target in CI, 2026-12-02).

A fight's parameters go up to 999, and a draw is queued for a parameter's worth of cards (a paid draw,
a Gale, the opening hand) or, at V06's Slack Tide, two (a Gale's draw plus the tide's own). The fuzzer
bought a draw of `paid_draw_cards` = 127 cards and could not read the position back: `from_dict`
held `pending_draws` to 0..99. It now holds it, and V06's `slack_owed`, to 0..1998 (kMaxPendingDraws).
"""

from __future__ import annotations

import random

import pytest

import triptych
import triptych.combat as combat
from combat_helpers import fight, roll

PAID_DRAW_VARIANTS = [v["id"] for v in combat.VARIANTS]


def buy_position(variant: str, cards: int) -> combat.State:
    """A fight at its first paid draw of `cards` cards, bought as soon as it is offered."""
    s = combat.new_game(variant, seed=5, params={"paid_draw_cards": cards, "paid_draw_cost": 0})
    rng = random.Random(variant)
    for _ in range(400):
        assert not s.is_terminal(), f"{variant}: the fight ended before a paid draw was offered"
        if s.to_move == triptych.CHANCE:
            s.play_chance()
            continue
        legal = [str(a) for a in s.legal_actions()]
        buys = [n for n in legal if n == "buy" or n.startswith("buy ")]
        if buys:
            s.apply(buys[0])
            return s
        s.apply(rng.choice(legal))
    raise AssertionError(f"{variant}: no paid draw offered within 400 actions")


@pytest.mark.parametrize("variant", PAID_DRAW_VARIANTS)
def test_a_paid_draw_of_many_cards_is_saved_and_read_back(variant):
    """A draw of 999 cards owes more than the deck holds; what play owes, a save keeps."""
    s = buy_position(variant, 999)
    data = s.to_dict()
    assert data["pending_draws"] == 999            # owed in full: play stops at the first of the draws
    again = combat.State.from_dict(data)
    assert again.to_dict() == data and again.hash == s.hash
    while again.to_move == triptych.CHANCE:        # and it is playable: the draws run until a pile is dry
        again.play_chance()
    assert again.to_dict()["pending_draws"] == 0


def test_more_owed_than_any_play_can_owe_is_refused():
    s = buy_position("v07", 999)
    data = s.to_dict()
    data["pending_draws"] = 2 * 999 + 1
    with pytest.raises(triptych.InvalidStateError, match=r"^pending_draws: must be 0\.\.1998"):
        combat.State.from_dict(data)
    assert s.to_dict()["pending_draws"] > 0        # the refused dict changed nothing


def test_the_slack_tide_owes_a_gale_and_the_tide_draw_at_once():
    """V06-R4 with both draws at the parameters' limit: 1998 cards owed while the discard is drawn."""
    s = fight("v06", ["gale", "stone"], params={"gale_draw": 999, "slack_draws": 999})
    s.apply("gale>1")
    roll(s, 1, "vayu")
    s.apply("fire 1")
    data = s.to_dict()
    assert (data["counters"]["slack_owed"], data["draw_source"]) == (1998, "hand")
    assert combat.State.from_dict(data).to_dict() == data
    data["counters"]["slack_owed"] = 1999
    with pytest.raises(triptych.InvalidStateError, match=r"^counters\.slack_owed"):
        combat.State.from_dict(data)


def test_draws_queued_on_top_of_pending_ones_stop_at_the_limit():
    """V10's Agni firings fire a card again and again in one resolution, a Gale queueing its draw each time
    before any is made: 50 firings of a Gale drawing 500 would owe 25,000; the count stops at 1998 (F-R16).
    (The parameters are the ones random play over parameter extremes found it with.)"""
    params = {"hand_size": 127, "draw_per_turn": 0, "undertow_count": 50, "undertow_weak": 999, "gale_count": 2,
              "gale_damage": 1, "gale_draw": 500, "stoneskin_count": 0, "shunya_damage": 50, "shunya_block": 500,
              "guard_block": 100, "akasha_gate_percent": 99, "weak_turns": 100, "paid_draw_cost": 127, "turn_cap": 50,
              "reroll_cost": 100, "extra_inscribe_cost": 127, "shunya_inscribe_cost": 500, "tilt_cost": 999,
              "clear_engraving_cost": 500, "base_income": 0, "agni_firings": 50, "akasha_face": 2}
    worst = 0
    for seed in range(40):
        rng = random.Random(seed)
        s = combat.new_game("v10", seed=seed, params=params)
        for _ in range(300):
            if s.is_terminal():
                break
            data = s.to_dict()
            worst = max(worst, data["pending_draws"])
            assert combat.State.from_dict(data).to_dict() == data
            if s.to_move == triptych.CHANCE:
                s.play_chance()
            else:
                s.apply(rng.choice(s.legal_actions()))
    assert worst == 2 * 999
