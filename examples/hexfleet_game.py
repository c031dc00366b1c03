"""A Hexfleet game: the greedy player against a seeded random one, with a 40-turn limit.

    python examples/hexfleet_game.py
"""

import triptych.ai as ai
import triptych.hexfleet as hexfleet


def main() -> None:
    state = hexfleet.new_game(max_turns=40)
    players = (ai.Greedy(), ai.Random(seed=3))
    seen = {state.clone()}  # states are values: equal by position, hashable
    while not state.is_terminal():
        state.apply(players[state.to_move].choose(state))
        seen.add(state.clone())
    print(state)
    print("winner:", "none (a draw)" if state.winner is None else state.winner,
          f"- {len(seen)} distinct positions seen")


if __name__ == "__main__":
    main()
