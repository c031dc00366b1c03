"""The one error boundary of the command line.

Whatever goes wrong reaches the user as one line starting ``Error:`` (exit 1),
and Ctrl-C as one line ``Interrupted.`` (exit 130, the shell's convention for
SIGINT); never a traceback. Long native work (perft, searches, fight batches)
polls a stop flag that SIGINT sets, so Ctrl-C ends it within a moment. SIGTERM
(``kill PID``, a scheduler stopping a job) is turned into the same Ctrl-C, so a
run stopped that way also keeps what it played and takes its workers with it
(left to its default, it killed the parent alone, and the workers of a pool
lived on); native work sees it through the same stop flag (interrupt_scope.h).
A command started with Ctrl-C ignored (``triptych match ... &`` from a script)
still ends on SIGTERM, the same way.
Set TRIPTYCH_DEBUG=1 to see the traceback of an unexpected error.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import click


def error_message(err: BaseException) -> str:
    """The error's own message, on one line; OSErrors name the file."""
    if isinstance(err, click.exceptions.ClickException):
        text = err.format_message()
    elif isinstance(err, OSError) and err.filename is not None:
        text = f"{err.filename}: {err.strerror or err}"
    else:
        text = str(err) or type(err).__name__
    return " ".join(text.split())


def _sigterm_as_ctrl_c(_signum: int, _frame: object) -> None:
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        # Started with Ctrl-C ignored (`triptych ... &` from a script, nohup): a raised SIGINT would vanish,
        # and SIGTERM must still stop the command.
        raise KeyboardInterrupt
    # raise_signal delivers to this (the main) thread and runs whatever handles Ctrl-C there now.
    signal.raise_signal(signal.SIGINT)


@contextmanager
def sigterm_as_ctrl_c() -> Iterator[None]:
    """While a command runs, SIGTERM ends it as Ctrl-C does (main thread only: Python's rule for handlers)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, _sigterm_as_ctrl_c)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


class BoundedGroup(click.Group):
    """A click group whose commands end in one-line errors and exit 130 on Ctrl-C (or SIGTERM)."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            with sigterm_as_ctrl_c():
                return super().invoke(ctx)
        except (click.exceptions.ClickException, click.exceptions.Exit, click.exceptions.Abort):
            raise
        except KeyboardInterrupt:
            click.echo("Interrupted.", err=True)
            ctx.exit(130)
        except (OSError, ValueError, UnicodeError) as err:  # bad files and bad values: the user's to fix
            raise click.ClickException(error_message(err)) from None
        except Exception as err:
            if os.environ.get("TRIPTYCH_DEBUG"):
                raise
            raise click.ClickException(f"unexpected {type(err).__name__}: {error_message(err)} "
                                       "(set TRIPTYCH_DEBUG=1 for the traceback)") from None

    def main(self, *args: Any, standalone_mode: bool = True, **kwargs: Any) -> Any:
        """Click's own errors too end as one ``Error:`` line (no usage block above it)."""
        if not standalone_mode:
            return super().main(*args, standalone_mode=False, **kwargs)
        try:
            # Without standalone mode click returns an exit code (ctx.exit(130)) instead of exiting.
            code = super().main(*args, standalone_mode=False, **kwargs)
        except click.exceptions.ClickException as err:
            if type(err).__name__ == "NoArgsIsHelpError":  # bare `triptych`: the help, as before
                click.echo(err.format_message())
                sys.exit(0)
            click.echo(f"Error: {error_message(err)}", err=True)
            sys.exit(err.exit_code)
        except click.exceptions.Abort:  # Ctrl-C or end of input while click itself was reading
            click.echo("Interrupted.", err=True)
            sys.exit(130)
        sys.exit(code if isinstance(code, int) else 0)
