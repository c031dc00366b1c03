"""AI-against-AI matches for two-player games, with alternating sides."""

from __future__ import annotations

from collections.abc import Callable
import random
from dataclasses import dataclass
from typing import Any

from triptych.games import load
from triptych.stats import wilson_interval


@dataclass
class MatchResult:
    """Wins, draws and losses of player A against player B."""

    wins: int = 0
    draws: int = 0
    losses: int = 0
    actions: int = 0  # actions played over all games

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        """A's score fraction: a win 1, a draw 1/2."""
        return (self.wins + 0.5 * self.draws) / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """95% Wilson interval of A's score fraction."""
        return wilson_interval(self.wins + 0.5 * self.draws, self.games)


def play_game(game: str, players: tuple[Any, Any], opening: int = 0, seed: int = 0,
              max_actions: int = 100_000, **options: Any) -> tuple[int | None, int]:
    """Plays one game, players[0] as side 0; returns (winner side or None, actions played).

    The first `opening` actions are chosen at random from `seed`, so matches
    between deterministic players do not replay one game over and over.
    """
    module = load(game)
    if getattr(module, "SINGLE_PLAYER", False):
        raise ValueError(f"{game} is a single-player game: matches need two sides")
    state = module.new_game(**options)
    rng = random.Random(seed)
    actions = 0
    while actions < opening and not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
        actions += 1
    while not state.is_terminal():
        if actions >= max_actions:
            raise RuntimeError(f"game did not end within {max_actions} actions")
        state.apply(players[state.to_move].choose(state))
        actions += 1
    return state.winner, actions


def play_match(game: str, player_a: Any, player_b: Any, games: int, opening: int = 2, seed: int = 0,
               on_game: Callable[[MatchResult], None] | None = None) -> MatchResult:
    """Plays `games` games, A taking side 0 in even games and side 1 in odd ones.

    Games 2k and 2k+1 share one random opening of `opening` actions (seeded
    from `seed` and k), so both players get each opening from both sides.
    """
    result = MatchResult()
    for index in range(games):
        a_side = index % 2
        players = (player_a, player_b) if a_side == 0 else (player_b, player_a)
        winner, actions = play_game(game, players, opening=opening, seed=seed * 7919 + index // 2)
        result.actions += actions
        if winner is None:
            result.draws += 1
        elif winner == a_side:
            result.wins += 1
        else:
            result.losses += 1
        if on_game:
            on_game(result)
    return result
