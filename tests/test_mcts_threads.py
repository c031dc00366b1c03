"""The native UCT searcher with threads and tree reuse (the sanitizer run found a search that read its
trees after freeing them: 0 nodes reported, a move read from freed memory, a crash in Hexfleet)."""

from __future__ import annotations

import threading
import time

import pytest

from triptych import ai
from triptych._core import aquaignis, hexfleet

GAMES = [pytest.param(aquaignis, id="aquaignis"), pytest.param(hexfleet, id="hexfleet")]


def midgame(module, plies: int = 6):
    state = module.new_game()
    for _ in range(plies):
        state.apply(state.legal_actions()[0])
    return state


@pytest.mark.parametrize("module", GAMES)
@pytest.mark.parametrize("threads", [1, 4])
@pytest.mark.parametrize("reuse", [False, True])
def test_every_thread_runs_its_iterations_and_the_move_is_legal(module, threads: int, reuse: bool) -> None:
    searcher = module.MctsSearcher(threads=threads, seed=3, reuse=reuse)
    for state in (module.new_game(), midgame(module)):
        raw = searcher.search(state, iterations=150)
        assert raw["nodes"] == 150 * threads
        assert raw["threads"] == threads
        assert state.is_legal(raw["best"])
        assert raw["pv"] and raw["pv"][0] == raw["best"]


@pytest.mark.parametrize("module", GAMES)
def test_threaded_search_is_repeatable_for_a_seed(module) -> None:
    state = midgame(module)
    runs = [module.MctsSearcher(threads=4, seed=11).search(state, iterations=200) for _ in range(2)]
    assert runs[0]["best"] == runs[1]["best"]
    assert runs[0]["pv"] == runs[1]["pv"]
    assert runs[0]["score"] == runs[1]["score"]


@pytest.mark.parametrize("module", GAMES)
def test_threaded_trees_are_reused_across_moves(module) -> None:
    searcher = module.MctsSearcher(threads=4, seed=5, reuse=True)
    state = module.new_game()
    assert searcher.search(state, iterations=150)["reused"] == 0
    for _ in range(2):  # a move played, then the search again from the position it reached
        state.apply(searcher.search(state, iterations=150)["best"])
        raw = searcher.search(state, iterations=150)
        assert raw["reused"] > 0, "the subtree of the move played was dropped"
        assert raw["nodes"] == 4 * 150
        assert state.is_legal(raw["best"])
    searcher.clear()
    assert searcher.search(state, iterations=50)["reused"] == 0


@pytest.mark.parametrize("module", GAMES)
def test_threaded_searches_run_at_once_from_python_threads(module) -> None:
    state = midgame(module)
    results: list[dict] = []

    def search(seed: int) -> None:
        searcher = module.MctsSearcher(threads=2, seed=seed)
        for _ in range(3):
            results.append(searcher.search(state, iterations=100))

    workers = [threading.Thread(target=search, args=(seed,)) for seed in (1, 2)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert len(results) == 6
    assert all(raw["nodes"] == 200 and state.is_legal(raw["best"]) for raw in results)



@pytest.mark.parametrize("module", GAMES)
@pytest.mark.parametrize("reuse", [False, True])
def test_stop_from_another_thread_ends_a_threaded_search(module, reuse: bool) -> None:
    state = midgame(module)
    player = ai.MCTS(time_ms=600_000, threads=4, seed=2, reuse=reuse)  # only stop() can end it in time
    box: dict = {}
    worker = threading.Thread(target=lambda: box.update(result=player.search(state)), daemon=True)
    worker.start()
    deadline = time.monotonic() + 60
    while worker.is_alive() and time.monotonic() < deadline:
        time.sleep(0.2)  # a stop() before the search starts is forgotten by it: send it until it ends
        player.stop()
    worker.join(timeout=1)
    assert not worker.is_alive(), "stop() did not end the search"
    result = box["result"]
    assert result.nodes >= 4 and state.is_legal(result.best)
