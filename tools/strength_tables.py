"""Markdown tables for docs/strength.md from the JSON that `triptych match` and `triptych ladder` write.

    python tools/strength_tables.py doubling docs/strength/doubling_aquaignis_*.json
    python tools/strength_tables.py ladder docs/strength/ladder_hexfleet.json

The doubling table has a row per match (the longer time control against the shorter) and the Elo of a
doubling pooled over all the steps' opening pairs; the ladder table refits a ladder that was cut short
(``"finished": false``) over the players its pairings reached.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from triptych.elo import elo_estimate
from triptych.ladder import Pairing, fit
from triptych.match import GameRecord, MatchResult


def _time_ms(spec: str) -> int:
    found = re.search(r"time_ms=(\d+)", spec)
    if not found:
        raise ValueError(f"{spec!r} has no time_ms")
    return int(found.group(1))


def _ends(ends: dict[str, int]) -> str:
    return ", ".join(f"{k} {v}" for k, v in sorted(ends.items()))


def doubling(paths: list[str]) -> str:
    """The doubling table: one row per match JSON, ordered by time, and the pooled Elo per doubling."""
    matches = []
    for path in paths:
        data = json.loads(Path(path).read_text())
        result = MatchResult([GameRecord.from_dict(g) for g in data["games"]])
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


def ladder(path: str) -> str:
    """The ladder table (strongest first) and its pairings, refitted if the run was cut short."""
    data = json.loads(Path(path).read_text())
    names: list[str] = []
    for p in data["pairings"]:
        for name in (p["a"], p["b"]):
            if name not in names:
                names.append(name)
    pairings = [Pairing(names.index(p["a"]), names.index(p["b"]), p["wins"], p["draws"], p["losses"])
                for p in data["pairings"]]
    fitted = fit(names, pairings, anchor="random" if "random" in names else names[0])
    lines = ["| player | Elo | 95% | games |", "|---|---:|---:|---:|"]
    for name, elo, half, games in fitted.rows():
        lines.append(f"| `{name}` | {elo:+.0f} | ±{half:.0f} | {games} |")
    lines.append("")
    lines.append("Pairings (A against B: wins-draws-losses of A): " + "; ".join(
        f"`{p['a']}`–`{p['b']}` {p['wins']}-{p['draws']}-{p['losses']}" for p in data["pairings"]))
    if not data.get("finished", True):
        lines.append("")
        lines.append(f"(cut short: {len(pairings)} pairings played)")
    return "\n".join(lines)


if __name__ == "__main__":
    kind, *files = sys.argv[1:]
    print(doubling(files) if kind == "doubling" else ladder(files[0]))
