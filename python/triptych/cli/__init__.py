"""The ``triptych`` command line: play, perft and rules for every game."""

from __future__ import annotations

import signal
import sys
import threading


def _quit_quietly(_signum: int, _frame: object) -> None:
    """Ctrl-C while the commands are still being imported: exit 130 as later, without a traceback."""
    sys.stderr.write("Interrupted.\n")
    sys.exit(130)


# Importing the commands (rich, click, the core) takes a second on a cold start; the boundary
# (cli/boundary.py) handles Ctrl-C only once a command runs. Python's own handler is back after.
_STARTING = (threading.current_thread() is threading.main_thread()
             and signal.getsignal(signal.SIGINT) is signal.default_int_handler)  # not when Ctrl-C is ignored
_previous_handler = signal.signal(signal.SIGINT, _quit_quietly) if _STARTING else None

import click  # noqa: E402

from triptych.cli.ai_command import ai_command  # noqa: E402
from triptych.cli.balance_command import balance  # noqa: E402
from triptych.cli.bench_command import bench  # noqa: E402
from triptych.cli.boundary import BoundedGroup  # noqa: E402
from triptych.cli.engine_command import engine  # noqa: E402
from triptych.cli.match_command import ladder, match, tune  # noqa: E402
from triptych.cli.nnue_command import selfplay, train  # noqa: E402
from triptych.cli.perft_command import perft  # noqa: E402
from triptych.cli.play_command import play  # noqa: E402
from triptych.cli.rules_command import rules  # noqa: E402
from triptych.cli.suite_command import suite  # noqa: E402
from triptych.cli.combat_command import combat  # noqa: E402


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
main.add_command(selfplay)
main.add_command(train)

if _STARTING:
    signal.signal(signal.SIGINT, _previous_handler)

__all__ = ["main"]
