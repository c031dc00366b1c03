// Exact forced-win proofs (the solve suites, bench/README.md): a depth-limited
// AND-OR search, generic over a Game policy.
//
// "The attacker wins within N plies" (one ply = one action, whoever plays it):
// at the attacker's nodes one action that keeps the win is enough (OR), at the
// defender's nodes every action must keep it (AND). Whose node it is comes
// from the state (two actions a turn: a side plays two plies in a row). A node
// is left only once it is proven either way, so nothing a proof needs is cut;
// the speed comes from what does not change a result:
//
// * a transposition table of (key, budget) results: a win proven within b
//   plies holds within any larger budget, a refutation within b holds within
//   any smaller one (the same bookkeeping as triptych.bench.proof.ProofTable).
//   Its key is Game::proof_key, which adds to the hash whatever else the
//   result can depend on within the budget. Entries are replaced on a clash,
//   which costs time, never exactness;
// * move ordering: the action that proved or refuted the node last time, then
//   the game's tactical actions, then the rest;
// * the attacker's last ply within the budget tries only the actions that can
//   end the game (Game::may_win), and a defender's node whose budget ends
//   before the attacker moves again is a refutation at once
//   (Game::only_the_mover_wins: a game is only ever won by its mover's action).
//
// A node budget bounds the work: past it the search stops and says so (a
// generator then skips the position; nothing is guessed).
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

#include "common/interrupt.h"

namespace triptych::search {

template <class Game>
class ProofSearch {
 public:
  using State = typename Game::State;
  using Action = typename Game::Action;
  using ActionList = typename Game::ActionList;

  struct Limits {
    std::uint64_t max_nodes = 50'000'000;
    std::size_t tt_mb = 64;
  };

  // A proven answer at the root: the shortest depth and every first action.
  struct Proof {
    int depth = 0;
    std::vector<Action> actions;
    int legal = 0;
  };

  explicit ProofSearch(const Limits& limits = {}) : limits_(limits) {
    std::size_t entries = std::max<std::size_t>(1024, limits.tt_mb * 1024 * 1024 / sizeof(Entry));
    std::size_t pow2 = 1;
    while (pow2 * 2 <= entries) pow2 *= 2;
    table_.assign(pow2, Entry{});
    mask_ = pow2 - 1;
  }

  std::uint64_t nodes() const { return nodes_; }
  // The search stopped early: the node budget ran out, or Ctrl-C.
  bool aborted() const { return aborted_; }

  // Whether `attacker` can force the game to end in its win within `plies`
  // actions from `s`. Meaningless once aborted() (callers check it).
  bool wins_within(const State& s, int plies, int attacker) { return prove(s, plies, attacker); }

  // Every root action after which `attacker` (the side to move) still wins
  // within `plies` plies in all.
  std::vector<Action> winning_actions(const State& s, int plies) {
    const int attacker = Game::side(s);
    std::vector<Action> out;
    for (const Action& a : legal(s)) {
      State child = s;
      Game::apply(child, a);
      ++nodes_;
      if (prove(child, plies - 1, attacker)) out.push_back(a);
      if (aborted_) break;
    }
    return out;
  }

  // Every root action after which the opponent cannot force a win within
  // `plies` plies in all.
  std::vector<Action> surviving_actions(const State& s, int plies) {
    const int mover = Game::side(s);
    std::vector<Action> out;
    for (const Action& a : legal(s)) {
      State child = s;
      Game::apply(child, a);
      ++nodes_;
      if (!prove(child, plies - 1, 1 - mover)) out.push_back(a);
      if (aborted_) break;
    }
    return out;
  }

  // The shortest forced win of the side to move within `max_depth` plies,
  // with every first action that wins in that many (each root action is
  // proven separately at that depth); nullopt when there is none, or when the
  // budget ran out (aborted() tells which).
  std::optional<Proof> prove_win(const State& s, int max_depth) {
    if (Game::is_terminal(s)) return std::nullopt;
    const int attacker = Game::side(s);
    for (int depth = 1; depth <= max_depth && !aborted_; ++depth) {
      if (!prove(s, depth, attacker) || aborted_) continue;
      Proof proof{depth, winning_actions(s, depth), static_cast<int>(legal(s).size())};
      if (aborted_) return std::nullopt;
      return proof;
    }
    return std::nullopt;
  }

  // The shallowest horizon N in 2..max_depth at which exactly one action
  // avoids a forced loss within N plies (with at least two legal actions).
  std::optional<Proof> prove_only_move(const State& s, int max_depth) {
    if (Game::is_terminal(s)) return std::nullopt;
    const int count = static_cast<int>(legal(s).size());
    if (count < 2) return std::nullopt;
    for (int depth = 2; depth <= max_depth; ++depth) {
      std::vector<Action> survivors = surviving_actions(s, depth);
      if (aborted_) return std::nullopt;
      if (survivors.size() == 1) return Proof{depth, survivors, count};
      if (survivors.empty()) return std::nullopt;  // lost whatever is played: no single move to find
    }
    return std::nullopt;
  }

 private:
  static constexpr int kUnknownWon = 127;  // no win proven yet at any budget
  static constexpr int kUnknownLost = -1;  // no refutation proven yet at any budget

  struct Entry {
    std::uint64_t key = 0;
    std::int8_t won = kUnknownWon;    // the smallest budget a win is proven within
    std::int8_t lost = kUnknownLost;  // the largest budget a refutation is proven within
    std::uint32_t move = 0;           // the action that proved or refuted it last (encoded + 1; 0: none)
  };

  ActionList legal(const State& s) const {
    ActionList list;
    Game::legal_actions(s, list);
    return list;
  }

  std::uint64_t key_of(const State& s, int plies, int attacker) const {
    // The attacker is part of the key: one search may prove for either side.
    return Game::proof_key(s, plies) ^ (attacker ? 0x9E3779B97F4A7C15ULL : 0);
  }

  // Orders `list` in place: the remembered action, then tactical, then quiet.
  void order(const State& s, ActionList& list, std::uint32_t remembered) const {
    std::stable_partition(list.begin(), list.end(), [&](const Action& a) { return Game::is_tactical(s, a); });
    if (remembered == 0) return;
    auto it = std::find_if(list.begin(), list.end(), [&](const Action& a) { return Game::encode(a) + 1 == remembered; });
    if (it != list.end()) std::rotate(list.begin(), it, it + 1);
  }

  bool prove(const State& s, int plies, int attacker) {
    if (Game::is_terminal(s)) return Game::winner(s) == attacker;
    if (plies <= 0 || aborted_) return false;
    const bool attacking = Game::side(s) == attacker;
    // Only the mover's own action wins: a defender who still holds every ply
    // of the budget cannot lose within it.
    if (!attacking && plies <= Game::plies_until_other_side(s)) return false;

    const std::uint64_t key = key_of(s, plies, attacker);
    Entry& slot = table_[key & mask_];
    std::uint32_t remembered = 0;
    if (slot.key == key) {
      if (slot.won <= plies) return true;
      if (slot.lost >= plies) return false;
      remembered = slot.move;
    }
    if (++nodes_ > limits_.max_nodes || ((nodes_ & 0xFFFF) == 0 && interrupt_requested())) {
      aborted_ = true;
      return false;
    }

    ActionList list = legal(s);
    // The attacker's last ply of the budget: only an action that can end the game may prove it.
    const bool last_ply = attacking && plies == 1;
    order(s, list, remembered);
    bool result = !attacking;  // OR: false until a win; AND: true until a refutation
    std::uint32_t decisive = 0;
    for (const Action& a : list) {
      if (last_ply && !Game::may_win(s, a)) continue;
      State child = s;
      Game::apply(child, a);
      const bool won = prove(child, plies - 1, attacker);
      if (aborted_) return false;
      if (won == attacking) {
        result = attacking;
        decisive = Game::encode(a) + 1;
        break;
      }
    }

    Entry& store = table_[key & mask_];  // the children may have written there since
    if (store.key != key) store = Entry{key, kUnknownWon, kUnknownLost, 0};
    if (result)
      store.won = static_cast<std::int8_t>(std::min<int>(store.won, plies));
    else
      store.lost = static_cast<std::int8_t>(std::max<int>(store.lost, plies));
    if (decisive) store.move = decisive;
    return result;
  }

  Limits limits_;
  std::vector<Entry> table_;
  std::size_t mask_ = 0;
  std::uint64_t nodes_ = 0;
  bool aborted_ = false;
};

}  // namespace triptych::search
