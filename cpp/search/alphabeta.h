// Iterative-deepening negamax alpha-beta, generic over a Game policy.
//
// The Game policy (see cpp/aquaignis/search_game.h) provides: State, Action,
// ActionList, Weights; legal_actions, apply, hash, side (whose action it is,
// also at a terminal state), is_terminal, winner (-1 draw), is_tactical,
// encode/decode (action <-> 32-bit code) and evaluate (for side(state)); and
// optionally tactical_actions (just the legal actions is_tactical accepts, in
// legal_actions' order), which quiescence then lists instead of all of them,
// and evaluation_key (the hash of all that evaluate reads, where the position's
// hash leaves some of it out), which keys the evaluation cache (eval_cache.h).
//
// Several actions in a row may belong to the same side (two actions a turn),
// so the sign flips only when the side changes: a child of the same side is
// searched with the same window, a child of the other side with the negated
// one. actions_left is part of the hashed position, so TT keys stay exact.
//
// Repetition: a position that recurs on the search path, or that already
// occurred in the game since its last irreversible action (the game's own
// history, Game::game_history, plus any hashes the caller passes), is scored
// as a draw. A cycle can then be forced by the side that wants it, and a side
// that is ahead never walks into one; the game's own repetition rule (which
// ends the game at a later occurrence) is still applied by the state itself.
//
// Contempt (Options::contempt, centi-units): a draw, whether the game's own
// (Game::winner -1), a repetition, or one the evaluation foresees, is scored
// -contempt for the side that searches and +contempt for its opponent, so the
// search plays on rather than settle for a draw it is not forced into. A Game
// whose evaluation foresees draws takes the draw's value for side(state) as a
// third argument, evaluate(state, weights, draw). With contempt the scores
// depend on the side at the root, so the transposition table keys carry it.
//
// Static futility (Options::futility_margin, off at 0): a node off the
// principal variation, within kFutilityDepth plies of the horizon, whose
// evaluation beats beta by the margin for each ply left returns that
// evaluation unsearched, trusting that no line of so few actions loses that
// much. It is only as good as the evaluation: measured at 100 ms a move it
// cost Hexfleet's classic evaluation and AquaIgnis's net dearly and left
// Hexfleet's net where it was (docs/ai.md, "Static futility"), so no search
// uses it unless given a margin.
//
// Late-move pruning (Options::late_move_pruning, off at 0): at a node off
// the principal variation within kLateMoveDepth plies of the horizon, once
// one action has a score, the quiet actions (not tactical, not a killer)
// that come after the first N for each ply left, in move order, are skipped,
// trusting the ordering (docs/ai.md, "Late-move pruning").
//
// Late-move reductions (Options::late_move_reduction): a quiet late action
// (the fifth on, not tactical, not a killer) at 3 or more plies from the
// horizon is searched first with a null window at a reduced depth, and again
// at full depth only if it beats alpha there. 0 (the default) reduces by one
// ply, by two from the thirteenth action; N > 0 reduces by
// round(ln(depth) ln(i) 100 / N) plies, at least one, leaving at least one,
// so that late actions at deep nodes are looked at shallowest (the
// logarithmic rule of modern chess engines; docs/ai.md).
//
// Partial iterations (Options::partial_iterations, off unless set): an
// iteration cut short by the clock or the node budget is otherwise thrown
// away whole; with this option its best root action is kept where one was
// searched to the full new depth and raised the window. The root searches the
// last iteration's best action first, so an action kept this way either is
// that action, scored one ply deeper, or beat it at the deeper depth. The
// result's depth stays the last one completed.
//
// Features: transposition table, principal variation search, aspiration
// windows, move ordering (TT action, tactical actions, killers, history),
// late move reductions, static futility, late-move pruning and partial iterations (off unless given),
// quiescence on tactical actions, an evaluation cache per thread, Lazy SMP
// threads sharing the table, limits on depth, time and nodes, and a stop flag.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <memory>
#include <thread>
#include <vector>

#include "search/eval_cache.h"
#include "search/limits.h"
#include "search/tt.h"

namespace triptych::search {

template <class Game>
class AlphaBeta {
 public:
  using State = typename Game::State;
  using Action = typename Game::Action;
  using ActionList = typename Game::ActionList;
  using Weights = typename Game::Weights;

  struct Options {
    int threads = 1;
    std::size_t tt_mb = 64;
    Weights weights{};
    bool quiescence = true;
    int quiescence_plies = 6;
    int contempt = 0;  // a draw's value below 0 for the searching side, centi-units
    bool eval_cache = true;  // remember evaluations by position (the same nodes and scores, sooner)
    int futility_margin = 0;  // centi-units a ply for static futility; 0: off
    int late_move_pruning = 0;  // quiet actions searched a ply left near the horizon; 0: off
    int late_move_reduction = 0;  // 0: reduce by 1 (by 2 from the 13th action); N: ln(depth) ln(i) 100 / N
    bool partial_iterations = false;  // keep a cut-short iteration's best root action where one was proven
  };
  // Static futility looks no further from the horizon than this.
  static constexpr int kFutilityDepth = 3;
  // Late-move pruning looks no further from the horizon than this.
  static constexpr int kLateMoveDepth = 2;

  explicit AlphaBeta(const Options& options = {}) : options_(options), tt_(options.tt_mb) {
    options_.threads = std::max(1, options_.threads);
    if (options_.late_move_reduction > 0)
      for (int d = 1; d < kReductionDepths; ++d)
        for (int i = 1; i < kReductionIndices; ++i)
          reductions_[d][i] = static_cast<std::uint8_t>(
              std::lround(std::log(double(d)) * std::log(double(i)) * 100.0 / options_.late_move_reduction));
  }

  // Safe to call from another thread while search() runs.
  void stop() { stop_.store(true, std::memory_order_relaxed); }
  void clear() { tt_.clear(); }
  const TranspositionTable& tt() const { return tt_; }

  // `prior` lists hashes of positions played before `root` since the last
  // irreversible action, for games whose state does not keep its history.
  SearchResult<Action> search(const State& root, const SearchLimits& limits,
                              const std::vector<std::uint64_t>& prior = {}) {
    set_prior(root, prior);
    root_side_ = Game::side(root);
    // Scores under contempt are the root side's: keep the two sides' entries apart.
    tt_salt_ = options_.contempt != 0 && root_side_ == 1 ? 0x9e3779b97f4a7c15ull : 0;
    stop_.store(false);
    nodes_.store(0);
    limits_ = limits;
    start_ = Clock::now();
    tt_.new_search();
    const int max_depth = limits.depth > 0 ? std::min(limits.depth, kMaxPly - 8) : kMaxPly - 8;

    std::vector<std::unique_ptr<Worker>> workers;
    for (int i = 0; i < options_.threads; ++i) workers.push_back(std::make_unique<Worker>(i));
    std::vector<std::thread> helpers;
    for (int i = 1; i < options_.threads; ++i)
      helpers.emplace_back([&, i] { iterate(*workers[i], root, max_depth); });
    iterate(*workers[0], root, max_depth);
    stop_.store(true);
    for (auto& t : helpers) t.join();

    SearchResult<Action> result = workers[0]->result;
    result.nodes = nodes_.load();
    result.seconds = elapsed_seconds();
    result.threads = options_.threads;
    if (!result.has_move) {  // not even depth 1 finished (a zero budget): take the first action
      ActionList actions;
      if (!Game::is_terminal(root)) Game::legal_actions(root, actions);
      if (actions.size() > 0) {
        result.has_move = true;
        result.best = actions[0];
        result.pv = {actions[0]};
      }
    }
    return result;
  }

 private:
  using Clock = std::chrono::steady_clock;
  static constexpr int kHistorySize = 1 << 16;

  struct Worker {
    explicit Worker(int id_) : id(id_), history(new int[2 * kHistorySize]()) {}
    int id;
    std::uint32_t killers[kMaxPly][2];
    std::unique_ptr<int[]> history;  // [side][action code hash]
    EvalCache evaluations;
    std::uint32_t pv[kMaxPly][kMaxPly];
    int pv_length[kMaxPly];
    std::uint64_t path[kMaxPly];  // hash of the position at each ply of the current line
    std::uint64_t local_nodes = 0;
    int seldepth = 0;
    int root_score = 0;  // the score of the root's principal variation in the iteration under way
    SearchResult<Action> result;

    int& history_of(int side, std::uint32_t code) {
      return history[side * kHistorySize + (code * 2654435761u >> 16) % kHistorySize];
    }
  };

  void set_prior(const State& root, const std::vector<std::uint64_t>& extra) {
    prior_ = extra;
    if constexpr (requires(std::vector<std::uint64_t>& out) { Game::game_history(root, out); })
      Game::game_history(root, prior_);
    std::erase(prior_, Game::hash(root));  // the root itself is where the line starts, not a repetition
    std::sort(prior_.begin(), prior_.end());
  }

  // Whether the position at `ply` (hash `key`) repeats one earlier on this line or in the game.
  bool is_repetition(const Worker& w, std::uint64_t key, int ply) const {
    for (int i = ply - 1; i >= 0; --i)
      if (w.path[i] == key) return true;
    return std::binary_search(prior_.begin(), prior_.end(), key);
  }

  double elapsed_seconds() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

  // Polled every 1024 nodes: publishes node counts and checks the limits.
  bool should_stop(Worker& w) {
    if ((++w.local_nodes & 1023) == 0) {
      const std::uint64_t total = nodes_.fetch_add(1024, std::memory_order_relaxed) + 1024;
      if (limits_.nodes && total >= limits_.nodes) stop_.store(true, std::memory_order_relaxed);
      if (interrupt_requested()) stop_.store(true, std::memory_order_relaxed);
      if (limits_.time_ms && elapsed_seconds() * 1000.0 >= double(limits_.time_ms))
        stop_.store(true, std::memory_order_relaxed);
    }
    return stop_.load(std::memory_order_relaxed);
  }

  void iterate(Worker& w, const State& root, int max_depth) {
    for (auto& k : w.killers) k[0] = k[1] = kNoMove;
    int previous = 0;
    // Lazy SMP: helper threads start one ply deeper every other thread, so
    // the threads spread over depths and fill the shared table for each other.
    const int first_depth = 1 + (w.id % 2);
    for (int depth = first_depth; depth <= max_depth; ++depth) {
      int alpha = -kInfinity, beta = kInfinity, delta = 60;
      if (depth >= 4 && !is_mate_score(previous)) {
        alpha = previous - delta;
        beta = previous + delta;
      }
      int score;
      while (true) {
        State copy = root;
        score = negamax(w, copy, depth, alpha, beta, 0, true);
        if (stop_.load(std::memory_order_relaxed)) break;
        if (score <= alpha) {
          alpha = std::max(-kInfinity, alpha - delta);
        } else if (score >= beta) {
          beta = std::min(kInfinity, beta + delta);
        } else {
          break;
        }
        delta *= 3;
        if (delta > 4000) alpha = -kInfinity, beta = kInfinity;
      }
      // An iteration cut short is discarded (its best action is unproven), unless partial iterations are
      // kept and a root action was searched to this depth and raised the window.
      if (stop_.load(std::memory_order_relaxed) && w.result.has_move) {
        if (options_.partial_iterations && w.pv_length[0] > 0) keep_root_line(w, w.root_score, w.result.depth);
        break;
      }
      if (w.pv_length[0] > 0) {
        previous = score;
        keep_root_line(w, score, depth);
      }
      if (stop_.load(std::memory_order_relaxed)) break;
      // A proven win or loss within this depth will not change deeper.
      if (is_mate_score(score) && plies_to_mate(score) <= depth) break;
    }
    nodes_.fetch_add(w.local_nodes & 1023, std::memory_order_relaxed);  // the part not yet published
    if (w.id == 0) stop_.store(true, std::memory_order_relaxed);  // the main thread's end ends the helpers
  }

  // The worker's result becomes the root's principal variation, scored `score`, at `depth` completed.
  void keep_root_line(Worker& w, int score, int depth) {
    w.result.has_move = true;
    w.result.best = Game::decode(w.pv[0][0]);
    w.result.score = score;
    w.result.depth = depth;
    w.result.seldepth = w.seldepth;
    w.result.pv.clear();
    for (int i = 0; i < w.pv_length[0]; ++i) w.result.pv.push_back(Game::decode(w.pv[0][i]));
  }

  // A draw's value for side(s): below 0 for the side that searches, under contempt.
  int draw_score(const State& s) const {
    return Game::side(s) == root_side_ ? -options_.contempt : options_.contempt;
  }

  // The evaluation of s, from the worker's cache where it was made before.
  int evaluate(Worker& w, const State& s) const {
    if (!options_.eval_cache) return evaluate(s);
    const std::uint64_t key = evaluation_key<Game>(s);
    int score;
    if (w.evaluations.probe(key, score)) return score;
    score = evaluate(s);
    w.evaluations.store(key, score);
    return score;
  }
  int evaluate(const State& s) const {
    if constexpr (requires { Game::evaluate(s, options_.weights, 0); })
      return Game::evaluate(s, options_.weights, draw_score(s));
    else
      return Game::evaluate(s, options_.weights);
  }

  int terminal_score(const State& s, int ply) const {
    const int winner = Game::winner(s);
    if (winner < 0) return draw_score(s);
    return winner == Game::side(s) ? kWin - ply : -(kWin - ply);
  }

  // TT scores of wins are stored relative to the node, read back relative to the root.
  static int to_tt(int score, int ply) {
    return score > kWin - kMaxPly ? score + ply : score < -(kWin - kMaxPly) ? score - ply : score;
  }
  static int from_tt(int score, int ply) {
    return score > kWin - kMaxPly ? score - ply : score < -(kWin - kMaxPly) ? score + ply : score;
  }

  // Orders `actions` in place: TT action, tactical, killers, then history.
  void order(Worker& w, const State& s, ActionList& actions, std::uint32_t tt_move, int ply) {
    const int n = static_cast<int>(actions.size());
    int keys[ActionList::capacity()];
    const int side = Game::side(s);
    for (int i = 0; i < n; ++i) {
      const std::uint32_t code = Game::encode(actions[i]);
      int key;
      if (code == tt_move)
        key = 1 << 30;
      else if (Game::is_tactical(s, actions[i]))
        key = (1 << 29) + Game::tactical_order(s, actions[i]);
      else if (code == w.killers[ply][0])
        key = (1 << 28) + 1;
      else if (code == w.killers[ply][1])
        key = 1 << 28;
      else
        key = w.history_of(side, code);
      keys[i] = key;
    }
    // Insertion sort: the lists are short and often nearly ordered.
    for (int i = 1; i < n; ++i) {
      const Action a = actions[i];
      const int k = keys[i];
      int j = i - 1;
      while (j >= 0 && keys[j] < k) {
        actions[j + 1] = actions[j];
        keys[j + 1] = keys[j];
        --j;
      }
      actions[j + 1] = a;
      keys[j + 1] = k;
    }
  }

  // The child's value from the parent's point of view.
  int child_value(Worker& w, State& child, int parent_side, int depth, int alpha, int beta, int ply, bool is_pv) {
    if (Game::side(child) == parent_side) return negamax(w, child, depth, alpha, beta, ply, is_pv);
    return -negamax(w, child, depth, -beta, -alpha, ply, is_pv);
  }
  int child_quiesce(Worker& w, const State& child, int parent_side, int alpha, int beta, int ply, int left) {
    if (Game::side(child) == parent_side) return quiesce(w, child, alpha, beta, ply, left);
    return -quiesce(w, child, -beta, -alpha, ply, left);
  }

  // How much shallower the null-window search of the i-th action (a quiet, late one) goes, depth >= 3:
  // never below one ply left, so that the reduced search still sees the reply.
  int late_move_reduction(int depth, int i) const {
    if (options_.late_move_reduction == 0) return i >= 12 ? 2 : 1;
    const int r = reductions_[std::min(depth, kReductionDepths - 1)][std::min(i, kReductionIndices - 1)];
    return std::clamp(r, 1, depth - 2);
  }

  int negamax(Worker& w, State& s, int depth, int alpha, int beta, int ply, bool is_pv) {
    w.pv_length[ply] = 0;
    if (Game::is_terminal(s)) return terminal_score(s, ply);
    const std::uint64_t hash = Game::hash(s);
    w.path[ply] = hash;
    if (ply > 0 && is_repetition(w, hash, ply)) return draw_score(s);  // a cycle: scored as the draw it leads to
    if (depth <= 0 || ply >= kMaxPly - 2) {
      return options_.quiescence ? quiesce(w, s, alpha, beta, ply, options_.quiescence_plies) : evaluate(w, s);
    }
    const std::uint64_t key = hash ^ tt_salt_;
    if (should_stop(w)) return 0;
    w.seldepth = std::max(w.seldepth, ply);

    TTEntry entry;
    std::uint32_t tt_move = kNoMove;
    if (tt_.probe(key, entry)) {
      tt_move = entry.move;
      if (!is_pv && entry.depth >= depth) {
        const int score = from_tt(entry.score, ply);
        if (entry.bound == Bound::kExact || (entry.bound == Bound::kLower && score >= beta) ||
            (entry.bound == Bound::kUpper && score <= alpha))
          return score;
      }
    }

    if (!is_pv && options_.futility_margin > 0 && depth <= kFutilityDepth && !is_mate_score(beta)) {
      const int static_eval = evaluate(w, s);
      if (static_eval - options_.futility_margin * depth >= beta) return static_eval;
    }

    ActionList actions;
    Game::legal_actions(s, actions);
    order(w, s, actions, tt_move, ply);
    const int side = Game::side(s);
    const int original_alpha = alpha;
    // Late-move pruning: from this action on, quiet ones are skipped (none where it is off or out of reach).
    const int quiet_limit = !is_pv && options_.late_move_pruning > 0 && depth <= kLateMoveDepth
                                ? options_.late_move_pruning * depth
                                : ActionList::capacity();
    int best = -kInfinity;
    std::uint32_t best_code = kNoMove;

    for (int i = 0; i < static_cast<int>(actions.size()); ++i) {
      const Action& a = actions[i];
      const std::uint32_t code = Game::encode(a);
      const bool tactical = Game::is_tactical(s, a);
      if (i >= quiet_limit) [[unlikely]] {
        if (!tactical && best > -kInfinity && !is_mate_score(best) && code != w.killers[ply][0] &&
            code != w.killers[ply][1])
          continue;
      }
      State child = s;
      Game::apply(child, a);
      int score;
      if (i == 0) {
        score = child_value(w, child, side, depth - 1, alpha, beta, ply + 1, is_pv);
      } else {
        // Late quiet actions are first searched shallower with a null window.
        int reduction = 0;
        if (depth >= 3 && i >= 4 && !tactical && code != w.killers[ply][0] && code != w.killers[ply][1])
          reduction = late_move_reduction(depth, i);
        score = child_value(w, child, side, depth - 1 - reduction, alpha, alpha + 1, ply + 1, false);
        if (score > alpha && reduction)
          score = child_value(w, child, side, depth - 1, alpha, alpha + 1, ply + 1, false);
        if (score > alpha && score < beta)
          score = child_value(w, child, side, depth - 1, alpha, beta, ply + 1, is_pv);
      }
      if (stop_.load(std::memory_order_relaxed)) return 0;
      if (score > best) {
        best = score;
        best_code = code;
        if (score > alpha) {
          alpha = score;
          w.pv[ply][0] = code;
          for (int j = 0; j < w.pv_length[ply + 1]; ++j) w.pv[ply][j + 1] = w.pv[ply + 1][j];
          w.pv_length[ply] = w.pv_length[ply + 1] + 1;
          if (ply == 0) w.root_score = score;
          if (alpha >= beta) {
            if (!tactical) {
              if (w.killers[ply][0] != code) {
                w.killers[ply][1] = w.killers[ply][0];
                w.killers[ply][0] = code;
              }
              int& h = w.history_of(side, code);
              h = std::min(h + depth * depth, 1 << 26);
            }
            break;
          }
        }
      }
    }
    const Bound bound = best >= beta ? Bound::kLower : best > original_alpha ? Bound::kExact : Bound::kUpper;
    tt_.store(key, best_code, to_tt(best, ply), depth, bound);
    return best;
  }

  int quiesce(Worker& w, const State& s, int alpha, int beta, int ply, int plies_left) {
    w.pv_length[ply] = 0;
    if (Game::is_terminal(s)) return terminal_score(s, ply);
    if (should_stop(w)) return 0;
    w.seldepth = std::max(w.seldepth, ply);
    const int stand_pat = evaluate(w, s);
    if (stand_pat >= beta || plies_left <= 0 || ply >= kMaxPly - 2) return stand_pat;
    alpha = std::max(alpha, stand_pat);
    ActionList actions;
    // A game may list just its tactical actions (the same ones, in the same order, as filtering all).
    if constexpr (requires(ActionList& out) { Game::tactical_actions(s, out); })
      Game::tactical_actions(s, actions);
    else
      Game::legal_actions(s, actions);
    const int side = Game::side(s);
    int best = stand_pat;
    for (const Action& a : actions) {
      if (!Game::is_tactical(s, a)) continue;
      State child = s;
      Game::apply(child, a);
      const int score = child_quiesce(w, child, side, alpha, beta, ply + 1, plies_left - 1);
      if (score > best) {
        best = score;
        if (score > alpha) {
          alpha = score;
          if (alpha >= beta) break;
        }
      }
    }
    return best;
  }

  Options options_;
  static constexpr int kReductionDepths = 64, kReductionIndices = 256;
  std::array<std::array<std::uint8_t, kReductionIndices>, kReductionDepths> reductions_{};  // late_move_reduction > 0
  std::vector<std::uint64_t> prior_;  // sorted hashes of the game's earlier positions
  int root_side_ = 0;                 // the side that searches, for contempt
  std::uint64_t tt_salt_ = 0;         // xor'ed into table keys: the root side, under contempt
  TranspositionTable tt_;
  SearchLimits limits_;
  Clock::time_point start_;
  std::atomic<bool> stop_{false};
  std::atomic<std::uint64_t> nodes_{0};
};

}  // namespace triptych::search
