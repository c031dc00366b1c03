// Open-loop Monte Carlo tree search for single-player games with chance
// (Combat). The tree holds the player's decisions only; every iteration
// replays them from the root while chance nodes (dice, draws) are sampled
// afresh from the state's own outcome distribution. The search therefore
// never sees the fight's seeded future: it plans against the odds, as a
// player at the table must. A decision may be legal under one sample and not
// another, so children are chosen among those legal now, with UCB counting
// how often each was available (as in information-set MCTS).
//
// Game policy: State, Action, ActionList; legal_actions, apply, is_terminal,
// is_chance, sample_chance(state, rng) -> Action, rollout_action(state, legal,
// rng) -> the playout policy's pick, turn(state), reward(state) in [0, 1]
// (for a finished fight, and as the heuristic value of one cut off), and
// hash(state), and encode(action) -> an integer code, distinct for distinct
// actions.
#pragma once

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <thread>
#include <utility>
#include <vector>

#include "common/rng.h"
#include "search/limits.h"
#include "search/mcts.h"

namespace triptych::search {

template <class Game>
class OpenLoopMcts {
 public:
  using State = typename Game::State;
  using Action = typename Game::Action;
  using ActionList = typename Game::ActionList;
  using Code = decltype(Game::encode(std::declval<Action>()));

  struct Options {
    int threads = 1;
    std::uint64_t seed = 0;
    double exploration = 0.7;
    int rollout_decisions = 200;  // playout decisions before a rollout is scored by reward()
    int horizon_turns = 0;        // > 0: playouts stop this many turns after the root's turn
    // UCB compares means rescaled to the rewards seen so far in the tree: a
    // turn's decisions often differ by a few hundredths of the reward, which a
    // fixed exploration constant would drown.
    bool normalize = true;
  };

  explicit OpenLoopMcts(const Options& options = {}) : options_(options) {
    options_.threads = std::max(1, options_.threads);
  }

  // `avoid`: hashes of positions the player already stood in this turn. A
  // root decision leading straight back to one is never returned (free
  // decisions that undo each other, such as V08's rearranging, must not
  // loop), unless nothing else is legal.
  SearchResult<Action> search(const State& root, const MctsLimits& limits,
                              const std::vector<std::uint64_t>& avoid = {}) {
    const auto start = Clock::now();
    std::vector<Tree> trees(options_.threads);
    std::vector<std::thread> helpers;
    for (int i = 1; i < options_.threads; ++i)
      helpers.emplace_back([&, i] { grow(trees[i], root, limits, start, options_.seed + 0x9E37 * i); });
    grow(trees[0], root, limits, start, options_.seed);
    for (auto& t : helpers) t.join();

    SearchResult<Action> result;
    result.threads = options_.threads;
    result.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    // Root decisions are the same in every tree (the root is fixed): sum them by code.
    ActionList legal;
    Game::legal_actions(root, legal);
    std::uint64_t best_visits = 0;
    double best_value = 0;
    for (const Action& a : legal) {
      if (!avoid.empty() && legal.size() > 1) {
        State next = root;
        Game::apply(next, a);
        if (std::find(avoid.begin(), avoid.end(), Game::hash(next)) != avoid.end()) continue;
      }
      const Code code = Game::encode(a);
      std::uint64_t visits = 0;
      double value = 0;
      for (const Tree& t : trees) {
        const int child = t.find_child(0, code);
        if (child >= 0) {
          visits += t.nodes[child].visits;
          value += t.nodes[child].value;
        }
      }
      if (!result.has_move || visits > best_visits) {
        result.has_move = true;
        result.best = a;
        best_visits = visits;
        best_value = visits ? value / visits : 0;
      }
    }
    for (const Tree& t : trees) {
      result.nodes += t.iterations;
      result.seldepth = std::max(result.seldepth, t.max_depth);
    }
    result.depth = result.seldepth;
    result.score = static_cast<int>(std::lround(best_value * 1000));  // expected reward x 1000
    // Principal variation: the most visited decisions of the main tree.
    const Tree& main = trees[0];
    int node = 0;
    while (!main.nodes[node].children.empty() && result.pv.size() < 16) {
      int best = -1;
      for (int c : main.nodes[node].children)
        if (best < 0 || main.nodes[c].visits > main.nodes[best].visits) best = c;
      result.pv.push_back(main.nodes[best].action);
      node = best;
    }
    if (result.has_move) {
      if (result.pv.empty()) result.pv.push_back(result.best);
      result.pv[0] = result.best;
    }
    return result;
  }

 private:
  using Clock = std::chrono::steady_clock;

  struct Node {
    Action action{};
    Code code{};
    std::uint64_t visits = 0;
    std::uint64_t available = 0;  // iterations in which this decision was legal at its parent
    double value = 0;             // summed rewards
    std::vector<int> children;
  };
  struct Tree {
    std::vector<Node> nodes;
    std::uint64_t iterations = 0;
    int max_depth = 0;
    double min_reward = 1e300, max_reward = -1e300;
    int find_child(int node, Code code) const {
      for (int c : nodes[node].children)
        if (nodes[c].code == code) return c;
      return -1;
    }
  };

  // Chance is resolved at once with the search's own generator.
  static void settle(State& s, Rng& rng) {
    while (!Game::is_terminal(s) && Game::is_chance(s)) Game::apply(s, Game::sample_chance(s, rng));
  }

  void grow(Tree& tree, const State& root, const MctsLimits& limits, Clock::time_point start, std::uint64_t seed) {
    Rng rng(seed);
    tree.nodes.assign(1, Node{});
    std::vector<int> path;
    ActionList legal;
    while (true) {
      if (limits.iterations && tree.iterations >= limits.iterations) break;
      if ((tree.iterations & 15) == 0 && interrupt_requested()) break;
      if (limits.time_ms && (tree.iterations & 15) == 0 &&
          std::chrono::duration<double>(Clock::now() - start).count() * 1000.0 >= double(limits.time_ms))
        break;
      if (!limits.iterations && !limits.time_ms && tree.iterations >= 1000) break;
      State s = root;
      settle(s, rng);
      path.assign(1, 0);
      int node = 0;
      bool expanded = false;
      while (!Game::is_terminal(s) && !expanded) {
        Game::legal_actions(s, legal);
        if (legal.size() == 0) break;
        // Untried decisions first (a random one); else UCB over the available ones.
        int untried_count = 0;
        for (const Action& a : legal)
          if (tree.find_child(node, Game::encode(a)) < 0) ++untried_count;
        int chosen = -1;
        Action chosen_action{};
        if (untried_count > 0) {
          int pick = static_cast<int>(rng.below(std::uint32_t(untried_count)));
          for (const Action& a : legal) {
            if (tree.find_child(node, Game::encode(a)) >= 0) continue;
            if (pick-- == 0) {
              Node child;
              child.action = a;
              child.code = Game::encode(a);
              chosen_action = a;
              chosen = static_cast<int>(tree.nodes.size());
              tree.nodes.push_back(child);
              tree.nodes[node].children.push_back(chosen);
              break;
            }
          }
          expanded = true;
        }
        for (const Action& a : legal) {
          const int c = tree.find_child(node, Game::encode(a));
          if (c >= 0) ++tree.nodes[c].available;
        }
        if (chosen < 0) {
          const int pick = select(tree, node, legal);
          chosen = tree.find_child(node, Game::encode(legal[pick]));
          chosen_action = legal[pick];
        }
        Game::apply(s, chosen_action);
        settle(s, rng);
        path.push_back(chosen);
        node = chosen;
      }
      tree.max_depth = std::max(tree.max_depth, static_cast<int>(path.size()) - 1);
      const double reward = rollout(s, rng, legal, Game::turn(root));
      tree.min_reward = std::min(tree.min_reward, reward);
      tree.max_reward = std::max(tree.max_reward, reward);
      for (int idx : path) {
        ++tree.nodes[idx].visits;
        tree.nodes[idx].value += reward;
      }
      ++tree.iterations;
    }
  }

  // Index into `legal` of the decision with the best UCB (all have children).
  int select(const Tree& tree, int node, const ActionList& legal) const {
    int best = -1;
    double best_ucb = -1e300;
    const double range = tree.max_reward - tree.min_reward;
    const bool rescale = options_.normalize && range > 1e-12;
    for (int i = 0; i < static_cast<int>(legal.size()); ++i) {
      const Node& n = tree.nodes[tree.find_child(node, Game::encode(legal[i]))];
      const double mean = n.value / double(n.visits);
      const double q = rescale ? (mean - tree.min_reward) / range : mean;
      const double ucb = q +
                         options_.exploration * std::sqrt(std::log(double(n.available)) / double(n.visits));
      if (ucb > best_ucb) {
        best_ucb = ucb;
        best = i;
      }
    }
    return best;
  }

  double rollout(State& s, Rng& rng, ActionList& legal, int root_turn) const {
    for (int decisions = 0; !Game::is_terminal(s) && decisions < options_.rollout_decisions; ++decisions) {
      if (options_.horizon_turns > 0 && Game::turn(s) >= root_turn + options_.horizon_turns) break;
      Game::legal_actions(s, legal);
      if (legal.size() == 0) break;
      Game::apply(s, Game::rollout_action(s, legal, rng));
      settle(s, rng);
    }
    return Game::reward(s);
  }

  Options options_;
};

}  // namespace triptych::search
