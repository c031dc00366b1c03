"""Before/after speed of Hexfleet's native engine, measured in one run.

    python tools/hexfleet_workloads.py --old 69df617              # timings, alternating builds
    python tools/hexfleet_workloads.py --old 69df617 --callgrind  # instruction counts (valgrind)

Builds tools/hexfleet_workloads.cpp with the release flags (-O3 -DNDEBUG) twice: against this
tree's cpp/ and against the old commit's (extracted with git archive). It first checks that both
builds play the same games (step count and final-position hash of the seeded playouts, perft
leaves, alpha-beta nodes and score, the same playouts drawn by State::random_action where the
new build has it, and MCTS's best action, iterations and score), then either alternates the timed workloads between the two
builds (median of --repeats runs each, and new/old ratios: on a loaded machine only the ratios
mean anything) or, with --callgrind, counts the instructions of smaller fixed workloads, which does
not depend on load. The old commit must have the engine API the driver uses (any commit since the
Hexfleet NNUE search, 2026-12-02). The NNUE workloads search with the bench's seeded random net
(triptych.bench.nnue_suite), so this script needs the package importable.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from triptych.bench.nnue_suite import bench_net_bytes

ROOT = Path(__file__).resolve().parent.parent
UNITS = ["core", "shipyard", "shield", "frigate", "destroyer", "repulsor"]
POSITIONS = ["midgame1", "midgame2", "midgame3"]


def position_file(name: str, out: Path) -> Path:
    """A bench position in the driver's plain format (the fields of hexfleet::Setup)."""
    d = json.loads((ROOT / "python/triptych/bench/positions/hexfleet" / f"{name}.json").read_text())
    reserves = d["reserves"]
    lines = [f'{d["to_move"]} {d["actions_left"]} {d["turn"]} {d.get("countdown") or 0}',
             " ".join(str(reserves[p].get(u, 0)) for p in range(2) for u in UNITS),
             "-" if d.get("history") is None else " ".join(str(int(h)) for h in [len(d["history"]), *d["history"]]),
             str(len(d["stacks"]))]
    for st in d["stacks"]:
        tiles = " ".join(f'{t["owner"]} {UNITS.index(t["unit"])} {int(t["face_down"])}' for t in st["tiles"])
        lines.append(f'{st["q"]} {st["r"]} {len(st["tiles"])} {tiles}')
    path = out / f"{name}.txt"
    path.write_text("\n".join(lines) + "\n")
    return path


def build(cpp_root: Path, out: Path) -> Path:
    sources = sorted(str(p) for p in (cpp_root / "hexfleet").glob("*.cpp")) + [str(cpp_root / "search/tt.cpp")]
    sources += sorted(str(p) for p in (cpp_root / "nnue").glob("*.cpp"))  # net.cpp, and kernels.cpp since it has one
    subprocess.run(["g++", "-std=c++20", "-O3", "-DNDEBUG", "-g", f"-I{cpp_root}", "-o", str(out),
                    str(ROOT / "tools/hexfleet_workloads.cpp"), *sources, "-lpthread"], check=True)
    return out


def run(driver: Path, *args: object) -> str:
    return subprocess.run([str(driver), *map(str, args)], check=True, capture_output=True, text=True).stdout


def games(driver: Path, files: dict[str, Path]) -> list[str]:
    """What must not change: the first words of each workload's line (counts, not times)."""
    out = [" ".join(run(driver, "playouts", 1000).split()[:4]), "draws " + " ".join(run(driver, "draws", 1000).split()[:4])]
    for name in ["start", "midgame1"]:
        words = run(driver, "mcts", files[name], 3000).split()  # the notation may hold a space: up to the score
        out.append(f"mcts {name} " + " ".join(words[:words.index("score") + 2]))
    for name in ["start", *POSITIONS]:
        out.append(f"perft {name} " + " ".join(run(driver, "perft", files[name], 4).split()[:2]))
        out.append(f"ab {name} " + " ".join(run(driver, "ab", files[name], 7).split()[:4]))
        out.append(f"nnue {name} " + " ".join(run(driver, "nnue", files[name], 5, files["net"]).split()[:4]))
    return out


def instructions(driver: Path, *args: object) -> int:
    r = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", str(driver), *map(str, args)],
                       check=True, capture_output=True, text=True)
    for line in r.stderr.splitlines():
        if "refs:" in line:
            return int(line.split()[-1].replace(",", ""))
    raise RuntimeError("no instruction count in valgrind's output")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--old", required=True, help="the commit to compare against")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--callgrind", action="store_true", help="count instructions instead of timing")
    parser.add_argument("--keep", type=Path, help="a folder keeping the old commit's build between runs")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        old_commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", args.old], check=True, capture_output=True,
                                    text=True).stdout.strip()
        kept = args.keep / f"{old_commit}.bin" if args.keep else None
        if kept and kept.exists():
            old_build = kept
        else:
            archive = subprocess.run(["git", "-C", str(ROOT), "archive", old_commit, "cpp"], check=True, capture_output=True)
            (tmp / "old").mkdir()
            subprocess.run(["tar", "-x", "-C", str(tmp / "old")], input=archive.stdout, check=True)
            if kept:
                kept.parent.mkdir(parents=True, exist_ok=True)
            old_build = build(tmp / "old/cpp", kept or tmp / "old.bin")
        builds = {"old": old_build, "new": build(ROOT / "cpp", tmp / "new.bin")}
        files = {"start": Path("start"), **{n: position_file(n, tmp) for n in POSITIONS}, "net": tmp / "bench.nnue"}
        files["net"].write_bytes(bench_net_bytes("hexfleet"))
        same = [games(b, files) for b in builds.values()]
        if same[0] != same[1]:
            print("the two builds play different games:", *zip(*same), sep="\n")
            return 1
        print("same games:", "; ".join(same[0]))
        if args.callgrind:
            work = [("playouts 300", ("playouts", 300)), ("draws 300", ("draws", 300)),
                    ("mcts start 2000", ("mcts", "start", 2000)), ("perft midgame1 d3", ("perft", files["midgame1"], 3)),
                    ("alpha-beta start d6", ("ab", "start", 6)), ("alpha-beta midgame1 d7", ("ab", files["midgame1"], 7)),
                    ("NNUE alpha-beta start d5", ("nnue", "start", 5, files["net"])),
                    ("NNUE a-b midgame1 d5", ("nnue", files["midgame1"], 5, files["net"]))]
            for label, w in work:
                old, new = (instructions(builds[k], *w) for k in ("old", "new"))
                print(f"{label:24} {old / 1e6:8.1f}M -> {new / 1e6:8.1f}M instructions  ({new / old - 1:+.1%})")
            return 0
        work = [("playouts 1000 (steps/s)", ("playouts", 1000), 6), ("perft midgame1 d4 (M leaves/s)", ("perft", files["midgame1"], 4), 4),
                ("alpha-beta start d7 (M nodes/s)", ("ab", "start", 7), 6)]
        rates: dict[tuple[str, str], list[float]] = {}
        for _ in range(args.repeats):
            for label, w, field in work:
                for k, b in builds.items():  # alternating, so load changes hit both alike
                    rates.setdefault((label, k), []).append(float(run(b, *w).split()[field]))
        for label, _, _ in work:
            old, new = (statistics.median(rates[(label, k)]) for k in ("old", "new"))
            print(f"{label:32} old {old:12.4g}  new {new:12.4g}  new/old x{new / old:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
