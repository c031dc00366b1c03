"""The engine side of the Triptych line protocol (docs/protocol.md), modelled on UHP and UCI.

An :class:`EngineSession` reads one command line at a time and writes answer
lines through ``write``. Every answer ends with a line ``ok``; an error is the
line ``err <reason>`` (then ``ok``) and leaves the game exactly as it was.
``go`` searches in a background thread, printing ``info`` lines per finished
depth, then ``bestmove`` and ``ok``; ``stop`` ends it early.
"""

from __future__ import annotations

import importlib
import json
import threading
import time
from collections.abc import Callable
from typing import Any

import triptych
from triptych import ai, games

ENGINE_NAME = "triptych-engine"
PROTOCOL_GAMES = ("aquaignis", "hexfleet")  # two-player games: the searches the protocol drives
COMMANDS = ("info", "isready", "newgame", "play", "validmoves", "bestmove", "go", "stop", "undo", "options", "quit")
WHILE_SEARCHING = ("stop", "quit", "info", "isready")  # the commands a running go does not refuse
MAX_DEPTH = 64


class ProtocolError(Exception):
    """A command the engine refuses; its text follows ``err``."""


def game_string(game: str, state: Any, moves: list[str]) -> str:
    """``GAME;STATUS;TO_MOVE;MOVE;MOVE...``: the moves played since the game's starting position."""
    if state.is_terminal():
        status, side = ("Draw" if state.winner is None else f"Win{state.winner}"), "-"
    else:
        status, side = ("NotStarted" if not moves else "InProgress"), str(state.to_move)
    return ";".join([game, status, side, *moves])


def _limits(words: list[str], allow_infinite: bool) -> dict[str, int]:
    """``depth N`` | ``time MS`` | ``nodes N`` (| ``infinite`` for go), at least one, each once."""
    if not words:
        if allow_infinite:
            return {}
        raise ProtocolError("bestmove needs a limit: depth N, time MS or nodes N")
    limits: dict[str, int] = {}
    index = 0
    while index < len(words):
        key = words[index]
        if key == "infinite" and allow_infinite:
            index += 1
            continue
        if key not in ("depth", "time", "nodes"):
            raise ProtocolError(f"unknown limit {key!r}: expected depth N, time MS or nodes N")
        if index + 1 >= len(words):
            raise ProtocolError(f"{key} needs a value")
        raw = words[index + 1]
        if not raw.isdigit() or int(raw) < 1:
            raise ProtocolError(f"{key} must be a positive integer, got {raw!r}")
        if key in limits:
            raise ProtocolError(f"{key} given twice")
        value = int(raw)
        if key == "depth" and value > MAX_DEPTH:
            raise ProtocolError(f"depth must be at most {MAX_DEPTH}")
        limits[key] = value
        index += 2
    return limits


# The integer options and their ranges, in the order `options` lists them (`options set` checks against them).
INTEGER_OPTIONS: dict[str, tuple[int, int]] = {
    "threads": (1, 256), "hash": (1, 65536), "classicshare": (0, 100),
    "contempt": (-ai.MAX_CONTEMPT, ai.MAX_CONTEMPT), "futility": (0, ai.MAX_FUTILITY_MARGIN),
    "latemoves": (0, ai.MAX_LATE_MOVE_PRUNING), "reductions": (0, ai.LATE_MOVE_REDUCTION_RANGE[1])}


class EngineSession:
    """One engine: a game, its move history, options and at most one running search."""

    def __init__(self, game: str, write: Callable[[str], None]) -> None:
        if game not in PROTOCOL_GAMES:
            raise ValueError(f"the engine protocol serves {', '.join(PROTOCOL_GAMES)}; {game!r} is not one of them")
        self._write_line = write
        self._lock = threading.Lock()
        # contempt: a draw's value below 0 for the engine, centi-units (docs/ai.md, "Contempt"); futility:
        # static futility's margin a ply, 0 off (docs/ai.md, "Static futility"); reductions: late-move
        # reductions' divisor, 0 the fixed ones (docs/ai.md, "Late move reductions").
        self.options: dict[str, int] = {"threads": 1, "hash": 64, "contempt": 0, "futility": 0, "reductions": 0}
        # The evaluation (docs/nnue.md): default (the game's best: ai.default_evaluation), classic, or nnue
        # with the net in evalfile ("-": the shipped one) and classic_share percent of the classic blended
        # in (None: the shipped net's own share, 0 for any other net).
        self.evaluation, self.evalfile = "default", "-"
        self.classic_share: int | None = None
        # Late-move pruning's quiet actions a ply (docs/ai.md, "Late-move pruning"); None: the shipped net's
        # own count, 0 (off) for anything else.
        self.late_move_pruning: int | None = None
        self.weights: dict[str, dict[str, int]] = {}
        self._search: threading.Thread | None = None
        self._searcher: ai.AlphaBeta | None = None
        self._stop = threading.Event()
        # Set by a search thread as it writes its final answer (both under _answer_lock, so a command is never
        # judged mid-answer): a client that has read that answer may send its next command while the thread
        # is still winding down, and must not be told a search is running.
        self._answered = True
        self._answer_lock = threading.Lock()
        self.quit_requested = False
        self._new(game, games.load(game).new_game(), [])

    # --- output ------------------------------------------------------------------------------------

    def write(self, *lines: str) -> None:
        """Writes lines as one block: an answer and its ``ok`` never interleave with the search thread's lines."""
        with self._lock:
            for line in lines:
                self._write_line(line)

    def _new(self, game: str, start: Any, moves: list[str]) -> None:
        self.game, self.module = game, games.load(game)
        self.start, self.moves = start, moves
        self.history = [start.clone()]
        for move in moves:
            state = self.history[-1].clone()
            state.apply(move)
            self.history.append(state)

    def _eval_weights(self) -> dict[str, int]:
        """The game's named evaluation weights and their defaults (docs/ai.md)."""
        return dict(importlib.import_module(f"triptych._core.{self.game}").EVAL_WEIGHTS)

    @property
    def state(self) -> Any:
        return self.history[-1]

    # --- dispatch ----------------------------------------------------------------------------------

    def handle(self, line: str) -> None:
        """Runs one command line; writes its answer (or, for go, starts the search that will)."""
        words = line.strip().split()
        if not words:
            return
        command, rest = words[0].lower(), line.strip()[len(words[0]):].strip()
        if self.searching and command not in WHILE_SEARCHING:
            self._answer_error("a search is running: send stop first")
            return
        try:
            handler = getattr(self, f"_cmd_{command}") if command in COMMANDS else None
            if handler is None:
                raise ProtocolError(f"unknown command {words[0]!r}; commands: {' '.join(COMMANDS)}")
            lines = handler(rest)
        except ProtocolError as err:
            self._answer_error(str(err))
            return
        except (ValueError, KeyError, TypeError) as err:  # the engine's own errors name what was wrong
            self._answer_error(str(err).strip("'\""))
            return
        except Exception as err:  # noqa: BLE001 -- a bug must not kill the engine: say what happened
            self._answer_error(f"internal error: {type(err).__name__}: {err}")
            return
        if lines is None:  # go: the search thread answers
            return
        self.write(*lines, "ok")

    def _answer_error(self, reason: str) -> None:
        self.write("err " + " ".join(reason.split()), "ok")

    def wait(self) -> None:
        """Blocks until a running search has answered."""
        if self._search is not None:
            self._search.join()

    @property
    def searching(self) -> bool:
        with self._answer_lock:
            return self._search is not None and self._search.is_alive() and not self._answered

    # --- commands ----------------------------------------------------------------------------------

    def _cmd_info(self, rest: str) -> list[str]:
        return [f"id {ENGINE_NAME} {triptych.__version__}", f"game {self.game}",
                f"games {' '.join(PROTOCOL_GAMES)}", f"capabilities {' '.join(COMMANDS)}"]

    def _cmd_newgame(self, rest: str) -> list[str]:
        game = self.game
        if rest.startswith("position "):  # newgame position STRING: a one-line position (triptych.positions)
            from triptych.positions import from_position_string

            text = rest[len("position "):].strip()
            game = text.split(maxsplit=1)[0].lower() if text else ""
            if game not in PROTOCOL_GAMES:
                raise ProtocolError(f"a position string starts with its game ({', '.join(PROTOCOL_GAMES)})")
            return self._start(game, from_position_string(text), [])
        first, _, after = rest.partition(" ")
        if first in games.GAMES:
            if first not in PROTOCOL_GAMES:
                raise ProtocolError(f"{first} is not a two-player game; the protocol serves {', '.join(PROTOCOL_GAMES)}")
            game, rest = first, after.strip()
        module = games.load(game)
        if rest.startswith("{"):
            try:
                data = json.loads(rest)
            except json.JSONDecodeError as err:
                raise ProtocolError(f"position is not valid JSON: {err}") from None
            start, moves = module.State.from_dict(data), []
        else:
            start = module.new_game()
            moves = [m.strip() for m in rest.split(";") if m.strip()]
        return self._start(game, start, moves)

    def _start(self, game: str, start: Any, moves: list[str]) -> list[str]:
        """A new game from ``start`` after ``moves``; on a bad move the old game stays."""
        previous = (self.game, self.module, self.start, self.moves, self.history)
        try:
            self._new(game, start, moves)
        except ValueError as err:
            self.game, self.module, self.start, self.moves, self.history = previous
            raise ProtocolError(f"newgame: {err}") from None
        return [game_string(self.game, self.state, self.moves)]

    def _cmd_play(self, rest: str) -> list[str]:
        if not rest:
            raise ProtocolError("play needs a move")
        if self.state.is_terminal():
            raise ProtocolError("the game is over")
        state = self.state.clone()
        state.apply(rest)
        self.history.append(state)
        self.moves.append(rest)
        return [game_string(self.game, self.state, self.moves)]

    def _cmd_validmoves(self, rest: str) -> list[str]:
        return [";".join(str(a) for a in self.state.legal_actions())]

    def _cmd_undo(self, rest: str) -> list[str]:
        count = 1
        if rest:
            if not rest.isdigit() or int(rest) < 1:
                raise ProtocolError(f"undo takes a positive count, got {rest!r}")
            count = int(rest)
        if count > len(self.moves):
            raise ProtocolError(f"cannot undo {count} moves: {len(self.moves)} played")
        del self.history[-count:]
        del self.moves[-count:]
        return [game_string(self.game, self.state, self.moves)]

    def _cmd_options(self, rest: str) -> list[str]:
        words = rest.split()
        if not words:
            lines = [f"option {name} int {low} {high} {self._integer_option(name)}"
                     for name, (low, high) in INTEGER_OPTIONS.items()]
            weights = {**self._eval_weights(), **self.weights.get(self.game, {})}
            lines += [f"option {name} int - - {value}" for name, value in weights.items()]
            lines += [f"option evaluation string {self.evaluation}", f"option evalfile string {self.evalfile}"]
            return lines
        if words[0] != "set" or len(words) != 3:
            raise ProtocolError("usage: options | options set NAME VALUE")
        name, raw = words[1], words[2]
        if name in ("evaluation", "evalfile"):
            return self._set_evaluation(name, raw)
        try:
            value = int(raw)
        except ValueError:
            raise ProtocolError(f"option {name} takes an integer, got {raw!r}") from None
        if name in INTEGER_OPTIONS:
            low, high = INTEGER_OPTIONS[name]
            if not low <= value <= high:
                raise ProtocolError(f"{name} must be in {low}..{high}")
            if name == "reductions" and 0 < value < ai.LATE_MOVE_REDUCTION_RANGE[0]:
                raise ProtocolError(f"reductions must be 0 (the fixed reductions) or "
                                    f"{ai.LATE_MOVE_REDUCTION_RANGE[0]}..{high}")
            if name == "classicshare":
                self.classic_share = value
            elif name == "latemoves":
                self.late_move_pruning = value
            else:
                self.options[name] = value
        elif name in self._eval_weights():
            self.weights.setdefault(self.game, {})[name] = value
        else:
            raise ProtocolError(f"unknown option {name!r}; see options")
        self._searcher = None  # the next search is built with the new options
        return [f"option {name} {value}"]

    def _integer_option(self, name: str) -> int:
        if name == "classicshare":
            return self._classic_share()
        if name == "latemoves":
            return self._late_move_pruning()
        return self.options[name]

    def _set_evaluation(self, name: str, value: str) -> list[str]:
        """``evaluation default|classic|nnue`` and ``evalfile PATH|-``; a net is read (and checked) when it is
        to be used."""
        module = importlib.import_module(f"triptych._core.{self.game}")
        evaluation, evalfile = (value, self.evalfile) if name == "evaluation" else (self.evaluation, value)
        if evaluation not in ai.EVALUATIONS:
            raise ProtocolError(f"evaluation must be one of {', '.join(ai.EVALUATIONS)}, got {value!r}")
        if ai.resolve_evaluation(evaluation, self.game) == "nnue":
            if not hasattr(module, "NnueNet"):
                raise ProtocolError(f"{self.game} has no NNUE evaluation yet")
            try:
                module.NnueNet(ai.default_net(self.game) if evalfile == "-" else evalfile)
            except ValueError as err:
                raise ProtocolError(str(err)) from None
        self.evaluation, self.evalfile = evaluation, evalfile
        self._searcher = None  # the next search is built with the new options
        return [f"option {name} {value}"]

    def _cmd_isready(self, rest: str) -> list[str]:
        """As UCI's: answered at once, even while a search runs (which it does not stop)."""
        return ["readyok"]

    def stop_search(self) -> None:
        """Ends a running search, which answers with its best move so far (nothing if none runs)."""
        self._cmd_stop_quietly()

    def _cmd_quit(self, rest: str) -> list[str]:
        self._cmd_stop_quietly()
        self.quit_requested = True
        return []

    def _cmd_stop(self, rest: str) -> list[str] | None:
        if not self.searching:
            raise ProtocolError("no search is running")
        self._cmd_stop_quietly()
        return None  # the search thread writes bestmove and ok

    def _cmd_stop_quietly(self) -> None:
        self._stop.set()
        if self._searcher is not None:
            self._searcher.stop()
        if self._search is not None:
            self._search.join()

    # --- searching ---------------------------------------------------------------------------------

    def _playable(self) -> Any:
        if self.state.is_terminal():
            raise ProtocolError("the game is over")
        return self.state.clone()

    def _net(self) -> str | None:
        """The net file the NNUE reads; None for the shipped one."""
        return None if self.evalfile == "-" else self.evalfile

    def _classic_share(self) -> int:
        return ai.resolve_classic_share(self.game, self._net(), self.classic_share)

    def _resolved_evaluation(self) -> str:
        """What the next search evaluates with: "classic" or "nnue"."""
        return ai.resolve_evaluation(self.evaluation, self.game, self.weights.get(self.game))

    def _late_move_pruning(self) -> int:
        return ai.resolve_late_move_pruning(self.game, self._resolved_evaluation(), self._net(),
                                            self.late_move_pruning)

    def _make_searcher(self) -> ai.AlphaBeta:
        if self._searcher is None:
            nnue = self._resolved_evaluation() == "nnue"
            self._searcher = ai.AlphaBeta(depth=1, threads=self.options["threads"], tt_mb=self.options["hash"],
                                          contempt=self.options["contempt"], futility_margin=self.options["futility"],
                                          late_move_pruning=self._late_move_pruning(),
                                          late_move_reduction=self.options["reductions"],
                                          evaluation="nnue" if nnue else "classic",
                                          net=self._net() if nnue else None,
                                          classic_share=self._classic_share() if nnue else None,
                                          weights=None if nnue else self.weights.get(self.game, {}))
        self._searcher._searcher(self.state)  # build the native searcher (its hash table) before any clock runs
        return self._searcher

    def _cmd_bestmove(self, rest: str) -> list[str]:
        limits = _limits(rest.split(), allow_infinite=False)
        state = self._playable()
        searcher = self._make_searcher()
        searcher.depth, searcher.time_ms, searcher.nodes = limits.get("depth"), limits.get("time"), limits.get("nodes")
        if searcher.depth is None and searcher.time_ms is None and searcher.nodes is None:
            searcher.depth = MAX_DEPTH
        return [f"bestmove {searcher.search(state).best}"]

    def _cmd_go(self, rest: str) -> None:
        limits = _limits(rest.split(), allow_infinite=True)
        state = self._playable()
        searcher = self._make_searcher()
        self._stop.clear()
        with self._answer_lock:
            self._answered = False
        self._search = threading.Thread(target=self._deepen, args=(state, searcher, limits), daemon=True)
        self._search.start()
        return None

    def _deepen(self, state: Any, searcher: ai.AlphaBeta, limits: dict[str, int]) -> None:
        """Iterative deepening with one info line per finished depth (the transposition table carries over)."""
        deadline = time.monotonic() + limits["time"] / 1000 if "time" in limits else None
        nodes_left = limits.get("nodes")
        best = None
        try:
            for depth in range(1, limits.get("depth", MAX_DEPTH) + 1):
                remaining_ms = None if deadline is None else int((deadline - time.monotonic()) * 1000)
                if self._stop.is_set() or (remaining_ms is not None and remaining_ms <= 0):
                    break
                searcher.depth, searcher.time_ms, searcher.nodes = depth, remaining_ms, nodes_left
                result = searcher.search(state)
                if result.best is None:
                    break
                interrupted = self._stop.is_set() or result.depth < depth
                if best is None or not interrupted:
                    best = result
                    self.write(" ".join([f"info depth {result.depth}", f"seldepth {result.seldepth}",
                                         f"score cp {result.score}", f"nodes {result.nodes}",
                                         f"nps {result.nps:.0f}", f"time {result.seconds * 1000:.0f}",
                                         "pv " + ";".join(str(a) for a in result.pv)]))
                if nodes_left is not None:
                    nodes_left -= result.nodes
                    if nodes_left <= 0:
                        break
                if interrupted or result.mate_in is not None:  # stopped, out of time, or a forced result
                    break
            final = f"bestmove {best.best}" if best is not None else "err no move found"
        except KeyboardInterrupt:  # Ctrl-C reached the native search on this thread: answer as stop does
            final = f"bestmove {best.best}" if best is not None else "err search interrupted"
        except Exception as err:  # noqa: BLE001 -- a failed search must still answer, never kill the engine
            final = f"err search failed: {err}"
        with self._answer_lock:
            self.write(final, "ok")
            self._answered = True
