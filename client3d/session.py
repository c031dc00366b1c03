"""The game being played: a Timeline (state, steps and events, undo) and the player's notes.

No Panda3D here. The engine is the only judge: an action is applied by the
State, chance outcomes come from ``chance_outcomes()`` and are drawn with a
seeded generator (the same seed replays the same game). Undo and the event
log are the engine-side :mod:`triptych.timeline` and :mod:`triptych.events`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from triptych import InvalidStateError
from triptych.events import summary, threats
from triptych.games import load
from triptych.timeline import Step, Timeline


def new_state(game: str, variant: str | None = None, seed: int | None = None, first: int = 0) -> Any:
    """A fresh game of `game`; combat takes a variant (and a seed), the others who starts."""
    module = load(game)
    if game == "combat":
        return module.new_game(variant or "v01", seed=seed)
    if first == 1:
        try:
            # AquaIgnis names sides ("aqua"/"ignis"), Hexfleet numbers them.
            return module.new_game(first_player=1)
        except (TypeError, ValueError):
            return module.new_game(first_player=getattr(module, "PLAYER_NAMES", ("", "ignis"))[1].lower())
    return module.new_game()


# A move the view animates is a timeline step: action, player, before, after, chance, events.
Move = Step

GAME_TITLES = {"aquaignis": "AquaIgnis", "hexfleet": "Hexfleet", "combat": "Combat"}


class LoadError(ValueError):
    """A saved game that cannot be opened here; the message is a whole sentence for the player."""


@dataclass
class Session:
    """A game in progress: a :class:`triptych.timeline.Timeline` (state, steps, chance-safe undo) and notes."""

    game: str
    state_at_start: Any
    seed: int | None = None
    variant: str | None = None
    notes: list[str] = field(default_factory=list)   # messages to the player (saved, refused, ...)

    def __post_init__(self) -> None:
        self.module = load(self.game)
        self.timeline = Timeline(self.state_at_start, seed=self.seed)
        self.player_names = self.timeline.names

    # -- queries -----------------------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.timeline.state

    @property
    def player_names(self) -> tuple[str, ...]:
        return self.timeline.names

    @player_names.setter
    def player_names(self, names: tuple[str, ...]) -> None:
        self.timeline.names = tuple(names)

    @property
    def log(self) -> list[str]:
        """The event log: what every action still on the timeline did (undone actions are gone)."""
        return self.timeline.log()

    @property
    def to_move(self) -> int:
        return self.state.to_move

    @property
    def modified(self) -> bool:
        """Whether a decision was made since the game started or was loaded (New/Load would discard it)."""
        return any(not step.chance for step in self.timeline.steps)

    def is_over(self) -> bool:
        return self.timeline.is_over()

    def at_chance(self) -> bool:
        return self.timeline.at_chance()

    def legal_actions(self) -> list[Any]:
        if self.is_over() or self.at_chance():
            return []
        return list(self.state.legal_actions())

    def name_of(self, player: int) -> str:
        return self.timeline.name_of(player)

    def note(self, text: str) -> None:
        self.notes.append(text)

    # -- changes -----------------------------------------------------------------------------------------
    def apply(self, action: Any) -> Move:
        """Applies a player's action (the engine validates it)."""
        return self.timeline.apply(action)

    def roll_chance(self) -> Move:
        """Draws one chance outcome (dice, cards, the enemy's choices) from the engine's distribution."""
        return self.timeline.play_chance()

    def undo(self, keep_player: int | None = None) -> bool:
        """Takes back the last decision (against the AI, back to the human's); never past a chance outcome."""
        if not self.timeline.undo(keep_player):
            self.note("Undo: " + (self.timeline.undo_blocked_reason or "nothing to undo"))
            return False
        return True

    def save(self, path: Path) -> None:
        Path(path).write_text(json.dumps(self.state.to_dict(), indent=2))
        self.note(f"saved to {path}")

    def load(self, path: Path) -> None:
        """Opens a saved game; a file that cannot be opened raises LoadError and changes nothing."""
        self.timeline.reset(read_saved_game(self.game, path))
        self.note(f"loaded {path}")

    def load_position(self, text: str) -> None:
        """Sets up the position a position string describes (docs/rules/<game>.md); LoadError, nothing changed,
        for a string of another game or a malformed one."""
        self.timeline.reset(read_position_string(self.game, text))
        self.note("loaded a position string")

    def result_text(self) -> str:
        winner = self.state.winner
        if winner is None:
            return "Draw"
        name = self.name_of(winner)
        return "You win" if name == "You" else f"{name} wins"

    def summary(self) -> list[str]:
        return summary(self.timeline.steps, self.state, self.player_names)

    def threats(self) -> list[str]:
        return threats(self.state, self.player_names)


def read_saved_game(game: str, path: Path) -> Any:
    """The state saved in `path` for `game`, or LoadError saying in a sentence what is wrong."""
    title = GAME_TITLES.get(game, game)
    try:
        text = Path(path).read_text()
    except FileNotFoundError:
        raise LoadError(f"There is no saved game at {path}.") from None
    except OSError as err:
        raise LoadError(f"{path} cannot be read ({err.strerror or err}).") from None
    try:
        data = json.loads(text)
    except ValueError:
        from triptych.positions import is_position_string

        if is_position_string(text):  # a file holding a position string (one line, as FEN files do)
            return read_position_string(game, text.strip())
        raise LoadError(f"{Path(path).name} is not a saved game (it is not the engine's JSON).") from None
    if not isinstance(data, dict):
        raise LoadError(f"{Path(path).name} is not a saved game (no game record in it).")
    other = data.get("game")
    if other != game:
        if other in GAME_TITLES:
            raise LoadError(f"This file is a {GAME_TITLES[other]} game; open it from {GAME_TITLES[other]}.")
        raise LoadError(f"{Path(path).name} is not a saved {title} game.")
    try:
        return load(game).State.from_dict(data)
    except (InvalidStateError, ValueError, TypeError, KeyError) as err:
        raise LoadError(f"This {title} save is damaged and was not loaded: {err}.") from None


def read_position_string(game: str, text: str) -> Any:
    """The state a position string describes, for `game`, or LoadError saying in a sentence what is wrong."""
    from triptych.positions import from_position_string

    title = GAME_TITLES.get(game, game)
    other = text.split(maxsplit=1)[0].lower() if text.strip() else ""
    if other != game:
        if other in GAME_TITLES:
            raise LoadError(f"This is a {GAME_TITLES[other]} position; open it from {GAME_TITLES[other]}.")
        raise LoadError(f"That is not a {title} position string (it starts with the game's name).")
    try:
        return from_position_string(text)
    except (InvalidStateError, ValueError, TypeError) as err:
        raise LoadError(f"This {title} position string was not loaded: {err}.") from None
