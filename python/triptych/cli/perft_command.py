"""``triptych perft``: count the leaves of the action tree and time it."""

from __future__ import annotations

import time
from pathlib import Path

import click
from rich.console import Console
from rich.table import Table

from triptych.cli.common import GAME_ARGUMENT, POSITION_OPTION, load_position
from triptych.games import load


@click.command()
@GAME_ARGUMENT
@click.option("--depth", "-d", type=click.IntRange(0, 64), required=True, help="Plies (actions) to search.")
@POSITION_OPTION
@click.option("--divide", is_flag=True, help="Also list the leaves below each first action.")
def perft(game: str, depth: int, position: Path | str | None, divide: bool) -> None:
    """Count the leaves of GAME's action tree DEPTH plies deep, with leaves per second."""
    module = load(game)
    state = load_position(game, position)
    console = Console()
    if divide:
        table = Table("action", "leaves")
        for action in state.legal_actions():
            child = state.clone()
            child.apply(action)
            table.add_row(str(action), str(module.perft(child, depth - 1)))
        console.print(table)
    # Deep counts run for minutes: say what runs and how to stop it (on stderr, out of the results).
    click.echo(f"counting perft({depth}) of {game}... (Ctrl-C stops)", err=True)
    start = time.perf_counter()
    leaves = module.perft(state, depth)
    seconds = time.perf_counter() - start
    rate = leaves / seconds if seconds > 0 else float("inf")
    console.print(f"perft({depth}) = {leaves}")
    console.print(f"time {seconds:.3f} s, {rate:,.0f} leaves/s")
