// Monte Carlo tree search (UCT) for two-player games, generic over the same
// Game policy as AlphaBeta.
//
// Playouts draw each action with Game::random_action when the game has one (a
// uniformly random legal action found without listing them all), else from
// the legal action list.
//
// Each node keeps the value for the side that chose the action leading to it,
// so consecutive actions of one side (two a turn) need no special case.
// Playouts are uniformly random to the end of the game, or, with
// playout_plies > 0, cut off there and scored by the evaluation (a logistic
// of the centi-unit score). Threads run independent trees from different
// seeds (root parallelism) whose root statistics are summed: deterministic
// for a given seed and thread count.
//
// Tree reuse (Options::reuse): the trees outlive a search. The next search
// looks for its root among the old trees' expanded nodes a few actions below
// the old root (the action played and the replies since); when found, that
// subtree becomes the new tree, keeping its visits, and the rest is dropped.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <thread>
#include <vector>

#include "common/rng.h"
#include "search/limits.h"

namespace triptych::search {

struct MctsLimits {
  std::uint64_t iterations = 0;  // per thread; 0 = no limit
  std::int64_t time_ms = 0;      // 0 = no limit
};

template <class Game>
class Mcts {
 public:
  using State = typename Game::State;
  using Action = typename Game::Action;
  using ActionList = typename Game::ActionList;
  using Weights = typename Game::Weights;

  struct Options {
    int threads = 1;
    std::uint64_t seed = 0;
    double exploration = 1.4;
    int playout_plies = 0;  // 0: play out to the end
    double eval_scale = 400.0;  // centi-units per logistic unit for cut-off playouts
    Weights weights{};
    bool reuse = false;     // keep the trees for the next search (see the top of the file)
    int reuse_plies = 6;    // how far below the old root the new root may lie
  };

  explicit Mcts(const Options& options = {}) : options_(options) { options_.threads = std::max(1, options_.threads); }

  // Forgets the kept trees (a new game).
  void clear() {
    trees_.clear();
    has_last_root_ = false;
  }
  // Ends a running search (callable from any thread): each tree finishes its iteration, and the
  // result is the trees' statistics so far.
  void stop() { stop_.store(true, std::memory_order_relaxed); }
  // Iterations the kept trees already hold for `root` (0 when nothing is reused); for tests.
  std::uint64_t reused_visits() const { return reused_visits_; }

  SearchResult<Action> search(const State& root, const MctsLimits& limits) { return search(root, limits, options_.seed); }

  SearchResult<Action> search(const State& root, const MctsLimits& limits, std::uint64_t seed) {
    const auto start = Clock::now();
    stop_.store(false);
    reroot(root);
    std::vector<Tree>& trees = trees_;
    std::vector<std::thread> helpers;
    for (int i = 1; i < options_.threads; ++i)
      helpers.emplace_back([&, i] { grow(trees[i], root, limits, start, seed + 0x9E37 * i); });
    grow(trees[0], root, limits, start, seed);
    for (auto& t : helpers) t.join();
    SearchResult<Action> result = summarize(start);
    // Only after summarize, which reads the trees (clearing them first read freed memory).
    if (options_.reuse) {
      last_root_ = root;
      has_last_root_ = true;
    } else {
      clear();
    }
    return result;
  }

 private:
  using Clock = std::chrono::steady_clock;

  // The search's result: the root statistics summed over the trees, the main tree's PV.
  SearchResult<Action> summarize(Clock::time_point start) const {
    const std::vector<Tree>& trees = trees_;
    SearchResult<Action> result;
    result.threads = options_.threads;
    result.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    // Sum the root children over the trees (same actions in the same order).
    const Tree& main = trees[0];
    if (main.nodes.empty() || main.nodes[0].child_count == 0) return result;
    const Node& root_node = main.nodes[0];
    std::uint64_t best_visits = 0;
    double best_value = 0;
    for (int c = 0; c < root_node.child_count; ++c) {
      // Trees shuffle their children differently: match them by action code.
      const Action& action = main.nodes[root_node.first_child + c].action;
      const std::uint32_t code = Game::encode(action);
      std::uint64_t visits = 0;
      double value = 0;
      for (const Tree& t : trees) {
        const Node& tree_root = t.nodes[0];
        for (int k = 0; k < tree_root.child_count; ++k) {
          const Node& child = t.nodes[tree_root.first_child + k];
          if (Game::encode(child.action) != code) continue;
          visits += child.visits;
          value += child.value;
          break;
        }
      }
      if (visits > best_visits || !result.has_move) {
        best_visits = visits;
        best_value = visits ? value / visits : 0.5;
        result.has_move = true;
        result.best = action;
      }
    }
    for (const Tree& t : trees) {
      result.nodes += t.iterations;
      result.seldepth = std::max(result.seldepth, t.max_depth);
    }
    // Score: the expected result for the side to act, mapped to [-1000, 1000].
    result.score = static_cast<int>(std::lround((2 * best_value - 1) * 1000));
    result.depth = result.seldepth;
    // Principal variation: follow the most visited children of the main tree.
    int node = 0;
    while (main.nodes[node].child_count > 0 && result.pv.size() < 32) {
      int best = -1;
      for (int c = 0; c < main.nodes[node].child_count; ++c) {
        const int idx = main.nodes[node].first_child + c;
        if (best < 0 || main.nodes[idx].visits > main.nodes[best].visits) best = idx;
      }
      if (main.nodes[best].visits == 0) break;
      result.pv.push_back(main.nodes[best].action);
      node = best;
    }
    if (!result.pv.empty()) result.pv[0] = result.best;
    return result;
  }

  struct Node {
    Action action{};
    std::uint32_t first_child = 0;
    std::int32_t child_count = -1;  // -1: not expanded yet
    std::int8_t mover = 0;          // the side that played `action`
    std::uint64_t visits = 0;
    double value = 0;  // summed results for `mover` (win 1, draw 0.5, loss 0)
  };
  struct Tree {
    std::vector<Node> nodes;
    std::uint64_t iterations = 0;
    int max_depth = 0;
  };

  void grow(Tree& tree, const State& root, const MctsLimits& limits, Clock::time_point start, std::uint64_t seed) {
    Rng rng(seed);
    if (tree.nodes.empty()) tree.nodes.push_back(Node{});
    tree.iterations = 0;
    std::vector<int> path;
    ActionList actions;
    while (true) {
      if (limits.iterations && tree.iterations >= limits.iterations) break;
      if ((tree.iterations & 63) == 0 && interrupt_requested()) break;
      if (tree.iterations > 0 && stop_.load(std::memory_order_relaxed)) break;
      // At least one iteration, however late: a search always has a move to return.
      if (limits.time_ms && tree.iterations > 0 && (tree.iterations & 63) == 0 &&
          std::chrono::duration<double>(Clock::now() - start).count() * 1000.0 >= double(limits.time_ms))
        break;
      if (!limits.iterations && !limits.time_ms && tree.iterations >= 1000) break;  // a default budget
      State s = root;
      path.assign(1, 0);
      int node = 0;
      // Selection.
      while (tree.nodes[node].child_count > 0 && !Game::is_terminal(s)) {
        node = select(tree, node);
        Game::apply(s, tree.nodes[node].action);
        path.push_back(node);
      }
      // Expansion: all children at once, in a random order, visited in turn.
      if (!Game::is_terminal(s) && tree.nodes[node].child_count < 0) {
        Game::legal_actions(s, actions);
        for (int i = static_cast<int>(actions.size()) - 1; i > 0; --i)
          std::swap(actions[i], actions[static_cast<int>(rng.below(std::uint32_t(i + 1)))]);
        const auto first = static_cast<std::uint32_t>(tree.nodes.size());
        const int mover = Game::side(s);
        for (const Action& a : actions) {
          Node child;
          child.action = a;
          child.mover = static_cast<std::int8_t>(mover);
          tree.nodes.push_back(child);
        }
        tree.nodes[node].first_child = first;
        tree.nodes[node].child_count = static_cast<std::int32_t>(actions.size());
        if (!actions.empty()) {
          node = static_cast<int>(first);
          Game::apply(s, tree.nodes[node].action);
          path.push_back(node);
        }
      }
      tree.max_depth = std::max(tree.max_depth, static_cast<int>(path.size()) - 1);
      // Simulation: the value for player 0.
      const double value0 = playout(s, rng, actions);
      // Backpropagation.
      for (int idx : path) {
        Node& n = tree.nodes[idx];
        ++n.visits;
        n.value += n.mover == 0 ? value0 : 1.0 - value0;
      }
      ++tree.iterations;
    }
  }

  int select(const Tree& tree, int node) const {
    const Node& parent = tree.nodes[node];
    const double log_n = std::log(double(parent.visits) + 1.0);
    int best = -1;
    double best_ucb = -1;
    for (int c = 0; c < parent.child_count; ++c) {
      const int idx = static_cast<int>(parent.first_child) + c;
      const Node& child = tree.nodes[idx];
      if (child.visits == 0) return idx;  // children were shuffled at expansion
      const double ucb = child.value / child.visits + options_.exploration * std::sqrt(log_n / child.visits);
      if (ucb > best_ucb) {
        best_ucb = ucb;
        best = idx;
      }
    }
    return best;
  }

  double playout(State& s, Rng& rng, ActionList& actions) const {
    int plies = 0;
    while (!Game::is_terminal(s)) {
      if (options_.playout_plies > 0 && plies >= options_.playout_plies) {
        const double eval = Game::evaluate(s, options_.weights) / options_.eval_scale;
        const double p_side = 1.0 / (1.0 + std::exp(-eval));
        return Game::side(s) == 0 ? p_side : 1.0 - p_side;
      }
      if constexpr (requires(Rng& r) { Game::random_action(s, r); }) {
        Game::apply(s, Game::random_action(s, rng));  // the same distribution, nothing listed
      } else {
        Game::legal_actions(s, actions);
        Game::apply(s, actions[static_cast<int>(rng.below(std::uint32_t(actions.size())))]);
      }
      ++plies;
    }
    const int winner = Game::winner(s);
    return winner < 0 ? 0.5 : winner == 0 ? 1.0 : 0.0;
  }

  // Makes the trees fit `root`: the subtree of the old trees that reaches it, or fresh ones.
  void reroot(const State& root) {
    reused_visits_ = 0;
    if (!options_.reuse || !has_last_root_ || static_cast<int>(trees_.size()) != options_.threads) {
      trees_.assign(options_.threads, Tree{});
      return;
    }
    for (Tree& tree : trees_) {
      const int found = find_root(tree, Game::hash(root));
      if (found < 0) {
        tree = Tree{};
        continue;
      }
      Tree kept;
      copy_subtree(tree, found, kept);
      kept.nodes[0].action = Action{};
      kept.nodes[0].mover = 0;
      tree = std::move(kept);
      reused_visits_ += tree.nodes[0].visits;
    }
  }

  // The expanded node of `tree` whose position hashes to `key`, breadth first up to reuse_plies; -1 if none.
  int find_root(const Tree& tree, std::uint64_t key) const {
    if (tree.nodes.empty()) return -1;
    std::vector<std::pair<int, State>> frontier{{0, last_root_}};
    for (int ply = 0; ply <= options_.reuse_plies && !frontier.empty(); ++ply) {
      std::vector<std::pair<int, State>> next;
      for (auto& [index, state] : frontier) {
        if (Game::hash(state) == key) return index;
        const Node& node = tree.nodes[index];
        if (node.child_count <= 0 || Game::is_terminal(state)) continue;
        for (int c = 0; c < node.child_count; ++c) {
          const int child = static_cast<int>(node.first_child) + c;
          if (tree.nodes[child].visits == 0) continue;
          State s = state;
          Game::apply(s, tree.nodes[child].action);
          next.emplace_back(child, std::move(s));
        }
      }
      frontier = std::move(next);
    }
    return -1;
  }

  // Copies the subtree under `from` into `out` (its root first), keeping children contiguous.
  static void copy_subtree(const Tree& tree, int from, Tree& out) {
    out.nodes.clear();
    out.nodes.push_back(tree.nodes[from]);
    std::vector<std::pair<int, int>> todo{{from, 0}};  // (old index, new index)
    while (!todo.empty()) {
      auto [old_index, new_index] = todo.back();
      todo.pop_back();
      const Node old_node = tree.nodes[old_index];
      if (old_node.child_count <= 0) continue;
      const auto first = static_cast<std::uint32_t>(out.nodes.size());
      for (int c = 0; c < old_node.child_count; ++c) out.nodes.push_back(tree.nodes[old_node.first_child + c]);
      out.nodes[new_index].first_child = first;
      for (int c = 0; c < old_node.child_count; ++c)
        todo.emplace_back(static_cast<int>(old_node.first_child) + c, static_cast<int>(first) + c);
    }
  }

  Options options_;
  std::vector<Tree> trees_;
  State last_root_{};
  bool has_last_root_ = false;
  std::uint64_t reused_visits_ = 0;
  std::atomic<bool> stop_{false};
};

}  // namespace triptych::search
