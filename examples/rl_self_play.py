"""A masked random agent on Combat (Gymnasium) and a short self-play loop on AquaIgnis (PettingZoo).

Nothing is trained: this shows the loop a learner plugs into. Needs the rl extra:

    pip install 'triptych[rl]'
    python examples/rl_self_play.py --episodes 5
"""

from __future__ import annotations

import argparse

import gymnasium
import numpy as np

import triptych.envs  # noqa: F401 -- registers triptych/Combat-v0
from triptych.envs import aquaignis_v0


def masked_random_combat(variant: str, episodes: int, seed: int) -> list[float]:
    """Returns of `episodes` fights by a uniformly random agent over the legal actions."""
    env = gymnasium.make("triptych/Combat-v0", variant=variant)
    env.action_space.seed(seed)
    returns = []
    for episode in range(episodes):
        obs, _ = env.reset(seed=seed + episode)
        total, done = 0.0, False
        while not done:
            action = env.action_space.sample(mask=obs["action_mask"])
            obs, reward, terminated, truncated, _ = env.step(action)
            total += float(reward)
            done = terminated or truncated
        returns.append(total)
    return returns


def self_play(games: int, seed: int, no_progress_limit: int = 10) -> dict[str, float]:
    """Both seats played by one masked random policy; returns each agent's total reward."""
    env = aquaignis_v0.env(no_progress_limit=no_progress_limit)
    rng = np.random.default_rng(seed)
    totals = {"player_0": 0.0, "player_1": 0.0}
    for game in range(games):
        env.reset(seed=seed + game)
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, _ = env.last()
            totals[agent] += reward
            if terminated or truncated:
                env.step(None)
            else:
                env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return totals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variant", default="v01")
    parser.add_argument("--episodes", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    returns = masked_random_combat(args.variant, args.episodes, args.seed)
    wins = sum(r > 0 for r in returns)
    print(f"combat {args.variant}: masked random agent won {wins}/{len(returns)} fights, mean return "
          f"{np.mean(returns):+.2f}")
    totals = self_play(args.episodes, args.seed)
    print(f"aquaignis self-play, {args.episodes} games: " + ", ".join(f"{a} {t:+.0f}" for a, t in totals.items()))


if __name__ == "__main__":
    main()
