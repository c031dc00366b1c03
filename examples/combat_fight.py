"""One Combat fight with the chance loop written out: dice and draws are chance nodes.

At a chance node (``state.is_chance_node()``) the outcomes and their probabilities are listed by
``chance_outcomes()``; here a seeded ``random.Random`` picks one, so the same seed replays the same fight.

    python examples/combat_fight.py
"""

import random

import triptych.ai as ai
import triptych.combat as combat


def main(seed: int = 5) -> None:
    fight = combat.new_game("v02", seed=seed)
    dice = random.Random(seed)
    player = ai.MCTS(iterations=200, seed=seed)
    while not fight.is_terminal():
        if fight.is_chance_node():
            outcomes = fight.chance_outcomes()
            outcome = dice.choices([o for o, _ in outcomes], weights=[p for _, p in outcomes])[0]
            fight.apply(outcome)
        else:
            fight.apply(player.choose(fight))
    who = "the player" if fight.winner == combat.PLAYER else "the Betaal Sentinel"
    print(f"{fight.variant}: {who} won on turn {fight.turn} (player HP {fight.player_hp}, "
          f"Sentinel HP {fight.enemy_hp})")


if __name__ == "__main__":
    main()
