"""Making the solve suites: positions from seeded games, each proven by triptych.bench.proof.

One generator seed plays one game from the start -- even seeds self-play (alpha-beta at depth 2 with
one action in five at random, so the games differ), odd seeds play at random -- and keeps the game's
positions. The candidates are the positions in the last ``max_depth`` plies before a decisive end, where forced
wins and only moves live (positions sampled from earlier in the games were tried too: at about a
second of proof each they almost never held a forced win within 7 plies, so they were dropped). Each
candidate is proven exactly, and kept when it is a forced win within ``max_depth`` plies that at most
half of the legal actions achieve (kind ``win``; a win most actions keep tests nothing), or when
exactly one action avoids a forced loss within ``only_depth`` plies (kind ``only_move``). The phase is
the game's stage by actions played (``phase_of``; Combat: by the fight's turn, ``combat_phase``). Combat
plays seeded fights (greedy with one decision in five at random, the variant by seed) and keeps player decisions with a lethal line this turn (kind ``lethal``).

AquaIgnis is proven by the C++ proof search (cpp/search/proof.h), which reaches its 8- and 9-ply
wins; Hexfleet by the Python one (triptych.bench.proof).

Nothing here asks our own searches which positions are interesting, so the suites are not biased
towards what our alpha-beta already finds. Positions are deduplicated by hash across the file.

A suite is a JSON Lines file, one position a line::

    {"game": "aquaignis", "kind": "win", "depth": 5, "winning": ["A3.5", ...], "legal": 21,
     "seed": 17, "ply": 48, "phase": "middle", "hash": "...", "proof_nodes": 81234, "position": {...}}

``depth`` counts plies (one action each) to the winning action; for ``only_move`` it is the horizon
within which every other action loses, and ``winning`` holds the one action that does not; for
``lethal`` it counts the player's decisions. A sidecar ``<file>.seeds`` lists the seeds already
played, so ``--resume`` skips them even when they gave no position.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from triptych import CHANCE, TERMINAL, games
from triptych.bench.proof import Proof, combat_lethal, combat_only_line, prove_only_move, prove_win

SUITE_GAMES = ("aquaignis", "hexfleet", "combat")
# The suites live in the repository's bench/suites/ (beside a source checkout or an editable
# install); an installed package finds them under the working directory instead.
REPO_SUITE_DIR = Path(__file__).resolve().parents[3] / "bench" / "suites"


@dataclass(frozen=True)
class MakeSettings:
    max_depth: int = 7  # forced wins up to this many plies (Combat: player decisions)
    only_depth: int = 4  # only-move horizon
    max_nodes: int = 400_000  # proof budget a candidate (positions needing more are skipped)
    max_actions: int = 400  # a game still going after this many actions is cut (its positions still count)
    window: int = 0  # the winner's positions this many plies before the end are tried for a win (0: max_depth)
    kinds: tuple[str, ...] = ()  # the kinds to make (empty: all the game's): "win", "only_move"; Combat
                                 # "lethal", "only_line"


def suite_dir() -> Path:
    return REPO_SUITE_DIR if REPO_SUITE_DIR.is_dir() else Path.cwd() / "bench" / "suites"


def default_path(game: str) -> Path:
    return suite_dir() / f"{game}.jsonl"


def phase_of(ply: int) -> str:
    """The game's stage by actions played: opening (< 60), middle (< 160) or late."""
    return "opening" if ply < 60 else "middle" if ply < 160 else "late"


def combat_phase(turn: int) -> str:
    """A fight's stage by its turn: opening (turns 1-2), middle (3-5) or late."""
    return "opening" if turn <= 2 else "middle" if turn <= 5 else "late"


def play_game(game: str, seed: int, max_actions: int) -> list[Any]:
    """The positions of one seeded game, start first, the final position included."""
    rng = random.Random(seed)
    state = games.load(game).new_game()
    self_play = seed % 2 == 0
    player = None
    if self_play:
        from triptych.ai import AlphaBeta

        player = AlphaBeta(depth=2, tt_mb=4)
    positions = [state.clone()]
    while not state.is_terminal() and len(positions) <= max_actions:
        if player is not None and rng.random() >= 0.2:
            action = player.choose(state)
        else:
            action = rng.choice(state.legal_actions())
        state.apply(action)
        positions.append(state.clone())
    return positions


def candidates(positions: list[Any], settings: MakeSettings) -> Iterator[tuple[int, Any, str, int]]:
    """(ply, state, what to prove, horizon) for the positions worth proving: those in the last
    ``window`` plies before a decisive end (default ``max_depth``). The eventual winner's positions are
    tried for a forced win within the plies the game actually took to end, at most ``max_depth`` (a win
    that needs more than the game took was not played out, and proving it would cost the most); the
    loser's in the last ``only_depth + 1`` plies for an only move. A window wider than ``max_depth``
    reaches positions whose shortest win is deep: the side that won took longer than it had to, and
    the proof finds the shortest win (often 8-9 plies) where the game played on for 10-14."""
    last = len(positions) - 1
    final = positions[last]
    if not final.is_terminal() or final.winner is None:
        return
    window = settings.window or settings.max_depth
    for ply in range(max(0, last - window), last):
        state, distance = positions[ply], last - ply
        if state.to_move == final.winner:
            yield ply, state, "win", min(distance, settings.max_depth)
        elif distance <= settings.only_depth + 1:
            yield ply, state, "only_move", settings.only_depth


def prove(state: Any, what: str, horizon: int, max_nodes: int) -> Proof | None:
    """A forced win within `horizon` plies (the shortest; kept when at most half the legal actions
    achieve it, else there is little to find), or an only move within `horizon`."""
    if what == "win":
        proof = prove_win(state, horizon, max_nodes)
        return proof if proof is not None and 2 * len(proof.actions) <= proof.legal else None
    return prove_only_move(state, horizon, max_nodes // 4)


def record(game: str, state: Any, proof: Proof, seed: int, ply: int) -> dict[str, Any]:
    phase = combat_phase(state.turn) if game == "combat" else phase_of(ply)
    return {"game": game, "kind": proof.kind, "depth": proof.depth, "winning": [str(a) for a in proof.actions],
            "legal": proof.legal, "seed": seed, "ply": ply, "phase": phase,
            "hash": f"{state.hash:016x}", "proof_nodes": proof.nodes, "position": state.to_dict()}


def positions_of_seed(game: str, seed: int, settings: MakeSettings, seen: set[str],
                      full: Callable[[str, int], bool] = lambda kind, depth: False) -> list[dict[str, Any]]:
    """The proven positions one seed adds (hashes in `seen` are skipped, and new ones added to it;
    ``full(kind, depth)`` says a kind and depth already has its share, so more are not kept)."""
    if game == "combat":
        return _combat_positions(seed, settings, seen, full)
    played = play_game(game, seed, settings.max_actions)
    found = []
    for ply, state, what, horizon in candidates(played, settings):
        key = f"{state.hash:016x}"
        if key in seen or (settings.kinds and what not in settings.kinds):
            continue
        proof = prove(state, what, horizon, settings.max_nodes)
        if proof is not None and not full(proof.kind, proof.depth):
            seen.add(key)
            found.append(record(game, state, proof, seed, ply))
    return found


COMBAT_KINDS = ("lethal", "only_line")
COMBAT_DECISIONS = 6  # the longest lethal line proven, in player decisions
COMBAT_NODES = 20_000  # proof budget a Combat candidate
SURVIVAL_DECISIONS = 12  # the depth of an only line is counted up to this many player decisions
# Proof budget an only-line candidate. A first try at 20,000 nodes with the player at 5-20 HP found 8
# positions in 70 seeds at about 7 s a seed; at 5,000 and 3-12 HP, 9 in 30 seeds at under a second.
SURVIVAL_NODES = 5_000


def _combat_fight(seed: int, kind: str) -> list[tuple[int, Any]]:
    """(decision number, state) for the player decisions of one seeded fight.

    For lethal turns the Sentinel starts at 6-30 HP (the variant's ``enemy_hp``; at its default of
    50+ the greedy player seldom brings it low enough for a lethal turn before losing); for only lines
    the player starts at 3-12 HP (``player_hp``; at the default 50 a blow is seldom deadly, so nothing
    has to be found). The variant goes by seed; the player is greedy with one decision in five at
    random, so fights differ.
    """
    import triptych.combat as combat

    variants = combat.variant_ids()
    variant = variants[seed % len(variants)]
    rng = random.Random(seed)
    params = {"enemy_hp": rng.randint(6, 30)} if kind == "lethal" else {"player_hp": rng.randint(3, 12)}
    state = combat.new_game(variant, seed=seed, params=params)
    trail: list[tuple[int, Any]] = []
    while not state.is_terminal() and len(trail) < 60:
        if state.to_move == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        trail.append((len(trail), state.clone()))
        state.apply(state.greedy_action() if rng.random() < 0.8 else rng.choice(state.legal_actions()))
    return trail


def _combat_positions(seed: int, settings: MakeSettings, seen: set[str],
                      full: Callable[[str, int], bool]) -> list[dict[str, Any]]:
    """Player decisions of one seeded fight from which a lethal line exists this turn (kind
    ``lethal``), and of a second fight with the player low (kind ``only_line``) where exactly one
    first decision lets the player live through the Sentinel's declared blow (proof.combat_only_line)."""
    found = []
    for kind in [k for k in COMBAT_KINDS if not settings.kinds or k in settings.kinds]:
        for at, candidate in _combat_fight(seed, kind):
            key = f"{candidate.hash:016x}"
            if key in seen or len(candidate.legal_actions()) < 2:
                continue
            if kind == "lethal":
                proof = combat_lethal(candidate, COMBAT_DECISIONS, COMBAT_NODES)
                if proof is not None and len(proof.actions) >= proof.legal:
                    proof = None  # every decision is lethal: nothing to find
            else:
                proof = combat_only_line(candidate, SURVIVAL_DECISIONS, SURVIVAL_NODES)
            if proof is not None and not full(proof.kind, proof.depth):
                seen.add(key)
                found.append(record("combat", candidate, proof, seed, at))
    return found


def read_suite(path: Path) -> list[dict[str, Any]]:
    """The positions of a suite file (a missing file is an empty suite)."""
    if not path.exists():
        return []
    out = []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if line.strip():
            try:
                out.append(json.loads(line))
            except json.JSONDecodeError as err:
                raise ValueError(f"{path}:{number}: not a JSON line ({err})") from None
    return out


def seeds_path(path: Path) -> Path:
    return path.with_name(path.name + ".seeds")


def read_done_seeds(path: Path) -> set[int]:
    sidecar = seeds_path(path)
    if not sidecar.exists():
        return set()
    return {int(line) for line in sidecar.read_text().split()}
