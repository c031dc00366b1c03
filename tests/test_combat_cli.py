"""Combat on the command line: the generic play loop (chance from the seed), rules, and `combat stats`."""

from __future__ import annotations

from click.testing import CliRunner

from triptych.cli import main
from triptych.cli.combat_command import combat


def test_play_combat_v05_to_the_end_with_seeded_dice() -> None:
    # Never placing a card, the player rolls and ends every turn until the Sentinel wins.
    script = "lash>9\n" + "roll\nend\n" * 60
    result = CliRunner().invoke(main, ["play", "combat", "--terminal", "--variant", "v05", "--seed", "3"], input=script)
    assert result.exit_code == 0, result.output
    assert "not accepted" in result.output and "Sangam" in result.output
    assert "chance: +" in result.output and "chance: " in result.output
    assert "the Sentinel won" in result.output and "Game over" in result.output
    again = CliRunner().invoke(main, ["play", "combat", "--terminal", "--variant", "v05", "--seed", "3"], input=script)
    assert again.output == result.output   # the seed replays the same dice and draws


def test_rules_combat_lists_the_rulings() -> None:
    result = CliRunner().invoke(main, ["rules", "combat", "--plain"])
    assert result.exit_code == 0
    for needle in ["## Rulings (framework)", "V01-R1", "V02-R1", "V03-R1", "V04-R1", "V05-R1"]:
        assert needle in result.output


def test_combat_stats_prints_win_rate_and_fight_length() -> None:
    result = CliRunner().invoke(combat, ["stats", "--variant", "v05", "--variant", "v01", "--games", "30"])
    assert result.exit_code == 0, result.output
    for needle in ["v05", "Sangam", "v01", "random", "greedy", "win rate", "mean turns"]:
        assert needle in result.output
    bad = CliRunner().invoke(combat, ["stats", "--variant", "v42"])
    assert bad.exit_code != 0
