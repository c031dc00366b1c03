"""The Combat balance lab from Python: variants against their design targets.

The lab plays its fights in worker processes. On platforms that start workers by spawning a fresh
interpreter (macOS, Windows) the script is imported again in each worker, so the work must sit under
``if __name__ == "__main__":``, as here; without it the pool fails with BrokenProcessPool.

    python examples/balance_lab.py
"""

from pathlib import Path
import tempfile

from rich.console import Console

from triptych.balance import LabConfig, print_tables, run_lab


def main() -> None:
    result = run_lab(LabConfig(["v01", "v05"], ["random", "greedy"], games=40, workers=2))
    print_tables(result, Console())
    print("v05 greedy win rate:", f"{result.summary('v05', 0, 'greedy')['win_rate']:.0%}")
    with tempfile.TemporaryDirectory() as out:
        from triptych.balance.report import write_report  # matplotlib: imported only when writing

        write_report(result, Path(out))
        print("report files:", sorted(p.name for p in Path(out).iterdir()))


if __name__ == "__main__":
    main()
