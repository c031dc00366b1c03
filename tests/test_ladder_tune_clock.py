"""The Elo ladder's maximum-likelihood fit, SPSA tuning and its weight files, and the game clock."""

from __future__ import annotations

import json

import pytest

import triptych.ai as ai
import triptych.aquaignis as aq
from triptych.elo import score_from_elo
from triptych.ladder import Pairing, fit, plot, run_ladder, schedule
from triptych import tune as tune_module


def _exact(i: int, j: int, gap: float, games: int) -> Pairing:
    wins = round(games * score_from_elo(gap))
    return Pairing(i, j, wins=wins, draws=0, losses=games - wins)


def test_ladder_fit_recovers_known_ratings() -> None:
    truth = [0.0, 150.0, 400.0, 450.0]
    pairings = [_exact(i, j, truth[i] - truth[j], 20000) for i, j in schedule(4, reach=2)]
    ladder = fit(["random", "b", "c", "d"], pairings)
    for got, want in zip(ladder.ratings, truth):
        assert got == pytest.approx(want, abs=3.0)
    assert ladder.half_widths[0] == 0.0  # the anchor is exact by definition
    assert all(0 < h < 15 for h in ladder.half_widths[1:])
    assert [row[0] for row in ladder.rows()] == ["d", "c", "b", "random"]


def test_ladder_intervals_shrink_with_games_and_the_prior_keeps_shutouts_finite() -> None:
    few = fit(["random", "x"], [Pairing(0, 1, wins=0, draws=0, losses=10)])
    many = fit(["random", "x"], [Pairing(0, 1, wins=0, draws=0, losses=1000)])
    assert 0 < few.ratings[1] < many.ratings[1] < 2000
    assert many.half_widths[1] < few.half_widths[1]


def test_ladder_refuses_disconnected_players() -> None:
    with pytest.raises(ValueError, match="no games connect c"):
        fit(["random", "b", "c"], [Pairing(0, 1, 5, 0, 5)])
    with pytest.raises(ValueError, match="anchor"):
        fit(["a", "b"], [Pairing(0, 1, 5, 0, 5)])


def test_run_ladder_places_players_and_plots(tmp_path) -> None:
    ladder = run_ladder("aquaignis", ["random", "greedy", "alphabeta:1"], 4, reach=2)
    ratings = dict(zip(ladder.players, ladder.ratings))
    assert ratings["random"] == 0.0
    assert ratings["alphabeta:1"] > ratings["random"]
    assert sum(p.games for p in ladder.pairings) == 12
    path = tmp_path / "ladder.png"
    plot(ladder, str(path), "test")
    assert path.read_bytes()[:4] == b"\x89PNG"


def test_the_plot_widens_for_long_player_names(tmp_path) -> None:
    # A spec naming a net's path runs to 55-70 characters; its label must not squeeze the bars out of the chart.
    import matplotlib.image

    pairings = [Pairing(0, 1, 1, 0, 3), Pairing(1, 2, 2, 0, 2)]
    widths = []
    for name in ("alphabeta:7", "alphabeta:7,nnue=docs/strength/nnue/aquaignis-gen5.nnue"):
        path = tmp_path / f"{len(name)}.png"
        plot(fit(["random", "greedy", name], pairings), str(path), "test")
        widths.append(matplotlib.image.imread(path).shape[1])
    short, long_ = widths
    assert long_ > short * 1.2


def test_spsa_moves_each_weight_along_its_probe_by_the_result(monkeypatch) -> None:
    # A stand-in for the games: the plus side always wins both, so every step moves theta by +a_k c_k c_i Delta_i.
    monkeypatch.setattr(tune_module, "_play_probe", lambda *args: 2.0)
    settings = tune_module.SpsaSettings(pairs_per_step=1, a=0.5, c=0.1, min_c=2.0, stability=0.0)
    result = tune_module.spsa("aquaignis", 1, names=["charge", "tempo"], settings=settings, seed=4)
    start = tune_module.default_weights("aquaignis")
    for name in ("charge", "tempo"):
        step = abs(result.trace[0][name] - start[name])
        assert step == pytest.approx(0.5 * 1.0 * max(2.0, 0.1 * start[name]) * 2.0)
    untouched = set(start) - {"charge", "tempo"}
    assert all(result.weights[n] == start[n] for n in untouched)


def test_spsa_plays_real_games_and_writes_weights_players_load(tmp_path) -> None:
    settings = tune_module.SpsaSettings(depth=1, pairs_per_step=1)
    first = tune_module.spsa("aquaignis", 2, settings=settings, seed=9)
    again = tune_module.spsa("aquaignis", 2, settings=settings, seed=9)
    assert first.weights == again.weights  # seeded and depth-limited: repeatable
    assert set(first.weights) == set(tune_module.default_weights("aquaignis"))
    path = tmp_path / "tuned.json"
    path.write_text(json.dumps(first.to_dict()))
    player = ai.make_player(f"alphabeta:1,weights={path}")
    assert player.weights == first.weights
    assert player.choose(aq.new_game()) is not None


def test_bad_weight_files_and_names_are_refused(tmp_path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"weights": {"charge": "forty"}}')
    with pytest.raises(ValueError, match="bad.json"):
        ai.make_player(f"alphabeta:1,weights={path}")
    with pytest.raises(ValueError, match="unknown weights for aquaignis: speed"):
        tune_module.spsa("aquaignis", 1, names=["speed"])
    with pytest.raises(ValueError, match="two-player"):
        tune_module.default_weights("combat")


def test_game_clock_shares_time_and_never_overspends() -> None:
    clock = ai.GameClock(10_000, 100)
    first = clock.budget_ms()
    assert first == pytest.approx((10_000 - 20) * 0.95 / 30 + 75, abs=1)
    for _ in range(300):  # spending every budget in full never flags
        clock.spend(clock.budget_ms() + clock.extension_ms())
    assert not clock.flagged and clock.left_ms > 0
    tight = ai.GameClock(100)
    assert tight.budget_ms() <= 100 / 5
    with pytest.raises(ValueError, match="clock_ms"):
        ai.GameClock(0)
    with pytest.raises(ValueError, match="either time_ms"):
        ai.AlphaBeta(time_ms=10, clock_ms=1000)


def test_alphabeta_on_a_clock_asks_only_for_its_share() -> None:
    # What the player asks of the search is checked, not how long the machine took: each move's
    # searches together stay within the budget (plus one extension) and a fifth of the clock left.
    player = ai.make_player("alphabeta:clock_ms=3000,increment_ms=10")
    asked: list[tuple[float, int, int]] = []
    real = player._raw_search

    def recording(searcher, state, history, time_ms):
        asked.append((player.clock.left_ms, player.clock.moves, time_ms))
        return real(searcher, state, history, time_ms)

    player._raw_search = recording
    state = aq.new_game()
    for _ in range(12):
        if state.is_terminal():
            break
        state.apply(player.choose(state))
    assert player.clock.moves > 0
    by_move: dict[int, list[int]] = {}
    for left, move, time_ms in asked:
        by_move.setdefault(move, []).append(time_ms)
        assert time_ms <= max(1, left / 5)
    for move, calls in by_move.items():
        left = next(a[0] for a in asked if a[1] == move)
        usable = max(0.0, left - 20) * 0.95
        budget = max(1, int(min(usable / 30 + 0.75 * 10, usable / 5)))
        assert calls[:2] == [max(1, budget // 2), max(1, budget - budget // 2)]  # the budget, in two halves
        assert len(calls) <= 3 and sum(calls) <= budget + int(min(budget, usable / 10)) + 1
    player.new_game()
    assert player.clock.left_ms == 3000 and player.clock.moves == 0
