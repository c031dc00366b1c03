"""The AquaIgnis NNUE (docs/nnue.md): features, net file, incremental accumulators, trainer and search.

The slow parts (self-play, JAX's compile) are shared by one module fixture: a
few thousand positions at depth 1, trained for a few epochs.
"""

from __future__ import annotations

import copy
import random
import struct
import zlib
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from playout_helpers import positions
import triptych.aquaignis as aq
from triptych import NetFileError
from triptych._core import aquaignis as core
from triptych.ai import AlphaBeta, default_net
from triptych.nnue import netfile
from triptych.nnue.games import nnue_game
from protocol_helpers import protocol_session

GAME = nnue_game("aquaignis")
SIDES = {"aqua": 0, "ignis": 1}


def expected_features(state: Any, perspective: int) -> set[int]:
    """The feature set of docs/nnue.md's table, computed from the state's dict (not from the C++)."""
    d = state.to_dict()
    found = set()
    for p in d["pieces"]:
        owner = SIDES[p["owner"]]
        flow = p["flow"] - 1
        row = p["pos"] if perspective == 0 else 6 - p["pos"]
        kind = p["charge"] - 1 if p["kind"] == "piece" else 4 + p["charge"] - 1
        found.add((((0 if owner == perspective else 1) * 7 + kind) * 7 + flow) * 7 + row)
    for side, name in enumerate(("aqua", "ignis")):
        who = 0 if side == perspective else 1
        found |= {686 + who * 3 + t - 1 for t in range(1, min(d["score"][name], 3) + 1)}
    for link in d["links"]:
        who = 0 if SIDES[link["owner"]] == perspective else 1
        a, b = sorted(f - 1 for f in link["flows"])
        centre = (a + 1) % 7 if b - a == 2 else (b + 1) % 7  # the flow between the two linked flanks
        found.add(692 + who * 14 + centre * 2 + min(max(link["turns_left"], 1), 2) - 1)
    to_act = SIDES[d["to_move"]]
    found.add(720 + (0 if to_act == perspective else 2) + d["actions_left"] - 1)
    found.add(724 + min(d["no_progress"] // 10, 7))
    return found


def test_features_follow_the_documented_table() -> None:
    for state in positions(aq, seed=1, count=300):
        rows = core.nnue_features(state)
        assert rows.shape == (2, GAME.max_active) and rows.dtype == np.int16
        to_act = state.to_move
        for row, perspective in ((rows[0], to_act), (rows[1], 1 - to_act)):
            active = [int(f) for f in row if f >= 0]
            assert (row[len(active):] == -1).all(), "padding only after the active features"
            assert len(active) == len(set(active)) and all(0 <= f < GAME.features for f in active)
            assert set(active) == expected_features(state, perspective)


def test_the_two_perspectives_of_a_mirrored_position_agree() -> None:
    # Swapping the sides and mirroring the rows is the same position for the other player:
    # its features from the side to act's perspective are the same (listed in another order).
    for state in positions(aq, seed=2, count=60):
        d = state.to_dict()
        swap = {"aqua": "ignis", "ignis": "aqua"}
        mirrored = dict(d, to_move=swap[d["to_move"]], score={swap[k]: v for k, v in d["score"].items()},
                        pieces=[dict(p, owner=swap[p["owner"]], pos=6 - p["pos"]) for p in d["pieces"]],
                        links=[dict(link, owner=swap[link["owner"]]) for link in d["links"]])
        mirrored["options"] = dict(d["options"], first_player=swap[d["options"]["first_player"]])
        try:
            other = aq.State.from_dict(mirrored)
        except ValueError:
            continue  # a position only one side's turn order can reach
        assert (np.sort(core.nnue_features(other), axis=1) == np.sort(core.nnue_features(state), axis=1)).all()


# --- the net file --------------------------------------------------------------------------------------


def random_net(seed: int, spread: float = 0.3) -> dict[str, np.ndarray]:
    from triptych.nnue.train import init_net

    net = init_net(GAME, seed)
    rng = np.random.default_rng(seed + 1)
    net["ft_w"] = rng.normal(0, spread, net["ft_w"].shape).astype(np.float32)
    return net


@pytest.fixture(scope="module")
def random_net_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return netfile.write_net(tmp_path_factory.mktemp("nets") / "random.nnue", GAME, random_net(7))


def test_the_file_round_trips_and_evaluates_as_the_integer_reference(random_net_file: Path) -> None:
    net = core.NnueNet(str(random_net_file))
    q = netfile.quantize(random_net(7))
    states = positions(aq, seed=3, count=200)
    features = np.stack([core.nnue_features(s) for s in states])
    engine = np.array([net.evaluate(s) for s in states])
    assert (engine == netfile.forward_int(q, features)).all()
    assert len(set(engine.tolist())) > 50, "a net that says the same of every position tests nothing"


def _header(data: bytes) -> list[Any]:
    return list(netfile.HEADER.unpack(data[:netfile.HEADER.size]))


def _with_header(data: bytes, **changes: int) -> bytes:
    fields = _header(data)
    names = ["magic", "version", "game", "feature_set", "inputs", "acc", "hidden", "out_scale", "payload", "crc"]
    for name, value in changes.items():
        fields[names.index(name)] = value
    return netfile.HEADER.pack(*fields) + data[netfile.HEADER.size:]


@pytest.mark.parametrize("damage, message", [
    (lambda b: b[:20], "truncated: 20 bytes, shorter than the 44-byte header"),
    (lambda b: b[:-10], "truncated:"),
    (lambda b: b"NOTANNUE" + b[8:], "bad magic"),
    (lambda b: _with_header(b, version=2), "format version 2, this build reads version 1"),
    (lambda b: _with_header(b, game=2), "wrong game: the net is for hexfleet, not aquaignis"),
    (lambda b: _with_header(b, feature_set=9), "feature set 9 does not match this build's feature set 1"),
    (lambda b: _with_header(b, inputs=700), "sizes 700x64x16 do not match"),
    (lambda b: _with_header(b, payload=12), "payload size 12 does not match"),
    (lambda b: b[:100] + bytes([b[100] ^ 1]) + b[101:], "bad checksum"),
    (lambda b: b + b"\0", "trailing bytes"),
])
def test_a_bad_net_file_is_refused_naming_what_is_wrong(random_net_file: Path, tmp_path: Path, damage: Any,
                                                        message: str) -> None:
    bad = tmp_path / "bad.nnue"
    bad.write_bytes(damage(random_net_file.read_bytes()))
    with pytest.raises(NetFileError, match=message.replace("(", r"\(")):
        core.NnueNet(str(bad))
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):  # and it reaches the player as a ValueError
        AlphaBeta(depth=1, evaluation="nnue", net=str(bad)).search(aq.new_game())


def test_a_missing_net_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(NetFileError, match="cannot be read"):
        core.NnueNet(str(tmp_path / "absent.nnue"))


def test_the_checksum_is_zlibs_crc32(random_net_file: Path) -> None:
    data = random_net_file.read_bytes()
    assert _header(data)[-1] == zlib.crc32(data[netfile.HEADER.size:])
    assert struct.unpack("<I", data[40:44])[0] == zlib.crc32(data[44:])


# --- incremental accumulators ----------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(12))
def test_incremental_accumulators_equal_a_full_refresh_after_every_action(random_net_file: Path, seed: int) -> None:
    net = core.NnueNet(str(random_net_file))
    rng = random.Random(seed)
    state = aq.new_game()
    position = core.NnuePosition(net, state)
    actions = 0
    while not position.state.is_terminal() and actions < 400:
        action = rng.choice(position.state.legal_actions())
        position.apply(action)
        state.apply(action)
        actions += 1
        fresh = core.NnuePosition(net, position.state)
        assert (position.accumulators() == fresh.accumulators()).all(), f"after action {actions}: {action}"
        assert position.state.hash == state.hash
        if not state.is_terminal():
            assert position.evaluate() == net.evaluate(state)
    assert actions > 20


def test_stale_accumulators_catch_up_over_several_actions_and_through_a_copy(random_net_file: Path) -> None:
    # apply leaves the accumulators stale until they are read or the position is copied (as the search
    # copies a node for each child): the catch-up spans however many actions were applied.
    net = core.NnueNet(str(random_net_file))
    rng = random.Random(3)
    position = core.NnuePosition(net, aq.new_game())
    for _ in range(60):
        for _ in range(rng.randint(1, 3)):
            if not position.state.is_terminal():
                position.apply(rng.choice(position.state.legal_actions()))
        child = copy.copy(position)
        if not child.state.is_terminal():
            child.apply(rng.choice(child.state.legal_actions()))
        for p in (child, position):
            assert (p.accumulators() == core.NnuePosition(net, p.state).accumulators()).all()
        if position.state.is_terminal():
            break


def test_an_illegal_action_leaves_the_position_unchanged(random_net_file: Path) -> None:
    position = core.NnuePosition(core.NnueNet(str(random_net_file)), aq.new_game())
    before = position.accumulators().copy()
    with pytest.raises(ValueError, match="illegal"):
        position.apply(aq.Action.parse("A3.2"))
    assert (position.accumulators() == before).all()


# --- self-play, training and export ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def trained(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    from triptych.executor import make_executor
    from triptych.nnue import selfplay
    from triptych.nnue.train import TrainConfig, train

    out = tmp_path_factory.mktemp("selfplay") / "data.npz"
    config = selfplay.SelfplayConfig("aquaignis", games=16, depth=1, seed=5)
    selfplay.start(out, config)
    with make_executor("local", workers=1) as executor:
        selfplay.run(out, config, executor, progress=False)
    data = selfplay.load(out)
    report = train(GAME, data, TrainConfig(epochs=4, batch_size=128, learning_rate=3e-3, validation=0.25, seed=0))
    path = netfile.write_net(out.with_name("tiny.nnue"), GAME, report["net"])
    return {"data": data, "report": report, "path": path, "out": out}


def test_selfplay_records_positions_with_scores_and_results(trained: dict[str, Any]) -> None:
    data = trained["data"]
    n = len(data["score"])
    assert n >= 2000, "a few thousand positions"
    assert data["features"].shape == (n, 2, GAME.max_active)
    assert set(np.unique(data["result"]).tolist()) <= {0.0, 0.5, 1.0}
    assert set(np.unique(data["game"]).tolist()) == set(range(16))
    # Within a decided game, the side that won is credited 1 at each of its positions and the loser 0.
    first = data["game"] == 0
    sides_to_act = data["features"][first, 0, :]
    assert len(np.unique(data["result"][first])) in (1, 2) and sides_to_act.shape[0] > 0


def test_selfplay_is_deterministic_and_resumes_to_the_same_data(tmp_path: Path, trained: dict[str, Any]) -> None:
    from triptych.executor import make_executor
    from triptych.nnue import selfplay

    config = selfplay.SelfplayConfig("aquaignis", games=5, depth=1, seed=5)
    first, second = tmp_path / "a.npz", tmp_path / "b.npz"
    selfplay.start(first, config)
    with make_executor("local", workers=1) as executor:
        selfplay.run(first, config, executor, progress=False)
        # An interrupted run: its parts folder holds one finished batch (game 0-1) played by play_batch.
        selfplay.start(second, config)
        kept = selfplay.play_batch((config, [0, 1]))
        np.savez(selfplay.parts_dir(second) / "batch-00000.npz", **kept)
        summary = selfplay.run(second, selfplay.resume_config(second), executor, progress=False)
    assert summary["resumed_games"] == 2
    a, b = selfplay.load(first), selfplay.load(second)
    for key in ("features", "score", "result", "game", "ply"):
        assert (a[key] == b[key]).all(), key
    # The same games as the larger run's first five (game i always plays from seed + i).
    big = trained["data"]
    assert (big["score"][big["game"] < 5] == a["score"]).all()


def test_a_second_run_onto_unfinished_parts_is_refused(tmp_path: Path) -> None:
    from triptych.nnue import selfplay

    config = selfplay.SelfplayConfig("aquaignis", games=2, depth=1)
    selfplay.start(tmp_path / "x.npz", config)
    with pytest.raises(ValueError, match="unfinished run"):
        selfplay.start(tmp_path / "x.npz", config)
    with pytest.raises(ValueError, match="no unfinished run"):
        selfplay.resume_config(tmp_path / "y.npz")


def test_joined_data_sets_keep_their_games_apart(trained: dict[str, Any]) -> None:
    import dataclasses

    from triptych.nnue import selfplay

    data = trained["data"]
    joined = selfplay.join([data, data])
    n = len(data["score"])
    assert len(joined["score"]) == len(joined["game"]) == 2 * n and joined["features"].shape[0] == 2 * n
    assert (joined["game"][n:] == data["game"] + 16).all() and (joined["score"][n:] == data["score"]).all()
    other = dict(data, config=dataclasses.replace(data["config"], game="hexfleet"))
    with pytest.raises(ValueError, match="different games: aquaignis, hexfleet"):
        selfplay.join([data, other])
    with pytest.raises(ValueError, match="no data sets"):
        selfplay.join([])


def test_the_fitted_scale_is_the_one_the_results_were_drawn_with() -> None:
    from triptych.nnue.train import fit_scale

    rng = np.random.default_rng(4)
    score = rng.uniform(-6000, 6000, 40_000)
    for k in (700.0, 2500.0):
        result = (rng.random(score.size) < 1 / (1 + np.exp(-score / k))).astype(np.float32)
        assert abs(fit_scale(score, result) / k - 1) < 0.1


def test_a_tiny_training_run_lowers_its_validation_loss(trained: dict[str, Any]) -> None:
    history = trained["report"]["validation_loss"]
    assert len(history) == 5
    assert history[-1] < history[0] * 0.9, history
    assert trained["report"]["best_epoch"] == int(np.argmin(history)) > 0


def test_a_units_factors_are_its_row_on_any_flow_and_the_unit_anywhere() -> None:
    # docs/nnue.md, "Factorized training": features share a factor exactly when they are the same unit
    # (owner, kind) on the same row (the first), or the same unit (the second); the rest have none.
    factors = core.nnue_factors()
    assert factors.shape == (GAME.features, 2) and factors.max() == GAME.factor_features - 1
    first: dict[tuple[int, int], int] = {}
    second: dict[int, int] = {}
    for feature in range(GAME.features):
        if feature >= 686:
            assert (factors[feature] == -1).all(), feature
            continue
        unit, row = feature // 49, feature % 7
        assert first.setdefault((unit, row), int(factors[feature, 0])) == factors[feature, 0]
        assert second.setdefault(unit, int(factors[feature, 1])) == factors[feature, 1]
    assert len(set(first.values())) == 14 * 7 and len(set(second.values())) == 14
    assert not set(first.values()) & set(second.values())


def units_worth_data(rng: np.random.Generator) -> tuple[dict[str, Any], np.ndarray]:
    """3,000 made-up positions of six units, none on flow 1, scored by what each unit on its row is worth."""
    seen = np.array([f for f in range(686) if (f // 7) % 7 != 0])  # every unit feature but those on flow 1
    features = np.full((3000, 2, GAME.max_active), -1, np.int16)
    features[:, :, :6] = rng.choice(seen, (3000, 2, 6))
    worth = rng.normal(0, 300, (14, 7))  # what a unit on a row is worth, the same on every flow
    score = worth[features[:, 0, :6] // 49, features[:, 0, :6] % 7].sum(axis=1).astype(np.float32)
    return {"features": features, "score": score, "result": (score > 0).astype(np.float32),
            "game": np.arange(3000) // 30}, worth


def test_weight_decay_keeps_the_weights_smaller() -> None:
    from triptych.nnue.train import TrainConfig, train

    data, _ = units_worth_data(np.random.default_rng(5))
    size = {}
    for decay in (0.0, 5.0):
        net = train(GAME, data, TrainConfig(epochs=2, batch_size=100, weight_decay=decay))["net"]
        size[decay] = np.abs(net["ft_w"]).mean() + np.abs(net["l1_w"]).mean()
    assert size[5.0] < 0.8 * size[0.0], size
    with pytest.raises(ValueError, match="bad training configuration"):
        TrainConfig(weight_decay=-1.0)


def test_the_learning_rate_falls_along_a_cosine_to_lr_end() -> None:
    # Adam's step on a gradient that never changes is the learning rate itself (times the gradient's sign),
    # so the steps the optimizer takes show the schedule.
    import jax.numpy as jnp
    import optax  # type: ignore[import-untyped]

    from triptych.nnue.train import TrainConfig, _functions

    def steps_taken(config: TrainConfig, steps: int) -> list[float]:
        _, _, optimizer = _functions(config, steps=steps)
        params = {"w": jnp.zeros(3)}
        state = optimizer.init(params)
        taken = []
        for _ in range(steps + 10):  # ten past the run's end
            updates, state = optimizer.update({"w": jnp.ones(3)}, state, params)
            params = optax.apply_updates(params, updates)
            taken.append(-float(updates["w"][0]))
        return taken

    falling = steps_taken(TrainConfig(learning_rate=1e-3, lr_end=1e-5), 100)
    assert falling[0] == pytest.approx(1e-3, rel=1e-3)
    assert falling[50] == pytest.approx(1e-5 + (1e-3 - 1e-5) / 2, rel=1e-2)  # half way down the cosine
    assert falling[100:] == pytest.approx([1e-5] * 10, rel=1e-2)  # and stays there
    assert all(a >= b * (1 - 1e-6) for a, b in zip(falling, falling[1:]))  # never rises (but for float noise)
    assert steps_taken(TrainConfig(learning_rate=1e-3), 100)[-1] == pytest.approx(1e-3, rel=1e-3)
    with pytest.raises(ValueError, match="bad training configuration"):
        TrainConfig(learning_rate=1e-3, lr_end=2e-3)
    with pytest.raises(ValueError, match="needs the run's steps"):
        _functions(TrainConfig(learning_rate=1e-3, lr_end=1e-5))


def test_factorized_training_teaches_a_feature_through_its_factors() -> None:
    # A unit never seen on flow 1 in the data still gets weights there: those learnt for its row and kind
    # on the other flows. Without factors it keeps its random start and says nothing of them.
    from triptych.nnue.train import TrainConfig, init_net, train

    rng = np.random.default_rng(3)
    data, worth = units_worth_data(rng)
    unseen = [f for f in range(686) if (f // 7) % 7 == 0]
    test_features = np.full((500, 2, GAME.max_active), -1, np.int16)
    test_features[:, :, :6] = rng.choice(unseen, (500, 2, 6))
    test_score = worth[test_features[:, 0, :6] // 49, test_features[:, 0, :6] % 7].sum(axis=1)
    start = init_net(GAME, 0)["ft_w"][unseen]
    for factorize in (True, False):
        net = train(GAME, data, TrainConfig(epochs=2, batch_size=100, factorize=factorize))["net"]
        moved = np.abs(net["ft_w"][unseen] - start).mean()
        assert moved > 0.01 if factorize else moved == 0.0, (factorize, moved)
        # Judged on positions with units on flow 1 only: the factorized net knows what they are worth.
        judged = netfile.forward_float(net, test_features)
        agreement = np.corrcoef(judged, test_score)[0, 1]
        assert agreement > 0.5 if factorize else agreement < 0.3, (factorize, agreement)


def test_the_engine_evaluates_as_the_trainer_within_the_quantization_error(trained: dict[str, Any]) -> None:
    net = core.NnueNet(str(trained["path"]))
    states = positions(aq, seed=11, count=1000)
    features = np.stack([core.nnue_features(s) for s in states])
    engine = np.array([net.evaluate(s) for s in states], dtype=np.float64)
    q = netfile.quantize(trained["report"]["net"])
    # Bit for bit the integer pass the export describes,
    assert (engine == netfile.forward_int(q, features)).all()
    # within the activations' rounding of the float net the integers stand for,
    exact = netfile.forward_float(netfile.dequantize(q), features)
    assert np.abs(engine - exact).max() <= netfile.rounding_bound(q)
    # and within the weights' rounding, propagated, of the trainer's own float net,
    trainer = netfile.forward_float(trained["report"]["net"], features)
    assert (np.abs(engine - trainer) <= netfile.quantization_bound(trained["report"]["net"], features)).all()
    # which in practice is a small share of the evaluations' spread.
    assert np.abs(engine - trainer).mean() < 0.05 * trainer.std()


def test_the_trainers_jax_forward_is_the_numpy_float_forward(trained: dict[str, Any]) -> None:
    from triptych.nnue.train import _functions, TrainConfig
    import jax.numpy as jnp

    data = trained["data"]
    net = trained["report"]["net"]
    step, loss, _ = _functions(TrainConfig())
    features = data["features"][:300]
    predicted = 1 / (1 + np.exp(-netfile.forward_float(net, features) / 1500.0))
    target = 0.75 / (1 + np.exp(-data["score"][:300] / 1500.0)) + 0.25 * data["result"][:300]
    expected = np.mean((predicted - target) ** 2)
    got = float(loss({k: jnp.asarray(v) for k, v in net.items()}, features, data["score"][:300].astype(np.float32),
                     data["result"][:300], data["classic"][:300].astype(np.float32)))
    assert got == pytest.approx(expected, rel=1e-4)


# --- searching with the net --------------------------------------------------------------------------------


def test_alphabeta_searches_with_the_net(trained: dict[str, Any]) -> None:
    state = aq.new_game()
    for action in ("N3", "N4"):
        state.apply(aq.Action.parse(action))
    player = AlphaBeta(depth=3, evaluation="nnue", net=str(trained["path"]))
    result = player.search(state)
    assert result.best in state.legal_actions() and result.depth == 3 and result.nodes > 0
    again = AlphaBeta(depth=3, evaluation="nnue", net=str(trained["path"])).search(state)
    assert (again.best, again.score, again.nodes) == (result.best, result.score, result.nodes)
    classic = AlphaBeta(depth=3).search(state)
    assert classic.nodes != result.nodes or classic.score != result.score  # another evaluation, another tree


def test_the_player_refuses_bad_evaluation_options(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="evaluation must be one of default, classic, nnue"):
        AlphaBeta(depth=1, evaluation="neural")
    with pytest.raises(ValueError, match="net= is the NNUE's file"):
        AlphaBeta(depth=1, net="x.nnue")
    with pytest.raises(ValueError, match="the NNUE has none"):
        AlphaBeta(depth=1, evaluation="nnue", weights={"charge": 3})


def test_the_engine_protocol_switches_to_the_nnue(trained: dict[str, Any], tmp_path: Path) -> None:
    _, ask = protocol_session("aquaignis")

    assert "option evaluation string default" in ask("options")
    assert ask(f"options set evalfile {trained['path']}") == [f"option evalfile {trained['path']}"]
    assert ask("options set evaluation nnue") == ["option evaluation nnue"]
    answer = ask("bestmove depth 2")
    assert answer[0].startswith("bestmove ")
    expected = AlphaBeta(depth=2, evaluation="nnue", net=str(trained["path"])).search(aq.new_game()).best
    assert answer == [f"bestmove {expected}"]
    bad = tmp_path / "bad.nnue"
    bad.write_bytes(b"TRPTNNUE")
    refusal = ask(f"options set evalfile {bad}")
    assert refusal[0].startswith("err ") and "truncated" in refusal[0]
    assert "option evalfile string " + str(trained["path"]) in ask("options")  # unchanged by the refusal
    assert ask("options set evaluation neural")[0].startswith("err evaluation must be one of")


def test_the_commands_play_train_and_write_a_net_the_engine_reads(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from triptych.cli import main

    data, net = tmp_path / "data.npz", tmp_path / "gen0.nnue"
    played = CliRunner().invoke(main, ["selfplay", "aquaignis", "-n", "8", "--depth", "1", "-j", "1", "--no-progress",
                                       "--out", str(data)])
    assert played.exit_code == 0, played.output
    assert f"from 8 games: wrote {data}" in played.output and not Path(str(data) + ".parts").exists()
    again = CliRunner().invoke(main, ["selfplay", "aquaignis", "--resume", "--out", str(data)])
    assert again.exit_code == 2 and "no unfinished run" in again.output
    # The module fixture's batch size and rate: the step JAX compiled for it serves again.
    # Two data files train as one set (here the same file twice: its games counted twice, apart).
    trained = CliRunner().invoke(main, ["train", "aquaignis", str(data), str(data), "--epochs", "2", "--batch-size",
                                        "128", "--lr", "0.003", "--out", str(net)])
    assert trained.exit_code == 0, trained.output
    positions = len(np.load(data)["score"])
    assert f"{2 * positions} positions from {data}, {data}" in trained.output
    assert "epoch 2/2: train loss" in trained.output and "validation loss" in trained.output
    assert core.NnueNet(str(net)).evaluate(aq.new_game()) == core.NnueNet(str(net)).evaluate(aq.new_game())
    wrong = CliRunner().invoke(main, ["train", "aquaignis", str(net)])
    assert wrong.exit_code == 2 and "Error:" in wrong.output
    for scale in ("0", "big"):
        refused = CliRunner().invoke(main, ["train", "aquaignis", str(data), "--scale", scale])
        assert refused.exit_code == 2 and "neither a positive number nor 'fit'" in refused.output
    rising = CliRunner().invoke(main, ["train", "aquaignis", str(data), "--lr", "0.001", "--lr-end", "0.01"])
    assert rising.exit_code == 2 and "--lr-end" in rising.output and "the rate only falls" in rising.output


def test_a_player_spec_names_the_net(trained: dict[str, Any]) -> None:
    from triptych.ai import make_player

    player = make_player(f"alphabeta:2,nnue={trained['path']}")
    assert player.evaluation == "nnue" and player.net == str(trained["path"]) and "nnue" in repr(player)
    state = aq.new_game()
    assert player.choose(state) == AlphaBeta(depth=2, evaluation="nnue", net=str(trained["path"])).choose(state)
    shipped = make_player("alphabeta:2,nnue=shipped")  # the package's net, with its own classic share
    assert shipped.choose(state) == AlphaBeta(depth=2, evaluation="nnue", classic_share=90).choose(state)
    with pytest.raises(ValueError, match="no NNUE net ships for combat yet"):  # a game with none
        default_net("combat")


def test_random_actions_in_selfplay_are_seeded() -> None:
    from triptych.nnue import selfplay

    wild = selfplay.SelfplayConfig("aquaignis", games=1, depth=1, seed=3, random_rate=0.3)
    tame = selfplay.SelfplayConfig("aquaignis", games=1, depth=1, seed=3)
    a, b, c = selfplay.play_game(wild, 3), selfplay.play_game(wild, 3), selfplay.play_game(tame, 3)
    assert (a["features"] == b["features"]).all() and (a["score"] == b["score"]).all()
    assert a["features"].shape != c["features"].shape or (a["features"] != c["features"]).any()
    with pytest.raises(ValueError, match="bad self-play configuration"):
        selfplay.SelfplayConfig("aquaignis", games=1, random_rate=1.5)
