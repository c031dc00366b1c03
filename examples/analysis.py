"""Analyse a position: best action, score, principal variation and speed, as `triptych ai` prints them.

    python examples/analysis.py
"""

import triptych.ai as ai
import triptych.hexfleet as hexfleet


def main() -> None:
    state = hexfleet.new_game()
    for notation in ("M1", "M2"):  # a few opening actions, by notation, if legal
        if state.is_legal(notation):
            state.apply(notation)
    result = ai.AlphaBeta(depth=3).search(state)  # depth 1..120, or time_ms / nodes; None: no limit
    mate = result.mate_in
    score = f"{result.score:+d} centi-units" if mate is None else f"forced result in {mate} plies"
    print(f"best {result.best}, {score}, depth {result.depth} (sel {result.seldepth})")
    print("pv:", " ".join(str(a) for a in result.pv))
    print(f"{result.nodes:,} nodes in {result.seconds:.3f} s ({result.nps:,.0f} nodes/s)")


if __name__ == "__main__":
    main()
