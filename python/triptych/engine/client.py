"""Driving an engine process that speaks the protocol (docs/protocol.md), and using it as a match player.

    >>> with EngineProcess("triptych engine aquaignis") as engine:
    ...     engine.command("newgame aquaignis")
    ...     engine.command("bestmove depth 3")          # ['bestmove N4']

``EnginePlayer("COMMAND", time_ms=100)`` is what ``triptych match GAME 'engine:COMMAND' ...`` plays: before
each move it sends the position as JSON (``newgame GAME {...}``, so the engine needs no memory of the game)
and ``bestmove time MS`` (or ``depth N``); it keeps the engine's clock: the time each answer took, and the
moves that overran their budget by more than ``grace_ms``.
"""

from __future__ import annotations

import json
import queue
import shlex
import subprocess
import threading
import time
from typing import Any

from triptych.games import load


class EngineError(RuntimeError):
    """The engine answered err, died, or did not answer in time."""


class EngineProcess:
    """An engine subprocess: send a command, read its answer up to ``ok``."""

    def __init__(self, command: str | list[str], timeout_s: float = 30.0) -> None:
        self.argv = shlex.split(command) if isinstance(command, str) else list(command)
        self.timeout_s = timeout_s
        try:
            self.process = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                            stderr=subprocess.DEVNULL, text=True, bufsize=1)
        except OSError as err:
            raise EngineError(f"cannot start engine {self.argv!r}: {err}") from None
        self._lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        # Asked at once, so a program that is no engine shows it at once: `cat` echoes "info" where an
        # engine's first line is its greeting (id ...); waiting for that greeting took cat 30 s.
        self.send("info")
        self.greeting = self._read_greeting()
        self.info = self.read_answer()

    def _read_greeting(self) -> list[str]:
        name = self.argv[0]
        try:
            first = self._lines.get(timeout=self.timeout_s)
        except queue.Empty:
            raise EngineError(f"engine {name!r} said nothing within {self.timeout_s:.0f} s of starting: "
                              "is it a Triptych engine (docs/protocol.md)?") from None
        if first is None:
            self.process.wait()
            raise EngineError(f"engine {name!r} exited on start (code {self.process.returncode}) "
                              "without a greeting")
        if not first.startswith("id "):
            self.process.kill()  # not an engine: it would not understand quit either
            self.process.wait()
            raise EngineError(f"{name!r} does not speak the Triptych engine protocol (docs/protocol.md): "
                              f"its first line was {first[:60]!r}, not 'id NAME VERSION'")
        return [first, *self.read_answer()]

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self._lines.put(line.rstrip("\n"))
        self._lines.put(None)  # end of output: the engine exited

    def send(self, line: str) -> None:
        if self.process.poll() is not None:
            raise EngineError(f"engine {self.argv[0]!r} has exited (code {self.process.returncode})")
        assert self.process.stdin is not None
        try:
            self.process.stdin.write(line + "\n")
            self.process.stdin.flush()
        except (BrokenPipeError, OSError) as err:
            raise EngineError(f"engine {self.argv[0]!r} closed its input: {err}") from None

    def read_answer(self, timeout_s: float | None = None) -> list[str]:
        """Lines up to (not including) ``ok``; EngineError on ``err``, exit or timeout."""
        deadline = time.monotonic() + (timeout_s if timeout_s is not None else self.timeout_s)
        lines: list[str] = []
        while True:
            try:
                line = self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise EngineError(f"engine {self.argv[0]!r} did not answer in time") from None
            if line is None:
                raise EngineError(f"engine {self.argv[0]!r} exited while answering")
            if line == "ok":
                errors = [x for x in lines if x.startswith("err")]
                if errors:
                    raise EngineError(errors[0][4:] or "err")
                return lines
            lines.append(line)

    def command(self, line: str, timeout_s: float | None = None) -> list[str]:
        self.send(line)
        return self.read_answer(timeout_s)

    def close(self) -> None:
        if self.process.poll() is None:
            try:
                self.send("quit")
                self.process.wait(timeout=5)
            except (EngineError, subprocess.TimeoutExpired):
                self.process.kill()
                self.process.wait()

    def __enter__(self) -> EngineProcess:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class EnginePlayer:
    """A match player backed by an engine process (started on first use, one per player)."""

    def __init__(self, command: str, time_ms: int | None = 100, depth: int | None = None, grace_ms: int = 1000) -> None:
        if time_ms is None and depth is None:
            raise ValueError("an engine player needs time_ms or depth")
        self.command, self.time_ms, self.depth, self.grace_ms = command, time_ms, depth, grace_ms
        self._engine: EngineProcess | None = None
        self.moves = 0
        self.seconds = 0.0  # the engine's clock: time spent answering bestmove
        self.overruns = 0  # moves that took longer than time_ms + grace_ms

    def _process(self) -> EngineProcess:
        if self._engine is None:
            self._engine = EngineProcess(self.command)  # asks info on start
        return self._engine

    def choose(self, state: Any) -> Any:
        game = state.to_dict()["game"]
        engine = self._process()
        engine.command(f"newgame {game} {json.dumps(state.to_dict(), separators=(',', ':'))}")
        limit = f"depth {self.depth}" if self.depth is not None else f"time {self.time_ms}"
        budget_s = (self.time_ms or 0) / 1000 + self.grace_ms / 1000
        started = time.monotonic()
        answer = engine.command(f"bestmove {limit}", timeout_s=None if self.depth else budget_s + 30.0)
        spent = time.monotonic() - started
        self.moves += 1
        self.seconds += spent
        if self.time_ms is not None and spent > budget_s:
            self.overruns += 1
        moves = [line[len("bestmove "):] for line in answer if line.startswith("bestmove ")]
        if not moves:
            raise EngineError(f"engine {self.command!r} answered no bestmove: {answer}")
        try:
            return load(game).Action.parse(moves[0])
        except ValueError as err:
            raise EngineError(f"engine {self.command!r} played {moves[0]!r}, which is not a move: {err}") from None

    def close(self) -> None:
        if self._engine is not None:
            self._engine.close()
            self._engine = None

    def __del__(self) -> None:
        self.close()

    def __repr__(self) -> str:
        limit = f"depth={self.depth}" if self.depth is not None else f"time_ms={self.time_ms}"
        return f"EnginePlayer({self.command!r}, {limit})"


def make_match_player(spec: str, seed: int | None = None, engine_time_ms: int | None = 100,
                      engine_depth: int | None = None) -> Any:
    """``engine:COMMAND`` -> an :class:`EnginePlayer`; any other spec -> ``triptych.ai.make_player``."""
    if spec.startswith("engine:"):
        command = spec[len("engine:"):].strip()
        if not command:
            raise ValueError("engine: needs a command, e.g. 'engine:triptych engine aquaignis'")
        return EnginePlayer(command, time_ms=None if engine_depth else engine_time_ms, depth=engine_depth)
    from triptych import ai

    return ai.make_player(spec, seed=seed)
