"""Contempt (docs/ai.md, "Contempt"): the alpha-beta searches score a draw as `contempt` centi-units below 0
for the side that searches (and above 0 for its opponent), for both evaluations, in the player, its spec and
the engine protocol; a bad value is refused with what was wrong."""

from __future__ import annotations

import pytest

import triptych._core.hexfleet as native
from hexfleet_helpers import FAR_APART, position
from triptych.ai import MAX_CONTEMPT, AlphaBeta, make_player
from protocol_helpers import protocol_session


@pytest.mark.parametrize("evaluation", ["classic", "nnue"])
@pytest.mark.parametrize("contempt", [0, 35, -35])
def test_a_forced_draw_scores_minus_the_contempt_for_the_searching_side(evaluation: str, contempt: int) -> None:
    state = position(FAR_APART, countdown=1)
    assert state.separation() == {"gap": 3, "actions": (2, 0)}
    result = AlphaBeta(depth=3, evaluation=evaluation, contempt=contempt).search(state)
    assert result.score == -contempt


def test_the_spec_and_the_repr_carry_the_contempt() -> None:
    player = make_player("alphabeta:depth=2,contempt=30")
    assert player.contempt == 30 and "contempt=30" in repr(player)
    assert "contempt" not in repr(make_player("alphabeta:depth=2"))


def test_bad_contempt_is_refused_with_what_was_wrong() -> None:
    with pytest.raises(ValueError, match="contempt"):
        AlphaBeta(depth=1, contempt=MAX_CONTEMPT + 1)
    with pytest.raises(ValueError, match="contempt"):
        AlphaBeta(depth=1, contempt="lots")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=f"-{MAX_CONTEMPT}..{MAX_CONTEMPT}, not 5000"):
        native.AlphaBetaSearcher(contempt=5000)


def test_the_engine_protocol_sets_the_contempt() -> None:
    session, ask = protocol_session("hexfleet")

    assert f"option contempt int {-MAX_CONTEMPT} {MAX_CONTEMPT} 0" in ask("options")
    assert ask(f"options set contempt {MAX_CONTEMPT + 1}")[0].startswith("err contempt must be in")
    assert ask("options set contempt 40") == ["option contempt 40"]
    assert f"option contempt int {-MAX_CONTEMPT} {MAX_CONTEMPT} 40" in ask("options")
    searcher = session._make_searcher()
    assert searcher.contempt == 40
