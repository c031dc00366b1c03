"""The bench signature: one deterministic number for search + move generation.

With threads=1, no time limit and a fresh transposition table of a fixed
size, alpha-beta visits exactly the same nodes on every machine and every
run. The signature is the total node count of a fixed depth-limited search
over the fixed positions (start and three mid-game positions per
two-player game). Like Stockfish's ``bench``, it changes when -- and only
when -- search, evaluation or move generation change behaviour, so
tests/test_bench_signature.py pins it to EXPECTED_SIGNATURE.

When a change is meant to alter search or movegen (a new pruning rule, an
evaluation term, a rules fix), run ``triptych bench --only signature``,
copy the printed total into EXPECTED_SIGNATURE (and the per-game counts
into EXPECTED_PARTS) and say in the commit message that the signature
changed and why. A change that was *not* meant to alter them and moves the
signature is a bug to find, not a number to update.
"""

from __future__ import annotations

from triptych.bench.positions import POSITION_NAMES, TWO_PLAYER, position
from triptych.bench.suites import native

# Depths chosen so the whole suite takes about a second on one core.
SIGNATURE_DEPTH = {"aquaignis": 7, "hexfleet": 6}
SIGNATURE_TT_MB = 16

EXPECTED_PARTS: dict[str, int] = {
    "aquaignis/start": 9278, "aquaignis/midgame1": 47393, "aquaignis/midgame2": 301217,
    "aquaignis/midgame3": 28495, "hexfleet/start": 27063, "hexfleet/midgame1": 5309,
    "hexfleet/midgame2": 641, "hexfleet/midgame3": 6981,
}
EXPECTED_SIGNATURE = 426377


def signature_parts() -> dict[str, int]:
    """Node count per "game/position" of the signature suite."""
    parts = {}
    for game in TWO_PLAYER:
        for name in POSITION_NAMES:
            searcher = native(game).AlphaBetaSearcher(threads=1, tt_mb=SIGNATURE_TT_MB)
            parts[f"{game}/{name}"] = searcher.search(position(game, name), depth=SIGNATURE_DEPTH[game])["nodes"]
    return parts


def signature() -> dict:
    """{"total": nodes, "parts": {...}, "matches": whether it equals EXPECTED_SIGNATURE}."""
    parts = signature_parts()
    total = sum(parts.values())
    return {"total": total, "parts": parts, "depths": dict(SIGNATURE_DEPTH), "expected": EXPECTED_SIGNATURE,
            "matches": total == EXPECTED_SIGNATURE}
