"""The classic share (docs/nnue.md, "The classic share"): the NNUE search's evaluation may blend in a
percentage of the classic evaluation, for both games, through the searcher, the player, its spec and the
engine protocol."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from triptych._core import aquaignis as aquaignis_core
from triptych._core import hexfleet as hexfleet_core
from triptych.ai import AlphaBeta, make_player
from triptych.nnue import netfile
from triptych.nnue.games import nnue_game
from playout_helpers import position_after
from protocol_helpers import protocol_session

MODULES = {"aquaignis": aquaignis_core, "hexfleet": hexfleet_core}


@pytest.fixture(scope="module", params=sorted(MODULES))
def game(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Any, Path]:
    """(module, loaded net, net file) of a seeded random net for each game."""
    from triptych.nnue.train import init_net

    name = request.param
    net = init_net(nnue_game(name), 3)
    net["ft_w"] = np.random.default_rng(4).normal(0, 0.2, net["ft_w"].shape).astype(np.float32)
    path = netfile.write_net(tmp_path_factory.mktemp("nets") / f"{name}.nnue", nnue_game(name), net)
    module = MODULES[name]
    return module, module.NnueNet(str(path)), path


def truncated(numerator: int, denominator: int) -> int:
    """C++'s integer division (toward zero)."""
    quotient = abs(numerator) // denominator
    return quotient if numerator >= 0 else -quotient


@pytest.mark.parametrize("share", [0, 30, 50, 100])
def test_a_depth_one_search_scores_the_blend_of_the_two_evaluations(game: tuple[Any, Any, Path], share: int) -> None:
    module, net, _ = game
    state = position_after(module, seed=1, actions=9)
    searcher = module.NnueAlphaBetaSearcher(net, threads=1, tt_mb=8, quiescence=False, classic_share=share)
    best = None
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        assert not child.is_terminal()
        value = truncated(net.evaluate(child) * (100 - share) + module.evaluate(child) * share, 100)
        value = value if child.to_move == state.to_move else -value
        best = value if best is None else max(best, value)
    assert searcher.search(state, depth=1)["score"] == best


def test_a_share_of_100_searches_exactly_as_the_classic_engine(game: tuple[Any, Any, Path]) -> None:
    module, net, _ = game
    for seed in (1, 2):
        state = position_after(module, seed=seed, actions=7)
        classic = module.AlphaBetaSearcher(threads=1, tt_mb=8).search(state, depth=3)
        blended = module.NnueAlphaBetaSearcher(net, threads=1, tt_mb=8, classic_share=100).search(state, depth=3)
        net_alone = module.NnueAlphaBetaSearcher(net, threads=1, tt_mb=8).search(state, depth=3)
        assert (blended["best"], blended["score"], blended["nodes"]) == (classic["best"], classic["score"],
                                                                        classic["nodes"])
        assert (net_alone["score"], net_alone["nodes"]) != (classic["score"], classic["nodes"])


def test_the_player_and_its_spec_take_the_share(game: tuple[Any, Any, Path]) -> None:
    module, net, path = game
    state = position_after(module, seed=1, actions=9)
    player = make_player(f"alphabeta:2,nnue={path},classic_share=40")
    assert isinstance(player, AlphaBeta) and player.classic_share == 40 and "classic_share=40" in repr(player)
    expected = module.NnueAlphaBetaSearcher(net, threads=1, tt_mb=64, classic_share=40).search(state, depth=2)
    result = player.search(state)
    assert (result.score, result.nodes) == (expected["score"], expected["nodes"])


def test_bad_shares_are_refused_with_what_was_wrong(game: tuple[Any, Any, Path]) -> None:
    module, net, path = game
    with pytest.raises(ValueError, match="classic_share must be 0..100"):
        AlphaBeta(depth=1, evaluation="nnue", net=str(path), classic_share=101)
    with pytest.raises(ValueError, match="classic_share must be 0..100"):
        AlphaBeta(depth=1, evaluation="nnue", net=str(path), classic_share=-1)
    with pytest.raises(ValueError, match="give it with evaluation='nnue'"):
        AlphaBeta(depth=1, classic_share=50)
    with pytest.raises(ValueError, match="0..100, not 150"):
        module.NnueAlphaBetaSearcher(net, classic_share=150)


def test_the_engine_protocol_sets_the_share(game: tuple[Any, Any, Path]) -> None:
    module, _, path = game
    _, ask = protocol_session(module.__name__.rsplit(".", 1)[-1])

    shipped_share = {hexfleet_core: 50, aquaignis_core: 90}[module]  # the shipped net's own share
    assert f"option classicshare int 0 100 {shipped_share}" in ask("options")
    assert ask("options set classicshare 101")[0].startswith("err classicshare must be in 0..100")
    assert ask(f"options set evalfile {path}") == [f"option evalfile {path}"]
    assert "option classicshare int 0 100 0" in ask("options")  # another net plays alone until told
    assert ask("options set evaluation nnue") == ["option evaluation nnue"]
    assert ask("options set classicshare 60") == ["option classicshare 60"]
    assert "option classicshare int 0 100 60" in ask("options")
    answer = ask("bestmove depth 2")
    expected = AlphaBeta(depth=2, evaluation="nnue", net=str(path), classic_share=60).search(module.new_game()).best
    assert answer == [f"bestmove {expected}"]


# --- the default evaluation: each game's shipped net with its classic share --------------------------------


def searched(player: AlphaBeta, state: Any) -> tuple[Any, int, int]:
    result = player.search(state)
    return result.best, result.score, result.nodes


@pytest.mark.parametrize("name, share, depth", [("hexfleet", 50, 3), ("aquaignis", 90, 4)])
def test_the_default_is_the_shipped_net_with_its_classic_share(name: str, share: int, depth: int) -> None:
    from triptych.ai import SHIPPED_LATE_MOVE_PRUNING, SHIPPED_NNUE, default_evaluation, default_net

    module = MODULES[name]
    state = position_after(module, seed=1, actions=9)
    shipped = module.NnueNet(default_net(name))
    assert Path(default_net(name)).stat().st_size < 2 * 1024 * 1024
    assert default_evaluation(name) == "nnue" and SHIPPED_NNUE[name] == share
    assert AlphaBeta().evaluation_for(name) == "nnue"
    late_moves = SHIPPED_LATE_MOVE_PRUNING.get(name, 0)  # the shipped net's own (tests/test_forward_pruning.py)
    expected = module.NnueAlphaBetaSearcher(shipped, threads=1, tt_mb=64, classic_share=share,
                                            late_move_pruning=late_moves).search(state, depth=depth)
    assert searched(AlphaBeta(depth=depth), state) == (expected["best"], expected["score"], expected["nodes"])
    assert searched(AlphaBeta(depth=depth, evaluation="nnue"), state) == searched(AlphaBeta(depth=depth), state)
    alone = module.NnueAlphaBetaSearcher(shipped, threads=1, tt_mb=64,
                                         late_move_pruning=late_moves).search(state, depth=depth)
    assert searched(AlphaBeta(depth=depth, evaluation="nnue", classic_share=0), state)[1:] == (alone["score"],
                                                                                               alone["nodes"])
    classic = module.AlphaBetaSearcher(threads=1, tt_mb=64).search(state, depth=depth)
    assert searched(AlphaBeta(depth=depth, evaluation="classic"), state)[1:] == (classic["score"], classic["nodes"])
    assert (classic["score"], classic["nodes"]) != (expected["score"], expected["nodes"])


def test_weights_make_the_default_the_classic_evaluation_they_tune() -> None:
    state = position_after(hexfleet_core, seed=1, actions=9)
    weights = {"frigate": 90}
    expected = hexfleet_core.AlphaBetaSearcher(threads=1, tt_mb=64, weights=weights).search(state, depth=3)
    player = AlphaBeta(depth=3, weights=weights)
    assert player.evaluation_for("hexfleet") == "classic"
    assert searched(player, state)[1:] == (expected["score"], expected["nodes"])


def test_the_engine_protocol_starts_from_the_games_default() -> None:
    for name, share in (("hexfleet", 50), ("aquaignis", 90)):
        _, ask = protocol_session(name)
        options = ask("options")
        assert "option evaluation string default" in options and f"option classicshare int 0 100 {share}" in options
        module = MODULES[name]
        assert ask("bestmove depth 2")[0] == f"bestmove {AlphaBeta(depth=2).search(module.new_game()).best}"


def test_a_player_spec_can_ask_for_the_classic_evaluation() -> None:
    state = position_after(hexfleet_core, seed=1, actions=9)
    classic = make_player("alphabeta:3,evaluation=classic")
    assert classic.evaluation_for("hexfleet") == "classic" and "evaluation='classic'" in repr(classic)
    expected = hexfleet_core.AlphaBetaSearcher(threads=1, tt_mb=64).search(state, depth=3)
    assert searched(classic, state)[1:] == (expected["score"], expected["nodes"])
    with pytest.raises(ValueError, match="evaluation must be one of default, classic, nnue"):
        make_player("alphabeta:3,evaluation=learned")


def test_the_engine_protocol_searches_hexfleet_with_the_classic_when_told() -> None:
    session, ask = protocol_session("hexfleet")
    assert ask("options set evaluation classic") == ["option evaluation classic"]
    state = position_after(hexfleet_core, seed=1, actions=5)
    classic = AlphaBeta(depth=3, evaluation="classic").search(state)
    default = AlphaBeta(depth=3).search(state)
    assert (classic.score, classic.nodes) != (default.score, default.nodes)
    searcher = session._make_searcher()  # the player the next go or bestmove searches with
    assert searcher.evaluation_for("hexfleet") == "classic"
    searcher.depth = 3
    result = searcher.search(state)
    assert (result.score, result.nodes) == (classic.score, classic.nodes)
