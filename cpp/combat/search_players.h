// The search-based Combat player: open-loop MCTS over the player's
// decisions, with dice and draws sampled from the state's own odds.
#pragma once

#include <cstdint>
#include <vector>

#include "combat/players.h"
#include "combat/search_game.h"
#include "search/open_loop_mcts.h"

namespace triptych::combat {

struct MctsConfig {
  std::uint64_t iterations = 200;  // per decision (0: use time_ms)
  std::int64_t time_ms = 0;
  double exploration = 0.7;
  int rollout_decisions = 40;  // playout decisions before a rollout is judged by its reward
  int horizon_turns = 1;       // playouts stop when the next turn begins (0: no horizon)
  int threads = 1;
  bool normalize = true;       // UCB on rewards rescaled to those seen (see OpenLoopMcts::Options)
};

// `avoid`: hashes of the positions already stood in this turn (see OpenLoopMcts::search).
search::SearchResult<Action> mcts_search(const State& s, const MctsConfig& config, std::uint64_t seed,
                                         const std::vector<std::uint64_t>& avoid = {});

// Seeded fights played by MCTS (chance from `seed`, search from its own seeds).
Stats run_fights_mcts(const State& start, const MctsConfig& config, int games, std::uint64_t seed);

}  // namespace triptych::combat
