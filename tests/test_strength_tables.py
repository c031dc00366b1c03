"""tools/strength_tables.py's resumed SPRT: one sequential test over the opening pairs of several records."""

from __future__ import annotations

import copy
import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RECORD = ROOT / "docs" / "strength" / "nnue" / "sprt_aquaignis_residual6_100ms_seed300.json"


@pytest.fixture(scope="module")
def tables():
    spec = importlib.util.spec_from_file_location("strength_tables", ROOT / "tools" / "strength_tables.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def write(path: Path, data: dict, games: list[dict]) -> str:
    part = dict(data, games=games)
    path.write_text(json.dumps(part))
    return str(path)


def test_a_record_split_in_two_resumes_to_the_same_count(tables, tmp_path: Path) -> None:
    data = json.loads(RECORD.read_text())
    games = data["games"]
    whole = tables.resumed([write(tmp_path / "whole.json", data, games)])
    half = len(games) // 2
    # the pairs the first part leaves unfinished are finished in the second part, so whole pairs only:
    # cut where every pair before the cut is complete
    while {g["pair"] for g in games[:half]} & {g["pair"] for g in games[half:]}:
        half += 1
    split = tables.resumed([write(tmp_path / "a.json", data, games[:half]),
                            write(tmp_path / "b.json", data, games[half:])])
    assert whole.splitlines()[-1] == split.splitlines()[-1]  # the same pentanomial and Elo over everything
    assert "no decision" in whole and "no decision" in split


def test_the_decision_is_where_the_sequence_first_leaves_the_bounds(tables, tmp_path: Path) -> None:
    data = json.loads(RECORD.read_text())
    lost = copy.deepcopy(data["games"])
    for game in lost:  # A loses every game: the SPRT must accept H0 early, in the first file
        game["winner"] = 1 - game["a_side"]
        game["result"] = "0-1" if game["winner"] == 1 else "1-0"
    report = tables.resumed([write(tmp_path / "lost.json", data, lost),
                             write(tmp_path / "rest.json", data, data["games"])])
    decision = next(line for line in report.splitlines() if "decision" in line)
    assert "H0" in decision and "of lost.json" in decision
    pairs = int(decision.split(" after ")[1].split(" pairs")[0])
    played = len(tables.completed_pairs(data))
    assert 1 <= pairs <= played  # decided inside the first file, before the second could pull it back
    assert f"everything played: {2 * played} pairs" in report
    with pytest.raises(ValueError, match="is not an SPRT"):
        tables.resumed([write(tmp_path / "plain.json", dict(data, summary={"sprt": None}), data["games"])])
