"""The balance lab's arithmetic: intervals, targets, the competent-player rule, sweeps, cell statistics."""

from __future__ import annotations

import pytest

from triptych.balance import ladder, sweeps, targets
from triptych.balance.players import parse_player, parse_players
from triptych.balance.stats import summarize
from triptych.stats import wilson_interval


@pytest.mark.parametrize(("wins", "n", "low", "high"), [
    # Newcombe (1998), "Two-sided confidence intervals for the single proportion", Table I, method 3 (Wilson).
    (81, 263, 0.2553, 0.3662),
    (15, 148, 0.0624, 0.1605),
    (0, 20, 0.0000, 0.1611),
    (1, 29, 0.0061, 0.1718),
    # Symmetric and boundary cases worked by hand: p = 1/2, n = 10 and p = 0, 1 with n = 10.
    (5, 10, 0.2366, 0.7634),
    (0, 10, 0.0000, 0.2775),
    (10, 10, 0.7225, 1.0000),
])
def test_wilson_interval_matches_published_values(wins: int, n: int, low: float, high: float) -> None:
    lo, hi = wilson_interval(wins, n)
    assert lo == pytest.approx(low, abs=5e-5) and hi == pytest.approx(high, abs=5e-5)


def test_targets_and_distance() -> None:
    assert targets.band("v01") == (8, 9) and targets.band("v03") == (8, 11)
    assert targets.win_ok(0.55) and targets.win_ok(0.65) and not targets.win_ok(0.66) and not targets.win_ok(0.54)
    assert targets.turns_ok("v01", 8.0) and targets.turns_ok("v01", 9.0) and not targets.turns_ok("v01", 9.01)
    assert targets.turns_outside("v01", 7.5) == 0.5 and targets.turns_outside("v01", 10.0) == 1.0
    # Five win-rate points weigh one turn outside the band.
    assert targets.distance("v01", 0.60, 8.5) == 0
    assert targets.distance("v01", 0.70, 8.5) == pytest.approx(2.0)
    assert targets.distance("v01", 0.60, 10.0) == pytest.approx(1.0)
    v = targets.judge("v02", 0.62, 9.5)
    assert v.win_ok and not v.turns_ok and not v.inside and "fight length" in v.label()
    assert targets.judge("v02", 0.62, 8.0).label() == "INSIDE targets"


def test_competent_player_is_the_budget_past_which_the_win_rate_stops_rising() -> None:
    budgets = [50, 100, 200, 400, 800]
    # Rises, rises, then +1 and +1.5 points: levelled at 200.
    assert ladder.competent_index(budgets, [0.30, 0.45, 0.55, 0.56, 0.565]) == 2
    # A later jump of 2 points or more keeps the search going: 400 rises over 200 by 3 points.
    assert ladder.competent_index(budgets, [0.30, 0.45, 0.55, 0.58, 0.585]) == 3
    # Noise that dips and recovers within 2 points does not count as a rise.
    assert ladder.competent_index(budgets, [0.50, 0.515, 0.49, 0.51, 0.50]) == 0
    # Still rising at the top: the largest budget, flagged as not levelled.
    lad = ladder.build(["random", "mcts:100", "mcts:200"], [0.05, 0.40, 0.60])
    assert lad.competent == "mcts:200" and not lad.levelled and lad.describe().startswith(">=")
    assert lad.skill_gap == pytest.approx(0.55)
    lad = ladder.build(["mcts:400", "random", "greedy", "mcts:100"], [0.61, 0.02, 0.30, 0.60])
    assert lad.players == ("random", "greedy", "mcts:100", "mcts:400")  # ladder order
    assert lad.competent == "mcts:100" and lad.levelled
    # No MCTS budget run: the strongest player given stands in.
    lad = ladder.build(["greedy", "random"], [0.4, 0.1])
    assert lad.competent == "greedy" and not lad.levelled and "no MCTS" in lad.describe()


def test_player_specs_parse_to_ladder_order() -> None:
    assert parse_players("mcts:1000, greedy,random,mcts:200,greedy") == ["random", "greedy", "mcts:200", "mcts:1000"]
    assert parse_player(" MCTS:050 ") == "mcts:50"
    for bad in ("", "mcts:-1", "mcts:abc", "alphabeta:3", "mcts:99999999"):
        with pytest.raises(ValueError):
            parse_players(bad)


def test_sweep_grid_and_best() -> None:
    parsed = sweeps.parse_sets(["enemy_hp=60,70", "strike_damage=7,8,9"])
    assert parsed == [("enemy_hp", [60, 70]), ("strike_damage", [7, 8, 9])]
    grid = sweeps.settings(parsed)
    assert grid[0] == {} and len(grid) == 1 + 2 * 3 and grid[1] == {"enemy_hp": 60, "strike_damage": 7}
    assert sweeps.label(grid[0]) == "defaults" and sweeps.label(grid[1]) == "enemy_hp=60 strike_damage=7"
    assert sweeps.best([3.0, 1.0, 1.0, 2.0]) == 1  # a tie goes to the earlier setting
    for bad, needle in (("enemy_hp", "not name=v1"), ("enemy_hp=6x", "not an integer"), ("=5", "not name=v1"),
                        ("enemy_hp=6,6", "twice")):
        with pytest.raises(ValueError, match=needle):
            sweeps.parse_set(bad)
    with pytest.raises(ValueError, match="set twice"):
        sweeps.parse_sets(["enemy_hp=1", "enemy_hp=2"])
    with pytest.raises(ValueError, match="unknown parameter 'scorch_cap' for v02"):
        sweeps.check_names([("scorch_cap", [1])], ["v01", "v02"], {"v01": {"scorch_cap": 4}, "v02": {"enemy_hp": 70}})


def _record(winner: int, turns: int, player_hp: int = 10, dealt: int = 70, **usage: int) -> dict:
    r = {"winner": winner, "turns": turns, "player_hp": player_hp, "enemy_hp": 70 - dealt, "enemy_max_hp": 70,
         "damage_dealt": dealt, "gated": 1, "akasha_played": 0, "rolls": 2 * turns, "buys": 1, "stalls": 0,
         "verb_exhaust": 1}
    for e in ("agni", "jal", "vayu", "prithvi", "akasha", "blank"):
        r[f"placed_{e}"] = 0
        r[f"rolled_{e}"] = 0
    r.update(usage)
    return r


def test_cell_statistics_by_hand() -> None:
    records = [_record(0, 8, 20), _record(0, 10, 30), _record(1, 6, 0, dealt=40, placed_agni=2, rolled_agni=1),
               _record(-1, 12, 5, dealt=50, akasha_played=1)]
    m = summarize("v01", records)
    assert (m["games"], m["wins"], m["losses"], m["capped"]) == (4, 2, 1, 1)
    assert m["win_rate"] == 0.5 and (m["ci_low"], m["ci_high"]) == wilson_interval(2, 4)
    assert m["mean_turns"] == 9.0 and m["median_turns"] == 9.0
    assert m["in_band"] == 0.25  # only the 8-turn fight lies in V01's 8-9
    assert m["in_overall_band"] == 1.0
    assert m["hp_left_on_wins"] == 25.0
    assert m["damage_per_turn"] == pytest.approx((70 + 70 + 40 + 50) / 36)
    assert m["in_play"]["agni"] == 0.75 and m["in_play"]["jal"] == 0
    assert m["akasha_in_play"] == 0.25 and m["gated"] == 1.0
    assert m["verbs"] == {"exhaust": 1.0}
    assert m["turns_histogram"] == {"6": 1, "8": 1, "10": 1, "12": 1}


def test_error_bars_are_never_negative() -> None:
    from triptych.balance.report import yerr

    for n in range(1, 120):
        for k in range(n + 1):
            lo, hi = wilson_interval(k, n)
            below, above = yerr({"win_rate": k / n, "ci_low": lo, "ci_high": hi})
            assert below >= 0 and above >= 0
