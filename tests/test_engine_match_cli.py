"""The engine protocol and engine players as a user meets them (issue 30 #7).

The engine quits at the end of its input even during ``go infinite`` (as Stockfish does) and answers
``isready``; a match player that is missing or is no engine is the user's error, said at once; the
match prints each engine's clock and writes it in ``--json``, as docs/protocol.md promises; long
player names leave the match table readable.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from triptych.cli import main
from triptych.engine import EngineError, EngineProcess

CLI = [sys.executable, "-c", "from triptych.cli import main; main()"]
ENGINE_SPEC = f"engine:{sys.executable} -c 'from triptych.cli import main; main()' engine aquaignis"


def test_end_of_input_stops_an_infinite_search_and_ends_the_engine() -> None:
    proc = subprocess.run([*CLI, "engine", "aquaignis"], input="go infinite\n", capture_output=True, text=True,
                          timeout=120)
    lines = proc.stdout.splitlines()
    assert proc.returncode == 0, proc.stderr
    assert any(line.startswith("bestmove ") for line in lines) and lines[-1] == "ok"


def test_isready_is_answered_even_while_searching() -> None:
    proc = subprocess.run([*CLI, "engine", "aquaignis"], input="isready\ngo infinite\nisready\nstop\nquit\n",
                          capture_output=True, text=True, timeout=120)
    lines = proc.stdout.splitlines()
    assert lines.count("readyok") == 2, lines
    assert not any("a search is running" in line for line in lines)
    assert any(line.startswith("bestmove ") for line in lines)


@pytest.mark.parametrize("command, message", [("/nonexistent/engine", "cannot start engine"),
                                              ("cat", "does not speak the Triptych engine protocol"),
                                              ("false", "engine 'false'")])
def test_a_program_that_is_no_engine_is_the_users_error(command: str, message: str) -> None:
    result = CliRunner().invoke(main, ["match", "aquaignis", f"engine:{command}", "random", "--games", "2",
                                       "-j", "1"])
    assert result.exit_code == 1
    assert message in result.output
    assert "unexpected" not in result.output and "TRIPTYCH_DEBUG" not in result.output


def test_cat_is_refused_by_its_first_line_not_by_a_timeout() -> None:
    with pytest.raises(EngineError, match="its first line was 'info'"):
        EngineProcess(["cat"], timeout_s=600)


def test_match_prints_and_records_each_engines_clock(tmp_path) -> None:
    record = tmp_path / "match.json"
    result = CliRunner().invoke(main, ["match", "aquaignis", ENGINE_SPEC, "random", "--games", "2", "-j", "1",
                                       "--engine-time-ms", "20", "--json", str(record)], terminal_width=200)
    assert result.exit_code == 0, result.output
    assert f"clock of {ENGINE_SPEC}:" in result.output and "over time" in result.output
    data = json.loads(record.read_text())
    clock = data["summary"]["clocks"]["a"]
    assert data["summary"]["clocks"]["b"] is None  # random is no engine
    assert clock["moves"] > 0 and clock["seconds"] > 0 and clock["overruns"] >= 0
    per_game = [g["clocks"][g["a_side"]] for g in data["games"]]
    assert sum(c["moves"] for c in per_game) == clock["moves"]


def test_long_player_names_leave_the_table_readable() -> None:
    long_name = "alphabeta:depth=1,time_ms=5000,increment_ms=0"
    result = CliRunner().invoke(main, ["match", "aquaignis", long_name, "greedy", "--games", "2", "-j", "1"],
                                terminal_width=60)
    assert result.exit_code == 0, result.output
    assert f"A: {long_name}" in result.output and "B: greedy" in result.output
    assert "…" not in result.output  # no squashed column
