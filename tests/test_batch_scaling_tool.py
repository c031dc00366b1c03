"""tools/batch_scaling.py, which bench/README.md's thread-scaling table of the Batch comes from (#29)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_one_row_per_batch_size_and_usable_thread_count(tmp_path: Path) -> None:
    out = tmp_path / "scaling.json"
    cores = len(os.sched_getaffinity(0))
    subprocess.run([sys.executable, str(ROOT / "tools/batch_scaling.py"), "hexfleet", "--games", "4,32",
                    "--threads", f"1,2,{cores + 1}", "--seconds", "0.01", "--repeats", "1", "--json", str(out)],
                   check=True, capture_output=True, text=True)
    report = json.loads(out.read_text())
    assert report["game"] == "hexfleet" and report["cores"] == cores
    # More threads than cores would time the scheduler: that count is left out.
    expected = [(n, t) for n in (4, 32) for t in (1, 2) if t <= cores]
    assert [(r["games"], r["threads"]) for r in report["rows"]] == expected
    assert all(r["native"] > 0 and r["python"] > 0 for r in report["rows"])
    assert report["id_loop"] > 0
