"""``triptych ladder`` from the command line (issue 30 #5): bad player lists and games are refused in a
sentence, and a long pairing shows progress game by game rather than nothing until it ends."""

from __future__ import annotations

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
