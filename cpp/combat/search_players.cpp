#include "common/interrupt.h"
#include "combat/search_players.h"

#include "common/players.h"

namespace triptych::combat {

search::SearchResult<Action> mcts_search(const State& s, const MctsConfig& config, std::uint64_t seed,
                                         const std::vector<std::uint64_t>& avoid) {
  search::OpenLoopMcts<SearchGame>::Options options;
  options.threads = config.threads;
  options.seed = seed;
  options.exploration = config.exploration;
  options.rollout_decisions = config.rollout_decisions;
  options.horizon_turns = config.horizon_turns;
  options.normalize = config.normalize;
  search::OpenLoopMcts<SearchGame> mcts(options);
  return mcts.search(s, search::MctsLimits{config.iterations, config.time_ms}, avoid);
}

Stats run_fights_mcts(const State& start, const MctsConfig& config, int games, std::uint64_t seed) {
  Stats st;
  Rng chance(seed);
  double turns = 0;
  std::uint64_t decision = 0;
  std::vector<std::uint64_t> seen;  // positions stood in this turn
  for (int g = 0; !interrupt_requested() && g < games; ++g) {
    State s = start;
    int turn = -1;
    while (!s.is_terminal()) {
      if (s.to_move() == kChancePlayer) {
        s.apply_unchecked(sample_chance(s, chance));
        continue;
      }
      if (s.d.turn != turn) seen.clear(), turn = s.d.turn;
      seen.push_back(s.hash());
      // The search's seed is independent of the chance generator: it cannot see the fight's future.
      const auto result = mcts_search(s, config, seed * 0x9E3779B97F4A7C15ULL + ++decision, seen);
      s.apply_unchecked(result.best);
    }
    ++st.games;
    st.wins += s.winner() == kPlayer;
    st.losses += s.winner() == kEnemy;
    st.capped += s.winner() == -1;
    turns += s.d.turn;
  }
  st.mean_turns = games ? turns / games : 0;
  return st;
}

}  // namespace triptych::combat
