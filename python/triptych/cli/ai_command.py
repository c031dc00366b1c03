"""``triptych ai``: analyse a position (``triptych match`` is in match_command.py)."""

from __future__ import annotations

from pathlib import Path

import click
from rich.console import Console
from rich.table import Table

from triptych import ai
from triptych import CHANCE
from triptych.cli.common import GAME_ARGUMENT, POSITION_OPTION, SEED_TYPE, VARIANT_OPTION, load_position


def describe_score(result: ai.SearchResult) -> str:
    mate = result.mate_in
    if mate is None:
        return f"{result.score:+d} cp"
    return f"forced win in {mate} actions" if mate > 0 else f"forced loss in {-mate} actions"


def describe_mcts_score(score: int) -> str:
    """MCTS's score is the expected return x1000 (-1000 a sure loss, +1000 a sure win)."""
    return f"{score / 1000:+.3f} expected return (-1 loss, +1 win)"


@click.command(name="ai")
@GAME_ARGUMENT
@POSITION_OPTION
@click.option("--depth", type=click.IntRange(1, ai.MAX_DEPTH), help="Search to this depth (plies; alphabeta only).")
@click.option("--time-ms", type=click.IntRange(1), help="Search for this long.")
@click.option("--threads", type=click.IntRange(1, 256), default=1, show_default=True)
@click.option("--player", type=click.Choice(["alphabeta", "mcts"]), default=None,
              help="The search (default: alphabeta; mcts for combat, a one-player game with chance).")
@VARIANT_OPTION
@click.option("--seed", type=SEED_TYPE, default=None,
              help="Seed for MCTS and for a new combat fight (its dice and draws).")
def ai_command(game: str, position: Path | str | None, depth: int | None, time_ms: int | None, threads: int,
               player: str | None, variant: str | None, seed: int | None) -> None:
    """Analyse a GAME position: best action, score, depth, principal variation, speed."""
    player = player or ("mcts" if game == "combat" else "alphabeta")
    if depth is not None and player != "alphabeta":
        raise click.BadParameter(f"--depth limits alphabeta; {player} takes --time-ms (or runs 2000 iterations)",
                                 param_hint="--depth")
    state = load_position(game, position, variant, seed)
    console = Console()
    while state.to_move == CHANCE and not state.is_terminal():
        # A fight waiting on dice or a draw: roll it with the fight's seeded generator, then analyse.
        outcome = state.sample_chance(None)
        state.apply(outcome)
        console.print(f"chance (seeded): {outcome}", markup=False)
    if player == "alphabeta":
        limits = {"depth": depth} if depth is not None else {}  # neither given: AlphaBeta's default depth 6
        searcher = ai.AlphaBeta(**limits, time_ms=time_ms, threads=threads)
    else:
        searcher = ai.MCTS(iterations=None if time_ms else 2000, time_ms=time_ms, threads=threads, seed=seed)
    try:
        click.echo(f"searching with {searcher!r}... (Ctrl-C stops)", err=True)
        result = searcher.search(state)
    except ValueError as err:
        raise click.ClickException(str(err)) from None
    table = Table(show_header=False)
    table.add_row("best", str(result.best))
    table.add_row("score", describe_score(result) if player == "alphabeta" else describe_mcts_score(result.score))
    table.add_row("depth", f"{result.depth} (sel {result.seldepth})")
    table.add_row("pv", " ".join(str(a) for a in result.pv))
    table.add_row("nodes" if player == "alphabeta" else "iterations", f"{result.nodes:,}")
    table.add_row("time", f"{result.seconds:.3f} s")
    table.add_row("speed", f"{result.nps:,.0f} per second, {result.threads} thread(s)")
    console.print(table)
