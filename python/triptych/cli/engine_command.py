"""``triptych engine GAME``: the engine protocol (docs/protocol.md) on stdin and stdout."""

from __future__ import annotations

import sys

import click

import triptych
from triptych.engine.protocol import PROTOCOL_GAMES, EngineSession


@click.command()
@click.argument("game", type=click.Choice(PROTOCOL_GAMES, case_sensitive=False))
def engine(game: str) -> None:
    """Speak the Triptych engine protocol for GAME on stdin/stdout (see docs/protocol.md).

    Try: `info`, `validmoves`, `play N4`, `go depth 4`, `bestmove time 200`, `undo`, `quit`.
    """
    # Undecodable bytes become U+FFFD: whatever the engine reads, it answers, never crashes.
    stdin = open(sys.stdin.fileno(), encoding="utf-8", errors="replace", closefd=False)  # noqa: SIM115

    def write(line: str) -> None:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    session = EngineSession(game, write)
    write(f"id triptych-engine {triptych.__version__}")  # the greeting: who is speaking, then ok
    write("ok")
    try:
        for line in stdin:
            session.handle(line)
            if session.quit_requested:
                break
    finally:
        # End of input is quit, as for Stockfish: a running search answers, then the engine leaves. On
        # Ctrl-C too the search is stopped and joined first: a search thread still in native code while
        # the interpreter shuts down aborted the process (SIGABRT) instead of exiting 130.
        session.stop_search()
