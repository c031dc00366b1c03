"""What Hexfleet self-play records for the trainer (docs/nnue.md, "Training"), format 3:

- ``classic`` is the classic evaluation the NNUE search blends in: the board evaluation, without the clock's
  pull toward the draw that the classic search adds while a countdown runs (a residual net learns a
  correction to what the engine adds it to);
- ``apart`` marks the positions whose networks stand apart, which the NNUE search scales by the separation
  outlook, so that ``triptych train --skip-apart`` can leave them out.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from click.testing import CliRunner

import triptych._core.hexfleet as core
from hexfleet_helpers import FAR_APART, position
from selfplay_helpers import record_positions
from triptych.cli import main
from triptych.nnue import selfplay
from triptych.nnue.games import nnue_game
from triptych.nnue.train import without_apart

GAME = nnue_game("hexfleet")
# FAR_APART's fleets (three hexes apart) moved to one hex apart, which either side can join.
NEAR_APART = {(0, 0): "C", (0, 1): "D", (-1, 1): "F", (1, -1): "F", (3, 0): "c", (3, -1): "s"}


def recorded_game(monkeypatch: pytest.MonkeyPatch, start: Any, seed: int) -> tuple[list[Any], dict[str, Any]]:
    """A self-play game from `start`, and the positions it recorded."""
    seen = record_positions(monkeypatch, "hexfleet", start)
    config = selfplay.SelfplayConfig("hexfleet", games=1, depth=1, opening_min=0, opening_max=0, random_rate=0.5)
    return seen, selfplay.play_game(config, seed)


@pytest.mark.parametrize("start", [pytest.param(lambda: position(FAR_APART, countdown=3), id="far-apart"),
                                   pytest.param(lambda: position(NEAR_APART, countdown=4), id="near-apart"),
                                   pytest.param(core.new_game, id="start")])
def test_selfplay_records_the_blended_classic_and_whether_the_networks_stand_apart(
        monkeypatch: pytest.MonkeyPatch, start: Any) -> None:
    seen, data = recorded_game(monkeypatch, start(), seed=4)
    assert len(seen) == len(data["classic"]) == len(data["apart"]) > 0
    assert data["classic"].tolist() == [core.evaluate_board(s) for s in seen]
    assert data["apart"].dtype == bool
    assert data["apart"].tolist() == [s.separation() is not None for s in seen]


def test_the_label_is_not_the_classic_searchs_clock_pulled_evaluation(monkeypatch: pytest.MonkeyPatch) -> None:
    # Where a countdown runs the two differ, so a label of evaluate() would fail the test above.
    seen, data = recorded_game(monkeypatch, position(FAR_APART, countdown=3), seed=4)
    running = [i for i, s in enumerate(seen) if s.countdown]
    assert running and data["apart"][running].all()
    assert any(core.evaluate(seen[i]) != data["classic"][i] for i in running)


def test_aquaignis_records_no_separation() -> None:
    data = selfplay.play_game(selfplay.SelfplayConfig("aquaignis", games=1, depth=1, max_plies=10), seed=1)
    assert "apart" not in data and not nnue_game("aquaignis").separates


def dataset(apart: list[bool]) -> dict[str, Any]:
    n = len(apart)
    return {"features": np.arange(n * 2 * GAME.max_active, dtype=np.int16).reshape(n, 2, GAME.max_active),
            "score": np.arange(n, dtype=np.int32), "classic": np.arange(n, dtype=np.int32) * 10,
            "result": np.full(n, 0.5, np.float32), "game": np.arange(n) // 2, "apart": np.asarray(apart),
            "config": selfplay.SelfplayConfig("hexfleet", games=3)}


def test_skipping_apart_positions_keeps_every_array_aligned() -> None:
    kept = without_apart(dataset([False, True, True, False, False, True]))
    assert kept["score"].tolist() == [0, 3, 4]
    assert kept["classic"].tolist() == [0, 30, 40] and kept["game"].tolist() == [0, 1, 2]
    assert (kept["features"][1] == dataset([False] * 6)["features"][3]).all()
    assert not kept["apart"].any() and isinstance(kept["config"], selfplay.SelfplayConfig)


def test_skipping_apart_positions_refuses_data_that_does_not_say_which() -> None:
    old = {k: v for k, v in dataset([False, True]).items() if k != "apart"}
    with pytest.raises(ValueError, match="does not record which positions have the networks apart"):
        without_apart(old)
    with pytest.raises(ValueError, match="nothing is left"):
        without_apart(dataset([True, True]))


def test_a_format_2_hexfleet_set_keeps_its_clock_pulled_classic_apart(tmp_path: Path) -> None:
    # Format 2 recorded evaluate() as `classic`; read back, residual training must not take it for the blend's.
    config = selfplay.SelfplayConfig("hexfleet", games=1)
    arrays = {k: v for k, v in dataset([False, False]).items() if k not in ("config", "apart")}
    old = tmp_path / "old.npz"
    np.savez_compressed(old, **arrays, config=np.asarray(json.dumps(asdict(config))))
    data = selfplay.load(old)
    assert "classic" not in data and data["classic_clock_pulled"].tolist() == [0, 10]
    assert "classic" not in selfplay.join([data, data])


def test_train_skip_apart_from_the_command_line(tmp_path: Path) -> None:
    data = tmp_path / "hf.npz"
    played = CliRunner().invoke(main, ["selfplay", "hexfleet", "-n", "6", "--depth", "1", "-j", "1", "--seed", "2",
                                       "--no-progress", "--out", str(data)])
    assert played.exit_code == 0, played.output
    loaded = selfplay.load(data)
    apart = int(loaded["apart"].sum())
    assert 0 < apart < len(loaded["score"])  # seed 2's six depth-1 games part their fleets for a while
    trained = CliRunner().invoke(main, ["train", "hexfleet", str(data), "--epochs", "1", "--skip-apart",
                                        "--out", str(tmp_path / "hf.nnue")])
    assert trained.exit_code == 0, trained.output
    total = len(loaded["score"])
    assert f"{total - apart} positions from" in trained.output
    assert f"({apart} with the networks apart left out)" in trained.output
