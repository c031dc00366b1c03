"""``triptych bench``: the benchmark suite (see bench/README.md for what each figure means)."""

from __future__ import annotations

import sys
from pathlib import Path

import click
from rich.console import Console

from triptych.cli.common import check_output_path
from triptych.cli.suite_command import reject_suite_options, run_solve_suite, solve_suite_options


def read_report(path: str) -> object:
    """An earlier `bench --json` report, or a one-line error saying why the file is not one."""
    from triptych import bench as tb

    try:
        return tb.read_json(path)
    except UnicodeDecodeError:
        problem = "not UTF-8 text"
    except ValueError as err:  # JSONDecodeError included
        problem = str(err)
    except (KeyError, TypeError, AttributeError) as err:
        problem = f"a field is missing or malformed ({err})"
    raise click.BadParameter(f"{path} is not a bench --json report: {problem}", param_hint="--compare")


def nnue_net_files(paths: tuple[str, ...]) -> dict[str, str]:
    """--nnue-net files by game (read from each file's header); a bad file or two for one game is refused."""
    from triptych.bench.nnue_suite import net_game

    nets: dict[str, str] = {}
    for path in paths:
        try:
            game = net_game(path)
        except ValueError as err:
            raise click.BadParameter(str(err), param_hint="--nnue-net") from None
        if game in nets:
            raise click.BadParameter(f"two nets for {game}: {nets[game]} and {path}", param_hint="--nnue-net")
        nets[game] = path
    return nets


@click.command("bench")
@click.option("--quick", is_flag=True, help="Small sizes and 3 repeats (about a minute); the CI smoke run.")
@click.option("--only", "only", multiple=True, metavar="NAME",
              help="Run only this bench (repeatable): perft, alphabeta, nnue, mcts, smp, binding, combat, python, "
                   "openspiel, signature.")
@click.option("--nnue-net", "nnue_nets", multiple=True, type=click.Path(exists=True, dir_okay=False), metavar="NET",
              help="A .nnue file for the nnue bench (repeatable, one per game; its header names the game). "
                   "Without one, a game's NNUE rows use a seeded random net the bench makes.")
@click.option("--json", "json_out", type=click.Path(dir_okay=False, writable=True), metavar="OUT.json",
              help="Write the versioned JSON report (figures + machine information) here.")
@click.option("--compare", "compare_to", type=click.Path(exists=True, dir_okay=False), metavar="OLD.json",
              help="Print the change of every figure against an earlier JSON report.")
@solve_suite_options
def bench(quick: bool, only: tuple[str, ...], json_out: str | None, compare_to: str | None,
          nnue_nets: tuple[str, ...], **solve: object) -> None:
    """Measure move generation, search, scaling and binding overhead, side by side with peers.

    With --suite solve: run players on the proven solve suites instead (bench/README.md)."""
    import os

    if solve["suite"]:
        run_solve_suite(json_out=json_out, **solve)  # type: ignore[arg-type]
        return
    reject_suite_options(solve)

    # Nothing here uses BLAS, but OpenBLAS starts a thread per core when numpy is first imported and
    # they spin for a while: on a small machine they took the core from the first figures measured
    # (binding/aquaignis/python-ids ran 460k, 590k, then 1.04M steps/s over its repeats).
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    from triptych import bench as tb
    from triptych.bench.table import print_comparison, print_report

    # Piped output (CI logs, README tables) gets a wide table instead of wrapped 80-column cells.
    console = Console() if sys.stdout.isatty() else Console(width=150)
    # Fail on a bad input or output file before the long run, not after it.
    if json_out:
        check_output_path(Path(json_out), "--json")
    old = read_report(compare_to) if compare_to else None
    nets = nnue_net_files(nnue_nets)
    try:
        report = tb.run(quick=quick, only=list(only) or None, nnue_nets=nets,
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
