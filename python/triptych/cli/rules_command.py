"""``triptych rules``: print a game's rules and rulings."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import click
from rich.console import Console
from rich.markdown import Markdown

from triptych.cli.common import GAME_ARGUMENT


def rules_text(game: str) -> str:
    """The rules document of `game`: installed with the package, or from the source tree."""
    installed = resources.files("triptych").joinpath("rules", f"{game}.md")
    if installed.is_file():
        return installed.read_text(encoding="utf-8")
    source_tree = Path(__file__).resolve().parents[3] / "docs" / "rules" / f"{game}.md"
    if source_tree.is_file():
        return source_tree.read_text(encoding="utf-8")
    raise click.ClickException(f"the rules of {game} are not installed")


@click.command()
@GAME_ARGUMENT
@click.option("--plain", is_flag=True, help="Print the Markdown source instead of rendering it.")
def rules(game: str, plain: bool) -> None:
    """Print the rules of GAME with every ruling this engine makes."""
    text = rules_text(game)
    if plain:
        click.echo(text)
    else:
        Console().print(Markdown(text))
