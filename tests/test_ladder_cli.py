"""``triptych ladder`` from the command line (issue 30 #5): bad player lists and games are refused in a
sentence, and a long pairing shows progress game by game rather than nothing until it ends."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from triptych.cli import main
from triptych.ladder import run_ladder


def _run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_ladder_refuses_combat_in_a_sentence() -> None:
    result = _run("ladder", "combat", "-n", "2")
    assert result.exit_code == 2
    assert "single-player" in result.output or "two-player" in result.output
    assert "IndexError" not in result.output and "unexpected" not in result.output


@pytest.mark.parametrize("players", ["random", "alphabeta:1"])
def test_ladder_refuses_a_single_player(players: str) -> None:
    result = _run("ladder", "aquaignis", "--players", players, "-n", "2")
    assert result.exit_code == 2
    assert "at least two players, got 1" in result.output
    assert "zero-size" not in result.output


def test_run_ladder_refuses_a_single_player() -> None:
    with pytest.raises(ValueError, match="at least two players"):
        run_ladder("aquaignis", ["random"], 2)


def test_run_ladder_reports_each_opening_pair_within_a_pairing() -> None:
    seen: list[tuple[int, int]] = []
    ladder = run_ladder("aquaignis", ["random", "greedy", "alphabeta:1"], 4, reach=1,
                        on_pair=lambda index, result: seen.append((index, result.games)))
    assert seen == [(0, 2), (0, 4), (1, 2), (1, 4)]  # two pairings of two opening pairs each
    assert sum(p.games for p in ladder.pairings) == 8


def test_ladder_command_places_two_players() -> None:
    result = _run("ladder", "aquaignis", "--players", "random;alphabeta:1", "-n", "2", "-j", "1")
    assert result.exit_code == 0, result.output
    assert "alphabeta:1" in result.output and "random" in result.output


def test_ladder_record_says_how_each_pairings_games_ended(tmp_path) -> None:
    # A pairing's draws read differently by their end (a separation countdown, a repetition, the action
    # limit), so the record counts the ends of each pairing's games, and they add up to its games.
    path = tmp_path / "ladder.json"
    result = _run("ladder", "hexfleet", "--players", "random;greedy;alphabeta:1", "-n", "2", "-j", "1",
                  "--max-actions", "12", "--json", str(path))
    assert result.exit_code == 0, result.output
    record = json.loads(path.read_text())
    assert len(record["pairings"]) == 3
    known = {"boarding", "disabled", "countdown", "repetition", "turn limit", "action limit"}
    for pairing in record["pairings"]:
        ends = pairing["ends"]
        assert set(ends) <= known, ends
        assert sum(ends.values()) == pairing["wins"] + pairing["draws"] + pairing["losses"] == 2
        # Every game stopped at 12 actions is a draw, so the limit's count is at most the draws.
        assert ends.get("action limit", 0) <= pairing["draws"]
    assert any("action limit" in p["ends"] for p in record["pairings"])  # random against greedy runs past 12


def strength_tables():
    import importlib.util
    from pathlib import Path

    spec = importlib.util.spec_from_file_location(
        "strength_tables", Path(__file__).resolve().parent.parent / "tools/strength_tables.py")
    tables = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tables)
    return tables


def test_strength_tables_lists_the_ends_of_a_pairing(tmp_path) -> None:
    tables = strength_tables()
    path = tmp_path / "ladder.json"
    path.write_text(json.dumps({"games_per_pairing": 4, "pairings": [
        {"a": "random", "b": "greedy", "wins": 0, "draws": 1, "losses": 3,
         "ends": {"boarding": 3, "countdown": 1}},
        {"a": "greedy", "b": "alphabeta:1", "wins": 1, "draws": 0, "losses": 3}]}))  # an older record: no ends
    text = tables.ladder([str(path)])
    assert "`random`–`greedy` 0-1-3 (boarding 3, countdown 1)" in text
    assert "`greedy`–`alphabeta:1` 1-0-3\n" in text  # and nothing after it


def test_strength_tables_reads_the_twin_pairings_from_the_defaults_side(tmp_path) -> None:
    # A ladder of both evaluations lists the classic twin first or second; the table always gives the
    # default's wins-draws-losses, and leaves out the pairings between different budgets.
    tables = strength_tables()
    path = tmp_path / "ladder.json"
    path.write_text(json.dumps({"pairings": [
        {"a": "alphabeta:1,evaluation=classic", "b": "alphabeta:1", "wins": 1, "draws": 2, "losses": 3,
         "ends": {"boarding": 4, "countdown": 2}},
        {"a": "alphabeta:1", "b": "alphabeta:2,evaluation=classic", "wins": 6, "draws": 0, "losses": 0},
        {"a": "alphabeta:time_ms=10", "b": "alphabeta:time_ms=10,evaluation=classic", "wins": 0, "draws": 1,
         "losses": 5, "ends": {"boarding": 5, "repetition": 1}}]}))
    text = tables.twins([str(path)])
    assert "| budget | 1 | time_ms=10 | all 12 games |" in text
    assert "| default against classic | 3-2-1 | 0-1-5 | 3-3-6, Elo " in text
    assert "| how they ended | boarding 4, countdown 2 | boarding 5, repetition 1 | boarding 9, countdown 2, repetition 1 |" in text
    empty = tmp_path / "none.json"
    empty.write_text(json.dumps({"pairings": [{"a": "random", "b": "greedy", "wins": 0, "draws": 0, "losses": 2}]}))
    with pytest.raises(ValueError, match="no twin pairings"):
        tables.twins([str(empty)])
