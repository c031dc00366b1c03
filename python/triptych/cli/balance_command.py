"""``triptych balance``: the balance lab (docs/balance.md)."""

from __future__ import annotations

import os
import shlex
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click
from click.core import ParameterSource
from rich.console import Console

from triptych.cli.backend_options import backend_options, open_executor

if TYPE_CHECKING:
    from triptych.balance.lab import LabConfig


def _variants(text: str | None) -> list[str]:
    from triptych.balance.lab import VARIANTS

    if not text:
        return list(VARIANTS)
    out: list[str] = []
    for item in (x.strip().lower() for x in text.split(",")):
        if not item:
            continue
        if item not in VARIANTS:
            raise click.BadParameter(f"unknown variant {item!r} (known: {', '.join(VARIANTS)})",
                                     param_hint="--variants")
        if item not in out:
            out.append(item)
    if not out:
        raise click.BadParameter("no variant given", param_hint="--variants")
    return out


@click.command("balance")
@click.option("--variants", "variants_text", metavar="v01,v02,...", help="Variants to measure; all ten when omitted.")
@click.option("--games", "-n", type=click.IntRange(1, 10_000_000), default=200, show_default=True,
              help="Fights per variant, setting and player (the same seeds in every cell).")
@click.option("--players", "players_text", default="random,greedy,mcts:200,mcts:1000", show_default=True,
              metavar="SPEC,...", help="Players: random, greedy, mcts:N (N iterations per decision).")
@click.option("--workers", "-j", type=click.IntRange(1, 512), default=None,
              help="Worker processes (default: the CPU count); with --backend ray --address, at most this many "
                   "of the cluster's CPUs (default: all). Results do not depend on it.")
@backend_options
@click.option("--out", "out", type=click.Path(file_okay=False, path_type=Path), default=Path("balance-report"),
              show_default=True, help="Folder for fights.csv, summary.json, the PNGs and report.html.")
@click.option("--set", "sets", multiple=True, metavar="NAME=V1,V2",
              help="Sweep a named parameter over these values (repeatable: the Cartesian product is played).")
@click.option("--seed", type=click.IntRange(0, 2**62), default=0, show_default=True,
              help="Fight i of every cell uses seed SEED + i.")
@click.option("--resume", "resume", type=click.Path(file_okay=False, path_type=Path), default=None, metavar="DIR",
              help="Continue the interrupted run in DIR (its journal.jsonl): its settings, only the fights it lacks.")
@click.option("--no-progress", is_flag=True, help="No progress bar.")
def balance(variants_text: str | None, games: int, players_text: str, workers: int | None, backend: str,
            address: str | None, out: Path, sets: tuple[str, ...], seed: int, resume: Path | None,
            no_progress: bool) -> None:
    """Measure each Combat variant against its design targets (win rate ~60%, fight length in its band)."""
    from triptych.balance import print_tables, run_lab
    from triptych.balance.journal import Journal, JournalError
    from triptych.balance.report import write_report

    cpus = workers or os.cpu_count() or 1
    journal: Journal | None = None
    try:
        if resume is not None:
            out = _resume_target(resume, out)
            journal = Journal.resume(resume, cpus)
            config = journal.config
        else:
            config = _config(variants_text, players_text, games, seed, sets, cpus)
            Journal.refuse_unfinished(out)
    except JournalError as err:
        raise click.BadParameter(str(err), param_hint="--resume" if resume else "--out") from None
    resumed = sum(len(records) for records in journal.done.values()) if journal else 0
    console = Console() if sys.stdout.isatty() else Console(width=200)
    try:
        with open_executor(backend, workers, address) as executor:
            config.workers = executor.workers
            command = command_line(config, out, backend, address)
            journal = journal or Journal.create(out, config)
            result = run_lab(config, console=Console(stderr=True), progress=not no_progress, executor=executor,
                             journal=journal)
    except KeyboardInterrupt:
        if journal is None:
            raise
        journal.close()
        click.echo(f"interrupted: the finished fights are saved in {journal.path}; "
                   f"continue with: triptych balance --resume {shlex.quote(str(out))}", err=True)
        sys.exit(130)
    finally:
        if journal is not None:
            journal.close()  # kept until the outputs are written: a failed run can be resumed too
    print_tables(result, console)
    paths = write_report(result, out, command, backend, resumed)
    journal.finish()
    note = f", {resumed} of them from the journal" if resumed else ""
    console.print(f"{sum(len(r) for r in result.records)} fights{note} in {result.seconds:.1f} s "
                  f"({executor.describe()}); wrote {out}/: {', '.join(sorted(p.name for p in paths.values()))}")


def _config(variants_text: str | None, players_text: str, games: int, seed: int, sets: tuple[str, ...],
            workers: int) -> LabConfig:
    """The run's configuration from the options; BadParameter naming the bad one."""
    from triptych.balance import LabConfig, parse_players, parse_sets
    from triptych.balance.lab import VARIANTS
    from triptych.balance.sweeps import check_names

    variants = _variants(variants_text)
    try:
        players = parse_players(players_text)
    except ValueError as err:
        raise click.BadParameter(str(err), param_hint="--players") from None
    try:
        sweeps = parse_sets(sets)
        check_names(sweeps, variants, {v: VARIANTS[v]["params"] for v in variants})
        config = LabConfig(variants, players, games, seed=seed, workers=workers, sweeps=sweeps)
        config.validate()  # values the engine refuses (out of range, an empty deck...)
    except ValueError as err:
        raise click.BadParameter(str(err), param_hint="--set") from None
    return config


def _resume_target(resume: Path, out: Path) -> Path:
    """The folder a resumed run writes to: its own. Options that would change the run are refused."""
    context = click.get_current_context()
    for name, flag in (("variants_text", "--variants"), ("games", "--games"), ("players_text", "--players"),
                       ("sets", "--set"), ("seed", "--seed")):
        if context.get_parameter_source(name) == ParameterSource.COMMANDLINE:
            raise click.BadParameter(f"--resume continues {resume}'s run with the settings it was started with; "
                                     f"drop {flag}", param_hint="--resume")
    if context.get_parameter_source("out") == ParameterSource.COMMANDLINE and out != resume:
        raise click.BadParameter(f"a resumed run writes into its own folder ({resume}), not {out}",
                                 param_hint="--out")
    return resume


def command_line(config: LabConfig, out: Path, backend: str = "local", address: str | None = None) -> str:
    """The canonical command line of a run (written into the report so it can be repeated)."""
    parts = ["triptych balance", f"--variants {','.join(config.variants)}", f"--games {config.games}",
             f"--players {','.join(config.players)}", f"--workers {config.workers}", f"--seed {config.seed}"]
    if backend != "local":
        parts.append(f"--backend {backend}" + (f" --address {shlex.quote(address)}" if address else ""))
    parts += [f"--set {name}={','.join(map(str, values))}" for name, values in config.sweeps]
    return " ".join(parts + [f"--out {shlex.quote(str(out))}"])


__all__ = ["balance"]
