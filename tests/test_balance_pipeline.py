"""``triptych balance`` end to end on a small N: outputs, determinism, workers, sweeps and bad input."""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path

from click.testing import CliRunner

from triptych.balance import LabConfig, run_lab
from triptych.balance.report import summary_dict
from triptych.balance.table import overview_rows, variant_rows
from triptych.cli import main

SMALL = ["--variants", "v01,v09", "--games", "12", "--players", "random,greedy,mcts:8,mcts:16", "--no-progress"]


def _run(args: list[str]) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["balance", *args])
    return result.exit_code, result.output


def test_the_whole_pipeline_writes_every_output(tmp_path: Path) -> None:
    out = tmp_path / "lab"
    code, text = _run([*SMALL, "--workers", "2", "--out", str(out), "--set", "enemy_hp=50,70"])
    assert code == 0, text
    for needle in ["V01 House Rules", "V09 Their Dice", "band 8-9", "targets", "Overview", "judged on",
                   "best setting", "95% CI", "mcts:16"]:
        assert needle in text
    assert re.search(r"(INSIDE|OUTSIDE) targets", text)
    files = {p.name for p in out.iterdir()}
    assert files == {"fights.csv", "summary.json", "run.json", "report.html", "winrate.png", "turns.png", "ladder.png",
                     "sweep_enemy_hp.png"}
    # One CSV row per fight: 2 variants x 3 settings (defaults, 50, 70) x 4 players x 12 fights.
    with (out / "fights.csv").open() as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 2 * 3 * 4 * 12
    assert {r["setting"] for r in rows} == {"defaults", "enemy_hp=50", "enemy_hp=70"}
    assert [int(r["seed"]) for r in rows[:12]] == list(range(12))  # paired seeds: fight i uses seed 0 + i
    assert rows[0]["verb_exhaust"] != "" and rows[-1]["verb_exhaust"] == ""  # V09 has no exhaust verb
    summary = json.loads((out / "summary.json").read_text())
    assert len(summary["cells"]) == 2 * 3 * 4 and summary["games"] == 12
    assert summary["results"]["v01"]["best_setting"]["label"] in {"defaults", "enemy_hp=50", "enemy_hp=70"}
    run = json.loads((out / "run.json").read_text())
    assert run["command"].startswith("triptych balance --variants v01,v09 --games 12")
    assert (run["backend"], run["workers"], run["fights"], run["fights_resumed"]) == ("local", 2, 2 * 3 * 4 * 12, 0)
    # The HTML stands alone: every image inline, nothing fetched.
    page = (out / "report.html").read_text()
    assert page.count('src="data:image/png;base64,') == 4
    assert not re.search(r'(src|href)="(?!data:)', page)
    for png in out.glob("*.png"):
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_same_seeds_give_the_same_table_for_any_number_of_workers() -> None:
    config = dict(variants=["v03", "v05"], players=["random", "greedy", "mcts:10"], games=10, seed=7)
    one = run_lab(LabConfig(**config, workers=1), progress=False)
    two = run_lab(LabConfig(**config, workers=2), progress=False)
    again = run_lab(LabConfig(**config, workers=1), progress=False)
    for other in (two, again):
        assert other.records == one.records
        for v in ("v03", "v05"):
            assert variant_rows(other, v) == variant_rows(one, v)
        assert overview_rows(other) == overview_rows(one)
        assert summary_dict(other) == summary_dict(one)  # nothing in it depends on workers or timing
    shifted = run_lab(LabConfig(**{**config, "seed": 8}, workers=1), progress=False)
    assert shifted.records[0][0]["seed"] == 8 and shifted.records[0][:9] == [
        {**r, "fight": i} for i, r in enumerate(one.records[0][1:10])]  # fight i + 1 at seed 7 is fight i at 8


def test_a_sweep_picks_the_setting_nearer_the_targets() -> None:
    # V02 is too easy and too short for the greedy player (about 88% wins in under 6 turns; targets 60%
    # and 7-9). A one-HP Sentinel makes that worse (every fight won on turn 1); a tougher one (100 HP)
    # brings both the win rate down and the fight length up: it must be the best setting.
    result = run_lab(LabConfig(["v02"], ["greedy"], 60, sweeps=[("enemy_hp", [1, 100])]), progress=False)
    vr = result.variants["v02"]
    assert result.settings[vr.best] == {"enemy_hp": 100}
    assert vr.verdicts[1].distance > vr.verdicts[0].distance > vr.verdicts[2].distance
    assert result.summary("v02", 1, "greedy")["win_rate"] == 1.0


def test_bad_input_names_what_is_wrong() -> None:
    cases = [
        (["--players", "random,mcts:x"], "--players", "mcts:N needs N"),
        (["--players", "alphabeta"], "--players", "unknown player 'alphabeta'"),
        (["--variants", "v01,v11"], "--variants", "unknown variant 'v11'"),
        (["--set", "enemy_hp"], "--set", "not name=v1,v2"),
        (["--set", "enemy_hp=60,sixty"], "--set", "'sixty' of enemy_hp is not an integer"),
        (["--set", "enemy_hitpoints=60"], "--set", "unknown parameter 'enemy_hitpoints' for v01"),
        (["--variants", "v01,v02", "--set", "scorch_cap=2"], "--set", "unknown parameter 'scorch_cap' for v02"),
        (["--set", "enemy_hp=5000"], "--set", "must be in 0..999"),
        (["--games", "0"], "--games", "0"),
    ]
    for args, hint, needle in cases:
        code, text = _run([*args, "--no-progress"])
        assert code == 2, (args, text)
        assert hint in text and needle in text, (args, text)
