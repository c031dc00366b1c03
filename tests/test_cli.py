"""The triptych command line, driven as a user would with click's runner."""

from __future__ import annotations

import json

from click.testing import CliRunner

import triptych.aquaignis as aq
from triptych.cli import main


def run(*args: str, input: str | None = None):
    result = CliRunner().invoke(main, list(args), input=input)
    return result


def test_perft_prints_count_time_and_rate() -> None:
    result = run("perft", "aquaignis", "--depth", "4")
    assert result.exit_code == 0, result.output
    assert "perft(4) = 4900" in result.output and "leaves/s" in result.output


def test_perft_from_a_saved_position(tmp_path) -> None:
    state = aq.new_game()
    state.apply("N4")
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(state.to_dict()))
    result = run("perft", "aquaignis", "--depth", "2", "--position", str(path), "--divide")
    assert result.exit_code == 0, result.output
    assert f"perft(2) = {aq.perft(state, 2)}" in result.output
    assert "N4" in result.output


def test_perft_refuses_a_bad_position_file_naming_the_field(tmp_path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"to_move": "aqua", "actions_left": 5, "score": {"aqua": 0, "ignis": 0},
                                "pieces": []}))
    result = run("perft", "aquaignis", "--depth", "2", "--position", str(path))
    assert result.exit_code != 0 and "actions_left" in result.output


def test_unknown_game_is_refused() -> None:
    result = run("perft", "chess", "--depth", "1")
    assert result.exit_code != 0 and "chess" in result.output


def test_rules_prints_the_rulings() -> None:
    result = run("rules", "aquaignis", "--plain")
    assert result.exit_code == 0 and "R1" in result.output and "Breakthrough" in result.output


def test_play_rejects_bad_input_with_reason_then_accepts_good(tmp_path) -> None:
    save = tmp_path / "game.json"
    script = "\n".join(["X9", "A1.0", "N3", "C3.0", "N1", "undo", "N2", f"save {save}", "quit"]) + "\n"
    result = run("play", "aquaignis", "--terminal", input=script)
    assert result.exit_code == 0, result.output
    assert "cannot read 'X9'" in result.output
    assert "no unit of the side to move at flow 1 pos 0" in result.output
    saved = aq.State.from_dict(json.loads(save.read_text()))
    # N3, C3.0 by AQUA; IGNIS played N1, took it back, then N2.
    assert {(p["flow"], p["pos"], p["owner"], p["charge"]) for p in saved.to_dict()["pieces"]} == {
        (3, 0, "aqua", 2), (2, 6, "ignis", 1)}
    assert saved.to_move == aq.IGNIS and saved.actions_left == 1


def test_play_a_whole_game_to_the_end() -> None:
    # A stalled game: with the default limit this would take long, so play from a position
    # one breakthrough from the win.
    state = aq.State.from_dict({"to_move": "aqua", "actions_left": 2, "score": {"aqua": 3, "ignis": 0},
                                "pieces": [{"flow": 1, "pos": 6, "owner": "aqua", "kind": "piece", "charge": 1}]})
    import tempfile
    from pathlib import Path
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "p.json"
        path.write_text(json.dumps(state.to_dict()))
        result = run("play", "aquaignis", "--terminal", "--position", str(path), input="A1.6\n")
    assert result.exit_code == 0, result.output
    assert "Game over: AQUA wins" in result.output


def test_aquaignis_state_satisfies_the_contract_protocol() -> None:
    from triptych.contract import Action, State

    state = aq.new_game()
    assert isinstance(state, State)
    assert isinstance(state.legal_actions()[0], Action)


def test_play_help_says_what_the_action_letters_mean_and_the_board_has_a_legend() -> None:
    result = run("play", "aquaignis", "--terminal", input="help\nquit\n")
    assert result.exit_code == 0, result.output
    for text in ("N3", "spawN", "C3.2", "Charge", "A3.2", "Advance", "S3.2", "Surge", "B3.2", "Barrier",
                 "J3.2-4.2", "side Jump", "pass"):
        assert text in result.output, text
    # The board's own legend: pieces, Crowns, barriers, and which way each side goes.
    board = str(aq.new_game())
    for text in ("a1..a3 / i1..i3", "A*4", "[A2] / [I3]", "AQUA enters at pos 0, scores off pos 6"):
        assert text in board, text
