"""A user script that mypy --strict accepts: the public API is fully typed."""

from __future__ import annotations

import triptych
import triptych.ai as ai
import triptych.aquaignis as aquaignis
import triptych.combat as combat
import triptych.hexfleet as hexfleet


def play_out(state: aquaignis.State, limit: int) -> int | None:
    for _ in range(limit):
        if state.is_terminal():
            break
        actions: list[aquaignis.Action] = state.legal_actions()
        state.apply(actions[0])
    return state.winner


def fight(seed: int) -> list[float]:
    state = combat.new_game("v01", seed=seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.play_chance()
            continue
        state.apply(state.legal_actions()[0])
    return state.returns()


start = aquaignis.new_game()
start.apply("N1")
start.apply({"type": "spawn", "flow": 4})
mover: int = start.to_move
key: int = start.hash
saved = start.to_dict()
again = aquaignis.State.from_dict(saved)
same: bool = again == start
board = hexfleet.new_game()
result: ai.SearchResult = ai.AlphaBeta(depth=2).search(board)
seconds: float = result.seconds
chance: int = triptych.CHANCE
outcomes: list[tuple[combat.Action, float]] = combat.new_game("v02", seed=1).chance_outcomes()
print(play_out(start, 10), fight(1), mover, key, same, seconds, chance, len(outcomes))
