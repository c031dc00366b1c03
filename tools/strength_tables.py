"""Markdown tables for docs/strength.md from the JSON that `triptych match` and `triptych ladder` write.

    python tools/strength_tables.py doubling docs/strength/doubling_aquaignis_*.json
    python tools/strength_tables.py ladder docs/strength/ladder_hexfleet*.json --plot ladder_hexfleet.png
    python tools/strength_tables.py resumed first_sprt.json second_sprt.json
    python tools/strength_tables.py twins docs/strength/ladder_hexfleet_gen8.json
    python tools/strength_tables.py paired gen8_vs_classic.json t2_vs_classic.json
    python tools/strength_tables.py seats docs/strength/doubling_hexfleet_nnue_latemoves8*_*.json
    python tools/strength_tables.py span docs/strength/span_hexfleet_25_800_*.json

The doubling table has a row per match (the longer time control against the shorter) and the Elo of a
doubling pooled over all the steps' opening pairs. The ladder table is fitted again from the pairings of
one or more ladder runs (a run cut short, ``"finished": false``, keeps the pairings it played; a second
run can add the pairings the first did not reach) over the players they reach.

``twins`` reads a ladder that lists every alpha-beta budget twice, as the default and with
``,evaluation=classic`` (docs/strength.md, "Both evaluations on one ladder"): a column per budget with the
default's wins-draws-losses against its classic twin (and how the games ended, where the record says), and
the Elo of all the twin games pooled, counted as independent games.

``resumed`` continues an SPRT that was stopped for want of time (not by its data) with a second match of the
same two players on fresh openings, as fishtest resumes a test: the files' opening pairs, in the order each
pair was completed, form one sequence, and the SPRT of the first file's settings is applied after every pair.
It reports where the sequence first left the bounds (the decision) and the count over everything played.

``paired`` compares two players by their matches against the same opponent on the same openings (one
``--seed``, so the same opening pairs): opening pair by opening pair, the difference between the first
record's player A's points and the second's, with a normal 95% interval of its mean. A pair's two games
cancel most of what its opening decides, so this tells two close players apart with fewer games than a
match between them (docs/nnue.md, sessions 15-18). Only pairs complete in both records count, and their
openings must be the same move for move.

``span`` reads matches of a time control against one several doublings shorter (800 ms against 25 ms is
five): a row per record with the Elo over the whole span and that Elo shared out per doubling (the Elo and
its interval divided by log2 of the ratio of the times). Elo adds up over steps only where the games do not
saturate: where most games are drawn, a few points of Elo a step can hide what the span shows at once, so
docs/strength.md gives both, the step-by-step pooled figure (``doubling``) and the span's.

``seats`` asks of match records how much the seat decided: each complete opening pair by player A's result
moving first (side 0) and moving second, as a three-by-three table, how many decisive games each side won,
and how many pairs the seat decided alone (the same side won both games, whoever played it) against those
that told the players apart (A and B scored differently over the pair). Where the side that moves first wins
nearly every decisive game and the other side draws, only the pairs that tell the players apart carry a
match's Elo (docs/strength.md, "Where a doubling's Elo comes from").
"""

from __future__ import annotations

import argparse
import json
import math
import re
from pathlib import Path

from triptych.elo import Z95, Sprt, elo_estimate, format_elo
from triptych.ladder import Ladder, Pairing, fit, plot
from triptych.match import GameRecord, MatchResult


def _time_ms(spec: str) -> int:
    found = re.search(r"time_ms=(\d+)", spec)
    if not found:
        raise ValueError(f"{spec!r} has no time_ms")
    return int(found.group(1))


def _ends(ends: dict[str, int]) -> str:
    return ", ".join(f"{k} {v}" for k, v in sorted(ends.items()))


def _read_match(path: str) -> tuple[dict, MatchResult]:
    """A match record (`triptych match --json`) and its games as a MatchResult."""
    data = json.loads(Path(path).read_text())
    return data, MatchResult([GameRecord.from_dict(g) for g in data["games"]])


def doubling(paths: list[str]) -> str:
    """The doubling table: one row per match JSON, ordered by time, and the pooled Elo per doubling."""
    matches = []
    for path in paths:
        data, result = _read_match(path)
        matches.append((_time_ms(data["players"][1]), _time_ms(data["players"][0]), data, result))
    lines = ["| step | games | score of the longer | Elo (95%) | pentanomial | actions a game (median, longest) | ends |",
             "|---|---:|---:|---|---|---|---|"]
    pooled, wins, draws, losses = [0] * 5, 0, 0, 0
    for short, long, data, result in sorted(matches, key=lambda m: m[0]):
        lengths = sorted(len(r.actions) for r in result.records)
        unfinished = "" if data.get("finished", True) else " (cut short)"
        lines.append(f"| {short} → {long} ms | {result.games}{unfinished} | {result.score:.1%} | {result.elo()} | "
                     f"{result.pentanomial()} | {lengths[len(lengths) // 2]}, {lengths[-1]} | {_ends(result.ends())} |")
        pooled = [a + b for a, b in zip(pooled, result.pentanomial())]
        wins, draws, losses = wins + result.wins, draws + result.draws, losses + result.losses
    total = wins + draws + losses
    lines.append("")
    lines.append(f"Over the {len(matches)} steps the longer search scored {(wins + draws / 2) / total:.1%} of {total} "
                 f"games (+{wins} ={draws} -{losses}); pooled over the steps (pentanomial {pooled}) a doubling is "
                 f"worth {elo_estimate(pooled)} Elo.")
    return "\n".join(lines)


def span(paths: list[str]) -> str:
    """One row per match of a longer time control against a shorter: the span's Elo and its share a doubling."""
    lines = ["| span | doublings | games | longer's wins-draws-losses | pentanomial | Elo of the span (95%) | "
             "Elo a doubling (95%) | ends |", "|---|---:|---:|---|---|---|---|---|"]
    for path in paths:
        data, result = _read_match(path)
        long, short = _time_ms(data["players"][0]), _time_ms(data["players"][1])
        if long <= short:
            raise ValueError(f"{path}: player A ({long} ms) must have the longer time, B has {short} ms")
        doublings = math.log2(long / short)
        elo = elo_estimate(result.pentanomial())
        per = f"{format_elo(elo.elo / doublings)} [{format_elo(elo.low / doublings)}, {format_elo(elo.high / doublings)}]"
        unfinished = "" if data.get("finished", True) else " (cut short)"
        lines.append(f"| {short} → {long} ms | {doublings:g} | {result.games}{unfinished} | "
                     f"+{result.wins} ={result.draws} -{result.losses} | {result.pentanomial()} | {elo} | {per} | "
                     f"{_ends(result.ends())} |")
    return "\n".join(lines)


def _complete_pairs(data: dict) -> list[tuple[int, list[GameRecord]]]:
    """Each opening pair of a match record with both its games: (pair index, games), in the order completed."""
    games: dict[int, list[GameRecord]] = {}
    done = []
    for game in data["games"]:
        record = GameRecord.from_dict(game)
        games.setdefault(record.pair, []).append(record)
        if len(games[record.pair]) == 2:
            done.append((record.pair, games[record.pair]))
    return done


def completed_pairs(data: dict) -> list[float]:
    """Player A's points in each opening pair of a match record, in the order the pairs were completed."""
    return [sum(r.a_score for r in records) for _, records in _complete_pairs(data)]


def resumed(paths: list[str]) -> str:
    """One SPRT over the opening pairs of several match records of the same two players, in file order."""
    records = [json.loads(Path(path).read_text()) for path in paths]
    if not records[0]["summary"].get("sprt"):
        raise ValueError(f"{paths[0]} is not an SPRT")
    sprt = Sprt.parse(records[0]["summary"]["sprt"])
    counts, decision, lines = [0] * 5, None, []
    for path, data in zip(paths, records):
        pairs = completed_pairs(data)
        for n, points in enumerate(pairs, start=1):
            counts[round(2 * points)] += 1
            verdict = sprt.verdict(counts) if decision is None else None
            if verdict:
                decision = (verdict, sum(counts), list(counts), sprt.llr(counts), path, n)
        # The players are listed, not compared: the same net may be named by two paths.
        lines.append(f"- {Path(path).name} ({' against '.join(data['players'])}): {len(pairs)} pairs; after it, "
                     f"pentanomial {counts}, LLR {sprt.llr(counts):+.2f}")
    lower, upper = sprt.bounds
    if decision:
        verdict, decided_at, at, llr, path, n = decision
        lines.append(f"- decision: {verdict} after {decided_at} pairs ({2 * decided_at} games; pair {n} of "
                     f"{Path(path).name}): pentanomial {at}, Elo {elo_estimate(at)}, LLR {llr:+.2f} "
                     f"(bounds {lower:.2f}, {upper:.2f})")
    else:
        lines.append(f"- no decision: LLR {sprt.llr(counts):+.2f} within ({lower:.2f}, {upper:.2f})")
    lines.append(f"- everything played: {sum(counts)} pairs, pentanomial {counts}, Elo {elo_estimate(counts)}")
    return "\n".join(lines)


def _pairs_by_index(data: dict) -> dict[int, tuple[float, list[tuple[int, int, list[str]]]]]:
    """Each complete opening pair of a match record: player A's points, and each game's side for A, seed and opening."""
    return {pair: (sum(r.a_score for r in records),
                   sorted((r.a_side, r.seed, r.actions[:r.opening]) for r in records))
            for pair, records in _complete_pairs(data)}


def paired(paths: list[str]) -> str:
    """Player A of the first record against player A of the second, pair by pair on the openings both played."""
    if len(paths) != 2:
        raise ValueError(f"paired compares two match records, not {len(paths)}")
    records = [json.loads(Path(path).read_text()) for path in paths]
    if records[0]["players"][1] != records[1]["players"][1]:
        raise ValueError(f"the records' opponents differ ({records[0]['players'][1]!r} and {records[1]['players'][1]!r}): "
                         "paired compares two players against the same one")
    first, second = (_pairs_by_index(data) for data in records)
    common = sorted(set(first) & set(second))
    if len(common) < 2:
        raise ValueError(f"{len(common)} opening pair(s) complete in both records: at least 2 are needed")
    differ = [pair for pair in common if first[pair][1] != second[pair][1]]
    if differ:
        raise ValueError(f"the records' openings differ at pair {differ[0]} ({len(differ)} of {len(common)} pairs): "
                         "they were not played with the same --seed and --opening")
    diffs = [first[pair][0] - second[pair][0] for pair in common]
    n = len(diffs)
    mean = sum(diffs) / n
    half = Z95 * math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
    lines = []
    for path, data, pairs in zip(paths, records, (first, second)):
        counts = [0] * 5
        for pair in common:
            counts[round(2 * pairs[pair][0])] += 1
        lines.append(f"- {Path(path).name} ({' against '.join(data['players'])}): over the {n} pairs, "
                     f"pentanomial {counts}, Elo {elo_estimate(counts)}")
    lines.append(f"- the first's player A scored {mean:+.3f} points a pair more than the second's "
                 f"(95% [{mean - half:+.3f}, {mean + half:+.3f}]) on {n} opening pairs")
    return "\n".join(lines)


def fit_ladder(paths: list[str]) -> tuple[Ladder, list[dict], list[str]]:
    """The ladder fitted over the pairings of every file, anchored at random; also the pairings and notes."""
    names: list[str] = []
    played: list[dict] = []
    notes = []
    for path in paths:
        data = json.loads(Path(path).read_text())
        played += data["pairings"]
        settings = ", ".join(f"{k} {data[k]}" for k in ("games_per_pairing", "reach", "seed", "max_actions")
                             if k in data)
        cut = "" if data.get("finished", True) else ", cut short"
        notes.append(f"{Path(path).name}: {len(data['pairings'])} pairing(s) ({settings}{cut})")
    for p in played:
        for name in (p["a"], p["b"]):
            if name not in names:
                names.append(name)
    pairings = [Pairing(names.index(p["a"]), names.index(p["b"]), p["wins"], p["draws"], p["losses"])
                for p in played]
    return fit(names, pairings, anchor="random" if "random" in names else names[0]), played, notes


def ladder(paths: list[str], plot_path: str | None = None, title: str = "") -> str:
    """The ladder table (strongest first) and its pairings; with ``plot_path``, its chart too."""
    fitted, played, notes = fit_ladder(paths)
    lines = ["| player | Elo | 95% | games |", "|---|---:|---:|---:|"]
    for name, elo, half, games in fitted.rows():
        lines.append(f"| `{name}` | {elo:+.0f} | ±{half:.0f} | {games} |")
    lines.append("")
    lines.append("Pairings (A against B: wins-draws-losses of A): " + "; ".join(
        f"`{p['a']}`–`{p['b']}` {p['wins']}-{p['draws']}-{p['losses']}"
        + (f" ({_ends(p['ends'])})" if p.get("ends") else "") for p in played))  # ladders since 2026-12-04
    lines.append("")
    lines.append("From " + "; ".join(notes) + ".")
    if plot_path:
        plot(fitted, plot_path, title or "Elo ladder")
    return "\n".join(lines)


def seats(paths: list[str]) -> str:
    """How much the seat decided: the complete pairs of match records by A's result moving first and second."""
    outcomes = ("A won", "drawn", "B won")
    table = [[0] * 3 for _ in range(3)]  # [A's result moving first][A's result moving second]
    side_wins, pairs = [0, 0], 0
    for path in paths:
        for _, records in _complete_pairs(json.loads(Path(path).read_text())):
            by_side = {r.a_side: r for r in records}
            if set(by_side) != {0, 1}:
                raise ValueError(f"{path}: pair {records[0].pair} does not give A each side once")
            # a_score is 1, 0.5 or 0: index 0 for A's win, 1 for a draw, 2 for B's
            first, second = (round(2 - 2 * by_side[side].a_score) for side in (0, 1))
            table[first][second] += 1
            pairs += 1
            for r in records:
                if r.winner is not None:
                    side_wins[r.winner] += 1
    if not pairs:
        raise ValueError("no complete opening pairs in these records")
    decisive = sum(side_wins)
    lines = ["| A moving first (side 0) \\ A moving second | " + " | ".join(outcomes) + " |",
             "|---|---:|---:|---:|"]
    lines += [f"| {outcomes[i]} | " + " | ".join(str(n) for n in table[i]) + " |" for i in range(3)]
    first_side_decided = table[0][2]  # side 0 won both: A moving first, B moving first
    second_side_decided = table[2][0]
    apart = pairs - table[1][1] - first_side_decided - second_side_decided
    a_ahead = sum(table[i][j] for i in range(3) for j in range(3) if i + j < 2)  # A scored more over the pair
    share = f" ({side_wins[0] / decisive:.0%})" if decisive else ""
    lines.append("")
    lines.append(f"{pairs} pairs: both games drawn in {table[1][1]}; the seat decided {first_side_decided + second_side_decided} "
                 f"(side 0 won both in {first_side_decided}, side 1 in {second_side_decided}); {apart} told the "
                 f"players apart, A ahead in {a_ahead}. Of {2 * pairs} games {decisive} were decisive, side 0 won "
                 f"{side_wins[0]}{share} and side 1 {side_wins[1]}.")
    return "\n".join(lines)


CLASSIC = ",evaluation=classic"


def twins(paths: list[str]) -> str:
    """The twin pairings of ladder runs: each budget's default against the same budget's classic."""
    columns: list[tuple[str, list[int], dict[str, int]]] = []  # budget, the default's [losses, draws, wins], ends
    for path in paths:
        for p in json.loads(Path(path).read_text())["pairings"]:
            if p["a"] == p["b"] + CLASSIC:
                budget, wdl = p["b"], [p["wins"], p["draws"], p["losses"]]  # a is the classic: its losses are the default's wins
            elif p["b"] == p["a"] + CLASSIC:
                budget, wdl = p["a"], [p["losses"], p["draws"], p["wins"]]
            else:
                continue
            columns.append((budget.removeprefix("alphabeta:"), wdl, p.get("ends", {})))
    if not columns:
        raise ValueError("no twin pairings (a player and the same spec with ,evaluation=classic) in these ladders")
    pooled = [sum(c[1][k] for c in columns) for k in range(3)]  # [losses, draws, wins] of the default
    wins, draws, losses = pooled[2], pooled[1], pooled[0]
    head = "| budget | " + " | ".join(c[0] for c in columns) + f" | all {sum(pooled)} games |"
    rule = "|---|" + "---|" * (len(columns) + 1)
    row = ("| default against classic | " + " | ".join(f"{c[1][2]}-{c[1][1]}-{c[1][0]}" for c in columns)
           + f" | {wins}-{draws}-{losses}, Elo {elo_estimate(pooled)} |")
    lines = [head, rule, row]
    if any(c[2] for c in columns):
        ends: dict[str, int] = {}
        for c in columns:
            for end, n in c[2].items():
                ends[end] = ends.get(end, 0) + n
        lines.append("| how they ended | " + " | ".join(_ends(c[2]) for c in columns) + f" | {_ends(ends)} |")
    return "\n".join(lines)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("kind", choices=("doubling", "ladder", "resumed", "twins", "paired", "seats", "span"))
    parser.add_argument("files", nargs="+",
                        help="match JSON (doubling, resumed, seats, span; paired: two) or ladder JSON (ladder, twins)")
    parser.add_argument("--plot", help="ladder: write its chart to this PNG")
    parser.add_argument("--title", default="", help="ladder: the chart's title")
    args = parser.parse_args()
    if args.kind == "ladder":
        print(ladder(args.files, args.plot, args.title))
    elif args.kind == "twins":
        print(twins(args.files))
    elif args.kind == "paired":
        print(paired(args.files))
    elif args.kind == "seats":
        print(seats(args.files))
    elif args.kind == "span":
        print(span(args.files))
    else:
        print(doubling(args.files) if args.kind == "doubling" else resumed(args.files))
