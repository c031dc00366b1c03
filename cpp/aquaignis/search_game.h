// AquaIgnis as seen by the generic searches (cpp/search/).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "aquaignis/evaluate.h"
#include "aquaignis/state.h"
#include "common/rng.h"

namespace triptych::aquaignis {

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
