"""``triptych play``: a terminal game, hotseat, for any registered game.

The loop shows the board and the legal actions, reads notation and lets the
engine judge it: an illegal or unreadable action is refused with the
engine's reason and asked for again. Chance (dice, cards) is rolled from a
seeded generator, so a seed replays the same game.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.columns import Columns

from triptych import CHANCE, IllegalActionError
from triptych.cli.common import GAME_ARGUMENT, load_position
from triptych.games import load

HELP = (
    "Type an action in notation (as listed), or: 'undo' (take back your last action), "
    "'save FILE' (write the position as JSON), 'help', 'quit'."
)


def resolve_chance(state: Any, rng: random.Random, console: Console) -> None:
    """Plays out pending chance nodes (dice, draws) with the seeded generator."""
    while state.to_move == CHANCE:
        outcomes = state.chance_outcomes()
        actions = [action for action, _ in outcomes]
        weights = [probability for _, probability in outcomes]
        outcome = rng.choices(actions, weights=weights, k=1)[0]
        state.apply(outcome)
        console.print(f"[dim]chance: {outcome}[/dim]")


def run_game(state: Any, console: Console, read_line: Any, seed: int | None,
             player_names: tuple[str, ...] = ("player 0", "player 1")) -> Any:
    """The interactive loop; returns the final state. `read_line` reads one command."""
    rng = random.Random(seed)
    history: list[Any] = []
    resolve_chance(state, rng, console)
    while not state.is_terminal():
        console.print(str(state))
        legal = state.legal_actions()
        console.print(Columns([str(action) for action in legal], padding=(0, 2)))
        line = read_line(player_names[state.to_move]).strip()
        if not line:
            continue
        command, _, argument = line.partition(" ")
        if command in ("quit", "exit"):
            console.print("Game abandoned.")
            return state
        if command == "help":
            console.print(HELP)
            continue
        if command == "undo":
            if history:
                state = history.pop()
            else:
                console.print("[yellow]nothing to undo[/yellow]")
            continue
        if command == "save":
            if not argument:
                console.print("[yellow]usage: save FILE[/yellow]")
                continue
            Path(argument).write_text(json.dumps(state.to_dict(), indent=2))
            console.print(f"saved to {argument}")
            continue
        try:
            before = state.clone()
            state.apply(line)
        except IllegalActionError as err:
            console.print(f"[red]not accepted:[/red] {err}")
            continue
        history.append(before)
        resolve_chance(state, rng, console)
    console.print(str(state))
    winner = state.winner
    console.print("[bold]Game over: " + ("a draw" if winner is None else f"{player_names[winner]} wins") + "[/bold]")
    return state


@click.command()
@GAME_ARGUMENT
@click.option("--variant", help="Combat variant (v01..v10).")
@click.option("--seed", type=int, default=None, help="Seed for dice and cards (same seed, same game).")
@click.option("--position", "-p", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="Continue from a saved position (the engine's JSON).")
def play(game: str, variant: str | None, seed: int | None, position: Path | None) -> None:
    """Play GAME in the terminal, hotseat: type actions in notation."""
    state = load_position(game, position, variant, seed)
    names = getattr(load(game), "PLAYER_NAMES", ("player 0", "player 1"))
    console = Console()
    console.print(f"[bold]{game}[/bold] - {HELP}")
    run_game(state, console, lambda who: click.prompt(who, prompt_suffix="> ", default="", show_default=False),
             seed, names)
