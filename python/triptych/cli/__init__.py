"""The ``triptych`` command line: play, perft and rules for every game."""

from __future__ import annotations

import click

from triptych.cli.ai_command import ai_command
from triptych.cli.balance_command import balance
from triptych.cli.bench_command import bench
from triptych.cli.boundary import BoundedGroup
from triptych.cli.engine_command import engine
from triptych.cli.match_command import ladder, match, tune
from triptych.cli.perft_command import perft
from triptych.cli.play_command import play
from triptych.cli.rules_command import rules
from triptych.cli.suite_command import suite
from triptych.cli.combat_command import combat


@click.group(cls=BoundedGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="triptych")
def main() -> None:
    """Triptych: AquaIgnis, Hexfleet and Combat on a native engine."""


main.add_command(play)
main.add_command(perft)
main.add_command(rules)
main.add_command(ai_command)
main.add_command(match)
main.add_command(ladder)
main.add_command(tune)
main.add_command(combat)
main.add_command(bench)
main.add_command(balance)
main.add_command(engine)
main.add_command(suite)

__all__ = ["main"]
