// AquaIgnis as seen by the generic searches (cpp/search/).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "aquaignis/evaluate.h"
#include "aquaignis/state.h"
#include "common/rng.h"

namespace triptych::aquaignis {

// Mixed into the position hash where a key must also tell no-progress counts apart (the hash leaves them out).
inline constexpr std::uint64_t kNoProgressMix = 0xD6E8FEB86659FD93ULL;

struct SearchGame {
  using State = aquaignis::State;
  using Action = aquaignis::Action;
  using ActionList = aquaignis::ActionList;
  using Weights = aquaignis::EvalWeights;

  static void legal_actions(const State& s, ActionList& out) { s.legal_actions(out); }
  // A uniformly random legal action without listing them (MCTS playouts).
  static Action random_action(const State& s, Rng& rng) { return s.random_action(rng); }
  static void apply(State& s, const Action& a) { s.apply_unchecked(a); }
  static std::uint64_t hash(const State& s) { return s.hash(); }
  static int side(const State& s) { return s.side_to_act(); }
  static bool is_terminal(const State& s) { return s.is_terminal(); }
  static int winner(const State& s) { return s.winner(); }
  static bool is_tactical(const State& s, const Action& a) { return s.is_tactical(a); }
  // Among tactical actions: surges and advances (which may score) before jumps.
  static int tactical_order(const State&, const Action& a) {
    return a.type == ActionType::kSurge ? 3 : a.type == ActionType::kAdvance ? 2 : 1;
  }
  static std::uint32_t encode(const Action& a) { return aquaignis::encode(a); }
  static Action decode(std::uint32_t code) { return aquaignis::decode(code); }
  static int evaluate(const State& s, const Weights& w) { return aquaignis::evaluate(s, w); }

  // --- what the exact proof search (search/proof.h) asks -------------------
  // The hash leaves out the no-progress counter (R17); it can change a result
  // only when the stall draw falls within the budget, so it joins the key then.
  static std::uint64_t proof_key(const State& s, int plies) {
    const int limit = 2 * s.options().no_progress_limit;
    if (limit == 0 || s.no_progress() + plies < limit) return s.hash();
    return s.hash() ^ (kNoProgressMix * static_cast<std::uint64_t>(s.no_progress() + 1));
  }
  // Only a breakthrough scores, and only an Advance (with its linked partner,
  // R11) or a Surge steps a piece off the board: no other action can win.
  static bool may_win(const State&, const Action& a) {
    return a.type == ActionType::kAdvance || a.type == ActionType::kSurge;
  }
  // A breakthrough scores for the mover only, so the other side cannot win
  // before the mover's actions_left actions are played.
  static int plies_until_other_side(const State& s) { return s.actions_left(); }
  // The named evaluation weights, settable from Python.
  static const std::vector<std::pair<const char*, int Weights::*>>& weight_fields() {
    static const std::vector<std::pair<const char*, int Weights::*>> fields = {
        {"breakthrough", &Weights::breakthrough}, {"charge", &Weights::charge},
        {"progress", &Weights::progress},         {"edge_runner", &Weights::edge_runner},
        {"crown", &Weights::crown},               {"barrier", &Weights::barrier},
        {"link", &Weights::link},                 {"tempo", &Weights::tempo}};
    return fields;
  }
};

}  // namespace triptych::aquaignis
