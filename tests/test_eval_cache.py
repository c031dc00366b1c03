"""The alpha-beta searches' evaluation cache (cpp/search/eval_cache.h): each search thread remembers its
evaluations by position, so the cache may change how long a search takes and nothing else. A fixed-depth
search with the cache must visit the same nodes, reach the same score and choose the same line as without
it, for both games, with the classic evaluation and the shipped nets (blended as shipped), and with contempt
(whose draws depend on the side at the root). The cache's key covers all the evaluation reads, AquaIgnis's
no-progress bucket included, which its net reads and its position hash leaves out."""

from __future__ import annotations

from typing import Any

import pytest

from playout_helpers import positions
from triptych._core import aquaignis as aquaignis_core
from triptych._core import hexfleet as hexfleet_core
from triptych.ai import SHIPPED_NNUE, default_net

MODULES = {"aquaignis": aquaignis_core, "hexfleet": hexfleet_core}
DEPTH = {"aquaignis": 6, "hexfleet": 4}


def searcher(module: Any, game: str, evaluation: str, eval_cache: bool, contempt: int = 0) -> Any:
    if evaluation == "classic":
        return module.AlphaBetaSearcher(threads=1, tt_mb=4, contempt=contempt, eval_cache=eval_cache)
    net = module.NnueNet(default_net(game))
    return module.NnueAlphaBetaSearcher(net, threads=1, tt_mb=4, classic_share=SHIPPED_NNUE.get(game, 0),
                                        contempt=contempt, eval_cache=eval_cache)


def same_search(with_cache: dict[str, Any], without: dict[str, Any]) -> bool:
    keys = ("nodes", "score", "depth", "best", "pv")
    return all(with_cache[k] == without[k] for k in keys)


@pytest.mark.parametrize("game", sorted(MODULES))
@pytest.mark.parametrize("evaluation", ["classic", "nnue"])
def test_a_search_with_the_cache_is_the_search_without_it(game: str, evaluation: str) -> None:
    module = MODULES[game]
    cached = searcher(module, game, evaluation, True)
    plain = searcher(module, game, evaluation, False)
    for state in positions(module, seed=11, count=6, every=7):
        a = cached.search(state, depth=DEPTH[game])
        b = plain.search(state, depth=DEPTH[game])
        assert same_search(a, b), (state.to_dict(), a, b)


@pytest.mark.parametrize("game", sorted(MODULES))
def test_under_contempt_both_sides_searches_are_the_same_with_the_cache(game: str) -> None:
    # Under contempt a draw's value, and so an evaluation that foresees one, depends on the side at the
    # root: one searcher searches positions of either side to act.
    module = MODULES[game]
    cached = searcher(module, game, "nnue", True, contempt=40)
    plain = searcher(module, game, "nnue", False, contempt=40)
    states = positions(module, seed=12, count=6, every=5)
    assert {s.to_move for s in states} == {0, 1}
    for state in states:
        assert same_search(cached.search(state, depth=DEPTH[game]), plain.search(state, depth=DEPTH[game]))


def other_counters(game: str, state: Any) -> list[Any]:
    """Copies of `state` that differ from it only where the position hash does not look: the turn number,
    AquaIgnis's no-progress counter (R17), Hexfleet's record of earlier turn starts (R20); those from_dict
    refuses are left out."""
    module = MODULES[game]
    d = state.to_dict()
    variants = [{"turn": d["turn"] + k} for k in (1, 2, 13)]
    if game == "aquaignis":
        variants += [{"no_progress": n} for n in range(0, 80, 3) if n != d["no_progress"]]
    else:
        variants += [{"history": d["history"][-k:]} for k in (1, 3)]  # R20's record of turn starts
    out = []
    for change in variants:
        try:
            out.append(module.State.from_dict({**d, **change}))
        except ValueError:
            continue
    return out


@pytest.mark.parametrize("game", sorted(MODULES))
def test_positions_of_one_evaluation_key_have_one_evaluation(game: str) -> None:
    # What the cache rests on: the key covers all the evaluation reads. AquaIgnis's net reads the
    # no-progress counter in buckets of ten actions, which its position hash leaves out, so its key adds it.
    module = MODULES[game]
    net = module.NnueNet(default_net(game))
    compared = keys_apart = 0
    for state in positions(module, seed=13, count=12, every=5):
        here = module.NnuePosition(net, state)
        for other in other_counters(game, state):
            there = module.NnuePosition(net, other)
            # The classic evaluation's key is the hash, which these copies share.
            assert other.hash == state.hash
            assert module.evaluate(other) == module.evaluate(state)
            if there.evaluation_key == here.evaluation_key:
                compared += 1
                assert there.evaluate() == here.evaluate(), (state.to_dict(), other.to_dict())
            else:
                keys_apart += 1
                assert game == "aquaignis" and other.no_progress // 10 != state.no_progress // 10
    assert compared > 0
    if game == "aquaignis":
        assert keys_apart > 0
