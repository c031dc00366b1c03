"""The terminal games a newcomer plays: what each shows, and what it does not repeat."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

import triptych.combat as combat
import triptych.hexfleet as hexfleet
from triptych.cli import main

DATA = Path(__file__).parent / "data" / "hexfleet"


def play(*args: str, input: str) -> str:
    result = CliRunner().invoke(main, ["play", *args, "--terminal"], input=input)
    assert result.exit_code == 0, result.output
    return result.output


def test_a_refused_action_gives_the_reason_without_redrawing_the_board() -> None:
    out = play("aquaignis", input="S4.6\nZZ\nN1\nquit\n")
    assert out.count("not accepted") == 2
    # Drawn at the start and after N1 only: the two refusals redraw nothing.
    assert out.count("IGNIS") - out.count("IGNIS>") >= 2
    boards = out.count("N1  ")  # the first legal action heads every action listing
    assert boards == 2, out


def test_board_command_redraws_on_request() -> None:
    out = play("aquaignis", input="board\nquit\n")
    assert out.count("N1  ") == 2


def test_hexfleet_draws_a_grid_names_the_sides_and_says_there_are_no_stacks_yet() -> None:
    out = play("hexfleet", input="quit\n")
    assert "Green to act" in out and "Green reserve" in out and "Purple reserve" in out
    assert "stacks: none yet" in out
    assert "C1" in out and "Green on top at: C@" in out
    assert "player 0" not in out


def test_hexfleet_lists_stacks_bottom_to_top_and_groups_actions_by_piece(tmp_path: Path) -> None:
    state = hexfleet.State.from_dict(json.loads((DATA / "midgame1.json").read_text()))
    out = play("hexfleet", "--position", str(DATA / "midgame1.json"), input="quit\n")
    assert "stacks, bottom to top:" in out and "-2,0: destroyer (face down) / frigate / frigate" in out
    moves = [str(a) for a in state.legal_actions()]
    assert f"{len(moves)} legal actions" in out
    # One line per moving piece: "M -2,0> -3,0  -3,1 ..." lists every target of that piece.
    heads = {m.split(">")[0] + ">" for m in moves if ">" in m}
    rows: list[str] = []  # a piece's row, with the lines its targets wrapped onto
    for line in out.splitlines():
        if line.strip().startswith(("M ", "D ", "R ", "P ", "Y", "S", "F")) and ">" in line or "@" in line:
            rows.append(line.strip())
        elif rows and line.startswith("    ") and line.strip() and ">" not in line:
            rows[-1] += " " + line.strip()
    for head in heads:
        row = next(r for r in rows if r.startswith(head + " "))
        targets = row[len(head):].split()
        assert sorted(head + t for t in targets) == sorted(m for m in moves if m.startswith(head))


def test_combat_reports_each_turn_and_prints_its_variant_rules_on_request() -> None:
    fight = combat.new_game("v02", seed=2)
    fight.play_chance()
    out = play("combat", "--variant", "v02", "--seed", "2", input="rules\nroll\nend\nquit\n")
    assert "Four Braziers" in out and "Slot 1 AGNI" in out
    assert "Turn 1 resolved:" in out and "Sentinel HP 70 ->" in out and "your HP 50 ->" in out
