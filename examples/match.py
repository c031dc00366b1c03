"""A short match: alpha-beta against MCTS on AquaIgnis, alternating sides, with a 95% interval.

    python examples/match.py
"""

import triptych.ai as ai
from triptych.match import play_match


def main() -> None:
    a, b = ai.make_player("alphabeta:2"), ai.make_player("mcts:50", seed=1)
    result = play_match("aquaignis", a, b, games=4, opening=2, seed=0)
    low, high = result.interval
    print(f"{a!r} vs {b!r}: +{result.wins} ={result.draws} -{result.losses}, "
          f"score {result.score:.0%} (95% interval {low:.0%} - {high:.0%})")


if __name__ == "__main__":
    main()
