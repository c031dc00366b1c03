"""Residual training (docs/nnue.md, "Residual nets"): a net trained as a correction to the classic
evaluation, written so that the engine's blend at the classic share it was trained for is that share of
(classic + correction). Self-play records each position's classic evaluation for it."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from click.testing import CliRunner
from playout_helpers import positions
from selfplay_helpers import record_positions

from triptych._core import aquaignis as core
from triptych.nnue import netfile, selfplay
from triptych.nnue.games import nnue_game
from triptych.nnue.train import TrainConfig, init_net, train

GAME = nnue_game("aquaignis")


def truncated(numerator: float, denominator: int) -> int:
    """C++'s integer division (toward zero)."""
    quotient = abs(int(numerator)) // denominator
    return quotient if numerator >= 0 else -quotient


def test_selfplay_records_the_classic_evaluation_of_each_recorded_position(monkeypatch: pytest.MonkeyPatch) -> None:
    # The positions are caught as self-play takes their features, then judged here by the classic evaluation.
    seen = record_positions(monkeypatch, "aquaignis")
    data = selfplay.play_game(selfplay.SelfplayConfig("aquaignis", games=1, depth=1, random_rate=0.3), seed=3)
    assert len(seen) == len(data["classic"]) > 20 and data["classic"].dtype == np.int32
    assert data["classic"].tolist() == [core.evaluate(s) for s in seen]
    assert all((core.nnue_features(s) == row).all() for s, row in zip(seen, data["features"]))
    assert len(set(data["classic"].tolist())) > 5, "the evaluation changes along a game"


def test_a_join_keeps_only_the_arrays_every_set_has() -> None:
    config = selfplay.SelfplayConfig("aquaignis", games=1)
    new = {"features": np.zeros((2, 2, GAME.max_active), np.int16), "score": np.array([1, 2]),
           "classic": np.array([3, 4]), "result": np.array([1.0, 0.0]), "game": np.array([0, 0]), "config": config}
    old = {k: v for k, v in new.items() if k != "classic"}
    assert (selfplay.join([new, new])["classic"] == [3, 4, 3, 4]).all()
    assert "classic" not in selfplay.join([new, old]) and "classic" not in selfplay.join([old, new])


def test_the_share_sets_the_scale_the_file_is_written_with() -> None:
    assert TrainConfig().file_out_scale == 1000 and not TrainConfig().residual
    assert TrainConfig(classic_share=50).file_out_scale == 1000
    assert TrainConfig(classic_share=90).file_out_scale == 9000
    assert TrainConfig(classic_share=75).file_out_scale == 3000
    for bad in (-1, 100):
        with pytest.raises(ValueError, match="bad training configuration"):
            TrainConfig(classic_share=bad)


def classic_misses_data(rng: np.random.Generator, count: int = 4000) -> dict[str, Any]:
    """Random positions scored by the classic evaluation plus what each unit on its row is worth beyond it."""
    states = positions(core, seed=int(rng.integers(1 << 30)), count=count)
    features = np.stack([core.nnue_features(s) for s in states])
    classic = np.array([core.evaluate(s) for s in states], np.float32)
    worth = rng.normal(0, 400, GAME.features)
    worth[686:] = 0.0
    mine = features[:, 0, :]
    extra = np.where(mine >= 0, worth[np.clip(mine, 0, None)], 0.0).sum(axis=1)
    score = (classic + extra).astype(np.float32)
    return {"features": features, "score": score, "classic": classic.astype(np.int32),
            "result": (rng.random(count) < 1 / (1 + np.exp(-score / 1500))).astype(np.float32),
            "game": np.arange(count) // 40}


@pytest.fixture(scope="module")
def residual(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    data = classic_misses_data(np.random.default_rng(6))
    config = TrainConfig(epochs=3, batch_size=128, learning_rate=3e-3, lam=1.0, classic_share=90, factorize=False)
    report = train(GAME, data, config)
    path = netfile.write_net(tmp_path_factory.mktemp("nets") / "residual.nnue", GAME, report["net"],
                             config.file_out_scale)
    return {"data": data, "config": config, "report": report, "path": path}


def test_an_untrained_residual_net_is_exactly_the_classic_evaluation(residual: dict[str, Any]) -> None:
    net = init_net(GAME, 0, residual=True)
    features = residual["data"]["features"][:200]
    assert (netfile.forward_float(net, features) == 0).all()
    # So epoch 0's validation loss is the classic evaluation's own loss on the target.
    data, config = residual["data"], residual["config"]
    from triptych.nnue.train import split_by_game

    _, rows = split_by_game(data["game"], config.validation, config.seed)
    classic_loss = np.mean((1 / (1 + np.exp(-data["classic"][rows] / config.scale))
                            - 1 / (1 + np.exp(-data["score"][rows] / config.scale))) ** 2)
    assert residual["report"]["validation_loss"][0] == pytest.approx(classic_loss, rel=1e-4)


def test_the_correction_learns_what_the_classic_misses(residual: dict[str, Any]) -> None:
    history = residual["report"]["validation_loss"]
    assert history[-1] < 0.5 * history[0], history
    data = residual["data"]
    learnt = netfile.forward_float(residual["report"]["net"], data["features"][:1000])
    missed = data["score"][:1000] - data["classic"][:1000]
    assert np.corrcoef(learnt, missed)[0, 1] > 0.8


@pytest.mark.parametrize("share", [90])
def test_the_engines_blend_is_the_share_of_classic_plus_the_correction(residual: dict[str, Any], share: int) -> None:
    net = core.NnueNet(str(residual["path"]))
    trained = residual["report"]["net"]
    states = positions(core, seed=12, count=1000)
    features = np.stack([core.nnue_features(s) for s in states])
    classic = np.array([core.evaluate(s) for s in states], np.float64)
    engine = np.array([truncated(net.evaluate(s) * (100 - share) + c * share, 100)
                       for s, c in zip(states, classic.astype(int))], np.float64)
    correction = netfile.forward_float(trained, features)  # centi-units: the trainer's float net
    expected = share / 100 * (classic + correction)
    file_scale = residual["config"].file_out_scale
    bound = (100 - share) / 100 * netfile.quantization_bound(trained, features, file_scale) + 1.0
    assert (np.abs(engine - expected) <= bound).all()
    assert np.abs(engine - expected).mean() < 0.05 * np.std(share / 100 * correction)


def test_residual_training_refuses_data_without_the_classic_evaluation(residual: dict[str, Any]) -> None:
    data = {k: v for k, v in residual["data"].items() if k != "classic"}
    with pytest.raises(ValueError, match="residual training needs each position's classic evaluation"):
        train(GAME, data, TrainConfig(epochs=1, classic_share=90))


def test_the_train_command_writes_a_residual_net_and_says_how_to_search_it(tmp_path: Path) -> None:
    from triptych.cli import main

    data = tmp_path / "data.npz"
    runner = CliRunner()
    played = runner.invoke(main, ["selfplay", "aquaignis", "-n", "6", "--depth", "1", "-j", "1", "--no-progress",
                                  "-o", str(data)])
    assert played.exit_code == 0, played.output
    out = tmp_path / "r.nnue"
    result = runner.invoke(main, ["train", "aquaignis", str(data), "--epochs", "1", "--classic-share", "80",
                                  "--no-factorize", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert f"classic_share=80, e.g. \"alphabeta:nnue={out},classic_share=80\"" in result.output
    assert netfile.HEADER.unpack(out.read_bytes()[:netfile.HEADER.size])[7] == 4000  # out_scale: 1000 * 80 / 20
    refused = runner.invoke(main, ["train", "aquaignis", str(data), "--classic-share", "100"])
    assert refused.exit_code == 2 and "--classic-share" in refused.output


def test_selfplay_searches_a_residual_net_with_its_share(residual: dict[str, Any], tmp_path: Path) -> None:
    # The loop's next data comes from the residual net's own search, which is the blend at its share.
    path = residual["path"]
    config = selfplay.SelfplayConfig("aquaignis", games=1, depth=2, seed=4, max_plies=6, net=str(path),
                                     net_crc=selfplay.net_crc(path), classic_share=90)
    data = selfplay.play_game(config, 4)
    rng = random.Random(4)
    state = core.new_game()
    for _ in range(rng.randint(config.opening_min, config.opening_max)):
        state.apply(rng.choice(state.legal_actions()))
    net = core.NnueNet(str(path))
    blended = core.NnueAlphaBetaSearcher(net, threads=1, tt_mb=8, classic_share=90).search(state, depth=2)
    alone = core.NnueAlphaBetaSearcher(net, threads=1, tt_mb=8).search(state, depth=2)
    assert data["score"][0] == blended["score"] != alone["score"]
    with pytest.raises(ValueError, match="give the net too"):
        selfplay.SelfplayConfig("aquaignis", games=1, classic_share=90)
    from triptych.cli import main

    refused = CliRunner().invoke(main, ["selfplay", "aquaignis", "--classic-share", "90", "-o", str(tmp_path / "x.npz")])
    assert refused.exit_code == 2 and "give --net too" in refused.output
