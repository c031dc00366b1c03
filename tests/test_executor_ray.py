"""The Ray backend against the local one, on real Ray clusters on loopback with 2 CPUs.

Same seeds, same results: a balance sweep gives byte-identical fights.csv and
summary.json, a short match the same games. A worker killed mid-run has its
batch re-run (Ray task retries) and nothing is lost or doubled. Skipped
without the ``cluster`` extra.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

ray = pytest.importorskip("ray", reason="the Ray backend needs the cluster extra: pip install 'triptych[cluster]'")

from triptych import ai  # noqa: E402
from triptych.balance.runner import Cell, _play, plan_batches  # noqa: E402
from triptych.cli import main  # noqa: E402
from triptych.executor import LocalExecutor, RayExecutor, run_batches  # noqa: E402
from triptych.match import opening_actions, play_game  # noqa: E402

# Ray workers do not import the tests folder: the test's own batch functions travel by value.
ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])

SWEEP = ["--variants", "v01,v05", "--games", "16", "--players", "random,greedy,mcts:8", "--set", "enemy_hp=50,70",
         "--seed", "3", "--no-progress"]
HEAD_HOST = "127.0.0.2"  # loopback; Ray rewrites 127.0.0.1 to this machine's network address


def _free_port(host: str) -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


def _stop(head: subprocess.Popen[bytes]) -> None:
    """Stops a `ray start --block` and its cluster: its whole process group."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(head.pid, signal.SIGTERM)
    with contextlib.suppress(subprocess.TimeoutExpired):
        head.wait(timeout=5)  # it drains the node first; a test cluster need not wait
    with contextlib.suppress(ProcessLookupError):
        os.killpg(head.pid, signal.SIGKILL)  # the head and whatever of the cluster is left in its group
    head.wait()


@pytest.fixture(scope="module")
def ray_head() -> Iterator[str]:
    """A real Ray cluster, as docs/cluster.md starts one: `ray start --head`, 2 CPUs, on loopback only.

    Its own temp folder and process group; stopped by signalling that group
    (never `ray stop`, which would stop every Ray on the machine).
    """
    temp = tempfile.mkdtemp(prefix="ray")  # short: Ray's socket paths live under it
    log = Path(temp) / "head.log"
    for _ in range(3):  # a raylet slower than Ray's 30 s start limit (a saturated machine) is retried
        port = _free_port(HEAD_HOST)
        command = [str(Path(sys.executable).parent / "ray"), "start", "--head", "--block", "--num-cpus", "2",
                   "--node-ip-address", HEAD_HOST, "--port", str(port), "--temp-dir", temp,
                   "--include-dashboard", "false", "--disable-usage-stats"]
        with log.open("w") as out:
            head = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
                                    env={**os.environ, "RAY_AUTH_MODE": "disabled"})  # loopback only: no tokens
        deadline = time.monotonic() + 90
        while "Ray runtime started" not in log.read_text() and head.poll() is None and time.monotonic() < deadline:
            time.sleep(0.2)
        if "Ray runtime started" in log.read_text():
            break
        _stop(head)
    else:
        text = log.read_text()
        shutil.rmtree(temp, ignore_errors=True)
        pytest.fail(f"ray start --head did not come up in 3 tries:\n{text[-3000:]}")
    try:
        yield f"{HEAD_HOST}:{port}"
    finally:
        if ray.is_initialized():
            ray.shutdown()
        _stop(head)
        shutil.rmtree(temp, ignore_errors=True)


def test_a_balance_sweep_gives_byte_identical_outputs_on_every_backend(tmp_path: Path, ray_head: str) -> None:
    runs = {"local": ["--backend", "local", "--workers", "2"],
            "ray started here": ["--backend", "ray", "--workers", "2"],
            "ray cluster": ["--backend", "ray", "--address", ray_head]}
    outputs = {}
    for name, options in runs.items():
        out = tmp_path / name.replace(" ", "-")
        result = CliRunner().invoke(main, ["balance", *SWEEP, *options, "--out", str(out)])
        assert result.exit_code == 0, result.output
        outputs[name] = {file: (out / file).read_bytes() for file in ("fights.csv", "summary.json")}
        assert not ray.is_initialized()  # the run let go of the Ray it started or joined
    assert outputs["ray started here"] == outputs["local"]
    assert outputs["ray cluster"] == outputs["local"]
    assert outputs["local"]["fights.csv"].count(b"\n") == 1 + 2 * 3 * 3 * 16


def play_match_games(batch: tuple[str, str, str, int, list[int]]) -> list[tuple[int, int | None, int]]:
    """A batch of one match's games: game i has its own seeded players, A on side i % 2."""
    game, spec_a, spec_b, seed, indices = batch
    out = []
    for i in indices:
        a, b = ai.make_player(spec_a, seed=seed + 2 * i), ai.make_player(spec_b, seed=seed + 2 * i + 1)
        players = (a, b) if i % 2 == 0 else (b, a)
        specs = (spec_a, spec_b) if i % 2 == 0 else (spec_b, spec_a)
        opening_seed = seed * 7919 + i // 2
        record = play_game(game, players, specs, opening_actions(game, opening_seed, 2, {}), seed=opening_seed)
        out.append((i, record.winner, len(record.actions)))
    return out


def test_a_short_match_plays_the_same_games_on_both_backends(ray_head: str) -> None:
    batches = [("aquaignis", "mcts:10", "greedy", 11, [i, i + 1]) for i in range(0, 4, 2)]
    with LocalExecutor(2) as local_pool:
        local = run_batches(local_pool, play_match_games, batches, progress=False)
    with RayExecutor(ray_head) as cluster:
        assert cluster.workers == 2  # all the cluster's CPUs
        remote = run_batches(cluster, play_match_games, batches, progress=False)
        capped = RayExecutor(ray_head, workers=1)  # the same cluster, one batch at a time
        assert capped.workers == 1
        assert run_batches(capped, play_match_games, batches, progress=False) == remote
    assert remote == local
    assert [game[0] for batch in remote for game in batch] == list(range(4))
    assert all(actions > 2 for batch in remote for _, _, actions in batch)  # real games, past the opening


def play_or_wait_to_be_killed(batch: tuple[str, Any]) -> Any:
    """The marked batch's first run waits, its pid written, for the test to kill its worker."""
    marker, fights = batch
    if marker and not os.path.exists(marker):
        Path(marker + ".tmp").write_text(str(os.getpid()))
        os.replace(marker + ".tmp", marker)
        time.sleep(60)
        raise AssertionError("the worker should have been killed")
    return _play(fights)


def test_a_worker_killed_mid_run_has_its_batch_rerun_and_nothing_is_lost_or_doubled(
        ray_head: str, tmp_path: Path) -> None:
    cells = [Cell("v03", 0, "greedy"), Cell("v08", 0, "mcts:6")]
    fights = plan_batches(cells, seed=0, games=40)
    marker = str(tmp_path / "victim.pid")
    batches = [(marker if i == 1 else "", b) for i, b in enumerate(fights)]
    killed: list[int] = []

    def kill_the_victim() -> None:
        deadline = time.monotonic() + 60
        while not os.path.exists(marker) and time.monotonic() < deadline:
            time.sleep(0.05)
        pid = int(Path(marker).read_text())
        assert pid != os.getpid()
        os.kill(pid, signal.SIGKILL)
        killed.append(pid)

    killer = threading.Thread(target=kill_the_victim)
    killer.start()
    seen: list[int] = []
    with RayExecutor(ray_head) as cluster:
        results = run_batches(cluster, play_or_wait_to_be_killed, batches, on_result=lambda i, _: seen.append(i),
                              progress=False)
    killer.join()
    assert killed  # a worker really died mid-run
    assert sorted(seen) == list(range(len(batches)))  # every batch once: none lost, none doubled
    assert results == [_play(b) for b in fights]
