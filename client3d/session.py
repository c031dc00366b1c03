"""The game being played: the engine state, its history, chance and the log.

No Panda3D here. The engine is the only judge: an action is applied by the
State, chance outcomes come from ``chance_outcomes()`` and are drawn with a
seeded generator (the same seed replays the same game).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from triptych import CHANCE, TERMINAL
from triptych.games import load


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


@dataclass
class Move:
    """One applied action with the states around it (what the view animates)."""

    action: Any
    before: Any
    after: Any
    player: int
    chance: bool = False


@dataclass
class Session:
    """A game in progress: the current state, undo history and the action log."""

    game: str
    state: Any
    seed: int | None = None
    variant: str | None = None
    history: list[Any] = field(default_factory=list)
    log: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        self.module = load(self.game)
        self.player_names = tuple(getattr(self.module, "PLAYER_NAMES", ("Player 1", "Player 2")))

    # -- queries -----------------------------------------------------------------------------------------
    @property
    def to_move(self) -> int:
        return self.state.to_move

    def is_over(self) -> bool:
        return self.state.to_move == TERMINAL or self.state.is_terminal()

    def at_chance(self) -> bool:
        return self.state.to_move == CHANCE

    def legal_actions(self) -> list[Any]:
        if self.is_over() or self.at_chance():
            return []
        return list(self.state.legal_actions())

    def name_of(self, player: int) -> str:
        if 0 <= player < len(self.player_names):
            return self.player_names[player]
        return {CHANCE: "chance", TERMINAL: "game over"}.get(player, str(player))

    # -- changes -----------------------------------------------------------------------------------------
    def apply(self, action: Any) -> Move:
        """Applies a player's action (the engine validates it); keeps the state before for undo."""
        before = self.state.clone()
        player = self.state.to_move
        self.state.apply(action)
        self.history.append(before)
        self.log.append(f"{self.name_of(player)}: {action}")
        return Move(action, before, self.state.clone(), player)

    def roll_chance(self) -> Move:
        """Draws one chance outcome (dice, cards, the enemy's choices) from the engine's distribution."""
        outcomes = self.state.chance_outcomes()
        actions = [a for a, _ in outcomes]
        weights = [p for _, p in outcomes]
        outcome = self.rng.choices(actions, weights=weights, k=1)[0]
        before = self.state.clone()
        self.state.apply(outcome)
        self.log.append(f"chance: {outcome}")
        return Move(outcome, before, self.state.clone(), CHANCE, chance=True)

    def undo(self, keep_player: int | None = None) -> bool:
        """Takes back the last action; against the AI, back to the human's last decision."""
        if not self.history:
            return False
        self.state = self.history.pop()
        self.log.append("(undo)")
        # Back to a decision: never stop at a chance node (dice, draws), nor on the AI's turn.
        while self.history and (self.state.to_move == CHANCE
                                or (keep_player is not None and self.state.to_move != keep_player)):
            self.state = self.history.pop()
        return True

    def save(self, path: Path) -> None:
        Path(path).write_text(json.dumps(self.state.to_dict(), indent=2))
        self.log.append(f"saved to {path}")

    def load(self, path: Path) -> None:
        self.state = self.module.State.from_dict(json.loads(Path(path).read_text()))
        self.history.clear()
        self.log.append(f"loaded {path}")

    def result_text(self) -> str:
        winner = self.state.winner
        if winner is None:
            return "Draw"
        name = self.name_of(winner)
        return "You win" if name == "You" else f"{name} wins"
