"""``triptych play GAME --terminal --vs-ai LEVEL``: the terminal game against the AI (issue 30's wishes)."""

from __future__ import annotations

import io

import pytest
from click.testing import CliRunner
from rich.console import Console

import triptych.aquaignis as aquaignis
from triptych.ai import Random
from triptych.cli import main
from triptych.cli.play_command import run_game


@pytest.mark.parametrize("game", ["aquaignis", "hexfleet"])
def test_the_ai_answers_the_players_turn(game: str) -> None:
    result = CliRunner().invoke(main, ["play", game, "--terminal", "--vs-ai", "random", "--seed", "2"],
                                input=_first_turn(game) + "quit\n")
    assert result.exit_code == 0, result.output
    assert "(random AI: random) plays " in result.output
    assert "Game abandoned." in result.output


def _first_turn(game: str) -> str:
    """The first listed action, as many times as the first side has actions in its turn."""
    import triptych.games as games

    state = games.load(game).new_game()
    lines = []
    while state.to_move == 0:
        action = state.legal_actions()[0]
        lines.append(str(action))
        state.apply(action)
    return "\n".join(lines) + "\n"


def test_undo_takes_back_the_ais_move_and_yours() -> None:
    commands = iter(["N1", "C1.0", "undo", "quit"])
    final = run_game(aquaignis.new_game(), Console(file=io.StringIO()), lambda _who: next(commands), seed=1,
                     ai_player=Random(seed=1), ai_seat=1)
    # Before 'undo' AQUA was to move on turn 2 (after the AI's turn); after it, AQUA's C1.0 is undone too.
    assert final.to_move == 0 and final.actions_left == 1
    assert len(final.to_dict()["pieces"]) == 1  # only AQUA's N1 stands


def test_combat_refuses_vs_ai() -> None:
    result = CliRunner().invoke(main, ["play", "combat", "--terminal", "--vs-ai", "easy"], input="quit\n")
    assert result.exit_code == 2 and "--vs-ai" in result.output
