"""``--backend``/``--address``: where a command's batches run (triptych/executor.py).

Shared by the commands that play many games (balance, and match, ladder and
tune as they move onto the executor):

    @click.command()
    @backend_options
    def balance(..., backend: str, address: str | None, workers: int | None): ...
        with open_executor(backend, workers, address) as executor: ...
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from triptych.executor import BACKENDS, BackendUnavailable, Executor, make_executor


def backend_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """Adds ``--backend`` and ``--address`` to a click command."""
    command = click.option("--address", metavar="ADDR", default=None,
                           help="--backend ray: join this cluster (auto, HOST:6379 or ray://HOST:10001); "
                                "without it Ray is started on this machine for the run.")(command)
    return click.option("--backend", type=click.Choice(BACKENDS), default="local", show_default=True,
                        help="Where batches run: local worker processes, or Ray (the cluster extra; docs/cluster.md).")(command)


def open_executor(backend: str, workers: int | None, address: str | None) -> Executor:
    """The executor for the options; a click error saying what to do when it cannot start."""
    try:
        return make_executor(backend, workers, address)
    except ValueError as err:
        raise click.BadParameter(str(err), param_hint="--address") from None
    except BackendUnavailable as err:
        raise click.ClickException(str(err)) from None


__all__ = ["backend_options", "open_executor"]
