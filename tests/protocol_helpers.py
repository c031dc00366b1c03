"""Talking to an in-process engine-protocol session in tests."""

from __future__ import annotations

from collections.abc import Callable

from triptych.engine import EngineSession


def protocol_session(game: str) -> tuple[EngineSession, Callable[[str], list[str]]]:
    """A session of `game` and `ask(command)`: the lines it answers, without the closing ``ok``."""
    lines: list[str] = []
    session = EngineSession(game, lines.append)

    def ask(command: str) -> list[str]:
        lines.clear()
        session.handle(command)
        return lines[:-1] if lines and lines[-1] == "ok" else list(lines)

    return session, ask
