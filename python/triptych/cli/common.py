"""Helpers shared by the CLI commands: choosing a game, its variant and seed, and loading positions."""

from __future__ import annotations

import json
import os
from pathlib import Path
from types import ModuleType
from typing import Any

import click

from triptych import InvalidStateError
from triptych.games import GAMES, load

# Game names as the user types them: AquaIgnis, HEXFLEET and aquaignis are one game.
GAME_ARGUMENT = click.argument("game", type=click.Choice(sorted(GAMES), case_sensitive=False))

# Seeds feed 64-bit generators; a negative one is a typo, not a seed.
SEED_TYPE = click.IntRange(0, 2**64 - 1)


def _variant_ids() -> list[str]:
    from triptych.combat import variant_ids

    return variant_ids()


VARIANT_OPTION = click.option("--variant", type=click.Choice(_variant_ids(), case_sensitive=False),
                              help="Combat variant (v01..v10; Combat only).")


def check_variant(game_name: str, variant: str | None) -> None:
    """--variant is Combat's; any other game refuses it rather than ignoring it."""
    if variant is not None and game_name != "combat":
        raise click.BadParameter(f"{game_name} has no variants (only combat does)", param_hint="--variant")


def new_state(game: ModuleType, variant: str | None = None, seed: int | None = None) -> Any:
    """A fresh game; games with variants (combat) take the variant and a seed."""
    if variant is not None or hasattr(game, "variant_ids"):
        return game.new_game((variant or "v01").lower(), seed=seed)
    return game.new_game()


def read_saved_game(path: Path) -> Any:
    """The JSON of a saved game, or a one-line error saying why the file is not one."""
    try:
        text = Path(path).read_bytes().decode("utf-8")
    except UnicodeDecodeError:
        raise click.BadParameter(f"{path} is not a saved game (not UTF-8 text)", param_hint="--position") from None
    except OSError as err:
        raise click.BadParameter(f"{path}: {err.strerror or err}", param_hint="--position") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise click.BadParameter(f"{path} is not valid JSON: {err}", param_hint="--position") from None


class PositionParam(click.ParamType):
    """--position: a saved game (a JSON file) or a one-line position string ('aquaignis ......./...')."""

    name = "FILE|POSITION"

    def convert(self, value: Any, param: Any, ctx: Any) -> Any:
        from triptych.positions import is_position_string

        if isinstance(value, Path) or not is_position_string(str(value)):
            path = Path(value)
            if not path.is_file():
                self.fail(f"{value!r} is neither a file nor a position string (GAME then its fields)", param, ctx)
            return path
        return str(value)


POSITION_OPTION = click.option("--position", "-p", type=PositionParam(),
                               help="Start from a saved game (the engine's JSON file) or a one-line position string.")


def load_position(game_name: str, path: Path | str | None, variant: str | None = None,
                  seed: int | None = None) -> Any:
    """The position saved in `path` (the engine's JSON) or given as a position string, or a new game."""
    check_variant(game_name, variant)
    game = load(game_name)
    if path is None:
        return new_state(game, variant, seed)
    if isinstance(path, str):
        from triptych.positions import from_position_string

        saved = path.split(maxsplit=1)[0].lower()
        if saved != game_name:
            raise click.BadParameter(f"that position string is for {saved}, not {game_name}", param_hint="--position")
        try:
            return from_position_string(path)
        except InvalidStateError as err:
            raise click.BadParameter(str(err), param_hint="--position") from None
    data = read_saved_game(path)
    saved_game = data.get("game") if isinstance(data, dict) else None
    if isinstance(saved_game, str) and saved_game.lower() != game_name:
        raise click.BadParameter(f"{path} is a saved {saved_game} game, not {game_name} "
                                 f"(triptych play {saved_game} --position {path})", param_hint="--position")
    try:
        state = game.State.from_dict(data)
    except InvalidStateError as err:
        raise click.BadParameter(f"{path}: {err}", param_hint="--position") from None
    saved_variant = data.get("variant") if isinstance(data, dict) else None
    if variant is not None and saved_variant is not None and saved_variant != variant.lower():
        raise click.BadParameter(f"{path} is a {saved_variant} fight, not {variant.lower()} "
                                 "(leave --variant out to continue it)", param_hint="--variant")
    return state


def check_output_path(path: Path, option: str) -> None:
    """An output file's folder must exist and be writable before any work starts."""
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise click.BadParameter(f"{path}: the folder {folder} does not exist", param_hint=option)
    if not os.access(folder, os.W_OK):
        raise click.BadParameter(f"{path}: the folder {folder} is not writable", param_hint=option)


def write_atomically(path: Path, text: str) -> None:
    """Writes ``text`` to ``path`` whole or not at all: a Ctrl-C mid-write leaves the previous file.

    The text goes to a temporary file beside ``path`` that then replaces it
    in one step (os.replace is atomic on one file system).
    """
    path = Path(path)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        temporary.write_text(text)
        os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)
