"""Smaller command-line gaps of issue 30 #7 and its wishes: a save of another game is named as such,
MCTS scores read as an expected return, and game names are case-insensitive."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import triptych.aquaignis as aquaignis
import triptych.hexfleet as hexfleet
from triptych.cli import main
from triptych.cli.ai_command import describe_mcts_score


def _run(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input)


@pytest.mark.parametrize("saved, other", [(aquaignis, "hexfleet"), (hexfleet, "aquaignis")])
def test_a_save_of_another_game_names_that_game(tmp_path: Path, saved, other: str) -> None:
    path = tmp_path / "save.json"
    path.write_text(json.dumps(saved.new_game().to_dict()))
    result = _run("ai", other, "--position", str(path), "--depth", "1")
    name = saved.new_game().to_dict()["game"]
    assert result.exit_code == 2
    assert f"is a saved {name} game, not {other}" in result.output
    assert "unknown field" not in result.output


@pytest.mark.parametrize("saved, other", [("aquaignis", "hexfleet"), ("hexfleet", "aquaignis"),
                                          ("combat", "aquaignis"), ("aquaignis", "combat")])
def test_from_dict_names_the_game_of_another_games_save(saved: str, other: str) -> None:
    """Through the API too: State.from_dict said 'score: unknown field' for an AquaIgnis save given to Hexfleet."""
    import triptych.combat as combat
    from triptych import InvalidStateError
    from triptych.games import load

    data = combat.new_game("v01", seed=0).to_dict() if saved == "combat" else load(saved).new_game().to_dict()
    reader = combat.State if other == "combat" else load(other).State
    with pytest.raises(InvalidStateError, match=f"game: '{saved}' is not '{other}'"):
        reader.from_dict(data)


def test_mcts_score_is_an_expected_return() -> None:
    assert describe_mcts_score(281) == "+0.281 expected return (-1 loss, +1 win)"
    assert describe_mcts_score(-1000) == "-1.000 expected return (-1 loss, +1 win)"


@pytest.mark.parametrize("spelled", ["AquaIgnis", "AQUAIGNIS", "aquaignis"])
def test_game_names_are_case_insensitive(spelled: str) -> None:
    result = _run("perft", spelled, "-d", "1")
    assert result.exit_code == 0, result.output
    assert "perft(1) = 7" in result.output
    played = _run("play", spelled, "--terminal", input="quit\n")
    assert played.exit_code == 0 and "Game abandoned." in played.output
