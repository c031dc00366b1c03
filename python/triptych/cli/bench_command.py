"""``triptych bench``: the benchmark suite (see bench/README.md for what each figure means)."""

from __future__ import annotations

import sys

import click
from rich.console import Console


@click.command("bench")
@click.option("--quick", is_flag=True, help="Small sizes and 3 repeats (about a minute); the CI smoke run.")
@click.option("--only", "only", multiple=True, metavar="NAME",
              help="Run only this bench (repeatable): perft, alphabeta, mcts, smp, binding, combat, python, "
                   "openspiel, signature.")
@click.option("--json", "json_out", type=click.Path(dir_okay=False, writable=True), metavar="OUT.json",
              help="Write the versioned JSON report (figures + machine information) here.")
@click.option("--compare", "compare_to", type=click.Path(exists=True, dir_okay=False), metavar="OLD.json",
              help="Print the change of every figure against an earlier JSON report.")
def bench(quick: bool, only: tuple[str, ...], json_out: str | None, compare_to: str | None) -> None:
    """Measure move generation, search, scaling and binding overhead, side by side with peers."""
    from triptych import bench as tb
    from triptych.bench.table import print_comparison, print_report

    # Piped output (CI logs, README tables) gets a wide table instead of wrapped 80-column cells.
    console = Console() if sys.stdout.isatty() else Console(width=150)
    old = tb.read_json(compare_to) if compare_to else None  # fail on a bad file before the long run
    try:
        report = tb.run(quick=quick, only=list(only) or None,
                        progress=lambda name: console.print(f"[dim]running {name}...[/dim]"))
    except KeyError as err:
        raise click.BadParameter(str(err.args[0]), param_hint="--only") from None
    print_report(report, console)
    if json_out:
        tb.write_json(report, json_out)
        console.print(f"wrote {json_out}")
    if old is not None:
        print_comparison(old, report, console)
    sys.stdout.flush()
