"""Every script in examples/ runs as a user would run it, and prints what it promises."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"

EXPECTED = {
    "aquaignis_game.py": ["returns [", "after"],
    "hexfleet_game.py": ["winner:", "distinct positions seen"],
    "combat_fight.py": ["v02:", "won on turn"],
    "analysis.py": ["best ", "pv:", "nodes/s"],
    "match.py": ["score", "95% interval"],
    "balance_lab.py": ["v05 greedy win rate:", "report.html"],
}


# Run by tests/test_envs.py, which has the rl extra it needs.
RUN_ELSEWHERE = {"rl_self_play.py"}


def test_every_example_is_listed_here() -> None:
    assert {p.name for p in EXAMPLES.glob("*.py")} == set(EXPECTED) | RUN_ELSEWHERE


@pytest.mark.parametrize("script", sorted(EXPECTED))
def test_example_runs(script: str, tmp_path: Path) -> None:
    # Run from an empty folder so no example depends on the repository as its working directory.
    proc = subprocess.run([sys.executable, str(EXAMPLES / script)], capture_output=True, text=True, timeout=300,
                          cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    for text in EXPECTED[script]:
        assert text in proc.stdout, proc.stdout


def test_the_balance_example_guards_its_entry_point() -> None:
    # Worker processes re-import the script where they are spawned: without the guard the pool breaks.
    assert 'if __name__ == "__main__":' in (EXAMPLES / "balance_lab.py").read_text()
