"""The CLI's one error boundary: every mistake is one line starting 'Error:', nothing is lost, nothing ignored."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import triptych.aquaignis as aq
import triptych.combat as combat
from triptych.cli import main


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input)


def assert_one_error_line(result, *words: str) -> None:
    assert result.exit_code not in (0, None), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.output
    for word in words:
        assert word in lines[0], lines[0]


@pytest.fixture
def not_utf8(tmp_path: Path) -> Path:
    path = tmp_path / "binary.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    return path


@pytest.fixture
def not_json(tmp_path: Path) -> Path:
    path = tmp_path / "notes.json"
    path.write_text("this is not json")
    return path


def test_terminal_save_to_a_missing_folder_keeps_the_game(tmp_path: Path) -> None:
    saved = tmp_path / "ok.json"
    result = run("play", "aquaignis", "--terminal",
                 input=f"save /nonexistent/dir/x.json\nN1\nsave {saved}\nquit\n")
    assert result.exit_code == 0, result.output
    assert "not saved" in result.output and "/nonexistent/dir/x.json" in result.output
    # The game went on after the failed save: the action was played and the next save holds it.
    state = aq.State.from_dict(json.loads(saved.read_text()))
    assert state.actions_left == 1


@pytest.mark.parametrize("args, words", [
    (("play", "aquaignis", "--terminal", "--variant", "v05"), ["--variant", "no variants"]),
    (("ai", "hexfleet", "--variant", "v01"), ["--variant", "no variants"]),
    (("play", "combat", "--terminal", "--seed", "-1"), ["--seed", "-1"]),
    (("match", "aquaignis", "random", "random", "--seed", "-1"), ["--seed"]),
    (("ai", "aquaignis", "--player", "mcts", "--depth", "3"), ["--depth", "alphabeta"]),
    (("play", "aquaignis", "--terminal", "--ai-vs-ai"), ["--ai-vs-ai", "3D table"]),  # --vs-ai works there now
    (("play", "aquaignis", "--terminal", "--first", "1"), ["--first", "3D table"]),
    (("match", "combat", "random", "greedy"), ["two-player", "Sentinel"]),
    (("match", "aquaignis", "alphabeta:0", "random"), ["depth", "1..120"]),
    (("match", "aquaignis", "mcts:-1", "random"), ["iterations", ">= 1"]),
    (("match", "aquaignis", "mcts:time_ms=-5", "random"), ["time_ms", ">= 1"]),
    (("bench", "--json", "/nonexistent/x.json"), ["--json", "/nonexistent"]),
    (("play", "hexfleet", "--offscreen", "--screenshot", "/nope/x.png"), ["--screenshot", "/nope"]),
    (("perft", "aquaignis"), ["--depth"]),
])
def test_bad_command_lines_get_one_error_line(args: tuple[str, ...], words: list[str]) -> None:
    assert_one_error_line(run(*args), *words)


@pytest.mark.parametrize("command", [("play", "aquaignis", "--terminal"), ("perft", "aquaignis", "-d", "1"),
                                     ("ai", "aquaignis", "--depth", "1")])
def test_a_position_that_is_not_utf8_or_not_json_is_one_error_line(command, not_utf8, not_json) -> None:
    assert_one_error_line(run(*command, "--position", str(not_utf8)), "not UTF-8")
    assert_one_error_line(run(*command, "--position", str(not_json)), "not valid JSON")


def test_bench_compare_of_a_non_report_fails_before_running(tmp_path: Path, not_utf8: Path) -> None:
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"hello": 1}))
    assert_one_error_line(run("bench", "--compare", str(other)), "not a bench --json report")
    assert_one_error_line(run("bench", "--compare", str(not_utf8)), "not a bench --json report")


def test_variant_is_case_insensitive_and_must_match_the_position(tmp_path: Path) -> None:
    fight = combat.new_game("v05", seed=3)
    saved = tmp_path / "v05.json"
    saved.write_text(json.dumps(fight.to_dict()))
    assert_one_error_line(run("play", "combat", "--terminal", "--variant", "v02", "--position", str(saved)),
                          "v05", "v02")
    result = run("play", "combat", "--terminal", "--variant", "V05", "--seed", "3", input="quit\n")
    assert result.exit_code == 0, result.output
    assert "abandoned" in result.output


def test_ai_analyses_a_combat_fight_that_starts_at_a_chance_node() -> None:
    first = run("ai", "combat", "--seed", "3")
    second = run("ai", "combat", "--seed", "3")
    assert first.exit_code == 0, first.output
    assert "chance (seeded)" in first.output and "best" in first.output
    # The chance was resolved with the seed: the same seed analyses the same position.
    assert [l for l in first.output.splitlines() if "chance" in l] == \
        [l for l in second.output.splitlines() if "chance" in l]


def test_a_lost_fight_names_the_sentinel() -> None:
    import random

    from rich.console import Console

    from triptych.cli.play_command import run_game, terminal_player_names

    fight = combat.new_game("v01", seed=1, params={"player_hp": 1})
    rng = random.Random(1)
    while not fight.is_terminal():  # a 1-HP player at random: the Sentinel's first blow ends it
        fight.play_chance()
        if not fight.is_terminal():
            fight.apply(rng.choice(fight.legal_actions()))
    assert fight.winner == combat.SENTINEL
    console = Console(record=True, width=100)
    run_game(fight, console, lambda who: "quit", seed=1, player_names=terminal_player_names("combat", combat))
    text = console.export_text()
    assert "Game over: the Betaal Sentinel wins" in text and "player 1" not in text


def test_unexpected_errors_are_one_line_too(monkeypatch) -> None:
    import triptych.cli.perft_command as perft_command

    def broken(*_args, **_kwargs):
        raise RuntimeError("something broke\nacross lines")

    monkeypatch.setattr(perft_command, "load_position", broken)
    monkeypatch.delenv("TRIPTYCH_DEBUG", raising=False)
    assert_one_error_line(run("perft", "aquaignis", "-d", "1"), "RuntimeError", "something broke across lines")


def test_balance_tables_fold_rather_than_truncate_player_names() -> None:
    from rich.console import Console

    from triptych.balance import LabConfig, print_tables, run_lab

    result = run_lab(LabConfig(["v01"], ["random", "mcts:20"], games=4), progress=False)
    console = Console(width=100, record=True)
    print_tables(result, console)
    text = console.export_text()
    assert "…" not in text
    assert "mcts:20" in text.replace("\n", "").replace("│", "").replace(" ", "") or "mcts:" in text


def test_a_ladder_at_the_ceiling_is_not_still_rising() -> None:
    from triptych.balance import ladder

    # One MCTS budget only: nothing larger was run, yet at 99% there is no room left to rise.
    built = ladder.build(["random", "greedy", "mcts:300"], [0.2, 0.995, 0.99])
    assert "still rising" not in built.describe()


def test_a_skipped_bench_keeps_the_extra_in_its_install_hint() -> None:
    from rich.console import Console

    from triptych.bench.report import Report
    from triptych.bench.table import print_report

    report = Report(machine={}, skipped={"openspiel": "open-spiel is not installed (pip install 'triptych[bench]')"})
    console = Console(width=200, record=True)
    print_report(report, console)
    assert "pip install 'triptych[bench]'" in console.export_text()


def test_terminal_undo_never_redraws_a_combat_roll() -> None:
    """Undo after a roll cannot take the roll back, so rolling again is a paid reroll, not a free redraw."""
    from rich.console import Console

    from triptych.cli.play_command import run_game, terminal_player_names

    commands = iter(["roll", "undo", "undo", "quit"])
    console = Console(record=True, width=120)
    fight = combat.new_game("v01", seed=3)
    final = run_game(fight, console, lambda who: next(commands), seed=3,
                     player_names=terminal_player_names("combat", combat))
    text = console.export_text()
    rolled = [line for line in text.splitlines() if line.startswith("chance:") and "/" in line]
    assert len(rolled) == 1                                # one roll drawn, never a second
    assert text.count("is final: it cannot be taken back") == 2
    # the undos left the fight exactly where the roll put it
    rolled_only = iter(["roll", "quit"])
    after_roll = run_game(combat.new_game("v01", seed=3), Console(record=True, width=120),
                          lambda who: next(rolled_only), seed=3, player_names=terminal_player_names("combat", combat))
    assert final.to_dict() == after_roll.to_dict()
