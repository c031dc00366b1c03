"""The bench signature (like Stockfish's ``bench``): the node count of a fixed,
single-threaded, depth-limited alpha-beta suite must not change by accident.

If this fails after a change that was MEANT to alter search, evaluation or
move generation: run ``triptych bench --only signature``, copy the new
numbers into EXPECTED_SIGNATURE and EXPECTED_PARTS in
python/triptych/bench/signature.py, and say why in the commit message. If
the change was not meant to alter them, the failure found a bug.
"""

from __future__ import annotations

from triptych.bench.signature import EXPECTED_PARTS, EXPECTED_SIGNATURE, signature, signature_parts


def test_signature_matches_the_committed_value():
    parts = signature_parts()
    # Per position first: a failure then says which game and position moved.
    assert parts == EXPECTED_PARTS
    assert sum(parts.values()) == EXPECTED_SIGNATURE


def test_signature_is_deterministic_between_runs():
    first, second = signature(), signature()
    assert first["total"] == second["total"] and first["parts"] == second["parts"]
    assert first["matches"]
