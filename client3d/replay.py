"""A finished or recorded game to step through: positions, the actions between them, a cursor.

No Panda3D here. A :class:`Replay` is built from a match record (what
``triptych match --json`` writes: a match file with its ``games``, one game
record, or a list of them), from a saved position (one position, to analyse),
or from the game being played (its timeline, chance outcomes included). Every
position is the engine's own: the record's actions are applied in order, as
:func:`triptych.match.replay` does, so stepping lands exactly where the game
was.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from triptych import CHANCE, InvalidStateError, IllegalActionError
from triptych.events import Event, events_of, player_names
from triptych.games import GAMES, load
from triptych.timeline import Step, Timeline


class ReplayError(ValueError):
    """A file that cannot be replayed; the message is a whole sentence for the player."""


@dataclass
class Replay:
    """Positions ``states[0..n]`` and the ``steps[i]`` that lead from ``states[i]`` to ``states[i + 1]``."""

    game: str
    states: list[Any]
    steps: list[Step]
    title: str = ""
    index: int = 0
    games: list[dict[str, Any]] = field(default_factory=list)   # the other games of a match file
    game_number: int = 0                                          # which of them this is
    source: Path | None = None

    # -- the cursor --------------------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        """The position shown now (a copy: analysing or playing on it never changes the record)."""
        return self.states[self.index].clone()

    @property
    def last(self) -> int:
        return len(self.states) - 1

    def goto(self, index: int) -> int:
        self.index = max(0, min(self.last, index))
        return self.index

    def first(self) -> int:
        return self.goto(0)

    def prev(self) -> int:
        return self.goto(self.index - 1)

    def next(self) -> int:
        return self.goto(self.index + 1)

    def end(self) -> int:
        return self.goto(self.last)

    def step_into(self) -> Step | None:
        """The step that led to the position shown (None at the start)."""
        return self.steps[self.index - 1] if self.index > 0 else None

    def position_text(self) -> str:
        """'move 12 of 80: M 0,0>1,-1 (Green)' for the status line."""
        if self.index == 0:
            return f"start of {self.last} action{'s' if self.last != 1 else ''}"
        step = self.steps[self.index - 1]
        names = player_names(self.game)
        who = "chance" if step.player == CHANCE else names[step.player] if 0 <= step.player < len(names) else ""
        return f"action {self.index} of {self.last}: {step.action} ({who})"

    def events_so_far(self) -> list[str]:
        """The log of the actions up to the shown position."""
        return [e.text for step in self.steps[:self.index] for e in step.events]


def from_actions(game: str, actions: list[str], options: dict[str, Any] | None = None, title: str = "",
                 start: Any = None) -> Replay:
    """Applies `actions` (notation) from a new game (or `start`); a record that does not replay is refused."""
    module = load(game)
    state = start.clone() if start is not None else module.new_game(**(options or {}))
    names = player_names(game)
    states, steps = [state.clone()], []
    for i, notation in enumerate(actions):
        before = state.clone()
        player = state.to_move
        try:
            state.apply(notation)
        except (IllegalActionError, ValueError) as err:
            raise ReplayError(f"Action {i + 1} ({notation}) of this record is not legal there: {err}.") from None
        after = state.clone()
        action = notation
        for candidate in before.legal_actions() if player != CHANCE else (a for a, _ in before.chance_outcomes()):
            if str(candidate) == notation:
                action = candidate
                break
        events: list[Event] = events_of(before, after, action, player, names)
        steps.append(Step(action, player, before, after, events))
        states.append(after)
    return Replay(game, states, steps, title)


def from_record(record: dict[str, Any], title: str = "") -> Replay:
    """A replay of one game record (:class:`triptych.match.GameRecord` as a dict)."""
    try:
        game, actions = record["game"], list(record["actions"])
    except (KeyError, TypeError):
        raise ReplayError("This game record has no 'game' or no 'actions'.") from None
    if game not in GAMES:
        raise ReplayError(f"This record is of an unknown game {game!r}.")
    players = record.get("players") or []
    if not title and len(players) == 2:
        title = f"{players[0]} vs {players[1]}, {record.get('result', '')} ({record.get('end', '')})"
    return from_actions(game, [str(a) for a in actions], dict(record.get("options") or {}), title)


def from_timeline(timeline: Timeline) -> Replay:
    """The game being played, from its first recorded position, every step (chance outcomes too) as it happened."""
    steps = list(timeline.steps)
    start = steps[0].before if steps else timeline.state
    states = [start.clone()] + [s.after.clone() for s in steps]
    replay = Replay(timeline.game, states, steps, "this game")
    replay.end()
    return replay


def open_replay(path: Path, game_number: int = 0) -> Replay:
    """Whatever `path` holds, ready to step through: a match file, a game record, or a saved position."""
    path = Path(path)
    try:
        data = json.loads(path.read_text())
    except FileNotFoundError:
        raise ReplayError(f"There is no file at {path}.") from None
    except OSError as err:
        raise ReplayError(f"{path} cannot be read ({err.strerror or err}).") from None
    except ValueError:
        raise ReplayError(f"{path.name} is not a record or a saved game (it is not JSON).") from None
    games: list[dict[str, Any]] = []
    if isinstance(data, dict) and isinstance(data.get("games"), list):
        games = [g for g in data["games"] if isinstance(g, dict) and "actions" in g]
        if not games:
            raise ReplayError(f"{path.name} holds no game records to replay.")
    elif isinstance(data, list) and all(isinstance(g, dict) for g in data):
        games = data
    elif isinstance(data, dict) and "actions" in data:
        games = [data]
    if games:
        if not 0 <= game_number < len(games):
            raise ReplayError(f"{path.name} holds {len(games)} games; there is no game {game_number + 1}.")
        replay = from_record(games[game_number])
        replay.games, replay.game_number = games, game_number
        if len(games) > 1:
            replay.title = f"game {game_number + 1} of {len(games)}: {replay.title}"
    elif isinstance(data, dict) and ("summary" in data or "games_omitted" in data):
        raise ReplayError(f"{path.name} is a match summary without its games (rerun the match with --json).")
    elif isinstance(data, dict) and data.get("game") in GAMES:
        try:
            state = load(data["game"]).State.from_dict(data)
        except (InvalidStateError, ValueError, TypeError, KeyError) as err:
            raise ReplayError(f"This saved game is damaged: {err}.") from None
        replay = Replay(data["game"], [state], [], "a saved position")
    else:
        raise ReplayError(f"{path.name} is neither a match record nor a saved game.")
    replay.source = path
    return replay
