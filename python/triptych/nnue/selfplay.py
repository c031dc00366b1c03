"""Self-play data for the NNUE trainer: positions with a search score and the game's result.

Each game starts from a varied opening (a seeded number of uniformly random
actions), then both sides play the alpha-beta's choice at a fixed depth (the
classic evaluation's, or with ``net`` an NNUE's: the loop of docs/nnue.md,
where the current best net makes the next one's data); every position after the opening is recorded with the features of both
perspectives (side to act first, from the C++ core), the search's score for
the side to act, the classic evaluation of the position for the side to act
(the one the NNUE search blends in, for residual training), whether the
networks stand apart (Hexfleet; the NNUE search judges those positions by the
separation outlook, so training may leave them out), and the game's result for
the side to act (1 win, 0.5 draw, 0 loss). Game i is played from seed ``seed + i`` with a fresh searcher, so a
data set depends on its configuration only, never on the backend, the number
of workers or an interruption.

Finished batches are kept in ``OUT.parts/`` as they arrive (with the run's
configuration), so ``--resume`` plays only what is missing; when every batch is
in, they are joined into ``OUT`` (a compressed ``.npz``) and the parts removed.
"""

from __future__ import annotations

import functools
import json
import random
import shutil
import zlib
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np

from triptych.nnue.games import nnue_game

# 2: each position also carries the classic evaluation (``classic``), which residual training needs.
# 3: Hexfleet's ``classic`` is the board evaluation the NNUE search blends in (format 2 recorded the classic
#    search's, pulled toward the draw while a countdown runs), and Hexfleet positions carry ``apart``.
FORMAT = 3
GAMES_PER_BATCH = 2


@dataclass(frozen=True)
class SelfplayConfig:
    game: str
    games: int
    depth: int = 3
    seed: int = 0
    opening_min: int = 2      # random actions before the recorded play, at least
    opening_max: int = 10     # and at most
    max_plies: int = 400      # a game still running after this many actions is scored a draw
    # After the opening, this share of the actions is uniformly random instead of the search's choice
    # (the position is still recorded with the search's score): the positions a search visits include
    # the other side's mistakes, which a net trained on best play alone has never seen.
    random_rate: float = 0.0
    # The .nnue file whose search plays and scores (None: the classic evaluation), and the CRC-32 of its
    # bytes when the run started: a run resumed with another file under that name is refused.
    net: str | None = None
    net_crc: int | None = None
    # The classic share the net is searched with (docs/nnue.md, "The classic share"; a residual net's own).
    classic_share: int = 0

    def __post_init__(self) -> None:
        nnue_game(self.game)
        if (self.net is None) != (self.net_crc is None):
            raise ValueError("a self-play net needs its checksum (net_crc) and the other way round")
        if self.classic_share and self.net is None:
            raise ValueError("a classic share is for a net's search: give the net too")
        if (self.games < 1 or self.depth < 1 or not 0 <= self.opening_min <= self.opening_max or self.max_plies < 1
                or not 0.0 <= self.random_rate <= 1.0 or not 0 <= self.classic_share <= 100):
            raise ValueError(f"bad self-play configuration: {self}")


def net_crc(path: str | Path) -> int:
    """The CRC-32 of a net file's bytes, which a run records to refuse a changed file on resume."""
    return zlib.crc32(Path(path).read_bytes())


@functools.lru_cache(maxsize=4)
def _run_net(game: str, path: str, crc: int) -> Any:
    """The run's net, read and checked once per worker process rather than once per game."""
    data = Path(path).read_bytes()
    if zlib.crc32(data) != crc:
        raise ValueError(f"{path} is not the net this run started with (its checksum changed)")
    return nnue_game(game).module.NnueNet.from_bytes(data)


def _searcher(config: SelfplayConfig) -> Any:
    module = nnue_game(config.game).module
    if config.net is None or config.net_crc is None:
        return module.AlphaBetaSearcher(threads=1, tt_mb=8)
    return module.NnueAlphaBetaSearcher(_run_net(config.game, config.net, config.net_crc), threads=1, tt_mb=8,
                                        classic_share=config.classic_share)


def play_game(config: SelfplayConfig, seed: int) -> dict[str, np.ndarray]:
    """One game's recorded positions (arrays of equal length; possibly empty)."""
    from triptych._core import TERMINAL

    game = nnue_game(config.game)
    rng = random.Random(seed)
    state = game.new_game()
    for _ in range(rng.randint(config.opening_min, config.opening_max)):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    searcher = _searcher(config)
    features, scores, classics, aparts, sides, plies = [], [], [], [], [], []
    ply = 0
    while not state.is_terminal() and ply < config.max_plies:
        result = searcher.search(state, depth=config.depth)
        features.append(game.module.nnue_features(state))
        scores.append(result["score"])
        classics.append(game.blend_classic(state))
        aparts.append(game.apart(state))
        sides.append(state.to_move)
        plies.append(ply)
        random_turn = config.random_rate > 0 and rng.random() < config.random_rate
        state.apply(rng.choice(state.legal_actions()) if random_turn else result["best"])
        ply += 1
    winner = state.winner if state.to_move == TERMINAL else None
    side_arr = np.asarray(sides, dtype=np.int8)
    results = np.full(len(sides), 0.5, dtype=np.float32) if winner is None else (side_arr == winner).astype(np.float32)
    data = {"features": np.asarray(features, dtype=np.int16).reshape(-1, 2, game.max_active),
            "score": np.asarray(scores, dtype=np.int32), "classic": np.asarray(classics, dtype=np.int32),
            "result": results,
            "ply": np.asarray(plies, dtype=np.int16)}
    if game.separates:
        data["apart"] = np.asarray(aparts, dtype=bool)
    return data


def play_batch(batch: tuple[SelfplayConfig, list[int]]) -> dict[str, np.ndarray]:
    """The games of one batch (module-level: the executor pickles it by reference)."""
    config, indices = batch
    parts = []
    for index in indices:
        data = play_game(config, config.seed + index)
        data["game"] = np.full(len(data["score"]), index, dtype=np.int32)
        parts.append(data)
    return {key: np.concatenate([p[key] for p in parts]) for key in parts[0]}


def parts_dir(out: Path) -> Path:
    return out.with_name(out.name + ".parts")


def _batches(config: SelfplayConfig) -> list[tuple[SelfplayConfig, list[int]]]:
    return [(config, list(range(i, min(i + GAMES_PER_BATCH, config.games))))
            for i in range(0, config.games, GAMES_PER_BATCH)]


def start(out: Path, config: SelfplayConfig) -> None:
    """A new run writing `out`; ValueError when an unfinished one is already there."""
    parts = parts_dir(out)
    if parts.exists():
        raise ValueError(f"{parts} holds an unfinished run: continue it with --resume, or delete it to start over")
    parts.mkdir(parents=True)
    (parts / "config.json").write_text(json.dumps({"format": FORMAT, **asdict(config)}))


def resume_config(out: Path) -> SelfplayConfig:
    """The configuration of the unfinished run writing `out`; ValueError when there is none."""
    path = parts_dir(out) / "config.json"
    if not path.exists():
        raise ValueError(f"no unfinished run for {out} (no {path})")
    saved = json.loads(path.read_text())
    if saved.pop("format", None) != FORMAT:
        raise ValueError(f"{path} is from another version of the self-play format")
    return SelfplayConfig(**saved)


def run(out: Path, config: SelfplayConfig, executor: Any, progress: bool = True) -> dict[str, Any]:
    """Plays the batches the parts folder lacks, joins them into `out`; returns a summary."""
    from triptych.executor import run_batches

    parts = parts_dir(out)
    batches = _batches(config)
    done: dict[int, dict[str, np.ndarray]] = {}
    for i in range(len(batches)):
        path = parts / f"batch-{i:05d}.npz"
        if path.exists():
            with np.load(path) as saved:
                done[i] = {key: saved[key] for key in saved.files}

    def keep(i: int, data: dict[str, np.ndarray]) -> None:
        tmp = parts / f"batch-{i:05d}.tmp.npz"
        arrays: dict[str, Any] = data  # numpy's stubs would read a **dict of arrays as its allow_pickle flag
        np.savez(tmp, **arrays)
        tmp.replace(parts / f"batch-{i:05d}.npz")  # a batch is in whole or not at all

    results = run_batches(executor, play_batch, batches, sizes=[len(b[1]) for b in batches], done=done,
                          on_result=keep, label=f"selfplay {config.game}", unit="games", progress=progress)
    joined: dict[str, Any] = {key: np.concatenate([r[key] for r in results]) for key in results[0]}
    np.savez_compressed(out, **joined, config=np.asarray(json.dumps(asdict(config))), format=np.asarray(FORMAT))
    shutil.rmtree(parts)
    return {"positions": int(len(joined["score"])), "games": config.games, "resumed_games":
            sum(len(batches[i][1]) for i in done), "out": str(out)}


def load(path: str | Path) -> dict[str, Any]:
    """A data set written by :func:`run`: its arrays and its configuration.

    A Hexfleet set of format 2 or older recorded as ``classic`` the classic search's evaluation, pulled
    toward the draw while a countdown runs, not the board evaluation the NNUE search blends in; it is
    read as ``classic_clock_pulled``, so residual training refuses it rather than learn the wrong sum.
    """
    with np.load(path) as saved:
        data = {key: saved[key] for key in saved.files if key not in ("config", "format")}
        data["config"] = SelfplayConfig(**json.loads(str(saved["config"])))
        fmt = int(saved["format"]) if "format" in saved.files else 2
    if fmt < 3 and nnue_game(data["config"].game).separates and "classic" in data:
        data["classic_clock_pulled"] = data.pop("classic")
    return data


def join(datasets: list[dict[str, Any]]) -> dict[str, Any]:
    """Several data sets as one, for training on more than one run.

    Game numbers are offset so that every game stays a separate game (the validation split is by game);
    the data sets must be of one game. The joined set keeps the configurations in ``configs``, and the
    arrays every set has (data written before the ``classic`` array was recorded has none, so a join
    with such a set has none either).
    """
    if not datasets:
        raise ValueError("no data sets to join")
    names = {d["config"].game for d in datasets}
    if len(names) > 1:
        raise ValueError(f"the data sets are of different games: {', '.join(sorted(names))}")
    arrays = [k for k in datasets[0] if k != "config" and all(k in d for d in datasets)]
    offset, games = 0, []
    for d in datasets:
        games.append(np.asarray(d["game"], np.int64) + offset)
        offset += int(d["game"].max()) + 1 if len(d["game"]) else 0
    joined: dict[str, Any] = {k: np.concatenate([d[k] for d in datasets]) for k in arrays if k != "game"}
    joined["game"] = np.concatenate(games)
    joined["config"] = datasets[0]["config"]
    joined["configs"] = [d["config"] for d in datasets]
    return joined

