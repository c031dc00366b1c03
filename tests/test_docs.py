"""The API reference (docs/api, Sphinx autodoc) builds with warnings as errors and covers the public API."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("sphinx", reason="the docs extra (sphinx) is not installed")

DOCS = Path(__file__).resolve().parents[1] / "docs" / "api"


def test_the_api_reference_builds_without_warnings(tmp_path: Path) -> None:
    out = tmp_path / "html"
    proc = subprocess.run([sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html",
                           str(DOCS), str(out)], capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    games = (out / "games.html").read_text()
    for name in ("is_legal", "is_chance_node", "returns", "winner", "from_dict", "chance_outcomes"):
        assert name in games, name
    ai_page = (out / "ai.html").read_text()
    for name in ("AlphaBeta", "MCTS", "SearchResult", "choose", "seconds"):
        assert name in ai_page, name
    for page in ("bench.html", "balance.html", "interfaces.html"):
        assert (out / page).is_file()
    interfaces = (out / "interfaces.html").read_text()
    for name in ("CombatEnv", "TwoPlayerEnv", "EngineSession", "EnginePlayer"):
        assert name in interfaces, name
