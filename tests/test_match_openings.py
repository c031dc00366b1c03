"""Match openings: the seeded random draw, --skip-decided-openings setting aside the decided ones, and
--balanced-openings setting aside those a classic search scores beyond a margin."""

from __future__ import annotations

import importlib
import json
import random

import pytest
from click.testing import CliRunner

import triptych.match as match
from triptych.ai import WIN
from triptych.cli import main
from triptych.games import load
from triptych.match import BALANCE_DEPTH, DECIDED_DEPTH, opening_actions, pair_seed, replay

NATIVE_HF = importlib.import_module("triptych._core.hexfleet")
SEEDS = [pair_seed(500, pair) for pair in range(40)]


def _play(game: str, actions: list[str]):
    state = load(game).new_game()
    for notation in actions:
        state.apply(notation)
    return state


def _forced_win(state) -> dict | None:
    """The native classic search's verdict at DECIDED_DEPTH plies, if it is a forced win or loss."""
    result = NATIVE_HF.AlphaBetaSearcher(threads=1, tt_mb=4).search(state, depth=DECIDED_DEPTH)
    return result if abs(result["score"]) > WIN - 1000 else None


@pytest.mark.parametrize("game", ["aquaignis", "hexfleet"])
def test_plain_openings_are_the_seeded_random_draw(game: str) -> None:
    for seed in SEEDS[:10]:
        rng, state, expected = random.Random(seed), load(game).new_game(), []
        while len(expected) < 4 and not state.is_terminal():
            action = rng.choice(state.legal_actions())
            expected.append(str(action))
            state.apply(action)
        assert opening_actions(game, seed, 4, {}) == expected


def test_a_decided_opening_is_a_forced_win_the_search_can_play_out() -> None:
    decided = [seed for seed in SEEDS if _forced_win(_play("hexfleet", opening_actions("hexfleet", seed, 4, {})))]
    # About a quarter of Hexfleet's 4-action openings leave a Core open within three turns.
    assert 2 <= len(decided) <= 20
    for seed in decided:
        state = _play("hexfleet", opening_actions("hexfleet", seed, 4, {}))
        verdict = _forced_win(state)
        winner = state.to_move if verdict["score"] > 0 else 1 - state.to_move
        for action in verdict["pv"]:
            if state.is_terminal():
                break
            state.apply(action)
        assert state.is_terminal() and state.winner == winner


def test_skipping_decided_openings_keeps_the_undecided_ones_and_redraws_the_rest() -> None:
    redrawn = 0
    for seed in SEEDS:
        plain = opening_actions("hexfleet", seed, 4, {})
        kept = opening_actions("hexfleet", seed, 4, {}, skip_decided=True)
        assert kept == opening_actions("hexfleet", seed, 4, {}, skip_decided=True)  # still one opening a seed
        state = _play("hexfleet", kept)
        assert len(kept) == 4 and not state.is_terminal() and _forced_win(state) is None
        if _forced_win(_play("hexfleet", plain)) is None:
            assert kept == plain
        else:
            assert kept != plain
            redrawn += 1
    assert redrawn >= 2


def test_every_opening_decided_is_refused_with_the_reason(monkeypatch) -> None:
    monkeypatch.setattr(match, "MAX_OPENING_DRAWS", 3)
    monkeypatch.setattr(match, "opening_is_decided", lambda state: True)
    with pytest.raises(ValueError, match="3 random openings of 4 actions from seed 9 were all decided"):
        opening_actions("hexfleet", 9, 4, {}, skip_decided=True)


def test_cli_match_skips_decided_openings_and_says_so(tmp_path) -> None:
    # Some of the first 8 pairs of seed 500 open decided: the match plays their redrawn openings instead.
    decided_pairs = [p for p, seed in enumerate(SEEDS[:8])
                     if _forced_win(_play("hexfleet", opening_actions("hexfleet", seed, 4, {})))]
    assert decided_pairs
    out = tmp_path / "m.json"
    run = CliRunner().invoke(main, ["match", "hexfleet", "random", "random", "-n", "16", "--seed", "500", "-j", "1",
                                    "--max-actions", "12", "--skip-decided-openings", "--json", str(out)])
    assert run.exit_code == 0, run.output
    data = json.loads(out.read_text())
    assert data["skip_decided_openings"] is True and len(data["games"]) == 16
    for record in data["games"]:
        opening = record["actions"][:record["opening"]]
        assert opening == opening_actions("hexfleet", record["seed"], 4, {}, skip_decided=True)
        assert _forced_win(_play("hexfleet", opening)) is None
        assert replay(record)[1] == record["end"]
    plain = CliRunner().invoke(main, ["match", "hexfleet", "random", "random", "-n", "2", "--seed", "500", "-j", "1",
                                      "--max-actions", "12", "--json", str(tmp_path / "p.json")])
    assert plain.exit_code == 0 and "skip_decided_openings" not in json.loads((tmp_path / "p.json").read_text())


def _classic_score(state) -> int | None:
    """The native classic search's score at BALANCE_DEPTH plies for the side to move; None for a forced win."""
    result = NATIVE_HF.AlphaBetaSearcher(threads=1, tt_mb=4).search(state, depth=BALANCE_DEPTH)
    return None if abs(result["score"]) > WIN - 1000 else result["score"]


def test_balanced_openings_score_within_the_margin_and_redraw_the_rest() -> None:
    margin, redrawn = 200, 0
    for seed in SEEDS[:6]:
        plain = opening_actions("hexfleet", seed, 4, {})
        kept = opening_actions("hexfleet", seed, 4, {}, balanced=margin)
        if seed == SEEDS[0]:  # (each redraw is an 8-ply search: once is enough to show it)
            assert kept == opening_actions("hexfleet", seed, 4, {}, balanced=margin)  # still one opening a seed
        state = _play("hexfleet", kept)
        score = _classic_score(state)
        assert len(kept) == 4 and not state.is_terminal() and score is not None and abs(score) <= margin
        plain_score = _classic_score(_play("hexfleet", plain))
        if plain_score is not None and abs(plain_score) <= margin:
            assert kept == plain
        else:
            assert kept != plain
            redrawn += 1
    # Most random Hexfleet openings hand the side to move more than 200 centi-units, or a forced win.
    assert redrawn >= 3


def test_balanced_openings_refuse_a_bad_margin_and_say_why_none_was_found(monkeypatch) -> None:
    with pytest.raises(ValueError, match="balanced is a margin in centi-units, 0 or more, not -1"):
        opening_actions("hexfleet", 9, 4, {}, balanced=-1)
    with pytest.raises(ValueError, match="balanced is a margin in centi-units, 0 or more, not -5"):
        match.run_match("hexfleet", "random", "random", 2, balanced=-5)
    monkeypatch.setattr(match, "MAX_OPENING_DRAWS", 3)
    monkeypatch.setattr(match, "opening_score", lambda state: 300)
    with pytest.raises(ValueError, match=r"3 random openings of 4 actions from seed 9 were all decided within 8 "
                                         r"plies or scored beyond \+-250 by it; use a shorter --opening or a wider"):
        opening_actions("hexfleet", 9, 4, {}, balanced=250)
    assert len(opening_actions("hexfleet", 9, 4, {}, balanced=300)) == 4  # exactly at the margin is balanced


def test_cli_match_plays_balanced_openings_and_records_the_margin(tmp_path) -> None:
    out = tmp_path / "b.json"
    run = CliRunner().invoke(main, ["match", "hexfleet", "random", "random", "-n", "4", "--seed", "500", "-j", "1",
                                    "--max-actions", "12", "--balanced-openings", "400", "--json", str(out)])
    assert run.exit_code == 0, run.output
    data = json.loads(out.read_text())
    assert data["balanced_openings"] == 400 and len(data["games"]) == 4
    for record in data["games"]:
        opening = record["actions"][:record["opening"]]
        assert opening == opening_actions("hexfleet", record["seed"], 4, {}, balanced=400)
        score = _classic_score(_play("hexfleet", opening))
        assert score is not None and abs(score) <= 400
    refused = CliRunner().invoke(main, ["match", "hexfleet", "random", "random", "-n", "2", "--balanced-openings", "-3"])
    assert refused.exit_code == 2 and "-3" in refused.output
