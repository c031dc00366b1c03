"""Markdown tables for docs/strength.md from the JSON that `triptych match` and `triptych ladder` write.

    python tools/strength_tables.py doubling docs/strength/doubling_aquaignis_*.json
    python tools/strength_tables.py ladder docs/strength/ladder_hexfleet*.json --plot ladder_hexfleet.png

The doubling table has a row per match (the longer time control against the shorter) and the Elo of a
doubling pooled over all the steps' opening pairs. The ladder table is fitted again from the pairings of
one or more ladder runs (a run cut short, ``"finished": false``, keeps the pairings it played; a second
run can add the pairings the first did not reach) over the players they reach.
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

from triptych.elo import elo_estimate
from triptych.ladder import Ladder, Pairing, fit, plot
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
        f"`{p['a']}`–`{p['b']}` {p['wins']}-{p['draws']}-{p['losses']}" for p in played))
    lines.append("")
    lines.append("From " + "; ".join(notes) + ".")
    if plot_path:
        plot(fitted, plot_path, title or "Elo ladder")
    return "\n".join(lines)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("kind", choices=("doubling", "ladder"))
    parser.add_argument("files", nargs="+", help="match JSON (doubling) or ladder JSON (ladder)")
    parser.add_argument("--plot", help="ladder: write its chart to this PNG")
    parser.add_argument("--title", default="", help="ladder: the chart's title")
    args = parser.parse_args()
    print(doubling(args.files) if args.kind == "doubling" else ladder(args.files, args.plot, args.title))
