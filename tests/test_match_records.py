"""Matches: opening pairs, game records that replay, parallel workers, the CLI's --json and --sprt."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from triptych.cli import main
from triptych.elo import Sprt
from triptych.match import MAX_ACTIONS, GameRecord, play_pairs, replay, run_match


def test_records_replay_to_the_same_result_and_pairs_share_their_opening() -> None:
    result, verdict = run_match("aquaignis", "alphabeta:1", "greedy", 4, seed=7, opening=3)
    assert verdict is None and result.games == 4
    for record in result.records:
        state, end = replay(GameRecord.from_dict(json.loads(json.dumps(record.to_dict()))))
        assert state.is_terminal()
        assert (state.winner, end) == (record.winner, record.end)
        assert record.players[record.a_side] == "alphabeta:1"
    first, second = result.records[0], result.records[1]
    assert first.pair == second.pair and first.actions[:3] == second.actions[:3] and first.opening == 3
    assert (first.a_side, second.a_side) == (0, 1)
    assert sum(result.pentanomial()) == 2
    assert result.wins + result.draws + result.losses == 4


def test_parallel_workers_play_the_same_games_as_one_process() -> None:
    one, _ = run_match("hexfleet", "alphabeta:1", "mcts:30", 4, seed=3, workers=1)
    two, _ = run_match("hexfleet", "alphabeta:1", "mcts:30", 4, seed=3, workers=2)
    assert [r.actions for r in one.records] == [r.actions for r in two.records]


def test_hexfleet_records_say_how_the_game_ended() -> None:
    records = play_pairs("hexfleet", "alphabeta:2", "random", [0], seed=1)
    assert {r.end for r in records} <= {"boarding", "disabled", "countdown", "repetition", "turn limit"}
    for r in records:
        assert replay(r)[1] == r.end


def test_sprt_stops_the_match_once_decided() -> None:
    sprt = Sprt(elo0=0, elo1=300)  # a gap this size is decided in a few pairs
    result, verdict = run_match("aquaignis", "alphabeta:2", "random", 200, seed=2, sprt=sprt)
    assert verdict == "H1"
    assert result.games < 200
    assert sprt.llr(result.pentanomial()) >= sprt.bounds[1]


def test_cli_match_writes_every_game(tmp_path) -> None:
    out = tmp_path / "match.json"
    run = CliRunner().invoke(main, ["match", "aquaignis", "alphabeta:time_ms=5", "greedy", "-n", "2", "-j", "2",
                                    "--json", str(out), "--sprt", "elo0=0,elo1=10"])
    assert run.exit_code == 0, run.output
    assert "alphabeta:time_ms=5" in run.output  # the names are shown whole
    assert "LLR" in run.output
    data = json.loads(out.read_text())
    assert data["players"] == ["alphabeta:time_ms=5", "greedy"]
    assert len(data["games"]) == 2
    for game in data["games"]:
        assert game["result"] in ("1-0", "0-1", "1/2-1/2")
        state, end = replay(game)
        assert (state.winner, end) == (game["winner"], game["end"])


def test_max_actions_adjudicates_long_games_as_draws(tmp_path) -> None:
    # Random play in AquaIgnis lasts far longer than 12 actions: every game is stopped there, a draw.
    short, _ = run_match("aquaignis", "random", "random", 2, seed=5, max_actions=12)
    assert [len(r.actions) for r in short.records] == [12, 12]
    assert {(r.winner, r.end) for r in short.records} == {(None, "action limit")}
    assert short.pentanomial() == [0, 0, 1, 0, 0]
    full, _ = run_match("aquaignis", "random", "random", 2, seed=5)  # the same openings, played to the end
    assert all(long.actions[:12] == cut.actions for long, cut in zip(full.records, short.records))
    assert all(12 < len(r.actions) <= MAX_ACTIONS for r in full.records)
    out = tmp_path / "match.json"
    run = CliRunner().invoke(main, ["match", "aquaignis", "random", "greedy", "-n", "2", "-j", "1",
                                    "--max-actions", "9", "--json", str(out)])
    assert run.exit_code == 0, run.output
    data = json.loads(out.read_text())
    assert data["max_actions"] == 9 and data["summary"]["ends"] == {"action limit": 2}
    ladder_out = tmp_path / "ladder.json"
    run = CliRunner().invoke(main, ["ladder", "aquaignis", "--players", "random;greedy", "-n", "2", "-j", "1",
                                    "--max-actions", "9", "--json", str(ladder_out)])
    assert run.exit_code == 0, run.output
    ladder = json.loads(ladder_out.read_text())
    assert ladder["max_actions"] == 9 and ladder["finished"]
    assert ladder["pairings"] == [{"a": "random", "b": "greedy", "wins": 0, "draws": 2, "losses": 0,
                                   "ends": {"action limit": 2}}]
    with pytest.raises(ValueError, match="max_actions"):
        run_match("aquaignis", "random", "random", 2, max_actions=0)


@pytest.mark.parametrize("args,message", [
    (["match", "aquaignis", "random", "greedy", "--max-actions", "0"], "--max-actions"),
    (["match", "aquaignis", "alphabeta:x", "greedy"], "not key=integer"),
    (["match", "aquaignis", "alphabeta:2", "greedy", "--sprt", "elo0=3,elo1=1"], "elo1 > elo0"),
    (["match", "combat", "random", "greedy"], "combat"),
    (["match", "aquaignis", "alphabeta:2,weights=/nonexistent.json", "greedy"], "weights file"),
])
def test_cli_match_refuses_bad_input(args, message) -> None:
    run = CliRunner().invoke(main, args)
    assert run.exit_code != 0
    assert message in run.output
