"""Running the solve suites (``triptych bench --suite solve``): every player on every position.

A player is asked for its first action at a fixed budget; the position counts as **solved** when that
action is one of the position's proven answers (a winning action; for an only move, the one action
that survives; for a Combat lethal turn, a first decision of a lethal line). Players:

* ours: any ``triptych.ai.make_player`` spec (``alphabeta:time_ms=100``, ``mcts:time_ms=100``, ...).
  A fresh player per position, so no table or tree carries over from one position to the next;
* ``engine:COMMAND``: any program speaking the engine protocol (docs/protocol.md), sent the position as
  JSON and ``bestmove time MS`` (the run's ``--time-ms``);
* ``openspiel-mcts[:time_ms=T,c=1.4,seed=S]``: OpenSpiel's ``MCTSBot`` (random rollouts, its solver on)
  through ``triptych.openspiel``. MCTSBot takes a number of simulations, not a time: a short search of
  ``CALIBRATION_SIMS`` simulations measures the rate on the position, then the bot gets the
  simulations that fill the rest of the budget;
* ``openspiel-minimax:depth=D``: OpenSpiel's Python ``alpha_beta_search`` to depth D with our
  evaluation as the value function (a node budget by depth, not a time).

Each result holds the time the player took (the search's own time where it reports it) and the nodes
it reports (alpha-beta nodes, MCTS iterations; OpenSpiel's bots report none).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from statistics import median
from typing import Any

from triptych import games
from triptych.stats import wilson_interval

CALIBRATION_SIMS = 4


@dataclass(frozen=True)
class Attempt:
    player: str
    game: str
    kind: str
    depth: int
    solved: bool
    action: str
    seconds: float
    nodes: int | None


def _spec_args(spec: str) -> tuple[str, dict[str, str]]:
    name, _, args = spec.partition(":")
    out = {}
    for part in filter(None, (p.strip() for p in args.split(","))):
        key, eq, value = part.partition("=")
        if not eq:
            raise ValueError(f"player spec {spec!r}: {part!r} is not key=value")
        out[key.strip()] = value.strip()
    return name.strip().lower(), out


class OpenSpielMcts:
    """OpenSpiel's MCTSBot on a time budget (calibrated per position, see the module docstring)."""

    def __init__(self, time_ms: int, c: float = 1.4, seed: int = 0) -> None:
        self.time_ms, self.c, self.seed = time_ms, c, seed

    def search(self, state: Any) -> tuple[Any, int | None]:
        import numpy as np
        from open_spiel.python.algorithms import mcts

        import triptych.openspiel as adapter

        game = adapter.load_game(games_name(state))
        spiel_state = adapter.from_native(game, state)
        rng = np.random.RandomState(self.seed)

        def bot(sims: int) -> Any:
            return mcts.MCTSBot(game, self.c, sims, mcts.RandomRolloutEvaluator(1, rng), random_state=rng,
                                solve=True)

        started = time.perf_counter()
        bot(CALIBRATION_SIMS).step(spiel_state.clone())
        per_sim = (time.perf_counter() - started) / CALIBRATION_SIMS
        left = self.time_ms / 1000 - (time.perf_counter() - started)
        sims = max(2, int(left / per_sim)) if per_sim > 0 else 2  # one simulation does not expand the root
        action_id = bot(sims).step(spiel_state.clone())
        return spiel_state.legal_native_actions()[action_id], sims


class OpenSpielMinimax:
    """OpenSpiel's Python alpha-beta to a fixed depth, our evaluation at the leaves."""

    def __init__(self, depth: int) -> None:
        self.depth = depth

    def search(self, state: Any) -> tuple[Any, int | None]:
        from open_spiel.python.algorithms import minimax

        import triptych.openspiel as adapter

        game = adapter.load_game(games_name(state))
        spiel_state = adapter.from_native(game, state)
        player = spiel_state.current_player()
        _, action_id = minimax.alpha_beta_search(game, spiel_state, adapter.value_function(player),
                                                 maximum_depth=self.depth, maximizing_player_id=player)
        return spiel_state.legal_native_actions()[action_id], None


class EngineSolver:
    """An engine-protocol program, one process per game (``{game}`` in the command names it)."""

    def __init__(self, command: str, time_ms: int) -> None:
        self.command, self.time_ms = command, time_ms
        self.engines: dict[str, Any] = {}

    def __call__(self, state: Any) -> tuple[Any, float, int | None]:
        from triptych.engine import EnginePlayer

        game = games_name(state)
        if game not in self.engines:
            self.engines[game] = EnginePlayer(self.command.replace("{game}", game), time_ms=self.time_ms)
        started = time.perf_counter()
        action = self.engines[game].choose(state)
        return action, time.perf_counter() - started, None

    def close(self) -> None:
        for engine in self.engines.values():
            engine.close()


def games_name(state: Any) -> str:
    return type(state).__module__.rsplit(".", 1)[-1]


def make_solver(spec: str, time_ms: int) -> Callable[[Any], tuple[Any, float, int | None]]:
    """A function state -> (first action, seconds, nodes or None) for a player spec (see the module docstring)."""
    name, args = _spec_args(spec) if not spec.startswith("engine:") else ("engine", {})
    if name == "engine":
        command = spec[len("engine:"):].strip()
        if not command:
            raise ValueError("engine: needs a command, e.g. 'engine:triptych engine aquaignis'")
        return EngineSolver(command, time_ms)
    if name in ("openspiel-mcts", "openspiel-minimax"):
        try:
            if name == "openspiel-mcts":
                bot: Any = OpenSpielMcts(int(args.pop("time_ms", time_ms)), float(args.pop("c", 1.4)),
                                         int(args.pop("seed", 0)))
            else:
                bot = OpenSpielMinimax(int(args.pop("depth", 2)))
        except ValueError as err:
            raise ValueError(f"player spec {spec!r}: {err}") from None
        if args:
            raise ValueError(f"player spec {spec!r}: unknown option(s) {', '.join(args)}")

        def spiel_solve(state: Any) -> tuple[Any, float, int | None]:
            started = time.perf_counter()
            action, _ = bot.search(state)
            return action, time.perf_counter() - started, None

        return spiel_solve
    from triptych import ai

    ai.make_player(spec)  # a bad spec fails here, before the run

    def our_solve(state: Any) -> tuple[Any, float, int | None]:
        result = ai.make_player(spec, seed=0).search(state)  # fresh: nothing carries over between positions
        return result.best, result.seconds, result.nodes

    return our_solve


def default_players(time_ms: int) -> list[str]:
    return [f"alphabeta:time_ms={time_ms}", f"mcts:time_ms={time_ms}", f"openspiel-mcts:time_ms={time_ms}"]


def plays(spec: str, game: str) -> bool:
    """Whether a player can be asked about a game: alpha-beta and OpenSpiel's bots are two-player only."""
    if game != "combat":
        return True
    name = spec.partition(":")[0].strip().lower()
    return name not in ("alphabeta", "ab", "openspiel-mcts", "openspiel-minimax", "engine")


def run_suite(suites: dict[str, list[dict[str, Any]]], specs: Iterable[str], time_ms: int,
              on_attempt: Callable[[Attempt], None] | None = None) -> list[Attempt]:
    """Every player on every position of every suite, players in turn; the attempts in order."""
    attempts = []
    for spec in specs:
        solver = make_solver(spec, time_ms)
        try:
            for game, positions in suites.items():
                if not plays(spec, game):
                    continue
                module = games.load(game)
                for entry in positions:
                    state = module.State.from_dict(entry["position"])
                    action, seconds, nodes = solver(state)
                    attempt = Attempt(spec, game, entry["kind"], entry["depth"], str(action) in entry["winning"],
                                      str(action), seconds, nodes)
                    attempts.append(attempt)
                    if on_attempt is not None:
                        on_attempt(attempt)
        finally:
            close = getattr(solver, "close", None)
            if close is not None:
                close()
    return attempts


@dataclass(frozen=True)
class Row:
    player: str
    game: str
    kind: str
    depth: int | None  # None: every depth together
    positions: int
    solved: int
    low: float
    high: float
    median_ms: float | None  # over the solved positions
    median_nodes: float | None

    @property
    def rate(self) -> float:
        return self.solved / self.positions if self.positions else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.player, "game": self.game, "kind": self.kind, "depth": self.depth,
                "positions": self.positions, "solved": self.solved, "rate": round(self.rate, 4),
                "wilson95": [round(self.low, 4), round(self.high, 4)], "median_ms": self.median_ms,
                "median_nodes": self.median_nodes}


def summarize(attempts: list[Attempt]) -> list[Row]:
    """Solve rate (Wilson 95% interval), median time and nodes of the solved positions, per player, game,
    kind and proof depth, and per player, game and kind over all depths."""
    groups: dict[tuple, list[Attempt]] = {}
    for a in attempts:
        groups.setdefault((a.player, a.game, a.kind, a.depth), []).append(a)
        groups.setdefault((a.player, a.game, a.kind, None), []).append(a)
    rows = []
    for (player, game, kind, depth), group in groups.items():
        solved = [a for a in group if a.solved]
        low, high = wilson_interval(len(solved), len(group))
        nodes = [a.nodes for a in solved if a.nodes is not None]
        rows.append(Row(player, game, kind, depth, len(group), len(solved), low, high,
                        round(median(a.seconds for a in solved) * 1000, 2) if solved else None,
                        median(nodes) if nodes else None))
    order = {p: i for i, p in enumerate(dict.fromkeys(a.player for a in attempts))}
    rows.sort(key=lambda r: (r.game, r.kind, order[r.player], 1 << 30 if r.depth is None else r.depth))
    return rows
