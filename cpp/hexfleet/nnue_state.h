// Hexfleet searched with the NNUE evaluation: the state plus its two
// accumulators (docs/nnue.md). This first version refreshes both in full on
// every apply (a move of a Core shifts its whole frame anyway); the diffed
// update of the moved tiles is the next step. The classic search
// (SearchGame) is a separate instantiation and pays nothing for this.
#pragma once

#include <cstdint>
#include <vector>

#include "hexfleet/nnue_features.h"
#include "hexfleet/search_game.h"
#include "nnue/net.h"

namespace triptych::hexfleet {

inline nnue::NetSpec nnue_spec() {
  return {nnue::kHexfleetNet, nnue_features::kFeatureSet, nnue_features::kFeatures};
}

class NnueState {
 public:
  NnueState(const State& state, const nnue::Net& net) : state_(state), net_(&net) { refresh(); }

  const State& state() const { return state_; }
  const nnue::Accumulators& accumulators() const { return acc_; }
  int evaluate() const { return nnue::forward(*net_, acc_, state_.side_to_act()); }
  void apply(const Action& action) {
    state_.apply_unchecked(action);
    refresh();
  }
  void refresh() {
    int features[nnue_features::kMaxActive];
    for (int p = 0; p < 2; ++p) {
      const int n = nnue_features::active_features(state_, p, features);
      nnue::refresh(*net_, acc_, p, features, n);
    }
  }

 private:
  State state_;
  const nnue::Net* net_;
  nnue::Accumulators acc_;
};

// The Game policy of cpp/search/ over NnueState: the classic SearchGame's rules on the inner state.
struct NnueSearchGame {
  using State = NnueState;
  using Action = hexfleet::Action;
  using ActionList = hexfleet::ActionList;
  struct Weights {};  // the net travels with the state

  static void legal_actions(const State& s, ActionList& out) { s.state().legal_actions(out); }
  static void tactical_actions(const State& s, ActionList& out) { s.state().tactical_actions(out); }
  static void apply(State& s, const Action& a) { s.apply(a); }
  static std::uint64_t hash(const State& s) { return s.state().hash(); }
  static int side(const State& s) { return s.state().side_to_act(); }
  static bool is_terminal(const State& s) { return s.state().is_terminal(); }
  static int winner(const State& s) { return s.state().winner(); }
  static bool is_tactical(const State& s, const Action& a) { return SearchGame::is_tactical(s.state(), a); }
  static int tactical_order(const State& s, const Action& a) { return SearchGame::tactical_order(s.state(), a); }
  static std::uint32_t encode(const Action& a) { return SearchGame::encode(a); }
  static Action decode(std::uint32_t code) { return SearchGame::decode(code); }
  static int evaluate(const State& s, const Weights&) { return s.evaluate(); }
  static void game_history(const State& s, std::vector<std::uint64_t>& out) {
    SearchGame::game_history(s.state(), out);
  }
};

}  // namespace triptych::hexfleet
