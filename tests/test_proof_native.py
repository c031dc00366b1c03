"""The C++ proof search (cpp/search/proof.h, ``triptych._core.aquaignis.prove_win``) against the Python
one (triptych.bench.proof): the same depths and the same winning or surviving actions on the AquaIgnis
suite, and the budget and no-win answers."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from triptych import games
from triptych.bench import suite_make

SUITES = Path(__file__).resolve().parents[1] / "bench" / "suites"


def suite(game: str) -> list[dict]:
    return suite_make.read_suite(SUITES / f"{game}.jsonl")


def test_native_proof_search_agrees_with_the_python_one():
    """The C++ proof search (cpp/search/proof.h) against triptych.bench.proof's Python search, on a random
    sample of the suite's shallower positions: the same depth and the same winning (or surviving) actions."""
    from triptych.bench import proof

    module = games.load("aquaignis")
    entries = suite("aquaignis")
    wins = [e for e in entries if e["kind"] == "win" and e["depth"] <= 5]
    only = [e for e in entries if e["kind"] == "only_move"]
    rng = random.Random(34)
    for e in rng.sample(wins, min(8, len(wins))) + rng.sample(only, min(3, len(only))):
        state = module.State.from_dict(e["position"])
        prove = proof.prove_win if e["kind"] == "win" else proof.prove_only_move
        horizon = e["depth"] if e["kind"] == "win" else 4
        native, python = prove(state, horizon, native=True), prove(state, horizon, native=False)
        assert native is not None and python is not None, e["hash"]
        assert native.depth == python.depth == e["depth"], e["hash"]
        assert {str(a) for a in native.actions} == {str(a) for a in python.actions} == set(e["winning"]), e["hash"]


def test_native_proof_search_finds_no_win_where_there_is_none_and_reports_a_spent_budget():
    from triptych._core import aquaignis as native

    start = games.load("aquaignis").new_game()
    result = native.prove_win(start, 4)  # nobody wins in the first four actions of a game
    assert result["depth"] is None and result["actions"] == [] and not result["exhausted"]
    deep = min((e for e in suite("aquaignis") if e["depth"] == 9), key=lambda e: e["proof_nodes"])
    state = games.load("aquaignis").State.from_dict(deep["position"])
    spent = native.prove_win(state, 9, max_nodes=1000)
    assert spent["exhausted"] and spent["depth"] is None
    with pytest.raises(ValueError, match="max_nodes"):
        native.forced_win(state, 9, state.to_move, max_nodes=1000)
