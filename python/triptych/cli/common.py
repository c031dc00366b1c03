"""Helpers shared by the CLI commands: choosing a game and loading positions."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType
from typing import Any

import click

from triptych import InvalidStateError
from triptych.games import GAMES, load

GAME_ARGUMENT = click.argument("game", type=click.Choice(sorted(GAMES)))


def new_state(game: ModuleType, variant: str | None = None, seed: int | None = None) -> Any:
    """A fresh game; games with variants (combat) take the variant and a seed."""
    if variant is not None:
        return game.new_game(variant, seed=seed)
    return game.new_game()


def load_position(game_name: str, path: Path | None, variant: str | None = None, seed: int | None = None) -> Any:
    """The position saved in `path` (the engine's JSON), or a new game."""
    game = load(game_name)
    if path is None:
        return new_state(game, variant, seed)
    try:
        data = json.loads(Path(path).read_text())
    except json.JSONDecodeError as err:
        raise click.BadParameter(f"{path} is not valid JSON: {err}") from None
    try:
        return game.State.from_dict(data)
    except InvalidStateError as err:
        raise click.BadParameter(f"{path}: {err}") from None
