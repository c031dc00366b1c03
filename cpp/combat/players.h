// Reference players and the fight runner behind `triptych combat stats`.
#pragma once

#include <cstdint>

#include "combat/state.h"
#include "common/rng.h"

namespace triptych::combat {

// Uniform over the legal decisions.
Action random_action(const State& s, Rng& rng);
// One-step lookahead: every decision is tried, the rest of the turn is played
// out by a fixed default (end when possible, else roll) over a few sampled
// chance sequences, and the decision with the best mean score is taken.
Action greedy_action(const State& s, Rng& rng);
// The plain continuation: end the turn when allowed, else roll, else the first
// legal decision (`legal` is the position's list, not empty).
Action default_action(const ActionList& legal);
// Plays the chance node by its probabilities.
Action sample_chance(const State& s, Rng& rng);

enum class Policy { kRandom, kGreedy };

struct FightResult {
  int winner;  // 0 player, 1 Sentinel, -1 turn cap
  int turns;
};
FightResult play_fight(State s, Policy policy, Rng& rng);

struct Stats {
  int games = 0, wins = 0, losses = 0, capped = 0;
  double mean_turns = 0;
};
Stats run_fights(const State& start, Policy policy, int games, std::uint64_t seed);

}  // namespace triptych::combat
