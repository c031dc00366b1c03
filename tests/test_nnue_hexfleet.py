"""The Hexfleet NNUE (docs/nnue.md): features relative to each Core, the net file, accumulators and search.

Hexfleet's accumulators are updated by the features that changed (a full
refresh only when a Core moves or much changes); the property test holds them
to a fresh computation after every action of games that include every kind of
change: Core moves, spawns, boarding, destroys, pushes, crushes and cascades.
"""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from playout_helpers import positions
import triptych.hexfleet as hx
from triptych import NetFileError
from triptych._core import hexfleet as core
from triptych._core import aquaignis as aquaignis_core
from triptych.ai import AlphaBeta
from triptych.nnue import netfile
from triptych.nnue.games import nnue_game

GAME = nnue_game("hexfleet")
UNITS = ["core", "shipyard", "shield", "frigate", "destroyer", "repulsor"]


def hex_distance(dq: int, dr: int) -> int:
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


NEAR = [(q, r) for q in range(-4, 5) for r in range(-4, 5) if hex_distance(q, r) <= 4]


def place(dq: int, dr: int) -> int:
    d = hex_distance(dq, dr)
    return NEAR.index((dq, dr)) if d <= 4 else 61 + min(d, 8) - 5


def expected_features(state: Any, perspective: int) -> list[int]:
    """docs/nnue.md's Hexfleet features, from the state's dict (not from the C++)."""
    d = state.to_dict()
    cores = {}
    for stack in d["stacks"]:
        for tile in stack["tiles"]:
            if tile["unit"] == "core":
                cores[tile["owner"]] = (stack["q"], stack["r"])
    frames = [cores[perspective], cores[1 - perspective]]
    found = []
    for stack in d["stacks"]:
        for level, tile in enumerate(stack["tiles"]):
            mine = 0 if tile["owner"] == perspective else 1
            kind = 6 if tile["face_down"] else UNITS.index(tile["unit"])
            for frame, (cq, cr) in enumerate(frames):
                found.append(frame * 2730 + ((mine * 7 + kind) * 3 + min(level, 2)) * 65
                             + place(stack["q"] - cq, stack["r"] - cr))
    for side, reserve in enumerate(d["reserves"]):
        who = 0 if side == perspective else 1
        for unit, count in reserve.items():
            found += [5460 + (who * 6 + UNITS.index(unit)) * 6 + t - 1 for t in range(1, min(count, 6) + 1)]
    found.append(5532 + (d["countdown"] or 0))
    found.append(5537 + (0 if d["to_move"] == perspective else 2) + d["actions_left"] - 1)
    return sorted(found)


def test_features_follow_the_documented_table() -> None:
    assert GAME.features == 5541
    for state in positions(hx, seed=1, count=150, max_plies=120):
        rows = core.nnue_features(state)
        for row, perspective in ((rows[0], state.to_move), (rows[1], 1 - state.to_move)):
            active = [int(f) for f in row if f >= 0]
            assert (row[len(active):] == -1).all() and all(0 <= f < GAME.features for f in active)
            assert sorted(active) == expected_features(state, perspective)


def test_the_features_do_not_change_when_the_whole_board_is_shifted() -> None:
    # No fixed origin: the same position placed elsewhere is the same position.
    checked = 0
    for state in positions(hx, seed=4, count=40, max_plies=120)[5::7]:
        d = state.to_dict()
        shifted = dict(d, stacks=[dict(s, q=s["q"] + 5, r=s["r"] - 3) for s in d["stacks"]], history=[])
        try:
            other = hx.State.from_dict(shifted)
        except ValueError:
            continue  # mid-turn: the history must end with the (unshifted) turn start
        assert (np.sort(core.nnue_features(other), axis=1) == np.sort(core.nnue_features(state), axis=1)).all()
        checked += 1
    assert checked >= 2


def test_a_tiles_factors_are_its_distance_from_the_core_and_the_tile_anywhere() -> None:
    # docs/nnue.md, "Factorized training": tile features share the first factor exactly when they are the
    # same tile (owner, kind, level) in the same frame at the same distance from that frame's Core, and the
    # second when they are the same tile; reserves, countdown and turn have none.
    factors = core.nnue_factors()
    assert factors.shape == (GAME.features, 2) and factors.max() == GAME.factor_features - 1
    distance = [hex_distance(q, r) for q, r in NEAR] + [5, 6, 7, 8]
    first: dict[tuple[int, int, int], int] = {}
    second: dict[int, int] = {}
    for feature in range(GAME.features):
        if feature >= 5460:
            assert (factors[feature] == -1).all(), feature
            continue
        frame, tile, at = feature // 2730, feature % 2730 // 65, feature % 65
        assert first.setdefault((frame, tile, distance[at]), int(factors[feature, 0])) == factors[feature, 0]
        assert second.setdefault(tile, int(factors[feature, 1])) == factors[feature, 1]
    assert len(set(first.values())) == 2 * 42 * 9 and len(set(second.values())) == 42
    assert not set(first.values()) & set(second.values())


@pytest.fixture(scope="module")
def net_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from triptych.nnue.train import init_net

    net = init_net(GAME, 3)
    net["ft_w"] = np.random.default_rng(4).normal(0, 0.2, net["ft_w"].shape).astype(np.float32)
    return netfile.write_net(tmp_path_factory.mktemp("nets") / "hexfleet.nnue", GAME, net)


def test_the_engine_evaluates_as_the_integer_reference(net_file: Path) -> None:
    from triptych.nnue.train import init_net

    net = init_net(GAME, 3)
    net["ft_w"] = np.random.default_rng(4).normal(0, 0.2, net["ft_w"].shape).astype(np.float32)
    states = positions(hx, seed=2, count=200, max_plies=120)
    features = np.stack([core.nnue_features(s) for s in states])
    engine = np.array([core.NnueNet(str(net_file)).evaluate(s) for s in states])
    assert (engine == netfile.forward_int(netfile.quantize(net), features)).all()
    assert len(set(engine.tolist())) > 50


def test_nets_of_the_other_game_are_refused(net_file: Path, tmp_path: Path) -> None:
    with pytest.raises(NetFileError, match="wrong game: the net is for hexfleet, not aquaignis"):
        aquaignis_core.NnueNet(str(net_file))
    other = netfile.write_net(tmp_path / "a.nnue", nnue_game("aquaignis"),
                              __import__("triptych.nnue.train", fromlist=["init_net"]).init_net(nnue_game("aquaignis"), 0))
    with pytest.raises(NetFileError, match="wrong game: the net is for aquaignis, not hexfleet"):
        core.NnueNet(str(other))


def _cores(d: dict[str, Any]) -> dict[int, tuple[int, int]]:
    return {t["owner"]: (s["q"], s["r"]) for s in d["stacks"] for t in s["tiles"] if t["unit"] == "core"}


def _what_changed(before: Any, after: Any, action: Any) -> set[str]:
    """The kinds of change an action made, read from the states' dicts (not from the update under test)."""
    db, da = before.to_dict(), after.to_dict()
    tiles_before = {(s["q"], s["r"], level, str(t)) for s in db["stacks"] for level, t in enumerate(s["tiles"])}
    tiles_after = {(s["q"], s["r"], level, str(t)) for s in da["stacks"] for level, t in enumerate(s["tiles"])}
    returned = sum(sum(r.values()) for r in da["reserves"]) - sum(sum(r.values()) for r in db["reserves"])
    kind = str(action.type)
    changes = {kind}
    if _cores(db) != _cores(da):
        changes.add("core move")
    if any(level >= 1 for _, _, level, _ in tiles_after - tiles_before):
        changes.add("boarding")
    if kind == "push" and returned >= 1:
        changes.add("crush")
    if kind in ("push", "destroy") and returned >= 2:
        changes.add("cascade")  # the power check returned more than the target
    return changes


@pytest.mark.parametrize("seed", range(4))
def test_accumulators_equal_a_full_refresh_after_every_action(net_file: Path, seed: int) -> None:
    net = core.NnueNet(str(net_file))
    seen: set[str] = set()
    for game in range(3):
        rng = random.Random(seed * 10 + game)
        position = core.NnuePosition(net, hx.new_game())
        for _ in range(150):
            if position.state.is_terminal():
                break
            actions = position.state.legal_actions()
            # Random play, but a fight whenever one is legal seven times in ten: pushes, crushes and cascades.
            fights = [a for a in actions if str(a.type) in ("push", "destroy")]
            action = rng.choice(fights if fights and rng.random() < 0.7 else actions)
            before = position.state
            position.apply(action)
            seen |= _what_changed(before, position.state, action)
            fresh = core.NnuePosition(net, position.state)
            assert (position.accumulators() == fresh.accumulators()).all()
            assert position.evaluate() == fresh.evaluate()
    # The games went through every kind of change the update handles.
    assert seen >= {"move", "core move", "spawn", "shipyard", "boarding", "destroy", "push", "crush", "cascade"}


def test_a_copy_of_a_stale_position_and_the_position_both_catch_up(net_file: Path) -> None:
    # The search copies a node for each child: the accumulators catch up lazily, through the copy.
    net = core.NnueNet(str(net_file))
    rng = random.Random(9)
    position = core.NnuePosition(net, hx.new_game())
    for _ in range(40):
        for _ in range(rng.randint(1, 3)):  # stale until read or copied, over one to three actions
            if not position.state.is_terminal():
                position.apply(rng.choice(position.state.legal_actions()))
        if position.state.is_terminal():
            break
        child = copy.copy(position)
        if not child.state.is_terminal():
            child.apply(rng.choice(child.state.legal_actions()))
        for p in (child, position):
            assert (p.accumulators() == core.NnuePosition(net, p.state).accumulators()).all()


def test_alphabeta_searches_hexfleet_with_the_net(net_file: Path) -> None:
    state = positions(hx, seed=5, count=30, max_plies=120)[-1]
    result = AlphaBeta(depth=2, evaluation="nnue", net=str(net_file)).search(state)
    assert result.best in state.legal_actions() and result.depth == 2


def test_selfplay_and_training_run_for_hexfleet(tmp_path: Path) -> None:
    from triptych.executor import make_executor
    from triptych.nnue import selfplay
    from triptych.nnue.train import TrainConfig, train

    out = tmp_path / "hx.npz"
    config = selfplay.SelfplayConfig("hexfleet", games=4, depth=1, seed=0, max_plies=60)
    selfplay.start(out, config)
    with make_executor("local", workers=1) as executor:
        selfplay.run(out, config, executor, progress=False)
    data = selfplay.load(out)
    assert data["features"].shape[1:] == (2, GAME.max_active) and len(data["score"]) > 100
    report = train(GAME, data, TrainConfig(epochs=1, batch_size=128, learning_rate=3e-3, validation=0.25))
    path = netfile.write_net(tmp_path / "hx.nnue", GAME, report["net"])
    # 146 active weights and the bias stay inside the int16 accumulator.
    limit = netfile.ft_limit(GAME.max_active)
    assert limit < 2.0 and np.abs(report["net"]["ft_w"]).max() <= limit + 1e-6
    assert (GAME.max_active + 1) * round(limit * netfile.QA) <= 32_767
    features = data["features"][:200]
    q = netfile.quantize(report["net"])
    assert path.stat().st_size < 2_000_000
    states_eval = netfile.forward_int(q, features)
    assert np.isfinite(states_eval).all()


def test_a_position_read_only_after_many_actions_catches_up(net_file: Path) -> None:
    # The tiles each action changed are noted as it is applied, up to a limit; past it (here 40 actions
    # with no read between) the accumulators are recomputed in full. Either way they equal a fresh start.
    net = core.NnueNet(str(net_file))
    for seed in range(3):
        rng = random.Random(100 + seed)
        position = core.NnuePosition(net, hx.new_game())
        for run in (1, 5, 12, 40):
            for _ in range(run):
                if not position.state.is_terminal():
                    position.apply(rng.choice(position.state.legal_actions()))
            fresh = core.NnuePosition(net, position.state)
            assert (position.accumulators() == fresh.accumulators()).all()
            assert position.evaluate() == fresh.evaluate()


def test_apply_takes_the_generated_action_whatever_the_caller_passes(net_file: Path) -> None:
    # A move's climb (R19's ration) is not in its notation: an action read back from it carries none. Like
    # State.apply, NnuePosition.apply must apply the generated twin, or a ship that climbed would climb again.
    net = core.NnueNet(str(net_file))
    rng = random.Random(5)
    climbs = 0
    for _ in range(6):
        position = core.NnuePosition(net, hx.new_game())
        for _ in range(120):
            state = position.state
            if state.is_terminal():
                break
            action = rng.choice(state.legal_actions())
            heights = {(s["q"], s["r"]): len(s["tiles"]) for s in state.to_dict()["stacks"]}
            if str(action.type) == "move" and heights.get(action.target, 0) >= heights[action.source]:
                climbs += 1  # the ship ends higher than it stood
            read_back = type(action).parse(str(action))
            state.apply(read_back)  # `state` is a copy: position.state returns one each time
            position.apply(read_back)
            assert position.state.to_dict() == state.to_dict()
    assert climbs >= 10


def test_selfplay_with_a_net_plays_and_scores_with_that_nets_search(net_file: Path, tmp_path: Path) -> None:
    # docs/nnue.md, the loop: the current best net makes the next one's data.
    from triptych.executor import make_executor
    from triptych.nnue import selfplay

    config = selfplay.SelfplayConfig("hexfleet", games=2, depth=2, seed=3, max_plies=12, net=str(net_file),
                                     net_crc=selfplay.net_crc(net_file))
    data = selfplay.play_game(config, 3)
    classic = selfplay.play_game(selfplay.SelfplayConfig("hexfleet", games=2, depth=2, seed=3, max_plies=12), 3)
    # The same opening (the seed's), then the net's search: its score, and its choice, where the classic differs.
    rng = random.Random(3)
    state = hx.new_game()
    for _ in range(rng.randint(config.opening_min, config.opening_max)):
        state.apply(rng.choice(state.legal_actions()))
    searcher = core.NnueAlphaBetaSearcher(core.NnueNet(str(net_file)), threads=1, tt_mb=8)
    assert data["score"][0] == searcher.search(state, depth=2)["score"]
    assert (data["features"][0] == classic["features"][0]).all()
    assert (data["score"] != classic["score"][:len(data["score"])]).any()
    # A run whose net file changed after it started is refused.
    out, net_copy = tmp_path / "net.npz", tmp_path / "copy.nnue"
    net_copy.write_bytes(net_file.read_bytes())
    recorded = selfplay.SelfplayConfig("hexfleet", games=2, depth=2, seed=3, max_plies=12, net=str(net_copy),
                                       net_crc=selfplay.net_crc(net_copy))
    selfplay.start(out, recorded)
    changed = bytearray(net_file.read_bytes())
    changed[-1] ^= 1
    net_copy.write_bytes(bytes(changed))
    with make_executor("local", workers=1) as executor, pytest.raises(ValueError, match="checksum changed"):
        selfplay.run(out, recorded, executor, progress=False)


def test_selfplay_refuses_a_net_of_the_other_game(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from triptych.cli import main
    from triptych.nnue.games import nnue_game
    from triptych.nnue.train import init_net

    other = netfile.write_net(tmp_path / "aquaignis.nnue", nnue_game("aquaignis"),
                              init_net(nnue_game("aquaignis"), 0))
    out = tmp_path / "data.npz"
    run = CliRunner().invoke(main, ["selfplay", "hexfleet", "-n", "2", "--net", str(other), "--out", str(out)])
    assert run.exit_code == 2 and "--net" in run.output and "game" in run.output, run.output
    assert not Path(str(out) + ".parts").exists()
