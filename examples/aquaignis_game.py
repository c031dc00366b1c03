"""A whole AquaIgnis game: alpha-beta (depth 2) for AQUA against a seeded random IGNIS.

    python examples/aquaignis_game.py
"""

import triptych.ai as ai
import triptych.aquaignis as aquaignis


def main() -> None:
    state = aquaignis.new_game()
    players = {aquaignis.AQUA: ai.AlphaBeta(depth=2), aquaignis.IGNIS: ai.Random(seed=7)}
    actions = 0
    while not state.is_terminal():
        action = players[state.to_move].choose(state)
        state.apply(action)  # an illegal action would raise IllegalActionError and change nothing
        actions += 1
    print(state)
    winner = "a draw" if state.winner is None else aquaignis.PLAYER_NAMES[state.winner] + " wins"
    print(f"{winner} after {actions} actions; returns {state.returns()}")


if __name__ == "__main__":
    main()
