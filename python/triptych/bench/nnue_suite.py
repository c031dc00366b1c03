"""The NNUE alpha-beta on the bench positions: nodes per second, nodes and time to depth (docs/nnue.md).

The same positions and depths as the ``alphabeta`` bench (threads=1, a fresh
16 MB table), searched with the NNUE evaluation instead of the classic one;
where both ran, each NNUE row carries the classic row's nodes per second and
the ratio. Unless a net file is given (``--nnue-net``, e.g. a shipped one) the
bench makes its own, so that its figures do not move each time a shipped net is
retrained: seeded random weights of the trained nets' shape, written by the
trainer's own file writer. Its figures measure the engine's speed, not its play (a
random net steers the search to other nodes than a trained one would; the
nodes column says how many). Every row names its net.
"""

from __future__ import annotations

import struct
from pathlib import Path

import numpy as np

from triptych.bench.positions import POSITION_NAMES, TWO_PLAYER, position
from triptych.bench.runner import Measurement, measure
from triptych.bench.suites import TT_MB, Scale, native

BENCH_NET_SEED = 20261202
BENCH_NET_LABEL = f"random, seed {BENCH_NET_SEED}"


def bench_net_bytes(game: str, seed: int = BENCH_NET_SEED) -> bytes:
    """A deterministic ``.nnue`` file for `game`: random weights on the scales a trained net has."""
    from triptych.nnue import netfile
    from triptych.nnue.games import ACC_WIDTH, HIDDEN, nnue_game

    spec = nnue_game(game)
    rng = np.random.default_rng(seed)
    limit = netfile.ft_limit(spec.max_active)
    net = {
        "ft_w": np.clip(rng.normal(0.0, 0.2, (spec.features, ACC_WIDTH)), -limit, limit),
        "ft_b": np.full(ACC_WIDTH, 0.5),
        "l1_w": rng.normal(0.0, 1.0 / np.sqrt(2 * ACC_WIDTH), (HIDDEN, 2 * ACC_WIDTH)),
        "l1_b": np.full(HIDDEN, 0.1),
        "l2_w": rng.normal(0.0, 1.0 / np.sqrt(HIDDEN), HIDDEN),
        "l2_b": np.zeros(()),
    }
    return netfile.net_bytes(spec, net)


def net_game(path: str | Path) -> str:
    """The game a ``.nnue`` file is for (its header's game field); ValueError when it is no net file."""
    from triptych.nnue.games import GAMES

    head = Path(path).read_bytes()[:16]
    if len(head) < 16 or head[:8] != b"TRPTNNUE":
        raise ValueError(f"{path} is not an .nnue net file")
    game_id = struct.unpack_from("<I", head, 12)[0]
    for name, spec in GAMES.items():
        if spec.game_id == game_id:
            return name
    raise ValueError(f"{path} is a net for an unknown game (id {game_id})")


def bench_nnue(scale: Scale, nets: dict[str, str] | None = None) -> list[Measurement]:
    """NNUE alpha-beta nodes/s, nodes and time to depth on each game's position suite (threads=1).

    `nets` maps a game to a net file; the others use :func:`bench_net_bytes`. Three repeats at most
    (the NNUE's deeper searches take seconds), and with --quick two and no warm-up: the CI smoke run
    grows by about two seconds.
    """
    nets = nets or {}
    out = []
    for game in TWO_PLAYER:
        module = native(game)
        path = nets.get(game)
        net = module.NnueNet(str(path)) if path else module.NnueNet.from_bytes(bench_net_bytes(game))
        label = str(path) if path else BENCH_NET_LABEL
        depth = scale.ab_depth[game]
        for pos_name in POSITION_NAMES:
            state = position(game, pos_name)

            def run(state=state, module=module, net=net, depth=depth) -> tuple[float, float]:
                r = module.NnueAlphaBetaSearcher(net, threads=1, tt_mb=TT_MB).search(state, depth=depth)
                return r["nodes"], r["seconds"]

            m = measure(f"nnue/{game}/{pos_name}/d{depth}", "nnue", "nodes/s", run,
                        min(2 if scale.quick else 3, scale.repeats), warmup=not scale.quick, depth=depth, threads=1,
                        net=label)
            m.extra["time_to_depth"] = m.median_seconds
            m.extra["nodes"] = m.work
            out.append(m)
    return out


def beside_classic(measurements: list[Measurement]) -> None:
    """Gives each NNUE row the classic alpha-beta's nodes/s on the same position and depth, where both ran."""
    by_name = {m.name: m for m in measurements}
    for m in measurements:
        if m.group != "nnue":
            continue
        classic = by_name.get("alphabeta/" + m.name.removeprefix("nnue/"))
        if classic is not None and classic.median:
            m.extra["classic_nps"] = classic.median
            m.extra["classic_nodes"] = classic.work
            m.extra["nps_vs_classic"] = m.median / classic.median
