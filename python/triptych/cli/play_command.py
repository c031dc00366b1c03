"""``triptych play``: a terminal game, hotseat, for any registered game.

The loop shows the board and the legal actions, reads notation and lets the
engine judge it: an illegal or unreadable action is refused with the
engine's reason and asked for again. Chance (dice, cards) is rolled from a
seeded generator, so a seed replays the same game, and undo stops at a drawn
outcome (triptych.timeline), so it never redraws one.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import click
from rich.console import Console

from triptych import IllegalActionError, ai
from triptych.cli.boundary import error_message
from triptych.cli.common import (POSITION_OPTION, SEED_TYPE, VARIANT_OPTION, check_output_path, check_variant,
                                 load_position)
from triptych.cli.terminal_views import TerminalView, view_for
from triptych.games import GAMES, load
from triptych.levels import EXTRA_LEVELS, LEVEL_ALIASES, LEVEL_NAMES
from triptych.timeline import Timeline

AI_LEVELS = LEVEL_NAMES + list(EXTRA_LEVELS)  # beginner..expert (triptych.levels), and random for tests


class LevelChoice(click.Choice):
    """The named AI levels; the names of earlier releases (easy, medium, hard) are read as their levels."""

    def convert(self, value: Any, param: Any, ctx: Any) -> Any:
        if isinstance(value, str):
            value = LEVEL_ALIASES.get(value.lower(), value)
        return super().convert(value, param, ctx)

HELP = (
    "Type an action in notation (as listed), or: 'undo' (take back your last action), "
    "'save FILE' (write the position as JSON), 'board' (show it again), 'rules' (Combat: the variant's "
    "card and slot rules), 'help', 'quit'."
)


def show_chance(steps: list[Any], console: Console) -> None:
    """Prints the chance outcomes (dice, draws) a timeline just drew."""
    for step in steps:
        console.print(f"[dim]chance: {step.action}[/dim]")


def run_game(state: Any, console: Console, read_line: Any, seed: int | None,
             player_names: tuple[str, ...] = ("player 0", "player 1"), game_help: str = "",
             view: TerminalView | None = None, ai_player: Any = None, ai_seat: int = 1) -> Any:
    """The interactive loop; returns the final state. `read_line` reads one command.

    `game_help` (the game module's ACTIONS_HELP) is shown under 'help': what the notation means. `view`
    draws the board and the actions (the default: the engine's text board and every action). The board is
    drawn after each action, not after a refused one (the reason is all that changed). With `ai_player`
    (--vs-ai) that player takes seat `ai_seat`, and 'undo' takes back its move and yours.
    """
    view = view or TerminalView()
    # The Timeline draws chance from the seed and never lets undo go back past a drawn outcome, so 'undo'
    # cannot redraw a roll or a card (the 3D client uses the same mechanism).
    game = Timeline(state, seed=seed, names=player_names)
    show_chance(game.resolve_chance(), console)
    state = game.state
    show = True
    while not state.is_terminal():
        legal = state.legal_actions()
        if ai_player is not None and state.to_move == ai_seat:
            action = ai_player.choose(state)  # Ctrl-C stops the search: exit 130
            step = game.apply(action)
            console.print(f"{player_names[ai_seat]} plays {action}", highlight=False)
            show_chance(game.resolve_chance(), console)
            state = game.state
            view.after_turn(step.before, state, console)
            show = True
            continue
        if show:
            view.board(state, console)
            view.actions(legal, console)
        show = False
        line = read_line(player_names[state.to_move]).strip()
        if not line:
            continue
        command, _, argument = line.partition(" ")
        if command in ("quit", "exit"):
            console.print("Game abandoned.")
            return state
        if command == "help":
            console.print(HELP + ("\n" + game_help if game_help else ""), markup=False)
            continue
        if command == "board":
            show = True
            continue
        if command == "rules":
            console.print(view.rules(state) or "This game's rules: `triptych rules GAME`.", markup=False)
            continue
        if command == "undo":
            if game.undo(keep_player=None if ai_player is None else 1 - ai_seat):
                state = game.state
                show = True
            else:
                console.print(f"[yellow]{game.undo_blocked_reason}[/yellow]")
            continue
        if command == "save":
            if not argument:
                console.print("[yellow]usage: save FILE[/yellow]")
                continue
            try:
                Path(argument).write_text(json.dumps(state.to_dict(), indent=2))
            except OSError as err:  # a bad path costs the save, never the game
                console.print(f"[red]not saved:[/red] {error_message(err)}", highlight=False)
                continue
            console.print(f"saved to {argument}")
            continue
        try:
            step = game.apply(line)
        except IllegalActionError as err:
            console.print(f"[red]not accepted:[/red] {err}")
            continue
        show_chance(game.resolve_chance(), console)
        state = game.state
        view.after_turn(step.before, state, console)
        show = True
    view.board(state, console)
    winner = state.winner
    console.print("[bold]Game over: " + ("a draw" if winner is None else f"{player_names[winner]} wins") + "[/bold]")
    return state


def terminal_player_names(game: str, module: Any) -> tuple[str, ...]:
    """Who is asked to act and who wins: the game's own names (Combat: you against the Sentinel)."""
    if game == "combat":
        return ("you", "the Betaal Sentinel")
    if game == "hexfleet":
        return ("Green", "Purple")  # the 3D table's colours
    return tuple(getattr(module, "PLAYER_NAMES", ("player 0", "player 1")))


def check_tutorial(game: str | None, variant: str | None, **given: Any) -> None:
    """--tutorial needs a GAME that has one and plays no game of its own: the options that set one up are refused."""
    from triptych.tutorials import all_tutorials, for_game

    if game is None:
        raise click.UsageError("--tutorial needs a GAME")
    if for_game(game, variant and variant.lower()) is None:
        have = sorted({t.game for t in all_tutorials()})
        raise click.BadParameter(f"{game} has no tutorial yet (tutorials: {', '.join(have)})", param_hint="--tutorial")
    for name, value in given.items():
        if value not in (None, False, 0):
            flag = "--" + name.replace("_", "-")
            raise click.UsageError(f"--tutorial plays its own positions; leave out {flag}")


def refuse_table_options(**given: Any) -> None:
    """Options of the 3D table that the hotseat terminal game cannot honour are refused, not ignored."""
    for name, value in given.items():
        if value not in (None, False, 0):
            flag = "--" + name.replace("_", "-")
            raise click.UsageError(f"{flag} is for the 3D table; the terminal game is hotseat "
                                   f"(leave out {flag} or --terminal)")


@click.command()
@click.argument("game", type=click.Choice(sorted(GAMES), case_sensitive=False), required=False)
@click.option("--terminal", is_flag=True, help="Play in the terminal (type actions in notation) instead of the 3D window.")
@VARIANT_OPTION
@click.option("--seed", type=SEED_TYPE, default=None, help="Seed for dice and cards (same seed, same game).")
@POSITION_OPTION
@click.option("--vs-ai", "vs_ai", type=LevelChoice(AI_LEVELS), default=None,
              help="Play against the AI at this level, beginner (weakest) to expert (you take the first seat; "
                   "also with --terminal). Each level's Elo: docs/strength.md.")
@click.option("--ai-vs-ai", is_flag=True, help="Watch the AI play both sides.")
@click.option("--ai-level", type=LevelChoice(AI_LEVELS), default="club", show_default=True,
              help="AI level for --ai-vs-ai.")
@click.option("--first", type=click.Choice(["0", "1"]), default=None,
              help="Who starts on the 3D table (two-player games): seat 0 (default) or 1.")
@click.option("--offscreen", is_flag=True, help="Render without a display (software renderer, no window).")
@click.option("--screenshot", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="With --offscreen: write the final frame to this PNG.")
@click.option("--ai-moves", type=click.IntRange(min=0), default=0,
              help="Let the AI play this many actions first (both sides), animated.")
@click.option("--size", default="1280x800", show_default=True, help="Window size WIDTHxHEIGHT.")
@click.option("--replay", "replay_path", type=click.Path(exists=True, dir_okay=False, path_type=Path), default=None,
              help="Step through a match record (`triptych match --json`) or a saved game on the 3D table.")
@click.option("--tutorial", is_flag=True,
              help="Learn GAME: its tutorial on the 3D table, one rule a step (Combat: the --variant's lesson).")
def play(game: str | None, terminal: bool, variant: str | None, seed: int | None, position: Path | str | None,
         vs_ai: str | None, ai_vs_ai: bool, ai_level: str, first: str, offscreen: bool, screenshot: Path | None,
         ai_moves: int, size: str, replay_path: Path | None, tutorial: bool = False) -> None:
    """Play GAME on the 3D table (Panda3D), or in the terminal with --terminal.

    Without GAME the window opens on the start screen. With --offscreen the
    table is rendered without a display; --screenshot writes the image.
    """
    if terminal:
        if game is None:
            raise click.UsageError("--terminal needs a GAME")
        refuse_table_options(ai_vs_ai=ai_vs_ai, first=first, offscreen=offscreen,
                             screenshot=screenshot, ai_moves=ai_moves, replay=replay_path, tutorial=tutorial)
        state = load_position(game, position, variant, seed)
        module = load(game)
        names = terminal_player_names(game, module)
        opponent = None
        if vs_ai is not None:
            try:
                ai.require_two_player_game(game)
            except ValueError as err:
                raise click.BadParameter(f"{err}; leave out --vs-ai", param_hint="--vs-ai") from None
            from triptych.client3d.players import LEVELS, make_ai  # no panda3d: the levels the 3D table offers

            opponent = make_ai(vs_ai, state, seed)
            names = (names[0] + " (you)", f"{names[1]} ({vs_ai} AI: {LEVELS[vs_ai][0]})")
        console = Console()
        if hasattr(sys.stdin, "reconfigure"):  # a byte that is not UTF-8 is a refused action, not a lost game
            sys.stdin.reconfigure(errors="surrogateescape")
        console.print(f"[bold]{game}[/bold] - {HELP}")
        run_game(state, console, lambda who: click.prompt(who, prompt_suffix="> ", default="", show_default=False),
                 seed, names, getattr(module, "ACTIONS_HELP", ""), view_for(game), ai_player=opponent)
        return
    if screenshot is not None and not offscreen:
        raise click.UsageError("--screenshot needs --offscreen")
    if tutorial:
        check_tutorial(game, variant, position=position, replay=replay_path, vs_ai=vs_ai, ai_vs_ai=ai_vs_ai,
                       ai_moves=ai_moves)
    if game is not None:
        check_variant(game, variant)
    if screenshot is not None:
        check_output_path(screenshot, "--screenshot")
    try:
        width, height = (int(v) for v in size.lower().split("x"))
    except ValueError:
        raise click.BadParameter(f"{size!r} is not WIDTHxHEIGHT", param_hint="--size") from None
    if position is not None and game is not None:
        loaded = load_position(game, position, variant, seed)  # refuse a bad file here, with the field named
        if isinstance(position, str):  # a position string: the table loads saved games, so save it as one
            import tempfile

            handle, name = tempfile.mkstemp(prefix="triptych-position-", suffix=".json")
            with os.fdopen(handle, "w") as out:
                json.dump(loaded.to_dict(), out)
            position = Path(name)
    if replay_path is not None:
        from triptych.client3d.replay import ReplayError, open_replay

        try:
            recorded = open_replay(replay_path).game  # refuse a bad record here, in a sentence
        except ReplayError as err:
            raise click.BadParameter(str(err), param_hint="--replay") from None
        if game is not None and game != recorded:
            raise click.BadParameter(f"{replay_path} is a {recorded} record, not {game}", param_hint="--replay")
        game = recorded
    if game == "combat" and variant is None:
        variant = "v01"
    try:
        from triptych.client3d.config import NO_DISPLAY_HELP, NoDisplayError, has_display
    except ImportError as err:  # panda3d missing from this environment
        raise click.ClickException(f"the 3D client needs panda3d ({err}); pip install panda3d, "
                                   "or play in the terminal with --terminal") from None
    if not offscreen and not has_display():
        raise click.ClickException(NO_DISPLAY_HELP)
    from triptych.client3d.app import ClientOptions, launch

    mode = "ai-vs-ai" if ai_vs_ai else "vs-ai" if vs_ai else "hotseat"
    options = ClientOptions(game=game, variant=variant and variant.lower(), mode=mode, ai_level=vs_ai or ai_level,
                            first=int(first or 0),
                            seed=seed, position=position, offscreen=offscreen, screenshot=screenshot,
                            ai_moves=ai_moves, size=(width, height), replay=replay_path, tutorial=tutorial)
    try:
        code = launch(options)
    except NoDisplayError as err:
        raise click.ClickException(str(err)) from None
    if screenshot is not None:
        if not screenshot.is_file():
            raise click.ClickException(f"the screenshot was not written to {screenshot}")
        click.echo(f"wrote {screenshot}")
    if code:
        raise SystemExit(code)
