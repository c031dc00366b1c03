"""Texel tuning: the logistic fit on synthetic sets whose answer is known, the feature split of the native
evaluations, positions labelled from match records, and the weights file players load."""

from __future__ import annotations

import json

import numpy as np
import pytest
from click.testing import CliRunner

import triptych.ai as ai
import triptych.aquaignis as aq
import triptych.hexfleet as hx
from triptych import texel
from triptych.cli import main
from triptych.match import run_match


def _synthetic(names: list[str], truth: np.ndarray, scale: float, seed: int = 3, n: int = 4000) -> texel.PositionSet:
    """Positions whose result probabilities are exactly sigmoid(f . truth / scale) (soft labels)."""
    rng = np.random.default_rng(seed)
    table = rng.normal(0.0, 2.0, size=(n, len(names)))
    labels = 0.5 * (1 + np.tanh(0.5 * table @ truth / scale))
    return texel.PositionSet("hexfleet", list(names), table, labels, games=n)


def test_scale_fit_recovers_the_scale_that_made_the_labels() -> None:
    names = ["a", "b", "c"]
    truth = np.array([120.0, -40.0, 300.0])
    positions = _synthetic(names, truth, scale=700.0)
    assert texel.fit_scale(positions, truth) == pytest.approx(700.0, rel=1e-6)
    # A scale off by half predicts worse: the fitted one is the minimum.
    best = texel.log_loss(positions, truth, 700.0)
    assert best < texel.log_loss(positions, truth, 350.0) and best < texel.log_loss(positions, truth, 1400.0)


def test_weight_fit_recovers_known_weights_from_any_start() -> None:
    names = ["a", "b", "c", "d"]
    truth = np.array([120.0, -40.0, 300.0, 15.0])
    positions = _synthetic(names, truth, scale=500.0)
    start = np.array([50.0, 50.0, 50.0, 50.0])
    fitted = texel.fit_weights(positions, start, 500.0, prior=0.0)
    assert fitted == pytest.approx(truth, abs=1e-3)
    # Held weights stay where they start; the others fit around them.
    held = texel.fit_weights(positions, np.array([120.0, 0.0, 0.0, 15.0]), 500.0, tuned=[False, True, True, False],
                             prior=0.0)
    assert held == pytest.approx(truth, abs=1e-3)
    # The prior pulls toward the start, more the stronger it is.
    pulled = texel.fit_weights(positions, start, 500.0, prior=10.0)
    assert np.abs(pulled - start).sum() < np.abs(fitted - start).sum()


def test_texel_on_a_labelled_set_of_real_feature_names() -> None:
    names = sorted(texel._native("hexfleet").EVAL_WEIGHTS)
    start = dict(texel._native("hexfleet").EVAL_WEIGHTS)
    truth = np.array([start[n] for n in names], dtype=np.float64)
    truth[names.index("core_approach")] = 90.0  # the games say approach matters three times more
    positions = _synthetic(names, truth, scale=900.0, n=6000)
    result = texel.texel("hexfleet", positions, start=dict(zip(names, truth.astype(int).tolist())) | {"core_approach": 30},
                         prior=0.0, keep_spread=False)
    assert result.weights["core_approach"] == pytest.approx(90 * result.scale / 900, abs=2)
    assert result.loss < result.loss_start
    with pytest.raises(ValueError, match="unknown weights for hexfleet: speed"):
        texel.texel("hexfleet", positions, names=["speed"])


@pytest.mark.parametrize("module", [aq, hx], ids=["aquaignis", "hexfleet"])
def test_features_split_the_native_evaluation_exactly(module) -> None:
    # Both evaluations are linear in their weights: the feature rows reproduce evaluate() for any weights.
    states, state = [], module.new_game()
    player = ai.Greedy()
    for _ in range(40):
        if state.is_terminal():
            break
        states.append(state.clone())
        state.apply(player.choose(state))
    name = module.__name__.rsplit(".", 1)[-1]
    weights = {n: 17 + 13 * i for i, n in enumerate(sorted(texel._native(name).EVAL_WEIGHTS))}
    assert texel.evaluation_matches_features(name, states, weights) < 1.0


def test_positions_are_labelled_for_the_side_to_act(tmp_path) -> None:
    result, _ = run_match("hexfleet", "alphabeta:1", "greedy", 2, seed=5)
    path = tmp_path / "games.json"
    path.write_text(json.dumps({"games": [r.to_dict() for r in result.records]}))
    records = texel.load_records([path])
    positions = texel.positions_from_records("hexfleet", records, skip=0)
    expected = []
    for record in records:
        state = hx.new_game()
        for ply, notation in enumerate(record["actions"]):
            if ply >= record["opening"]:
                w = record["winner"]
                expected.append(0.5 if w is None else float(w == state.to_move))
            state.apply(notation)
    assert positions.labels.tolist() == expected and positions.games == 2
    sample = texel.positions_from_records("hexfleet", records, skip=0, max_positions=5, seed=1)
    assert len(sample) == 5
    with pytest.raises(ValueError, match="a record of 'hexfleet' among aquaignis"):
        texel.positions_from_records("aquaignis", records)
    (tmp_path / "bad.json").write_text('{"players": []}')
    with pytest.raises(ValueError, match="holds no 'games' list"):
        texel.load_records([tmp_path / "bad.json"])


def test_tune_texel_writes_weights_that_players_load(tmp_path) -> None:
    result, _ = run_match("aquaignis", "alphabeta:1", "greedy", 2, seed=8)
    games = tmp_path / "games.json"
    games.write_text(json.dumps({"games": [r.to_dict() for r in result.records]}))
    out = tmp_path / "tuned.json"
    run = CliRunner().invoke(main, ["tune", "aquaignis", "--method", "texel", "--records", str(games), "-o", str(out)])
    assert run.exit_code == 0, run.output
    written = json.loads(out.read_text())
    assert written["method"] == "texel" and written["positions"] > 0
    player = ai.make_player(f"alphabeta:1,weights={out}")
    assert player.weights == written["weights"]
    assert player.choose(aq.new_game()) is not None
    missing = CliRunner().invoke(main, ["tune", "aquaignis", "--method", "texel", "-o", str(out)])
    assert missing.exit_code != 0 and "--records" in missing.output
