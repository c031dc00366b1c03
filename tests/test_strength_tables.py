"""tools/strength_tables.py: the resumed SPRT over several records, and the pair-by-pair comparison of two."""

from __future__ import annotations

import copy
import importlib.util
import json
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RECORD = ROOT / "docs" / "strength" / "nnue" / "sprt_aquaignis_residual6_100ms_seed300.json"


@pytest.fixture(scope="module")
def tables():
    spec = importlib.util.spec_from_file_location("strength_tables", ROOT / "tools" / "strength_tables.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def write(path: Path, data: dict, games: list[dict]) -> str:
    part = dict(data, games=games)
    path.write_text(json.dumps(part))
    return str(path)


def test_a_record_split_in_two_resumes_to_the_same_count(tables, tmp_path: Path) -> None:
    data = json.loads(RECORD.read_text())
    games = data["games"]
    whole = tables.resumed([write(tmp_path / "whole.json", data, games)])
    half = len(games) // 2
    # the pairs the first part leaves unfinished are finished in the second part, so whole pairs only:
    # cut where every pair before the cut is complete
    while {g["pair"] for g in games[:half]} & {g["pair"] for g in games[half:]}:
        half += 1
    split = tables.resumed([write(tmp_path / "a.json", data, games[:half]),
                            write(tmp_path / "b.json", data, games[half:])])
    assert whole.splitlines()[-1] == split.splitlines()[-1]  # the same pentanomial and Elo over everything
    assert "no decision" in whole and "no decision" in split


def test_the_decision_is_where_the_sequence_first_leaves_the_bounds(tables, tmp_path: Path) -> None:
    data = json.loads(RECORD.read_text())
    lost = copy.deepcopy(data["games"])
    for game in lost:  # A loses every game: the SPRT must accept H0 early, in the first file
        game["winner"] = 1 - game["a_side"]
        game["result"] = "0-1" if game["winner"] == 1 else "1-0"
    report = tables.resumed([write(tmp_path / "lost.json", data, lost),
                             write(tmp_path / "rest.json", data, data["games"])])
    decision = next(line for line in report.splitlines() if "decision" in line)
    assert "H0" in decision and "of lost.json" in decision
    pairs = int(decision.split(" after ")[1].split(" pairs")[0])
    played = len(tables.completed_pairs(data))
    assert 1 <= pairs <= played  # decided inside the first file, before the second could pull it back
    assert f"everything played: {2 * played} pairs" in report
    with pytest.raises(ValueError, match="is not an SPRT"):
        tables.resumed([write(tmp_path / "plain.json", dict(data, summary={"sprt": None}), data["games"])])


def _flip(game: dict) -> None:
    """Turns player A's result in one game around: a win becomes a loss and a loss a win; a draw stays."""
    if game["winner"] is not None:
        game["winner"] = 1 - game["winner"]
        game["result"] = "1-0" if game["winner"] == 0 else "0-1"


def test_paired_measures_the_points_a_pair_that_one_record_gains_over_the_other(tables, tmp_path: Path) -> None:
    data = json.loads(RECORD.read_text())
    pairs = len(tables.completed_pairs(data))
    same = tables.paired([write(tmp_path / "a.json", data, data["games"]), write(tmp_path / "b.json", data, data["games"])])
    assert f"+0.000 points a pair more than the second's (95% [+0.000, +0.000]) on {pairs} opening pairs" in same
    # A loses every game it won in the second record: the first gains a point a win, over the pairs.
    worse = copy.deepcopy(data["games"])
    games_a_pair = Counter(g["pair"] for g in data["games"])
    wins = sum(1 for g in data["games"] if games_a_pair[g["pair"]] == 2 and g["winner"] == g["a_side"])
    for game in worse:
        if game["winner"] == game["a_side"]:
            _flip(game)
    report = tables.paired([write(tmp_path / "a.json", data, data["games"]), write(tmp_path / "w.json", data, worse)])
    gain = float(report.splitlines()[-1].split("scored ")[1].split(" points")[0])
    assert gain == pytest.approx(wins / pairs, abs=0.0005) and gain > 0
    low = float(report.split("95% [")[1].split(",")[0])
    assert 0 < low < gain  # a gain in every pair that had a win: the interval excludes 0


def test_paired_refuses_records_that_are_not_on_the_same_openings_or_opponent(tables, tmp_path: Path) -> None:
    data = json.loads(RECORD.read_text())
    a = write(tmp_path / "a.json", data, data["games"])
    moved = copy.deepcopy(data["games"])
    moved[0]["actions"] = list(reversed(moved[0]["actions"][:moved[0]["opening"]])) + moved[0]["actions"][moved[0]["opening"]:]
    with pytest.raises(ValueError, match="openings differ at pair"):
        tables.paired([a, write(tmp_path / "m.json", data, moved)])
    other = dict(data, players=[data["players"][0], "alphabeta:time_ms=100"])
    with pytest.raises(ValueError, match="opponents differ"):
        tables.paired([a, write(tmp_path / "o.json", other, data["games"])])
    with pytest.raises(ValueError, match="two match records"):
        tables.paired([a])


def _set_winner(game: dict, winner: int | None) -> None:
    game["winner"] = winner
    game["result"] = "1/2-1/2" if winner is None else ("1-0" if winner == 0 else "0-1")


def _seats_counts(report: str) -> dict[str, int]:
    """The seats report's table as {"A moving first's result / A moving second's": pairs}."""
    rows = [line for line in report.splitlines() if line.startswith("| ") and "moving" not in line]
    return {f"{row.split('|')[1].strip()} / {col}": int(n)
            for row in rows for col, n in zip(("A won", "drawn", "B won"), row.split("|")[2:5])}


def test_seats_counts_the_pairs_that_the_side_moving_first_decided(tables, tmp_path: Path) -> None:
    data = json.loads(RECORD.read_text())
    pairs = len(tables.completed_pairs(data))
    first_wins = copy.deepcopy(data["games"])
    for game in first_wins:  # side 0 wins every game, whoever plays it: the seat decides every pair
        _set_winner(game, 0)
    report = tables.seats([write(tmp_path / "first.json", data, first_wins)])
    counts = _seats_counts(report)
    assert counts["A won / B won"] == pairs and sum(counts.values()) == pairs
    assert f"the seat decided {pairs} (side 0 won both in {pairs}, side 1 in 0); 0 told the players apart" in report
    decisive = sum(1 for g in first_wins if Counter(x["pair"] for x in first_wins)[g["pair"]] == 2)
    assert f"{decisive} were decisive, side 0 won {decisive} (100%) and side 1 0" in report


def test_seats_tells_apart_pairs_where_a_player_scored_more(tables, tmp_path: Path) -> None:
    data = json.loads(RECORD.read_text())
    games = copy.deepcopy(data["games"])
    # A wins moving first and draws moving second in every pair: each pair tells the players apart, A ahead
    for game in games:
        _set_winner(game, 0 if game["a_side"] == 0 else None)
    report = tables.seats([write(tmp_path / "a.json", data, games)])
    pairs = len(tables.completed_pairs(data))
    assert _seats_counts(report)["A won / drawn"] == pairs
    assert f"{pairs} told the players apart, A ahead in {pairs}" in report
    # the same with B as the winner moving first: told apart, A ahead in none
    for game in games:
        _set_winner(game, 0 if game["a_side"] == 1 else None)
    report = tables.seats([write(tmp_path / "b.json", data, games)])
    assert _seats_counts(report)["drawn / B won"] == pairs
    assert f"{pairs} told the players apart, A ahead in 0" in report


def test_seats_refuses_a_pair_that_does_not_give_a_each_side(tables, tmp_path: Path) -> None:
    data = json.loads(RECORD.read_text())
    games = copy.deepcopy(data["games"])
    pair = games[0]["pair"]
    for game in games:
        if game["pair"] == pair:
            game["a_side"] = 0
    with pytest.raises(ValueError, match=f"pair {pair} does not give A each side once"):
        tables.seats([write(tmp_path / "bad.json", data, games)])
    with pytest.raises(ValueError, match="no complete opening pairs"):
        tables.seats([write(tmp_path / "empty.json", data, [])])


DOUBLING = ROOT / "docs" / "strength" / "doubling_hexfleet_balanced150_b_800.json"  # 800 ms against 400 ms, +70


def _span_row(report: str) -> list[str]:
    row = report.splitlines()[2]
    return [cell.strip() for cell in row.strip("|").split("|")]


def _elo_numbers(cell: str) -> list[float]:
    """'+70 [-54, +165]' -> [70.0, -54.0, 165.0]."""
    return [float(x) for x in cell.replace("[", " ").replace("]", " ").replace(",", " ").split()]


def test_a_span_shares_its_elo_out_over_its_doublings(tables, tmp_path: Path) -> None:
    data = json.loads(DOUBLING.read_text())
    one = _span_row(tables.span([str(DOUBLING)]))
    assert one[0] == "400 → 800 ms" and one[1] == "1"
    assert one[5] == one[6]  # one doubling: the span's Elo is the doubling's
    assert one[5] in tables.doubling([str(DOUBLING)])  # and the doubling table's figure for the same games
    assert _elo_numbers(one[5])[0] > 0  # a record whose Elo is not 0, so that the share below can be told apart
    # The same games, read as 800 ms against 25 ms: five doublings, a fifth of the Elo and of its interval.
    five = dict(data, players=[data["players"][0], data["players"][1].replace("time_ms=400", "time_ms=25")])
    row = _span_row(tables.span([write(tmp_path / "five.json", five, data["games"])]))
    assert row[0] == "25 → 800 ms" and row[1] == "5" and row[5] == one[5]
    assert _elo_numbers(row[6]) == pytest.approx([x / 5 for x in _elo_numbers(row[5])], abs=0.51)


def test_a_span_needs_the_longer_time_as_player_a(tables, tmp_path: Path) -> None:
    data = json.loads(DOUBLING.read_text())
    swapped = dict(data, players=list(reversed(data["players"])))
    with pytest.raises(ValueError, match="must have the longer time"):
        tables.span([write(tmp_path / "swapped.json", swapped, data["games"])])
