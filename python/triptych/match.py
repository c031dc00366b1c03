"""AI-against-AI matches for two-player games: games in pairs, records, Elo and SPRT.

A match plays *pairs* of games: both games of a pair start from the same
random opening (``opening`` random actions drawn from the pair's seed), player
A taking side 0 in the first and side 1 in the second. Every game yields a
:class:`GameRecord` (players, seed, opening, every action in notation, the
result and how the game ended) that :func:`replay` plays back to the same end.

The core is :func:`play_pairs`, a plain function over a batch of pair
indices that builds its players from their specs, so a batch can run in any
worker process (:func:`run_match` hands the pairs to triptych.executor).
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from triptych.elo import EloEstimate, Sprt, elo_estimate
from triptych.games import load
from triptych.stats import wilson_interval

# AquaIgnis has no turn limit, and a fight of endless destructions and respawns resets its
# no-progress count for ever: a match adjudicates a game this long as a draw ("action limit").
# Matches take a lower limit (--max-actions) where a long game at a slow time control would eat the budget.
MAX_ACTIONS = 5_000


@dataclass
class GameRecord:
    """One game of a match, enough to replay it: ``new_game(**options)`` then ``actions`` in order."""

    game: str
    players: list[str]          # specs by side: players[0] moved first
    a_side: int                 # the side player A took
    pair: int                   # index of the opening pair
    seed: int                   # the seed of the opening and the players
    opening: int                # how many of the actions were the random opening
    actions: list[str]          # every action in notation, opening included
    winner: int | None          # side 0 or 1, None for a draw
    end: str                    # how it ended: see end_reason()
    options: dict[str, Any] = field(default_factory=dict)
    # By side, for engine players (docs/protocol.md): {"moves", "seconds", "overruns"}; None for the others.
    clocks: list[dict[str, Any] | None] = field(default_factory=lambda: [None, None])

    @property
    def result(self) -> str:
        return "1/2-1/2" if self.winner is None else ("1-0" if self.winner == 0 else "0-1")

    @property
    def a_score(self) -> float:
        """Player A's points: 1 for a win, 1/2 for a draw."""
        return 0.5 if self.winner is None else float(self.winner == self.a_side)

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["result"] = self.result
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "GameRecord":
        fields = {k: d[k] for k in ("game", "players", "a_side", "pair", "seed", "opening", "actions",
                                    "winner", "end")}
        return cls(**fields, options=dict(d.get("options", {})), clocks=list(d.get("clocks") or [None, None]))


def end_reason(game: str, state: Any) -> str:
    """How a finished game ended, in the words of its rules.

    AquaIgnis: ``breakthroughs`` (a win) or ``no progress`` (R17's draw).
    Hexfleet: ``boarding`` (a ship on the enemy Core), ``disabled`` (no legal
    action at a turn's start), ``countdown`` (the networks stayed apart),
    ``repetition`` (R20) or ``turn limit`` (R13). A game the match stopped
    unfinished is ``action limit`` (a draw).
    """
    if not state.is_terminal():
        return "action limit"
    if game == "aquaignis":
        return "no progress" if state.winner is None else "breakthroughs"
    if game == "hexfleet":
        if state.winner is not None:
            loser_core = state.core(1 - state.winner)
            return "boarding" if state.height(*loser_core) >= 2 else "disabled"
        saved = state.to_dict()
        limit = saved["options"]["max_turns"]
        if limit and state.turn >= limit:
            return "turn limit"
        if not state.networks_in_contact():
            return "countdown"
        return "repetition"
    return "win" if state.winner is not None else "draw"


# An opening after which a shallow search already finds a forced win decides its pair before the players
# play: each side wins the game it has the lucky side of, and the pair splits 1-1 whoever is stronger
# (in Hexfleet about a quarter of 4-action openings leave a Core open to boarding within three turns).
DECIDED_DEPTH = 6  # plies of the classic alpha-beta that judges an opening decided
MAX_OPENING_DRAWS = 1_000


def opening_is_decided(state: Any) -> bool:
    """Whether the game is over, or a classic alpha-beta of DECIDED_DEPTH plies finds a forced win for
    either side (deterministic: one thread, a depth limit)."""
    if state.is_terminal():
        return True
    from triptych.ai import AlphaBeta

    return AlphaBeta(depth=DECIDED_DEPTH, evaluation="classic", tt_mb=4).search(state).mate_in is not None


# A random opening hands the side that acts first after it whatever the random actions left, often a large
# lead (in Hexfleet the side to move won 90-93% of the decisive games between two copies of the default,
# docs/strength.md, "Where a doubling's Elo comes from"). A balanced opening is one a classic search of
# BALANCE_DEPTH plies scores within a margin: eight plies are whole turns of two actions for both sides, so
# neither side has acted more at the horizon (six plies give the side to move two turns to the other's one).
BALANCE_DEPTH = 8


def check_balance_margin(balanced: int | None) -> None:
    """ValueError unless `balanced` is None (no balancing) or a margin of 0 centi-units or more."""
    if balanced is not None and balanced < 0:
        raise ValueError(f"balanced is a margin in centi-units, 0 or more, not {balanced}")


def opening_score(state: Any) -> int | None:
    """A classic alpha-beta's score of BALANCE_DEPTH plies for the side to move, in centi-units; None if the
    game is over or the search finds a forced win for either side (deterministic: one thread, a depth limit)."""
    if state.is_terminal():
        return None
    from triptych.ai import AlphaBeta

    result = AlphaBeta(depth=BALANCE_DEPTH, evaluation="classic", tt_mb=4).search(state)
    return None if result.mate_in is not None else result.score


def opening_actions(game: str, seed: int, opening: int, options: dict[str, Any], *,
                    skip_decided: bool = False, balanced: int | None = None) -> list[str]:
    """The random opening of a pair: `opening` actions drawn from `seed` (fewer if the game ends).

    With ``skip_decided`` an opening that :func:`opening_is_decided` is set aside and the next is drawn from
    the same random stream, so a seed still names one opening. With ``balanced`` (centi-units), so is one
    that :func:`opening_score` finds decided or scores beyond ``balanced`` either way. ValueError if
    MAX_OPENING_DRAWS are all set aside.
    """
    check_balance_margin(balanced)
    rng = random.Random(seed)
    for _ in range(MAX_OPENING_DRAWS):
        state = load(game).new_game(**options)
        played: list[str] = []
        while len(played) < opening and not state.is_terminal():
            action = rng.choice(state.legal_actions())
            played.append(str(action))
            state.apply(action)
        if balanced is not None:
            score = opening_score(state)
            if score is not None and abs(score) <= balanced:
                return played
        elif not skip_decided or not opening_is_decided(state):
            return played
    judged = (f"decided within {BALANCE_DEPTH} plies or scored beyond +-{balanced} by it" if balanced is not None
              else f"decided within {DECIDED_DEPTH} plies")
    raise ValueError(f"{game}: {MAX_OPENING_DRAWS} random openings of {opening} actions from seed {seed} were all "
                     f"{judged}; use a shorter --opening" + (" or a wider margin" if balanced is not None else ""))


def play_game(game: str, players: Sequence[Any], specs: Sequence[str], opening: Sequence[str], *,
              a_side: int = 0, pair: int = 0, seed: int = 0, options: dict[str, Any] | None = None,
              max_actions: int = MAX_ACTIONS) -> GameRecord:
    """Plays one game from an opening, players[0] as side 0, and returns its record.

    A game still going after ``max_actions`` actions (the opening included) is stopped: a draw, ended
    by ``action limit``.
    """
    if max_actions < 1:
        raise ValueError(f"max_actions must be at least 1, got {max_actions}")
    module = load(game)
    if getattr(module, "SINGLE_PLAYER", False):
        raise ValueError(f"{game} is a single-player game: matches need two sides")
    options = dict(options or {})
    state = module.new_game(**options)
    for player in players:
        if hasattr(player, "new_game"):
            player.new_game()
    actions = list(opening)
    for notation in actions:
        state.apply(notation)
    clocks_before = [_clock(player) for player in players]
    while not state.is_terminal() and len(actions) < max_actions:
        action = players[state.to_move].choose(state)
        actions.append(str(action))
        state.apply(action)
    clocks = [None if before is None else {k: round(v - before[k], 3) if k == "seconds" else v - before[k]
                                           for k, v in (_clock(player) or {}).items()}
              for player, before in zip(players, clocks_before)]
    return GameRecord(game=game, players=list(specs), a_side=a_side, pair=pair, seed=seed,
                      opening=len(opening), actions=actions, winner=state.winner,
                      end=end_reason(game, state), options=options, clocks=clocks)


def _clock(player: Any) -> dict[str, Any] | None:
    """An engine player's clock so far (moves answered, seconds spent, overruns); None for other players."""
    if not all(hasattr(player, name) for name in ("moves", "seconds", "overruns")):
        return None
    return {"moves": player.moves, "seconds": player.seconds, "overruns": player.overruns}


def replay(record: GameRecord | dict[str, Any]) -> tuple[Any, str]:
    """Plays a record's actions again; returns the final state and how it ended."""
    if isinstance(record, dict):
        record = GameRecord.from_dict(record)
    state = load(record.game).new_game(**record.options)
    for notation in record.actions:
        state.apply(notation)
    return state, end_reason(record.game, state)


def pair_seed(match_seed: int, pair: int) -> int:
    return (match_seed * 1_000_003 + pair * 7919) & 0x7FFFFFFF


def play_pairs(game: str, spec_a: str, spec_b: str, pairs: Iterable[int], *, seed: int = 0, opening: int = 4,
               options: dict[str, Any] | None = None, engine_time_ms: int | None = 100,
               engine_depth: int | None = None, max_actions: int = MAX_ACTIONS,
               skip_decided: bool = False, balanced: int | None = None) -> list[GameRecord]:
    """Plays the two games of each pair index (A as side 0, then as side 1); the unit of parallel work.

    ``skip_decided``: draw each pair's opening past the decided ones; ``balanced``: past those a classic
    search scores beyond this margin (:func:`opening_actions`).

    Players are built here from their specs (see :func:`triptych.ai.make_player`; ``engine:COMMAND`` starts
    an engine process, with ``engine_time_ms`` or ``engine_depth`` a move), seeded from the pair, so a pair
    plays the same wherever it runs.
    """
    from triptych.engine.client import make_match_player

    options = dict(options or {})
    records = []
    for pair in pairs:
        s = pair_seed(seed, pair)
        moves = opening_actions(game, s, opening, options, skip_decided=skip_decided, balanced=balanced)
        for a_side in (0, 1):
            a = make_match_player(spec_a, s, engine_time_ms, engine_depth)
            b = make_match_player(spec_b, s + 1, engine_time_ms, engine_depth)
            players, specs = ((a, b), (spec_a, spec_b)) if a_side == 0 else ((b, a), (spec_b, spec_a))
            try:
                records.append(play_game(game, players, specs, moves, a_side=a_side, pair=pair, seed=s,
                                         options=options, max_actions=max_actions))
            finally:
                for player in (a, b):  # an engine player is a process: end it with its game
                    if hasattr(player, "close"):
                        player.close()
    return records


@dataclass
class MatchResult:
    """The games of a match so far, from player A's point of view."""

    records: list[GameRecord] = field(default_factory=list)

    def add(self, records: Iterable[GameRecord]) -> None:
        self.records.extend(records)

    @property
    def games(self) -> int:
        return len(self.records)

    @property
    def wins(self) -> int:
        return sum(r.a_score == 1.0 for r in self.records)

    @property
    def draws(self) -> int:
        return sum(r.a_score == 0.5 for r in self.records)

    @property
    def losses(self) -> int:
        return sum(r.a_score == 0.0 for r in self.records)

    @property
    def actions(self) -> int:
        return sum(len(r.actions) for r in self.records)

    @property
    def score(self) -> float:
        """A's score fraction: a win 1, a draw 1/2."""
        return (self.wins + 0.5 * self.draws) / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """95% Wilson interval of A's score fraction."""
        return wilson_interval(self.wins + 0.5 * self.draws, self.games)

    def pentanomial(self) -> list[int]:
        """Counts of complete pairs by A's points in the pair: [0, 1/2, 1, 3/2, 2]."""
        by_pair: dict[int, list[float]] = {}
        for r in self.records:
            by_pair.setdefault(r.pair, []).append(r.a_score)
        counts = [0] * 5
        for scores in by_pair.values():
            if len(scores) == 2:
                counts[round(2 * sum(scores))] += 1
        return counts

    def trinomial(self) -> list[int]:
        return [self.losses, self.draws, self.wins]

    def counts(self) -> list[int]:
        """The pentanomial once a pair is complete, the trinomial before."""
        penta = self.pentanomial()
        return penta if sum(penta) else self.trinomial()

    def elo(self) -> EloEstimate | None:
        return elo_estimate(self.counts()) if self.games else None

    def clocks(self) -> list[dict[str, Any] | None]:
        """Player A's and player B's engine clocks over the match: moves, seconds, overruns (None: no engine)."""
        totals: list[dict[str, Any] | None] = [None, None]
        for r in self.records:
            for side, clock in enumerate(r.clocks):
                if clock is None:
                    continue
                who = 0 if side == r.a_side else 1
                total = totals[who] or {"moves": 0, "seconds": 0.0, "overruns": 0}
                totals[who] = {k: total[k] + clock[k] for k in total}
        return [None if t is None else dict(t, seconds=round(t["seconds"], 3)) for t in totals]

    def ends(self) -> dict[str, int]:
        """How many games ended each way."""
        out: dict[str, int] = {}
        for r in self.records:
            out[r.end] = out.get(r.end, 0) + 1
        return out


def default_workers() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def check_player_spec(spec: str) -> None:
    """Raises ValueError for a bad player spec, without starting anything (an engine is started per game)."""
    if spec.startswith("engine:"):
        if not spec[len("engine:"):].strip():
            raise ValueError("engine: needs a command, e.g. 'engine:triptych engine aquaignis'")
        return
    from triptych.ai import make_player

    make_player(spec)


def _play_pair_batch(batch: tuple[str, str, str, list[int], dict[str, Any]]) -> list[GameRecord]:
    """One executor batch: (game, spec_a, spec_b, pair indices, play_pairs keyword arguments)."""
    game, spec_a, spec_b, pairs, kwargs = batch
    return play_pairs(game, spec_a, spec_b, pairs, **kwargs)


def run_match(game: str, spec_a: str, spec_b: str, games: int, *, seed: int = 0, opening: int = 4,
              workers: int = 1, sprt: Sprt | None = None, options: dict[str, Any] | None = None,
              executor: Any = None, engine_time_ms: int | None = 100, engine_depth: int | None = None,
              on_pair: Callable[[MatchResult, str | None], None] | None = None,
              max_actions: int = MAX_ACTIONS, skip_decided: bool = False,
              balanced: int | None = None) -> tuple[MatchResult, str | None]:
    """Plays up to `games` games (rounded up to whole pairs) and returns (result, SPRT verdict).

    Each opening pair is one batch for the executor (triptych.executor: local
    worker processes, or Ray); without one, ``workers`` local processes (in
    this process with one). With an SPRT, play stops as soon as the LLR of the
    pentanomial count leaves its bounds; the verdict is "H1", "H0" or None
    (the games ran out first). ``on_pair`` is called after each pair with the
    result so far. ``skip_decided``: no pair starts from an opening that is
    already decided (:func:`opening_is_decided`); ``balanced``: none from one
    that a classic search scores beyond this margin either way (:func:`opening_score`).
    """
    from triptych.ai import make_player
    from triptych.executor import LocalExecutor

    module = load(game)
    if getattr(module, "SINGLE_PLAYER", False):
        raise ValueError(f"{game} is a single-player game: matches need two sides")
    for spec in (spec_a, spec_b):
        check_player_spec(spec)  # a bad spec fails here, not in a worker
    if max_actions < 1:
        raise ValueError(f"max_actions must be at least 1, got {max_actions}")
    check_balance_margin(balanced)  # here, not in a worker
    pairs = (games + 1) // 2
    result = MatchResult()
    verdict: str | None = None
    kwargs = {"seed": seed, "opening": opening, "options": dict(options or {}),
              "engine_time_ms": None if engine_depth else engine_time_ms, "engine_depth": engine_depth,
              "max_actions": max_actions, "skip_decided": skip_decided, "balanced": balanced}
    batches = [(game, spec_a, spec_b, [pair], kwargs) for pair in range(pairs)]
    executor = executor or LocalExecutor(workers)
    finished = executor.imap_unordered(_play_pair_batch, batches)
    try:
        for _, records in finished:
            result.add(records)
            if sprt is not None:
                verdict = sprt.verdict(result.pentanomial())
            if on_pair:
                on_pair(result, verdict)
            if verdict is not None:
                break  # closing the iterator cancels the pairs not yet played
    finally:
        finished.close()
    result.records.sort(key=lambda r: (r.pair, r.a_side))
    return result, verdict


def play_match(game: str, player_a: Any, player_b: Any, games: int, opening: int = 2, seed: int = 0,
               options: dict[str, Any] | None = None,
               on_game: Callable[[MatchResult], None] | None = None) -> MatchResult:
    """Plays `games` games between two player objects in this process, in opening pairs.

    For players given by spec, in parallel and with records, use :func:`run_match`.
    """
    result = MatchResult()
    names = (repr(player_a), repr(player_b))
    for index in range(games):
        pair, a_side = divmod(index, 2)
        s = pair_seed(seed, pair)
        moves = opening_actions(game, s, opening, dict(options or {}))
        players, specs = ((player_a, player_b), names) if a_side == 0 else ((player_b, player_a), names[::-1])
        result.add([play_game(game, players, specs, moves, a_side=a_side, pair=pair, seed=s, options=options)])
        if on_game:
            on_game(result)
    return result
