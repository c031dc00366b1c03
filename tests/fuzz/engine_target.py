"""The fuzz target for the engine protocol's line reader (docs/protocol.md, `triptych engine GAME`).

An input is the bytes an engine reads on stdin: its first byte picks the game, the rest is decoded
and split into lines exactly as `triptych engine` reads them (UTF-8 with undecodable bytes as U+FFFD,
universal newlines), and each line goes to one EngineSession. After every line the protocol's promises
are checked:

- a blank line is ignored; any other line is answered, the answer ending with one `ok`, and no line
  written holds a line break (a client reading lines would lose its place);
- `err <reason>` is the whole of an error's answer and leaves the game, its moves and the options as
  they were; an `internal error` or a failed search is a defect, never an answer;
- the session's game is playable, its moves (the game string's list) replay from its start to its
  position, and no move holds the `;` that separates them;
- `validmoves` lists exactly the legal moves, each readable back; `bestmove` and `go` answer a legal
  move and play nothing.

Searches are capped (one thread, a 1 MiB table, a few hundred nodes a search, no clock), so an input
replays exactly and runs in milliseconds; the protocol code runs unchanged.
"""

from __future__ import annotations

import copy
import io
import json
from typing import Any

from contract import GAMES, check_node, require
from triptych import ai
from triptych.engine.protocol import PROTOCOL_GAMES, EngineSession, game_string

MAX_LINES = 48
SEARCH_NODES = 300  # per search: enough for a few plies of iterative deepening


class CappedAlphaBeta(ai.AlphaBeta):
    """The engine's searcher held to a small node budget with no clock, whatever the line asked for."""

    def search(self, state: Any) -> Any:
        self.nodes = min(self.nodes or SEARCH_NODES, SEARCH_NODES)
        self.time_ms = None
        return super().search(state)


class FuzzSession(EngineSession):
    """An EngineSession whose searches are capped; everything the lines reach is the real protocol."""

    def _make_searcher(self) -> ai.AlphaBeta:
        if self._searcher is None:
            self._searcher = CappedAlphaBeta(depth=1, threads=1, tt_mb=1, weights=self.weights.get(self.game, {}))
        return self._searcher


def snapshot(session: EngineSession) -> tuple:
    """What a refused command must leave as it was."""
    return (session.game, session.start.to_dict(), session.state.to_dict(), list(session.moves),
            dict(session.options), copy.deepcopy(session.weights))


def check_game(session: EngineSession) -> None:
    state = session.state
    check_node(state)
    replayed = session.start.clone()
    for move in session.moves:
        require(";" not in move and "\n" not in move, f"the move {move!r} breaks the game string")
        replayed.apply(move)
    require(replayed.to_dict() == state.to_dict(), "the moves played do not replay to the engine's position")
    fields = game_string(session.game, state, session.moves).split(";")
    require(fields[3:] == session.moves, "the game string does not list the moves played")


def check_answer(session: EngineSession, line: str, answer: list[str], before: tuple) -> None:
    words = line.split()
    if not words:
        require(answer == [], f"a blank line was answered: {answer!r}")
        return
    for written in answer:
        require(isinstance(written, str) and "\n" not in written and "\r" not in written,
                f"{line!r}: the answer line {written!r} holds a line break")
    require(bool(answer) and answer[-1] == "ok", f"{line!r}: the answer {answer!r} does not end with ok")
    require("ok" not in answer[:-1], f"{line!r}: ok inside the answer {answer!r}")
    errors = [a for a in answer if a.startswith("err")]
    for error in errors:
        require("internal error" not in error and "search failed" not in error and "no move found" not in error,
                f"{line!r}: a defect answered as {error!r}")
    command = words[0].lower()
    if errors:
        require(answer[0].startswith("err ") and len(answer) == 2, f"{line!r}: an error answer {answer!r}")
        require(snapshot(session) == before, f"{line!r} was refused but changed the game or the options")
        return
    state = session.state
    if command == "validmoves":
        listed = answer[0].split(";") if answer[0] else []
        legal = state.legal_actions()
        require(listed == [str(a) for a in legal], f"validmoves listed {listed!r}")
        require([session.module.Action.parse(m) for m in listed] == legal, "a listed move reads back as another")
    if command in ("bestmove", "go"):
        best = [a for a in answer if a.startswith("bestmove ")]
        require(len(best) == 1, f"{line!r}: answered {answer!r}")
        require(state.is_legal(best[0][len("bestmove "):]), f"{line!r}: {best[0]!r} is not legal here")
        require(snapshot(session) == before, f"{line!r}: a search changed the game")


def engine_target(data: bytes) -> None:
    if not data:
        return
    game = PROTOCOL_GAMES[data[0] % len(PROTOCOL_GAMES)]
    written: list[str] = []
    session = FuzzSession(game, written.append)
    # The reader `triptych engine` uses: undecodable bytes become U+FFFD, \r and \r\n end lines too.
    stream = io.TextIOWrapper(io.BytesIO(data[1:]), encoding="utf-8", errors="replace")
    for count, line in enumerate(stream):
        if count >= MAX_LINES:
            break
        before = snapshot(session)
        written.clear()
        session.handle(line)
        session.wait()  # go: its search answers before the next line (an input replays exactly)
        check_answer(session, line, list(written), before)
        check_game(session)
        if session.quit_requested:
            break


def engine_seeds() -> list[bytes]:
    """Real sessions: the documented commands, moves from real games, a saved position."""
    seeds = []
    for index, game in enumerate(PROTOCOL_GAMES):
        module = GAMES[game]
        state = module.new_game()
        moves = []
        for _ in range(5):
            action = state.legal_actions()[len(moves) * 7 % len(state.legal_actions())]
            moves.append(str(action))
            state.apply(action)
        script = [
            "info", "validmoves", f"play {moves[0]}", f"play {moves[1]}", "undo", "undo 1",
            f"newgame {game} {';'.join(moves)}", "bestmove depth 2", "go depth 3", "stop", "options",
            "options set threads 2", "options set hash 2", "go nodes 200 depth 4", "play Z9", "undo 9",
            f"newgame {json.dumps(state.to_dict())}", "validmoves", "go infinite", "bestmove time 5", "quit",
        ]
        seeds.append(bytes([index]) + "\n".join(script).encode())
        for start in range(0, len(script), 4):
            seeds.append(bytes([index]) + "\n".join(script[start:start + 4]).encode())
    return seeds
